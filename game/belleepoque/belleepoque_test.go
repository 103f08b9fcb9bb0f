package belleepoque

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/gametest"
	"github.com/corriere/corriere/game/table"
)

// rolls is a source whose first dice (of six faces) fall as want.
func rolls(want ...int) *dice.Source { return gametest.Rolls(6, want...) }

// started is a game past its setup (every placement the default), in
// turn 1's first round.
func started(t *testing.T) *Play {
	t.Helper()
	st, err := Rules{}.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*table.State).P.(*Play)
	d := dice.New(dice.Seed{}, "setup")
	for i := 0; len(p.Pending) > 0 && p.Pending[0].Kind != kindRound; i++ {
		dec := p.Pending[0]
		p.Pending = p.Pending[1:]
		ans := dec.Default
		if err := p.Apply(dec, []string{ans}, true, d); err != nil {
			t.Fatal(err)
		}
		if i > 100 {
			t.Fatal("the setup does not end")
		}
	}
	if p.Turn != 1 {
		t.Fatalf("turn %d after the setup", p.Turn)
	}
	return p
}

// answer applies the pending decision with answer.
func answer(t *testing.T, p *Play, d *dice.Source, ans ...string) table.Decision {
	t.Helper()
	dec := p.Pending[0]
	p.Pending = p.Pending[1:]
	if err := p.Apply(dec, ans, false, d); err != nil {
		t.Fatal(err)
	}
	return dec
}

// The sample reads, and meets the minimums; a broken file is refused
// line by line with what was expected.
func TestData(t *testing.T) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 || d.Placeholders == 0 || len(d.Territories) != 26 {
		t.Fatalf("the sample: %v, %d placeholders, %d territories", errs, d.Placeholders, len(d.Territories))
	}
	broken := strings.Join([]string{
		"TERRITORY cina asia colony spaces=6",
		"TERRITORY cina asia colony spaces=6 vp=5",
		"MINORS atlantide usa 2",
		"POWER xx money=1",
		"EVENT E1 4 Nothing",
		"INTRIGUE I1 Card a=teleport:3",
		"FLY away",
		"INTRIGUE I2 Card a=md:1 bot=c",
	}, "\n")
	_, errs = ParseData(broken)
	gametest.Refusals(t, italian, errs,
		"line 1: expected TERRITORY <id>",
		"line 2: territory cina is given twice (first on line 1)",
		"line 3: there is no territory atlantide",
		"line 4: xx is no power",
		"line 5: expected EVENT",
		"line 6: effect teleport:3: expected money:<n>",
		"line 7: FLY is no line of a data file",
		"line 8: expected INTRIGUE <id> <name> [a=<effect>] [b=<effect>] [bot=a|b]",
		"the file: power ru has no POWER line",
	)
	if it := errs[0].Write(italian, game.Italian); !strings.HasPrefix(it, "riga 1: atteso") {
		t.Errorf("in Italian: %s", it)
	}
}

// 3.3: a setup placement that fills a territory past half, repeats a
// territory, or leaves the minimums impossible is refused ahead.
func TestSetupLimits(t *testing.T) {
	st, _ := Rules{}.Start(nil, nil)
	p := st.(*table.State).P.(*Play)
	p.Pending = nil
	p.setup(dice.New(dice.Seed{}, "s"))
	if now := p.Pending[0]; now.Seat != "ru" || now.Kind != kindSetup {
		t.Fatalf("first placement: %+v", now)
	}
	// Russia has 7 cubes and owes 3 in Europe and 2 in Asia.
	if e := p.placeError("ru", []string{"congo", "tanganica"}); e != nil {
		t.Fatalf("congo, tanganica: %v", e.Write(italian, game.English))
	}
	p.place("ru", "SETUP congo tanganica")
	for _, c := range []struct {
		ts   []string
		want string
	}{
		{[]string{"egitto_sudan", "serbia"}, "the minimums per continent could no longer be met: 3 cubes left for 4 owed"},
		{[]string{"sudafrica", "serbia"}, "sudafrica would be more than half full"},
		{[]string{"serbia", "serbia"}, "one cube per territory a round"},
		{[]string{"serbia"}, "expected SETUP and 2 territories"},
	} {
		e := p.placeError("ru", c.ts)
		if e == nil || e.Write(italian, game.English) != c.want {
			t.Errorf("%v: %v, want %q", c.ts, e, c.want)
		}
	}
	if e := p.placeError("ru", []string{"serbia", "persia"}); e != nil {
		t.Errorf("serbia, persia: %v", e.Write(italian, game.English))
	}
	// The refusal comes when the mail is read.
	s := table.NewState(p, decodePlay)
	for p.Pending[0].Seat != "ru" {
		dec := p.Pending[0]
		p.Pending = p.Pending[1:]
		p.Apply(dec, []string{dec.Default}, true, nil)
	}
	r, _ := s.Read([]string{"ru"}, "PIAZZA Egitto-Sudan Serbia", nil)
	if r[0].Refused == nil || !strings.Contains(r[0].Refused.Reason(game.English), "minimums") {
		t.Errorf("read: %+v", r[0])
	}
}

// setContest is France's cube in congo's space 3 under a British one,
// both with a fleet in Africa and two armies.
func setContest(p *Play) {
	p.Remove("congo", func(pc table.Piece) bool { return pc.Tag == "3" })
	p.Put("congo", table.Piece{Kind: "md", Owner: "fr", Tag: "3"})
	p.Put("congo", table.Piece{Kind: "contest", Owner: "gb", Tag: "3"})
	for _, s := range []string{"gb", "fr"} {
		p.Powers[s].Fleets = []Fleet{{At: "africa"}}
		p.Powers[s].Armies = 2
		p.Tracks["money"][s] = 20
	}
}

// 8.7: the contest's prompts come in the fixed sequence; the bonuses
// are the rulebook's example (France +4, Britain +5 with a fleet of
// its own); the winner's cube stays.
func TestContest(t *testing.T) {
	p := started(t)
	setContest(p)
	p.Pending = nil
	p.round("gb", []string{"RESOLVE congo 3"})
	var seq []string
	d := rolls(4, 2)
	for _, ans := range []string{"COMMIT 1", "COMMIT 1", "COMMIT 2", "COMMIT 2"} {
		dec := p.Pending[0]
		seq = append(seq, dec.Seat)
		if !slices.Contains(dec.Answers, ans) {
			t.Fatalf("%s's prompt lacks %s: %v", dec.Seat, ans, dec.Answers)
		}
		answer(t, p, d, ans)
	}
	if want := []string{"gb", "fr", "fr", "gb"}; !slices.Equal(seq, want) {
		t.Errorf("prompts to %v, want %v", seq, want)
	}
	if b := p.bonus("gb", 1, 2, true, true); b != 5 {
		t.Errorf("Britain's bonus %d, want 5", b)
	}
	if b := p.bonus("fr", 1, 2, true, false); b != 4 {
		t.Errorf("France's bonus %d, want 4", b)
	}
	if base, _ := p.at("congo", 3, "md"); base.Owner != "gb" {
		t.Errorf("space 3 of congo holds %+v after 4+5 against 2+4", base)
	}
	if p.Get("money", "gb") != 20-2-2 || p.Get("money", "fr") != 20-2-2 {
		t.Errorf("money %v", p.Tracks["money"])
	}
	if p.Contest != nil || p.Pending[0].Kind != kindRound || p.Pending[0].Seat == "gb" && p.Order[p.Cur] != "gb" {
		t.Errorf("after the contest: %+v", p.Pending[0])
	}
}

// 8.7.4, 8.10: a cube of a minor allied with a Power that has passed is
// defended by that Power; an unallied minor defends alone at +2 (Italy).
func TestAlliedAndPassedDefender(t *testing.T) {
	p := started(t)
	for i := 1; i <= 4; i++ {
		p.Put("italia", table.Piece{Kind: "md", Owner: "fr", Tag: string(rune('0' + i))})
	}
	delete(p.Board, "corno_d_africa")
	p.Put("corno_d_africa", table.Piece{Kind: "md", Owner: "italia", Tag: "1"})
	p.Put("corno_d_africa", table.Piece{Kind: "contest", Owner: "gb", Tag: "1"})
	p.Powers["gb"].Fleets = []Fleet{{At: "africa"}}
	p.Passed = []string{"fr"}
	p.Pending = nil
	p.round("gb", []string{"RESOLVE corno_d_africa 1 FLEETS 0"})
	if dec := p.Pending[0]; dec.Seat != "fr" || !strings.Contains(dec.Prompt.Write(italian, game.English), "italia (fr)") {
		t.Fatalf("the allied, passed defender is not asked: %+v", dec)
	}
	// France commits the Italian fleet, free.
	answer(t, p, rolls(1, 1), "COMMIT 1")
	if !slices.Contains(p.MinorTired, "italia fleet") || p.Get("money", "fr") != p.Get("money", "gb")-powerOf("gb").Income+powerOf("fr").Income {
		t.Errorf("the Italian fleet: %v, money %v", p.MinorTired, p.Tracks["money"])
	}
	// Unallied: no prompt to anyone but the attacker.
	q := started(t)
	delete(q.Board, "corno_d_africa")
	delete(q.Board, "italia")
	q.Put("corno_d_africa", table.Piece{Kind: "md", Owner: "italia", Tag: "1"})
	q.Put("corno_d_africa", table.Piece{Kind: "contest", Owner: "gb", Tag: "1"})
	q.Pending = nil
	q.dice = rolls(3, 2)
	q.round("gb", []string{"RESOLVE corno_d_africa 1"})
	if q.Contest != nil {
		t.Fatalf("the contest waits: %+v", q.Pending)
	}
	// 3+0 against 2+2: Italy holds.
	if top, ok := q.at("corno_d_africa", 1, "md"); !ok || top.Owner != "italia" {
		t.Errorf("space 1: %+v", top)
	}
}

// 8.0.1-8.9: each action's legality, once a round; a second line of the
// same action starts the seat's next round.
func TestActions(t *testing.T) {
	p := started(t)
	seat := p.Order[0]
	other := p.Order[1]
	p.Tracks["money"][seat] = 8
	p, ev := resolve(t, p, seat, dice.New(dice.Seed{}, "a"), "BUY 1F", "PRESTIGIO", "PRESTIGE", "INVIA Cina")
	for _, want := range []string{"BUY 0A 1F skipped: it costs £10, and " + seat + " has £8.", seat + " raises its Prestige for £5."} {
		if !strings.Contains(ev, want) {
			t.Errorf("no %q in:\n%s", want, ev)
		}
	}
	if q := p.Queue[seat]; len(q) != 2 || q[0].Text != "PRESTIGE" {
		t.Errorf("the next round's lines: %+v", q)
	}
	if p.Pending[0].Seat != other {
		t.Errorf("next %+v", p.Pending[0])
	}
	if why, _ := p.act(seat, "PRESTIGE"); why == nil || why.Write(italian, game.English) != "Prestige is raised once a turn" {
		t.Errorf("PRESTIGE again: %v", why)
	}
	if why, _ := p.act("gb", "SEND cina"); why == nil || why.Write(italian, game.English) != "no fleet in the asia box" {
		t.Errorf("SEND cina without a fleet: %v", why)
	}
	if why, _ := p.act("ru", "SEND persia"); why != nil {
		t.Errorf("Russia to Persia without a fleet: %v", why.Write(italian, game.English))
	}
	if why, _ := p.act("gb", "SELL congo"); why == nil || why.Write(italian, game.English) != "arms are sold from turn 4" {
		t.Errorf("SELL in turn 1: %v", why)
	}
	p.Turn = 4
	p.Powers["gb"].Armies = 1
	if why, _ := p.act("gb", "SELL congo"); why != nil {
		t.Errorf("SELL congo: %v", why.Write(italian, game.English))
	}
	if arm, ok := p.at("congo", 6, "armament"); !ok || arm.Owner != "gb" {
		t.Errorf("the armament cube goes to the last space: %v", p.Board["congo"])
	}
	p.Tracks["money"]["fr"] = 16
	p.act("fr", "WORK")
	if !p.Powers["fr"].Work || p.Get("prestige", "fr") != 4 {
		t.Errorf("the Eiffel Tower: prestige %d", p.Get("prestige", "fr"))
	}
}

// resolve reads lines as seat's mail and resolves the decision owed,
// returning the game after it and the events everybody reads.
func resolve(t *testing.T, p *Play, seat string, d *dice.Source, lines ...string) (*Play, string) {
	t.Helper()
	st := table.NewState(p, decodePlay)
	var orders []game.Order
	for _, l := range lines {
		r, err := st.Read([]string{seat}, l, orders)
		if err != nil || r[0].Refused != nil {
			t.Fatalf("%s: %v %v", l, err, r[0].Refused)
		}
		orders = append(orders, r[0].Order)
	}
	out, err := st.Resolve(orders, d)
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := st.Results(out.Record, out.Next, game.Viewer{Master: true})
	return out.Next.(*table.State).P.(*Play), rep.Events(game.English)
}

// 9.0, 10.1, 6.3: scoring after turn 3 counts the held territories and
// the positive objectives; Sarajevo in era III ends the game at once.
func TestScoringAndSarajevo(t *testing.T) {
	p := started(t)
	for i := 1; i <= 4; i++ {
		p.Put("cina", table.Piece{Kind: "md", Owner: "gb", Tag: string(rune('0' + i))})
	}
	p.Turn = 3
	p.Passed = slices.Clone(p.Order)
	p.dice = dice.New(dice.Seed{}, "t4")
	p.prepare()
	// cina 5, objectives 2 + 5 + 3.
	if got := p.Get("vp", "gb"); got != 15 {
		t.Errorf("Britain scores %d, want 15", got)
	}
	p.Decks["events"] = []string{"E23"}
	p.Turn = 6
	p.Passed = slices.Clone(p.Order)
	p.prepare()
	if !p.Over || p.End() == nil || !p.Early {
		t.Errorf("Sarajevo in turn 7 does not end the game: over %v", p.Over)
	}
}

// 13.3: an Automated Power sends its cubes by its Mission table, and
// passes.
func TestAutomated(t *testing.T) {
	p := started(t)
	seat := p.Order[0]
	p.Auto = []string{seat}
	if a, ok := p.Decide(p.Pending[0]); !ok || a[0] != "AUTOMA" {
		t.Fatalf("the bot's round: %v", a)
	}
	before := p.Get("md", seat)
	answer(t, p, dice.New(dice.Seed{}, "bot"), "AUTOMA")
	if p.Get("md", seat) >= before || !slices.Contains(p.Passed, seat) {
		t.Errorf("the bot kept %d of %d cubes, passed %v", p.Get("md", seat), before, p.Passed)
	}
}

// Every text a reader may read has its Italian.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"M": {0}, "refuse": {0}})
	gametest.CheckItalian(t, texts, italian)
	gametest.CheckItalian(t, gametest.TextsInCode(t, ".", map[string][]int{"no": {0}}), reasons)
	inner := gametest.TextsInCode(t, ".", map[string][]int{"bad": {1}, "whole": {0}})
	gametest.CheckItalian(t, inner, dataItalian)
}
