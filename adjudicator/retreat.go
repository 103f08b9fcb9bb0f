package adjudicator

import (
	"slices"

	"github.com/corriere/corriere/variants"
)

func resolveRetreats(v *variants.Variant, pos *Position, orders []Order, out *Resolution) {
	n := len(pos.Dislodged)
	chosen := make([]int, n)
	dest := make([]variants.Loc, n)
	for k := range chosen {
		chosen[k], dest[k] = -1, variants.NoLoc
	}
	for i := range orders {
		o := &orders[i]
		// Validate allows at most one dislodged unit per province.
		k, standing := -1, false
		if o.Loc != variants.NoLoc && int(o.Loc) < len(v.Locs) {
			p := v.Province(o.Loc)
			k = slices.IndexFunc(pos.Dislodged, func(d Dislodged) bool { return v.Province(d.Unit.Loc) == p })
			standing = unitIndex(v, pos.Units, p) >= 0
		}
		switch {
		case k < 0 && standing:
			out.Results[i] = Result{Invalid, NotDislodged}
			continue
		case k < 0:
			out.Results[i] = Result{Invalid, NoUnit}
			continue
		case pos.Dislodged[k].Unit.Power != o.Power:
			out.Results[i] = Result{Invalid, NotYours}
			continue
		}
		var r Reason
		to := variants.NoLoc
		switch o.Type {
		case RetreatTo, Move:
			to, r = retreatDest(v, &pos.Dislodged[k], o.Target)
			if r == RetreatBlocked && pos.Closed.Has(v.Province(o.Target)) {
				r = Neutral
			}
		case Disband:
		default:
			r = WrongPhase
		}
		if r != NoReason {
			out.Results[i] = Result{Invalid, r}
			continue
		}
		if prev := chosen[k]; prev >= 0 {
			out.Results[prev] = Result{Invalid, DuplicateOrder}
		}
		chosen[k], dest[k] = i, to
		out.Results[i] = Result{}
	}
	next := pos.successor(append(make([]variants.Unit, 0, len(pos.Units)+n), pos.Units...))
	for k, d := range pos.Dislodged {
		if dest[k] == variants.NoLoc {
			out.Removed = append(out.Removed, d.Unit)
			continue
		}
		clash := false
		for j := range dest {
			if j != k && dest[j] != variants.NoLoc && v.Province(dest[j]) == v.Province(dest[k]) {
				clash = true
			}
		}
		if clash {
			out.Results[chosen[k]] = Result{Fails, RetreatClash}
			out.Removed = append(out.Removed, d.Unit)
			continue
		}
		u := d.Unit
		u.Loc = dest[k]
		next.Units = append(next.Units, u)
	}
	advance(v, &next, out)
}

// retreatDest checks a retreat against the unit's options, filling in the
// coast when only one is open.
func retreatDest(v *variants.Variant, d *Dislodged, to variants.Loc) (variants.Loc, Reason) {
	if to == variants.NoLoc || int(to) >= len(v.Locs) {
		return variants.NoLoc, Unreachable
	}
	if d.Unit.Type == variants.Army {
		to = v.Province(to)
	} else if info := &v.Locs[to]; info.Province == to && len(info.Coasts) > 0 {
		found, n := variants.NoLoc, 0
		for _, c := range info.Coasts {
			if d.Retreats.Has(c) {
				found, n = c, n+1
			}
		}
		switch n {
		case 1:
			to = found
		case 2:
			return variants.NoLoc, CoastNeeded
		}
	}
	if d.Retreats.Has(to) {
		return to, NoReason
	}
	if !v.Adjacent(d.Unit.Type, d.Unit.Loc, to) {
		return variants.NoLoc, Unreachable
	}
	return variants.NoLoc, RetreatBlocked
}

// FillRetreats computes the retreat options of every dislodged unit of a
// retreat-phase position that was given without them (as read from JSON):
// adjacent places not occupied, not contested and not the attacker's
// origin unless the attacker was convoyed.
func (pos *Position) FillRetreats(v *variants.Variant) {
	var occupied variants.LocSet
	for _, u := range pos.Units {
		occupied.Add(v.Province(u.Loc))
	}
	for k := range pos.Dislodged {
		d := &pos.Dislodged[k]
		d.Retreats = retreats(v, d.Unit, d.AttackerFrom, d.ViaConvoy, occupied, pos.Contested.Union(pos.Closed))
	}
}
