package italia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// autumn resolves the end of the campaign (spec §2.3 step 10): the taxes,
// the lifting of the sieges with attrition, supply, and the revolts that
// turn independent, and the lost wars (war.go).
func (rs *resolution) autumn() {
	rs.taxes()
	paid := map[counterKey]bool{}
	for _, sg := range rs.pos.Sieges {
		p := rs.power(sg.Power)
		if ct := p.counter(sg.Counter); ct != nil {
			paid[counterKey{p.ID, ct.N}] = true
			rs.tell(nil, "the siege of %s is lifted for the winter (seed §9)", "a:"+sg.At)
			rs.attrition(p, ct, tx("siege lifted"))
		}
	}
	rs.pos.Sieges = nil
	rs.supply(paid)
	for _, rv := range rs.pos.Revolts {
		delete(rs.pos.Control, rv.At)
		rs.tell(nil, "%s, in revolt at the end of the autumn, becomes independent (seed §6)", "a:"+rv.At)
	}
	rs.pos.Revolts = nil
	rs.lostWars()
	rs.eliminate()
}

// eliminate puts out of the game the seated powers left with no
// territory and no counter at the end of the autumn (R35, spec §3.20),
// once: their fleets are removed (and their cards go back to the deck,
// returnCards).
func (rs *resolution) eliminate() {
	next := rs.now()
	alive := next.Survivors()
	for _, id := range next.seatedPowers() {
		if slices.Contains(alive, id) || slices.Contains(rs.pos.Out, id) {
			continue
		}
		rs.pos.Out = append(rs.pos.Out, id)
		p := rs.power(id)
		if len(p.Fleets) > 0 {
			p.Fleets = nil
			rs.tell(nil, "%s is out of the game: no territory and no counter at the end of the autumn; its fleets are removed (R35)", "p:"+id)
			continue
		}
		rs.tell(nil, "%s is out of the game: no territory and no counter at the end of the autumn (R35)", "p:"+id)
	}
}

// capitals is power id's capital set in the position being made; none
// for a power not in it.
func (rs *resolution) capitals(id string) []string {
	if rs.power(id) == nil {
		return nil
	}
	return rs.pos.capitalSet(id)
}

// contested reports whether territory id holds troops (an army or a
// contingent) of a power neither its controller nor allied to it (spec
// §3.8), allied saying who is.
func contested(pos *Position, allied func(a, b string) bool, id string) bool {
	owner := pos.Control[id]
	for _, p := range pos.Powers {
		if p.ID == owner || owner != "" && allied(p.ID, owner) {
			continue
		}
		if slices.ContainsFunc(p.Counters, func(c Counter) bool { return c.At == id && c.Kind != Dummy }) {
			return true
		}
	}
	return false
}

// taxes collects the autumn's taxes (seed §5, spec §3.14): each territory
// yields its tax unless it has famine, is contested, besieged, sacked or
// in revolt; a sea held by the power's fleets alone, with one of its
// ports on it, yields 3.
func (rs *resolution) taxes() {
	b := rs.s.r.board
	for _, p := range rs.pos.Powers {
		income := 0
		for i := range b.Territories {
			id := b.Areas[i].ID
			if rs.pos.Control[id] != p.ID || rs.marked(id) || contested(rs.pos, rs.allied, id) ||
				slices.ContainsFunc(rs.pos.Sieges, func(sg Siege) bool { return sg.At == id }) {
				continue
			}
			income += b.Areas[i].Tax()
		}
		for i := b.Territories; i < len(b.Areas); i++ {
			if rs.seaHeld(p.ID, machiavelli.Area(i)) {
				income += 3
			}
		}
		rs.tell([]string{p.ID}, "%s collects %s ducats of taxes (seed §5)", "p:"+p.ID, fmt.Sprint(income))
		p.Treasury += rs.tribute(p, income)
	}
}

// seaHeld reports whether power id holds sea s alone: its fleets there,
// nobody else's, and one of its ports on it (seed §5).
func (rs *resolution) seaHeld(id string, s machiavelli.Area) bool {
	b := rs.s.r.board
	sea := b.Areas[s].ID
	mine := false
	for _, p := range rs.pos.Powers {
		for _, f := range p.Fleets {
			if f.At != sea {
				continue
			}
			if p.ID != id {
				return false
			}
			mine = true
		}
	}
	return mine && slices.ContainsFunc(b.Areas[s].Port, func(t machiavelli.Area) bool { return rs.pos.Control[b.Areas[t].ID] == id })
}

// supply makes the counters outside own or allied land pay attrition and
// withdraw (seed §3 F, spec §3.15, R26, R27): a besieger that paid for
// the lifted siege does not pay the first attrition again; the second is
// due unless the new place is next to the old, or joined to it through
// own and allied land, or by seas each holding an own fleet.
func (rs *resolution) supply(paid map[counterKey]bool) {
	for _, p := range rs.pos.Powers {
		for _, n := range counterNumbers(p) {
			ct := p.counter(n)
			if ct == nil || ct.Kind == Dummy || rs.friendly(p.ID, ct.At) {
				continue
			}
			if !paid[key(p, ct)] && rs.attrition(p, ct, tx("supply")) {
				continue
			}
			from := ct.At
			to := rs.withdrawal(p, ct)
			if to == "" {
				rs.tell(nil, "%s #%s has nowhere to withdraw to, and is lost", "p:"+p.ID, fmt.Sprint(n))
				rs.lose(p, ct)
				continue
			}
			ct.At, ct.InCity = to, false
			rs.tell(nil, "%s #%s withdraws for the winter: %s -> %s", "p:"+p.ID, fmt.Sprint(n), "a:"+from, "a:"+to)
			if !rs.near(p.ID, from, to) {
				rs.attrition(p, ct, tx("second supply attrition"))
			}
		}
	}
	rs.merge()
}

// counterNumbers are p's counters' numbers, which stay while the slice
// changes.
func counterNumbers(p *Power) []int {
	var out []int
	for _, c := range p.Counters {
		out = append(out, c.N)
	}
	return out
}

// friendly reports whether territory id is controlled by power p or a
// formal ally.
func (rs *resolution) friendly(p, id string) bool {
	owner := rs.pos.Control[id]
	return owner == p || owner != "" && rs.allied(owner, p)
}

// withdrawal is where counter ct withdraws: the first own territory of
// its RITIRATA list, else the nearest own by land, the first by name on a
// tie (R27); "" for none.
func (rs *resolution) withdrawal(p *Power, ct *Counter) string {
	b := rs.s.r.board
	if o := rs.sheets[p.ID].sheet[fmt.Sprintf("ritirata #%d", ct.N)]; o != nil {
		for _, t := range o.areas("ts") {
			if rs.pos.Control[b.Areas[t].ID] == p.ID {
				return b.Areas[t].ID
			}
		}
	}
	frontier := []machiavelli.Area{rs.s.area(ct.At)}
	seen := map[machiavelli.Area]bool{frontier[0]: true}
	for len(frontier) > 0 {
		var found []string
		var next []machiavelli.Area
		for _, a := range frontier {
			for _, n := range b.Areas[a].Neighbours {
				if seen[n] {
					continue
				}
				seen[n] = true
				next = append(next, n)
				if rs.pos.Control[b.Areas[n].ID] == p.ID {
					found = append(found, b.Areas[n].ID)
				}
			}
		}
		if len(found) > 0 {
			slices.SortFunc(found, func(x, y string) int {
				return strings.Compare(b.Areas[rs.s.area(x)].Italian, b.Areas[rs.s.area(y)].Italian)
			})
			return found[0]
		}
		frontier = next
	}
	return ""
}

// near reports whether a withdrawal from a to c spares the second
// attrition (R27): c next to a, or reached through own and allied land,
// or by a chain of seas each holding an own fleet.
func (rs *resolution) near(p, a, c string) bool {
	b := rs.s.r.board
	from, to := rs.s.area(a), rs.s.area(c)
	if b.LandEdge(from, to) != machiavelli.NoEdge {
		return true
	}
	// Through own and allied land.
	seen := map[machiavelli.Area]bool{from: true}
	queue := []machiavelli.Area{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range b.Areas[x].Neighbours {
			if n == to {
				return true
			}
			if !seen[n] && rs.friendly(p, b.Areas[n].ID) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	// By seas that hold own fleets, from a coast of a to a coast of c.
	fleet := map[machiavelli.Area]bool{}
	for _, f := range rs.power(p).Fleets {
		fleet[rs.s.area(f.At)] = true
	}
	reach := map[machiavelli.Area]bool{}
	var walk func(s machiavelli.Area)
	walk = func(s machiavelli.Area) {
		if reach[s] || !fleet[s] {
			return
		}
		reach[s] = true
		for _, n := range b.Areas[s].Neighbours {
			walk(n)
		}
	}
	for _, s := range b.Areas[from].Coast {
		walk(s)
	}
	return slices.ContainsFunc(b.Areas[to].Coast, func(s machiavelli.Area) bool { return reach[s] })
}

// end is how the game ends at next (spec §3.19): a power counting 30
// territories by §11's rules (revolt and contested ones not at all,
// famine and sack ones half) wins at once (R32), as does one whose
// victory sheet the engine scores met (score.go); after Autunno 1512 the
// game ends, scored by the sheets where the engine can, else by the
// arbiter (R33).
func (rs *resolution) end(next *State) *game.Ending {
	count := next.holdings()
	var winners []string
	for _, p := range powers {
		if !p.NPC && count[p.ID] >= 60 {
			winners = append(winners, p.ID)
		}
	}
	if len(winners) > 0 {
		return &game.Ending{Winners: winners, Text: func(l game.Lang) string {
			return f(l, "%s holds thirty territories and wins (seed §11)", powerName(l, winners[0]))
		}}
	}
	if won := next.sheetWinners(); len(won) > 0 {
		return &game.Ending{Winners: won, Draw: len(won) > 1, Text: func(l game.Lang) string {
			names := make([]string, len(won))
			for i, id := range won {
				names[i] = powerName(l, id)
			}
			return f(l, "%s meets the conditions of its victory sheet and wins (seed §3 G, §11)", strings.Join(names, ", "))
		}}
	}
	if rs.s.phase == (Phase{Year: LastYear, Step: AutumnOps}) {
		rs.tellSheets(next)
		if end, ok := next.scored(); ok {
			return end
		}
		return &game.Ending{Text: next.arbiterEnding()}
	}
	return nil
}
