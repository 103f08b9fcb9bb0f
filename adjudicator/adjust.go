package adjudicator

import (
	"sort"

	"github.com/corriere/corriere/variants"
)

// resolveAdjustments executes builds and removals one by one in the order
// given (DATC 4.D.4-4.D.6): orders beyond the allowance fail, missing
// builds are waived and missing removals follow civil disorder.
func resolveAdjustments(v *variants.Variant, rules Rules, pos *Position, orders []Order, out *Resolution) {
	centers, count := Count(v, pos)
	delta := make([]int, len(v.Powers))
	for p := range delta {
		delta[p] = centers[p] - count[p]
	}
	units := append(make([]variants.Unit, 0, len(pos.Units)+4), pos.Units...)
	var occupied variants.LocSet
	for _, u := range units {
		occupied.Add(v.Province(u.Loc))
	}
	for i := range orders {
		o := &orders[i]
		if int(o.Power) >= len(v.Powers) {
			out.Results[i] = Result{Invalid, NotYours}
			continue
		}
		var r Reason
		switch o.Type {
		case Build:
			var u variants.Unit
			u, r = checkBuild(v, pos, occupied, delta[o.Power], o)
			if r == NoReason {
				units = append(units, u)
				occupied.Add(v.Province(u.Loc))
				delta[o.Power]--
			}
		case Remove, Disband:
			k := -1
			if o.Loc != variants.NoLoc && int(o.Loc) < len(v.Locs) {
				k = unitIndex(v, units, v.Province(o.Loc))
			}
			switch {
			case delta[o.Power] >= 0:
				r = NoRemovals
			case k < 0:
				r = NoUnit
			case units[k].Power != o.Power:
				r = NotYours
			default:
				occupied.Remove(v.Province(units[k].Loc))
				units = append(units[:k], units[k+1:]...)
				delta[o.Power]++
			}
		case Waive:
			if delta[o.Power] <= 0 {
				r = NoBuilds
			} else {
				delta[o.Power]--
			}
		default:
			r = WrongPhase
		}
		if r != NoReason {
			out.Results[i] = Result{Invalid, r}
		}
	}
	for p := range delta {
		if delta[p] < 0 {
			units = civilDisorder(v, rules, pos.Centers, units, variants.Power(p), -delta[p], out)
		}
	}
	next := pos.successor(units)
	advance(v, &next, out)
}

func checkBuild(v *variants.Variant, pos *Position, occupied variants.LocSet, allowance int, o *Order) (variants.Unit, Reason) {
	u := variants.Unit{Type: o.Unit, Power: o.Power, Loc: o.Loc}
	if o.Loc == variants.NoLoc || int(o.Loc) >= len(v.Locs) {
		return u, NoUnit
	}
	p := v.Province(o.Loc)
	info := &v.Locs[p]
	switch {
	case pos.Disorder.Has(o.Power):
		return u, InDisorder
	case allowance <= 0:
		return u, NoBuilds
	case !info.SupplyCenter || info.Home != o.Power:
		return u, NotHome
	case pos.Centers[p] != o.Power:
		return u, NotOwned
	case occupied.Has(p):
		return u, Occupied
	}
	if u.Type == variants.NoType {
		// Best effort (DATC 4.C.3): an army inland, a fleet on a named coast.
		switch {
		case info.Terrain == variants.Land:
			u.Type = variants.Army
		case o.Loc != p:
			u.Type = variants.Fleet
		default:
			return u, TypeNeeded
		}
	}
	if u.Type == variants.Army {
		u.Loc = p
		return u, NoReason
	}
	if len(info.Coasts) > 0 && o.Loc == p {
		return u, CoastNeeded
	}
	if !v.CanHold(variants.Fleet, u.Loc) {
		return u, NoCoastForFleet
	}
	return u, NoReason
}

// civilDisorder removes n of power's units, farthest first from its owned
// centres (2023; both unit types crossing land and sea) or from its home
// centres (1971; fleets by sea only). Ties go fleets first, then by the
// English name of the province (DATC 4.D.8).
func civilDisorder(v *variants.Variant, rules Rules, centers []variants.Power, units []variants.Unit, power variants.Power, n int, out *Resolution) []variants.Unit {
	var goals variants.LocSet
	for l := range v.Locs {
		info := &v.Locs[l]
		if !info.SupplyCenter || info.Province != variants.Loc(l) {
			continue
		}
		if (rules == Rules1971 && info.Home == power) || (rules != Rules1971 && centers[l] == power) {
			goals.Add(variants.Loc(l))
		}
	}
	type cand struct {
		idx, dist int
	}
	var cands []cand
	for i, u := range units {
		if u.Power != power {
			continue
		}
		var d int
		if rules == Rules1971 && u.Type == variants.Fleet {
			d = distance(v, u.Loc, goals, func(l variants.Loc) variants.LocSet { return v.FleetAdj[l] })
		} else {
			d = distance(v, v.Province(u.Loc), goals, func(l variants.Loc) variants.LocSet { return anyAdj(v, l) })
		}
		cands = append(cands, cand{i, d})
	}
	sort.SliceStable(cands, func(a, b int) bool {
		ca, cb := cands[a], cands[b]
		if ca.dist != cb.dist {
			return ca.dist > cb.dist
		}
		ua, ub := units[ca.idx], units[cb.idx]
		if ua.Type != ub.Type {
			return ua.Type == variants.Fleet
		}
		return v.Locs[v.Province(ua.Loc)].Name < v.Locs[v.Province(ub.Loc)].Name
	})
	if n > len(cands) {
		n = len(cands)
	}
	var gone variants.LocSet
	for _, c := range cands[:n] {
		gone.Add(units[c.idx].Loc)
		out.Removed = append(out.Removed, units[c.idx])
	}
	kept := units[:0]
	for _, u := range units {
		if !(u.Power == power && gone.Has(u.Loc)) {
			kept = append(kept, u)
		}
	}
	return kept
}

// anyAdj is the province-level neighbourhood crossing land and sea alike.
func anyAdj(v *variants.Variant, p variants.Loc) variants.LocSet {
	s := v.ArmyAdj[p]
	add := func(l variants.Loc) {
		v.FleetAdj[l].Each(func(x variants.Loc) { s.Add(v.Province(x)) })
	}
	add(p)
	for _, c := range v.Locs[p].Coasts {
		add(c)
	}
	return s
}

// distance is the number of steps from start to the nearest location whose
// province is in goals, or a large number when none can be reached.
func distance(v *variants.Variant, start variants.Loc, goals variants.LocSet, adj func(variants.Loc) variants.LocSet) int {
	var seen, frontier variants.LocSet
	frontier.Add(start)
	for d := 0; frontier.Len() > 0; d++ {
		hit := false
		frontier.Each(func(l variants.Loc) {
			if goals.Has(v.Province(l)) {
				hit = true
			}
			seen.Add(l)
		})
		if hit {
			return d
		}
		var next variants.LocSet
		frontier.Each(func(l variants.Loc) {
			a := adj(l)
			for w := range next {
				next[w] |= a[w] &^ seen[w]
			}
		})
		frontier = next
	}
	return 1 << 20
}
