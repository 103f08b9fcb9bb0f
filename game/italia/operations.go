package italia

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// defaultLosses is the order elements are lost in when a power gives no
// PERDITE: the cheapest first, the commanders last (spec §3.13).
var defaultLosses = []Elem{FT, CL, PK, LZ, ART, PKS, GD, COND, CINC}

// losses is power id's order of losses: its PERDITE, then the default for
// what it leaves out.
func (rs *resolution) losses(id string) []Elem {
	var out []Elem
	if c := rs.sheets[id]; c != nil {
		if o := c.sheet["perdite"]; o != nil {
			out = slices.Clone(o.types())
		}
	}
	for _, e := range defaultLosses {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	// The CinC goes last whatever the order says (spec §3.13).
	out = slices.DeleteFunc(out, func(e Elem) bool { return e == CINC })
	return append(out, CINC)
}

// upkeepOf is the year's upkeep of elements es and n fleets (seed §5,
// R36).
func upkeepOf(es Elements, fleets int) int {
	ord, total := 0, fleets*fleetUpkeep
	for e, n := range es {
		switch elems[e].Upkeep {
		case ordinary:
			ord += n
		case each:
			total += n
		}
	}
	return total + (ord+1)/2
}

// take removes n elements of type e from p's counter #from, or with from
// 0 from the reserve first, then any counter, the army last; it reports
// how many it took.
func take(p *Power, e Elem, n, from int) int {
	got := 0
	if from == 0 {
		got = min(n, p.Reserve[e])
		p.Reserve[e] -= got
	}
	order := slices.Clone(p.Counters)
	armyLast := func(c Counter) int {
		if c.Kind == Army {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b Counter) int { return cmp.Compare(armyLast(a), armyLast(b)) })
	for _, o := range order {
		if from != 0 && o.N != from {
			continue
		}
		ct := p.counter(o.N)
		k := min(n-got, ct.Elements[e])
		ct.Elements[e] -= k
		got += k
	}
	return got
}

// expenses pays the spring's upkeep and recruitment (seed §3 C, §5; spec
// §3.3): recruitment that the treasury cannot pay is dropped last line
// first, then upkeep it cannot pay removes elements in the PERDITE order,
// fleets last (R39).
func (rs *resolution) expenses() {
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		for _, o := range c.lines(vDisband) {
			take(p, o.vals["e"].(Elem), o.num("n"), o.num("k"))
		}
		for _, o := range c.lines(vDisbandFleet) {
			p.Fleets = slices.DeleteFunc(p.Fleets, func(f Fleet) bool { return f.N == o.num("f") })
			p.DisbandedFleets++
		}
		buys := c.lines(buyVerbs...)
		bill := func() int {
			n := upkeepOf(p.pool(), len(p.Fleets))
			for _, o := range buys {
				n += buyCost(o)
			}
			return n
		}
		for len(buys) > 0 && bill() > p.Treasury {
			rs.tell([]string{p.ID}, "not paid, the treasury is short: %s", rs.s.r.reader().format(buys[len(buys)-1]))
			buys = buys[:len(buys)-1]
		}
		for upkeepOf(p.pool(), len(p.Fleets)) > p.Treasury {
			if !rs.unkeep(p) {
				break
			}
		}
		p.Treasury -= bill()
		rs.tell([]string{p.ID}, "upkeep and recruitment paid: %s ducats", fmt.Sprint(bill()))
		for _, o := range buys {
			rs.buy(p, o)
		}
		for _, o := range c.lines(vHireCompany) {
			rs.tell(nil, "%s bids for the company %s: the arbiter settles the auction (R45)", "p:"+p.ID, o.str("w"))
		}
	}
}

// unkeep removes the first element of p's losses order that it has (the
// CinC never), else a fleet; false when there is nothing to remove.
func (rs *resolution) unkeep(p *Power) bool {
	for _, e := range rs.losses(p.ID) {
		if e != CINC && p.pool()[e] > 0 {
			take(p, e, 1, 0)
			rs.tell([]string{p.ID}, "not kept, the treasury is short: 1 %s", e.String())
			return true
		}
	}
	if len(p.Fleets) > 0 {
		f := p.Fleets[len(p.Fleets)-1]
		p.Fleets = p.Fleets[:len(p.Fleets)-1]
		p.DisbandedFleets++
		rs.tell([]string{p.ID}, "not kept, the treasury is short: F%s", fmt.Sprint(f.N))
		return true
	}
	return false
}

// buy carries out a paid recruitment line: elements to the counter named
// (to the reserve if it is new this spring), mercenaries to the army, a
// fleet on a sea of an own port.
func (rs *resolution) buy(p *Power, o *order) {
	add := func(e Elem, n, k int) {
		if ct := p.counter(k); ct != nil {
			ct.Elements[e] += n
			return
		}
		p.Reserve[e] += n
	}
	army := 0
	if a := p.army(); a != nil {
		army = a.N
	}
	switch o.verb {
	case vRecruit:
		add(o.vals["e"].(Elem), o.num("n"), o.num("k"))
	case vHireSwiss:
		add(PKS, mercenaryPack, army)
	case vHireLandsknechts:
		add(LZ, mercenaryPack, army)
	case vBuildFleet:
		sea := rs.portSea(p.ID)
		if sea == "" {
			return
		}
		p.newFleet(sea)
		p.DisbandedFleets = max(0, p.DisbandedFleets-1)
	}
}

// portSea is the first sea (by id) that a port of power id opens on, ""
// for none.
func (rs *resolution) portSea(id string) string {
	b := rs.s.r.board
	var seas []string
	for t, who := range rs.pos.Control {
		if who == id {
			for _, s := range b.Areas[rs.s.area(t)].Port {
				seas = append(seas, b.Areas[s].ID)
			}
		}
	}
	slices.Sort(seas)
	if len(seas) == 0 {
		return ""
	}
	return seas[0]
}

// financial resolves the political and defensive operations, all at once
// on the state after the cessions (spec §2.3 step 4, §3.4): every
// operation paid is spent, even if it fails (seed §5); of several offers
// on one garrison only the largest can succeed, and a tie fails them all
// (R8); it succeeds if it beats the counter-offers by the base (10, 13 in
// yellow land).
func (rs *resolution) financial() {
	type attempt struct {
		power  string
		n      int
		revolt bool
		secret bool
	}
	attempts := map[string][]attempt{}
	defences := map[string]map[string]int{}
	b := rs.s.r.board
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		if o := c.sheet["politica"]; o != nil {
			switch o.verb {
			case vFamine:
				ts := o.areas("ts")
				if rs.spend(p, famineRelief*len(ts), tx("famine relief")) {
					for _, t := range ts {
						id := b.Areas[t].ID
						rs.pos.Famine = slices.DeleteFunc(rs.pos.Famine, func(x string) bool { return x == id })
						rs.tell(nil, "%s relieves the famine in %s", "p:"+p.ID, "a:"+id)
					}
				}
			case vPacify:
				id := b.Areas[o.area("t")].ID
				if rs.spend(p, pacifyCost, tx("pacification of %s", b.Areas[o.area("t")].Italian)) {
					if d := rs.roll(fmt.Sprintf("pacification of %s by %s", id, p.ID)); d == 1 {
						rs.tell(nil, "%s fails to pacify %s (D6 %s)", "p:"+p.ID, "a:"+id, "1")
					} else {
						rs.pos.Revolts = slices.DeleteFunc(rs.pos.Revolts, func(r Revolt) bool { return r.At == id })
						rs.tell(nil, "%s pacifies %s (D6 %s)", "p:"+p.ID, "a:"+id, fmt.Sprint(d))
					}
				}
			case vBribe, vRevolt:
				id := b.Areas[o.area("t")].ID
				n := o.num("n")
				secret := o.verb == vRevolt && o.has("[0]")
				cost := n
				if secret {
					cost += secretRevolt
				}
				if rs.spend(p, cost, tx("the offer in %s", b.Areas[o.area("t")].Italian)) {
					attempts[id] = append(attempts[id], attempt{p.ID, n, o.verb == vRevolt, secret})
				}
			}
		}
		for _, o := range c.lines(vDefend) {
			id := b.Areas[o.area("t")].ID
			if rs.spend(p, o.num("n"), tx("the defence of %s", b.Areas[o.area("t")].Italian)) {
				if defences[id] == nil {
					defences[id] = map[string]int{}
				}
				defences[id][p.ID] += o.num("n")
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(attempts)) {
		list := attempts[id]
		best := slices.MaxFunc(list, func(a, b attempt) int { return cmp.Compare(a.n, b.n) })
		who := func(a attempt) string {
			if a.secret {
				return "l:unknown parties\x1fignoti"
			}
			return "p:" + a.power
		}
		if slices.ContainsFunc(list, func(a attempt) bool { return a.n == best.n && a.power != best.power }) {
			for _, a := range list {
				rs.tell(nil, "the offer of %s in %s fails: the largest offers tie (R8)", who(a), "a:"+id)
			}
			continue
		}
		against := 0
		for q, n := range defences[id] {
			if q != best.power {
				against += n
			}
		}
		base := bribeBase(b, rs.s.area(id))
		for _, a := range list {
			switch {
			case a != best:
				rs.tell(nil, "the offer of %s in %s fails: a larger one was made (R8)", who(a), "a:"+id)
			case a.n-against < base:
				rs.tell(nil, "the offer of %s in %s fails against the counter-offers", who(a), "a:"+id)
			case a.revolt:
				rs.pos.Revolts = append(rs.pos.Revolts, Revolt{At: id, By: a.power, Secret: a.secret})
				rs.tell(nil, "%s rises in revolt, stirred by %s", "a:"+id, who(a))
			default:
				rs.control(id, a.power)
				rs.tell(nil, "the garrison of %s is bribed by %s", "a:"+id, who(a))
			}
		}
	}
}

// control hands territory id to power who, with what comes with it: the
// Genova fleet (seed §4, R48) on the sea of Genova's port.
func (rs *resolution) control(id, who string) {
	rs.pos.Control[id] = who
	rs.takenAt(id)
	if id != "genoa" {
		return
	}
	p := rs.power(who)
	if p == nil {
		return
	}
	b := rs.s.r.board
	sea := b.Areas[b.Areas[rs.s.area("genoa")].Port[0]].ID
	n := p.newFleet(sea)
	rs.tell(nil, "%s takes the Genova fleet, F%s in %s (seed §4)", "p:"+who, fmt.Sprint(n), "a:"+sea)
}

// deploy places the counters and fleets of the spring (seed §7, spec
// §3.5): each power's elements are handed out again, the contingents and
// dummies as written (cut to what there is), the army the rest. A line
// the earlier steps made impossible (its territory lost, ceded to the
// power this turn) is not carried out (R10): the counter stays, or its
// elements join the army. Counters a deployment leaves out are dissolved
// into the army; a power that writes none keeps its counters where they
// are (R37).
func (rs *resolution) deploy() {
	b := rs.s.r.board
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		for _, o := range c.lines(vDeployFleet) {
			sea := o.area("s")
			if slices.ContainsFunc(b.Areas[sea].Port, func(t machiavelli.Area) bool { return rs.pos.Control[b.Areas[t].ID] == p.ID }) {
				p.fleet(o.num("f")).At = b.Areas[sea].ID
			}
		}
		lines := c.lines(vDeploy)
		if len(lines) == 0 {
			continue
		}
		pool := p.pool()
		var counters []Counter
		armyAt := ""
		if a := p.army(); a != nil {
			armyAt = a.At
		}
		for _, o := range lines {
			id := b.Areas[o.area("t")].ID
			kind := o.vals["kind"].(CounterKind)
			if rs.pos.Control[id] != p.ID || rs.ceded[id] || slices.Contains(rs.pos.Famine, id) {
				rs.tell([]string{p.ID}, "%s: not carried out: %s", rs.s.r.reader().format(o), "l:the territory is no longer yours to deploy in\x1fil territorio non è più tuo per schierarvi")
				continue
			}
			if kind == Army {
				armyAt = id
				continue
			}
			var es Elements
			for e := range es {
				es[e] = min(o.elems()[e], pool[e])
			}
			if kind == Contingent && es.Troops() < minContingent {
				continue
			}
			pool, _ = pool.Minus(es)
			counters = append(counters, Counter{N: o.num("k"), Kind: kind, At: id, Elements: es})
		}
		if armyAt != "" {
			n := 1
			for _, o := range lines {
				if o.vals["kind"] == Army {
					n = o.num("k")
				}
			}
			if a := p.army(); a != nil && !slices.ContainsFunc(lines, func(o *order) bool { return o.vals["kind"] == Army }) {
				n = a.N
			}
			for slices.ContainsFunc(counters, func(ct Counter) bool { return ct.N == n }) {
				n++
			}
			counters = append(counters, Counter{N: n, Kind: Army, At: armyAt, Elements: pool})
			pool = Elements{}
		}
		slices.SortFunc(counters, func(a, b Counter) int { return cmp.Compare(a.N, b.N) })
		p.Counters, p.Reserve = counters, pool
		rs.tell([]string{p.ID}, "deployed: %s", rs.counterList(p))
	}
}

// counterList writes p's counters for p: "#1 army in Padova (CINC, ...)".
func (rs *resolution) counterList(p *Power) string {
	return textArg(func(l game.Lang) string {
		var out []string
		for _, ct := range p.Counters {
			out = append(out, rs.s.counterText(l, ct))
		}
		return strings.Join(out, "; ")
	})
}

// attrition makes counter ct of power p lose max(1, D6/2) elements
// (R5), in the PERDITE order, the CinC last; a counter left without troops
// is removed, its commanders to the reserve (spec §3.13). It reports
// whether the counter is gone.
func (rs *resolution) attrition(p *Power, ct *Counter, why game.Text) bool {
	return rs.attritionUpTo(p, ct, why, 1<<30)
}

// attritionUpTo is attrition of at most most elements.
func (rs *resolution) attritionUpTo(p *Power, ct *Counter, why game.Text, most int) bool {
	if ct.Kind == Dummy {
		return false
	}
	d := rs.roll(fmt.Sprintf("attrition of %s #%d (%s)", p.ID, ct.N, why(game.English)))
	n := min(max(1, d/2), most)
	lost := Elements{}
	for _, e := range rs.losses(p.ID) {
		k := min(n-lost.Total(), ct.Elements[e])
		ct.Elements[e] -= k
		lost[e] += k
	}
	rs.tell(nil, "%s #%s suffers attrition (%s, D6 %s): %s elements lost", "p:"+p.ID, fmt.Sprint(ct.N), textArg(why), fmt.Sprint(d), fmt.Sprint(lost.Total()))
	if ct.Elements.Troops() > 0 {
		return false
	}
	gone := ct.N
	rs.remove(p, ct)
	rs.tell(nil, "%s #%s is no more", "p:"+p.ID, fmt.Sprint(gone))
	return true
}
