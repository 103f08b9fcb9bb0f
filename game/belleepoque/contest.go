package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// Contest steps, in the fixed sequence of 8.7 a)-d).
const (
	attackerFleets = iota
	defenderFleets
	defenderArmies
	attackerArmies
	contestDice
)

// newContest is the contest of the cube attacker stacked in space sp
// of t: the defender is the cube's Power, or its minor's patron.
func (p *Play) newContest(t string, sp int, attacker string) *Contest {
	base, _ := p.at(t, sp, "md")
	c := &Contest{Territory: t, Space: sp, Attacker: attacker, AskAF: -1, AskAA: -1}
	if slices.Contains(p.Order, base.Owner) {
		c.Defender = base.Owner
	} else {
		c.Minor = base.Owner
		c.Defender = p.patron(base.Owner)
	}
	return c
}

// contestsAfter is 13.3 e): once every Power has passed, the contests
// an Automated Power takes part in, attacking or defending, are fought
// one by one, in the map's order (a ruling: the rules give none); then
// the preparation, which cancels the others (8.11).
func (p *Play) contestsAfter() {
	p.Round = nil
	for _, t := range sortedKeys(p.Data.Territories) {
		for sp := 1; sp <= p.Data.Territories[t].Spaces; sp++ {
			top, ok := p.at(t, sp, "contest")
			if !ok {
				continue
			}
			c := p.newContest(t, sp, top.Owner)
			if slices.Contains(p.Auto, c.Attacker) || slices.Contains(p.Auto, c.Defender) {
				p.Contest = c
				p.Log(table.M("The contest in %s, space %s, %s against %s, is fought after the action phase (13.3 e).", t, sp, c.Attacker, orMinor(c)))
				p.askContest()
				return
			}
		}
	}
	p.prepare()
}

// stepOwner is who commits at a step, and what.
func (c *Contest) stepOwner() (seat, kind string) {
	switch c.Step {
	case attackerFleets:
		return c.Attacker, "fleet"
	case defenderFleets:
		return c.Defender, "fleet"
	case defenderArmies:
		return c.Defender, "army"
	}
	return c.Attacker, "army"
}

// available is how many units of kind seat may commit in the contest's
// continent: active fleets in its box, or active armies in the Arsenal
// where a fleet (any state) is in the box, Europe and Russia's four
// territories needing none (8.7 NOTE); the allied minors' free, its own
// as its money pays (fleets £2, £1 with the Kiel Canal; armies £1).
func (p *Play) available(seat, kind string) (units, cost int) {
	if slices.Contains(p.Auto, seat) {
		return 0, 1 // an Automated Power uses no units (13.3)
	}
	t := p.Data.Territories[p.Contest.Territory]
	fc := p.Powers[seat]
	minors := len(p.minorUnits(seat, kind, t.Continent))
	own, each := 0, 1
	if kind == "fleet" {
		each = 2
		if seat == "ic" && fc.Work {
			each = 1 // the Kiel Canal
		}
		for _, f := range fc.Fleets {
			if f.At == t.Continent && !f.Tired {
				own++
			}
		}
	} else {
		if !p.reaches(seat, p.Contest.Territory) {
			return 0, 1
		}
		own = fc.Armies - fc.Tired
	}
	return minors + min(own, p.Get("money", seat)/each), each
}

// askContest asks the next step's commitment, skipping the steps of an
// unallied minor and those answered ahead on the RESOLVE line; after
// the last, the dice.
func (p *Play) askContest() {
	c := p.Contest
	for ; c.Step < contestDice; c.Step++ {
		seat, kind := c.stepOwner()
		if seat == "" {
			continue
		}
		n, _ := p.available(seat, kind)
		ahead := map[int]int{attackerFleets: c.AskAF, attackerArmies: c.AskAA}[c.Step]
		if c.Step == defenderFleets || c.Step == defenderArmies {
			ahead = -1
		}
		if n == 0 || ahead >= 0 {
			p.commitN(seat, kind, min(max(ahead, 0), n))
			continue
		}
		ans := make([]string, n+1)
		for i := range ans {
			ans[i] = "COMMIT " + strconv.Itoa(i)
		}
		step := map[string]string{"fleet": "fleets", "army": "armies"}[kind]
		p.AskFirst(table.Decision{Seat: seat, Kind: kindContest, Answers: ans, Default: "COMMIT 0",
			Prompt: table.M("Contest in %s, space %s, %s against %s: how many %s do you commit (0 to %s)? Committed so far: attacker %s fleets, defender %s fleets and %s armies.",
				c.Territory, c.Space, c.Attacker, orMinor(c), step, n, c.AF, c.DF, c.DA)})
		return
	}
	p.fight()
}

// commit takes a step's answer (COMMIT <n>, or a standing COMMIT MAX).
func (p *Play) commit(seat, answer string) {
	c := p.Contest
	_, kind := c.stepOwner()
	n, _ := p.available(seat, kind)
	w := strings.TrimPrefix(answer, "COMMIT ")
	k, err := strconv.Atoi(w)
	if w == "MAX" {
		k = n
	} else if err != nil {
		k = 0
	}
	p.commitN(seat, kind, min(k, n))
	c.Step++
	p.askContest()
}

// commitN commits n units: the allied minors' first, free; then its
// own, paid and exhausted.
func (p *Play) commitN(seat, kind string, n int) {
	c := p.Contest
	cont := p.Data.Territories[c.Territory].Continent
	_, each := p.available(seat, kind)
	minors := p.minorUnits(seat, kind, cont)
	used := 0
	for _, m := range minors {
		if used < n {
			p.MinorTired = append(p.MinorTired, m+" "+kind)
			used++
		}
	}
	own := n - used
	fc := p.Powers[seat]
	if kind == "fleet" {
		for i := range fc.Fleets {
			if own > 0 && fc.Fleets[i].At == cont && !fc.Fleets[i].Tired {
				fc.Fleets[i].Tired = true
				own--
				if seat == c.Attacker {
					c.AOwn = true
				} else {
					c.DOwn = true
				}
			}
		}
	} else {
		fc.Tired += own
	}
	p.Add("money", seat, -(n-used)*each)
	switch c.Step {
	case attackerFleets:
		c.AF = n
	case defenderFleets:
		c.DF = n
	case defenderArmies:
		c.DA = n
	default:
		c.AA = n
	}
	if n > 0 {
		p.Log(table.M("%s commits %s %s for £%s.", seat, n, kind, (n-used)*each))
	}
}

// bonus is a side's contest bonus (8.7 e-h): +2 a fleet, +1 an army,
// at most +4; +1 and at most +5 for Great Britain with a fleet of its
// own, and for the Central Powers attacking with an army (a ruling:
// h raises the cap as g does); +2 and at most +6 with the Superior
// Doctrine.
func (p *Play) bonus(seat string, fleets, armies int, own, attacker bool) int {
	b, limit := 2*fleets+armies, 4
	if seat == "gb" && own {
		b, limit = b+1, 5
	}
	if seat == "ic" && attacker && armies > 0 {
		b, limit = b+1, 5
	}
	if seat == "ic" && p.Powers[seat].Doctrine {
		b, limit = b+2, 6
	}
	return min(b, limit)
}

// fight is 8.7 i-j: a die each; the higher keeps its cube; a tie goes
// to the higher Prestige, else both cubes go (an unallied minor has no
// Prestige: a tie against it removes both, a ruling).
func (p *Play) fight() {
	c := p.Contest
	ab := p.bonus(c.Attacker, c.AF, c.AA, c.AOwn, true)
	if slices.Contains(p.Auto, c.Attacker) {
		ab = p.automaBonus(c.Attacker) // 13.9: no units, its Arsenal Bonus
	}
	db := minorDefence(c.Minor)
	switch {
	case slices.Contains(p.Auto, c.Defender):
		db = p.automaBonus(c.Defender)
	case c.Defender != "":
		db = p.bonus(c.Defender, c.DF, c.DA, c.DOwn, false)
	}
	a := p.rollDie("the attacker in "+c.Territory) + ab
	d := p.rollDie("the defender in "+c.Territory) + db
	winner := ""
	switch {
	case a > d:
		winner = c.Attacker
	case d > a:
		winner = "defender"
	case c.Defender != "":
		pa, pd := p.Get("prestige", c.Attacker), p.Get("prestige", c.Defender)
		if pa > pd {
			winner = c.Attacker
		} else if pd > pa {
			winner = "defender"
		}
	}
	tag := strconv.Itoa(c.Space)
	top := func(pc table.Piece) bool { return pc.Kind == "contest" && pc.Tag == tag }
	base := func(pc table.Piece) bool { return pc.Kind == "md" && pc.Tag == tag }
	switch winner {
	case c.Attacker:
		p.Remove(c.Territory, top)
		p.Remove(c.Territory, base)
		p.Put(c.Territory, table.Piece{Kind: "md", Owner: c.Attacker, Tag: tag})
		p.Log(table.M("%s (+%s) against %s (+%s): %s wins the contest in %s.", a, ab, d, db, c.Attacker, c.Territory))
	case "defender":
		p.Remove(c.Territory, top)
		p.Log(table.M("%s (+%s) against %s (+%s): %s holds the space in %s.", a, ab, d, db, orMinor(c), c.Territory))
	default:
		p.Remove(c.Territory, top)
		p.Remove(c.Territory, base)
		p.Log(table.M("%s (+%s) against %s (+%s): a tie, both cubes in %s are removed.", a, ab, d, db, c.Territory))
	}
	p.Contest = nil
	p.tellHolders()
	if p.Round == nil {
		p.contestsAfter() // the next of 13.3 e)
		return
	}
	rest := p.Round.Rest
	p.Round.Rest = nil
	p.run(rest)
}
