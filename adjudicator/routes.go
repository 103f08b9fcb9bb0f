package adjudicator

import "github.com/corriere/corriere/variants"

// touches reports whether a fleet at sea location s borders province p
// (any of its coasts).
func touches(v *variants.Variant, s, p variants.Loc) bool {
	return v.CanReachProvince(variants.Fleet, s, p)
}

// chain reports whether the fleets in set connect province from to
// province to, each fleet bordering the next.
func chain(v *variants.Variant, set variants.LocSet, from, to variants.Loc) bool {
	var seen, frontier variants.LocSet
	set.Each(func(s variants.Loc) {
		if touches(v, s, from) {
			frontier.Add(s)
		}
	})
	for frontier.Len() > 0 {
		var next variants.LocSet
		found := false
		frontier.Each(func(s variants.Loc) {
			if found {
				return
			}
			seen.Add(s)
			if touches(v, s, to) {
				found = true
				return
			}
			adj := v.FleetAdj[s]
			for w := range next {
				next[w] |= adj[w] & set[w] &^ seen[w]
			}
		})
		if found {
			return true
		}
		frontier = next
	}
	return false
}

// onMinimalRoute reports whether sea f lies on a convoy route from from to
// to through the seas in seas that has no shortcut, so that its fleet is
// needed by some route (DATC 6.G.19).
func onMinimalRoute(v *variants.Variant, seas variants.LocSet, from, to, f variants.Loc) bool {
	if v.Locs[from].Terrain != variants.Coast || v.Locs[to].Terrain != variants.Coast {
		return false
	}
	var path [24]variants.Loc
	var walk func(n int) bool
	walk = func(n int) bool {
		last := path[n-1]
		if touches(v, last, to) {
			for _, s := range path[:n] {
				if s == f {
					return true
				}
			}
			return false // a route may not go on past a sea that borders the goal
		}
		if n == len(path) {
			return false
		}
		found := false
		v.FleetAdj[last].Each(func(s variants.Loc) {
			if found || !seas.Has(s) || touches(v, s, from) {
				return
			}
			for _, p := range path[:n-1] {
				if p == s || v.FleetAdj[p].Has(s) {
					return
				}
			}
			if s == last {
				return
			}
			path[n] = s
			found = walk(n + 1)
		})
		return found
	}
	found := false
	seas.Each(func(s variants.Loc) {
		if !found && touches(v, s, from) {
			path[0] = s
			found = walk(1)
		}
	})
	return found
}

// convoyFleets returns the locations of the fleets whose convoy orders
// match army move i and, when decided is set, were not disrupted.
func (m *mover) convoyFleets(i int, decided bool) variants.LocSet {
	var set variants.LocSet
	for c := m.convHead[i]; c >= 0; c = m.convNext[c] {
		if !decided || m.resolve(int(c)) {
			set.Add(m.units[c].Loc)
		}
	}
	return set
}

// routeOrdered reports whether convoy orders form a route for move i,
// whatever becomes of the fleets.
func (m *mover) routeOrdered(i int) bool {
	o := &m.ord[i]
	return chain(m.v, m.convoyFleets(i, false), o.prov, o.dst)
}

// convoyPath reports whether move i has a route of fleets that hold. Under
// the 1971 rules every fleet on any of the ordered routes must hold (DATC
// 4.A.1).
func (m *mover) convoyPath(i int) bool {
	o := &m.ord[i]
	if m.rules == Rules1971 {
		all := m.convoyFleets(i, false)
		held := m.convoyFleets(i, true)
		if held == all {
			return chain(m.v, all, o.prov, o.dst)
		}
		// Some fleet failed: the convoy is disrupted if that fleet lay on a route.
		var lost variants.LocSet
		for w := range lost {
			lost[w] = all[w] &^ held[w]
		}
		disrupted := false
		lost.Each(func(f variants.Loc) {
			if !disrupted && onOrderedRoute(m.v, all, o.prov, o.dst, f) {
				disrupted = true
			}
		})
		return !disrupted && chain(m.v, held, o.prov, o.dst)
	}
	return chain(m.v, m.convoyFleets(i, true), o.prov, o.dst)
}

// onOrderedRoute reports whether fleet f lies on a simple route through
// the fleets of set from province from to province to.
func onOrderedRoute(v *variants.Variant, set variants.LocSet, from, to, f variants.Loc) bool {
	var visited variants.LocSet
	var walk func(s variants.Loc, seenF bool) bool
	walk = func(s variants.Loc, seenF bool) bool {
		seenF = seenF || s == f
		if touches(v, s, to) && seenF {
			return true
		}
		visited.Add(s)
		found := false
		v.FleetAdj[s].Each(func(n variants.Loc) {
			if !found && set.Has(n) && !visited.Has(n) {
				found = walk(n, seenF)
			}
		})
		visited.Remove(s)
		return found
	}
	found := false
	set.Each(func(s variants.Loc) {
		if !found && touches(v, s, from) {
			found = walk(s, false)
		}
	})
	return found
}
