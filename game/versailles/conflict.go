package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// military is a military action: DEPLOY <region> <column> (an available
// unit, else one deployed elsewhere; columns 5-8, one unit a space, one
// of a player's a region; the column's Influence and Happiness at once,
// unrest pushed left of it) or DEMOB <unit> (to the highest free space
// of the track, its Happiness gained, for good).
func (p *Play) military(seat, line string) *table.Msg {
	no := func(format string, args ...any) *table.Msg { m := table.M(format, args...); return &m }
	f := strings.Fields(line)
	if f[0] == "DEMOB" {
		i := p.unitIndex(seat, f[1:])
		if i < 0 {
			return no("%s has no such unit to demobilize", seat)
		}
		p.demob(seat, i, false)
		return nil
	}
	if len(f) != 3 {
		return no("expected DEPLOY <region> <column>")
	}
	r := strings.ToLower(f[1])
	col, _ := strconv.Atoi(f[2])
	switch {
	case !slices.Contains(regions, r) || col < 5 || col > 8:
		return no("a region, and a column from 5 to 8")
	case p.unitAt(r, col) != "":
		return no("column %s of %s holds a unit already", col, r)
	}
	i := slices.Index(p.Units[seat], "avail")
	for j, u := range p.Units[seat] {
		if reg, _, ok := strings.Cut(u, ":"); ok && reg == r {
			i = j // moved within the region
		}
	}
	for j, u := range p.Units[seat] {
		if reg, _, ok := strings.Cut(u, ":"); i < 0 && ok && reg != r {
			i = j
		}
	}
	if i < 0 {
		return no("%s has no available or deployed unit", seat)
	}
	if reg, _, ok := strings.Cut(p.Units[seat][i], ":"); ok && reg != r && slices.ContainsFunc(p.Units[seat], func(u string) bool { return strings.HasPrefix(u, r+":") }) {
		return no("%s has a unit in %s already", seat, r)
	}
	p.Units[seat][i] = r + ":" + strconv.Itoa(col)
	c := p.Data.Columns[col]
	k := min(c.Influence, p.Get("exh", seat))
	p.Add("exh", seat, -k)
	p.Add("avail", seat, k)
	p.Log(table.M("%s deploys a unit to %s, column %s.", seat, r, col))
	if p.Unrest[r] >= col {
		p.Unrest[r] = col - 1
		p.Log(table.M("Unrest in %s: column %s.", r, col-1))
	}
	p.happiness(seat, c.Happiness)
	return nil
}

// unitIndex is the unit a player names: AVAILABLE, EXHAUSTED or a
// region (the first when none is named); -1 for none.
func (p *Play) unitIndex(seat string, f []string) int {
	for i, u := range p.Units[seat] {
		if u == "demob" {
			continue
		}
		reg, _, _ := strings.Cut(u, ":")
		if len(f) == 0 || map[string]string{"AVAILABLE": "avail", "EXHAUSTED": "exh"}[f[0]] == u || strings.EqualFold(f[0], reg) {
			return i
		}
	}
	return -1
}

func (p *Play) unitAt(r string, col int) string {
	for _, s := range p.Order {
		if slices.Contains(p.Units[s], r+":"+strconv.Itoa(col)) {
			return s
		}
	}
	return ""
}

// demob puts unit i on the track: the highest free space, or space 1
// (unlimited) for a mutiny.
func (p *Play) demob(seat string, i int, mutiny bool) {
	last := len(p.Data.Demob) - 1
	space := last
	for j := 0; j < last && !mutiny; j++ {
		if p.Demobbed[j] == 0 {
			space = j
			break
		}
	}
	p.Demobbed[space]++
	p.Units[seat][i] = "demob"
	v := p.Data.Demob[space]
	p.Log(table.M("%s demobilizes a unit on space %s.", seat, v))
	p.happiness(seat, v)
}

// askMutiny asks which unit a player over its zone demobilizes.
func (p *Play) askMutiny(seat string) {
	if p.inPlay(seat) <= p.zone(p.Get("hap", seat)) {
		return
	}
	var ans []string
	for i, u := range p.Units[seat] {
		if u != "demob" {
			ans = append(ans, "DEMOB "+strconv.Itoa(i))
		}
	}
	p.Ask(table.Decision{Seat: seat, Kind: kindMutiny, Answers: ans, Default: ans[0],
		Prompt: table.M("Mutiny: your Happiness allows %s units; demobilize one to space 1 (DEMOB <n>, from 0): %s.", p.zone(p.Get("hap", seat)), strings.Join(p.Units[seat], " "))})
}

// askDemobOrLose asks a player of Lenin's conference to demobilize a
// unit (the Demobilize action: the highest free space, its Happiness
// gained) or to lose n Happiness; one without units loses it.
func (p *Play) askDemobOrLose(seat string, n int) {
	var ans []string
	for i, u := range p.Units[seat] {
		if u != "demob" {
			ans = append(ans, "DEMOB "+strconv.Itoa(i))
		}
	}
	ans = append(ans, "LOSE")
	p.Ask(table.Decision{Seat: seat, Kind: kindChoice, Data: "demob " + strconv.Itoa(n), Answers: ans, Default: "LOSE",
		Prompt: table.M("The conference asks each player to demobilize a unit or lose %s Happiness: DEMOB <n> (from 0: %s) or LOSE.", n, strings.Join(p.Units[seat], " "))})
}

// demobOrLose carries out the answer.
func (p *Play) demobOrLose(seat, a string, n int) {
	if i, err := strconv.Atoi(strings.TrimPrefix(a, "DEMOB ")); err == nil && i >= 0 && i < len(p.Units[seat]) && p.Units[seat][i] != "demob" {
		p.demob(seat, i, false)
		return
	}
	p.Log(table.M("%s loses %s Happiness rather than demobilize.", seat, n))
	p.happiness(seat, -n)
}

// startCheck is «VERIFICA DELL'INSURREZIONE»: the region named, or those
// of the highest unrest; each player with a unit in columns 5-7 there
// announces +1, -1 or 0, the active player last.
func (p *Play) startCheck(r string, mod int) {
	rs := []string{r}
	if r == "highest" {
		rs = nil
		top := 0
		for _, x := range regions {
			switch u := p.Unrest[x]; {
			case u > top:
				top, rs = u, []string{x}
			case u == top:
				rs = append(rs, x)
			}
		}
	}
	c := &Check{Regions: rs, Mod: mod, Mods: map[string]int{}}
	order := append(p.clockwise(p.Active)[1:], p.Active)
	for _, x := range rs {
		for _, s := range order {
			for _, u := range p.Units[s] {
				if reg, col, ok := strings.Cut(u, ":"); ok && reg == x && col != "8" {
					c.Asks = append(c.Asks, s+" "+x)
				}
			}
		}
	}
	p.Check = c
	p.Log(table.M("An insurrection check in %s.", strings.Join(rs, ", ")))
	p.askModifier()
}

func (p *Play) askModifier() {
	c := p.Check
	if len(c.Asks) == 0 {
		p.rollCheck()
		return
	}
	seat, r, _ := strings.Cut(c.Asks[0], " ")
	c.Asks = c.Asks[1:]
	p.Ask(table.Decision{Seat: seat, Kind: kindModifier, Data: r, Answers: []string{"MOD +1", "MOD -1", "MOD 0"}, Default: "MOD 0",
		Prompt: table.M("Insurrection check in %s (unrest column %s): your unit lets you announce MOD +1, MOD -1 or MOD 0.", r, p.Unrest[r])})
}

// rollCheck rolls a die a region: an insurrection where it reaches the
// unrest column's value (X: none), the regions top to bottom.
func (p *Play) rollCheck() {
	c := p.Check
	p.Check = nil
	var ins []string
	for _, r := range regions {
		if !slices.Contains(c.Regions, r) {
			continue
		}
		need := p.Data.Columns[p.Unrest[r]].Roll
		if need == 0 {
			p.Log(table.M("%s: unrest in column %s, no roll.", r, p.Unrest[r]))
			continue
		}
		die := p.Roll(p.dice, "insurrection in "+r, 1, 6, true)[0]
		total := die + c.Mod + c.Mods[r]
		if total >= need {
			p.Log(table.M("%s: %s against %s, an insurrection.", r, total, need))
			ins = append(ins, "insurrection "+r)
		} else {
			p.Log(table.M("%s: %s against %s, calm.", r, total, need))
		}
	}
	p.first(ins...)
}

// insurrection: the player with the most Issues of the region is
// affected (a tie chosen by the owner of the region's leftmost unit,
// else by a roll, the highest affected); its highest-star Issue there
// is unsettled and auctioned; the region is reset.
func (p *Play) insurrection(r string) {
	most := 0
	var tied []string
	for _, s := range p.cubeHolders() {
		switch n := len(p.issuesOf(s, r)); {
		case n > most:
			most, tied = n, []string{s}
		case n == most && n > 0:
			tied = append(tied, s)
		}
	}
	if most == 0 {
		p.Log(table.M("No Issue of %s is settled: nothing is unsettled.", r))
		p.first("reset " + r)
		return
	}
	if len(tied) > 1 {
		if _, who := p.leftUnit(r); who != "" {
			var ans []string
			for _, s := range tied {
				ans = append(ans, "SUBJECT "+strings.ToUpper(s))
			}
			p.Ask(table.Decision{Seat: who, Kind: kindChoice, Data: "subject " + r, Answers: ans, Default: ans[0],
				Prompt: table.M("Insurrection in %s: your unit is leftmost; choose the player affected among %s (SUBJECT <player>).", r, strings.Join(tied, ", "))})
			return
		}
		for len(tied) > 1 {
			best, next := 0, []string(nil)
			for _, s := range tied {
				switch n := p.Roll(p.dice, "the subject in "+r+": "+s, 1, 6, true)[0]; {
				case n > best:
					best, next = n, []string{s}
				case n == best:
					next = append(next, s)
				}
			}
			tied = next
		}
	}
	p.unsettleFor(tied[0], r)
}

// unsettleFor unsettles the subject's highest-star Issue of the region,
// asking the subject between equals.
func (p *Play) unsettleFor(seat, r string) {
	best := -1
	var top []string
	for _, id := range p.issuesOf(seat, r) {
		switch s := p.Data.Issues[id].Stars; {
		case s > best:
			best, top = s, []string{id}
		case s == best:
			top = append(top, id)
		}
	}
	if len(top) > 1 && seat != "us" {
		var ans []string
		for _, id := range top {
			ans = append(ans, "UNSETTLE "+id)
		}
		p.Ask(table.Decision{Seat: seat, Kind: kindChoice, Data: "unsettle " + r, Answers: ans, Default: ans[0],
			Prompt: table.M("Insurrection in %s: choose which of your Issues is unsettled (UNSETTLE <issue>): %s.", r, strings.Join(top, ", "))})
		return
	}
	p.unsettle(top[0], r, false)
}

// askReopen is an event's unsettle:<region|category>: the resolver
// chooses which of the Issues of the kind settled is unsettled.
func (p *Play) askReopen(kind, seat string) {
	var ids []string
	for _, id := range sortedKeys(p.Controlled) {
		if p.Data.Issues[id].Region == kind {
			ids = append(ids, id)
		}
	}
	switch len(ids) {
	case 0:
		p.Log(table.M("No Issue of %s is settled: nothing is unsettled.", kind))
	case 1:
		p.unsettle(ids[0], kind, true)
	default:
		var ans []string
		for _, id := range ids {
			ans = append(ans, "UNSETTLE "+id)
		}
		p.Ask(table.Decision{Seat: seat, Kind: kindChoice, Data: "reopen", Answers: ans, Default: ans[0],
			Prompt: table.M("The event unsettles an Issue of %s: choose which (UNSETTLE <issue>): %s.", kind, strings.Join(ids, ", "))})
	}
}

// unsettle reopens an Issue, its markers gone, and starts its auction,
// clockwise from its former controller (the US dummy does not bid).
// Unsettled by an event (a gap of the rules: the solo example shows
// only its auction), no region is reset and no Strategy draft follows,
// these being an insurrection's.
func (p *Play) unsettle(id, r string, byEvent bool) {
	var weakest []string
	if p.solo() {
		weakest = p.weakest() // as the Issue is unsettled, before its markers go
	}
	former := p.Controlled[id]
	delete(p.Controlled, id)
	delete(p.Markers, id)
	p.Log(table.M("%s is unsettled and auctioned.", id))
	start := former
	if !slices.Contains(p.Order, start) {
		start = p.Active
	}
	p.Auction = &Auction{Issue: id, Region: r, Bidders: p.clockwise(start)}
	steps := []string{"auction", "reset " + r, "awarded"}
	if byEvent {
		steps = []string{"auction", "awarded"}
	}
	switch {
	case len(weakest) == 1:
		if weakest[0] != p.Human {
			p.switchTo(weakest[0])
		}
	case len(weakest) > 1:
		steps = append([]string{"switch " + strings.Join(weakest, " ")}, steps...)
	}
	if !p.Drafted && !byEvent {
		steps = append(steps, "strategy")
	}
	p.first(steps...)
}

// askBid asks the next bidder who is not out and not the best bid; in
// the solo game, the player, once, against the bots' sealed bids.
func (p *Play) askBid() {
	a := p.Auction
	if p.solo() {
		p.sealedBids()
		p.Ask(table.Decision{Seat: p.Human, Kind: kindBid, Data: a.Issue, Default: "PASS",
			Prompt: table.M("Auction for %s: the bots bid %s (units/military/Influence). Beat the highest bid to take it (BID <units> <influence>; your units in %s count double), or PASS and the highest bot takes it.", a.Issue, a.Said, a.Region)})
		return
	}
	for range a.Bidders {
		s := a.Bidders[a.Next%len(a.Bidders)]
		a.Next++
		if slices.Contains(a.Out, s) || s == a.Best {
			continue
		}
		if a.Best != "" && len(a.Out) == len(a.Bidders)-1 {
			break
		}
		p.Ask(table.Decision{Seat: s, Kind: kindBid, Data: a.Issue, Default: "PASS",
			Prompt: table.M("Auction for %s: bid military units and Influence (BID <units> <influence>; your units in %s count double) or PASS. Best bid: %s with %s military and %s Influence.", a.Issue, a.Region, orDash(a.Best), a.Mil, a.Inf)})
		return
	}
}

// bidValue is a bid's military strength and whether seat can make it:
// its units in the region first (double), then available ones.
func (p *Play) bidValue(seat string, units, inf int) (mil int, ok bool) {
	a := p.Auction
	in, avail := 0, 0
	for _, u := range p.Units[seat] {
		if strings.HasPrefix(u, a.Region+":") {
			in++
		} else if u == "avail" {
			avail++
		}
	}
	if units > in+avail || inf > p.Get("avail", seat) || units > 0 && p.Data.Issues[a.Issue].NoMil {
		return 0, false
	}
	d := min(units, in)
	return 2*d + units - d, true
}

// beats says whether a bid of mil military and inf Influence beats the
// highest: military first, Influence between equals.
func (a *Auction) beats(mil, inf int) bool { return mil > a.Mil || mil == a.Mil && inf > a.Inf }

// bid takes a bid or a pass; an illegal or not higher bid is a pass
// (Read refuses it in the solo game, where it is the player's only one).
func (p *Play) bid(seat, ans string) {
	a := p.Auction
	f := strings.Fields(ans)
	if f[0] == "BID" && len(f) == 3 {
		u, _ := strconv.Atoi(f[1])
		i, _ := strconv.Atoi(f[2])
		if mil, ok := p.bidValue(seat, u, i); ok && a.beats(mil, i) {
			a.Best, a.Mil, a.Inf, a.Units, a.Tied = seat, mil, i, u, nil
			p.Log(table.M("%s bids %s units (%s military) and %s Influence.", seat, u, mil, i))
			if !p.solo() {
				p.first("auction")
			}
			return
		}
	}
	a.Out = append(a.Out, seat)
	p.Log(table.M("%s passes.", seat))
	if p.solo() {
		return // the bots' bids stand
	}
	if len(a.Out)+boolInt(a.Best != "") < len(a.Bidders) {
		p.first("auction")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reset: the keg one column on (at most 3), unrest just right of it.
func (p *Play) reset(r string) {
	p.Keg[r] = min(p.Keg[r]+1, 3)
	p.Unrest[r] = p.Keg[r] + 1
	p.moveUnrest(r, 0)
	p.Log(table.M("%s is reset: powder keg in column %s, unrest in column %s.", r, p.Keg[r], p.Unrest[r]))
}

// awarded: the auction's winner pays its bid to Exhausted, 1 Happiness
// a unit, and chooses the Issue's option; with no bid the Issue is
// discarded on top.
func (p *Play) awarded() {
	a := p.Auction
	if len(a.Tied) > 1 {
		p.askAward()
		return
	}
	p.Auction = nil
	if a.Best == "" {
		p.Discard = append([]string{a.Issue}, p.Discard...)
		p.Log(table.M("Nobody bids for %s: it is discarded.", a.Issue))
		return
	}
	left := a.Units
	for i, u := range p.Units[a.Best] {
		if left > 0 && strings.HasPrefix(u, a.Region+":") {
			p.Units[a.Best][i], left = "exh", left-1
		}
	}
	for i, u := range p.Units[a.Best] {
		if left > 0 && u == "avail" {
			p.Units[a.Best][i], left = "exh", left-1
		}
	}
	p.Add("avail", a.Best, -a.Inf)
	p.Add("exh", a.Best, a.Inf)
	p.Log(table.M("%s wins %s for %s units and %s Influence.", a.Best, a.Issue, a.Units, a.Inf))
	p.happiness(a.Best, -a.Units)
	p.first("option " + a.Issue + " " + a.Best)
}

// draft is «CARTE STRATEGIA», after the first insurrection: the fewest
// stars first, ties to the nearest clockwise from the active player;
// the last picks between the last two; one is left.
func (p *Play) draft() {
	p.Drafted = true
	order := p.clockwise(p.Active)
	slices.SortStableFunc(order, func(a, b string) int { return p.stars(a) - p.stars(b) })
	var picks []string
	for _, s := range order {
		picks = append(picks, "pick "+s)
	}
	p.first(picks...)
}

func (p *Play) askDraft(seat string) {
	var ans []string
	for _, id := range p.Offered {
		ans = append(ans, "STRATEGY "+id)
	}
	p.Ask(table.Decision{Seat: seat, Kind: kindStrategy, Answers: ans, Default: ans[0],
		Prompt: table.M("Choose a Strategy card (STRATEGY <card>): %s.", p.strategyList())})
}

func (p *Play) strategyList() string {
	var out []string
	for _, id := range p.Offered {
		out = append(out, id+" ("+p.Data.Strategy[id].Name+")")
	}
	return strings.Join(out, ", ")
}

// stars are the VP of the Issues seat controls.
func (p *Play) stars(seat string) int {
	n := 0
	for _, id := range p.issuesOf(seat, "") {
		n += p.Data.Issues[id].Stars
		if id == p.Data.End {
			n += p.Data.EndVP - p.Data.Issues[id].Stars
		}
	}
	return n
}

// final is «Punteggio Finale»: stars, own flags on one's Issues, the
// Strategy card, and the Happiness ranking (6/4/2/0, 6/3/0 or 6/0; the
// tied share the higher and skip the next; -5 at 0).
func (p *Play) final() {
	if p.solo() {
		p.soloFinal()
		return
	}
	p.Steps, p.Pending = nil, nil
	table := map[int][]int{2: {6, 0}, 3: {6, 3, 0}, 4: {6, 4, 2, 0}}[len(p.Order)]
	for _, s := range p.Order {
		vp := p.stars(s)
		for _, id := range p.issuesOf(s, "") {
			for _, m := range p.Markers[id] {
				if strings.HasSuffix(m, ":"+s) {
					vp++
				}
			}
		}
		higher := 0
		for _, o := range p.Order {
			if p.Get("hap", o) > p.Get("hap", s) {
				higher++
			}
		}
		hap := 0
		if higher < len(table) {
			hap = table[higher]
		}
		if p.Get("hap", s) == 0 {
			hap -= 5
		}
		sv, double := p.strategyVP(s)
		if double {
			hap *= 2
		}
		p.Add("vp", s, vp+hap+sv)
		p.Log(p.scoreMsg(s, vp, hap, sv))
	}
	p.Over = true
}

// strategyVP scores a player's Strategy card.
func (p *Play) strategyVP(seat string) (vp int, double bool) {
	st := p.Data.Strategy[p.Chosen[seat]]
	if st == nil {
		return 0, false
	}
	for _, rule := range st.Score {
		f := strings.Split(rule, ":")
		n, _ := strconv.Atoi(f[len(f)-1])
		switch f[0] {
		case "issue":
			vp += n * len(p.issuesOf(seat, f[1]))
		case "marker":
			for _, ms := range p.Markers {
				for _, m := range ms {
					if t, _, _ := strings.Cut(m, ":"); t == f[1] {
						vp += n
					}
				}
			}
		case "signed":
			if p.Get("hap", f[1]) >= signs {
				vp += n
			}
		case "units":
			vp += n * p.inPlay(seat)
		case "calm", "unrest":
			for _, r := range regions {
				if (p.Unrest[r] <= 3) == (f[0] == "calm") {
					vp += n
				}
			}
		case "happiness2":
			double = true
		}
	}
	return vp, double
}

func (p *Play) scoreMsg(s string, vp, hap, sv int) table.Msg {
	return table.M("%s scores %s VP: %s for Issues and flags, %s for Happiness, %s for its Strategy card.", s, vp+hap+sv, vp, hap, sv)
}
