package diplomacy

import (
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Seating is who plays what before the game starts (game.Seater).
func (r *Rules) Seating() game.Seating {
	return r.seating(r.Arrangement(), false)
}

// Seating is who plays what now: in the two-player game Italy joins the
// side the coin favoured from Spring of the year after the first.
func (s *State) Seating() game.Seating {
	return s.r.seating(s.Arrangement(), s.ItalyJoined())
}

// seating is an arrangement in the contract's terms, with the setup
// described (seed XIV.2).
func (r *Rules) seating(a *Arrangement, joined bool) game.Seating {
	v := r.V
	out := game.Seating{Absent: map[string]game.Text{}}
	for _, side := range a.Sides {
		out.Sides = append(out.Sides, r.ids(side))
	}
	tp := r.TwoPlayer()
	var absent []variants.Power
	for p := range v.Powers {
		if !a.Absent.Has(variants.Power(p)) {
			continue
		}
		absent = append(absent, variants.Power(p))
		out.Absent[v.Powers[p].ID] = func(l game.Lang) string {
			if tp != nil && variants.Power(p) == tp.Neutral {
				return f(l, "it is neutral; from Spring %d it plays for the side the judge's coin toss favours", tp.Year+1)
			}
			return f(l, "the setup for %d players leaves it out", r.Players)
		}
	}
	if r.Players == 0 || r.Players == len(v.Powers) {
		return out
	}
	out.About = func(l game.Lang) string {
		var sides []string
		for _, side := range a.Sides {
			sides = append(sides, SideName(l, v, side))
		}
		text := f(l, "Played by %d (seed XIV.2): %s.", r.Players, strings.Join(sides, "; "))
		switch {
		case tp != nil && !joined:
			text += f(l, " %s is neutral and its land closed until Spring %d; then it joins the side the judge's coin toss favours. A side wins with %d units.", PowerName(l, v, tp.Neutral), tp.Year+1, tp.Victory)
		case tp != nil:
			text += f(l, " A side wins with %d units.", tp.Victory)
		case len(absent) > 0:
			text += f(l, " Absent: %s (the units hold).", SideName(l, v, absent))
		}
		return text
	}
	return out
}

// GuessSeat is the power a player's word names, forgiving a misspelling
// that is clearly closest to one power's name (game.Guesser).
func (r *Rules) GuessSeat(name string) (string, bool) {
	p, err := parser.Power(r.V, name)
	if err != nil {
		return "", false
	}
	return r.V.Powers[p].ID, true
}

// Prose reports that a line is plainly no order (game.Prose).
func (r *Rules) Prose(line string) bool {
	ps := parser.Orders(r.V, nil, 0, line)
	for _, p := range ps {
		if p.Err == nil || !p.Err.NotOrder {
			return false
		}
	}
	return len(ps) > 0
}

// Open: Diplomacy hides nothing, and its results read the same to
// everyone (game.Open).
func (r *Rules) Open() {}
