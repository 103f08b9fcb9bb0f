package italia

import (
	"fmt"
	"strings"

	"github.com/corriere/corriere/game"
)

// Ledger is what a power's sheet commits of its treasury this phase, as
// the acknowledgement of spec §4.3 shows it: private to the power.
type Ledger struct {
	// Treasury is the treasury at the start of the phase.
	Treasury int
	Items    []LedgerItem
	// Committed is the sum of the items; Left what the treasury keeps
	// if all of them are paid (negative: the sheet asks too much, and
	// R39 drops what cannot be paid).
	Committed, Left int
}

// LedgerItem is one expense: what, its detail, and how many ducats.
type LedgerItem struct {
	What   game.Text
	Ducats int
}

// Costs of the seed (§4, §5; spec §3.3, §3.4).
const (
	fleetUpkeep   = 3
	fleetCost     = 5
	swissCost     = 8 // 4 Swiss pikes at double cost
	lanziCost     = 4
	famineRelief  = 3
	pacifyCost    = 6
	secretRevolt  = 2
	mercenaryPack = 4
)

// Ledger is the ledger of seat's standing orders.
func (s *State) Ledger(seat string, standing []game.Order) (*Ledger, error) {
	c, err := s.checker(seat, standing)
	if err != nil || c == nil {
		return nil, err
	}
	return c.ledger(), nil
}

// ledger adds up the sheet's expenses in the order of spec §2.3.
func (c *checker) ledger() *Ledger {
	lg := &Ledger{Treasury: c.p.Treasury}
	add := func(n int, what game.Text) {
		if n != 0 {
			lg.Items = append(lg.Items, LedgerItem{what, n})
			lg.Committed += n
		}
	}
	council := 0
	for _, o := range c.lines(vCouncil) {
		council += o.num("n")
	}
	add(council, tx("Florentine council"))
	if c.expensesDue() {
		n, what := c.upkeep()
		add(n, what)
		n, what = c.recruitment()
		add(n, what)
	}
	for _, o := range c.lines(vPay) {
		add(o.num("n"), tx("gift to %s", powerText(o.str("p"))))
	}
	if o := c.sheet["politica"]; o != nil {
		switch o.verb {
		case vFamine:
			add(famineRelief*len(o.areas("ts")), tx("famine relief: %s", c.rd.value("ts", o)))
		case vPacify:
			add(pacifyCost, tx("pacification of %s", c.name(o.area("t"))))
		case vBribe:
			add(o.num("n"), tx("bribe in %s", c.name(o.area("t"))))
		case vRevolt:
			n := o.num("n")
			if o.has("[0]") {
				n += secretRevolt
			}
			add(n, tx("revolt in %s", c.name(o.area("t"))))
		}
	}
	var defs []string
	total := 0
	for _, o := range c.lines(vDefend) {
		defs = append(defs, fmt.Sprintf("%s %d", c.name(o.area("t")), o.num("n")))
		total += o.num("n")
	}
	add(total, tx("defences: %s", strings.Join(defs, ", ")))
	lg.Left = lg.Treasury - lg.Committed
	return lg
}

// upkeep is the year's upkeep of what the sheet keeps (seed §5): 1 ducat
// per 2 ordinary elements or fraction of 2 over all counters (R36), 1 per
// gendarme, Swiss pike and condottiero, 3 per fleet.
func (c *checker) upkeep() (int, game.Text) {
	es := c.p.pool()
	for _, o := range c.lines(vDisband) {
		es[o.vals["e"].(Elem)] -= o.num("n")
	}
	fleets := max(len(c.p.Fleets)-len(c.lines(vDisbandFleet)), 0)
	ord := 0
	var parts []game.Text
	for e, n := range es {
		switch elems[e].Upkeep {
		case ordinary:
			ord += n
		case each:
			if n > 0 {
				e, n := Elem(e), n
				parts = append(parts, func(l game.Lang) string { return fmt.Sprintf("%d %s -> %d", n, e, n) })
			}
		}
	}
	head := tx("%d ordinary elements -> %d", ord, (ord+1)/2)
	parts = append([]game.Text{head}, parts...)
	if fleets > 0 {
		parts = append(parts, tx("%d fleets -> %d", fleets, fleets*fleetUpkeep))
	}
	return upkeepOf(es, fleets), tx("upkeep: %s", joinTexts(parts, "; "))
}

// joinTexts is parts written one after the other, sep between them.
func joinTexts(parts []game.Text, sep string) game.Text {
	return func(l game.Lang) string {
		out := make([]string, len(parts))
		for i, p := range parts {
			out[i] = p(l)
		}
		return strings.Join(out, sep)
	}
}

// recruitment is what the sheet's recruits and hires cost (seed §4, §5).
func (c *checker) recruitment() (int, game.Text) {
	total := 0
	var parts []game.Text
	// A company's bid is not counted: it is paid only if it wins the
	// auction, which the arbiter settles (R45).
	for _, o := range c.lines(buyVerbs...) {
		cost := buyCost(o)
		total += cost
		switch o.verb {
		case vRecruit:
			parts = append(parts, tx("%d %s -> %d", o.num("n"), o.vals["e"].(Elem), cost))
		case vBuildFleet:
			parts = append(parts, tx("a fleet -> %d", cost))
		case vHireSwiss:
			parts = append(parts, tx("Swiss %d PKS -> %d", mercenaryPack, cost))
		case vHireLandsknechts:
			parts = append(parts, tx("Landsknechts %d LZ -> %d", mercenaryPack, cost))
		}
	}
	return total, tx("recruitment: %s", joinTexts(parts, "; "))
}

// buyVerbs are the paid recruitment lines, which the ledger adds up and
// the spring's expenses pay (a company's bid is the arbiter's, R45).
var buyVerbs = []verbID{vRecruit, vBuildFleet, vHireSwiss, vHireLandsknechts}

// buyCost is what a line of buyVerbs costs (seed §4, §5).
func buyCost(o *order) int {
	switch o.verb {
	case vRecruit:
		return o.num("n") * elems[o.vals["e"].(Elem)].Recruit
	case vBuildFleet:
		return fleetCost
	case vHireSwiss:
		return swissCost
	}
	return lanziCost
}

// Text writes the ledger for its power, in l.
func (lg *Ledger) Text(l game.Lang) string {
	var b strings.Builder
	b.WriteString(f(l, "Treasury at the start of the phase: %d\n", lg.Treasury))
	for _, it := range lg.Items {
		fmt.Fprintf(&b, "  %-60s %4d\n", it.What(l), it.Ducats)
	}
	b.WriteString(f(l, "Committed: %d; left if all is paid: %d\n", lg.Committed, lg.Left))
	return b.String()
}

// powerText is a power's name as a Text.
func powerText(id string) game.Text {
	return func(l game.Lang) string { return powerName(l, id) }
}
