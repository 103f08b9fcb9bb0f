package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// Apply carries out a decision.
func (p *Play) Apply(dec table.Decision, answers []string, byDefault bool, d *dice.Source) error {
	p.dice = d
	switch dec.Kind {
	case kindData:
		p.setup(d)
	case kindSetup:
		p.place(dec.Seat, answers[0])
	case kindRound:
		p.round(dec.Seat, answers)
	case kindContest:
		p.commit(dec.Seat, answers[0])
	case kindKeep:
		card := strings.TrimPrefix(answers[0], "KEEP ")
		for _, c := range strings.Fields(dec.Data) {
			if c != card {
				p.Take(dec.Seat, c)
				p.Decks["discards"] = append(p.Decks["discards"], c)
			}
		}
		p.Tell([]string{dec.Seat}, table.M("You keep %s.", card))
		p.actions()
	case kindTarget:
		p.target(answers[0])
	case kindCard:
		switch {
		case strings.HasPrefix(dec.Data, "mission "):
			p.ruleMission(dec.Data, answers[0])
		case dec.Data == "target":
			p.target(answers[0])
		default:
			// The moderator applied the effect by EDIT; the rest go on.
			if len(p.Effects) > 0 {
				p.Effects = p.Effects[1:]
			}
			p.effectsGoOn()
		}
	}
	return nil
}

// resume goes on after the moderator's cards: the events' turn goes on
// to the intrigue deal, a round to its next seat.
func (p *Play) resume() {
	switch {
	case p.Over:
	case p.Round == nil && p.Cur < 0:
		p.intrigue()
	default:
		p.endRound()
	}
}

// startTurn is 5.0 and 6.0: the era's events shuffled in, resources,
// two events; then the intrigue deal and the actions.
func (p *Play) startTurn(n int) {
	p.Turn, p.Stage, p.Cur, p.Round = n, "T"+strconv.Itoa(n), -1, nil
	p.Log(table.M("Turn %s begins. Turn order: %s.", n, strings.Join(p.Order, ", ")))
	switch n {
	case 4:
		// 6.1: three of era II go back unseen (four with the promo).
		drop := 3
		if slices.ContainsFunc(p.Decks["era2"], func(c string) bool { return p.Data.Events[c].Promo }) {
			drop = 4
		}
		p.Decks["events"] = append(p.Decks["events"], p.Decks["era2"][min(drop, len(p.Decks["era2"])):]...)
		delete(p.Decks, "era2")
		p.Shuffle(p.dice, "events")
	case 7:
		p.Decks["events"] = append(p.Decks["events"], p.Decks["era3"]...)
		delete(p.Decks, "era3")
		p.Shuffle(p.dice, "events")
	}
	for _, s := range p.Order {
		bot := slices.Contains(p.Auto, s)
		money := 0
		if !bot {
			// 13.3 a): the Resources phase pays the human players only.
			money = powerOf(s).Income
			for _, m := range p.allies(s) {
				money += alliances[m].Money
			}
		}
		p.Add("money", s, money)
		cubes := 3
		if s == "fr" && (p.Powers[s].Work || bot && n >= 4) {
			cubes = 4 // the Eiffel Tower; an Automated France from turn 4 (13.7.2)
		}
		cubes = min(cubes, p.supply(s))
		p.Add("md", s, cubes)
		if bot {
			p.Log(table.M("%s receives %s cubes and no money: an Automated Power plays without it (13.3).", s, cubes))
		} else {
			p.Log(table.M("%s receives £%s and %s cubes.", s, money, cubes))
		}
	}
	for range 2 {
		id, ok := p.Draw("events")
		if !ok {
			break
		}
		c := p.Data.Events[id]
		p.Log(table.M("Event: %s (%s).", id, c.Name))
		if c.Effect == "end" {
			if p.Turn >= 7 {
				p.Log(table.M("Sarajevo: the game ends before turn %s is played (6.3).", p.Turn))
				p.Early = true
				p.final()
				return
			}
			continue
		}
		p.effect("", id, c.Effect, c.Name)
	}
	if len(p.Pending) == 0 {
		p.intrigue()
	}
}

// firstOrder is turn 1's order: the Automated Powers first, in an
// order drawn (13.2); then a Power drawn first and the others after it
// clockwise, as they sit (3.0 step 9).
func (p *Play) firstOrder() {
	bots, humans := p.split(p.Order)
	if len(bots) > 1 {
		p.dice.Shuffle("the order of the Automated Powers", len(bots), func(i, j int) { bots[i], bots[j] = bots[j], bots[i] })
	}
	if len(humans) > 1 {
		i := p.Roll(p.dice, "the first player", 1, len(humans), true)[0] - 1
		humans = append(humans[i:], humans[:i]...)
	}
	p.Order = append(bots, humans...)
}

// nextOrder is the next turn's: the Automated Powers first, the first
// of this turn now last (13.2); then the others in the order they
// passed (8.10).
func (p *Play) nextOrder() []string {
	bots, _ := p.split(p.Order)
	_, humans := p.split(p.Passed)
	if len(bots) > 1 {
		bots = append(bots[1:], bots[0])
	}
	return append(bots, humans...)
}

// split is seats in order, the Automated Powers apart.
func (p *Play) split(seats []string) (bots, humans []string) {
	for _, s := range seats {
		if slices.Contains(p.Auto, s) {
			bots = append(bots, s)
		} else {
			humans = append(humans, s)
		}
	}
	return bots, humans
}

// intrigue is 7.0: on turns 2, 4, 6 and 8 each draws one card in turn
// order; the Ottoman Empire's ally draws two and keeps one (8.2.3).
func (p *Play) intrigue() {
	if p.Turn%2 == 1 || p.Turn > 8 {
		p.actions()
		return
	}
	ottoman := p.patron("impero_ottomano")
	for _, s := range p.Order {
		if s != ottoman {
			p.drawIntrigue(s, 1)
			continue
		}
		before := len(p.Hands[s])
		p.drawIntrigue(s, 2)
		drawn := p.Hands[s][before:]
		var ans []string
		for _, c := range drawn {
			ans = append(ans, "KEEP "+c)
		}
		if len(ans) == 2 {
			p.Ask(table.Decision{Seat: s, Kind: kindKeep, Data: strings.Join(drawn, " "), Answers: ans, Default: ans[0],
				Prompt: table.M("The Ottoman Empire's ally draws two intrigue cards and keeps one: %s.", strings.Join(drawn, ", "))})
		}
	}
	p.Log(table.M("Intrigue cards are dealt."))
	if len(p.Pending) == 0 {
		p.actions()
	}
}

// actions starts the action rounds (8.0).
func (p *Play) actions() {
	p.Passed, p.Cur = nil, 0
	p.askRound(p.Order[0])
}

// askRound asks seat for its round.
func (p *Play) askRound(seat string) {
	p.Round = &Round{Seat: seat}
	p.Ask(table.Decision{Seat: seat, Kind: kindRound, Default: "PASS",
		Prompt: table.M("Your round, turn %s: one or two different actions, a line each: BUY <n>A <n>F; SEND <territory> [ON <space>]; WORK; INVEST; PRESTIGE; PLAY <card> [A|B]; RESOLVE <territory> <space> [FLEETS <n>] [ARMIES <n>]; DEPLOY <from> <to> (arsenal, europe, africa, asia); SELL <territory> [REPLACE <space>,...]; PASS. You have £%s, %s cubes, %s armies ready, fleets %s.",
			p.Turn, p.Get("money", seat), p.Get("md", seat), p.Powers[seat].Armies-p.Powers[seat].Tired, p.fleetsText(seat))})
}

func (p *Play) fleetsText(seat string) string {
	var out []string
	for _, f := range p.Powers[seat].Fleets {
		s := f.At
		if f.Tired {
			s += "*"
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, " ")
}

// verbOf is the action a line is (its first word).
func verbOf(line string) string { v, _, _ := strings.Cut(line, " "); return v }

// round plays a round's lines: each action type once (8.0.1), two at
// most; a line whose type was used, or past the second, starts the
// seat's next round (a whole turn's script); DONE ends the round.
func (p *Play) round(seat string, lines []string) {
	if len(lines) == 1 && lines[0] == "AUTOMA" {
		p.automa(seat)
		return
	}
	p.Round = &Round{Seat: seat}
	p.run(lines)
}

// run goes on with the round's lines.
func (p *Play) run(lines []string) {
	r := p.Round
	for i, line := range lines {
		v := verbOf(line)
		if v == "DONE" || len(r.Used) == 2 || slices.Contains(r.Used, v) {
			rest := lines[i:]
			if v == "DONE" {
				rest = rest[1:]
			}
			if len(r.Used) > 0 {
				if p.Queue == nil {
					p.Queue = map[string][]table.Queued{}
				}
				p.Queue[r.Seat] = append(queued(rest), p.Queue[r.Seat]...)
				p.endRound()
				return
			}
			continue
		}
		why, contest := p.act(r.Seat, line)
		if why != nil {
			p.Log(table.Skipped(table.M("%s: %s skipped: ", r.Seat, line), *why))
			continue
		}
		r.Used = append(r.Used, v)
		p.tellHolders()
		if v == "PASS" {
			if rest := lines[i+1:]; len(rest) > 0 {
				p.Tell([]string{r.Seat}, table.M("After PASS, these lines were dropped: %s.", strings.Join(rest, "; ")))
			}
			p.endRound()
			return
		}
		if contest {
			r.Rest = lines[i+1:]
			p.askContest()
			return
		}
		if len(p.Effects) > 0 {
			r.Rest = lines[i+1:] // the card's effects wait for a choice
			return
		}
	}
	if len(r.Used) == 0 {
		// Nothing legal was done: the seat is asked again.
		p.Log(table.M("%s took no action: the round is asked again.", r.Seat))
		p.askRound(r.Seat)
		return
	}
	p.endRound()
}

func queued(lines []string) []table.Queued {
	var out []table.Queued
	for _, l := range lines {
		out = append(out, table.Queued{Kind: kindRound, Text: l})
	}
	return out
}

// endRound passes the turn to the next Power that has not passed, or
// ends the action phase.
func (p *Play) endRound() {
	if p.Over {
		return
	}
	p.Round = nil
	if len(p.Passed) == len(p.Order) {
		p.contestsAfter()
		return
	}
	for range p.Order {
		p.Cur = (p.Cur + 1) % len(p.Order)
		if s := p.Order[p.Cur]; !slices.Contains(p.Passed, s) {
			p.askRound(s)
			return
		}
	}
}

// act carries out one action line, or says why it is not legal now;
// contest reports a contest begun, whose prompts follow.
func (p *Play) act(seat, line string) (*table.Msg, bool) {
	f := strings.Fields(line)
	no := func(format string, args ...any) (*table.Msg, bool) { m := table.M(format, args...); return &m, false }
	fc := p.Powers[seat]
	money := p.Get("money", seat)
	switch f[0] {
	case "PASS":
		p.Passed = append(p.Passed, seat)
		p.Log(table.M("%s passes.", seat))
	case "BUY":
		a, fl := 0, 0
		for _, w := range f[1:] {
			n, _ := strconv.Atoi(w[:len(w)-1])
			if strings.HasSuffix(w, "A") {
				a = n
			} else {
				fl = n
			}
		}
		cost := a*powerOf(seat).ArmyCost + fl*fleetCost
		switch {
		case fc.Bought+a > powerOf(seat).Armies:
			return no("%s has %s armies left to buy", seat, powerOf(seat).Armies-fc.Bought)
		case len(fc.Fleets)+fl > maxFleets:
			return no("at most %s fleets", maxFleets)
		case cost > money:
			return no("it costs £%s, and %s has £%s", cost, seat, money)
		}
		p.Add("money", seat, -cost)
		fc.Bought += a
		fc.Armies += a
		for range fl {
			fc.Fleets = append(fc.Fleets, Fleet{At: "arsenal"})
		}
		p.Add("fleets", seat, fl)
		p.Log(table.M("%s buys %s armies and %s fleets for £%s.", seat, a, fl, cost))
	case "SEND":
		t := f[1]
		tr := p.Data.Territories[t]
		switch {
		case p.Get("md", seat) == 0:
			return no("no cube in the Embassies")
		case tr == nil:
			return no("there is no territory %s", t)
		case !p.reaches(seat, t):
			return no("no fleet in the %s box", tr.Continent)
		}
		if len(f) == 4 {
			sp, _ := strconv.Atoi(f[3])
			base, ok := p.at(t, sp, "md")
			_, contested := p.at(t, sp, "contest")
			switch {
			case !ok:
				return no("no cube in space %s of %s", sp, t)
			case base.Owner == seat || p.patron(base.Owner) == seat:
				return no("the cube in space %s of %s is no opponent's", sp, t)
			case contested:
				return no("space %s of %s is contested already", sp, t)
			}
			p.Put(t, table.Piece{Kind: "contest", Owner: seat, Tag: f[3]})
			p.Add("md", seat, -1)
			p.Log(table.M("%s sends a cube to %s on the cube of %s in space %s: a contest.", seat, t, base.Owner, sp))
			break
		}
		sp := p.free(t)
		if sp == 0 {
			return no("%s is full: name a cube to contest with ON <space>", t)
		}
		p.Put(t, table.Piece{Kind: "md", Owner: seat, Tag: strconv.Itoa(sp)})
		p.Add("md", seat, -1)
		p.Log(table.M("%s sends a cube to %s, space %s.", seat, t, sp))
	case "WORK":
		cost := p.Data.Powers[seat].Work
		switch {
		case fc.Work:
			return no("the Great Work is built already")
		case cost > money:
			return no("it costs £%s, and %s has £%s", cost, seat, money)
		}
		p.Add("money", seat, -cost)
		fc.Work = true
		if seat == "gb" {
			p.Add("fleets", seat, 1) // the Dreadnought
		}
		p.Log(table.M("%s builds the %s for £%s.", seat, powerOf(seat).Work, cost))
		p.raisePrestige(seat, 2, true)
	case "INVEST":
		if p.Get("md", seat) == 0 {
			return no("no cube in the Embassies")
		}
		p.Add("md", seat, -1)
		p.Add("money", seat, investGain)
		p.Log(table.M("%s invests a cube for £%s.", seat, investGain))
	case "PRESTIGE":
		switch {
		case fc.Prestige:
			return no("Prestige is raised once a turn")
		case money < prestigeCost:
			return no("it costs £%s, and %s has £%s", prestigeCost, seat, money)
		}
		p.Add("money", seat, -prestigeCost)
		fc.Prestige = true
		p.Log(table.M("%s raises its Prestige for £%s.", seat, prestigeCost))
		p.raisePrestige(seat, 1, true)
	case "PLAY":
		return p.play(seat, f[1], f[2:]), false
	case "RESOLVE":
		t := f[1]
		sp, _ := strconv.Atoi(f[2])
		top, ok := p.at(t, sp, "contest")
		if !ok || top.Owner != seat {
			return no("%s has no cube of yours on another's in space %s", t, sp)
		}
		c := p.newContest(t, sp, seat)
		if slices.Contains(p.Auto, c.Defender) {
			return no("a contest with an Automated Power is resolved after the action phase (13.3 e)")
		}
		for i := 3; i+1 < len(f); i += 2 {
			n, _ := strconv.Atoi(f[i+1])
			if f[i] == "FLEETS" {
				c.AskAF = n
			} else {
				c.AskAA = n
			}
		}
		p.Contest = c
		p.Log(table.M("%s resolves the contest in %s, space %s, against %s.", seat, t, sp, orMinor(c)))
		return nil, true
	case "DEPLOY":
		from, to := f[1], f[2]
		i := slices.IndexFunc(fc.Fleets, func(fl Fleet) bool { return fl.At == from && !fl.Tired })
		switch {
		case from == to || to == "arsenal":
			return no("a fleet goes from the Arsenal or a continent to another continent")
		case i < 0:
			return no("no active fleet of %s in %s", seat, from)
		}
		fc.Fleets[i] = Fleet{At: to, Tired: from != "arsenal"}
		p.Log(table.M("%s deploys a fleet from %s to %s.", seat, from, to))
	case "SELL":
		return p.sell(seat, f[1:]), false
	}
	return nil, false
}

func orMinor(c *Contest) string {
	switch {
	case c.Minor == "":
		return c.Defender
	case c.Defender == "":
		return c.Minor
	}
	return c.Minor + " (" + c.Defender + ")"
}

// sell is 8.9: from turn 4, a territory without armament, the full
// rate paid in units, the cubes in free spaces from the last, else in
// the spaces named (not a contest's).
func (p *Play) sell(seat string, f []string) *table.Msg {
	no := func(format string, args ...any) *table.Msg { m := table.M(format, args...); return &m }
	t := f[0]
	tr := p.Data.Territories[t]
	fc := p.Powers[seat]
	switch {
	case p.Turn < 4:
		return no("arms are sold from turn 4")
	case tr == nil:
		return no("there is no territory %s", t)
	case tr.Sell.Cubes == 0:
		return no("%s buys no arms", t)
	case p.armament(t) > 0:
		return no("%s has armament cubes already", t)
	case fc.Armies-fc.Tired < tr.Sell.Armies || p.arsenalFleets(seat) < tr.Sell.Fleets:
		return no("the rate is %s armies and %s fleets, from the Arsenal", tr.Sell.Armies, tr.Sell.Fleets)
	case fc.Armament < tr.Sell.Cubes:
		return no("%s has %s armament cubes left", seat, fc.Armament)
	}
	var spaces []int
	for s := tr.Spaces; s >= 1 && len(spaces) < tr.Sell.Cubes; s-- {
		if _, ok := p.at(t, s, "md"); !ok {
			spaces = append(spaces, s)
		}
	}
	if len(f) == 3 && f[1] == "REPLACE" {
		for _, w := range strings.Split(f[2], ",") {
			s, _ := strconv.Atoi(w)
			if _, c := p.at(t, s, "contest"); c || s < 1 || s > tr.Spaces {
				return no("space %s of %s cannot take an armament cube", s, t)
			}
			if len(spaces) < tr.Sell.Cubes {
				spaces = append(spaces, s)
			}
		}
	}
	if len(spaces) < tr.Sell.Cubes {
		return no("%s has no free space: name the cubes replaced with REPLACE <space>,...", t)
	}
	fc.Armies -= tr.Sell.Armies
	fc.Bought -= 0
	for range tr.Sell.Fleets {
		i := slices.IndexFunc(fc.Fleets, func(fl Fleet) bool { return fl.At == "arsenal" })
		fc.Fleets = slices.Delete(fc.Fleets, i, i+1)
	}
	fc.Armament -= tr.Sell.Cubes
	for _, s := range spaces {
		tag := strconv.Itoa(s)
		p.Remove(t, func(pc table.Piece) bool { return pc.Kind == "md" && pc.Tag == tag })
		p.Put(t, table.Piece{Kind: "armament", Owner: seat, Tag: tag})
	}
	p.Log(table.M("%s sells arms to %s: armament cubes in spaces %s.", seat, t, table.Ints(spaces)))
	return nil
}

func (p *Play) arsenalFleets(seat string) int {
	n := 0
	for _, f := range p.Powers[seat].Fleets {
		if f.At == "arsenal" {
			n++
		}
	}
	return n
}

// play is 8.6: a card from the hand, its cost paid; its effect applied
// where the data describes it, else the moderator's.
func (p *Play) play(seat, id string, half []string) *table.Msg {
	no := func(format string, args ...any) *table.Msg { m := table.M(format, args...); return &m }
	if !slices.Contains(p.Hands[seat], id) {
		return no("%s holds no card %s", seat, id)
	}
	if c := p.Data.National[id]; c != nil {
		switch {
		case c.Needs && !p.Powers[seat].Work:
			return no("%s needs the Great Work built", id)
		case c.Cost > p.Get("money", seat):
			return no("it costs £%s, and %s has £%s", c.Cost, seat, p.Get("money", seat))
		}
		p.Add("money", seat, -c.Cost)
		p.Take(seat, id)
		p.Log(table.M("%s plays the national card %s (%s).", seat, id, c.Name))
		p.effect(seat, id, c.Effect, c.Name)
		return nil
	}
	c := p.Data.Intrigue[id]
	e, h := c.Effect, "a"
	if len(half) > 0 && half[0] == "B" {
		e, h = c.Other, "b"
	}
	p.Take(seat, id)
	p.Decks["discards"] = append(p.Decks["discards"], id)
	p.Log(table.M("%s plays the intrigue card %s (%s).", seat, id, c.Name))
	p.queue(Effect{Seat: seat, Card: id, Name: c.Name, NoBots: h == c.Bot}, e)
	return nil
}

// prepare is 8.11 and 9.0: unresolved contests cancelled, units
// active again, the next turn's order, scoring after turns 3, 6 and 9.
func (p *Play) prepare() {
	for _, t := range sortedKeys(p.Data.Territories) {
		for p.Remove(t, table.Is("contest", "")) {
			p.Log(table.M("An unresolved contest in %s is cancelled.", t))
		}
	}
	for _, s := range p.Order {
		fc := p.Powers[s]
		fc.Tired, fc.Prestige, fc.Doctrine, fc.TargetedBy = 0, false, false, ""
		for i := range fc.Fleets {
			fc.Fleets[i].Tired = false
		}
	}
	p.MinorTired = nil
	p.Order = p.nextOrder()
	p.tellHolders()
	switch p.Turn {
	case 3, 6:
		p.score(false)
	case lastTurn:
		p.final()
		return
	}
	p.startTurn(p.Turn + 1)
}

// score is 10.1 (and, final, 10.2): each allied minor and controlled
// colony's VP, the Great Work's, and the objectives (the negative ones
// at the end only). An Automated Power never scores (13.0).
func (p *Play) score(final bool) {
	held := p.holders()
	for _, s := range p.Order {
		if slices.Contains(p.Auto, s) {
			continue
		}
		vp := 0
		for t, h := range held {
			if h == s {
				vp += p.Data.Territories[t].VP
			}
		}
		sh := p.Data.Powers[s]
		if p.Powers[s].Work {
			vp += sh.WorkVP
		}
		for _, o := range sh.Objectives {
			if o.VP < 0 && !final {
				continue
			}
			if o.Cubes > 0 && p.count(o.Territory, s) >= o.Cubes || o.Cubes == 0 && held[o.Territory] == s {
				vp += o.VP
			}
		}
		if final {
			box := min(max(p.Get("prestige", s), 0), len(p.Data.Prestige)-1)
			vp += p.Data.Prestige[box]
		}
		p.Add("vp", s, vp)
		p.Log(table.M("%s scores %s VP.", s, vp))
	}
}

// final is 10.2: Prestige for the colonies controlled, no bonuses, then
// the final scoring; the game is over.
func (p *Play) final() {
	held := p.holders()
	for _, s := range p.Order {
		n := 0
		for t, h := range held {
			if h == s && !p.Data.Territories[t].Minor {
				n++
			}
		}
		p.raisePrestige(s, n, false)
	}
	p.score(true)
	if s := p.soloist(); s != "" {
		// 13.10: the game ended in turn 7 or 8 (Sarajevo) adds 10 or 5.
		if bonus := map[int]int{7: 10, 8: 5}[p.Turn]; p.Early && bonus > 0 {
			p.Add("vp", s, bonus)
			p.Log(table.M("The game ended in turn %s: %s scores %s VP more (13.10).", p.Turn, s, bonus))
		}
	}
	p.Pending = nil
	p.Over = true
}

// soloist is the one Power a human plays against three Automated
// Powers, the solo game of 13.10; "" in any other game.
func (p *Play) soloist() string {
	_, humans := p.split(p.Order)
	if len(humans) == 1 && len(p.Order) == len(powers) {
		return humans[0]
	}
	return ""
}

// rollDie rolls a public die with the phase's dice.
func (p *Play) rollDie(what string) int { return p.Roll(p.dice, what, 1, 6, true)[0] }
