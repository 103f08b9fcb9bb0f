package adjudicator

import "github.com/corriere/corriere/variants"

// state of one decision in the guess algorithm (DATC 5.F).
const (
	unresolved uint8 = iota
	guessing
	resolved
)

// morder is a unit's effective order in a movement phase, after the
// pre-scan: illegal orders have become holds.
type morder struct {
	kind     OrderType // Hold, Move, Support or Convoy
	unit     variants.Unit
	prov     variants.Loc // the unit's province
	dst      variants.Loc // Move: destination province; Support/Convoy: the supported move's destination province, NoLoc for a hold support
	dstLoc   variants.Loc // Move: exact destination (a coast for fleets)
	target   int          // Support/Convoy: index of the supported or convoyed unit
	convoyed bool         // Move: goes by convoy
	// landBack marks a 1971-edition move to an adjacent province that uses
	// an ordered convoy only while the convoy holds (DATC 4.A.3).
	landBack bool
	input    int // index of the order in the input, -1 if unordered
}

// mover holds everything for one movement adjudication; it lives only for
// one call of Resolve.
type mover struct {
	v     *variants.Variant
	rules Rules
	units []variants.Unit
	ord   []morder
	at    [variants.MaxLocs]int16 // province -> unit index, -1 if empty
	// fleets holds the sea locations with a fleet, the places a convoy
	// could pass.
	fleets variants.LocSet
	closed variants.LocSet // provinces no unit may enter

	// Per-unit linked lists (heads and next pointers) of the moves into a
	// province, the matched supports of a unit's order and the matched
	// convoys of an army, to avoid maps and per-phase slices of slices.
	intoHead [variants.MaxLocs]int16
	intoNext []int16
	supHead  []int16
	supNext  []int16
	convHead []int16
	convNext []int16

	state   []uint8
	res     []bool
	deps    []int
	results []Result // the input orders' results, written by the pre-scan
}

func resolveMovement(v *variants.Variant, rules Rules, pos *Position, orders []Order, out *Resolution) {
	n := len(pos.Units)
	m := &mover{v: v, rules: rules, units: pos.Units, results: out.Results, closed: pos.Closed}
	buf16 := make([]int16, 5*n)
	m.intoNext, m.supHead, m.supNext = buf16[:n], buf16[n:2*n], buf16[2*n:3*n]
	m.convHead, m.convNext = buf16[3*n:4*n], buf16[4*n:5*n]
	m.ord = make([]morder, n)
	m.state = make([]uint8, n)
	m.res = make([]bool, n)
	m.deps = make([]int, 0, 8)
	for i := range m.at {
		m.at[i] = -1
		m.intoHead[i] = -1
	}
	for i, u := range pos.Units {
		p := v.Province(u.Loc)
		m.at[p] = int16(i)
		m.ord[i] = holding(u, p)
		m.supHead[i], m.convHead[i] = -1, -1
		if u.Type == variants.Fleet && v.Locs[u.Loc].Terrain == variants.Sea {
			m.fleets.Add(u.Loc)
		}
	}
	m.prescan(orders)
	m.link()
	for i := range m.ord {
		m.resolve(i)
	}
	m.finish(pos, orders, out)
}

// prescan checks each order on its own and records the legal ones as the
// units' orders. An illegal order leaves its unit holding.
func (m *mover) prescan(orders []Order) {
	results := m.results
	for i := range orders {
		o := &orders[i]
		u := m.unitFor(o.Loc)
		switch {
		case u < 0:
			results[i] = Result{Invalid, NoUnit}
			continue
		case m.units[u].Power != o.Power:
			results[i] = Result{Invalid, NotYours}
			continue
		}
		if prev := m.ord[u].input; prev >= 0 {
			// A later order for a unit replaces the earlier one, as in the judge's mailbox.
			results[prev] = Result{Invalid, DuplicateOrder}
			m.ord[u] = holding(m.ord[u].unit, m.ord[u].prov)
		}
		mo := &m.ord[u]
		mo.input = i
		results[i] = Result{}
		var r Reason
		switch o.Type {
		case Hold:
		case Move:
			r = m.checkMove(mo, o)
		case Support:
			r = m.checkSupport(u, mo, o)
		case Convoy:
			r = m.checkConvoy(mo, o)
		default:
			r = WrongPhase
		}
		if r != NoReason {
			results[i] = Result{Invalid, r}
			*mo = holding(mo.unit, mo.prov)
			mo.input = i
		}
	}
}

// holding is the order of a unit that holds.
func holding(u variants.Unit, prov variants.Loc) morder {
	return morder{kind: Hold, unit: u, prov: prov, dst: variants.NoLoc, dstLoc: variants.NoLoc, target: -1, input: -1}
}

// unitFor returns the index of the unit in l's province, or -1. Orders name
// units by province: a wrong coast or unit type in the order is ignored
// (DATC 4.B.5, 4.C.2).
func (m *mover) unitFor(l variants.Loc) int {
	if l == variants.NoLoc || int(l) >= len(m.v.Locs) {
		return -1
	}
	return int(m.at[m.v.Province(l)])
}

func (m *mover) checkMove(mo *morder, o *Order) Reason {
	v := m.v
	if o.Target == variants.NoLoc || int(o.Target) >= len(v.Locs) {
		return Unreachable
	}
	dp := v.Province(o.Target)
	if dp == mo.prov {
		return SameProvince
	}
	if m.closed.Has(dp) {
		return Neutral
	}
	mo.kind, mo.dst = Move, dp
	if mo.unit.Type == variants.Army {
		mo.dstLoc = dp // a coast in an army's order is ignored (DATC 4.B.6)
		if v.Locs[dp].Terrain == variants.Sea {
			return Unreachable
		}
		adjacent := v.Adjacent(variants.Army, mo.unit.Loc, dp)
		// A move that needs a convoy is legal when fleets on the board could
		// carry it, whatever they are ordered (DATC 4.E.1, 6.D.8).
		if !adjacent && !chain(v, m.fleets, mo.prov, dp) {
			return Unreachable
		}
		// Whether it goes by convoy is settled in link, once all convoy
		// orders are known.
		mo.convoyed = !adjacent || o.ViaConvoy
		return NoReason
	}
	l, r := fleetDest(v, mo.unit.Loc, o.Target)
	if r != NoReason {
		return r
	}
	mo.dstLoc = l
	return NoReason
}

// fleetDest finds where a fleet at from ends up when ordered to to: the
// only reachable coast when to is a split province without a coast (DATC
// 4.B.2); an unreachable coast is illegal (4.B.3).
func fleetDest(v *variants.Variant, from, to variants.Loc) (variants.Loc, Reason) {
	info := &v.Locs[to]
	if info.Province == to && len(info.Coasts) > 0 {
		found, n := variants.NoLoc, 0
		for _, c := range info.Coasts {
			if v.Adjacent(variants.Fleet, from, c) {
				found, n = c, n+1
			}
		}
		switch n {
		case 0:
			return variants.NoLoc, Unreachable
		case 1:
			return found, NoReason
		}
		return variants.NoLoc, CoastNeeded
	}
	if !v.Adjacent(variants.Fleet, from, to) {
		return variants.NoLoc, Unreachable
	}
	return to, NoReason
}

func (m *mover) checkSupport(u int, mo *morder, o *Order) Reason {
	v := m.v
	t := m.unitFor(o.Target)
	switch {
	case t < 0:
		return SupportedAbsent
	case t == u:
		return SupportSelf
	}
	tu := m.units[t]
	if o.Dest == variants.NoLoc {
		if !v.CanReachProvince(mo.unit.Type, mo.unit.Loc, v.Province(tu.Loc)) {
			return SupportUnreachable
		}
		mo.kind, mo.target, mo.dst = Support, t, variants.NoLoc
		return NoReason
	}
	if int(o.Dest) >= len(v.Locs) {
		return SupportUnreachable
	}
	dp := v.Province(o.Dest)
	switch {
	case dp == mo.prov:
		return SupportOwnProvince
	case dp == v.Province(tu.Loc):
		return SameProvince
	case m.closed.Has(dp):
		return Neutral
	case !v.CanReachProvince(mo.unit.Type, mo.unit.Loc, dp):
		return SupportUnreachable
	}
	// The supported move itself must be possible (DATC 6.D.31): a fleet by
	// its coasts, an army over land or by a sea route the supporter is not on.
	if tu.Type == variants.Fleet {
		if !v.CanReachProvince(variants.Fleet, tu.Loc, dp) {
			return SupportUnreachable
		}
	} else if !v.Adjacent(variants.Army, tu.Loc, dp) {
		fleets := m.fleets
		fleets.Remove(mo.unit.Loc)
		if !chain(v, fleets, v.Province(tu.Loc), dp) {
			return SupportUnreachable
		}
	}
	mo.kind, mo.target, mo.dst = Support, t, dp
	// A coast named in the support must agree with the move's (DATC 6.B.9).
	mo.dstLoc = o.Dest
	return NoReason
}

func (m *mover) checkConvoy(mo *morder, o *Order) Reason {
	v := m.v
	if mo.unit.Type != variants.Fleet || v.Locs[mo.unit.Loc].Terrain != variants.Sea {
		return NotAtSea
	}
	t := m.unitFor(o.Target)
	if t < 0 {
		return SupportedAbsent
	}
	if m.units[t].Type != variants.Army {
		return FleetCannotConvoy
	}
	if o.Dest == variants.NoLoc || int(o.Dest) >= len(v.Locs) {
		return Unreachable
	}
	from, dp := v.Province(m.units[t].Loc), v.Province(o.Dest)
	if from == dp || v.Locs[dp].Terrain != variants.Coast {
		return Unreachable
	}
	if m.closed.Has(dp) {
		return Neutral
	}
	// A fleet that no sea route needs is not convoying (DATC 6.G.19).
	if !onMinimalRoute(v, m.fleets, from, dp, mo.unit.Loc) {
		return NotOnRoute
	}
	mo.kind, mo.target, mo.dst = Convoy, t, dp
	return NoReason
}

// link matches supports and convoys to the orders they name, decides which
// army moves go by convoy and builds the lists the adjudication walks.
func (m *mover) link() {
	for i := range m.ord {
		o := &m.ord[i]
		if o.kind != Convoy {
			continue
		}
		t := &m.ord[o.target]
		if t.kind == Move && t.dst == o.dst {
			m.convNext[i] = m.convHead[o.target]
			m.convHead[o.target] = int16(i)
		}
	}
	for i := range m.ord {
		o := &m.ord[i]
		if o.kind != Move || o.unit.Type != variants.Army {
			continue
		}
		if !m.v.Adjacent(variants.Army, o.unit.Loc, o.dst) {
			continue // by convoy or not at all
		}
		switch m.rules {
		case Rules1971:
			// The 1971 rulebook: convoy intent is irrelevant; the route is
			// used when the unit at the destination moves the opposite way,
			// and only while the convoy holds (DATC 4.A.3).
			o.convoyed = false
			if d := m.at[o.dst]; d >= 0 && m.ord[d].kind == Move && m.ord[d].dst == o.prov && m.routeOrdered(i) {
				o.landBack = true
			}
		default:
			// 2023: by convoy when ordered "via convoy" or when a fleet of the
			// army's own power convoys it; no fall-back to land.
			if !o.convoyed {
				for c := m.convHead[i]; c >= 0; c = m.convNext[c] {
					if m.units[c].Power == o.unit.Power {
						o.convoyed = true
						break
					}
				}
			}
		}
	}
	for i := range m.ord {
		o := &m.ord[i]
		switch o.kind {
		case Move:
			m.intoNext[i] = m.intoHead[o.dst]
			m.intoHead[o.dst] = int16(i)
		case Support:
			t := &m.ord[o.target]
			matched := false
			if o.dst == variants.NoLoc {
				matched = t.kind != Move
			} else {
				matched = t.kind == Move && t.dst == o.dst &&
					(m.v.Province(o.dstLoc) == o.dstLoc || o.dstLoc == t.dstLoc)
			}
			if matched {
				m.supNext[i] = m.supHead[o.target]
				m.supHead[o.target] = int16(i)
			}
		}
	}
}
