package belleepoque

import (
	"slices"
	"strconv"

	"github.com/corriere/corriere/game/table"
)

// Spaces hold pieces tagged with their number: "md" (a cube, a Power's
// or a minor's), "contest" (a cube stacked on the md of the same space,
// 8.2) and "armament" (8.9).

// at is the piece of kind in a territory's space.
func (p *Play) at(t string, space int, kind string) (table.Piece, bool) {
	return p.Find(t, func(pc table.Piece) bool { return pc.Kind == kind && pc.Tag == strconv.Itoa(space) })
}

// free is the lowest free space of a territory (8.2.1); 0 for none.
func (p *Play) free(t string) int {
	for s := 1; s <= p.Data.Territories[t].Spaces; s++ {
		_, md := p.at(t, s, "md")
		_, arm := p.at(t, s, "armament")
		if !md && !arm {
			return s
		}
	}
	return 0
}

// count is the base cubes of owner in a territory (a contest's top cube
// does not count, 8.2).
func (p *Play) count(t, owner string) int {
	n := 0
	for _, pc := range p.Board[t] {
		if pc.Kind == "md" && pc.Owner == owner {
			n++
		}
	}
	return n
}

func (p *Play) armament(t string) int {
	n := 0
	for _, pc := range p.Board[t] {
		if pc.Kind == "armament" {
			n++
		}
	}
	return n
}

// holders are who holds each territory: the Power with the absolute
// majority of its spaces, armament cubes taken out; in a colony the
// cubes of a Power's allied minors count as its own (8.2.3, 8.2.4).
func (p *Play) holders() map[string]string {
	out := map[string]string{}
	patron := map[string]string{}
	for id, t := range p.Data.Territories {
		if t.Minor {
			if h := p.majority(id, nil); h != "" {
				out[id], patron[id] = h, h
			}
		}
	}
	for id, t := range p.Data.Territories {
		if !t.Minor {
			if h := p.majority(id, patron); h != "" {
				out[id] = h
			}
		}
	}
	return out
}

func (p *Play) majority(t string, patron map[string]string) string {
	room := p.Data.Territories[t].Spaces - p.armament(t)
	for _, pw := range powers {
		n := p.count(t, pw.ID)
		for m, h := range patron {
			if h == pw.ID {
				n += p.count(t, m)
			}
		}
		if 2*n > room {
			return pw.ID
		}
	}
	return ""
}

// patron is the Power a minor nation is allied with; "" for none.
func (p *Play) patron(minor string) string {
	if p.Data.Territories[minor] == nil || !p.Data.Territories[minor].Minor {
		return ""
	}
	return p.majority(minor, nil)
}

// allies are the minors allied with seat, in order.
func (p *Play) allies(seat string) []string {
	var out []string
	for _, m := range sortedKeys(alliances) {
		if p.patron(m) == seat {
			out = append(out, m)
		}
	}
	return out
}

// tellHolders logs every alliance and control that changed.
func (p *Play) tellHolders() {
	now := p.holders()
	for _, id := range sortedKeys(p.Data.Territories) {
		was, is := p.Held[id], now[id]
		if was == is {
			continue
		}
		switch {
		case is == "":
			p.Log(table.M("%s is no longer held by %s.", id, was))
		case p.Data.Territories[id].Minor:
			p.Log(table.M("%s is now allied with %s.", id, is))
		default:
			p.Log(table.M("%s is now controlled by %s.", id, is))
		}
	}
	p.Held = now
}

// hasFleetIn reports whether seat has a fleet (any state) in a
// continent's box, its own or an allied minor's.
func (p *Play) hasFleetIn(seat, continent string) bool {
	if slices.ContainsFunc(p.Powers[seat].Fleets, func(f Fleet) bool { return f.At == continent }) {
		return true
	}
	for _, m := range p.allies(seat) {
		if a := alliances[m].Fleet; a == "any" || a == continent {
			return true
		}
	}
	return false
}

// reaches reports whether seat may send a cube to, or bring armies to,
// territory t: Europe always; elsewhere with a fleet in the continent's
// box; Russia in its four Asian territories without one (8.2.1, 8.2.2).
func (p *Play) reaches(seat, t string) bool {
	tr := p.Data.Territories[t]
	return tr.Continent == "europe" || seat == "ru" && tr.Russia || p.hasFleetIn(seat, tr.Continent)
}

// minorUnits are the allied minors' units of a kind seat may use in a
// continent, not yet used this turn.
func (p *Play) minorUnits(seat, kind, continent string) []string {
	var out []string
	for _, m := range p.allies(seat) {
		a := alliances[m]
		where := a.Army
		if kind == "fleet" {
			where = a.Fleet
		}
		if (where == "any" || where == continent) && !slices.Contains(p.MinorTired, m+" "+kind) {
			out = append(out, m)
		}
	}
	return out
}

// supply is the Power's cubes in the general supply (2.2).
func (p *Play) supply(seat string) int {
	n := p.Get("md", seat)
	for _, pcs := range p.Board {
		for _, pc := range pcs {
			if pc.Owner == seat && (pc.Kind == "md" || pc.Kind == "contest") {
				n++
			}
		}
	}
	return cubesPerPower - n
}

// raisePrestige moves seat up the Prestige track by n, taking the bonus
// of each box passed that it has not taken (11.1); withBonus false
// takes none (10.2.1).
func (p *Play) raisePrestige(seat string, n int, withBonus bool) {
	for range n {
		p.Add("prestige", seat, 1)
		box := p.Get("prestige", seat)
		b, ok := p.Data.Bonuses[box]
		if !withBonus || !ok || slices.Contains(p.Bonuses[seat], box) {
			continue
		}
		if p.Bonuses == nil {
			p.Bonuses = map[string][]int{}
		}
		p.Bonuses[seat] = append(p.Bonuses[seat], box)
		switch {
		case b == "md":
			if p.supply(seat) > 0 {
				p.Add("md", seat, 1)
			}
		case b == "intrigue":
			p.drawIntrigue(seat, 1)
		case slices.Contains(p.Auto, seat):
			// 13.6: an Automated Power's bonuses are cubes and cards, never money.
			p.Log(table.M("%s passes the Prestige bonus of box %s, %s: an Automated Power takes no money (13.6).", seat, box, b))
			continue
		default:
			p.Add("money", seat, bonusAmount(b))
		}
		p.Log(table.M("%s takes the Prestige bonus of box %s: %s.", seat, box, b))
	}
	if n < 0 {
		p.Add("prestige", seat, n)
	}
}

// drawIntrigue deals n intrigue cards to seat, reshuffling the discards
// when the deck runs out (7.0).
func (p *Play) drawIntrigue(seat string, n int) {
	for range n {
		if len(p.Decks["intrigue"]) == 0 && len(p.Decks["discards"]) > 0 {
			p.Decks["intrigue"], p.Decks["discards"] = p.Decks["discards"], nil
			p.Log(table.M("The intrigue discards are shuffled into a new deck."))
		}
		p.Deal("intrigue", seat, 1)
	}
}
