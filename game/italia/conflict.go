package italia

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// meetings resolves the forces that end in one territory (spec §2.3 step
// 6 e-g, §3.9, §3.10): territory by territory in the board's order, a
// dummy facing another power's counter is revealed and removed (R54);
// then allies give way (§3.9.1), or a side concedes, two contingents
// duel, an army drives a contingent off, armies too unequal make the
// weaker withdraw, and comparable armies fight (§3.9.2, the abstract
// battle of Appendix C); three powers or more meet two at a time (meet).
// origins are where the counters that moved came from.
func (rs *resolution) meetings(origins map[counterKey]string) {
	b := rs.s.r.board
	type meeting struct {
		at   string
		keys []counterKey
	}
	var meets []meeting
	engaged := map[counterKey]bool{}
	for i := range b.Territories {
		id := b.Areas[i].ID
		keys := rs.fieldAt(id)
		if len(powersOf(keys)) < 2 {
			continue
		}
		meets = append(meets, meeting{id, keys})
		for _, k := range keys {
			engaged[k] = true
		}
	}
	for _, m := range meets {
		for _, k := range m.keys {
			p := rs.power(k.power)
			ct := p.counter(k.n)
			if ct == nil || ct.Kind != Dummy {
				continue
			}
			if slices.ContainsFunc(m.keys, func(o counterKey) bool { return o.power != k.power && !rs.allied(o.power, k.power) }) {
				rs.tell(nil, "%s #%s in %s was a dummy, and is removed (R54)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+m.at)
				rs.remove(p, ct)
			}
		}
		rs.meet(m.at, rs.fieldAt(m.at), origins, engaged)
	}
	// A battle ticket opened: the turn waits for it (tactical.go).
	rs.waitHere()
}

// meet resolves the counters keys of several powers in the field of
// territory at. The seed's meetings (§7) and spec §3.9 are of two forces;
// ruling (beyond the spec) for three powers or more: they meet two at a
// time, the force that held the territory first (one that did not move,
// else its controller's, else the first in the seed's order), then each
// arrival in the seed's order meets whoever holds the field after the
// meeting before; a force that withdrew meets nobody more, as retreats
// never cause meetings (R16). Each pair meets in the seed's order, so two
// powers meet as the seed's rules alone say.
func (rs *resolution) meet(at string, keys []counterKey, origins map[counterKey]string, engaged map[counterKey]bool) {
	if len(powersOf(keys)) < 2 {
		return
	}
	owner := rs.pos.Control[at]
	rank := func(k counterKey) int {
		switch {
		case origins[k] == "":
			return 0
		case k.power == owner:
			return 1
		}
		return 2
	}
	keys = slices.Clone(keys)
	slices.SortStableFunc(keys, func(x, y counterKey) int { return cmp.Compare(rank(x), rank(y)) })
	inField := func(k counterKey) bool {
		ct := rs.counterOf(k)
		return ct != nil && ct.At == at && !ct.InCity
	}
	holder := keys[0]
	for _, k := range keys[1:] {
		switch {
		case !inField(k):
			continue
		case !inField(holder):
			holder = k
			continue
		case k.power == holder.power:
			continue
		}
		a, d := holder, k
		if powerIndex(d.power) < powerIndex(a.power) {
			a, d = d, a
		}
		if rs.allied(a.power, d.power) {
			rs.giveWay(a, d, origins)
		} else {
			opened := len(rs.opened)
			rs.clash(at, a, d, origins, engaged)
			if len(rs.opened) > opened {
				// Who holds the field is the battle's to say: the
				// territory waits for it (tactical.go).
				return
			}
		}
		if !inField(holder) && inField(k) {
			holder = k
		}
	}
}

// fieldAt are the counters in the field of territory id (not in its
// city, R24), in power order and by number.
func (rs *resolution) fieldAt(id string) []counterKey {
	var out []counterKey
	for _, p := range rs.pos.Powers {
		for _, c := range p.Counters {
			if c.At == id && !c.InCity {
				out = append(out, counterKey{p.ID, c.N})
			}
		}
	}
	return out
}

// powersOf lists the powers of keys, each once.
func powersOf(keys []counterKey) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(out, k.power) {
			out = append(out, k.power)
		}
	}
	return out
}

// counterOf is the counter k names, nil once gone.
func (rs *resolution) counterOf(k counterKey) *Counter { return rs.power(k.power).counter(k.n) }

// giveWay resolves allies meeting (seed §7, R53): the smaller (dummies
// count 0) goes back where it came from; on a tie the one whose sheet
// says CEDI AGLI ALLEATI, else a D6: 1-3 the first in the seed's order,
// 4-6 the second. Ruling: a counter that did not move has nowhere to go
// back to, so the one that came gives way.
func (rs *resolution) giveWay(a, d counterKey, origins map[counterKey]string) {
	size := func(k counterKey) int {
		if ct := rs.counterOf(k); ct.Kind != Dummy {
			return ct.Elements.Troops()
		}
		return 0
	}
	yields := rs.sheets[a.power].sheet["cedi alleati"] != nil
	other := rs.sheets[d.power].sheet["cedi alleati"] != nil
	loser := a
	switch {
	case origins[a] == "":
		loser = d
	case origins[d] == "":
	case size(a) != size(d):
		if size(d) < size(a) {
			loser = d
		}
	case yields != other:
		if other {
			loser = d
		}
	default:
		if r := rs.roll(fmt.Sprintf("allies meet in %s: who gives way", rs.counterOf(a).At)); r >= 4 {
			loser = d
		}
	}
	rs.tell(nil, "%s #%s gives way to its ally (seed §7)", "p:"+loser.power, fmt.Sprint(loser.n))
	rs.retreat(loser, origins[loser], false, nil)
}

// clash resolves two powers not allied meeting in territory at (seed §7,
// spec §3.9.2).
func (rs *resolution) clash(at string, a, d counterKey, origins map[counterKey]string, engaged map[counterKey]bool) {
	ca, cd := rs.counterOf(a), rs.counterOf(d)
	concedes := func(k counterKey) bool { return rs.sheets[k.power].sheet[fmt.Sprintf("cedi #%d", k.n)] != nil }
	if concedes(a) || concedes(d) {
		for _, k := range []counterKey{a, d} {
			if concedes(k) {
				rs.tell(nil, "%s #%s concedes %s and withdraws (seed §7)", "p:"+k.power, fmt.Sprint(k.n), "a:"+at)
				rs.retreat(k, origins[k], false, nil)
			}
		}
		return
	}
	switch {
	case ca.Kind == Contingent && cd.Kind == Contingent:
		rs.duel(at, a, d, origins)
	case ca.Kind == Army && cd.Kind == Contingent:
		rs.tell(nil, "%s #%s falls back before an army (seed §7)", "p:"+d.power, fmt.Sprint(d.n))
		rs.retreat(d, origins[d], false, nil)
	case ca.Kind == Contingent && cd.Kind == Army:
		rs.tell(nil, "%s #%s falls back before an army (seed §7)", "p:"+a.power, fmt.Sprint(a.n))
		rs.retreat(a, origins[a], false, nil)
	default:
		rs.armies(at, a, d, origins, engaged)
	}
}

// duel resolves two contingents meeting (seed §7): each rolls a D6, +1
// in a territory of its own garrison, +1 the larger, +1 with gendarmes
// or Swiss pikes; a tie is rolled again; the loser loses an element and
// withdraws.
func (rs *resolution) duel(at string, a, d counterKey, origins map[counterKey]string) {
	mod := func(k, o counterKey) int {
		ct, other := rs.counterOf(k), rs.counterOf(o)
		n := 0
		if rs.pos.Control[at] == k.power {
			n++
		}
		if ct.Elements.Troops() > other.Elements.Troops() {
			n++
		}
		if ct.Elements[GD] > 0 || ct.Elements[PKS] > 0 {
			n++
		}
		return n
	}
	for {
		ra := rs.roll(fmt.Sprintf("contingents meet in %s: %s #%d", at, a.power, a.n)) + mod(a, d)
		rd := rs.roll(fmt.Sprintf("contingents meet in %s: %s #%d", at, d.power, d.n)) + mod(d, a)
		if ra == rd {
			continue
		}
		winner, loser := a, d
		if rd > ra {
			winner, loser = d, a
		}
		rs.tell(nil, "in %s %s #%s beats %s #%s (%s against %s, seed §7)", "a:"+at, "p:"+winner.power, fmt.Sprint(winner.n), "p:"+loser.power, fmt.Sprint(loser.n), fmt.Sprint(max(ra, rd)), fmt.Sprint(min(ra, rd)))
		if rs.loseElements(loser, 1) {
			rs.retreat(loser, origins[loser], false, nil)
		}
		return
	}
}

// loseElements takes n elements from counter k in its power's PERDITE
// order, the CinC last; false when the counter is gone with them (its
// commanders to the reserve).
func (rs *resolution) loseElements(k counterKey, n int) bool {
	p := rs.power(k.power)
	ct := p.counter(k.n)
	for _, e := range rs.losses(p.ID) {
		m := min(n, ct.Elements[e])
		ct.Elements[e] -= m
		n -= m
	}
	if ct.Elements.Troops() > 0 {
		return true
	}
	rs.tell(nil, "%s #%s is no more", "p:"+p.ID, fmt.Sprint(k.n))
	rs.lose(p, ct)
	return false
}

// enterable reports whether counter k may withdraw into territory id:
// open to troops and free of counters of powers not allied to it (R16).
func (rs *resolution) enterable(k counterKey, id string) bool {
	return !rs.s.closedTo(rs.s.area(id), k.power) && !rs.hostileIn(k.power, id)
}

// retreat withdraws counter k (R16): to where it came from if it may,
// else to the first of its RITIRATA list next to it, else to the first
// (by name) own or allied territory next to it, else, after a battle
// lost, into its own city there if that is its capital or held by its
// contingent (seed §8); else it is destroyed. Retreats meet nobody; a
// counter that ends with its own joins it (R37). why, when not nil, is
// the attrition it pays on the way.
func (rs *resolution) retreat(k counterKey, origin string, afterBattle bool, why game.Text) {
	b := rs.s.r.board
	p := rs.power(k.power)
	ct := p.counter(k.n)
	if ct == nil {
		return
	}
	at := ct.At
	next := func(id string) bool { return b.LandEdge(rs.s.area(at), rs.s.area(id)) != machiavelli.NoEdge }
	friendly := func(id string) bool { return rs.friendly(p.ID, id) && rs.enterable(k, id) }
	dest := ""
	if origin != "" && origin != at && rs.enterable(k, origin) {
		dest = origin
	}
	if o := rs.sheets[p.ID].sheet[fmt.Sprintf("ritirata #%d", k.n)]; dest == "" && o != nil {
		for _, t := range o.areas("ts") {
			if id := b.Areas[t].ID; next(id) && friendly(id) {
				dest = id
				break
			}
		}
	}
	if dest == "" {
		var near []machiavelli.Area
		for _, n := range b.Areas[rs.s.area(at)].Neighbours {
			if friendly(b.Areas[n].ID) {
				near = append(near, n)
			}
		}
		slices.SortFunc(near, func(x, y machiavelli.Area) int { return strings.Compare(b.Areas[x].Italian, b.Areas[y].Italian) })
		if len(near) > 0 {
			dest = b.Areas[near[0]].ID
		}
	}
	if dest == "" && afterBattle && rs.pos.Control[at] == p.ID && b.Areas[rs.s.area(at)].City != machiavelli.NoCity &&
		(slices.Contains(rs.capitals(p.ID), at) || slices.ContainsFunc(p.Counters, func(c Counter) bool { return c.At == at && c.InCity && c.Kind == Contingent })) {
		ct.InCity = true
		rs.tell(nil, "%s #%s withdraws into the city of %s (seed §8)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+at)
		return
	}
	if dest == "" {
		rs.tell(nil, "%s #%s has nowhere to withdraw to, and is lost", "p:"+p.ID, fmt.Sprint(k.n))
		rs.lose(p, ct)
		return
	}
	ct.At, ct.InCity = dest, false
	rs.tell(nil, "%s #%s withdraws: %s -> %s", "p:"+p.ID, fmt.Sprint(k.n), "a:"+at, "a:"+dest)
	if why != nil {
		rs.attrition(p, ct, why)
	}
	rs.merge()
}
