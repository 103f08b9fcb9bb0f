package italia

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// checker judges a power's line against the position and the power's
// other standing lines (its sheet so far), as the judge reads a mail: a
// line is refused where it cannot stand (R10: refused lines cost
// nothing); a line that may yet come right with a later one is taken with
// a note.
type checker struct {
	s     *State
	rd    *reader
	seat  string
	p     *Power
	sheet map[string]*order // the standing lines, by key
	keys  []string          // their keys, in the order read
}

// put puts o in the sheet under key, replacing the line of that key.
func (c *checker) put(key string, o *order) {
	if _, ok := c.sheet[key]; !ok {
		c.keys = append(c.keys, key)
	}
	c.sheet[key] = o
}

// lines are the sheet's lines of verb v, in the order read.
func (c *checker) lines(vs ...verbID) []*order {
	var out []*order
	for _, k := range c.keys {
		if o := c.sheet[k]; slices.Contains(vs, o.verb) {
			out = append(out, o)
		}
	}
	return out
}

// deployed is the sheet's deployment of counter #k, nil for none.
func (c *checker) deployed(k int) *order {
	return c.sheet["schiera #"+strconv.Itoa(k)]
}

// where is where counter #k starts its move: where the sheet deploys it,
// else where it stands; NoArea for no such counter.
func (c *checker) where(k int) machiavelli.Area {
	if d := c.deployed(k); d != nil {
		return d.area("t")
	}
	if ct := c.p.counter(k); ct != nil {
		return c.s.area(ct.At)
	}
	return machiavelli.NoArea
}

// kind is what counter #k is this turn: as deployed, else as it stands.
func (c *checker) kind(k int) CounterKind {
	if d := c.deployed(k); d != nil {
		return d.vals["kind"].(CounterKind)
	}
	if ct := c.p.counter(k); ct != nil {
		return ct.Kind
	}
	return ""
}

// sea is where fleet F<n> starts its move: where the sheet deploys it,
// else where it is; NoArea for no such fleet.
func (c *checker) sea(n int) machiavelli.Area {
	if o, ok := c.sheet["schiera F"+strconv.Itoa(n)]; ok {
		return o.area("s")
	}
	if fl := c.p.fleet(n); fl != nil {
		return c.s.area(fl.At)
	}
	return machiavelli.NoArea
}

// expensesDue reports whether this phase has the expenses.
func (c *checker) expensesDue() bool { return c.s.phase.expensesDue() }

// name is an area's name in l.
func (c *checker) name(a machiavelli.Area) string { return c.s.r.board.Areas[a].Italian }

// outOfPlay reports whether the seat's troops may not enter territory a
// (closedTo).
func (c *checker) outOfPlay(a machiavelli.Area) bool { return c.s.closedTo(a, c.seat) }

// closedTo reports whether territory a is closed to power's troops: the
// pink Ottoman lands and Switzerland, which seed §7 closes to every
// player ("nessun giocatore può entrare con le proprie truppe"), and
// which stay open to their own power, whom the arbiter plays (or a
// player, with 7 or 8).
func (s *State) closedTo(a machiavelli.Area, power string) bool {
	switch s.r.board.Areas[a].Colour {
	case machiavelli.Pink:
		return power != "ottomani"
	case machiavelli.Swiss:
		return power != "svizzeri"
	}
	return false
}

// ownedBy reports whether territory a is controlled by power id.
func (c *checker) ownedBy(a machiavelli.Area, id string) bool { return c.s.controller(a) == id }

// bordersOwn reports whether territory a borders (by land) one of the
// seat's territories.
func (c *checker) bordersOwn(a machiavelli.Area) bool {
	return slices.ContainsFunc(c.s.r.board.Areas[a].Neighbours, func(n machiavelli.Area) bool { return c.ownedBy(n, c.seat) })
}

// troopsIn reports whether an army or contingent of any power stands in
// territory a at the start of the turn (R55).
func (c *checker) troopsIn(a machiavelli.Area) bool {
	for _, p := range c.s.pos.Powers {
		for _, ct := range p.Counters {
			if ct.Kind != Dummy && c.s.area(ct.At) == a {
				return true
			}
		}
	}
	return false
}

// nextToArmy reports whether territory a is the place of power id's field
// army or next to it, at the start of the turn (R7, R55).
func (c *checker) nextToArmy(a machiavelli.Area, id string) bool {
	p := c.s.power(id)
	if p == nil || p.army() == nil {
		return false
	}
	at := c.s.area(p.army().At)
	return at == a || c.s.r.board.LandEdge(at, a) != machiavelli.NoEdge
}

// mayEnter says why the seat's counter may not end a move in territory a,
// nil when it may: not the Ottomans' or the Swiss lands, not an ally's
// without its leave (R13); a dummy only in own or allied land (R54).
func (c *checker) mayEnter(a machiavelli.Area, dummy bool) game.Text {
	owner := c.s.controller(a)
	switch {
	case c.outOfPlay(a):
		return tx("no troops may enter %s: the Ottomans' and the Swiss lands are closed (seed §7)", c.name(a))
	case owner != c.seat && c.s.allied(owner, c.seat) && !slices.Contains(c.s.pos.Transit[owner], c.seat):
		return tx("%s is your ally's: you need its TRANSITO (R13)", c.name(a))
	case dummy && owner != c.seat && !c.s.allied(owner, c.seat):
		return tx("a dummy moves only through your own or allied land (R54)")
	}
	return nil
}

// bribeBase is the least offer for a bribe or a revolt in territory a,
// and what a successful one beats the counter-offers by: 10, 13 in
// France's yellow land (seed §5).
func bribeBase(b *machiavelli.Board, a machiavelli.Area) int {
	if b.Areas[a].Colour == machiavelli.Yellow {
		return 13
	}
	return 10
}

// mpTo is the fewest land steps from a to a territory for which ok holds,
// over any territory (R38), -1 for none within limit.
func (c *checker) mpTo(a machiavelli.Area, limit int, ok func(machiavelli.Area) bool) int {
	b := c.s.r.board
	dist := map[machiavelli.Area]int{a: 0}
	queue := []machiavelli.Area{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if ok(x) {
			return dist[x]
		}
		if dist[x] == limit {
			continue
		}
		for _, n := range b.Areas[x].Neighbours {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[x] + 1
				queue = append(queue, n)
			}
		}
	}
	return -1
}

// check judges o, read for the seat: a refusal, or nil and a note.
func (c *checker) check(o *order) (refuse, note game.Text) {
	v := &verbs[o.verb]
	if v.when&(1<<c.s.phase.Step) == 0 {
		return tx(whenText[v.when]), nil
	}
	if why := c.conclaveBars(o); why != nil {
		return why, nil
	}
	b := c.s.r.board
	switch o.verb {
	case vAmbassador, vTransit, vDenyTransit, vPay:
		if o.str("p") == c.seat {
			return tx("that is your own power"), nil
		}
		if c.s.power(o.str("p")) == nil {
			return tx("%s is not in the game", o.str("p")), nil
		}
		if o.verb == vAmbassador && c.sheet[c.rd.key(o)] == nil && len(c.lines(vAmbassador)) >= 2 {
			return tx("you have sent your two ambassadors already (seed §3 A, R12)"), nil
		}
		if o.verb == vPay && o.num("n") < 1 {
			return tx("a gift is of 1 ducat or more"), nil
		}
	case vCouncilTie:
		return c.councilLine(o, c.s.pos.deck()), nil
	case vCouncil:
		if why := c.councilLine(o, c.s.pos.deck()); why != nil {
			return why, nil
		}
		if o.num("n") < 5 {
			return tx("the council counts 1 for each 5 ducats (seed §10)"), nil
		}
		if o.num("n")%5 != 0 {
			note = tx("only each full 5 ducats count; the rest is spent for nothing (R46)")
		}
	case vTreasury:
		if o.num("n") != c.p.Treasury {
			note = tx("the judge's ledger says %d ducats, and its figure stands", c.p.Treasury)
		}
	case vCede:
		return c.cede(o), nil
	case vMaintain, vDisband, vDisbandFleet, vRecruit, vBuildFleet, vHireSwiss, vHireLandsknechts, vHireCompany:
		if !c.expensesDue() {
			return tx("there are no expenses in the first spring (seed §3 C)"), nil
		}
		refuse = c.expense(o)
		if o.verb == vHireCompany {
			note = tx("the bid is paid only if it wins the auction, which the arbiter settles (R45)")
		}
	case vFamine, vPacify, vBribe, vRevolt, vDefend:
		refuse = c.political(o)
		if refuse == nil && o.verb != vDefend {
			if old := c.sheet["politica"]; old != nil {
				note = tx("it replaces %s: one political operation a turn (seed §5, R11)", c.rd.format(old))
			}
		}
	case vDeploy:
		refuse, note = c.deploy(o)
	case vDeployFleet:
		if c.p.fleet(o.num("f")) == nil {
			return tx("you have no fleet F%d", o.num("f")), nil
		}
		s := o.area("s")
		if !slices.ContainsFunc(b.Areas[s].Port, func(t machiavelli.Area) bool { return c.ownedBy(t, c.seat) }) {
			return tx("a fleet is placed on a sea where you hold a port (seed §7)"), nil
		}
	case vMove, vStrategic, vHold, vIntoCity:
		refuse = c.move(o)
	case vFleetMove, vTransport, vAssault, vFleetSupport, vFleetHold:
		refuse = c.fleet(o)
	case vAccept, vRefuse, vConcede, vRetreat:
		if o.has("k") && c.where(o.num("k")) == machiavelli.NoArea {
			return tx("you have no counter #%d", o.num("k")), nil
		}
	case vLosses, vCaptives:
		ts := o.types()
		for i, e := range ts {
			if slices.Contains(ts[:i], e) {
				return tx("%s is listed twice", e), nil
			}
		}
	case vKeep, vDiscard, vPlay, vCandidate, vVote, vBlackSmoke:
		return c.cardLine(o), nil
	}
	return refuse, note
}

// cede judges a cession (seed §3 D, R44): of an own territory, to an ally,
// next to one of the ally's by land or through ports on a common sea.
func (c *checker) cede(o *order) game.Text {
	t, to := o.area("t"), o.str("p")
	b := c.s.r.board
	switch {
	case !c.ownedBy(t, c.seat):
		return tx("%s is not yours to cede", c.name(t))
	case !c.s.allied(c.seat, to):
		return tx("territories are ceded to allies only (seed §3 D)")
	}
	next := slices.ContainsFunc(b.Areas[t].Neighbours, func(n machiavelli.Area) bool { return c.ownedBy(n, to) })
	for _, sea := range b.Areas[t].Port {
		if slices.ContainsFunc(b.Areas[sea].Port, func(n machiavelli.Area) bool { return c.ownedBy(n, to) }) {
			next = true
		}
	}
	if !next {
		return tx("%s is neither next to a territory of the recipient nor joined to one by ports (seed §3 D)", c.name(t))
	}
	return nil
}

// expense judges a line of the spring expenses (seed §3 C, §4, §5).
func (c *checker) expense(o *order) game.Text {
	switch o.verb {
	case vDisband:
		e, n := o.vals["e"].(Elem), o.num("n")
		have := c.p.pool()
		if o.has("k") {
			ct := c.p.counter(o.num("k"))
			if ct == nil {
				return tx("you have no counter #%d", o.num("k"))
			}
			have = ct.Elements
		}
		if n < 1 || have[e] < n {
			return tx("there are %d %s to disband there", have[e], e)
		}
		if e == CINC {
			return tx("the CinC is not disbanded")
		}
	case vDisbandFleet:
		if c.p.fleet(o.num("f")) == nil {
			return tx("you have no fleet F%d", o.num("f"))
		}
	case vRecruit:
		e := o.vals["e"].(Elem)
		switch {
		case o.num("n") < 1:
			return tx("recruit 1 or more")
		case elems[e].Recruit == 0 || e == COND:
			return tx("%s is not recruited so: a condottiero comes with his card (seed §10)", e)
		case e == PKS || e == LZ:
			// Ruling: the seed hires Swiss and Landsknechts as a
			// contingent of 4 (seed §4); single ones are not sold.
			return tx("Swiss and Landsknechts are hired 4 at a time: ARRUOLA SVIZZERI or ARRUOLA LANZICHENECCHI (seed §4)")
		case c.where(o.num("k")) == machiavelli.NoArea:
			return tx("you have no counter #%d", o.num("k"))
		}
		after := c.poolAfter(o)
		if n := after.Troops() - after[PKS] - after[LZ]; n > maxOrdinaryTroop {
			return tx("that makes %d elements, over the army list's %d (placeholder, R40)", n, maxOrdinaryTroop)
		}
	case vBuildFleet:
		imperial := c.seat == "impero" && len(c.p.Fleets) == 0 && c.holdsPort()
		if c.p.DisbandedFleets == 0 && !imperial {
			return tx("a fleet is armed only to replace one disbanded, or by the Emperor holding a port (seed §5, R47)")
		}
	case vHireSwiss, vHireLandsknechts:
		return c.hire(o)
	case vHireCompany:
		if o.num("n") < 0 {
			return tx("a bid is of 0 ducats or more")
		}
	}
	return nil
}

// holdsPort reports whether the seat controls a territory with a port.
func (c *checker) holdsPort() bool {
	for t, who := range c.s.pos.Control {
		if who == c.seat && c.s.r.board.Areas[c.s.area(t)].HasPort() {
			return true
		}
	}
	return false
}

// hire judges the hire of Swiss or Landsknechts into the army (seed §4):
// within 6 MP of Switzerland, or of a red territory, from where the army
// will be after this spring's deployment (R38); never both in one army.
func (c *checker) hire(o *order) game.Text {
	swiss := o.verb == vHireSwiss
	k := o.num("k")
	if c.kind(k) != Army {
		return tx("mercenaries join the army (seed §4): #%d is not your army", k)
	}
	pool := c.p.pool()
	other := "arruola lanzichenecchi"
	if !swiss {
		other = "arruola svizzeri"
	}
	switch {
	case swiss && powerByID(c.seat).NoSwiss:
		return tx("the Aragonesi and the Empire may not hire the Swiss (seed §4)")
	case swiss && c.s.pos.FrenchExclusive && c.seat != "francia":
		return tx("the French hold the Swiss by exclusive (card 7, seed §4)")
	case swiss && c.s.pos.SwissActive:
		return tx("the Swiss are in the field on their own account (seed §4, R52)")
	case pool[PKS] > 0 || pool[LZ] > 0 || c.sheet[other] != nil:
		return tx("an army takes Swiss or Landsknechts, not both nor twice (seed §4)")
	}
	colour := machiavelli.Red
	if swiss {
		colour = machiavelli.Swiss
	}
	if c.mpTo(c.where(k), 6, func(a machiavelli.Area) bool { return c.s.r.board.Areas[a].Colour == colour }) < 0 {
		if swiss {
			return tx("the army is more than 6 MP from Switzerland (seed §4)")
		}
		return tx("the army is more than 6 MP from the Empire's land (seed §4)")
	}
	return nil
}

// poolAfter is the power's land elements after the sheet's expenses, with
// o put among its lines.
func (c *checker) poolAfter(o *order) Elements {
	lines := c.lines(vDisband, vRecruit, vHireSwiss, vHireLandsknechts)
	if o != nil {
		key := c.rd.key(o)
		lines = slices.DeleteFunc(lines, func(x *order) bool { return c.rd.key(x) == key })
		lines = append(lines, o)
	}
	es := c.p.pool()
	if !c.expensesDue() {
		return es
	}
	for _, x := range lines {
		switch x.verb {
		case vDisband:
			es[x.vals["e"].(Elem)] -= x.num("n")
		case vRecruit:
			es[x.vals["e"].(Elem)] += x.num("n")
		case vHireSwiss:
			es[PKS] += mercenaryPack
		case vHireLandsknechts:
			es[LZ] += mercenaryPack
		}
	}
	return es
}

// political judges a political or a defensive operation (seed §5, spec
// §3.4).
func (c *checker) political(o *order) game.Text {
	if o.verb == vFamine {
		for _, t := range o.areas("ts") {
			if !slices.Contains(c.s.pos.Famine, c.s.r.board.Areas[t].ID) {
				return tx("there is no famine in %s", c.name(t))
			}
		}
		return nil
	}
	t := o.area("t")
	id := c.s.r.board.Areas[t].ID
	owner := c.s.controller(t)
	n := o.num("n")
	switch o.verb {
	case vPacify:
		if owner != c.seat || !c.s.inRevolt(id) {
			return tx("you pacify a revolt in your own territory: %s is not one (seed §5)", c.name(t))
		}
	case vBribe, vRevolt:
		base := bribeBase(c.s.r.board, t)
		if why := c.truceText(owner); why != nil {
			return why
		}
		switch {
		case n < base:
			return tx("the offer must be at least %d ducats in %s (seed §5, R8)", base, c.name(t))
		case owner == c.seat:
			return tx("%s is yours already", c.name(t))
		case c.s.isCapital(id):
			return tx("a capital cannot be bribed or stirred to revolt (seed §5)")
		case c.outOfPlay(t) || owner == "ottomani" || owner == "svizzeri":
			// Ruling: the closed lands of seed §7 are out of play for
			// money too.
			return tx("the Ottomans' and the Swiss lands are out of play (seed §7)")
		case c.troopsIn(t):
			return tx("an army or a contingent stands in %s (seed §5)", c.name(t))
		}
		if o.verb == vRevolt {
			switch {
			case owner == "":
				return tx("revolts are stirred in another player's land: %s is independent (seed §5)", c.name(t))
			case c.s.inRevolt(id):
				return tx("%s is in revolt already", c.name(t))
			case c.nextToArmy(t, owner):
				return tx("%s is next to its owner's army (seed §5)", c.name(t))
			}
			return nil
		}
		if owner == "" && !c.bordersOwn(t) {
			return tx("an independent garrison is bribed next to your own land (seed §5)")
		}
		if owner != "" && !c.nextToArmy(t, c.seat) {
			return tx("a garrison is bribed next to your army (seed §5, R7)")
		}
	case vDefend:
		switch {
		case n < 1:
			return tx("a counter-offer is of 1 ducat or more")
		case owner != c.seat && !c.bordersOwn(t):
			return tx("you defend your own garrisons, or those next to your land (seed §5, R9)")
		case c.sheet[c.rd.key(o)] == nil && len(c.lines(vDefend)) >= 3:
			return tx("three defensive operations a turn at most (seed §5, R11)")
		}
	}
	return nil
}

// deploy judges a counter's deployment (seed §7, spec §3.5): in an own
// territory without famine, an army with the CinC, a contingent of 3 to 5
// elements, a dummy with none, one army.
func (c *checker) deploy(o *order) (refuse, note game.Text) {
	k, t, kind, es := o.num("k"), o.area("t"), o.vals["kind"].(CounterKind), o.elems()
	id := c.s.r.board.Areas[t].ID
	switch {
	case k < 1 || k > maxCounters:
		return tx("counters are #1 to #%d (seed §2)", maxCounters), nil
	case !c.ownedBy(t, c.seat):
		return tx("counters are placed in your own territory (seed §7): %s is not", c.name(t)), nil
	case slices.Contains(c.s.pos.Famine, id):
		return tx("no counter is placed where there is famine (seed §6)"), nil
	case kind == Dummy && es.Total() > 0:
		return tx("a dummy has no elements"), nil
	case kind == Army && es[CINC] != 1:
		return tx("the army holds the CinC: write CINC among its elements"), nil
	case kind == Contingent && (es[CINC] > 0 || es.Troops() < minContingent || es.Troops() > maxContingent):
		return tx("a contingent is of %d to %d elements, without the CinC (seed §4)", minContingent, maxContingent), nil
	}
	for _, d := range c.lines(vDeploy) {
		if d.num("k") != k && kind == Army && d.vals["kind"] == Army {
			return tx("you have one army: #%d is deployed as it", d.num("k")), nil
		}
	}
	// The pool may grow by lines yet to come (a recruitment): say so
	// instead of refusing.
	used := es
	for _, d := range c.lines(vDeploy) {
		if d.num("k") != k {
			used = used.Plus(d.elems())
		}
	}
	if over := excess(used, c.poolAfter(nil)); over != "" {
		note = tx("more than your elements after the expenses: %s over", over)
	}
	return nil, note
}

// excess writes what of want is over have, "" for nothing.
func excess(want, have Elements) string {
	var over Elements
	for e := range want {
		over[e] = max(0, want[e]-have[e])
	}
	if over.Total() == 0 {
		return ""
	}
	return over.String()
}

// move judges a land counter's order (seed §7, spec §3.6).
func (c *checker) move(o *order) game.Text {
	b := c.s.r.board
	k := o.num("k")
	from, none := c.start(o)
	if none != nil {
		return none
	}
	kind := c.kind(k)
	for _, x := range c.lines(vTransport, vAssault) {
		if x.num("j") == k {
			return tx("#%d goes by sea with F%d: a counter carried by sea has no other order (seed §7)", k, x.num("f"))
		}
	}
	m := o.mods()
	to := from
	switch o.verb {
	case vIntoCity:
		if !c.ownedBy(from, c.seat) || b.Areas[from].City == machiavelli.NoCity {
			return tx("a counter goes into a city of its own territory (R24)")
		}
		return nil
	case vMove:
		to = o.area("t")
		if b.LandEdge(from, to) == machiavelli.NoEdge {
			return tx("%s is not next to %s", c.name(to), c.name(from))
		}
		if err := c.mayEnter(to, kind == Dummy); err != nil {
			return err
		}
		if err := c.attacks(to, false); err != nil {
			return err
		}
	case vStrategic:
		if err := c.strategic(k, from, o.areas("tpath"), kind == Dummy); err != nil {
			return err
		}
		path := o.areas("tpath")
		to = path[len(path)-1]
		if m.set&^modQuell != 0 {
			return tx("a strategic move may end with SEDA only (seed §7)")
		}
	}
	owner := c.s.controller(to)
	id := b.Areas[to].ID
	switch {
	case kind == Dummy && m.set&(modBesiege|modSack|modQuell) != 0:
		return tx("a dummy neither besieges, sacks nor quells (R54)")
	case m.set&modBesiege != 0 && kind != Army:
		return tx("only armies besiege (seed §9)")
	case m.set&modBesiege != 0 && (b.Areas[to].City == machiavelli.NoCity || owner == c.seat || c.s.allied(owner, c.seat)):
		return tx("there is no hostile city to besiege in %s", c.name(to))
	case m.set&modSack != 0 && (owner == c.seat || c.s.allied(owner, c.seat)):
		return tx("you do not sack your own or an ally's land (R29)")
	case m.set&modQuell != 0 && !c.s.inRevolt(id):
		return tx("%s is not in revolt", c.name(to))
	case m.set&(modBesiege|modSack) != 0 && c.attacks(to, false) != nil:
		return c.attacks(to, false)
	case m.set&modSupport != 0:
		return c.support(m)
	}
	return nil
}

// support judges SUPPORTA: an own counter, or an ally's army (seed §7).
func (c *checker) support(m moves) game.Text {
	if m.power == "" || m.power == c.seat {
		if c.where(m.counter) == machiavelli.NoArea {
			return tx("you have no counter #%d", m.counter)
		}
		return nil
	}
	if !c.s.allied(c.seat, m.power) {
		return tx("you support your own counters or an ally's (seed §7)")
	}
	return nil
}

// strategic judges a strategic path (seed §7, R19): up to 6 MP through
// own land and allies' with leave at 1, independent land at 2, no other
// player's.
func (c *checker) strategic(k int, from machiavelli.Area, path []machiavelli.Area, dummy bool) game.Text {
	if ct := c.p.counter(k); ct != nil && ct.Strategic {
		return tx("#%d moved strategically last turn (seed §7)", k)
	}
	b := c.s.r.board
	mp := 0
	at := from
	for i, t := range path {
		if b.LandEdge(at, t) == machiavelli.NoEdge {
			return tx("%s is not next to %s", c.name(t), c.name(at))
		}
		if err := c.mayEnter(t, dummy); err != nil {
			return err
		}
		if err := c.attacks(t, i < len(path)-1); err != nil {
			return err
		}
		switch owner := c.s.controller(t); {
		case owner == "":
			mp += 2
		case owner == c.seat || c.s.allied(owner, c.seat):
			mp++
		case lostWar(c.s.pos, owner) != nil:
			mp += 2 // neutral for strategic moves (seed §6, R31)
		default:
			return tx("a strategic move crosses no other player's land: %s is %s's (seed §7)", c.name(t), powerName(game.Italian, owner))
		}
		at = t
	}
	if mp > 6 {
		return tx("the path costs %d MP, over 6 (independent land counts 2, seed §7)", mp)
	}
	return nil
}

// fleet judges a fleet's order (seed §7, spec §3.6.3-4).
func (c *checker) fleet(o *order) game.Text {
	b := c.s.r.board
	at, none := c.start(o)
	if none != nil {
		return none
	}
	route := []machiavelli.Area{at}
	if path := o.areas("spath"); len(path) > 0 {
		if len(path) > 3 {
			return tx("a fleet sails up to three seas (seed §7)")
		}
		for _, s := range path {
			if !slices.Contains(b.Areas[route[len(route)-1]].Neighbours, s) {
				return tx("%s is not next to %s", c.name(s), c.name(route[len(route)-1]))
			}
			route = append(route, s)
		}
	}
	switch o.verb {
	case vFleetSupport:
		if c.kind(o.num("j")) != Army {
			return tx("a fleet supports your own army (R42): #%d is not", o.num("j"))
		}
	case vTransport, vAssault:
		j := o.num("j")
		from, to := o.area("t"), o.area("t2")
		if c.sheet[fmt.Sprintf("#%d", j)] != nil {
			return tx("#%d has an order of its own: a counter carried by sea has no other (seed §7)", j)
		}
		if c.where(j) != from {
			return tx("#%d is not in %s", j, c.name(from))
		}
		first := slices.IndexFunc(route, func(s machiavelli.Area) bool { return slices.Contains(b.Areas[from].Port, s) })
		if first < 0 || !c.mayUsePort(from) {
			return tx("#%d embarks at a port of yours (or an ally's with TRANSITO) on the fleet's seas (seed §7, R22)", j)
		}
		if o.verb == vTransport {
			if !slices.ContainsFunc(route[first:], func(s machiavelli.Area) bool { return slices.Contains(b.Areas[to].Port, s) }) || !c.mayUsePort(to) {
				return tx("#%d lands at a port of yours (or an ally's with TRANSITO) on the fleet's seas (seed §7, R22)", j)
			}
			return nil
		}
		last := route[len(route)-1]
		owner := c.s.controller(to)
		switch {
		case !c.ownedBy(from, c.seat) || !slices.Contains(b.Areas[from].Port, last):
			return tx("an assault sails from a port of yours on the sea where the fleet ends (seed §7, R23)")
		case !slices.Contains(b.Areas[to].Coast, last):
			return tx("%s is not on %s", c.name(to), c.name(last))
		case owner == c.seat || c.s.allied(owner, c.seat):
			return tx("an assault is on a hostile or independent territory (R23)")
		case c.attacks(to, false) != nil:
			return c.attacks(to, false)
		case c.outOfPlay(to):
			return tx("no troops may enter %s: the Ottomans' and the Swiss lands are closed (seed §7)", c.name(to))
		}
	}
	return nil
}

// start is where the line's fleet or land counter starts this turn, or
// why the power has none such.
func (c *checker) start(o *order) (machiavelli.Area, game.Text) {
	if o.has("f") {
		if at := c.sea(o.num("f")); at != machiavelli.NoArea {
			return at, nil
		}
		return machiavelli.NoArea, tx("you have no fleet F%d", o.num("f"))
	}
	if at := c.where(o.num("k")); at != machiavelli.NoArea {
		return at, nil
	}
	return machiavelli.NoArea, tx("you have no counter #%d", o.num("k"))
}

// mayUsePort reports whether the seat may use territory a's port (R22).
func (c *checker) mayUsePort(a machiavelli.Area) bool {
	return c.s.pos.letsThrough(c.seat, c.s.r.board.Areas[a].ID)
}
