package versailles

import (
	"errors"
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

// started is a game of players past its setup, the first turn asked.
func started(t *testing.T, players int) *Play {
	t.Helper()
	st, err := Rules{Players: players}.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*table.State).P.(*Play)
	answer(t, p, dice.New(dice.Seed{}, "setup"), "START")
	if p.Pending[0].Kind != kindTurn {
		t.Fatalf("after the setup: %+v", p.Pending[0])
	}
	return p
}

// answer applies the pending decision with answers.
func answer(t *testing.T, p *Play, d *dice.Source, ans ...string) table.Decision {
	t.Helper()
	dec := p.Pending[0]
	p.Pending = p.Pending[1:]
	if err := p.Apply(dec, ans, false, d); err != nil {
		t.Fatal(err)
	}
	return dec
}

// The sample reads; a broken file is refused line by line.
func TestData(t *testing.T) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 || d.Placeholders == 0 || d.Issues[d.End] == nil {
		t.Fatalf("the sample: %v, %d placeholders", errs, d.Placeholders)
	}
	_, errs = ParseData("ISSUE X atlantis stars=2 Nowhere\nOPTION Y A a\nCOLUMN 9 roll=2\nEVENT E Name crisis=fly:2\nFLY away")
	gametest.Refusals(t, italian, errs, "line 1: expected ISSUE", "line 2: there is no issue Y", "line 3: expected COLUMN", "line 4: effect fly:2: expected hap:", "line 5: FLY is no line")
}

// «Porre Influenza» and «Recuperare»: two different open Issues, the
// strict lead on both after; something to recover.
func TestPlaceAndRecover(t *testing.T) {
	p := started(t, 4)
	s := p.Active
	other := p.clockwise(s)[1]
	a, b := p.OnTable[0], p.Waiting[0]
	p.putCubes(a, other, 3)
	for _, c := range []struct{ line, want string }{
		{"PLACE " + a + " 3 " + b + " 1", "after placing, " + s + " would not lead " + a + " alone"},
		{"PLACE " + a + " 4 " + a + " 1", "two different Issues on the Table or in the Waiting Room"},
		{"PLACE " + a + " 10 " + b + " 6", s + " has 15 Influence available"},
		{"RECOVER", "nothing to recover"},
	} {
		if why := p.political(s, c.line, true); why == nil || why.Write(italian, game.English) != c.want {
			t.Errorf("%s: %v, want %q", c.line, why, c.want)
		}
	}
	if why := p.political(s, "PLACE "+a+" 4 "+b+" 1", false); why != nil {
		t.Fatal(why.Write(italian, game.English))
	}
	if p.Get("avail", s) != 10 || p.leader(a) != s || p.leader(b) != s {
		t.Errorf("after PLACE: %d available, leaders %s %s", p.Get("avail", s), p.leader(a), p.leader(b))
	}
}

// «Sistemare»: the controller's cubes exhausted, the active player's
// back, the others' half exhausted; the controller's option; the
// conference, the advance, the refill, the crisis in order.
func TestSettle(t *testing.T) {
	p := started(t, 4)
	act := p.Active
	ord := p.clockwise(act)
	ctrl, third := ord[1], ord[2]
	id := p.OnTable[0]
	p.putCubes(id, ctrl, 4)
	p.putCubes(id, act, 2)
	p.putCubes(id, third, 3)
	p.Add("avail", ctrl, -4)
	p.Add("avail", act, -2)
	p.Add("avail", third, -3)
	p.EventTable = "LENIN"
	p.Data.Events["LENIN"].Conference = nil // no conference half: the moderator's
	d := rolls(6, 6, 6, 6)
	answer(t, p, d, "SETTLE "+id)
	if p.Get("exh", ctrl) != 4 || p.Get("avail", act) != 15 || p.Get("exh", third) != 1 || p.Get("avail", third) != 14 {
		t.Errorf("cubes: exh %v avail %v", p.Tracks["exh"], p.Tracks["avail"])
	}
	var kinds []string
	for i := 0; i < 8 && len(p.Pending) > 0 && p.Pending[0].Kind != kindTurn; i++ {
		dec := p.Pending[0]
		kinds = append(kinds, dec.Kind+" "+dec.Seat)
		if dec.Kind == kindOption && dec.Seat != ctrl {
			t.Errorf("the option is asked of %s, not the controller %s", dec.Seat, ctrl)
		}
		ans := dec.Default
		answer(t, p, d, ans)
	}
	want := []string{kindOption + " " + ctrl, kindCard + " master", kindChoice + " " + act, kindChoice + " " + act}
	if len(kinds) < 4 || !slices.Equal(kinds[:4], want) {
		t.Errorf("the steps asked %v, want %v first", kinds, want)
	}
	if p.Controlled[id] != ctrl || len(p.OnTable) != 2 || len(p.Waiting) != 3 || len(p.EventsWaiting) != 2 {
		t.Errorf("after the settle: controlled %v, table %v, waiting %v, events %v", p.Controlled, p.OnTable, p.Waiting, p.EventsWaiting)
	}
}

// An insurrection: the die against the unrest column's value with the
// announced modifiers; the subject's highest Issue auctioned from its
// former controller; the winner pays and loses Happiness a unit; the
// region reset; the option again; the first insurrection's draft.
func TestInsurrection(t *testing.T) {
	p := started(t, 4)
	act := p.Active
	ord := p.clockwise(act)
	subject, rival := ord[1], ord[2]
	p.setControl("ARMENIA", subject)
	p.setControl("ARABIA", subject)
	p.Data.Issues["ARMENIA"].NoMil = false
	p.Unrest["middle_east"] = 6 // needs 3
	p.Units[rival][0] = "middle_east:7"
	p.Pending = nil
	p.dice = rolls(2)
	p.Steps = []string{"check middle_east 0"}
	p.advance()
	if dec := p.Pending[0]; dec.Kind != kindModifier || dec.Seat != rival {
		t.Fatalf("the modifier is not asked of %s: %+v", rival, dec)
	}
	answer(t, p, rolls(2), "MOD +1") // 2+1 = 3: an insurrection
	if p.Controlled["ARMENIA"] != "" || p.Auction == nil || p.Auction.Issue != "ARMENIA" {
		t.Fatalf("Armenia (4 stars) is not auctioned: %v %+v", p.Controlled, p.Auction)
	}
	if p.Pending[0].Seat != subject || p.Pending[0].Kind != kindBid {
		t.Fatalf("the auction does not start with the former controller: %+v", p.Pending[0])
	}
	d := dice.New(dice.Seed{}, "b")
	answer(t, p, d, "BID 0 3")
	// A bid that does not beat the highest so far is refused, not taken
	// for a pass; the auction is as it was.
	dec := p.Pending[0]
	if _, err := p.Read(dec.Seat, &dec, "BID 0 2"); err == nil || !strings.Contains(err.Error()+refusalText(err), "does not beat the highest so far, 0 military and 3 Influence") {
		t.Errorf("a bid below the highest: %v", err)
	}
	if p.Pending[0].Seat != dec.Seat || p.Auction.Inf != 3 {
		t.Errorf("a refused bid changed the auction: %+v", p.Auction)
	}
	for p.Pending[0].Kind == kindBid {
		if p.Pending[0].Seat == rival {
			answer(t, p, d, "BID 1 0") // its unit in the region: 2 military
			continue
		}
		answer(t, p, d, "PASS")
	}
	if p.Controlled["ARMENIA"] != "" && p.Pending[0].Kind != kindOption {
		t.Fatalf("after the auction: %+v", p.Pending[0])
	}
	if p.Pending[0].Seat != rival || p.Get("hap", rival) != startHappiness-1 || p.Units[rival][0] != "exh" {
		t.Errorf("the winner: %+v, happiness %d, units %v", p.Pending[0], p.Get("hap", rival), p.Units[rival])
	}
	if p.Keg["middle_east"] != 1 || p.Unrest["middle_east"] != 2 {
		t.Errorf("reset: keg %d unrest %d", p.Keg["middle_east"], p.Unrest["middle_east"])
	}
	answer(t, p, d, p.Pending[0].Default)
	// The draft: the fewest stars first; the subject (3 stars) after.
	var picks []string
	for p.Pending[0].Kind == kindStrategy {
		picks = append(picks, p.Pending[0].Seat)
		answer(t, p, d, p.Pending[0].Default)
	}
	if len(picks) != 4 || picks[3] != rival && picks[3] != subject || len(p.Offered) != 1 {
		t.Errorf("the draft: %v, left %v", picks, p.Offered)
	}
}

// Happiness stays within 0-30, locked at 0; falling into a zone of fewer
// units makes the player demobilize to space 1; a demobilization takes
// the highest free space.
func TestHappinessMutinyDemob(t *testing.T) {
	p := started(t, 4)
	s := p.Order[0]
	p.Pending = nil
	p.happiness(s, 50)
	if p.Get("hap", s) != maxHappiness {
		t.Errorf("happiness %d over the cap", p.Get("hap", s))
	}
	p.happiness(s, -21) // 9: two units
	p.advance()
	if dec := p.Pending[0]; dec.Kind != kindMutiny || dec.Seat != s {
		t.Fatalf("no mutiny: %+v", dec)
	}
	answer(t, p, nil, "DEMOB 0")
	if p.Get("hap", s) != 10 || p.Units[s][0] != "demob" {
		t.Errorf("after the mutiny: happiness %d, units %v", p.Get("hap", s), p.Units[s])
	}
	o := p.Order[1]
	p.military(o, "DEMOB")
	if p.Get("hap", o) != startHappiness+5 {
		t.Errorf("the first demobilization gives %d", p.Get("hap", o)-startHappiness)
	}
	p.Tracks["hap"][o] = 0
	p.happiness(o, 5)
	if p.Get("hap", o) != 0 {
		t.Error("a nation at 0 moved")
	}
	// DEPLOY: the column's Influence back, its Happiness lost, unrest left.
	q := started(t, 4)
	s = q.Order[0]
	q.Add("exh", s, 4)
	q.Add("avail", s, -4)
	q.Unrest["africa"] = 6
	if why := q.military(s, "DEPLOY africa 5"); why != nil {
		t.Fatal(why.Write(italian, game.English))
	}
	if q.Get("avail", s) != 14 || q.Get("hap", s) != startHappiness-4 || q.Unrest["africa"] != 4 {
		t.Errorf("deploy: available %d, happiness %d, unrest %d", q.Get("avail", s), q.Get("hap", s), q.Unrest["africa"])
	}
	if why := q.military(q.Order[1], "DEPLOY africa 5"); why == nil {
		t.Error("two units in one space")
	}
}

// DEAL and ACCEPT: the cubes change hands when accepted, and the option
// promised binds.
func TestDeal(t *testing.T) {
	p := started(t, 4)
	a, b := p.Order[0], p.Order[1]
	p.Add("avail", b, -5)
	p.Add("exh", b, 5)
	st := table.NewState(p, decodePlay)
	cmds := dealCommands()
	next, _, notice, err := cmds[0].Do(st, []string{a}, b+" 3 OPTION ARABIA FREE")
	if err != nil || !strings.Contains(notice(game.Italian), "patto #1") {
		t.Fatalf("DEAL: %v %v", err, notice)
	}
	if _, _, _, err := cmds[1].Do(next, []string{p.Order[2]}, "1"); err == nil {
		t.Error("a deal accepted by another")
	}
	next, _, _, err = cmds[1].Do(next, []string{b}, "#1")
	if err != nil {
		t.Fatal(err)
	}
	q := next.(*table.State).P.(*Play)
	if q.Get("avail", a) != 12 || q.Get("avail", b) != 13 || q.Bound[b] != "ARABIA FREE" {
		t.Errorf("after ACCEPT: %v %v", q.Tracks["avail"], q.Bound)
	}
	q.Pending = nil
	q.askOption("ARABIA", b)
	if ans := q.Pending[0].Answers; !slices.Equal(ans, []string{"OPTION FREE"}) {
		t.Errorf("the bound option: %v", ans)
	}
}

// Final scoring: stars, own flags, the Happiness ranking with ties, -5
// at 0, the Strategy card; the ties broken by Happiness.
func TestFinal(t *testing.T) {
	p := started(t, 4)
	uk, fr, us, it := "uk", "fr", "us", "it"
	p.setControl("RHINELAND", fr)
	p.setControl("ARABIA", uk)
	p.Markers = map[string][]string{"ARABIA": {"empire:uk"}}
	p.Tracks["hap"] = map[string]int{uk: 22, fr: 22, us: 18, it: 0, "jp": 16}
	p.Chosen = map[string]string{us: "REVANCHE"}
	p.setControl("ANSCHLUSS", us)
	p.final()
	want := map[string]int{fr: 6 + 6, uk: 3 + 1 + 6, us: 4 + 2 + 2*1 + 2, it: -5}
	for s, v := range want {
		if got := p.Get("vp", s); got != v {
			t.Errorf("%s scores %d, want %d", s, got, v)
		}
	}
	if e := p.End(); e == nil || e.Winners[0] != fr {
		t.Errorf("the end: %+v", e)
	}
}

// Two players: the US dummy places the fewest cubes that lead, and its
// recovery gives the active player as much.
func TestTwoPlayers(t *testing.T) {
	p := started(t, 2)
	act := p.Active
	a, b := p.OnTable[0], p.Waiting[0]
	p.putCubes(a, act, 2)
	p.Pending = nil
	p.usAction(act, "US PLACE "+a+" "+b)
	if p.cubesOn(a, "us") != 3 || p.cubesOn(b, "us") != 1 {
		t.Errorf("the US placed %d and %d", p.cubesOn(a, "us"), p.cubesOn(b, "us"))
	}
	p.Add("exh", "us", 4)
	p.Add("exh", act, 5)
	p.usAction(act, "US RECOVER")
	if p.Get("exh", "us") != 0 || p.Get("exh", act) != 1 {
		t.Errorf("recover: us %d, %s %d exhausted", p.Get("exh", "us"), act, p.Get("exh", act))
	}
}

// Every text a reader may read has its Italian.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"M": {0}, "refuse": {0}})
	gametest.CheckItalian(t, texts, italian)
	gametest.CheckItalian(t, gametest.TextsInCode(t, ".", map[string][]int{"no": {0}}), reasons)
	gametest.CheckItalian(t, gametest.TextsInCode(t, ".", map[string][]int{"bad": {1}, "whole": {0}}), dataItalian)
}

// refusalText is a refusal's reason in English, "" for another error.
func refusalText(err error) string {
	var r *game.Refusal
	if errors.As(err, &r) && r.Reason != nil {
		return r.Reason(game.English)
	}
	return ""
}
