package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// The turn is a list of steps (Play.Steps), each done in order: one
// that needs a player's choice asks it and waits; its answer goes on
// with the rest. Steps: "turn <seat>", "us <seat>", "option <issue>
// <seat>", "conference", "advance", "refill", "crisis", "check <region>
// <mod>", "insurrection <region>", "auction", "reset <region>",
// "awarded", "strategy", "military <seat> <line>", "mutiny <seat>".

// Check is an insurrection check under way: the regions, the event's
// modifier, each region's announced modifiers, and who announces yet.
type Check struct {
	Regions []string       `json:"regions"`
	Mod     int            `json:"mod,omitempty"`
	Mods    map[string]int `json:"mods,omitempty"`
	Asks    []string       `json:"asks,omitempty"` // "<seat> <region>"
}

// Auction is the bidding for an unsettled Issue: clockwise from its
// former controller; the best bid so far; who has passed.
type Auction struct {
	Issue   string   `json:"issue"`
	Region  string   `json:"region"`
	Bidders []string `json:"bidders"`
	Next    int      `json:"next"`
	Out     []string `json:"out,omitempty"`
	Best    string   `json:"best,omitempty"`
	Mil     int      `json:"mil,omitempty"`
	Inf     int      `json:"inf,omitempty"`
	Units   int      `json:"units,omitempty"`
	// Sealed are the bots' bids of the solo game, Tied the bots of the
	// highest when equal, Said the bids as told (solo.go).
	Sealed map[string]Bid `json:"sealed,omitempty"`
	Tied   []string       `json:"tied,omitempty"`
	Said   string         `json:"said,omitempty"`
}

// Apply carries out a decision, then goes on with the steps.
func (p *Play) Apply(dec table.Decision, answers []string, byDefault bool, d *dice.Source) error {
	p.dice = d
	a := ""
	if len(answers) > 0 {
		a = answers[0]
	}
	if p.For != "" && (dec.Seat == table.Master || dec.Seat == p.Human) {
		dec.Seat, p.For = p.For, "" // the moderator (the solo player) answered for a bot
	}
	if a == toModerator && slices.Contains(p.Auto, dec.Seat) {
		p.askModerator(dec, dec.Answers)
		return nil
	}
	switch dec.Kind {
	case kindData:
		p.setup(d)
		return nil
	case kindTurn:
		switch {
		case a == "BOT" && slices.Contains(p.Auto, dec.Seat):
			p.botTurn(dec.Seat)
		case slices.Contains(p.Auto, dec.Seat):
			p.turn(dec.Seat, answers) // the moderator's choice for the bot
			p.Steps = append(p.Steps, "botmil "+dec.Seat)
		default:
			p.turn(dec.Seat, answers)
		}
	case kindUS:
		p.usAction(dec.Seat, a)
	case kindOption:
		p.choose(dec.Data, strings.TrimPrefix(a, "OPTION "))
	case kindChoice:
		p.choice(dec, a)
	case kindModifier:
		n, _ := strconv.Atoi(strings.TrimPrefix(a, "MOD "))
		r := strings.Fields(dec.Data)[0]
		if p.Check.Mods == nil {
			p.Check.Mods = map[string]int{}
		}
		p.Check.Mods[r] += max(-1, min(1, n))
		if n != 0 {
			p.Log(table.M("%s announces %s in %s.", dec.Seat, n, r))
		}
		p.askModifier()
	case kindBid:
		p.bid(dec.Seat, a)
	case kindStrategy:
		id := strings.TrimPrefix(a, "STRATEGY ")
		if !slices.Contains(p.Offered, id) {
			id = p.Offered[0]
		}
		p.Offered = slices.DeleteFunc(p.Offered, func(x string) bool { return x == id })
		if p.Chosen == nil {
			p.Chosen = map[string]string{}
		}
		p.Chosen[dec.Seat] = id
		p.Log(table.M("%s takes the Strategy card %s (%s).", dec.Seat, id, p.Data.Strategy[id].Name))
	case kindMutiny:
		i, _ := strconv.Atoi(strings.TrimPrefix(a, "DEMOB "))
		p.demob(dec.Seat, i, true)
	}
	p.advance()
	return nil
}

// advance does the steps until one waits for an answer; with none left,
// the next player's turn.
func (p *Play) advance() {
	for len(p.Pending) == 0 && !p.Over {
		if len(p.Steps) == 0 {
			p.nextTurn()
			continue
		}
		step := strings.Fields(p.Steps[0])
		p.Steps = p.Steps[1:]
		p.do(step)
	}
}

// first puts steps before the others.
func (p *Play) first(steps ...string) { p.Steps = append(steps, p.Steps...) }

func (p *Play) do(f []string) {
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch f[0] {
	case "turn":
		if p.solo() && f[1] == p.Human {
			p.strongest(f[1])
		}
		p.askTurn(f[1])
	case "us":
		p.askUS(f[1])
	case "option":
		p.askOption(f[1], f[2])
	case "conference":
		p.conference()
	case "advance":
		p.askAdvance()
	case "refill":
		p.askRefill()
	case "crisis":
		p.crisis()
	case "check":
		n, _ := strconv.Atoi(arg(2))
		p.startCheck(f[1], n)
	case "insurrection":
		p.insurrection(f[1])
	case "auction":
		p.askBid()
	case "reset":
		p.reset(f[1])
	case "awarded":
		p.awarded()
	case "strategy":
		p.draft()
	case "military":
		if why := p.military(f[1], strings.Join(f[2:], " ")); why != nil {
			p.Log(table.Skipped(table.M("%s: %s skipped: ", f[1], strings.Join(f[2:], " ")), *why))
		}
	case "botmil":
		if !p.BotMilitary {
			if line := p.botMilitary(f[1]); line != "" {
				p.military(f[1], line)
			}
		}
		p.BotMilitary = false
	case "mutiny":
		p.askMutiny(f[1])
	case "demobhap":
		n, _ := strconv.Atoi(arg(2))
		p.askDemobOrLose(f[1], n)
	case "pick":
		p.askDraft(f[1])
	case "switch":
		p.askSwitch(f[1:])
	case "reopen":
		p.askReopen(f[1], f[2])
	}
}

// nextTurn passes the turn clockwise.
func (p *Play) nextTurn() {
	i := slices.Index(p.Order, p.Active)
	p.Active = p.Order[(i+1)%len(p.Order)]
	p.Round++
	p.Stage = "T" + strconv.Itoa(p.Round)
	p.Deals, p.Bound = nil, nil
	p.Steps = []string{"turn " + p.Active}
	if p.Players == 2 {
		p.Steps = append(p.Steps, "us "+p.Active)
	}
}

// Cubes on an Issue or an Event are pieces of kind "cube" in the place
// named by the card.
func (p *Play) cubesOn(place, seat string) int {
	n := 0
	for _, pc := range p.Board[place] {
		if pc.Kind == "cube" && pc.Owner == seat {
			n++
		}
	}
	return n
}

func (p *Play) putCubes(place, seat string, n int) {
	for range n {
		p.Put(place, table.Piece{Kind: "cube", Owner: seat})
	}
}

// leader is the strict single leader of an Issue's cubes; "" for none
// or a tie.
func (p *Play) leader(issue string) string {
	best, who, tie := 0, "", false
	for _, s := range p.cubeHolders() {
		switch n := p.cubesOn(issue, s); {
		case n > best:
			best, who, tie = n, s, false
		case n == best && n > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return who
}

// askTurn asks the active player's turn: one political action, and a
// military one before or after it.
func (p *Play) askTurn(seat string) {
	prompt := table.M("Your turn: one political action (PLACE <issue> <n> <issue> <n>; RECOVER [<n>] [RECALL <region>...]; SETTLE <issue>) and, before or after it, one military action if you wish (DEPLOY <region> <column>; DEMOB <unit>). On the Table: %s; waiting: %s. You have %s Influence available, %s exhausted; units %s.",
		p.issueList(p.OnTable), p.issueList(p.Waiting), p.Get("avail", seat), p.Get("exh", seat), strings.Join(p.Units[seat], " "))
	if must := p.mustSettle(seat); len(must) > 0 {
		prompt = table.M("%s You lead both Issues on the Table: your political action must settle one of them.", prompt)
	}
	p.Ask(table.Decision{Seat: seat, Kind: kindTurn, Default: p.defaultTurn(seat), Prompt: prompt})
}

// defaultTurn is the deadline's turn (a house rule, the rules having
// none): Recover if it recovers anything, else Settle the first Issue
// of the Table with a cube, else Place the fewest cubes that lead on the
// two cheapest open Issues.
func (p *Play) defaultTurn(seat string) string {
	if must := p.mustSettle(seat); len(must) > 0 {
		return "SETTLE " + must[0]
	}
	if p.political(seat, "RECOVER", true) == nil {
		return "RECOVER"
	}
	for _, id := range p.OnTable {
		if len(p.Board[id]) > 0 {
			return "SETTLE " + id
		}
	}
	open := append(slices.Clone(p.OnTable), p.Waiting...)
	need := func(id string) int { return p.toLead(seat, id) }
	slices.SortStableFunc(open, func(a, b string) int { return need(a) - need(b) })
	if len(open) >= 2 {
		return "PLACE " + open[0] + " " + strconv.Itoa(need(open[0])) + " " + open[1] + " " + strconv.Itoa(need(open[1]))
	}
	return "RECOVER"
}

// toLead is the fewest cubes that make seat the strict leader of an
// Issue (at least one).
func (p *Play) toLead(seat, id string) int {
	most := 0
	for _, s := range p.cubeHolders() {
		if s != seat {
			most = max(most, p.cubesOn(id, s))
		}
	}
	return max(most-p.cubesOn(id, seat)+1, 1)
}

func (p *Play) issueList(ids []string) string {
	var out []string
	for _, id := range ids {
		s := id + " (" + p.Data.Issues[id].Name
		for _, h := range p.cubeHolders() {
			if n := p.cubesOn(id, h); n > 0 {
				s += " " + h + ":" + strconv.Itoa(n)
			}
		}
		out = append(out, s+")")
	}
	return orDash(strings.Join(out, ", "))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// turn plays the turn's lines: a military line before the political one
// now, one after it once the political action's steps are done; a
// turn without a legal political action is asked again.
func (p *Play) turn(seat string, lines []string) {
	done, mil := false, false
	for _, line := range lines {
		v, _, _ := strings.Cut(line, " ")
		switch {
		case v == "DEPLOY" || v == "DEMOB":
			if mil {
				p.Log(table.M("%s: %s skipped: one military action a turn.", seat, line))
				continue
			}
			mil = true
			if done {
				p.Steps = append(p.Steps, "military "+seat+" "+line)
				continue
			}
			if why := p.military(seat, line); why != nil {
				p.Log(table.Skipped(table.M("%s: %s skipped: ", seat, line), *why))
				mil = false
			}
		case done:
			p.Log(table.M("%s: %s skipped: one political action a turn.", seat, line))
		default:
			if why := p.political(seat, line, false); why != nil {
				p.Log(table.Skipped(table.M("%s: %s skipped: ", seat, line), *why))
				continue
			}
			done = true
		}
	}
	if !done {
		p.Log(table.M("%s took no political action: the turn is asked again.", seat))
		p.first("turn " + seat)
	}
}

// political checks (and, unless only checking, carries out) a
// political action of seat, which may be the US dummy's.
func (p *Play) political(seat, line string, check bool) *table.Msg {
	no := func(format string, args ...any) *table.Msg { m := table.M(format, args...); return &m }
	f := strings.Fields(line)
	open := append(slices.Clone(p.OnTable), p.Waiting...)
	if must := p.mustSettle(seat); len(must) > 0 && (f[0] != "SETTLE" || len(f) != 2 || !slices.Contains(must, f[1])) {
		return no("you lead both Issues on the Table: settle one of them")
	}
	switch f[0] {
	case "PLACE":
		if len(f) != 5 {
			return no("expected PLACE <issue> <n> <issue> <n>")
		}
		a, b := f[1], f[3]
		n, _ := strconv.Atoi(f[2])
		m, _ := strconv.Atoi(f[4])
		switch {
		case a == b || !slices.Contains(open, a) || !slices.Contains(open, b):
			return no("two different Issues on the Table or in the Waiting Room")
		case n < 1 || m < 1 || n+m > p.Get("avail", seat):
			return no("%s has %s Influence available", seat, p.Get("avail", seat))
		}
		for _, x := range [][2]any{{a, n}, {b, m}} {
			id, k := x[0].(string), x[1].(int)
			for _, o := range p.cubeHolders() {
				if o != seat && p.cubesOn(id, o) >= p.cubesOn(id, seat)+k {
					return no("after placing, %s would not lead %s alone", seat, id)
				}
			}
		}
		if check {
			return nil
		}
		p.putCubes(a, seat, n)
		p.putCubes(b, seat, m)
		p.Add("avail", seat, -n-m)
		p.Log(table.M("%s places %s Influence on %s and %s on %s.", seat, n, a, m, b))
	case "RECOVER":
		n := min(recoverMax, p.Get("exh", seat))
		var recall []string
		for i := 1; i < len(f); i++ {
			switch {
			case f[i] == "RECALL":
			case strings.ContainsAny(f[i][:1], "0123456789"):
				k, _ := strconv.Atoi(f[i])
				if k > recoverMax || k > p.Get("exh", seat) {
					return no("at most %s, and %s has %s exhausted", recoverMax, seat, p.Get("exh", seat))
				}
				n = k
			default:
				recall = append(recall, strings.ToLower(f[i]))
			}
		}
		units := 0
		for _, u := range p.Units[seat] {
			r, _, deployed := strings.Cut(u, ":")
			if u == "exh" || deployed && slices.Contains(recall, r) {
				units++
			}
		}
		if n == 0 && units == 0 {
			return no("nothing to recover")
		}
		if check {
			return nil
		}
		p.Add("exh", seat, -n)
		p.Add("avail", seat, n)
		for i, u := range p.Units[seat] {
			r, _, deployed := strings.Cut(u, ":")
			if u == "exh" || deployed && slices.Contains(recall, r) {
				p.Units[seat][i] = "avail"
			}
		}
		p.Log(table.M("%s recovers %s Influence and %s units.", seat, n, units))
		if p.Players == 2 && seat == "us" {
			k := min(n, p.Get("exh", p.Active))
			p.Add("exh", p.Active, -k)
			p.Add("avail", p.Active, k)
			p.Log(table.M("%s recovers as much: %s Influence.", p.Active, k))
		}
	case "SETTLE":
		if len(f) != 2 || !slices.Contains(p.OnTable, f[1]) || len(p.Board[f[1]]) == 0 {
			return no("an Issue on the Table with a cube on it")
		}
		if check {
			return nil
		}
		p.settle(seat, f[1])
	default:
		return no("expected PLACE, RECOVER or SETTLE")
	}
	return nil
}

// settle is «PUNTO 1-5»: the cubes go back or to Exhausted, the
// controller chooses an option; then the conference, the advance, the
// refill, the crisis. A tie for control (a gap of the rules) goes to the
// tied player nearest the active one clockwise, the active first.
func (p *Play) settle(active, id string) {
	ctrl := p.leader(id)
	if ctrl == "" {
		best := 0
		for _, s := range p.cubeHolders() {
			best = max(best, p.cubesOn(id, s))
		}
		for _, s := range p.clockwise(p.Active) {
			if p.cubesOn(id, s) == best && ctrl == "" {
				ctrl = s
			}
		}
	}
	for _, s := range p.cubeHolders() {
		n := p.cubesOn(id, s)
		back := n - n/2
		switch {
		case s == ctrl:
			back = 0
		case s == active:
			back = n
		}
		p.Add("avail", s, back)
		p.Add("exh", s, n-back)
	}
	delete(p.Board, id)
	p.OnTable = slices.DeleteFunc(p.OnTable, func(x string) bool { return x == id })
	p.Log(table.M("%s settles %s (%s): %s controls it.", active, id, p.Data.Issues[id].Name, ctrl))
	if id == p.Data.End {
		p.setControl(id, ctrl)
		p.Log(table.M("The End card is settled: the game ends."))
		p.final()
		return
	}
	p.first("option "+id+" "+ctrl, "conference", "advance", "refill", "crisis")
}

// clockwise are the players from seat on.
func (p *Play) clockwise(seat string) []string {
	i := max(slices.Index(p.Order, seat), 0)
	return append(slices.Clone(p.Order[i:]), p.Order[:i]...)
}

func (p *Play) setControl(id, seat string) {
	if p.Controlled == nil {
		p.Controlled = map[string]string{}
	}
	p.Controlled[id] = seat
}

// askOption asks the controller's option; the US dummy takes the one
// that costs the least Happiness in all, ties to the active player.
func (p *Play) askOption(id, ctrl string) {
	is := p.Data.Issues[id]
	var ans []string
	for _, o := range is.Options {
		ans = append(ans, "OPTION "+o.Key)
	}
	owner := ctrl
	if b, ok := p.Bound[ctrl]; ok && strings.HasPrefix(b, id+" ") {
		ans = []string{"OPTION " + strings.TrimPrefix(b, id+" ")}
		p.Log(table.M("%s is bound by its deal to %s.", ctrl, ans[0]))
	}
	if p.Players == 2 && ctrl == "us" {
		owner = p.Active
		least := 1 << 30
		var best []string
		for _, o := range is.Options {
			loss := 0
			for _, e := range o.Effects {
				if f := strings.Split(e, ":"); f[0] == "hap" {
					if n, _ := strconv.Atoi(f[2]); n < 0 {
						loss -= n
					}
				}
			}
			if loss < least {
				least, best = loss, nil
			}
			if loss == least {
				best = append(best, "OPTION "+o.Key)
			}
		}
		ans = best
	}
	var labels []string
	for _, o := range is.Options {
		labels = append(labels, o.Key+" = "+o.Label)
	}
	p.Ask(table.Decision{Seat: owner, Kind: kindOption, Data: id + " " + ctrl, Answers: ans, Default: ans[0],
		Prompt: table.M("You control %s (%s): choose its option (OPTION <key>): %s.", id, is.Name, strings.Join(labels, "; "))})
}

// choose applies an option: the Issue goes to its controller, with the
// option's effects and markers.
func (p *Play) choose(data, key string) {
	id, ctrl, _ := strings.Cut(data, " ")
	is := p.Data.Issues[id]
	i := slices.IndexFunc(is.Options, func(o *Option) bool { return o.Key == key })
	if i < 0 {
		i = 0
	}
	o := is.Options[i]
	p.setControl(id, ctrl)
	p.Log(table.M("%s chooses %s for %s: %s.", ctrl, o.Key, id, o.Label))
	p.effects(o.Effects, id, ctrl, "")
}

// conference is step 2: the Table's Event, by whoever has a cube on it,
// else the active player; an optional one may be declined.
func (p *Play) conference() {
	ev := p.EventTable
	if ev == "" {
		return
	}
	e := p.Data.Events[ev]
	by := p.Active
	for _, s := range p.cubeHolders() {
		if p.cubesOn("ev:"+ev, s) > 0 && s != "us" {
			by = s
		}
	}
	if e.Optional && len(e.Conference) > 0 && !p.solo() { // in solo, every event is carried out
		p.Ask(table.Decision{Seat: by, Kind: kindChoice, Data: "conference " + ev, Answers: []string{"APPLY", "DECLINE"}, Default: "APPLY",
			Prompt: table.M("The conference event %s (%s) is yours, and optional: APPLY or DECLINE.", ev, e.Name)})
		return
	}
	p.applyConference(by, true)
}

func (p *Play) applyConference(by string, apply bool) {
	ev := p.EventTable
	e := p.Data.Events[ev]
	p.Log(table.M("Conference: %s (%s), for %s.", ev, e.Name, by))
	switch {
	case !apply:
		p.Log(table.M("%s declines it.", by))
	case len(e.Conference) == 0:
		p.moderator(ev, e.Name)
	default:
		p.effects(e.Conference, "", by, "")
	}
	for _, s := range p.cubeHolders() {
		p.Add("avail", s, p.cubesOn("ev:"+ev, s))
	}
	delete(p.Board, "ev:"+ev)
	p.Decks["event discards"] = append(p.Decks["event discards"], ev)
	p.EventTable = ""
}

func (p *Play) moderator(id, name string) {
	p.Ask(table.Decision{Seat: table.Master, Kind: kindCard, Answers: []string{"DONE"}, Default: "DONE",
		Prompt: table.M("%s (%s) needs an effect the data does not describe: apply it with EDIT, then RULE DONE.", id, name)})
}

// askAdvance is step 3: a waiting Issue and a waiting Event to the
// Table, a cube on the Event if it has the Influence icon.
func (p *Play) askAdvance() {
	var ans []string
	issues := p.Waiting
	if len(issues) == 0 {
		issues = []string{"-"}
	}
	events := p.EventsWaiting
	if len(events) == 0 {
		events = []string{"-"}
	}
	for _, i := range issues {
		for _, e := range events {
			ans = append(ans, "ADVANCE "+i+" "+e)
			if ev := p.Data.Events[e]; ev != nil && ev.Influence && p.Get("avail", p.Active) > 0 && !p.solo() {
				ans = append(ans, "ADVANCE "+i+" "+e+" CUBE")
			}
		}
	}
	p.Ask(table.Decision{Seat: p.Active, Kind: kindChoice, Data: "advance", Answers: ans, Default: ans[0],
		Prompt: table.M("Advance a waiting Issue and a waiting Event to the Table (ADVANCE <issue> <event> [CUBE]). Waiting: %s; events %s.", p.issueList(p.Waiting), orDash(strings.Join(p.EventsWaiting, " ")))})
}

// askRefill is step 4: an Issue of the discards (the first free, the
// second for 1 Influence, the third for 2) or two drawn, one kept.
func (p *Play) askRefill() {
	var ans []string
	for i := range min(3, len(p.Discard)) {
		if p.Get("avail", p.Active) >= i {
			ans = append(ans, "REFILL DISCARD "+strconv.Itoa(i+1))
		}
	}
	if len(p.Decks["issues"]) > 0 {
		ans = append([]string{"REFILL DRAW"}, ans...)
	}
	if len(ans) == 0 {
		p.Log(table.M("No Issue is left to draw: the game ends."))
		p.final()
		return
	}
	p.Ask(table.Decision{Seat: p.Active, Kind: kindChoice, Data: "refill", Answers: ans, Default: ans[0],
		Prompt: table.M("Refill the Waiting Room: REFILL DRAW (two drawn, one kept) or REFILL DISCARD 1|2|3 (the discards' first for free, second for 1 Influence, third for 2): %s.", p.issueList(p.Discard[:min(3, len(p.Discard))]))})
}

// choice takes the answers of kindChoice decisions.
func (p *Play) choice(dec table.Decision, a string) {
	f := strings.Fields(a)
	data := strings.Fields(dec.Data)
	switch data[0] {
	case "conference":
		p.applyConference(dec.Seat, a == "APPLY")
	case "advance":
		if f[1] != "-" {
			p.Waiting = slices.DeleteFunc(p.Waiting, func(x string) bool { return x == f[1] })
			p.OnTable = append(p.OnTable, f[1])
		}
		if f[2] != "-" {
			p.EventsWaiting = slices.DeleteFunc(p.EventsWaiting, func(x string) bool { return x == f[2] })
			p.EventTable = f[2]
			if len(f) == 4 {
				p.putCubes("ev:"+f[2], dec.Seat, 1)
				p.Add("avail", dec.Seat, -1)
			}
		}
		p.Log(table.M("%s advances %s and %s to the Table.", dec.Seat, f[1], f[2]))
	case "refill":
		if f[1] == "DRAW" {
			var drawn []string
			for range 2 {
				if c, ok := p.Draw("issues"); ok {
					drawn = append(drawn, c)
				}
			}
			if len(drawn) == 1 {
				p.Waiting = append(p.Waiting, drawn[0])
				p.Log(table.M("%s draws %s.", dec.Seat, drawn[0]))
				return
			}
			p.Ask(table.Decision{Seat: dec.Seat, Kind: kindChoice, Data: "keep " + drawn[0] + " " + drawn[1], Answers: []string{"KEEP " + drawn[0], "KEEP " + drawn[1]}, Default: "KEEP " + drawn[0],
				Prompt: table.M("You drew %s: keep one for the Waiting Room (KEEP <issue>); the other is discarded face up.", p.issueList(drawn))})
			return
		}
		i, _ := strconv.Atoi(f[2])
		id := p.Discard[i-1]
		p.Discard = slices.Delete(p.Discard, i-1, i)
		p.Waiting = append(p.Waiting, id)
		p.Add("avail", dec.Seat, -(i - 1))
		p.Add("exh", dec.Seat, i-1)
		p.Log(table.M("%s takes %s from the discards for %s Influence.", dec.Seat, id, i-1))
	case "keep":
		kept := f[1]
		other := data[1]
		if other == kept {
			other = data[2]
		}
		p.Waiting = append(p.Waiting, kept)
		p.Discard = append([]string{other}, p.Discard...)
		p.Log(table.M("%s keeps an Issue and discards %s.", dec.Seat, other))
	case "subject":
		p.unsettleFor(strings.ToLower(strings.TrimPrefix(a, "SUBJECT ")), data[1])
	case "unsettle":
		p.unsettle(strings.TrimPrefix(a, "UNSETTLE "), data[1], false)
	case "reopen":
		id := strings.TrimPrefix(a, "UNSETTLE ")
		p.unsettle(id, p.Data.Issues[id].Region, true)
	case "demob":
		n, _ := strconv.Atoi(data[1])
		p.demobOrLose(dec.Seat, a, n)
	case "order":
		p.setOrder(a)
	case "switch":
		p.switchTo(strings.ToLower(strings.TrimPrefix(a, "FACTION ")))
	case "award":
		p.award(strings.ToLower(strings.TrimPrefix(a, "AWARD ")))
	}
}

// crisis is step 5: an Event drawn into the Waiting Room, its Crisis
// resolved at once; the discards are shuffled in when the deck is out.
func (p *Play) crisis() {
	if len(p.Decks["events"]) == 0 {
		p.Decks["events"], p.Decks["event discards"] = p.Decks["event discards"], nil
		p.Shuffle(p.dice, "events")
		p.Log(table.M("The Event discards are shuffled into a new deck."))
	}
	ev, ok := p.Draw("events")
	if !ok {
		return
	}
	p.EventsWaiting = append(p.EventsWaiting, ev)
	e := p.Data.Events[ev]
	p.Log(table.M("Crisis: %s (%s).", ev, e.Name))
	if len(e.Crisis) == 0 {
		p.moderator(ev, e.Name)
		return
	}
	p.effects(e.Crisis, "", p.Active, "")
}

// effects applies effects in the engine's vocabulary (data.go) for
// seat, on an Issue just chosen (for its markers).
func (p *Play) effects(es []string, issue, seat, named string) {
	var later []string // steps the effects start, in their order
	for _, e := range es {
		f := strings.Split(e, ":")
		n := 0
		if len(f) > 1 {
			n, _ = strconv.Atoi(f[len(f)-1])
		}
		switch f[0] {
		case "hap":
			var who []string
			switch f[1] {
			case "all":
				who = p.happy()
			case "lowest":
				who = p.lowest()
			default:
				who = []string{f[1]}
			}
			for _, w := range who {
				p.happiness(w, n)
			}
		case "unrest":
			r := f[1]
			if r == "random" {
				r = p.randomRegion()
			}
			if r != "" {
				p.moveUnrest(r, n)
			}
		case "keg":
			if p.Keg[f[1]] < 3 {
				p.Keg[f[1]]++
				p.moveUnrest(f[1], 0)
				p.Log(table.M("A powder keg is added in %s.", f[1]))
			}
		case "marker":
			m := f[1]
			if len(f) == 3 {
				m += ":" + f[2]
			}
			if p.Markers == nil {
				p.Markers = map[string][]string{}
			}
			p.Markers[issue] = append(p.Markers[issue], m)
		case "check":
			mod := 0
			if len(f) == 3 {
				mod = n
			}
			later = append(later, "check "+f[1]+" "+strconv.Itoa(mod))
		case "exhaust":
			for _, w := range p.lowest() {
				k := min(n, p.Get("avail", w))
				p.Add("avail", w, -k)
				p.Add("exh", w, k)
				p.Log(table.M("%s sends %s Influence to Exhausted.", w, k))
			}
		case "scandal":
			for _, s := range p.Order {
				for i, u := range p.Units[s] {
					if strings.Contains(u, ":") {
						p.Units[s][i] = "exh"
					}
				}
			}
			p.Log(table.M("Every deployed unit goes to Exhausted."))
		case "unsettle":
			later = append(later, "reopen "+f[1]+" "+seat)
		case "demob_or_hap":
			// Lenin's conference: each player from seat on, in turn.
			for _, s := range p.clockwise(seat) {
				later = append(later, "demobhap "+s+" "+strconv.Itoa(n))
			}
		}
	}
	p.first(later...)
}

// lowest are the players with the lowest Happiness.
func (p *Play) lowest() []string {
	var out []string
	low := 1 << 30
	for _, s := range p.Order {
		switch h := p.Get("hap", s); {
		case h < low:
			low, out = h, []string{s}
		case h == low:
			out = append(out, s)
		}
	}
	return out
}

// randomRegion is «Regione a Caso»: a die, 6 none.
func (p *Play) randomRegion() string {
	n := p.Roll(p.dice, "a random region", 1, 6, true)[0]
	for r, die := range p.Data.Die {
		if die == n {
			return r
		}
	}
	return ""
}

// happiness changes a nation's Happiness, 0 to 30, a nation at 0 stays
// there; a player over its zone's units mutinies.
func (p *Play) happiness(nation string, n int) {
	h := p.Get("hap", nation)
	if h == 0 || n == 0 {
		return
	}
	v := min(max(h+n, 0), maxHappiness)
	p.Add("hap", nation, v-h)
	p.Log(table.M("Happiness of %s: %s.", nation, v))
	if slices.Contains(p.Order, nation) && p.inPlay(nation) > p.zone(v) {
		p.first("mutiny " + nation)
	}
}

// zone is how many units a Happiness allows.
func (p *Play) zone(h int) int {
	for _, z := range p.Data.Zones {
		if h >= z.Min {
			return z.Units
		}
	}
	return 0
}

func (p *Play) inPlay(seat string) int {
	n := 0
	for _, u := range p.Units[seat] {
		if u != "demob" {
			n++
		}
	}
	return n
}

// leftUnit is the leftmost column of a unit in a region (9 for none),
// and whose it is.
func (p *Play) leftUnit(r string) (int, string) {
	col, who := 9, ""
	for _, s := range p.Order {
		for _, u := range p.Units[s] {
			if reg, c, ok := strings.Cut(u, ":"); ok && reg == r {
				if n, _ := strconv.Atoi(c); n < col {
					col, who = n, s
				}
			}
		}
	}
	return col, who
}

// moveUnrest moves a region's unrest, kept right of the keg and left of
// every unit («Tabelle delle Regioni»).
func (p *Play) moveUnrest(r string, n int) {
	left, _ := p.leftUnit(r)
	u := min(max(p.Unrest[r]+n, p.Keg[r]+1), left-1, 8)
	u = max(u, p.Keg[r]+1)
	if u != p.Unrest[r] {
		p.Unrest[r] = u
		p.Log(table.M("Unrest in %s: column %s.", r, u))
	}
}
