package italia

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// Strategic moves (seed §7, spec §3.6.2, R19, R20) and maritime moves
// (spec §3.6.3-4, R22, R23), each with the dice it rolls, in order.
func TestStrategicAndMaritime(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(*Position)
		sheets map[string]string
		rolls  []int
		want   map[counterKey]string // where counters end
		events []string
		check  func(*State) string
	}{
		{name: "through own land, no dice",
			sheets: map[string]string{"venezia": "#1 STRATEGICO Vicenza-Treviso-Friuli"},
			want:   map[counterKey]string{{"venezia", 1}: "friul"},
			check: func(s *State) string {
				rs, _ := s.Read([]string{"venezia"}, "#1 STRATEGICO Treviso-Vicenza", nil)
				if r := rs[0]; r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), "moved strategically last turn") {
					return "no strategic move two turns running"
				}
				return ""
			}},
		{name: "an independent territory on the way: stop on 1-2",
			sheets: map[string]string{"venezia": "#1 STRATEGICO Ferrara-Mantova"},
			rolls:  []int{2},
			want:   map[counterKey]string{{"venezia", 1}: "ferra"},
			events: []string{"Venice #1 must stop in Ferrara (D6 2"}},
		{name: "an independent territory on the way: on 3-6 go on",
			sheets: map[string]string{"venezia": "#1 STRATEGICO Ferrara-Mantova"},
			rolls:  []int{3},
			want:   map[counterKey]string{{"venezia", 1}: "mantu"}},
		{name: "a hostile counter on the way stops the move, and they meet",
			change: func(p *Position) {
				p.Powers[5].Counters = append(p.Powers[5].Counters, Counter{N: 2, Kind: Contingent, At: "ferra", Elements: Elements{PK: 3}})
			},
			sheets: map[string]string{"venezia": "#1 STRATEGICO Ferrara-Mantova"},
			want:   map[counterKey]string{{"venezia", 1}: "ferra", {"papato", 2}: "bolog"},
			events: []string{"Papacy #2 falls back before an army"}},
		{name: "famine on the way costs attrition",
			change: func(p *Position) { p.Famine = []string{"vicen"} },
			sheets: map[string]string{"venezia": "#1 STRATEGICO Vicenza-Treviso"},
			rolls:  []int{4},
			events: []string{"Venice #1 suffers attrition (famine, revolt or sack on the way, D6 4): 2 elements lost"}},
		{name: "control changes only where the move stops; an Ottoman roll per Balkan state entered",
			sheets: map[string]string{"impero": "#1 STRATEGICO Slavonia-Carniola"},
			rolls:  []int{3, 1, 1},
			want:   map[counterKey]string{{"impero", 1}: "carni"},
			check: func(s *State) string {
				if s.pos.Control["slavo"] != "" || s.pos.OttomansActive {
					return "Slavonia passed through stays independent, the Ottomans still"
				}
				return ""
			}},
		{name: "a transport to an ally's port with leave",
			change: func(p *Position) {
				p.Powers[3].Counters[0].At = "venic"
				p.Alliances = [][2]string{{"venezia", "papato"}}
				p.Transit = map[string][]string{"papato": {"venezia"}}
			},
			sheets: map[string]string{"venezia": "F1 TRASPORTA #1 DA Venezia A Ancona"},
			want:   map[counterKey]string{{"venezia", 1}: "ancon"}},
		{name: "an assault with no protector lands",
			change: func(p *Position) { p.Powers[3].Counters[0].At = "venic" },
			sheets: map[string]string{"venezia": "F1 ASSALTO #1 DA Venezia SU Ferrara"},
			want:   map[counterKey]string{{"venezia", 1}: "ferra"}},
		{name: "an assault beaten off: 3 with one fleet against one",
			change: func(p *Position) { p.Powers[3].Counters[0].At = "venic"; p.Powers[5].Fleets[0].At = "UA" },
			sheets: map[string]string{"venezia": "F1 ASSALTO #1 DA Venezia SU Ancona"},
			rolls:  []int{3},
			want:   map[counterKey]string{{"venezia", 1}: "venic"},
			events: []string{"Venice's assault from Alto Adriatico is beaten off (D6 3, 1 fleets against 1"}},
		{name: "an assault that gets through: 4",
			change: func(p *Position) { p.Powers[3].Counters[0].At = "venic"; p.Powers[5].Fleets[0].At = "UA" },
			sheets: map[string]string{"venezia": "F1 ASSALTO #1 DA Venezia SU Ancona"},
			rolls:  []int{4},
			want:   map[counterKey]string{{"venezia", 1}: "ancon"}},
	} {
		st := at(t, "E1500O", c.change)
		next, events, err := play(t, st, c.sheets, c.rolls...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for k, where := range c.want {
			if ct := next.power(k.power).counter(k.n); ct == nil || ct.At != where {
				t.Errorf("%s: %v ends %+v, want in %s\n%s", c.name, k, ct, where, strings.Join(events, "\n"))
			}
		}
		for _, e := range c.events {
			if !has(events, e) {
				t.Errorf("%s: no %q in\n%s", c.name, e, strings.Join(events, "\n"))
			}
		}
		if c.check != nil {
			if msg := c.check(next); msg != "" {
				t.Errorf("%s: %s", c.name, msg)
			}
		}
	}
}
