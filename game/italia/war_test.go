package italia

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// The lost war (seed §6, spec §3.16, R31): checked at the end of the
// autumn; the loser pays half its income at the next taxation and gets its
// capital back when the year is out; nobody attacks the loser, nor the
// loser anyone, meanwhile.
func TestLostWar(t *testing.T) {
	// Venice ends Autunno 1500 without Venezia: it loses the war to the
	// Pope, who holds it.
	st := at(t, "A1500O", func(p *Position) { p.Control["venic"] = "papato" })
	next, events, err := play(t, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []War{{Loser: "venezia", Winner: "papato", Until: 1501, Capital: []string{"venic"}}}
	if !slices.EqualFunc(next.pos.Wars, want, func(a, b War) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
		t.Errorf("wars %+v", next.pos.Wars)
	}
	if !has(events, "Venice has lost its capital and the war to Papacy") {
		t.Errorf("events:\n%s", strings.Join(events, "\n"))
	}
	if pos := next.Position(game.Viewer{})(game.Italian); !strings.Contains(pos, "Venezia ha perso una guerra contro Papato: in pace fino al termine dell'Autunno 1501") {
		t.Errorf("position:\n%s", pos)
	}

	// Summer 1501: the Pope may not attack Venice, nor Venice anyone; it
	// may still move into independent land.
	summer := at(t, "E1501O", func(p *Position) {
		p.Control["venic"] = "papato"
		p.Wars = want
		p.Powers[5].Counters[0].At = "ferra"
	})
	for _, c := range []struct{ seat, line, refused string }{
		{"papato", "#1 - Padova", "Venice lost a war and is at peace until the end of Autunno 1501: nobody attacks it (seed §6, R31)"},
		{"venezia", "#1 - Ferrara", "you lost a war: you attack nobody"},
		{"papato", "#1 STRATEGICO Padova-Treviso", "nobody attacks it"},
		{"venezia", "#1 - Vicenza", ""},
	} {
		rs, _ := readSheet(t, summer, c.seat, c.line)
		got := ""
		if rs[0].Refused != nil {
			got = rs[0].Refused.Reason(game.English)
		}
		if c.refused == "" && got != "" || !strings.Contains(got, c.refused) {
			t.Errorf("%s %q: refused %q, want %q", c.seat, c.line, got, c.refused)
		}
	}

	// Autunno 1501: Venice pays half its taxes to the Pope, and the year
	// out, Venezia goes back to Venice.
	autumn := at(t, "A1501O", func(p *Position) {
		p.Control["venic"] = "papato"
		p.Wars = want
	})
	next, events, err = play(t, autumn, nil)
	if err != nil {
		t.Fatal(err)
	}
	income := 0
	for _, e := range events {
		fmt.Sscanf(e, "Venice collects %d ducats", &income)
	}
	tribute := income / 2
	if income == 0 || next.power("venezia").Treasury != 13+income-tribute || next.power("papato").Treasury-autumn.power("papato").Treasury <= tribute {
		t.Errorf("income %d: Venice has %d, the Pope %d", income, next.power("venezia").Treasury, next.power("papato").Treasury)
	}
	if !has(events, fmt.Sprintf("Venice pays %d ducats of tribute to Papacy", tribute)) || !has(events, "the lost war ends: Papacy hands the capital of Venice back") {
		t.Errorf("events:\n%s", strings.Join(events, "\n"))
	}
	if len(next.pos.Wars) != 0 || next.pos.Control["venic"] != "venezia" {
		t.Errorf("wars %v, Venezia %q", next.pos.Wars, next.pos.Control["venic"])
	}
}

// France's capital set is three territories: the war is lost only when
// all three are in enemy hands (an independent one is no enemy's); it is
// lost to the power holding most of them, on a tie the first to take one
// (R31).
func TestLostWarWinner(t *testing.T) {
	for _, c := range []struct {
		name    string
		holders map[string]string
		taken   map[string]int
		winner  string
	}{
		{"most of the set", map[string]string{"avign": "venezia", "marse": "impero", "prove": "impero"}, nil, "impero"},
		{"the first taker", map[string]string{"avign": "venezia", "marse": "impero", "prove": "papato"}, map[string]int{"avign": 9, "marse": 5, "prove": 7}, "impero"},
		{"an independent garrison is no enemy", map[string]string{"avign": "venezia", "marse": "impero", "prove": ""}, nil, ""},
	} {
		st := at(t, "A1500O", func(p *Position) {
			for id, who := range c.holders {
				p.Control[id] = who
				if who == "" {
					delete(p.Control, id)
				}
			}
			p.Taken = c.taken
		})
		next, _, err := play(t, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		winner := ""
		if w := lostWar(next.pos, "francia"); w != nil {
			winner = w.Winner
		}
		if winner != c.winner {
			t.Errorf("%s: France lost to %q, want %q", c.name, winner, c.winner)
		}
	}
}

// A winner who loses a war himself ends the war he won (seed §6): the
// capital goes back at once.
func TestLostWarEndsEarly(t *testing.T) {
	st := at(t, "A1501O", func(p *Position) {
		p.Wars = []War{{Loser: "francia", Winner: "impero", Until: 1502, Capital: []string{"marse"}}}
		p.Control["marse"] = "impero"
		p.Control["austr"] = "venezia"
		p.Powers[2].Counters[0].At = "carin"
	})
	next, events, err := play(t, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	if next.pos.Control["marse"] != "francia" || len(next.pos.Wars) != 1 || next.pos.Wars[0].Loser != "impero" || next.pos.Wars[0].Winner != "venezia" {
		t.Errorf("Marseille %q, wars %+v", next.pos.Control["marse"], next.pos.Wars)
	}
	if !has(events, "Empire has lost a war itself, so its war on France ends") {
		t.Errorf("events:\n%s", strings.Join(events, "\n"))
	}
}
