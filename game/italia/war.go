package italia

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// War is a lost war in progress (seed §6 "Guerra Persa", spec §3.16,
// R31): Loser lost its whole capital set to Winner, pays him half its
// income at the next taxation, and nobody attacks the loser nor the
// loser anyone until the end of Autunno of Until.
type War struct {
	Loser  string `json:"loser"`
	Winner string `json:"winner"`
	Until  int    `json:"until"`
	// Capital is the capital set as it was lost: what goes back to the
	// loser from the winner when the war ends (seed §6: "il vincitore
	// toglie il marker di controllo dalla capitale").
	Capital []string `json:"capital"`
}

// lostWar is the war power id lost and is paying for now, nil for none.
func lostWar(pos *Position, id string) *War {
	for i := range pos.Wars {
		if pos.Wars[i].Loser == id {
			return &pos.Wars[i]
		}
	}
	return nil
}

// truce is the lost war that bars power a from attacking power b, nil
// for none: the loser attacks nobody, and nobody attacks the loser (seed
// §6 "inibisce ulteriori attacchi da parte di qualsiasi giocatore"; R31
// bars both sides).
func truce(pos *Position, a, b string) *War {
	if a == b || a == "" || b == "" {
		return nil
	}
	if w := lostWar(pos, b); w != nil {
		return w
	}
	return lostWar(pos, a)
}

// truceText says why the seat may not attack power b, nil when it may.
func (c *checker) truceText(b string) game.Text {
	w := truce(c.s.pos, c.seat, b)
	switch {
	case w == nil:
		return nil
	case w.Loser == c.seat:
		return tx("you lost a war: you attack nobody until the end of Autunno %d (seed §6, R31)", w.Until)
	}
	return func(l game.Lang) string {
		return f(l, "%s lost a war and is at peace until the end of Autunno %d: nobody attacks it (seed §6, R31)", powerName(l, b), w.Until)
	}
}

// attacks says why the seat may not move into, besiege, sack or assault
// territory a, nil when it may: a lost war protects the loser's land and
// counters, and keeps the loser's at home (R31). passing is a strategic
// move's territory short of its stop, where the loser's land is neutral
// (seed §6) and only its counters bar the way.
func (c *checker) attacks(a machiavelli.Area, passing bool) game.Text {
	if owner := c.s.controller(a); !passing && owner != c.seat {
		if why := c.truceText(owner); why != nil {
			return why
		}
	}
	for _, p := range c.s.pos.Powers {
		if p.ID != c.seat && slices.ContainsFunc(p.Counters, func(ct Counter) bool { return c.s.area(ct.At) == a }) {
			if why := c.truceText(p.ID); why != nil {
				return why
			}
		}
	}
	return nil
}

// takenAt records when a territory of a capital set changes hands, for
// the first taker of a shared set (R31).
func (rs *resolution) takenAt(id string) {
	if id != "naple" && !slices.ContainsFunc(powers, func(p powerInfo) bool { return slices.Contains(p.Capital, id) }) {
		return
	}
	if rs.pos.Taken == nil {
		rs.pos.Taken = map[string]int{}
	}
	rs.pos.Taken[id] = rs.s.phase.turnRank()
}

// lostWars is the lost-war check at the end of the autumn, after supply
// (spec §2.3 step 10, R31): a power whose whole capital set is held by
// powers not allied to it (an independent garrison is no enemy's hand)
// loses the war to the one holding most of it, on a tie the first to
// have taken part of it, then the first in the seed's order; a war the
// new loser had won ends (seed §6). Then the wars that ran their year end,
// and the winner hands the capital back.
func (rs *resolution) lostWars() {
	year := rs.s.phase.Year
	for _, p := range powers {
		set := rs.capitals(p.ID)
		if len(set) == 0 || lostWar(rs.pos, p.ID) != nil {
			continue
		}
		held := map[string]int{}
		first := map[string]int{}
		for _, id := range set {
			w := rs.pos.Control[id]
			if w == "" || w == p.ID || rs.allied(w, p.ID) {
				held = nil
				break
			}
			held[w]++
			if r, ok := first[w]; !ok || rs.pos.Taken[id] < r {
				first[w] = rs.pos.Taken[id]
			}
		}
		if len(held) == 0 {
			continue
		}
		var holders []string
		for w := range held {
			holders = append(holders, w)
		}
		slices.SortFunc(holders, func(a, b string) int {
			return cmp.Or(cmp.Compare(held[b], held[a]), cmp.Compare(first[a], first[b]), cmp.Compare(powerIndex(a), powerIndex(b)))
		})
		winner := holders[0]
		rs.endWars(func(w War) bool { return w.Winner == p.ID }, true)
		rs.pos.Wars = append(rs.pos.Wars, War{Loser: p.ID, Winner: winner, Until: year + 1, Capital: set})
		rs.tell(nil, "%s has lost its capital and the war to %s: it makes peace, pays half its income at the next taxation, and nobody attacks it until the end of Autunno %s (seed §6, R31)", "p:"+p.ID, "p:"+winner, fmt.Sprint(year+1))
	}
	rs.endWars(func(w War) bool { return w.Until == year }, false)
}

// endWars ends the wars for which done holds, early when their winner
// lost a war himself: the winner's garrisons in the capital set go back
// to the loser (seed §6).
func (rs *resolution) endWars(done func(War) bool, early bool) {
	var keep []War
	for _, w := range rs.pos.Wars {
		if !done(w) {
			keep = append(keep, w)
			continue
		}
		for _, id := range w.Capital {
			if rs.pos.Control[id] == w.Winner {
				rs.pos.Control[id] = w.Loser
				delete(rs.pos.Taken, id)
			}
		}
		if early {
			rs.tell(nil, "%s has lost a war itself, so its war on %s ends and the capital goes back (seed §6)", "p:"+w.Winner, "p:"+w.Loser)
		} else {
			rs.tell(nil, "the lost war ends: %s hands the capital of %s back (seed §6)", "p:"+w.Winner, "p:"+w.Loser)
		}
	}
	rs.pos.Wars = keep
}

// tribute takes half of a loser's income, rounded down, for the winner
// (seed §6, R31), unless the winner is a power no player sits at: the
// arbiter plays it, and the tribute is not paid (R31). It returns what
// the loser keeps.
func (rs *resolution) tribute(p *Power, income int) int {
	w := lostWar(rs.pos, p.ID)
	if w == nil || !rs.s.r.seated(w.Winner) || rs.power(w.Winner) == nil {
		return income
	}
	pay := income / 2
	rs.power(w.Winner).Treasury += pay
	rs.tell([]string{p.ID, w.Winner}, "%s pays %s ducats of tribute to %s for the lost war (seed §6)", "p:"+p.ID, fmt.Sprint(pay), "p:"+w.Winner)
	return income - pay
}
