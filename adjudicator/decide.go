package adjudicator

import "github.com/corriere/corriere/variants"

// resolve returns the decision for unit i's order (move succeeds, support
// given, convoy holds) with the guess algorithm of DATC 5.F: a decision
// that depends on itself is guessed both ways; one consistent answer is
// taken, zero or two invoke the backup rule.
func (m *mover) resolve(i int) bool {
	switch m.state[i] {
	case resolved:
		return m.res[i]
	case guessing:
		for _, d := range m.deps {
			if d == i {
				return m.res[i]
			}
		}
		m.deps = append(m.deps, i)
		return m.res[i]
	}
	old := len(m.deps)
	m.res[i], m.state[i] = false, guessing
	first := m.adjudicate(i)
	if len(m.deps) == old {
		if m.state[i] != resolved {
			m.res[i], m.state[i] = first, resolved
		}
		return first
	}
	if m.deps[old] != i {
		// Part of a cycle that started further up: report the guess-based
		// answer and let the cycle's head decide.
		m.deps = append(m.deps, i)
		m.res[i] = first
		return first
	}
	m.reset(old)
	m.res[i], m.state[i] = true, guessing
	second := m.adjudicate(i)
	if first == second {
		m.reset(old)
		m.res[i], m.state[i] = first, resolved
		return first
	}
	m.backup(old)
	return m.resolve(i)
}

func (m *mover) reset(old int) {
	for _, d := range m.deps[old:] {
		m.state[d] = unresolved
	}
	m.deps = m.deps[:old]
}

// backup settles a cycle with no or two consistent resolutions (DATC
// 5.B.9): with a convoy in it, a convoy paradox, and the Szykman rule makes
// the convoys fail; of moves alone, circular movement, and all succeed.
func (m *mover) backup(old int) {
	cycle := m.deps[old:]
	convoy, moves := false, true
	for _, d := range cycle {
		switch m.ord[d].kind {
		case Convoy:
			convoy = true
		case Move:
		default:
			moves = false
		}
	}
	for _, d := range cycle {
		switch {
		case convoy && m.ord[d].kind == Convoy:
			m.res[d], m.state[d] = false, resolved
		case convoy:
			m.state[d] = unresolved
		default:
			m.res[d], m.state[d] = moves, resolved
		}
	}
	m.deps = m.deps[:old]
}

func (m *mover) adjudicate(i int) bool {
	switch m.ord[i].kind {
	case Move:
		return m.adjMove(i)
	case Support:
		return m.adjSupport(i)
	case Convoy:
		return m.adjConvoy(i)
	}
	return true
}

func (m *mover) adjMove(i int) bool {
	o := &m.ord[i]
	if !m.path(i) {
		return false
	}
	att := m.attack(i)
	if h := m.headToHead(i); h >= 0 {
		if att <= m.defend(h) {
			return false
		}
	} else if att <= m.hold(o.dst) {
		return false
	}
	for j := m.intoHead[o.dst]; j >= 0; j = m.intoNext[j] {
		if int(j) != i && att <= m.prevent(int(j)) {
			return false
		}
	}
	return true
}

// adjSupport: a support is cut by an attack of another power from anywhere
// but the province it supports into, and by dislodgement (DATC 5.B.2).
func (m *mover) adjSupport(i int) bool {
	o := &m.ord[i]
	into := o.dst
	if into == variants.NoLoc {
		into = m.ord[o.target].prov
	}
	for j := m.intoHead[o.prov]; j >= 0; j = m.intoNext[j] {
		a := &m.ord[j]
		if a.unit.Power == o.unit.Power || m.shielded(i, int(j)) {
			continue
		}
		if a.prov != into {
			if m.path(int(j)) {
				return false
			}
		} else if m.resolve(int(j)) {
			return false
		}
	}
	return true
}

// adjConvoy: a convoy holds unless the fleet is dislodged. The attacking
// moves are adjudicated, not resolved, so that convoy paradoxes form one
// clean cycle through the convoy (DATC 5.D).
func (m *mover) adjConvoy(i int) bool {
	o := &m.ord[i]
	for j := m.intoHead[o.prov]; j >= 0; j = m.intoNext[j] {
		if m.adjMove(int(j)) {
			return false
		}
	}
	return true
}

// headToHead returns the unit moving the opposite way over the same
// border as unit i, or -1. Convoyed units meet no one on the border.
func (m *mover) headToHead(i int) int {
	o := &m.ord[i]
	d := m.at[o.dst]
	if d < 0 {
		return -1
	}
	od := &m.ord[d]
	if od.kind != Move || od.dst != o.prov || m.byConvoy(i) || m.byConvoy(int(d)) {
		return -1
	}
	return int(d)
}

// byConvoy reports whether a move goes by convoy.
func (m *mover) byConvoy(i int) bool {
	o := &m.ord[i]
	return o.convoyed || (o.landBack && m.convoyPath(i))
}

// path reports whether a move can reach its destination: directly, or by
// an unbroken chain of convoying fleets.
func (m *mover) path(i int) bool {
	if !m.ord[i].convoyed {
		return true
	}
	return m.convoyPath(i)
}

func (m *mover) supports(i int, exclude variants.Power) (n int) {
	for s := m.supHead[i]; s >= 0; s = m.supNext[s] {
		if m.units[s].Power != exclude && m.resolve(int(s)) {
			n++
		}
	}
	return n
}

func (m *mover) hold(p variants.Loc) int {
	d := m.at[p]
	if d < 0 {
		return 0
	}
	if m.ord[d].kind == Move {
		if m.resolve(int(d)) {
			return 0
		}
		return 1
	}
	return 1 + m.supports(int(d), variants.NoPower)
}

func (m *mover) attack(i int) int {
	o := &m.ord[i]
	d := m.at[o.dst]
	if d < 0 || (m.ord[d].kind == Move && m.headToHead(i) < 0 && m.resolve(int(d))) {
		return 1 + m.supports(i, variants.NoPower)
	}
	victim := m.units[d].Power
	if victim == o.unit.Power {
		return 0
	}
	// Supports from the victim's own power do not help dislodge it.
	return 1 + m.supports(i, victim)
}

func (m *mover) defend(i int) int { return 1 + m.supports(i, variants.NoPower) }

func (m *mover) prevent(i int) int {
	if !m.path(i) {
		return 0
	}
	if h := m.headToHead(i); h >= 0 && m.resolve(h) {
		return 0
	}
	return 1 + m.supports(i, variants.NoPower)
}

// shielded applies the 1971 paradox rule (seed XII.5, DATC 4.A.2): a
// convoyed army does not cut, nor dislodge, the support of an attack on a
// fleet that convoys it. The 2023 edition leaves paradoxes to Szykman.
func (m *mover) shielded(support, attacker int) bool {
	if m.rules != Rules1971 || !m.ord[attacker].convoyed && !m.ord[attacker].landBack {
		return false
	}
	dst := m.ord[support].dst
	for c := m.convHead[attacker]; c >= 0; c = m.convNext[c] {
		if m.ord[c].prov == dst {
			return true
		}
	}
	return false
}
