package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// automa is an Automated Power's action phase (13.3), in its first
// round, its steps in order: the cards its Progress table shows
// (13.4.1-2), a fleet (13.5), Prestige (13.6), its missions (13.7), the
// arms sold (13.8); then it passes. Its contests are fought after the
// action phase (13.3 e, contestsAfter).
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
		arms := p.missions(seat, a)
		p.automaArms(seat, a, arms)
		p.tellHolders()
	}
	p.Passed = append(p.Passed, seat)
	p.Log(table.M("%s passes.", seat))
	p.endRound()
}

// missions is 13.7: a die for the row of the Mission table, a row of 1
// or 5 putting an armament cube on the sheet (the row's die only, not
// those rolled again: a ruling); the first cube by the first column's
// box, the second by the second's, each the box's territory it neither
// allies nor controls, else its fallback, else the die again for that
// column alone; the others by the last column's, a die naming the
// territory, each after the first on a row of its own die (13.7.1);
// France's fourth from turn 4 by its column where the sheet has one
// (13.7.2). A full territory is a contest (13.7 NOTE). Where the
// rules end (no row of a column has a territory left; a full territory
// with no opposing Power's cube), the moderator rules after the phase.
func (p *Play) missions(seat string, a *Automa) (arms int) {
	n := p.Get("md", seat)
	if n == 0 || len(a.Missions) == 0 {
		return 0
	}
	row := p.rollDie("the mission row of " + seat)
	if (row == 1 || row == 5) && p.Powers[seat].Armament > 0 {
		arms = 1
		p.Log(table.M("%s rolls %s: an armament cube goes on its sheet.", seat, row))
	}
	third := 0
	for i := range n {
		col := min(i, 2)
		if i == 3 && seat == "fr" && p.Turn >= 4 {
			col = 3
		}
		r := row
		if col == 3 && len(a.Missions[r]) < 4 {
			col = 2 // no column of its own: with the third's
		}
		t := ""
		if col == 2 {
			if third > 0 {
				r = p.rollDie("the mission row of a further cube of " + seat)
			}
			third++
			t = ranged(a.Missions[r][2], p.rollDie("the territory of a mission of "+seat))
		} else if t = p.unheld(seat, a, r, col); t == "" {
			p.askMission(seat, "column", strconv.Itoa(col+1))
			continue
		}
		if !p.sendAutomaCube(seat, t) {
			p.askMission(seat, "full", t)
		}
	}
	return arms
}

// ranged is the territory of the last column's box the die names.
func ranged(box []Target, die int) string {
	for _, tg := range box {
		if die >= tg.From && die <= tg.To {
			return tg.Territory
		}
	}
	return ""
}

// unheld is the territory of a box of the column the Power neither
// allies nor controls, the die rolled again for the column while the
// row's box has none (13.7 a-c); "" where no row's box of the column
// has one, which would roll for ever.
func (p *Play) unheld(seat string, a *Automa, row, col int) string {
	held := p.holders()
	in := func(r int) string {
		if col >= len(a.Missions[r]) {
			return ""
		}
		for _, tg := range a.Missions[r][col] {
			if held[tg.Territory] != seat {
				return tg.Territory
			}
		}
		return ""
	}
	if !slices.ContainsFunc([]int{1, 2, 3, 4, 5, 6}, func(r int) bool { return in(r) != "" }) {
		return ""
	}
	for range 100 {
		if t := in(row); t != "" {
			return t
		}
		row = p.rollDie("the mission row of column " + strconv.Itoa(col+1) + " of " + seat + ", again")
	}
	return ""
}

// sendAutomaCube sends a cube of an Automated Power to t: the lowest
// free space, else a contest on the cube of the opposing Power with the
// most cubes there (a die between equals, 13.7 NOTE); false where t is
// full and holds no opposing Power's cube it can contest.
func (p *Play) sendAutomaCube(seat, t string) bool {
	if sp := p.free(t); sp > 0 {
		p.Put(t, table.Piece{Kind: "md", Owner: seat, Tag: strconv.Itoa(sp)})
		p.Add("md", seat, -1)
		p.Log(table.M("%s sends a cube to %s, space %s.", seat, t, sp))
		return true
	}
	victim, spaces := p.mostCubes(seat, t, "the cube contested in "+t, nil)
	if victim == "" {
		return false
	}
	p.Put(t, table.Piece{Kind: "contest", Owner: seat, Tag: strconv.Itoa(spaces[0])})
	p.Add("md", seat, -1)
	p.Log(table.M("%s sends a cube to %s on the cube of %s in space %s: a contest.", seat, t, victim, spaces[0]))
	return true
}

// mostCubes is the opposing Power (not seat, and as eligible says where
// it says) with the most cubes in t among those with a cube not under a
// contest, a die between equals (even and odd for two, thirds for
// three: 13.4.3); and the spaces of those cubes, lowest first.
func (p *Play) mostCubes(seat, t, what string, eligible func(string) bool) (string, []int) {
	spaces := map[string][]int{}
	for s := 1; s <= p.Data.Territories[t].Spaces; s++ {
		pc, md := p.at(t, s, "md")
		_, c := p.at(t, s, "contest")
		if md && !c && pc.Owner != seat && slices.Contains(p.Order, pc.Owner) && (eligible == nil || eligible(pc.Owner)) {
			spaces[pc.Owner] = append(spaces[pc.Owner], s)
		}
	}
	var most []string
	best := 0
	for _, o := range p.Order {
		if len(spaces[o]) == 0 {
			continue
		}
		switch k := p.count(t, o); {
		case k > best:
			best, most = k, []string{o}
		case k == best:
			most = append(most, o)
		}
	}
	switch len(most) {
	case 0:
		return "", nil
	case 1:
		return most[0], spaces[most[0]]
	}
	v := most[drawIndex(p.rollDie(what), len(most))]
	return v, spaces[v]
}

// drawIndex is which of k equals a die names: even the first and odd
// the second of two, by equal ranges of more (13.4.3, 13.4.6).
func drawIndex(die, k int) int {
	if k == 2 {
		return die % 2
	}
	return (die - 1) * k / 6
}

// askMission asks the moderator where the rules leave an Automated
// Power's mission: a full territory with no opposing Power's cube (the
// cube may contest another's, or stay), or a column with no territory
// left in any row (a territory, or the cube stays).
func (p *Play) askMission(seat, why, arg string) {
	ans := []string{"KEEP"}
	var prompt table.Msg
	if why == "full" {
		for s := 1; s <= p.Data.Territories[arg].Spaces; s++ {
			pc, md := p.at(arg, s, "md")
			if _, c := p.at(arg, s, "contest"); md && !c && pc.Owner != seat && p.patron(pc.Owner) != seat {
				ans = append(ans, "ON "+strconv.Itoa(s))
			}
		}
		if len(ans) == 1 {
			p.Log(table.M("%s finds %s full with no cube to contest: it keeps the cube.", seat, arg))
			return
		}
		prompt = table.M("The mission of %s goes to %s, which is full and holds no opposing Power's cube (13.7 NOTE names none): RULE ON <space> to contest the cube there, or RULE KEEP to keep the cube in its Embassies.", seat, arg)
	} else {
		ans = append(ans, sortedKeys(p.Data.Territories)...)
		prompt = table.M("Column %s of the Mission table of %s has no territory it does not hold, in any row (13.7 would roll for ever): RULE <territory> to send the cube there, or RULE KEEP to keep it in its Embassies.", arg, seat)
	}
	p.Ask(table.Decision{Seat: table.Master, Kind: kindCard, Data: strings.Join([]string{"mission", seat, why, arg}, " "), Answers: ans, Default: "KEEP", Prompt: prompt})
}

// ruleMission carries out the moderator's ruling on a mission.
func (p *Play) ruleMission(data, answer string) {
	f := strings.Fields(data) // mission <seat> full|column <arg>
	seat := f[1]
	switch {
	case answer == "KEEP":
		p.Log(table.M("%s keeps the cube, as the moderator ruled.", seat))
	case f[2] == "full":
		sp := strings.TrimPrefix(answer, "ON ")
		p.Put(f[3], table.Piece{Kind: "contest", Owner: seat, Tag: sp})
		p.Add("md", seat, -1)
		p.Log(table.M("%s sends a cube to %s on the cube in space %s: a contest, as the moderator ruled.", seat, f[3], sp))
	default:
		if !p.sendAutomaCube(seat, answer) {
			p.askMission(seat, "full", answer)
		}
	}
	p.tellHolders()
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
		victim, spaces := p.mostCubes(seat, t, "the cube replaced in "+t, nil)
		if victim == "" {
			return false
		}
		tag := strconv.Itoa(spaces[len(spaces)-1]) // from the last
		p.Remove(t, func(x table.Piece) bool { return x.Kind == "md" && x.Tag == tag })
		p.Put(t, table.Piece{Kind: "armament", Owner: seat, Tag: tag})
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
