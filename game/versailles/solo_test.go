package versailles

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// soloStarted is a solo game past its setup, the factions in order (an
// answer to the order's prompt), the first turn asked.
func soloStarted(t *testing.T, order string) *Play {
	t.Helper()
	st, err := Rules{Players: 1}.Start([]string{"it"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*table.State).P.(*Play)
	answer(t, p, dice.New(dice.Seed{}, "setup"), "START")
	if dec := p.Pending[0]; dec.Kind != kindChoice || dec.Data != "order" || dec.Default != "RANDOM" || len(dec.Answers) != 7 {
		t.Fatalf("the order is not asked: %+v", dec)
	}
	answer(t, p, rolls(), order)
	return p
}

// «Piazzamento in Solitario»: three factions, two Waiting Room Issues,
// no Strategy cards, no Italian or Japanese Happiness; the player's VP
// at 0 of 20; the order the player's, who begins with the last.
func TestSoloSetup(t *testing.T) {
	st := Rules{Players: 1}.Seating()
	if !slices.Equal(st.Sides[0], factions) || len(st.Sides) != 1 || st.Absent["it"] == nil {
		t.Errorf("seating %+v", st)
	}
	p := soloStarted(t, "ORDER FR US UK")
	switch {
	case !slices.Equal(p.Order, []string{"fr", "us", "uk"}) || p.Active != "fr" || p.Human != "uk" || !slices.Equal(p.Auto, []string{"fr", "us"}):
		t.Errorf("order %v, active %s, player %s, bots %v", p.Order, p.Active, p.Human, p.Auto)
	case len(p.Waiting) != 2 || len(p.OnTable) != 2 || len(p.Offered) != 0 || !p.Drafted:
		t.Errorf("waiting %v, table %v, strategy %v", p.Waiting, p.OnTable, p.Offered)
	case len(p.Tracks["hap"]) != 3 || p.Get("vp", player) != 0 || p.Get("target", player) != soloTarget:
		t.Errorf("tracks %v", p.Tracks)
	case p.Pending[0].Seat != "fr" || p.Pending[0].Kind != kindTurn:
		t.Errorf("the first turn: %+v", p.Pending[0])
	}
	q := soloStarted(t, "RANDOM")
	if o := slices.Sorted(slices.Values(q.Order)); !slices.Equal(o, []string{"fr", "uk", "us"}) || q.Human != q.Order[2] {
		t.Errorf("a random order %v, player %s", q.Order, q.Human)
	}
}

// «Forza della Fazione» and the player's VP at the start of its turn:
// stars and the faction's icons anywhere; 1 VP when strictly the
// strongest and every faction controls an Issue; once a turn.
func TestSoloStrongest(t *testing.T) {
	for _, c := range []struct {
		name     string
		control  map[string]string
		markers  map[string][]string
		strength map[string]int
		vp       int
	}{
		{"a faction without an Issue: none", map[string]string{"RHINELAND": "uk", "ARABIA": "fr"}, nil,
			map[string]int{"uk": 6, "fr": 3, "us": 0}, 0},
		{"the strongest alone: 1", map[string]string{"RHINELAND": "uk", "ARABIA": "fr", "ETHIOPIA": "us"}, nil,
			map[string]int{"uk": 6, "fr": 3, "us": 3}, 1},
		{"equal to another: none", map[string]string{"ARMENIA": "uk", "ARABIA": "fr", "SAAR": "us"}, map[string][]string{"ARABIA": {"empire:fr"}},
			map[string]int{"uk": 4, "fr": 4, "us": 3}, 0},
		{"icons count whoever controls the Issue", map[string]string{"ARMENIA": "uk", "ARABIA": "fr", "SAAR": "us"}, map[string][]string{"ARABIA": {"naval:uk", "industry"}, "SAAR": {"bolshevism"}},
			map[string]int{"uk": 6, "fr": 3, "us": 4}, 1},
	} {
		p := soloStarted(t, "ORDER FR US UK")
		p.Controlled, p.Markers = c.control, c.markers
		for s, want := range c.strength {
			if got := p.strength(s); got != want {
				t.Errorf("%s: strength of %s %d, want %d", c.name, s, got, want)
			}
		}
		p.strongest("uk")
		p.strongest("uk") // the same turn: once
		if got := p.Get("vp", player); got != c.vp {
			t.Errorf("%s: %d VP, want %d", c.name, got, c.vp)
		}
	}
}

// «Eccezione»: the player's faction leading both Issues of the Table
// must settle one; leading one, or a bot leading both, is free.
func TestSoloMustSettle(t *testing.T) {
	p := soloStarted(t, "ORDER FR US UK")
	a, b, w := p.OnTable[0], p.OnTable[1], p.Waiting[0]
	p.putCubes(a, "uk", 1)
	p.putCubes(b, "uk", 2)
	place := "PLACE " + w + " 1 " + a + " 1"
	for _, c := range []struct{ seat, line, want string }{
		{"uk", place, "you lead both Issues on the Table: settle one of them"},
		{"uk", "RECOVER", "you lead both Issues on the Table: settle one of them"},
		{"uk", "SETTLE " + b, ""},
		{"fr", "PLACE " + w + " 1 " + a + " 2", ""},
	} {
		got := ""
		if why := p.political(c.seat, c.line, true); why != nil {
			got = why.Write(italian, game.English)
		}
		if got != c.want {
			t.Errorf("%s %s: %q, want %q", c.seat, c.line, got, c.want)
		}
	}
	if d := p.defaultTurn("uk"); d != "SETTLE "+a {
		t.Errorf("the default %q", d)
	}
	p.putCubes(a, "fr", 1)
	if why := p.political("uk", place, true); why != nil {
		t.Errorf("leading one Issue: %s", why.Write(italian, game.English))
	}
}

// «Cambiare Fazione»: an Issue unsettled switches the player to the
// weakest faction, as strong as they were before it went; equals are
// the player's choice, and the auction is then the new faction's.
func TestSoloSwitch(t *testing.T) {
	for _, c := range []struct {
		name    string
		control map[string]string
		asked   []string
		answer  string
		want    string
	}{
		{"the weakest (uk 3) is played", map[string]string{"SYRIA": "uk", "RHINELAND": "fr", "ARMENIA": "us"}, nil, "", "uk"},
		{"the player's faction is the weakest: it stays", map[string]string{"SYRIA": "fr", "RHINELAND": "uk", "ARMENIA": "us"}, nil, "", "fr"},
		{"equals: the player chooses", map[string]string{"SYRIA": "uk", "RHINELAND": "fr", "ARABIA": "us"}, []string{"FACTION UK", "FACTION US"}, "FACTION US", "us"},
	} {
		p := soloStarted(t, "ORDER UK US FR") // the player plays fr
		p.Controlled = c.control
		p.Pending, p.Steps = nil, nil
		p.unsettle("SYRIA", "middle_east", false)
		p.advance()
		if c.asked != nil {
			dec := p.Pending[0]
			if dec.Data != "switch" || !slices.Equal(dec.Answers, c.asked) || dec.Seat != "fr" {
				t.Fatalf("%s: asked %+v", c.name, dec)
			}
			answer(t, p, rolls(), c.answer)
		}
		others := slices.DeleteFunc(slices.Clone(p.Order), func(s string) bool { return s == c.want })
		if p.Human != c.want || !slices.Equal(p.Auto, others) {
			t.Errorf("%s: the player plays %s, bots %v; want %s", c.name, p.Human, p.Auto, c.want)
		}
		if dec := p.Pending[0]; dec.Kind != kindBid || dec.Seat != c.want {
			t.Errorf("%s: the auction asks %+v", c.name, dec)
		}
	}
}

// «Puntare per Questioni Irrisolte» in solo: the bots' bids by their
// table (Syria: fr 2 units and 3+1 Influence, us 2 and 3); two equal
// bids, the richer adds 1, else the player awards; the player takes the
// Issue by beating the highest, else the highest bot does.
func TestSoloSealedBids(t *testing.T) {
	for _, c := range []struct {
		name   string
		set    func(p *Play)
		said   string
		answer string
		award  string
		winner string
	}{
		{"the player beats fr's 2/2/4", nil, "fr 2/2/4, us 2/2/3", "BID 2 5", "", "uk"},
		{"a pass: fr takes it", nil, "fr 2/2/4, us 2/2/3", "PASS", "", "fr"},
		{"equal bids: the richer (us) adds 1", func(p *Play) {
			p.Data.Issues["SYRIA"].Options[1].Effects = append(p.Data.Issues["SYRIA"].Options[1].Effects, "marker:industry")
			p.Add("avail", "fr", -5)
		}, "fr 2/2/4, us 2/2/5", "PASS", "", "us"},
		{"equal bids and Influence: the player awards", func(p *Play) {
			p.Data.Issues["SYRIA"].Options[1].Effects = append(p.Data.Issues["SYRIA"].Options[1].Effects, "marker:industry")
		}, "fr 2/2/4, us 2/2/4", "PASS", "AWARD US", "us"},
		{"the bots cannot bid: the player's 0/0/1 takes it", func(p *Play) {
			for _, b := range []string{"fr", "us"} {
				p.Units[b] = []string{"demob", "demob", "demob"}
				p.Add("avail", b, -15)
			}
		}, "-", "BID 0 1", "", "uk"},
	} {
		p := soloStarted(t, "ORDER FR US UK")
		p.Controlled = map[string]string{"SYRIA": "uk", "RHINELAND": "fr", "CONSTANTINOPLE": "us"}
		p.Data.Issues = cloneIssues(p.Data.Issues)
		if c.set != nil {
			c.set(p)
		}
		p.Pending, p.Steps = nil, nil
		p.unsettle("SYRIA", "middle_east", false)
		p.advance()
		if dec := p.Pending[0]; dec.Kind != kindBid || dec.Seat != "uk" || p.Auction.Said != c.said {
			t.Fatalf("%s: asked %+v, bids %q", c.name, dec, p.Auction.Said)
		}
		answer(t, p, rolls(), c.answer)
		if c.award != "" {
			if dec := p.Pending[0]; dec.Data != "award" || dec.Seat != "uk" {
				t.Fatalf("%s: the award is not asked: %+v", c.name, dec)
			}
			answer(t, p, rolls(), c.award)
		}
		if dec := p.Pending[0]; dec.Kind != kindOption || dec.Seat != c.winner && !slices.Contains(p.Auto, dec.Seat) {
			t.Errorf("%s: after the auction %+v", c.name, dec)
		}
		if got := strings.Fields(p.Pending[0].Data); len(got) != 2 || got[1] != c.winner {
			t.Errorf("%s: %v takes it, want %s", c.name, got, c.winner)
		}
	}
}

// The solo player has one bid: one that does not beat the bots' highest
// (fr's 2 military and 4 Influence) is refused, saying what to beat, in
// both languages, and the bid is still owed.
func TestSoloBidMustBeat(t *testing.T) {
	p := soloStarted(t, "ORDER FR US UK")
	p.Controlled = map[string]string{"SYRIA": "uk", "RHINELAND": "fr", "CONSTANTINOPLE": "us"}
	p.Pending, p.Steps = nil, nil
	p.unsettle("SYRIA", "middle_east", false)
	p.advance()
	dec := p.Pending[0]
	for _, c := range []struct{ line, english, italian string }{
		{"BID 2 4", "your bid for SYRIA, 2 military and 4 Influence, does not beat the bots' highest, 2 military and 4 Influence",
			"la tua puntata per SYRIA, 2 militare e 4 Influenza, non batte la più alta dei bot, 2 militare e 4 Influenza"},
		{"PUNTA 1 9", "1 military and 9 Influence, does not beat", "o altrettanto e più Influenza, o PASSA"},
	} {
		_, err := p.Read("uk", &dec, c.line)
		var r *game.Refusal
		if !errors.As(err, &r) || r.Reason == nil {
			t.Fatalf("%s: read as %v", c.line, err)
		}
		if got := r.Reason(game.English); !strings.Contains(got, c.english) {
			t.Errorf("%s: %q, want %q", c.line, got, c.english)
		}
		if got := r.Reason(game.Italian); !strings.Contains(got, c.italian) {
			t.Errorf("%s: %q, want %q", c.line, got, c.italian)
		}
	}
	if ans, err := p.Read("uk", &dec, "BID 2 5"); err != nil || ans.Kind != kindBid {
		t.Errorf("a bid that beats: %+v, %v", ans, err)
	}
	if p.Pending[0].Kind != kindBid || p.Auction.Best != "fr" {
		t.Errorf("a refused bid changed the auction: %+v, %+v", p.Pending[0], p.Auction)
	}
}

// cloneIssues copies the Issues a test changes (the sample's data is
// read anew for each game, but its pointers are shared within one).
func cloneIssues(m map[string]*Issue) map[string]*Issue {
	out := map[string]*Issue{}
	for id, is := range m {
		c := *is
		c.Options = nil
		for _, o := range is.Options {
			oc := *o
			oc.Effects = slices.Clone(o.Effects)
			c.Options = append(c.Options, &oc)
		}
		out[id] = &c
	}
	return out
}

// The bots' open choices go to the player in solo, and the answer is the
// bot's; the end: the target's VP win.
func TestSoloPlayerDecidesAndEnds(t *testing.T) {
	p := soloStarted(t, "ORDER FR US UK")
	dec := p.Pending[0]
	p.Pending = p.Pending[1:]
	ans, _ := p.Decide(dec)
	if err := p.Apply(dec, ans, false, rolls()); err != nil {
		t.Fatal(err)
	}
	m := p.Pending[0]
	if m.Seat != "uk" || m.Kind != kindTurn || p.For != "fr" || len(m.Answers) < 2 {
		t.Fatalf("the bot's places are not asked of the player: %+v, for %q", m, p.For)
	}
	answer(t, p, rolls(), m.Answers[0])
	if p.For != "" || p.Get("avail", "fr") == cubes || p.Get("avail", "uk") != cubes {
		t.Errorf("the answer is not the bot's: fr %d, uk %d available", p.Get("avail", "fr"), p.Get("avail", "uk"))
	}
	for _, c := range []struct {
		vp      int
		winners []string
	}{{19, nil}, {20, []string{"fr", "us", "uk"}}} {
		p.Tracks["vp"][player] = c.vp
		p.final()
		if e := p.End(); e == nil || !slices.Equal(e.Winners, c.winners) {
			t.Errorf("%d VP: %+v", c.vp, e)
		}
	}
}

// Lenin's conference: each player from the resolver on demobilizes a
// unit (the highest free space, its Happiness) or loses 2 Happiness.
func TestDemobOrLose(t *testing.T) {
	p := started(t, 3)
	by := p.Order[1]
	ord := p.clockwise(by)
	p.Pending, p.Steps = nil, nil
	p.effects([]string{"demob_or_hap:2"}, "", by, "")
	p.advance()
	for i, ans := range []string{"DEMOB 1", "LOSE", "DEMOB 0"} {
		dec := p.Pending[0]
		if dec.Seat != ord[i] || dec.Data != "demob 2" || !slices.Contains(dec.Answers, "LOSE") {
			t.Fatalf("asked %+v, want %s", dec, ord[i])
		}
		a, err := p.Read(dec.Seat, &dec, strings.NewReplacer("DEMOB", "SMOBILITA", "LOSE", "PERDI").Replace(ans))
		if err != nil || a.Kind != kindChoice || a.Text != ans {
			t.Fatalf("read %q: %+v %v", ans, a, err)
		}
		answer(t, p, rolls(), ans)
	}
	want := map[string]int{ord[0]: startHappiness + 5, ord[1]: startHappiness - 2, ord[2]: startHappiness + 4}
	for s, h := range want {
		if p.Get("hap", s) != h {
			t.Errorf("%s: happiness %d, want %d", s, p.Get("hap", s), h)
		}
	}
	if p.Units[ord[0]][1] != "demob" || p.Units[ord[2]][0] != "demob" {
		t.Errorf("units %v", p.Units)
	}
}

// An answer to a prompt owed is read as that prompt's: a mutiny's DEMOB
// (not the turn's military action), a tied subject in any case.
func TestReadOwedAnswers(t *testing.T) {
	p := started(t, 4)
	s := p.Order[0]
	mutiny := table.Decision{Seat: s, Kind: kindMutiny, Answers: []string{"DEMOB 0", "DEMOB 1"}}
	if a, err := p.Read(s, &mutiny, "SMOBILITA 1"); err != nil || a.Kind != kindMutiny || a.Text != "DEMOB 1" {
		t.Errorf("a mutiny's answer: %+v %v", a, err)
	}
	p.Pending = nil
	p.setControl("SAAR", "uk")
	p.setControl("RHINELAND", "fr")
	p.Units["us"][0] = "europe:6"
	p.insurrection("europe")
	dec := p.Pending[0]
	if !slices.Equal(dec.Answers, []string{"SUBJECT UK", "SUBJECT FR"}) {
		t.Fatalf("the subject's answers %v", dec.Answers)
	}
	if a, err := p.Read("us", &dec, "soggetto fr"); err != nil || a.Text != "SUBJECT FR" {
		t.Errorf("read %+v %v", a, err)
	}
	answer(t, p, rolls(), "SUBJECT FR")
	if p.Auction == nil || p.Auction.Issue != "RHINELAND" {
		t.Errorf("fr's Issue is not auctioned: %+v", p.Auction)
	}
}

// Through the engine: the solo game goes round, the bots' turns taken
// at once, every decision left waiting the player's (never a bot's, nor
// the moderator's after the setup).
func TestSoloThroughTheEngine(t *testing.T) {
	st, err := Rules{Players: 1}.Start([]string{"it"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*table.State)
	d := dice.New(dice.Seed{}, "solo")
	s.P.(*Play).Ruling = "START"
	for i := 0; i < 40 && !s.P.(*Play).Over; i++ {
		out, err := s.Resolve(nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s = out.Next.(*table.State)
		p := s.P.(*Play)
		if now := p.Now(); now != nil && (slices.Contains(p.Auto, now.Seat) || now.Seat == table.Master) {
			t.Fatalf("a decision waits for %s: %+v", now.Seat, now)
		}
	}
	p := s.P.(*Play)
	if p.Round < 6 || p.Human == "" {
		t.Errorf("after 40 resolutions: round %d, player %q", p.Round, p.Human)
	}
}

// An event's unsettle:<kind> (Henri Mordacq's Reparations Issue): the
// resolver chooses among those settled; the auction follows, with no
// reset of a region and no Strategy draft (a ruling).
func TestEventUnsettles(t *testing.T) {
	p := started(t, 3)
	by := p.Order[1]
	p.setControl("INDEMNITY", p.Order[0])
	p.setControl("END", p.Order[2]) // the sample's End card is a Reparations Issue
	p.setControl("RHINELAND", p.Order[0])
	p.Pending, p.Steps = nil, nil
	p.effects([]string{"unsettle:reparations"}, "", by, "")
	p.advance()
	dec := p.Pending[0]
	if dec.Seat != by || dec.Data != "reopen" || !slices.Equal(dec.Answers, []string{"UNSETTLE END", "UNSETTLE INDEMNITY"}) {
		t.Fatalf("asked %+v", dec)
	}
	answer(t, p, rolls(), "UNSETTLE INDEMNITY")
	if p.Auction == nil || p.Auction.Issue != "INDEMNITY" || p.Controlled["INDEMNITY"] != "" || p.Pending[0].Kind != kindBid {
		t.Fatalf("no auction: %+v, %+v", p.Auction, p.Pending[0])
	}
	if slices.ContainsFunc(p.Steps, func(s string) bool { return strings.HasPrefix(s, "reset") || s == "strategy" }) {
		t.Errorf("the steps %v", p.Steps)
	}
	q := started(t, 3)
	q.Pending, q.Steps = nil, nil
	q.effects([]string{"unsettle:league"}, "", by, "")
	q.advance()
	if q.Auction != nil || q.Pending[0].Kind != kindTurn {
		t.Errorf("nothing of the league settled: %+v", q.Pending[0])
	}
}
