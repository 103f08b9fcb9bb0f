package italia

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/corriere/corriere/variants/machiavelli"
)

// landOrder is a counter's order for the turn, as the moves need it; the
// counter is named by its number, which stays while its power's slice
// changes.
type landOrder struct {
	p    *Power
	n    int
	o    *order // nil: it holds without an order (R34)
	from string
	to   string
}

// ct is the counter, nil once it is gone.
func (lo *landOrder) ct() *Counter { return lo.p.counter(lo.n) }

// key names the counter.
func (lo *landOrder) key() counterKey { return counterKey{lo.p.ID, lo.n} }

// moved reports whether the order moves the counter.
func (lo *landOrder) moved() bool { return lo.from != lo.to }

// landOrders are every counter's orders, in the seed's power order and by
// counter number.
func (rs *resolution) landOrders() []*landOrder {
	b := rs.s.r.board
	var out []*landOrder
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		for _, ct := range p.Counters {
			lo := &landOrder{p: p, n: ct.N, from: ct.At, to: ct.At}
			if o := c.sheet[fmt.Sprintf("#%d", ct.N)]; o != nil {
				lo.o = o
				if o.verb == vMove {
					lo.to = b.Areas[o.area("t")].ID
				}
			}
			out = append(out, lo)
		}
	}
	return out
}

// moves resolves the standard moves (spec §2.3 step 6): a) the double
// roll of an attacker against a moving defender; b) the new places; c)
// entry attrition; e-g) the meetings, battles and retreats (conflict.go),
// then the overruns; d) the Ottoman rolls, after the control changes as
// R51 and the seed's own example count them; then a contingent joins its
// army (seed §7), and revolts are quelled and territories sacked.
func (rs *resolution) moves() {
	los := rs.landOrders()
	for _, lo := range los {
		if lo.o != nil && lo.o.verb == vIntoCity {
			lo.ct().InCity = true
		}
		if lo.moved() {
			lo.ct().InCity = false
		}
	}
	rs.doubleRolls(los)
	origins := map[counterKey]string{}
	for _, lo := range los {
		lo.ct().At = lo.to
		if lo.moved() {
			origins[lo.key()] = lo.from
			rs.tell(nil, "%s #%s: %s -> %s", "p:"+lo.p.ID, fmt.Sprint(lo.n), "a:"+lo.from, "a:"+lo.to)
		}
	}
	for _, lo := range los {
		if ct := lo.ct(); lo.moved() && rs.marked(lo.to) {
			rs.attrition(lo.p, ct, tx("famine, revolt or sack on entry"))
		}
	}
	rs.merge()
	rs.meetings(origins)
	for _, lo := range los {
		if lo.moved() {
			rs.overrun(lo.key(), lo.to)
		}
	}
	for _, lo := range los {
		if lo.moved() {
			rs.ottomans(lo.p.ID, lo.to)
		}
	}
	rs.merge()
	rs.quellAndSack()
}

// doubleRolls settles, for each counter moving into a territory whose
// non-allied occupant has a move order, whether the occupant goes (seed
// §7, spec §3.9.3): the attacker's die, then the defender's; a double
// (R14: at least twice) holds the defender, and so does its ATTENDI
// (R15); otherwise it goes, and the two pass each other. Attackers in
// power order, then by counter.
func (rs *resolution) doubleRolls(los []*landOrder) {
	for _, a := range los {
		for _, d := range los {
			if a.p == d.p || !a.moved() || !d.moved() || a.to != d.from || rs.allied(a.p.ID, d.p.ID) ||
				a.ct().Kind == Dummy || d.ct().Kind == Dummy {
				continue
			}
			ra := rs.roll(fmt.Sprintf("double roll in %s: %s #%d attacks", a.to, a.p.ID, a.n))
			rd := rs.roll(fmt.Sprintf("double roll in %s: %s #%d defends", a.to, d.p.ID, d.n))
			switch {
			case ra >= 2*rd:
				d.to = d.from
				rs.tell(nil, "%s #%s is held in %s by %s's attack (D6 %s against %s, seed §7)", "p:"+d.p.ID, fmt.Sprint(d.n), "a:"+d.from, "p:"+a.p.ID, fmt.Sprint(ra), fmt.Sprint(rd))
			case d.o.mods().set&modWait != 0:
				d.to = d.from
				rs.tell(nil, "%s #%s waits in %s for %s's attack (D6 %s against %s, R15)", "p:"+d.p.ID, fmt.Sprint(d.n), "a:"+d.from, "p:"+a.p.ID, fmt.Sprint(ra), fmt.Sprint(rd))
			default:
				rs.tell(nil, "%s #%s leaves %s before %s's attack (D6 %s against %s, seed §7)", "p:"+d.p.ID, fmt.Sprint(d.n), "a:"+d.from, "p:"+a.p.ID, fmt.Sprint(ra), fmt.Sprint(rd))
			}
		}
	}
}

// overrun gives territory id to counter k's power if the counter stands
// there, a real one, and the territory has no city and is neither its
// nor an ally's, nor held by hostile troops (seed §4).
func (rs *resolution) overrun(k counterKey, id string) {
	ct := rs.counterOf(k)
	owner := rs.pos.Control[id]
	if ct == nil || ct.At != id || ct.InCity || ct.Kind == Dummy || owner == k.power || rs.allied(owner, k.power) ||
		rs.s.r.board.Areas[rs.s.area(id)].City != machiavelli.NoCity || rs.hostileIn(k.power, id) {
		return
	}
	rs.control(id, k.power)
	rs.tell(nil, "%s overruns the garrison of %s (seed §4)", "p:"+k.power, "a:"+id)
}

// hostileIn reports whether a counter (not a dummy) of a power neither
// power p nor its ally stands in the field of territory id.
func (rs *resolution) hostileIn(p, id string) bool {
	for _, q := range rs.pos.Powers {
		if q.ID == p || rs.allied(q.ID, p) {
			continue
		}
		if slices.ContainsFunc(q.Counters, func(c Counter) bool { return c.At == id && !c.InCity && c.Kind != Dummy }) {
			return true
		}
	}
	return false
}

// marked reports whether territory id has famine, a revolt or a sack.
func (rs *resolution) marked(id string) bool {
	return slices.Contains(rs.pos.Famine, id) || slices.Contains(rs.pos.Sack, id) ||
		rs.inRevolt(id)
}

// remove takes counter ct off the board, its elements to the reserve.
func (rs *resolution) remove(p *Power, ct *Counter) {
	p.Reserve = p.Reserve.Plus(ct.Elements)
	p.drop(ct.N)
}

// ottomans rolls for the Ottomans' activation on an entry into territory
// id if it is a Balkan state (seed §7): D6, +1 for each of the four no
// longer independent; 6 or more activates them (R51).
func (rs *resolution) ottomans(who, id string) {
	if rs.pos.OttomansActive || rs.s.r.board.Areas[rs.s.area(id)].Colour != machiavelli.Balkan {
		return
	}
	held := 0
	for i := range rs.s.r.board.Territories {
		a := &rs.s.r.board.Areas[i]
		if a.Colour == machiavelli.Balkan && rs.pos.Control[a.ID] != "" {
			held++
		}
	}
	d := rs.roll(fmt.Sprintf("Ottoman activation: %s enters %s", who, id))
	if d+held >= 6 {
		rs.pos.OttomansActive = true
		rs.tell(nil, "%s enters %s: the Ottomans take the field (D6 %s + %s, seed §7)", "p:"+who, "a:"+id, fmt.Sprint(d), fmt.Sprint(held))
		return
	}
	rs.tell(nil, "%s enters %s: the Ottomans stay still (D6 %s + %s, seed §7)", "p:"+who, "a:"+id, fmt.Sprint(d), fmt.Sprint(held))
}

// merge joins a contingent ending with its own army into the army, and
// two own contingents into the lower-numbered (seed §7, R37).
func (rs *resolution) merge() {
	for _, p := range rs.pos.Powers {
		slices.SortStableFunc(p.Counters, func(a, b Counter) int {
			return cmp.Or(cmp.Compare(kindRank(a.Kind), kindRank(b.Kind)), cmp.Compare(a.N, b.N))
		})
		for i := 0; i < len(p.Counters); i++ {
			for j := i + 1; j < len(p.Counters); j++ {
				a, b := &p.Counters[i], &p.Counters[j]
				if a.At != b.At || a.InCity != b.InCity || a.Kind == Dummy || b.Kind == Dummy {
					continue
				}
				a.Elements = a.Elements.Plus(b.Elements)
				rs.joined[counterKey{p.ID, b.N}] = a.At
				rs.tell([]string{p.ID}, "#%s joins #%s in %s (seed §7)", fmt.Sprint(b.N), fmt.Sprint(a.N), "a:"+a.At)
				p.Counters = slices.Delete(p.Counters, j, j+1)
				j--
			}
		}
		slices.SortFunc(p.Counters, func(a, b Counter) int { return cmp.Compare(a.N, b.N) })
	}
}

// kindRank puts the army first, so that contingents merge into it.
func kindRank(k CounterKind) int {
	if k == Army {
		return 0
	}
	return 1
}

// quellAndSack resolves, after the standard moves, the quelling of
// revolts and the sacks where each counter ended its move (finish).
func (rs *resolution) quellAndSack() {
	for _, lo := range rs.landOrders() {
		if lo.o != nil && lo.o.verb == vStrategic {
			continue // at its stop (strategic)
		}
		var m moves
		if lo.o != nil {
			m = lo.o.mods()
		}
		rs.finish(lo.key(), m, lo.to)
	}
}

// finish resolves what counter k does where it ended its move, if it is
// there (not driven off) (seed §6, R29, R30): an army ending its move in
// its own territory in revolt quells it (one that holds there too: it
// ends its movement there, ruling); a contingent with SEDA does on 2-6
// and is lost on 1; an army's sack is sure, a contingent's is on 4-6,
// and on 1 the contingent is lost.
func (rs *resolution) finish(k counterKey, m moves, id string) {
	p := rs.power(k.power)
	ct := p.counter(k.n)
	if ct == nil || ct.At != id {
		return
	}
	army := ct.Kind == Army
	if rs.inRevolt(id) && rs.pos.Control[id] == p.ID && (army || m.set&modQuell != 0) {
		if !army {
			if d := rs.roll(fmt.Sprintf("%s #%d quells %s", p.ID, k.n, id)); d == 1 {
				rs.tell(nil, "%s #%s fails to quell %s and is lost (D6 1, seed §6)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+id)
				rs.lose(p, ct)
				return
			}
		}
		rs.pos.Revolts = slices.DeleteFunc(rs.pos.Revolts, func(r Revolt) bool { return r.At == id })
		rs.tell(nil, "%s quells the revolt in %s", "p:"+p.ID, "a:"+id)
	}
	owner := rs.pos.Control[id]
	if m.set&modSack == 0 || slices.Contains(rs.pos.Sack, id) || owner == p.ID || rs.allied(owner, p.ID) {
		return
	}
	if !army {
		d := rs.roll(fmt.Sprintf("%s #%d sacks %s", p.ID, k.n, id))
		if d == 1 {
			rs.tell(nil, "%s #%s fails to sack %s and is lost (D6 1, seed §6)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+id)
			rs.lose(p, ct)
			return
		}
		if d < 4 {
			rs.tell(nil, "%s fails to sack %s (D6 %s, seed §6)", "p:"+p.ID, "a:"+id, fmt.Sprint(d))
			return
		}
	}
	rs.pos.Sack = append(rs.pos.Sack, id)
	rs.tell(nil, "%s sacks %s", "p:"+p.ID, "a:"+id)
}

// inRevolt reports whether territory id is in revolt now.
func (rs *resolution) inRevolt(id string) bool {
	return rs.pos.inRevolt(id)
}

// lose removes a counter lost with all its elements (the CinC to the
// reserve, R43).
func (rs *resolution) lose(p *Power, ct *Counter) {
	p.Reserve[CINC] += ct.Elements[CINC]
	p.Reserve[COND] += ct.Elements[COND]
	p.drop(ct.N)
}

// sieges rolls each siege (seed §9, spec §3.11, R25): an army with
// ASSEDIA in a territory with a hostile city; the city falls on D6 + the
// modifiers ≥ 6: +1 against an independent garrison, +1 in the second
// siege turn, +3 in the third, +2 per artillery of the besieger. A siege
// whose army gives another order, leaves or is gone ends.
func (rs *resolution) sieges() {
	b := rs.s.r.board
	var kept []Siege
	for _, lo := range rs.landOrders() {
		ct := lo.ct()
		if lo.o == nil || lo.o.mods().set&modBesiege == 0 || ct.Kind != Army {
			continue
		}
		id := ct.At
		owner := rs.pos.Control[id]
		if owner == lo.p.ID || rs.allied(owner, lo.p.ID) || b.Areas[rs.s.area(id)].City == machiavelli.NoCity {
			continue // bribed or taken before the siege: ASSEDIA is void
		}
		turns := 1
		for _, sg := range rs.pos.Sieges {
			if sg.At == id && sg.Power == lo.p.ID && sg.Counter == lo.n {
				turns = sg.Turns + 1
			}
		}
		mod := 2 * ct.Elements[ART]
		if owner == "" {
			mod++
		}
		switch turns {
		case 1:
		case 2:
			mod++
		default:
			mod += 3
		}
		d := rs.roll(fmt.Sprintf("siege of %s by %s #%d, turn %d", id, lo.p.ID, lo.n, turns))
		if d+mod >= 6 {
			rs.control(id, lo.p.ID)
			rs.tell(nil, "%s falls to %s (siege turn %s, D6 %s %s)", "a:"+id, "p:"+lo.p.ID, fmt.Sprint(turns), fmt.Sprint(d), fmt.Sprintf("%+d", mod))
			continue
		}
		kept = append(kept, Siege{At: id, Power: lo.p.ID, Counter: lo.n, Turns: turns})
		rs.tell(nil, "%s holds against %s (siege turn %s, D6 %s %s)", "a:"+id, "p:"+lo.p.ID, fmt.Sprint(turns), fmt.Sprint(d), fmt.Sprintf("%+d", mod))
	}
	rs.pos.Sieges = kept
}

// counterKey names a counter across the changes of its power's slice.
type counterKey struct {
	power string
	n     int
}

func key(p *Power, ct *Counter) counterKey { return counterKey{p.ID, ct.N} }
