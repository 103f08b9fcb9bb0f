package italia

import (
	"fmt"
	"slices"

	"github.com/corriere/corriere/variants/machiavelli"
)

// reinforcement is a force that may come to a battle (seed §8, spec C.2):
// an own or allied contingent supporting the army (on 5-6), an allied
// army supporting it (on 6: it wins the battle), an own fleet supporting
// it from a sea on the battle's coast (on 6: one artillery).
type reinforcement struct {
	key     counterKey // a counter; for a fleet, its power and number
	fleet   bool
	army    bool
	need    int
	arrived bool
}

// side is one army's side of a battle.
type side struct {
	key      counterKey
	defender bool
	rl, lost int
	reinf    []*reinforcement
}

// armies resolves two armies meeting (seed §7, §8; spec §3.9.2 c-d,
// §3.10): too unequal, counting every reinforcement that may come (R17),
// the weaker withdraws paying attrition; else each side's stance
// (BATTAGLIA, default ACCETTA, R34) decides whether they fight, and the
// abstract battle (Appendix C) does.
func (rs *resolution) armies(at string, a, d counterKey, origins map[counterKey]string, engaged map[counterKey]bool) {
	ra, rd := rs.reinforcements(a, d, at, engaged), rs.reinforcements(d, a, at, engaged)
	swiss := rs.swissAbstain(a, d)
	pa, pd := rs.potential(a, ra, swiss), rs.potential(d, rd, swiss)
	// In a game of tactical battles a ticket decides (tactical.go): the
	// arbiter's ruling on comparability, his result.
	tk, now := rs.fight(at, a, d, ra, rd, pa, pd, origins)
	if !now {
		return
	}
	comparable := max(pa, pd) < 2*min(pa, pd)
	if tk != nil && tk.Ruling != nil {
		comparable = rs.ruled(tk)
	}
	if !comparable {
		weaker := a
		if pd < pa {
			weaker = d
		}
		if tk != nil && tk.Ruling != nil {
			rs.tell(nil, "in %s %s withdraws before the stronger army (%s against %s, the arbiter's ruling, seed §7)", "a:"+at, "p:"+weaker.power, fmt.Sprint(pa), fmt.Sprint(pd))
		} else {
			rs.tell(nil, "in %s the armies are not comparable (%s against %s, R17): %s withdraws", "a:"+at, fmt.Sprint(pa), fmt.Sprint(pd), "p:"+weaker.power)
		}
		rs.retreat(weaker, origins[weaker], false, tx("withdrawal before a stronger army"))
		return
	}
	accA, accD := rs.accepts(a), rs.accepts(d)
	switch {
	case !accA && !accD:
		rs.tell(nil, "in %s both armies refuse battle and withdraw (seed §8)", "a:"+at)
		rs.retreat(a, origins[a], false, nil)
		rs.retreat(d, origins[d], false, nil)
		return
	case !accA || !accD:
		refuser := a
		if !accD {
			refuser = d
		}
		rs.tell(nil, "in %s %s refuses battle and withdraws (seed §8)", "a:"+at, "p:"+refuser.power)
		rs.retreat(refuser, origins[refuser], false, tx("refusing battle"))
		return
	}
	switch {
	case tk != nil && tk.Result != nil:
		rs.foughtByArbiter(at, tk, a, d, ra, rd, origins)
		return
	case tk != nil && tk.Abstract:
		rs.tell(nil, "%s, battle in %s: the arbiter leaves it to the abstract battle (spec §3.10, Appendix C). Reason: %s", tk.ID, "a:"+at, tk.ResultReason)
	case tk != nil:
		rs.tell(nil, "%s, battle in %s: no result from the arbiter by the deadline; the abstract battle decides (spec §3.10, Appendix C)", tk.ID, "a:"+at)
	}
	rs.battle(at, a, d, ra, rd, origins, tk)
}

// accepts is counter k's battle stance: its own BATTAGLIA line, else its
// power's, else ACCETTA (R34).
func (rs *resolution) accepts(k counterKey) bool {
	sheet := rs.sheets[k.power].sheet
	o := sheet[fmt.Sprintf("battaglia #%d", k.n)]
	if o == nil {
		o = sheet["battaglia"]
	}
	return o == nil || o.verb != vRefuse
}

// reinforcements are the forces that may come to army k's battle in
// territory at against enemy (seed §8): those with a support order for k,
// next to at, not engaged themselves this turn; a fleet on a sea bathing
// at without the enemy's fleets (R42).
func (rs *resolution) reinforcements(k, enemy counterKey, at string, engaged map[counterKey]bool) []*reinforcement {
	b := rs.s.r.board
	t := rs.s.area(at)
	var out []*reinforcement
	for _, q := range rs.pos.Powers {
		if q.ID != k.power && !rs.allied(q.ID, k.power) {
			continue
		}
		for _, c := range q.Counters {
			ck := counterKey{q.ID, c.N}
			o := rs.sheets[q.ID].sheet[fmt.Sprintf("#%d", c.N)]
			if ck == k || engaged[ck] || c.Kind == Dummy || c.InCity || o == nil || b.LandEdge(rs.s.area(c.At), t) == machiavelli.NoEdge {
				continue
			}
			m := o.mods()
			target := m.power
			if target == "" {
				target = q.ID
			}
			if m.set&modSupport == 0 || target != k.power || m.counter != k.n {
				continue
			}
			switch {
			case c.Kind == Contingent:
				out = append(out, &reinforcement{key: ck, need: 5})
			case q.ID != k.power:
				out = append(out, &reinforcement{key: ck, army: true, need: 6})
			}
		}
	}
	for _, f := range rs.power(k.power).Fleets {
		o := rs.sheets[k.power].sheet[fmt.Sprintf("F%d", f.N)]
		if o == nil || o.verb != vFleetSupport || o.num("j") != k.n || !slices.Contains(b.Areas[t].Coast, rs.s.area(f.At)) {
			continue
		}
		hostile := slices.ContainsFunc(rs.pos.Powers, func(q *Power) bool {
			return (q.ID == enemy.power || rs.allied(q.ID, enemy.power)) && slices.ContainsFunc(q.Fleets, func(g Fleet) bool { return g.At == f.At })
		})
		if !hostile {
			out = append(out, &reinforcement{key: counterKey{k.power, f.N}, fleet: true, need: 6})
		}
	}
	return out
}

// swissAbstain reports whether the armies a and d both have Swiss pikes,
// which then abstain from their battle (seed §4): value counts them
// nothing.
func (rs *resolution) swissAbstain(a, d counterKey) bool {
	return rs.counterOf(a).Elements[PKS] > 0 && rs.counterOf(d).Elements[PKS] > 0
}

// value is what elements are worth in a battle (spec C.1): Swiss pikes
// nothing when both sides have them (seed §4: they abstain).
func value(es Elements, swiss bool) int {
	v := 0
	for e, n := range es {
		if Elem(e) == PKS && swiss {
			continue
		}
		v += elems[e].Value * n
	}
	return v
}

// reinforcementValue is what a reinforcement brings: its counter's
// elements, or for a fleet one artillery.
func (rs *resolution) reinforcementValue(r *reinforcement, swiss bool) int {
	if r.fleet {
		return elems[ART].Value
	}
	if ct := rs.counterOf(r.key); ct != nil {
		return value(ct.Elements, swiss)
	}
	return 0
}

// potential is army k's potential strength (R17): its elements and every
// reinforcement that may come.
func (rs *resolution) potential(k counterKey, rf []*reinforcement, swiss bool) int {
	v := value(rs.counterOf(k).Elements, swiss)
	for _, r := range rf {
		v += rs.reinforcementValue(r, swiss)
	}
	return v
}

// strength is a side's value now: its army and the reinforcements come.
func (rs *resolution) strength(s *side, swiss bool) int {
	v := value(rs.counterOf(s.key).Elements, swiss)
	for _, r := range s.reinf {
		if r.arrived {
			v += rs.reinforcementValue(r, swiss)
		}
	}
	return v
}

// battle is the Corriere abstract battle (spec Appendix C.2, R18): up to
// six battle turns, each side D6 +1 stronger, +1 more at 1.5 times, +1
// the defender, +1 with a commander; the higher inflicts 1 loss, 2 by 3
// or more, a tie 1 each; a side routs when its losses reach a third of
// its elements (rounded up); reinforcements roll at the end of each turn;
// no loss in three turns, or six turns, end it with no winner.
//
// A ticket's battle (tactical.go) is fought between the sides the ticket
// says, without rolling for them again.
func (rs *resolution) battle(at string, a, d counterKey, ra, rd []*reinforcement, origins map[counterKey]string, tk *Ticket) {
	if !slices.Contains(rs.battles, at) {
		rs.battles = append(rs.battles, at)
	}
	var sides []*side
	if tk != nil {
		sides = rs.ticketSides(tk, a, d, ra, rd)
	} else {
		sides = rs.sides(at, a, d, ra, rd, origins)
	}
	rs.fightOut(at, a, d, sides, origins)
}

// sides are the two sides of a battle between a and d in at, the attacker
// first (seed §8): the defender is the side in its own territory, else
// the one that did not move; in a meeting engagement the higher D6
// attacks.
func (rs *resolution) sides(at string, a, d counterKey, ra, rd []*reinforcement, origins map[counterKey]string) []*side {
	sides := []*side{{key: a, reinf: ra}, {key: d, reinf: rd}}
	switch owner := rs.pos.Control[at]; {
	case owner == a.power:
		sides[0].defender = true
	case owner == d.power:
		sides[1].defender = true
	case origins[a] == "":
		sides[0].defender = true
	case origins[d] == "":
		sides[1].defender = true
	default:
		// A meeting engagement: the higher D6 attacks (seed §8).
		for {
			x := rs.roll(fmt.Sprintf("battle in %s: who attacks, %s", at, a.power))
			y := rs.roll(fmt.Sprintf("battle in %s: who attacks, %s", at, d.power))
			if x != y {
				sides[0].defender = x < y
				sides[1].defender = x > y
				break
			}
		}
	}
	if sides[0].defender {
		sides[0], sides[1] = sides[1], sides[0] // the attacker rolls first
	}
	return sides
}

// fightOut fights the abstract battle between sides, the attacker first.
func (rs *resolution) fightOut(at string, a, d counterKey, sides []*side, origins map[counterKey]string) {
	for _, s := range sides {
		s.rl = routLevel(rs.counterOf(s.key).Elements)
	}
	swiss := rs.swissAbstain(a, d)
	winner := -1
	turns := 0
	for turns < 6 && winner < 0 {
		turns++
		var total [2]int
		for i, s := range sides {
			o := sides[1-i]
			mine, theirs := rs.strength(s, swiss), rs.strength(o, swiss)
			total[i] = rs.roll(fmt.Sprintf("battle in %s, turn %d: %s", at, turns, s.key.power))
			if mine > theirs {
				total[i]++
			}
			if 2*mine >= 3*theirs {
				total[i]++
			}
			if s.defender {
				total[i]++
			}
			if ct := rs.counterOf(s.key); ct.Elements[CINC] > 0 || ct.Elements[COND] > 0 {
				total[i]++
			}
		}
		switch diff := total[0] - total[1]; {
		case diff == 0:
			rs.battleLoss(sides[0], 1)
			rs.battleLoss(sides[1], 1)
		case diff > 0:
			rs.battleLoss(sides[1], 1+boolInt(diff >= 3))
		default:
			rs.battleLoss(sides[0], 1+boolInt(-diff >= 3))
		}
		routA, routD := sides[0].lost >= sides[0].rl, sides[1].lost >= sides[1].rl
		switch {
		case routA && routD:
			x, y := sides[0].lost*sides[1].rl, sides[1].lost*sides[0].rl
			if x == y {
				turns = 6 // neither wins: as at the time limit
				continue
			}
			winner = boolInt(x > y) // the higher share of losses routs
			continue
		case routA:
			winner = 1
			continue
		case routD:
			winner = 0
			continue
		}
		for i, s := range sides {
			for _, r := range s.reinf {
				if r.arrived || winner >= 0 {
					continue
				}
				if rs.roll(fmt.Sprintf("battle in %s, turn %d: %s reinforcement", at, turns, s.key.power)) < r.need {
					continue
				}
				r.arrived = true
				enemy := sides[1-i]
				if r.army && rs.counterOf(enemy.key).Elements[PKS] == 0 && enemy.key.power != "ottomani" {
					winner = i // the allied armies win (seed §8)
				}
			}
		}
		if turns == 3 && sides[0].lost == 0 && sides[1].lost == 0 {
			break
		}
	}
	rs.afterBattle(at, sides, winner, origins)
}

// battleLoss takes n losses from a side: from its army, then from the
// contingents come to it (ruling: the army fights in front; a fleet's
// artillery is never lost, fleets never fight, seed §7).
func (rs *resolution) battleLoss(s *side, n int) {
	for range n {
		k := s.key
		if rs.counterOf(k).Elements.Troops() == 0 {
			i := slices.IndexFunc(s.reinf, func(r *reinforcement) bool {
				ct := rs.counterOf(r.key)
				return r.arrived && !r.fleet && ct != nil && ct.Elements.Troops() > 0
			})
			if i < 0 {
				return
			}
			k = s.reinf[i].key
		}
		ct := rs.counterOf(k)
		for _, e := range rs.losses(k.power) {
			if e != CINC && e != COND && ct.Elements[e] > 0 {
				ct.Elements[e]--
				break
			}
		}
		s.lost++
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// afterBattle applies a battle's outcome (seed §8): the routed side
// withdraws, and the territory passes to the winner unless the loser
// holds its city with troops; with no winner both go back with attrition,
// losses and attrition within the rout level, and an army on its own
// territory stays, paying attrition only if it lost more.
func (rs *resolution) afterBattle(at string, sides []*side, winner int, origins map[counterKey]string) {
	for _, s := range sides {
		for _, r := range s.reinf {
			if ct := rs.counterOf(r.key); r.arrived && !r.fleet && ct != nil && ct.Elements.Troops() == 0 {
				rs.lose(rs.power(r.key.power), ct)
			}
		}
	}
	rs.tally(sides, winner)
	if winner >= 0 {
		w, l := sides[winner], sides[1-winner]
		rs.tell(nil, "battle in %s: %s routs %s (losses %s and %s, seed §8)", "a:"+at, "p:"+w.key.power, "p:"+l.key.power, fmt.Sprint(w.lost), fmt.Sprint(l.lost))
		if rs.counterOf(l.key).Elements.Troops() == 0 {
			rs.tell(nil, "%s #%s is no more", "p:"+l.key.power, fmt.Sprint(l.key.n))
			rs.lose(rs.power(l.key.power), rs.counterOf(l.key))
		} else {
			rs.retreat(l.key, origins[l.key], true, nil)
		}
		owner := rs.pos.Control[at]
		held := slices.ContainsFunc(rs.pos.Powers, func(q *Power) bool {
			return q.ID != w.key.power && !rs.allied(q.ID, w.key.power) &&
				slices.ContainsFunc(q.Counters, func(c Counter) bool { return c.At == at && c.InCity && c.Kind != Dummy })
		})
		if owner != w.key.power && !rs.allied(owner, w.key.power) && !held {
			rs.control(at, w.key.power)
			rs.tell(nil, "%s takes %s (seed §8)", "p:"+w.key.power, "a:"+at)
		}
		return
	}
	rs.tell(nil, "battle in %s: no side routs (losses %s and %s); both draw off (seed §8)", "a:"+at, fmt.Sprint(sides[0].lost), fmt.Sprint(sides[1].lost))
	for i, s := range sides {
		p := rs.power(s.key.power)
		ct := rs.counterOf(s.key)
		if ct == nil {
			continue
		}
		room := s.rl - s.lost // losses and attrition stay within the rout level (seed §8, Precisazione 1)
		if rs.pos.Control[at] == p.ID {
			if s.lost > sides[1-i].lost && room > 0 {
				rs.attritionUpTo(p, ct, tx("battle ended by time"), room)
			}
			continue
		}
		rs.retreat(s.key, origins[s.key], false, nil)
		if ct := rs.counterOf(s.key); ct != nil && room > 0 {
			rs.attritionUpTo(p, ct, tx("battle ended by time"), room)
		}
	}
}

// tally counts a battle in the position: fought by both sides' powers,
// won by the winner's, only by a rout (seed §8 Precisazione 2; R18: the
// abstract battle and the arbiter's result alike; a battle won by an
// allied army's arrival is a rout, as afterBattle plays it). A battle is
// its two armies': the contingents and allies come to them win nothing
// (a ruling: the seed scores the battle, not the forces in it).
func (rs *resolution) tally(sides []*side, winner int) {
	count := func(m *map[string]int, p string) {
		if *m == nil {
			*m = map[string]int{}
		}
		(*m)[p]++
	}
	for _, s := range sides {
		count(&rs.pos.BattlesFought, s.key.power)
	}
	if winner >= 0 {
		count(&rs.pos.BattlesWon, sides[winner].key.power)
	}
}
