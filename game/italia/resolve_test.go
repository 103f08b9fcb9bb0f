package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants/machiavelli"
)

// at is a position made from the start: the phase, and changes to it.
// It has no scenario, as a position stored before scenarios: no events
// are rolled, so that a test counts only the dice of what it tests
// (events_test.go plays the scenario's).
func at(t *testing.T, phase string, change func(*Position)) *State {
	t.Helper()
	st := mustStart(t)
	st.pos.Phase = phase
	st.pos.Scenario = nil
	if change != nil {
		change(st.pos)
	}
	next, err := st.r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

// play reads each power's sheet as the judge does (every line must be
// taken), and resolves the phase with dice that fall as rolls, all of
// them and no more.
func play(t *testing.T, st *State, sheets map[string]string, rolls ...int) (*State, []string, error) {
	t.Helper()
	var orders []game.Order
	for seat, sheet := range sheets {
		rs, standing := readSheet(t, st, seat, sheet)
		for _, r := range rs {
			if r.Refused != nil && !r.Refused.NotOrder {
				t.Fatalf("%s: %q refused: %s", seat, r.Written, r.Refused.Reason(game.English))
			}
		}
		orders = append(orders, standing...)
	}
	d := falling(rolls...)
	out, err := st.Resolve(orders, d)
	if err != nil {
		return nil, nil, err
	}
	if len(d.Rolls()) != len(rolls) {
		t.Errorf("rolled %v, want %d rolls", d.Rolls(), len(rolls))
	}
	rep, err := st.Results(out.Record, out.Next, game.Viewer{Master: true})
	if err != nil {
		t.Fatal(err)
	}
	return out.Next.(*State), strings.Split(rep.Events(game.English), "\n"), nil
}

// falling is the game's dice, found to fall as rolls (D6s) first.
func falling(rolls ...int) *dice.Source {
	seed := dice.SeedWhere("test", func(d *dice.Source) bool {
		for _, want := range rolls {
			if d.Roll("", 6, true) != want {
				return false
			}
		}
		return true
	})
	return dice.New(seed, "test")
}

// has reports whether one of the events says want.
func has(events []string, want string) bool {
	return slices.ContainsFunc(events, func(e string) bool { return strings.Contains(e, want) })
}

// The worked turn of spec §4.3 resolved (§2.3): the expenses and the
// operations spend the 40 ducats, Ferrara's garrison is bribed, the army
// enters it, the contingent goes to Mantova, the dummy to Vicenza, the
// fleet to the Basso Adriatico; no die is rolled (§4.5's results mail).
func TestWorkedTurnResolved(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	next, events, err := play(t, st, map[string]string{"venezia": sheetItalian})
	if err != nil {
		t.Fatal(err)
	}
	v := next.power("venezia")
	// Florence pays its own upkeep (R34: MANTIENI TUTTO when unwritten),
	// 15 of its 18, before Venice's gift.
	if v.Treasury != 0 || next.power("firenze").Treasury != 18-15+2 || next.pos.Control["ferra"] != "venezia" {
		t.Errorf("treasury %d, Florence's %d, Ferrara %q", v.Treasury, next.power("firenze").Treasury, next.pos.Control["ferra"])
	}
	want := []Counter{
		{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 3, PK: 8, PKS: 4, FT: 4, ART: 1}},
		{N: 2, Kind: Contingent, At: "mantu", Elements: Elements{CL: 2, FT: 2}},
		{N: 3, Kind: Dummy, At: "vicen"},
	}
	if !slices.Equal(v.Counters, want) || v.Fleets[0].At != "LA" || v.Reserve.Total() != 0 {
		t.Errorf("counters %+v, fleets %+v, reserve %v", v.Counters, v.Fleets, v.Reserve)
	}
	for _, e := range []string{"the garrison of Ferrara is bribed by Venice", "Venice #1: Padova -> Ferrara", "Venice #2: Verona -> Mantova", "Venice F1: Alto Adriatico -> Basso Adriatico"} {
		if !has(events, e) {
			t.Errorf("no %q in\n%s", e, strings.Join(events, "\n"))
		}
	}
	if next.Phase().ID != "E1500O" {
		t.Errorf("next phase %s", next.Phase().ID)
	}
}

// The shortfall rule (R39): recruitment the treasury cannot pay is
// dropped last line first; upkeep it cannot pay removes elements in the
// PERDITE order.
func TestExpensesShortfall(t *testing.T) {
	for _, c := range []struct {
		treasury, left int
		pool           Elements
	}{
		{40, 40 - 24, Elements{CINC: 1, GD: 3, CL: 2, PK: 8, PKS: 4, FT: 6, ART: 1}},
		{20, 20 - 16, Elements{CINC: 1, GD: 3, CL: 2, PK: 8, FT: 6, ART: 1}},
		{14, 0, Elements{CINC: 1, GD: 3, CL: 2, PK: 6, FT: 6, ART: 1}},
		// 10 ducats keep 3 GD, 1 fleet and 8 ordinary elements: the
		// 7 others go, FT first (PERDITE FT, CL, ...).
		{10, 0, Elements{CINC: 1, GD: 3, PK: 6, ART: 1, CL: 1}},
	} {
		st := venice1500(t, "P1500O", c.treasury)
		next, _, err := play(t, st, map[string]string{"venezia": "CONGEDA 1 FT DA #1\nRECLUTA 2 PK IN #1\nARRUOLA SVIZZERI IN #1\nPERDITE FT, CL, PK, PKS, ART, GD"})
		if err != nil {
			t.Fatal(err)
		}
		v := next.power("venezia")
		if v.Treasury != c.left || v.pool() != c.pool {
			t.Errorf("%d ducats: %d left, pool %v; want %d, %v", c.treasury, v.Treasury, v.pool(), c.left, c.pool)
		}
	}
}

// The political operations (seed §5, spec §3.4): spent even when they
// fail; the largest offer alone may succeed, by the base over the
// counter-offers (R8, R9); pacification fails on a 1.
func TestPoliticalOperations(t *testing.T) {
	revolt := func(p *Position) { p.Revolts = []Revolt{{At: "bolog"}} }
	for _, c := range []struct {
		name   string
		change func(*Position)
		sheets map[string]string
		rolls  []int
		check  func(*State) bool
		event  string
	}{
		{"a bribe", nil, map[string]string{"venezia": "CORROMPI Ferrara CON 12"}, nil,
			func(s *State) bool { return s.pos.Control["ferra"] == "venezia" && s.power("venezia").Treasury == 28 },
			"the garrison of Ferrara is bribed by Venice"},
		{"a bribe countered", nil, map[string]string{"venezia": "CORROMPI Ferrara CON 12", "papato": "DIFENDI Ferrara CON 3"}, nil,
			func(s *State) bool {
				return s.pos.Control["ferra"] == "" && s.power("venezia").Treasury == 28 && s.power("papato").Treasury == 10
			},
			"the offer of Venice in Ferrara fails against the counter-offers"},
		{"two bribes tie", nil, map[string]string{"venezia": "CORROMPI Ferrara CON 12", "papato": "CORROMPI Ferrara CON 12"}, nil,
			func(s *State) bool { return s.pos.Control["ferra"] == "" && s.power("papato").Treasury == 1 },
			"the largest offers tie"},
		{"the larger bribe", nil, map[string]string{"venezia": "CORROMPI Ferrara CON 13", "papato": "CORROMPI Ferrara CON 12"}, nil,
			func(s *State) bool { return s.pos.Control["ferra"] == "venezia" && s.power("papato").Treasury == 1 },
			"the offer of Papacy in Ferrara fails: a larger one was made"},
		{"a secret revolt", nil, map[string]string{"venezia": "RIVOLTA Bologna CON 10 SEGRETA"}, nil,
			func(s *State) bool {
				return slices.Equal(s.pos.Revolts, []Revolt{{At: "bolog", By: "venezia", Secret: true}}) && s.power("venezia").Treasury == 28
			},
			"Bologna rises in revolt, stirred by unknown parties"},
		{"pacified", revolt, map[string]string{"papato": "PACIFICA Bologna"}, []int{4},
			func(s *State) bool { return len(s.pos.Revolts) == 0 && s.power("papato").Treasury == 7 },
			"Papacy pacifies Bologna (D6 4)"},
		{"pacification fails on 1", revolt, map[string]string{"papato": "PACIFICA Bologna"}, []int{1},
			func(s *State) bool { return len(s.pos.Revolts) == 1 && s.power("papato").Treasury == 7 },
			"Papacy fails to pacify Bologna (D6 1)"},
		{"a gift too large", nil, map[string]string{"venezia": "PAGA 41 A Firenze\nPAGA 5 A Papato"}, nil,
			func(s *State) bool { return s.power("venezia").Treasury == 35 && s.power("firenze").Treasury == 18 },
			"Venice's gift of 41 ducats to Florence fails"},
	} {
		st := at(t, "E1500O", func(p *Position) {
			for _, pw := range p.Powers {
				pw.Treasury = 40
			}
			p.Powers[5].Treasury, p.Powers[4].Treasury = 13, 18
			if c.change != nil {
				c.change(p)
			}
		})
		next, events, err := play(t, st, c.sheets, c.rolls...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !c.check(next) || !has(events, c.event) {
			t.Errorf("%s: treasuries %d %d, revolts %v\n%s", c.name, next.power("venezia").Treasury, next.power("papato").Treasury, next.pos.Revolts, strings.Join(events, "\n"))
		}
	}
}

// The seed's worked example of the Ottoman activation (seed §7, R51): the
// Emperor enters Slavonia while Venice holds Carniola and the Pope
// Ragusa; a 3 and +3 activate the Ottomans. Had he entered Carniola, the
// roll would have had +2.
func TestOttomanActivation(t *testing.T) {
	for _, c := range []struct {
		from, order string
		roll        int
		active      bool
		event       string
	}{
		{"austr", "#1 - Slavonia", 3, true, "the Ottomans take the field (D6 3 + 3"},
		{"carin", "#1 - Carniola", 3, false, "the Ottomans stay still (D6 3 + 2"},
		{"carin", "#1 - Carniola", 4, true, "the Ottomans take the field (D6 4 + 2"},
	} {
		st := at(t, "E1500O", func(p *Position) {
			p.Control["carni"], p.Control["ragus"] = "venezia", "papato"
			p.Powers[2].Counters[0].At = c.from
		})
		next, events, err := play(t, st, map[string]string{"impero": c.order}, c.roll)
		if err != nil {
			t.Fatal(err)
		}
		if next.pos.OttomansActive != c.active || !has(events, c.event) {
			t.Errorf("%s: active %v\n%s", c.order, next.pos.OttomansActive, strings.Join(events, "\n"))
		}
	}
	if next, _, _ := play(t, at(t, "E1500O", nil), map[string]string{"impero": "#1 - Slavonia"}, 5); next.pos.Control["slavo"] != "impero" {
		t.Error("Slavonia, without a city, is overrun (seed §4)")
	}
}

// Sieges (seed §9, R25): D6 + 1 against an independent garrison, +2 per
// artillery, +1 in the second turn, +3 in the third; 6 takes the city.
func TestSiege(t *testing.T) {
	for _, c := range []struct {
		turns, roll int
		falls       bool
	}{
		{0, 3, true},  // 3 +1 +2 = 6
		{0, 2, false}, // 5
		{1, 1, false}, // second turn: 1 +1 +2 +1 = 5
		{1, 2, true},
		{2, 1, true}, // third turn: 1 +1 +2 +3
	} {
		st := at(t, "E1500O", func(p *Position) {
			p.Powers[3].Counters[0].At = "ferra"
			if c.turns > 0 {
				p.Sieges = []Siege{{At: "ferra", Power: "venezia", Counter: 1, Turns: c.turns}}
			}
		})
		next, _, err := play(t, st, map[string]string{"venezia": "#1 ASSEDIA"}, c.roll)
		if err != nil {
			t.Fatal(err)
		}
		fell := next.pos.Control["ferra"] == "venezia"
		if fell != c.falls || (!fell && (len(next.pos.Sieges) != 1 || next.pos.Sieges[0].Turns != c.turns+1)) {
			t.Errorf("turn %d, D6 %d: fell %v, sieges %v", c.turns+1, c.roll, fell, next.pos.Sieges)
		}
	}
	// A siege whose army is given another order ends (R25).
	st := at(t, "E1500O", func(p *Position) {
		p.Powers[3].Counters[0].At = "ferra"
		p.Sieges = []Siege{{At: "ferra", Power: "venezia", Counter: 1, Turns: 2}}
	})
	if next, _, _ := play(t, st, map[string]string{"venezia": "#1 FERMO"}); len(next.pos.Sieges) != 0 {
		t.Errorf("sieges %v", next.pos.Sieges)
	}
}

// Entering a territory with famine costs attrition (R20, R5): half a D6,
// at least 1, in the PERDITE order.
func TestEntryAttrition(t *testing.T) {
	for _, c := range []struct{ roll, lost int }{{1, 1}, {3, 1}, {4, 2}, {6, 3}} {
		st := at(t, "E1500O", func(p *Position) { p.Famine = []string{"vicen"} })
		next, _, err := play(t, st, map[string]string{"venezia": "#1 - Vicenza"}, c.roll)
		if err != nil {
			t.Fatal(err)
		}
		if got := next.power("venezia").Counters[0].Elements; got.Total() != 21-c.lost || got[FT] != 7-c.lost {
			t.Errorf("D6 %d: %v", c.roll, got)
		}
	}
}

// The autumn (spec §2.3 step 10): taxes by territory, city, port, value
// and exclusive sea, none where blocked (seed §5); supply; revolts turn
// independent (seed §6).
func TestAutumn(t *testing.T) {
	// Venice's own example: Venezia alone pays 6 (seed §5).
	st := at(t, "A1500O", func(p *Position) {
		for t, who := range p.Control {
			if who == "venezia" && t != "venic" {
				delete(p.Control, t)
			}
		}
		p.Powers[3].Counters, p.Powers[3].Fleets = nil, nil
	})
	next, _, err := play(t, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := next.power("venezia").Treasury; got != 13+6 {
		t.Errorf("Venezia alone pays %d", got-13)
	}
	// The start's yearly taxes, with the exclusive seas: Venice 22 + the
	// Alto Adriatico, France 27 + the western Gulf of Lyons (the eastern
	// one is shared with Florence), Aragon 9 + two seas, the Pope 22 + the
	// Basso Adriatico.
	next, _, err = play(t, at(t, "A1499O", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	for id, income := range map[string]int{"venezia": 25, "francia": 30, "aragonesi": 15, "impero": 7, "firenze": 11, "papato": 25} {
		if got := next.power(id).Treasury - mustStart(t).power(id).Treasury; got != income {
			t.Errorf("%s collects %d, want %d", id, got, income)
		}
	}
	// Blocked: famine in Padova, revolt in Treviso (which then turns
	// independent), sack in Vicenza, a Papal contingent in Brescia, each
	// 2 of Venice's 25. The contingent,
	// outside its land, pays attrition and withdraws to the nearest Papal
	// territory.
	st = at(t, "A1500O", func(p *Position) {
		p.Famine, p.Sack = []string{"padua"}, []string{"vicen"}
		p.Revolts = []Revolt{{At: "trevi"}}
		p.Powers[5].Counters = append(p.Powers[5].Counters, Counter{N: 2, Kind: Contingent, At: "bresc", Elements: Elements{PK: 3, FT: 1}})
		p.Powers[5].Treasury = 13
	})
	next, events, err := play(t, st, nil, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := next.power("venezia").Treasury - 13; got != 25-8 {
		t.Errorf("Venice collects %d", got)
	}
	if _, ok := next.pos.Control["trevi"]; ok || len(next.pos.Revolts) != 0 {
		t.Errorf("Treviso: %q, revolts %v", next.pos.Control["trevi"], next.pos.Revolts)
	}
	if ct := next.power("papato").counter(2); ct == nil || ct.At != "bolog" || ct.Elements.Total() != 2 {
		t.Errorf("the Papal contingent: %+v\n%s", ct, strings.Join(events, "\n"))
	}
}

// Alliances are made by ambassadors sent both ways (seed §3 A); the year's
// markers and last year's alliances go (R12, R28, R29).
func TestDiplomacyResolved(t *testing.T) {
	st := at(t, "P1500D", func(p *Position) {
		p.Famine, p.Sack = []string{"padua"}, []string{"vicen"}
		p.Alliances = [][2]string{{"francia", "impero"}}
		p.Powers[3].Treasury = 45
	})
	next, events, err := play(t, st, map[string]string{
		"venezia": "AMBASCIATORE Papato\nAMBASCIATORE Firenze\nTRANSITO Papato\nCONSIGLIO PIAGNONI 5",
		"papato":  "AMBASCIATORE Venezia\nTRANSITO Venezia",
		"firenze": "AMBASCIATORE Francia",
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(next.pos.Alliances, [][2]string{{"venezia", "papato"}}) || len(next.pos.Famine)+len(next.pos.Sack) != 0 {
		t.Errorf("alliances %v, famine %v, sack %v", next.pos.Alliances, next.pos.Famine, next.pos.Sack)
	}
	if !slices.Equal(next.pos.Transit["venezia"], []string{"papato"}) || next.power("venezia").Treasury != 40 {
		t.Errorf("transit %v, treasury %d", next.pos.Transit, next.power("venezia").Treasury)
	}
	if next.Phase().ID != "P1500O" || !has(events, "Venice and Papacy are allied for the year") {
		t.Errorf("%s\n%s", next.Phase().ID, strings.Join(events, "\n"))
	}
}

// The results show a reader the public events and his own private ones,
// in his language; the game master sees all.
func TestResults(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	_, standing := readSheet(t, st, "venezia", sheetItalian)
	out, err := st.Resolve(standing, dice.New(dice.Seed{}, "x"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		to       game.Viewer
		l        game.Lang
		want     []string
		hidden   []string
		position string
	}{
		{game.Viewer{Seats: []string{"venezia"}}, game.Italian, []string{"la guarnigione di Ferrara è corrotta da Venezia", "Venezia dona 2 ducati a Firenze"}, nil, "tesoro 0 ducati"},
		{game.Viewer{Seats: []string{"francia"}}, game.English, []string{"the garrison of Ferrara is bribed by Venice"}, []string{"gives 2 ducats", "deployed"}, "Venice: 11 territories"},
		{game.Viewer{Seats: []string{"firenze"}}, game.English, []string{"Venice gives 2 ducats to Florence"}, []string{"deployed"}, "treasury 5 ducats"},
	} {
		rep, err := st.Results(out.Record, out.Next, c.to)
		if err != nil {
			t.Fatal(err)
		}
		ev, pos := rep.Events(c.l), rep.Position(c.l)
		if mine := rep.Orders(c.l); strings.Contains(mine, "CORROMPI") != slices.Contains(c.to.Seats, "venezia") {
			t.Errorf("%v reads the orders\n%s", c.to.Seats, mine)
		}
		for _, w := range c.want {
			if !strings.Contains(ev, w) {
				t.Errorf("%v lacks %q:\n%s", c.to.Seats, w, ev)
			}
		}
		for _, h := range c.hidden {
			if strings.Contains(ev, h) {
				t.Errorf("%v sees %q:\n%s", c.to.Seats, h, ev)
			}
		}
		if !strings.Contains(pos, c.position) || strings.Contains(pos, "CINC") && !slices.Contains(c.to.Seats, "venezia") && strings.Contains(pos, "3 GD, 8 PK") {
			t.Errorf("%v position:\n%s", c.to.Seats, pos)
		}
	}
}

// Thirty territories win at once, counted by §11's rules (R32); the game
// ends after Autunno 1512 (R33).
func TestEnd(t *testing.T) {
	for _, c := range []struct {
		phase   string
		extra   int // independent territories given to Venice, beyond its 10
		famine  bool
		winners []string
		ends    bool
	}{
		{"E1500O", 20, false, []string{"venezia"}, true},
		{"E1500O", 19, false, nil, false},
		{"E1500O", 20, true, nil, false}, // one at half
		{"A1512O", 0, false, nil, true},
	} {
		st := at(t, c.phase, func(p *Position) {
			n := 0
			for i := range italiaBoard(t).Territories {
				id := italiaBoard(t).Areas[i].ID
				if _, held := p.Control[id]; !held && n < c.extra {
					p.Control[id] = "venezia"
					n++
				}
			}
			if c.famine {
				p.Famine = []string{"padua"}
			}
		})
		var orders []game.Order
		out, err := st.Resolve(orders, dice.New(dice.Seed{}, "x"))
		if err != nil {
			t.Fatal(err)
		}
		if (out.End != nil) != c.ends || out.End != nil && !slices.Equal(out.End.Winners, c.winners) {
			t.Errorf("%s, %d more: end %+v", c.phase, c.extra, out.End)
		}
	}
}

func italiaBoard(t *testing.T) *machiavelli.Board { return mustRules(t, nil).board }

// The orders resolve the same whatever order the judge kept them in: a
// move of a contingent formed by this spring's deployment stands even
// when the deployment was written (or rewritten) after it.
func TestOrdersInAnyOrder(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	_, standing := readSheet(t, st, "venezia", sheetItalian)
	out := func(orders []game.Order) string {
		o, err := st.Resolve(orders, dice.New(dice.Seed{}, "x"))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := o.Next.Encode()
		return string(data)
	}
	reversed := slices.Clone(standing)
	slices.Reverse(reversed)
	if a, b := out(standing), out(reversed); a != b {
		t.Errorf("in order:\n%s\nreversed:\n%s", a, b)
	}
}

// The standing instructions of spec §4.2 are carried into the next phase
// (game.Outcome.Carried), and on from there, while they stand: a
// counter's goes with the counter (here a dummy unmasked, R54); the
// orders of the turn are not carried.
func TestStandingInstructionsCarried(t *testing.T) {
	st := venice1500(t, "E1500O", 40)
	st.pos.Powers[5].Counters[0].At = "vicen"
	sheet := "BATTAGLIA RIFIUTA\n#2 CEDI SE INCONTRO\nRITIRATA #3 Padova\nPERDITE FT, PK\nCEDI AGLI ALLEATI\nRECLUTA CATTURATI PK\n#1 FERMO\n#2 FERMO\n#3 - Vicenza\nTRANSITO Papato"
	_, orders := readSheet(t, st, "venezia", sheet)
	out, err := st.Resolve(orders, dice.New(dice.Seed{}, "test"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range out.Carried {
		got = append(got, o.Seat+" "+o.Key+": "+o.Text)
	}
	want := []string{"venezia battaglia: BATTAGLIA RIFIUTA", "venezia cedi #2: #2 CEDI SE INCONTRO", "venezia perdite: PERDITE FT, PK",
		"venezia cedi alleati: CEDI AGLI ALLEATI", "venezia catturati: RECLUTA CATTURATI PK"}
	if !slices.Equal(got, want) {
		t.Errorf("carried %q, want %q", got, want)
	}
	// In the autumn they stand as if written again, and are carried on.
	next := out.Next.(*State)
	again, err := next.Resolve(out.Carried, dice.New(dice.Seed{}, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Carried) != len(want) {
		t.Errorf("carried from the autumn: %+v", again.Carried)
	}
}
