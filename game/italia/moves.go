package italia

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/corriere/corriere/variants/machiavelli"
)

// landOrder is a counter's order for the turn, as the moves need it.
type landOrder struct {
	p    *Power
	ct   *Counter
	o    *order // nil: it holds without an order (R34)
	from string
	to   string
}

// moved reports whether the order moves the counter.
func (lo *landOrder) moved() bool { return lo.from != lo.to }

// landOrders are every counter's orders, in the seed's power order and by
// counter number.
func (rs *resolution) landOrders() []*landOrder {
	b := rs.s.r.board
	var out []*landOrder
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		for i := range p.Counters {
			ct := &p.Counters[i]
			lo := &landOrder{p: p, ct: ct, from: ct.At, to: ct.At}
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

// moves resolves the standard moves (spec §2.3 step 6) where no counters
// of two powers meet: a meeting, and the attacker's double roll against a
// moving defender, are refused with ErrNotYet. Dummies that meet another
// power's counter are revealed and removed (R54); a contingent ending
// with its own army joins it (seed §7, R37).
func (rs *resolution) moves() error {
	los := rs.landOrders()
	// Where each counter ends, in the field (a counter in a city takes no
	// part in field meetings, R24).
	for _, lo := range los {
		if lo.o != nil && lo.o.verb == vIntoCity {
			lo.ct.InCity = true
		}
		if lo.moved() {
			lo.ct.InCity = false
		}
	}
	for _, a := range los {
		for _, b := range los {
			if a.p == b.p || !a.moved() || a.ct.Kind == Dummy || b.ct.Kind == Dummy {
				continue
			}
			if a.to == b.from && b.moved() && !rs.allied(a.p.ID, b.p.ID) {
				return fmt.Errorf("%w: %s #%d moves against the moving %s #%d (the double roll, seed §7)", ErrNotYet, a.p.ID, a.ct.N, b.p.ID, b.ct.N)
			}
		}
	}
	var dummiesGone []*landOrder
	for _, a := range los {
		for _, b := range los {
			if a.p == b.p || a.to != b.to || a.ct.InCity || b.ct.InCity {
				continue
			}
			switch {
			case a.ct.Kind == Dummy && !rs.allied(a.p.ID, b.p.ID) && b.ct.Kind != Dummy:
				dummiesGone = append(dummiesGone, a)
			case a.ct.Kind != Dummy && b.ct.Kind != Dummy && powerIndex(a.p.ID) < powerIndex(b.p.ID):
				return fmt.Errorf("%w: %s #%d and %s #%d meet in %s (seed §7, §8)", ErrNotYet, a.p.ID, a.ct.N, b.p.ID, b.ct.N, a.to)
			}
		}
	}
	for _, lo := range los {
		lo.ct.At = lo.to
		if lo.moved() {
			rs.entered[key(lo.p, lo.ct)] = []string{lo.to}
			rs.tell(nil, "%s #%s: %s -> %s", "p:"+lo.p.ID, fmt.Sprint(lo.ct.N), "a:"+lo.from, "a:"+lo.to)
		}
	}
	for _, lo := range dummiesGone {
		rs.tell(nil, "%s #%s in %s was a dummy, and is removed (R54)", "p:"+lo.p.ID, fmt.Sprint(lo.ct.N), "a:"+lo.to)
		rs.remove(lo.p, lo.ct)
	}
	los = rs.landOrders()
	// Entry attrition, then control, then the Ottomans (R20, seed §4, R51:
	// the seed's example counts the territory just entered).
	for _, lo := range los {
		if !rs.marked(lo.ct.At) || rs.entered[key(lo.p, lo.ct)] == nil {
			continue
		}
		rs.attrition(lo.p, lo.ct, tx("famine, revolt or sack on entry"))
	}
	los = rs.landOrders()
	b := rs.s.r.board
	for _, lo := range los {
		id := lo.ct.At
		owner := rs.pos.Control[id]
		if lo.ct.Kind == Dummy || owner == lo.p.ID || rs.allied(owner, lo.p.ID) || b.Areas[rs.s.area(id)].City != machiavelli.NoCity {
			continue
		}
		if rs.entered[key(lo.p, lo.ct)] != nil {
			rs.control(id, lo.p.ID)
			rs.tell(nil, "%s overruns the garrison of %s (seed §4)", "p:"+lo.p.ID, "a:"+id)
		}
	}
	for _, lo := range los {
		if rs.entered[key(lo.p, lo.ct)] != nil && b.Areas[rs.s.area(lo.ct.At)].Colour == machiavelli.Balkan {
			rs.ottomans(lo.p.ID, lo.ct.At)
		}
	}
	rs.merge()
	rs.quellAndSack()
	return nil
}

// marked reports whether territory id has famine, a revolt or a sack.
func (rs *resolution) marked(id string) bool {
	return slices.Contains(rs.pos.Famine, id) || slices.Contains(rs.pos.Sack, id) ||
		slices.ContainsFunc(rs.pos.Revolts, func(r Revolt) bool { return r.At == id })
}

// remove takes counter ct off the board, its elements to the reserve.
func (rs *resolution) remove(p *Power, ct *Counter) {
	p.Reserve = p.Reserve.Plus(ct.Elements)
	n := ct.N
	p.Counters = slices.DeleteFunc(p.Counters, func(c Counter) bool { return c.N == n })
}

// ottomans rolls for the Ottomans' activation on an entry into a Balkan
// state (seed §7): D6, +1 for each of the four no longer independent;
// 6 or more activates them (R51).
func (rs *resolution) ottomans(who, id string) {
	if rs.pos.OttomansActive {
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

// quellAndSack resolves, after the moves, the quelling of revolts and the
// sacks (seed §6, R29, R30): an army ending its move in its own
// territory in revolt quells it (one that holds there too: it ends its
// movement there, ruling); a contingent with SEDA does on 2-6 and
// is lost on 1; an army's sack is sure, a contingent's is on 4-6, and on
// 1 the contingent is lost.
func (rs *resolution) quellAndSack() {
	for _, lo := range rs.landOrders() {
		id := lo.ct.At
		var m moves
		if lo.o != nil {
			m = lo.o.mods()
		}
		army := lo.ct.Kind == Army
		if rs.inRevolt(id) && rs.pos.Control[id] == lo.p.ID && (army || m.set&modQuell != 0) {
			if !army {
				if d := rs.roll(fmt.Sprintf("%s #%d quells %s", lo.p.ID, lo.ct.N, id)); d == 1 {
					rs.tell(nil, "%s #%s fails to quell %s and is lost (D6 1, seed §6)", "p:"+lo.p.ID, fmt.Sprint(lo.ct.N), "a:"+id)
					rs.lose(lo.p, lo.ct)
					continue
				}
			}
			rs.pos.Revolts = slices.DeleteFunc(rs.pos.Revolts, func(r Revolt) bool { return r.At == id })
			rs.tell(nil, "%s quells the revolt in %s", "p:"+lo.p.ID, "a:"+id)
		}
		if m.set&modSack == 0 || slices.Contains(rs.pos.Sack, id) {
			continue
		}
		if !army {
			d := rs.roll(fmt.Sprintf("%s #%d sacks %s", lo.p.ID, lo.ct.N, id))
			if d == 1 {
				rs.tell(nil, "%s #%s fails to sack %s and is lost (D6 1, seed §6)", "p:"+lo.p.ID, fmt.Sprint(lo.ct.N), "a:"+id)
				rs.lose(lo.p, lo.ct)
				continue
			}
			if d < 4 {
				rs.tell(nil, "%s fails to sack %s (D6 %s, seed §6)", "p:"+lo.p.ID, "a:"+id, fmt.Sprint(d))
				continue
			}
		}
		rs.pos.Sack = append(rs.pos.Sack, id)
		rs.tell(nil, "%s sacks %s", "p:"+lo.p.ID, "a:"+id)
	}
}

// inRevolt reports whether territory id is in revolt now.
func (rs *resolution) inRevolt(id string) bool {
	return slices.ContainsFunc(rs.pos.Revolts, func(r Revolt) bool { return r.At == id })
}

// lose removes a counter lost with all its elements (the CinC to the
// reserve, R43).
func (rs *resolution) lose(p *Power, ct *Counter) {
	p.Reserve[CINC] += ct.Elements[CINC]
	p.Reserve[COND] += ct.Elements[COND]
	n := ct.N
	p.Counters = slices.DeleteFunc(p.Counters, func(c Counter) bool { return c.N == n })
}

// fleets moves the fleets (spec §2.3 step 8; no dice: fleets never fight,
// seed §7).
func (rs *resolution) fleets() {
	b := rs.s.r.board
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vFleetMove) {
			fl := p.fleet(o.num("f"))
			path := o.areas("spath")
			from := fl.At
			fl.At = b.Areas[path[len(path)-1]].ID
			rs.tell(nil, "%s F%s: %s -> %s", "p:"+p.ID, fmt.Sprint(fl.N), "a:"+from, "a:"+fl.At)
		}
	}
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
		if lo.o == nil || lo.o.mods().set&modBesiege == 0 || lo.ct.Kind != Army {
			continue
		}
		id := lo.ct.At
		owner := rs.pos.Control[id]
		if owner == lo.p.ID || rs.allied(owner, lo.p.ID) || b.Areas[rs.s.area(id)].City == machiavelli.NoCity {
			continue // bribed or taken before the siege: ASSEDIA is void
		}
		turns := 1
		for _, sg := range rs.pos.Sieges {
			if sg.At == id && sg.Power == lo.p.ID && sg.Counter == lo.ct.N {
				turns = sg.Turns + 1
			}
		}
		mod := 2 * lo.ct.Elements[ART]
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
		d := rs.roll(fmt.Sprintf("siege of %s by %s #%d, turn %d", id, lo.p.ID, lo.ct.N, turns))
		if d+mod >= 6 {
			rs.control(id, lo.p.ID)
			rs.tell(nil, "%s falls to %s (siege turn %s, D6 %s %s)", "a:"+id, "p:"+lo.p.ID, fmt.Sprint(turns), fmt.Sprint(d), fmt.Sprintf("%+d", mod))
			continue
		}
		kept = append(kept, Siege{At: id, Power: lo.p.ID, Counter: lo.ct.N, Turns: turns})
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
