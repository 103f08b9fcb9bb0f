package italia

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// Results writes a resolved phase for one reader: his own powers' orders
// (the game master's: all), what happened that the reader may see (the public events; his own power's private ones; all of
// them for the game master), and the position after it, with his own
// treasury and counters.
func (s *State) Results(data []byte, next game.State, to game.Viewer) (game.Report, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return game.Report{}, fmt.Errorf("phase record: %w", err)
	}
	var seen []event
	for _, e := range rec.Events {
		if to.Master || len(e.To) == 0 || slices.ContainsFunc(e.To, func(p string) bool { return slices.Contains(to.Seats, p) }) {
			seen = append(seen, e)
		}
	}
	rep := game.Report{Orders: func(l game.Lang) string {
		var b strings.Builder
		for _, p := range powers {
			if lines := rec.Orders[p.ID]; len(lines) > 0 && owns(to, p.ID) {
				b.WriteString(powerName(l, p.ID) + ":\n  " + strings.Join(lines, "\n  ") + "\n")
			}
		}
		return b.String()
	}, Events: func(l game.Lang) string {
		var b strings.Builder
		for _, e := range seen {
			// The master reads every private line, with whom it is for
			// where the line does not name him ("you draw card 23"); a
			// line for him alone (arbiterOnly) is his, and goes as it is.
			readers := slices.DeleteFunc(slices.Clone(e.To), func(id string) bool { return id == arbiterOnly })
			if to.Master && len(readers) > 0 && !slices.ContainsFunc(readers, func(id string) bool { return slices.Contains(e.Args, "p:"+id) }) {
				names := make([]string, len(readers))
				for i, id := range readers {
					names[i] = powerName(l, id)
				}
				b.WriteString(f(l, "to %s: ", strings.Join(names, ", ")))
			}
			b.WriteString(s.eventText(l, e) + "\n")
		}
		return b.String()
	}}
	if n, ok := next.(*State); ok {
		rep.Position = func(l game.Lang) string { return n.position(l, to) }
	}
	return rep, nil
}

// owns reports whether reader to reads what only power's player may: the
// arbiter does, and the player of one of its seats.
func owns(to game.Viewer, power string) bool {
	return to.Master || slices.Contains(to.Seats, power)
}

// eventText writes an event in l.
func (s *State) eventText(l game.Lang, e event) string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		switch {
		case strings.HasPrefix(a, "p:"):
			args[i] = powerName(l, a[2:])
		case strings.HasPrefix(a, "a:"):
			args[i] = s.r.board.Areas[s.area(a[2:])].Italian
		case strings.HasPrefix(a, "l:"):
			en, it, _ := strings.Cut(a[2:], "\x1f")
			args[i] = en
			if l == game.Italian {
				args[i] = it
			}
		default:
			args[i] = a
		}
	}
	return f(l, e.Text, args...)
}

// position writes the position for a reader: each power's territories
// and counters as everyone sees them (spec §3.22), and the reader's own
// treasury and forces.
func (s *State) position(l game.Lang, to game.Viewer) string {
	b := s.r.board
	var out strings.Builder
	for _, p := range s.pos.Powers {
		var ts []string
		for i := range b.Territories {
			if s.pos.Control[b.Areas[i].ID] == p.ID {
				ts = append(ts, b.Areas[i].Italian)
			}
		}
		var forces []string
		for _, c := range p.Counters {
			forces = append(forces, fmt.Sprintf("#%d %s", c.N, b.Areas[s.area(c.At)].Italian))
		}
		for _, fl := range p.Fleets {
			forces = append(forces, fmt.Sprintf("F%d %s", fl.N, b.Areas[s.area(fl.At)].Italian))
		}
		held := f(l, "%d territories", len(ts))
		if len(ts) == 1 {
			held = t(l, "1 territory")
		}
		line := fmt.Sprintf("%s: %s (%s)", powerName(l, p.ID), held, strings.Join(ts, ", "))
		if len(forces) > 0 {
			line += "; " + strings.Join(forces, ", ")
		}
		out.WriteString(line + "\n")
		if owns(to, p.ID) {
			out.WriteString(f(l, "  treasury %d ducats\n", p.Treasury))
			for _, c := range p.Counters {
				out.WriteString("  " + s.counterText(l, c) + "\n")
			}
			out.WriteString(s.handText(l, p))
		}
	}
	for _, w := range s.pos.Wars {
		out.WriteString(f(l, "%s lost a war to %s: at peace until the end of Autunno %d (seed §6)\n", powerName(l, w.Loser), powerName(l, w.Winner), w.Until))
	}
	for _, id := range s.pos.TwoCityYear {
		out.WriteString(f(l, "%s has met the two-city precondition of victory (seed §11)\n", powerName(l, id)))
	}
	out.WriteString(s.battlesText(l))
	out.WriteString(s.cardsText(l, to))
	if s.pos.Battles != nil {
		out.WriteString(f(l, "Battle tickets of %s, for the arbiter:\n", s.phase.Turn().Title(l)))
		out.WriteString(s.ticketsText(l, to))
	}
	s.scenarioLines(&out, l, to)
	return out.String()
}

// Position is the state as the reader may see it (game.State): the
// board, the treasuries and what only the reader's own powers know.
func (s *State) Position(to game.Viewer) game.Text {
	return func(l game.Lang) string { return s.position(l, to) }
}
