package italia

import (
	"strings"
	"testing"
)

// Meetings, the double roll, retreats and the abstract battle (seed §7,
// §8; spec §3.9, §3.10, Appendix C), each with the dice it rolls, in
// order. Venice has its army in Padova, a contingent in Verona and a
// dummy in Treviso; the army moves into Ferrara (independent), where the
// Pope has a force unless the case says otherwise.
func TestMeetings(t *testing.T) {
	papal := func(kind CounterKind, at string, es Elements) func(*Position) {
		return func(p *Position) {
			p.Powers[5].Counters = append(p.Powers[5].Counters, Counter{N: 2, Kind: kind, At: at, Elements: es})
		}
	}
	contingent := Elements{PK: 3, FT: 1}
	imperial := func(at string) func(*Position) {
		return func(p *Position) {
			p.Powers[2].Counters = append(p.Powers[2].Counters, Counter{N: 2, Kind: Contingent, At: at, Elements: Elements{PK: 3}})
		}
	}
	// A Papal army worth 18 in Ferrara: comparable with Venice's 35.
	smallPapalArmy := func(p *Position) {
		p.Powers[5].Counters[0] = Counter{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 4, PK: 3}}
	}
	for _, c := range []struct {
		name   string
		change []func(*Position)
		sheets map[string]string
		rolls  []int
		events []string
		check  func(*State) string
	}{
		{name: "an army drives a contingent off",
			change: []func(*Position){papal(Contingent, "ferra", contingent)},
			sheets: map[string]string{"venezia": "#1 - Ferrara"},
			events: []string{"Papacy #2 falls back before an army", "Papacy #2 withdraws: Ferrara -> Bologna"}},
		{name: "two contingents duel: a tie rolled again, the loser loses one element",
			change: []func(*Position){papal(Contingent, "mantu", Elements{PK: 3})},
			sheets: map[string]string{"venezia": "#2 - Mantova"},
			rolls:  []int{3, 4, 5, 2},
			events: []string{"in Mantova Venice #2 beats Papacy #2 (6 against 2", "Papacy #2 withdraws: Mantova -> Bologna"},
			check: func(s *State) string {
				if ct := s.power("papato").counter(2); ct == nil || ct.Elements != (Elements{PK: 2}) {
					return "the loser keeps 2 PK"
				}
				return ""
			}},
		{name: "a concession",
			change: []func(*Position){papal(Contingent, "mantu", Elements{PK: 3})},
			sheets: map[string]string{"venezia": "#2 - Mantova\n#2 CEDI SE INCONTRO"},
			events: []string{"Venice #2 concedes Mantova and withdraws", "Venice #2 withdraws: Mantova -> Verona"}},
		{name: "allies: the smaller gives way",
			change: []func(*Position){papal(Contingent, "bolog", contingent), func(p *Position) { p.Alliances = [][2]string{{"venezia", "papato"}} }},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#2 - Ferrara"},
			events: []string{"Papacy #2 gives way to its ally", "Papacy #2 withdraws: Ferrara -> Bologna"}},
		{name: "a dummy meets an enemy",
			change: []func(*Position){func(p *Position) { p.Powers[2].Counters[0].At = "friul" }},
			sheets: map[string]string{"impero": "#1 - Treviso"},
			events: []string{"Venice #3 in Treviso was a dummy, and is removed"},
			check: func(s *State) string {
				if s.power("venezia").counter(3) != nil {
					return "the dummy stays"
				}
				return ""
			}},
		{name: "armies not comparable: the weaker withdraws with attrition",
			change: []func(*Position){func(p *Position) {
				p.Powers[5].Counters[0] = Counter{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, PK: 3, FT: 2}}
			}},
			sheets: map[string]string{"venezia": "#1 - Ferrara"},
			rolls:  []int{2},
			events: []string{"the armies are not comparable (35 against 8, R17): Papacy withdraws", "Papacy #1 suffers attrition (withdrawal before a stronger army, D6 2): 1 elements lost"}},
		{name: "a refused battle",
			change: []func(*Position){func(p *Position) { p.Powers[5].Counters[0].At = "ferra" }},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "BATTAGLIA RIFIUTA"},
			rolls:  []int{6},
			events: []string{"in Ferrara Papacy refuses battle and withdraws", "Papacy #1 suffers attrition (refusing battle, D6 6): 3 elements lost"}},
		{name: "a battle: the attacker routs the defender in two turns",
			change: []func(*Position){smallPapalArmy},
			sheets: map[string]string{"venezia": "#1 - Ferrara"},
			rolls:  []int{6, 1, 6, 1},
			events: []string{"battle in Ferrara: Venice routs Papacy (losses 0 and 4", "Papacy #1 withdraws: Ferrara -> Bologna", "Venice takes Ferrara"},
			check: func(s *State) string {
				if s.pos.Control["ferra"] != "venezia" || s.power("papato").counter(1).Elements != (Elements{CINC: 1, GD: 3}) {
					return "Ferrara is Venice's, the Pope keeps 3 GD"
				}
				return ""
			}},
		{name: "a reinforcement comes: a supporting contingent on 5",
			change: []func(*Position){smallPapalArmy, papal(Contingent, "bolog", contingent)},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#2 FERMO SUPPORTA #1"},
			rolls:  []int{1, 1, 5, 1, 1, 1, 1},
			events: []string{"battle in Ferrara: Venice routs Papacy (losses 0 and 3", "#2 joins #1 in Bologna"},
			check: func(s *State) string {
				// The army took the losses (ruling): its 3 PK in three
				// turns, then joins its contingent where it withdraws (R37).
				if ct := s.power("papato").counter(1); ct.Elements != (Elements{CINC: 1, GD: 4, PK: 3, FT: 1}) {
					return "the army takes the losses first"
				}
				return ""
			}},
		{name: "the double roll holds the defender",
			change: []func(*Position){papal(Contingent, "ferra", contingent)},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#2 - Bologna"},
			rolls:  []int{4, 2},
			events: []string{"Papacy #2 is held in Ferrara by Venice's attack (D6 4 against 2", "Papacy #2 falls back before an army"}},
		{name: "the defender leaves before the attack",
			change: []func(*Position){papal(Contingent, "ferra", contingent)},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#2 - Bologna"},
			rolls:  []int{3, 2},
			events: []string{"Papacy #2 leaves Ferrara before Venice's attack (D6 3 against 2"}},
		{name: "the defender waits",
			change: []func(*Position){papal(Contingent, "ferra", contingent)},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#2 - Bologna ATTENDI"},
			rolls:  []int{3, 2},
			events: []string{"Papacy #2 waits in Ferrara for Venice's attack", "Papacy #2 falls back before an army"}},
		// Three powers (ruling beyond spec §3.9): the Pope's contingent
		// held Ferrara; the Emperor's arrives first in the seed's order
		// and wins the duel; Venice's army then drives it off.
		{name: "three powers: the holder meets each arrival in turn",
			change: []func(*Position){papal(Contingent, "ferra", Elements{PK: 3}), imperial("mantu")},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "impero": "#2 - Ferrara"},
			rolls:  []int{6, 1},
			events: []string{"in Ferrara Empire #2 beats Papacy #2 (6 against 1", "Papacy #2 withdraws: Ferrara -> Bologna", "Empire #2 falls back before an army", "Empire #2 withdraws: Ferrara -> Mantova"},
			check: func(s *State) string {
				if s.power("venezia").counter(1).At != "ferra" || s.power("impero").counter(2).At != "mantu" || s.power("papato").counter(2).Elements != (Elements{PK: 2}) {
					return "Venice's army holds Ferrara alone"
				}
				return ""
			}},
		{name: "three powers: whoever holds the field meets the next",
			change: []func(*Position){papal(Contingent, "ferra", Elements{PK: 3}), imperial("mantu")},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "impero": "#2 - Ferrara"},
			rolls:  []int{1, 6},
			events: []string{"in Ferrara Papacy #2 beats Empire #2 (6 against 1", "Empire #2 withdraws: Ferrara -> Mantova", "Papacy #2 falls back before an army"}},
		{name: "three powers, two of them allied: the ally gives way, then the enemy is met",
			change: []func(*Position){papal(Contingent, "ferra", Elements{PK: 3}), imperial("mantu"),
				func(p *Position) { p.Alliances = [][2]string{{"impero", "papato"}} }},
			sheets: map[string]string{"venezia": "#1 - Ferrara", "impero": "#2 - Ferrara"},
			events: []string{"Empire #2 gives way to its ally", "Papacy #2 falls back before an army"}},
	} {
		st := at(t, "E1500O", func(p *Position) {
			p.Powers[3].Counters = append(p.Powers[3].Counters,
				Counter{N: 2, Kind: Contingent, At: "veron", Elements: Elements{CL: 2, FT: 2}},
				Counter{N: 3, Kind: Dummy, At: "trevi"})
			for _, ch := range c.change {
				ch(p)
			}
		})
		next, events, err := play(t, st, c.sheets, c.rolls...)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for _, e := range c.events {
			if !has(events, e) {
				t.Errorf("%s: no %q in\n%s", c.name, e, strings.Join(events, "\n"))
			}
		}
		if c.check != nil {
			if msg := c.check(next); msg != "" {
				t.Errorf("%s: %s\n%s", c.name, msg, strings.Join(events, "\n"))
			}
		}
	}
}
