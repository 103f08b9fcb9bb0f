package italia

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// withScenario is a position made from the start at phase, with the
// scenario text (the shipped one for ""), and changes to it. Its cards
// are the arbiter's, as in a position from before the cards, so that a
// test counts only the events' dice (cards_test.go plays the cards).
func withScenario(t *testing.T, phase, text string, change func(*Position)) *State {
	t.Helper()
	r := mustRules(t, nil)
	var add *Scenario
	if text != "" {
		var errs []game.Text
		if add, errs = r.ReadScenario(text); len(errs) > 0 {
			t.Fatalf("scenario refused: %v", errs[0](game.English))
		}
	}
	return started(t, r, func(p *Position) {
		p.Phase = phase
		p.Cards = nil
		if add != nil {
			p.Scenario = p.Scenario.with(add)
		}
	}, change)
}

// rolled resolves st with no orders (every seat's forces hold, R34) and
// dice that fall as rolls, all of them and no more; it returns the
// outcome and what each reader reads of it.
func rolled(t *testing.T, st *State, rolls ...int) (*game.Outcome, func(game.Viewer, game.Lang) string) {
	t.Helper()
	return resolvedAs(t, st, nil, rolls...)
}

// resolvedAs resolves st with orders and dice that fall as rolls, all of
// them and no more; it returns the outcome and what each reader reads of
// it.
func resolvedAs(t *testing.T, st *State, orders []game.Order, rolls ...int) (*game.Outcome, func(game.Viewer, game.Lang) string) {
	t.Helper()
	d := dice.Given(rolls, dice.Seed{}, "test")
	out, err := st.Resolve(orders, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rolls()) != len(rolls) {
		t.Errorf("%s: rolled %v, want %d rolls", st.phase, d.Rolls(), len(rolls))
	}
	return out, func(to game.Viewer, l game.Lang) string {
		rep, err := st.Results(out.Record, out.Next, to)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Events(l)
	}
}

var master = game.Viewer{Master: true}

// The spring's events (spec §2.2, R28): at the end of the diplomacy the
// judge rolls 3D6 on the events table (the shipped one a placeholder:
// the row goes to the arbiter), then the famine table with AH's 2D6
// severity: 2-3 nothing, 4 or 7 a row, 5 or 6 a column, 8-12 both; last
// year's famine is gone first (R28).
func TestFamineTable(t *testing.T) {
	row2 := []string{"prove", "patri", "moden", "corsi", "ancon", "perug"}
	col2 := []string{"tivol", "friul", "marse", "ferra", "savoy"}
	for _, c := range []struct {
		name   string
		rolls  []int // after the event's 1, 2, 3
		famine []string
		says   string
	}{
		{"severity 2", []int{1, 1}, nil, "the famine table (R28): severity 2D6 2 (1+1): nothing this year"},
		{"severity 3", []int{2, 1}, nil, "severity 2D6 3 (2+1): nothing this year"},
		{"severity 4: a row", []int{1, 3, 1, 1}, row2, "the famine table, row 2 (2D6 1+1): Provence, Patrimonio, Modena, Corsica, Ancona, Perugia"},
		{"severity 7: a row", []int{3, 4, 6, 6}, []string{"pisa", "aquil", "avign", "lucca", "istri"}, "severity 2D6 7 (3+4): a row"},
		{"severity 5: a column", []int{2, 3, 1, 1}, col2, "the famine table, column 2 (2D6 1+1): Tivoli, Friuli, Marseille, Ferrara, Savoia"},
		{"severity 6: a column", []int{3, 3, 6, 5}, []string{"perug", "hunga", "alban", "romag", "messi"}, "severity 2D6 6 (3+3): a column"},
		{"severity 8: both", []int{4, 4, 1, 1, 1, 1}, append(slices.Clone(row2), col2...), "severity 2D6 8 (4+4): a row and a column"},
		{"severity 12: both, crossing", []int{6, 6, 6, 5, 5, 6}, []string{"venic", "carni", "messi", "perug", "hunga", "alban", "romag"}, "the famine table, row 11 (2D6 6+5): Venezia, Carniola, Messina"},
	} {
		st := withScenario(t, "P1500D", "", func(p *Position) { p.Famine = []string{"padua"} })
		out, read := rolled(t, st, append([]int{1, 2, 3}, c.rolls...)...)
		next := out.Next.(*State)
		for _, id := range c.famine {
			if !slices.Contains(next.pos.Famine, id) {
				t.Errorf("%s: no famine in %s: %v", c.name, id, next.pos.Famine)
			}
		}
		if slices.Contains(next.pos.Famine, "padua") || len(c.famine) == 0 && len(next.pos.Famine) > 0 {
			t.Errorf("%s: famine %v", c.name, next.pos.Famine)
		}
		players := read(seat("venezia"), game.English)
		mustHave(t, c.name+": the players' results", players, "the events of Spring 1500: 3D6 6 (1+2+3): row 6 of the events table, which the arbiter supplies", c.says)
		if strings.Contains(players, "the arbiter decides") {
			t.Errorf("%s: a player reads the arbiter's line:\n%s", c.name, players)
		}
		if arbiter := read(master, game.Italian); !strings.Contains(arbiter, "evento 6 uscito: riga 6 della tabella eventi, che fornisce l'arbitro: decide l'arbitro, e lo applica con EDIT") {
			t.Errorf("%s: the arbiter's results:\n%s", c.name, arbiter)
		}
	}
	// Row 11 and column 11 cross in Messina, struck once.
	st := withScenario(t, "P1500D", "", nil)
	out, read := rolled(t, st, 1, 2, 3, 6, 6, 6, 5, 5, 6)
	if got := out.Next.(*State).pos.Famine; len(got) != 3+5-1 {
		t.Errorf("famine in %v", got)
	}
	if it := read(master, game.Italian); !strings.Contains(it, "carestia in Venezia, Carniola, Messina, Perugia, Ungheria, Albania, Romagna: niente tasse, niente schieramento") {
		t.Errorf("in Italian:\n%s", it)
	}
}

// A famine struck in the spring is felt the whole year: no deployment
// there (seed §6), and the next spring's diplomacy removes it before
// rolling again (R28).
func TestFamineLastsTheYear(t *testing.T) {
	st := withScenario(t, "P1500D", "", nil)
	out, _ := rolled(t, st, 1, 2, 3, 1, 3, 1, 1) // famine on row 2: Ancona among it
	spring := out.Next.(*State)
	if !slices.Contains(spring.pos.Famine, "ancon") {
		t.Fatalf("famine %v", spring.pos.Famine)
	}
	rs, _ := readSheet(t, spring, "papato", "#1 ESERCITO IN Ancona: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART")
	if rs[0].Refused == nil || !strings.Contains(rs[0].Refused.Reason(game.English), "no counter is placed where there is famine") {
		t.Errorf("deploying in Ancona: %+v", rs[0])
	}
	year := withScenario(t, "P1501D", "", func(p *Position) { p.Famine = spring.pos.Famine })
	out, _ = rolled(t, year, 1, 2, 3, 1, 1)
	if got := out.Next.(*State).pos.Famine; len(got) != 0 {
		t.Errorf("the next year's famine %v", got)
	}
}

// The summer's events are rolled at the end of the spring's operations
// (spec §2.2): 3D6, then the plague table (R28). Every army and
// contingent in a struck territory loses an average die of elements
// (R6: 1→2, 2→3, 3→3, 4→4, 5→4, 6→5), each its own die, in its PERDITE
// order (FT first by default); a dummy loses nothing; a counter left
// without troops is gone.
func TestPlague(t *testing.T) {
	for d, lost := range []int{0, 2, 3, 3, 4, 4, 5} {
		if d == 0 {
			continue
		}
		st := withScenario(t, "P1499O", "", nil) // no expenses: the elements are the start's
		// Severity 4, row 6: Torino, Siena, Messina, Padova (Venice's
		// army), Austria (the Empire's), Ferrara, Ragusa.
		out, read := rolled(t, st, 1, 2, 3, 1, 3, 3, 3, d, 6)
		next := out.Next.(*State)
		army := next.power("venezia").counter(1)
		if army == nil || army.Elements[FT] != 7-lost || army.Elements.Total() != 21-lost {
			t.Errorf("D6 %d: Venice's army %+v, want %d lost", d, army, lost)
		}
		if got := next.power("impero").counter(1).Elements.Total(); got != 21-5 {
			t.Errorf("D6 6: the Empire's army has %d elements", got)
		}
		mustHave(t, fmt.Sprintf("D6 %d: the results", d), read(seat("papato"), game.English),
			"the events of Summer 1499: 3D6 6 (1+2+3)",
			"the plague table (R28): severity 2D6 4 (1+3): a row",
			"the plague table, row 6 (2D6 3+3): Torino, Siena, Messina, Padova, Austria, Ferrara, Ragusa",
			"plague in Torino, Siena, Messina, Padova, Austria, Ferrara, Ragusa (seed §6)",
			fmt.Sprintf("plague in Padova: Venice #1 loses %d elements (average die: D6 %d, R6)", lost, d),
			"plague in Austria: Empire #1 loses 5 elements (average die: D6 6, R6)")
		if it := read(game.Viewer{Seats: []string{"venezia"}}, game.Italian); !strings.Contains(it, "peste in Padova: Venezia #1 perde") {
			t.Errorf("in Italian:\n%s", it)
		}
	}
	// A contingent of 4 in Verona loses all it has on a 6 and is gone;
	// the dummy in Treviso rolls nothing.
	st := withScenario(t, "P1499O", "", func(p *Position) {
		p.power("venezia").Counters = []Counter{
			{N: 1, Kind: Army, At: "padua", Elements: Elements{CINC: 1, GD: 3, PK: 6, FT: 5, ART: 1}},
			{N: 2, Kind: Contingent, At: "veron", Elements: Elements{CL: 2, FT: 2}},
			{N: 3, Kind: Dummy, At: "trevi"},
		}
	})
	// Severity 8, row 10 (Treviso among it), column 4 (Verona among it).
	out, read := rolled(t, st, 1, 2, 3, 4, 4, 5, 5, 2, 2, 6)
	v := out.Next.(*State).power("venezia")
	if v.counter(2) != nil || v.counter(3) == nil || v.counter(1).Elements.Total() != 16 {
		t.Errorf("Venice's counters %+v", v.Counters)
	}
	if ev := read(master, game.English); !strings.Contains(ev, "plague in Verona: Venice #2 loses 4 elements (average die: D6 6, R6)") || !strings.Contains(ev, "Venice #2 is no more") {
		t.Errorf("the contingent:\n%s", ev)
	}
}

// The effects of an arbiter's events table (arbiterScenario), rolled in
// the autumn's events (at the end of the summer's operations, where no
// disaster table rolls by R28): each kind the engine applies, the
// players reading the roll and the arbiter's text.
func TestEventEffects(t *testing.T) {
	for _, c := range []struct {
		name   string
		rolls  []int
		change func(*Position)
		says   []string
		check  func(*State) bool
	}{
		{"none", []int{1, 1, 1}, nil, []string{"the events of Autumn 1500: 3D6 3 (1+1+1): Anno tranquillo"},
			func(s *State) bool { return len(s.pos.Famine)+len(s.pos.Revolts)+len(s.pos.Sack) == 0 }},
		{"famine in a territory", []int{1, 1, 2}, nil, []string{"3D6 4 (1+1+2): Carestia nel ferrarese", "famine in Ferrara: no taxes"},
			func(s *State) bool { return slices.Equal(s.pos.Famine, []string{"ferra"}) }},
		{"plague in a territory", []int{1, 1, 3, 4}, nil, []string{"3D6 5 (1+1+3): La peste a Padova", "plague in Padova: Venice #1 loses 4 elements (average die: D6 4, R6)"},
			func(s *State) bool { return s.power("venezia").counter(1).Elements.Total() == 17 }},
		{"revolt", []int{1, 1, 4}, nil, []string{"I baroni di Puglia si ribellano", "Bari rises in revolt: an event, which no defensive operation parries (seed §6)"},
			func(s *State) bool { return s.inRevolt("bari") && s.pos.Control["bari"] == "francia" }},
		{"revolt already", []int{1, 1, 4}, func(p *Position) { p.Revolts = []Revolt{{At: "bari", By: "papato"}} }, []string{"Bari is in revolt already"},
			func(s *State) bool { return len(s.pos.Revolts) == 1 && s.pos.Revolts[0].By == "papato" }},
		{"revolt in independent land", []int{5, 5, 1}, nil, []string{"3D6 11 (5+5+1): Mantova in rivolta", "Mantova is independent: the revolt changes nothing"},
			func(s *State) bool { return len(s.pos.Revolts) == 0 }},
		{"sack, no text", []int{2, 2, 3}, nil, []string{"3D6 7 (2+2+3): sack in Otranto", "Otranto is sacked: no taxes"},
			func(s *State) bool { return slices.Equal(s.pos.Sack, []string{"otran"}) }},
		{"a raid on the 2D6 raids table", []int{2, 3, 3, 6, 5}, nil, []string{"3D6 8 (2+3+3): I Turchi sulle coste", "a Turkish raid: 2D6 11 (6+5): razzia su Otranto (11)", "Otranto is sacked"},
			func(s *State) bool { return slices.Equal(s.pos.Sack, []string{"otran"}) }},
		{"a raid where Otranto is sacked", []int{2, 3, 3, 1, 1}, func(p *Position) { p.Sack = []string{"otran"} }, []string{"Otranto is sacked already"},
			func(s *State) bool { return len(s.pos.Sack) == 1 }},
		{"the famine table", []int{3, 3, 3, 1, 3, 1, 1}, nil, []string{"3D6 9 (3+3+3): Anno di carestia", "the famine table (R28): severity 2D6 4 (1+3): a row"},
			func(s *State) bool { return len(s.pos.Famine) == 6 }},
		{"the plague table, no text", []int{3, 3, 4, 1, 1}, nil, []string{"3D6 10 (3+3+4): the plague table is rolled", "severity 2D6 2 (1+1): nothing this year"},
			func(s *State) bool { return true }},
		{"the arbiter's", []int{6, 6, 6}, nil, []string{"3D6 18 (6+6+6): Morte di un cardinale (18)"},
			func(s *State) bool { return len(s.pos.Famine)+len(s.pos.Revolts)+len(s.pos.Sack) == 0 }},
	} {
		st := withScenario(t, "E1500O", arbiterScenario(), c.change)
		out, read := rolled(t, st, c.rolls...)
		players := read(seat("papato"), game.English)
		mustHave(t, c.name+": the results", players, c.says...)
		if !c.check(out.Next.(*State)) {
			t.Errorf("%s: the position after: %+v", c.name, out.Next.(*State).pos)
		}
		arbiter := read(master, game.English)
		if mine := strings.Contains(arbiter, "rolled: Morte di un cardinale (18): the arbiter decides, and applies it with EDIT"); mine != (c.name == "the arbiter's") || strings.Contains(players, "the arbiter decides") {
			t.Errorf("%s: the arbiter's line:\n%s", c.name, arbiter)
		}
	}
}

// The raids table's dice are its rows': the shipped one, 1 to 6, rolls a
// D6 and leaves the row to the arbiter; a 3-18 table rolls 3D6.
func TestRaidDice(t *testing.T) {
	var raid []string
	for n := 3; n <= 18; n++ {
		raid = append(raid, fmt.Sprintf("EVENT %d RAID", n))
	}
	st := withScenario(t, "E1500O", strings.Join(raid, "\n"), nil)
	_, read := rolled(t, st, 1, 2, 3, 4)
	if ev := read(master, game.English); !strings.Contains(ev, "a Turkish raid: 1D6 4 (4): row 4 of the raids table, which the arbiter supplies") || !strings.Contains(ev, "raid 4 rolled: row 4 of the raids table") {
		t.Errorf("the shipped raids table:\n%s", ev)
	}
	var rows []string
	for n := 3; n <= 18; n++ {
		rows = append(rows, fmt.Sprintf("RAID %d NONE : nulla", n))
	}
	st = withScenario(t, "E1500O", strings.Join(append(raid, rows...), "\n"), nil)
	_, read = rolled(t, st, 1, 2, 3, 6, 6, 6)
	if ev := read(master, game.Italian); !strings.Contains(ev, "un raid turco: 3D6 18 (6+6+6): nulla") {
		t.Errorf("a 3D6 raids table:\n%s", ev)
	}
}

// When the events are rolled: the spring's after its diplomacy (famine),
// the summer's after the spring's operations (plague), the autumn's after
// the summer's (3D6 alone); none after the autumn's, whose next turn is
// the diplomacy; none once the game is over; and with DISASTERS EVENTS
// the tables roll only when an event says so.
func TestWhenEventsRoll(t *testing.T) {
	for _, c := range []struct {
		phase, scenario string
		rolls           []int
		change          func(*Position)
	}{
		{"P1500D", "", []int{1, 1, 1, 1, 1}, nil},
		{"P1500O", "", []int{1, 1, 1, 1, 1}, nil},
		{"E1500O", "", []int{1, 1, 1}, nil},
		{"A1500O", "", nil, nil},
		{"P1500D", "DISASTERS EVENTS", []int{1, 1, 1}, nil},
		{"P1500O", "DISASTRI EVENTI", []int{1, 1, 1}, nil},
		// Thirty territories: Venice wins in the summer, and the autumn
		// has no events.
		{"E1500O", "", nil, func(p *Position) {
			n := 0
			for i := range italiaBoard(t).Territories {
				if id := italiaBoard(t).Areas[i].ID; p.Control[id] == "" && n < 20 {
					p.Control[id] = "venezia"
					n++
				}
			}
		}},
	} {
		st := withScenario(t, c.phase, c.scenario, c.change)
		out, _ := rolled(t, st, c.rolls...)
		if c.change != nil && (out.End == nil || out.End.Winners[0] != "venezia") {
			t.Errorf("%s: end %+v", c.phase, out.End)
		}
	}
}
