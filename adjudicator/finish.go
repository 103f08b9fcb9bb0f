package adjudicator

import "github.com/corriere/corriere/variants"

// finish turns the decisions into the orders' results and the position
// after movement: moved units, dislodged units with their retreats, and
// the provinces left contested by standoffs.
func (m *mover) finish(pos *Position, orders []Order, out *Resolution) {
	v := m.v
	n := len(m.ord)
	dislodgedBy := make([]int16, n)
	var after variants.LocSet // provinces occupied after movement
	for i := range m.ord {
		o := &m.ord[i]
		dislodgedBy[i] = -1
		if o.kind == Move && m.res[i] {
			after.Add(o.dst)
			continue
		}
		for j := m.intoHead[o.prov]; j >= 0; j = m.intoNext[j] {
			if m.res[j] {
				dislodgedBy[i] = j
			}
		}
		if dislodgedBy[i] < 0 {
			after.Add(o.prov)
		}
	}
	var contested variants.LocSet
	for p := range v.Locs {
		if after.Has(variants.Loc(p)) {
			continue
		}
		for j := m.intoHead[p]; j >= 0; j = m.intoNext[j] {
			if !m.res[j] && m.prevent(int(j)) > 0 {
				contested.Add(variants.Loc(p))
				break
			}
		}
	}

	next := pos.successor(make([]variants.Unit, 0, n))
	for i := range m.ord {
		o := &m.ord[i]
		u := o.unit
		if d := dislodgedBy[i]; d >= 0 {
			dis := Dislodged{Unit: u, AttackerFrom: m.ord[d].prov, ViaConvoy: m.byConvoy(int(d))}
			dis.Retreats = retreats(v, u, dis.AttackerFrom, dis.ViaConvoy, after, contested.Union(pos.Closed))
			if dis.Retreats.Len() == 0 || pos.Disorder.Has(u.Power) {
				out.Removed = append(out.Removed, u)
			} else {
				next.Dislodged = append(next.Dislodged, dis)
			}
			continue
		}
		if o.kind == Move && m.res[i] {
			u.Loc = o.dstLoc
		}
		next.Units = append(next.Units, u)
	}

	for i := range m.ord {
		o := &m.ord[i]
		if o.input < 0 || out.Results[o.input].Outcome == Invalid {
			continue
		}
		out.Results[o.input] = m.result(i, dislodgedBy[i] >= 0)
	}

	if len(next.Dislodged) > 0 {
		next.Phase.Type = Retreat
		next.Contested = contested
		out.Next = next
		return
	}
	advance(v, &next, out)
}

func (m *mover) result(i int, dislodged bool) Result {
	o := &m.ord[i]
	fail := func(r Reason) Result {
		if dislodged {
			r = WasDislodged
		}
		return Result{Fails, r}
	}
	switch o.kind {
	case Move:
		if m.res[i] {
			return Result{Succeeds, NoReason}
		}
		if o.convoyed && !m.path(i) {
			if !m.routeOrdered(i) {
				return fail(NoConvoy)
			}
			return fail(Disrupted)
		}
		return fail(Bounced)
	case Support:
		if !m.matched(i) {
			return fail(NotMatched)
		}
		if !m.res[i] {
			return fail(Cut)
		}
		// Given: under the 1971 paradox rule even a support whose unit is
		// then dislodged by the convoyed army counts (DATC 6.F.17).
		return Result{Succeeds, NoReason}
	case Convoy:
		if !m.matched(i) {
			return fail(NotMatched)
		}
		if !m.res[i] {
			return fail(Paradox)
		}
	}
	if dislodged {
		return Result{Fails, WasDislodged}
	}
	return Result{Succeeds, NoReason}
}

// matched reports whether support or convoy i is in the list of the unit
// it names, i.e. that unit was ordered as the support or convoy says.
func (m *mover) matched(i int) bool {
	o := &m.ord[i]
	head, next := m.supHead, m.supNext
	if o.kind == Convoy {
		head, next = m.convHead, m.convNext
	}
	for s := head[o.target]; s >= 0; s = next[s] {
		if int(s) == i {
			return true
		}
	}
	return false
}

// retreats lists where a dislodged unit may go: places it could move to
// that are empty after movement, not contested, and not the attacker's
// origin unless the attacker came by convoy (DATC 4.A.5).
func retreats(v *variants.Variant, u variants.Unit, attacker variants.Loc, viaConvoy bool, occupied, contested variants.LocSet) variants.LocSet {
	var adj, out variants.LocSet
	if u.Type == variants.Army {
		adj = v.ArmyAdj[v.Province(u.Loc)]
	} else {
		adj = v.FleetAdj[u.Loc]
	}
	adj.Each(func(l variants.Loc) {
		p := v.Province(l)
		if occupied.Has(p) || contested.Has(p) || (p == attacker && !viaConvoy) {
			return
		}
		out.Add(l)
	})
	return out
}
