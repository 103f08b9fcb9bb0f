package diplomacy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Read reads a line of orders for each power of side, each fragment for
// the first power it is legal for, side[0]'s first. A player of several
// powers (seed XIV.2) writes their orders together. Each order is judged
// at once, against the position and the power's other standing orders,
// so that the player learns at once what will not do; an order written
// with the wrong unit type ("F Mar" for the army there) has one reading,
// the real unit (rulebook VII.4), and the reading notes it.
func (s *State) Read(side []string, line string, standing []game.Order) ([]game.Reading, error) {
	v := s.r.V
	var powers []variants.Power
	for _, id := range side {
		if p := v.PowerByID(id); p != variants.NoPower {
			powers = append(powers, p)
		}
	}
	if len(powers) == 0 {
		return nil, nil
	}
	sets := map[variants.Power]*standingSet{}
	for _, p := range powers {
		st, err := s.standingSet(p, standing)
		if err != nil {
			return nil, err
		}
		sets[p] = st
	}
	var out []game.Reading
	for _, cands := range s.readLine(powers, line) {
		r, err := s.choose(cands, sets)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// standingSet is a power's standing orders as the adjudicator reads them.
type standingSet struct {
	keys   []string
	orders []adjudicator.Order
}

// standingSet reads back power p's standing orders; an order that no
// longer reads is left out, and the error names the first such.
func (s *State) standingSet(p variants.Power, standing []game.Order) (*standingSet, error) {
	st := &standingSet{}
	var first error
	id := s.r.V.Powers[p].ID
	for _, o := range standing {
		if o.Seat != id {
			continue
		}
		ao, err := parser.Order(s.r.V, s.pos, p, o.Text)
		if err != nil {
			if first == nil {
				first = fmt.Errorf("stored order %q no longer reads: %w", o.Text, err)
			}
			continue
		}
		st.keys = append(st.keys, o.Key)
		st.orders = append(st.orders, ao)
	}
	return st, first
}

// with returns the order set with o put in place of the order of the
// same key.
func (st *standingSet) with(key string, o adjudicator.Order) ([]string, []adjudicator.Order) {
	keys := slices.Clone(st.keys)
	orders := slices.Clone(st.orders)
	if i := slices.Index(keys, key); i >= 0 {
		keys = slices.Delete(keys, i, i+1)
		orders = slices.Delete(orders, i, i+1)
	}
	return append(keys, key), append(orders, o)
}

// waives counts the standing WAIVE orders, for the next one's key.
func (st *standingSet) waives() int {
	n := 0
	for _, k := range st.keys {
		if strings.HasPrefix(k, "waive ") {
			n++
		}
	}
	return n
}

// candidate is one reading of an order fragment, for one power.
type candidate struct {
	parser.Parsed
	power variants.Power
}

// readLine reads a line for each power of side. Each fragment comes with
// its readings, in side's order; when the readings split the line
// differently only the first power's are kept.
func (s *State) readLine(side []variants.Power, line string) [][]candidate {
	runs := make([][]parser.Parsed, len(side))
	for i, p := range side {
		runs[i] = parser.Orders(s.r.V, s.pos, p, line)
	}
	for _, run := range runs[1:] {
		if len(run) != len(runs[0]) {
			side, runs = side[:1], runs[:1]
			break
		}
	}
	out := make([][]candidate, len(runs[0]))
	for k := range out {
		for i, run := range runs {
			out[k] = append(out[k], candidate{Parsed: run[k], power: side[i]})
		}
	}
	return out
}

// choose takes the first reading of a fragment that makes a legal order
// with its power's standing orders, and puts it among them; else it
// refuses the fragment with the most telling reason.
func (s *State) choose(cands []candidate, sets map[variants.Power]*standingSet) (game.Reading, error) {
	v := s.r.V
	written := cands[0].Text
	if notOrders(cands) {
		return game.Reading{Written: written, Refused: &game.Refusal{NotOrder: true, Reason: refusalText(cands[0].Err)}}, nil
	}
	var refusal game.Text
	better := false
	for i, c := range cands {
		if c.Err != nil {
			if i == 0 {
				refusal = refusalText(c.Err)
			}
			continue
		}
		o := c.Order
		note := trueTypes(v, s.pos, &o)
		st := sets[c.power]
		key := OrderKey(v, o, st.waives())
		keys, orders := st.with(key, o)
		res, err := adjudicator.Resolve(v, s.r.Edition, s.pos, orders)
		if err != nil {
			return game.Reading{}, err
		}
		canon := parser.Format(v, o)
		if r := res.Results[len(orders)-1]; r.Outcome == adjudicator.Invalid {
			// Another power's unit or none: the refusal of the power the
			// order was meant for says more.
			if !better && (i == 0 || (r.Reason != adjudicator.NotYours && r.Reason != adjudicator.NoUnit)) {
				reason := r.Reason.String()
				refusal = func(l game.Lang) string { return fmt.Sprintf("%s (%s)", reasonIn(l, reason), canon) }
				better = i > 0
			}
			continue
		}
		st.keys, st.orders = keys, orders
		return game.Reading{Written: c.Text, Order: game.Order{Seat: v.Powers[c.power].ID, Key: key, Text: canon}, Note: note}, nil
	}
	return game.Reading{Written: written, Refused: &game.Refusal{Reason: refusal}}, nil
}

// refusalText is the parser's refusal, in the reader's language.
func refusalText(r *parser.Refusal) game.Text {
	return func(l game.Lang) string { return refusalIn(l, r) }
}

// notOrders reports that every reading of a fragment found it plainly no
// order (a greeting, a signature).
func notOrders(cands []candidate) bool {
	for _, c := range cands {
		if c.Err == nil || !c.Err.NotOrder {
			return false
		}
	}
	return len(cands) > 0
}

// OrderKey says which earlier order an order replaces: the one for the
// same unit, or in winter the one for the same centre; the next WAIVE
// after waives others.
func OrderKey(v *variants.Variant, o adjudicator.Order, waives int) string {
	switch o.Type {
	case adjudicator.Build:
		return "build " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Remove:
		return "remove " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Waive:
		return fmt.Sprintf("waive %d", waives+1)
	}
	return v.Locs[v.Province(o.Loc)].ID
}

// trueTypes sets the unit types an order writes against the position to
// the units that stand there, and says what it changed (nil for
// nothing).
func trueTypes(v *variants.Variant, pos *adjudicator.Position, o *adjudicator.Order) game.Text {
	type fixed struct {
		wrote variants.UnitType
		at    string
		is    variants.UnitType
	}
	var fixes []fixed
	fix := func(ut *variants.UnitType, at variants.Loc) {
		if *ut == variants.NoType || at == variants.NoLoc || int(at) >= len(v.Locs) {
			return
		}
		u, ok := unitAt(v, pos, at)
		if ok && u.Type != *ut {
			fixes = append(fixes, fixed{*ut, v.Locs[v.Province(at)].ID, u.Type})
			*ut = u.Type
		}
	}
	switch o.Type {
	case adjudicator.Build, adjudicator.Waive:
		return nil
	case adjudicator.Support, adjudicator.Convoy:
		fix(&o.TargetUnit, o.Target)
	}
	fix(&o.Unit, o.Loc)
	if len(fixes) == 0 {
		return nil
	}
	return func(l game.Lang) string {
		notes := make([]string, len(fixes))
		for i, x := range fixes {
			notes[i] = f(l, "you wrote %s %s, but the unit in %s is %s", x.wrote, x.at, x.at, unit(l, x.is))
		}
		return " (" + strings.Join(notes, "; ") + ")"
	}
}

// unitAt is the unit standing in loc's province, the dislodged one in a
// retreat phase.
func unitAt(v *variants.Variant, pos *adjudicator.Position, loc variants.Loc) (variants.Unit, bool) {
	p := v.Province(loc)
	if pos.Phase.Type == adjudicator.Retreat {
		for _, d := range pos.Dislodged {
			if v.Province(d.Unit.Loc) == p {
				return d.Unit, true
			}
		}
	}
	for _, u := range pos.Units {
		if v.Province(u.Loc) == p {
			return u, true
		}
	}
	return variants.Unit{}, false
}
