package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// automa is an Automated Power's action phase (13.3), in its first
// round, its steps in order: the cards its Progress table shows
// (13.4.1-2), a fleet (13.5), Prestige (13.6), one mission per cube by
// its Mission table (13.7: a die for the row, the era for the column,
// the first territory it does not hold with a free space, its fallbacks
// in order; a row of 1 or 5 puts an armament cube on its sheet), the
// arms sold (13.8); then it passes.
func (p *Play) automa(seat string) {
	p.Round = &Round{Seat: seat}
	a := p.Data.Automa[seat]
	if a == nil {
		p.Log(table.M("%s has no Automated Power sheet in the data: it passes.", seat))
	} else {
		p.automaCards(seat, a)
		if slices.Contains(a.Fleet, p.Turn) {
			p.Add("fleets", seat, 1)
			p.Log(table.M("%s builds a fleet.", seat))
		}
		if slices.Contains(a.Prestige, p.Turn) && !p.Powers[seat].Prestige {
			p.Powers[seat].Prestige = true
			p.raisePrestige(seat, 1, true)
			p.Log(table.M("%s raises its Prestige.", seat))
		}
		era := min((p.Turn-1)/3, 2)
		held := p.holders()
		arms := 0
		for p.Get("md", seat) > 0 {
			row := p.rollDie("the mission of " + seat)
			if (row == 1 || row == 5) && arms < p.Powers[seat].Armament {
				arms++ // 13.7: a reminder for step 5
			}
			sent := false
			for _, t := range a.Mission[row][era] {
				if held[t] != seat && p.free(t) > 0 {
					p.Put(t, table.Piece{Kind: "md", Owner: seat, Tag: strconv.Itoa(p.free(t))})
					p.Add("md", seat, -1)
					p.Log(table.M("%s sends a cube to %s.", seat, t))
					sent = true
					break
				}
			}
			if !sent {
				p.Log(table.M("%s finds no territory for its mission and keeps its cubes.", seat))
				break
			}
		}
		p.automaArms(seat, a, arms)
		p.tellHolders()
	}
	p.Passed = append(p.Passed, seat)
	p.Log(table.M("%s passes.", seat))
	p.endRound()
}

// automaCards plays the cards the Progress table shows this turn: a
// card of its hand drawn by a die, an Intrigue card's half marked for
// the Automated Powers (13.4.1; the moderator's where the data does not
// mark one), a common National card at no cost (13.1, 13.4.2). Money
// is lost: an Automated Power plays without (13.3, 13.6).
func (p *Play) automaCards(seat string, a *Automa) {
	for _, national := range []bool{false, true} {
		turns := a.Intrigue
		if national {
			turns = a.National
		}
		if !slices.Contains(turns, p.Turn) {
			continue
		}
		var hand []string
		for _, id := range p.Hands[seat] {
			if c := p.Data.National[id]; national && c != nil && c.Power == "all" || !national && p.Data.Intrigue[id] != nil {
				hand = append(hand, id)
			}
		}
		if len(hand) == 0 {
			p.Log(table.M("%s has no card to play.", seat))
			continue
		}
		id := hand[0]
		if len(hand) > 1 {
			id = hand[p.Roll(p.dice, "the card of "+seat, 1, len(hand), true)[0]-1]
		}
		p.Take(seat, id)
		var c *Card
		e := ""
		if national {
			c = p.Data.National[id]
			e = c.Effect
			p.Log(table.M("%s plays the national card %s (%s).", seat, id, c.Name))
		} else {
			c = p.Data.Intrigue[id]
			p.Decks["discards"] = append(p.Decks["discards"], id)
			switch c.Bot {
			case "a":
				e = c.Effect
			case "b":
				e = c.Other
			}
			p.Log(table.M("%s plays the intrigue card %s (%s).", seat, id, c.Name))
		}
		if verb, _, _ := strings.Cut(e, ":"); verb == "money" {
			p.Log(table.M("%s plays without money: the card's money is lost.", seat))
			continue
		}
		p.effect(seat, id, e, c.Name)
	}
}

// automaArms is 13.8: the territories of its Objective Priority list
// that buy arms, the most VP first (ties in the list's order); the first
// whose rate it can place in full, without armament already, and where
// the cubes change who holds it; free spaces first, from the last, then
// the cube of the opposing Power with the most cubes there (a die
// between equals). None found: the cubes stay in its reserve. Arms are
// sold from turn 4, a limit of the base game that 13.8 keeps.
func (p *Play) automaArms(seat string, a *Automa, arms int) {
	if arms == 0 {
		return
	}
	p.Log(table.M("%s has %s armament cubes to sell.", seat, arms))
	if p.Turn < 4 {
		p.Log(table.M("Arms are sold from turn 4: the armament cubes of %s go back.", seat))
		return
	}
	list := slices.Clone(a.Priority)
	vp := func(t string) int { return p.Data.Territories[t].VP }
	slices.SortStableFunc(list, func(x, y string) int { return vp(y) - vp(x) })
	held := p.holders()
	for _, t := range list {
		tr := p.Data.Territories[t]
		if tr.Sell.Cubes == 0 || tr.Sell.Cubes > arms || p.armament(t) > 0 {
			continue
		}
		saved := slices.Clone(p.Board[t])
		if !p.placeArms(seat, t, tr.Sell.Cubes) {
			p.Board[t] = saved
			continue
		}
		if p.holders()[t] == held[t] {
			p.Board[t] = saved
			continue
		}
		p.Powers[seat].Armament -= tr.Sell.Cubes
		p.Log(table.M("%s sells arms to %s: %s armament cubes.", seat, t, tr.Sell.Cubes))
		return
	}
	p.Log(table.M("%s finds no territory for its arms: the cubes go back.", seat))
}

// placeArms puts n armament cubes in t for seat: free spaces from the
// last, then over the cube of the opposing Power with the most cubes
// (never a contest's space); false if there is no room.
func (p *Play) placeArms(seat, t string, n int) bool {
	tr := p.Data.Territories[t]
	for s := tr.Spaces; s >= 1 && n > 0; s-- {
		if _, md := p.at(t, s, "md"); !md {
			if _, c := p.at(t, s, "contest"); !c {
				p.Put(t, table.Piece{Kind: "armament", Owner: seat, Tag: strconv.Itoa(s)})
				n--
			}
		}
	}
	for ; n > 0; n-- {
		counts := map[string]int{}
		for s := 1; s <= tr.Spaces; s++ {
			pc, md := p.at(t, s, "md")
			_, c := p.at(t, s, "contest")
			if md && !c && pc.Owner != seat && slices.Contains(p.Order, pc.Owner) {
				counts[pc.Owner]++
			}
		}
		var most []string
		best := 0
		for _, o := range p.Order {
			switch k := counts[o]; {
			case k > best:
				best, most = k, []string{o}
			case k == best && k > 0:
				most = append(most, o)
			}
		}
		if len(most) == 0 {
			return false
		}
		victim := most[0]
		if len(most) > 1 {
			victim = most[(p.rollDie("the cube replaced in "+t)-1)*len(most)/6]
		}
		for s := tr.Spaces; s >= 1; s-- {
			pc, md := p.at(t, s, "md")
			if _, c := p.at(t, s, "contest"); md && !c && pc.Owner == victim {
				tag := strconv.Itoa(s)
				p.Remove(t, func(x table.Piece) bool { return x.Kind == "md" && x.Tag == tag })
				p.Put(t, table.Piece{Kind: "armament", Owner: seat, Tag: tag})
				break
			}
		}
	}
	return true
}

// automaBonus is an Automated Power's contest bonus (13.9.1): its
// Arsenal Bonus of the turn over the contests it takes part in,
// rounded half up, at most +4 whatever the Power; fixed for the turn
// when its first contest is fought, counting those then unresolved.
func (p *Play) automaBonus(seat string) int {
	fc := p.Powers[seat]
	if fc.ContestTurn == p.Turn {
		return fc.ContestBonus
	}
	arsenal := 0
	if a := p.Data.Automa[seat]; a != nil && p.Turn >= 1 && p.Turn <= len(a.Arsenal) {
		arsenal = a.Arsenal[p.Turn-1]
	}
	n := 0
	for _, t := range sortedKeys(p.Data.Territories) {
		for _, pc := range p.Board[t] {
			if pc.Kind != "contest" {
				continue
			}
			sp, _ := strconv.Atoi(pc.Tag)
			def := ""
			if base, ok := p.at(t, sp, "md"); ok {
				def = base.Owner
				if !slices.Contains(p.Order, def) {
					def = p.patron(def)
				}
			}
			if pc.Owner == seat || def == seat {
				n++
			}
		}
	}
	n = max(n, 1)
	fc.ContestBonus, fc.ContestTurn = min((2*arsenal+n)/(2*n), 4), p.Turn
	p.Log(table.M("The contest bonus of %s this turn: +%s (Arsenal Bonus %s over %s contests).", seat, fc.ContestBonus, arsenal, n))
	return fc.ContestBonus
}
