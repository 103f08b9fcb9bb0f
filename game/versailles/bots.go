package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// The bots are «Priorità dell'Avversario Bot» of «REGOLE IN SOLITARIO»,
// played by a seat the moderator automates (EDIT AUTO <seat> ON) or that
// nobody plays. Where the procedure names no single choice, «nel caso di
// dubbio scegliete voi»: the decision goes to the moderator, narrowed to
// the answers the procedure allows.

// toModerator is the bot's answer that hands a decision to the human.
const toModerator = "MODERATOR"

// icons are each faction's Strategy icons in solo («Icone Strategia
// della Fazione»), as the data's markers; Italy has none.
var icons = map[string][]string{
	"fr": {"containment", "economy", "empire:fr"},
	"uk": {"naval:uk", "bolshevism", "empire:uk"},
	"us": {"selfdetermination", "industry", "naval:us"},
}

// optionValue is an option's icons for seat: what it adds to the stars
// («Valore della Questione»).
func optionValue(seat string, o *Option) int {
	n := 0
	for _, e := range o.Effects {
		if m, ok := strings.CutPrefix(e, "marker:"); ok && slices.Contains(icons[seat], m) {
			n++
		}
	}
	return n
}

// potential is «Valore Potenziale»: the stars and the best option's
// icons for seat.
func (p *Play) potential(seat, id string) int {
	is := p.Data.Issues[id]
	best := 0
	for _, o := range is.Options {
		best = max(best, optionValue(seat, o))
	}
	return is.Stars + best
}

// unhappiness is the Happiness an option costs seat, for the bot's tie
// among options («minor incremento di Infelicità per la fazione»).
func unhappiness(seat string, o *Option) int {
	loss := 0
	for _, e := range o.Effects {
		if f := strings.Split(e, ":"); f[0] == "hap" && len(f) == 3 && (f[1] == seat || f[1] == "all") {
			if n, _ := strconv.Atoi(f[2]); n < 0 {
				loss -= n
			}
		}
	}
	return loss
}

// Decide answers a bot's decisions by its procedure; what the procedure
// leaves open is the moderator's (toModerator, asked in Apply).
func (p *Play) Decide(dec table.Decision) ([]string, bool) {
	seat := dec.Seat
	if !slices.Contains(p.Auto, seat) {
		return nil, false
	}
	only := func(ans []string) ([]string, bool) {
		if len(ans) == 1 {
			return ans, true
		}
		return []string{toModerator}, true
	}
	switch dec.Kind {
	case kindTurn:
		return []string{"BOT"}, true
	case kindOption:
		// «Sistemare una Questione» 1: the highest Potential Value,
		// then the least unhappiness, then the human.
		id := strings.Fields(dec.Data)[0]
		opts := map[string]*Option{}
		var keys []string
		for _, a := range dec.Answers {
			k := strings.TrimPrefix(a, "OPTION ")
			for _, o := range p.Data.Issues[id].Options {
				if o.Key == k {
					opts[k] = o
					keys = append(keys, k)
				}
			}
		}
		keys = table.Top(keys, func(k string) int { return optionValue(seat, opts[k]) })
		keys = table.Top(keys, func(k string) int { return -unhappiness(seat, opts[k]) })
		var ans []string
		for _, k := range keys {
			ans = append(ans, "OPTION "+k)
		}
		return only(ans)
	case kindChoice:
		data := strings.Fields(dec.Data)
		switch data[0] {
		case "conference":
			// 2: an optional event is carried out, no choice.
			return []string{"APPLY"}, true
		case "advance":
			return only(p.botAdvance(seat, dec.Answers))
		case "refill":
			// 5: the top card to the Waiting Room, the next discarded;
			// never from the discards.
			if slices.Contains(dec.Answers, "REFILL DRAW") {
				return []string{"REFILL DRAW"}, true
			}
		case "keep":
			// The End card discarded so is swapped with the one kept.
			if data[2] == p.Data.End {
				return []string{"KEEP " + data[2]}, true
			}
			return []string{"KEEP " + data[1]}, true
		}
	case kindModifier:
		// «Insurrezioni»: -1 if it would be the subject, else +1.
		if p.wouldBeSubject(seat, strings.Fields(dec.Data)[0]) {
			return []string{"MOD -1"}, true
		}
		return []string{"MOD +1"}, true
	case kindBid:
		return []string{p.botBid(seat)}, true
	}
	return only(dec.Answers)
}

// botAdvance is «Portare giù una Questione»: an Issue of the Waiting
// Room it is winning, else one with no Influence; the Event is the
// human's, and the bot puts no cube on it.
func (p *Play) botAdvance(seat string, answers []string) []string {
	var winning, empty []string
	for _, id := range p.Waiting {
		if p.leader(id) == seat {
			winning = append(winning, id)
		}
		if len(p.Board[id]) == 0 {
			empty = append(empty, id)
		}
	}
	pick := winning
	if len(pick) == 0 {
		pick = empty
	}
	var out []string
	for _, a := range answers {
		f := strings.Fields(a)
		if len(f) == 3 && (len(pick) == 0 || slices.Contains(pick, f[1])) {
			out = append(out, a)
		}
	}
	return out
}

// wouldBeSubject: seat holds the most Issues of the region, alone or
// tied (a tie may fall on it).
func (p *Play) wouldBeSubject(seat, r string) bool {
	mine := len(p.issuesOf(seat, r))
	if mine == 0 {
		return false
	}
	for _, s := range p.cubeHolders() {
		if len(p.issuesOf(s, r)) > mine {
			return false
		}
	}
	return true
}

// botBid is «Puntare per Questioni Irrisolte»: units by the table (3 in
// all: 2, 2: 1, 1: 1), those in the region first, and Influence equal to
// the Potential Value, at most what it has; against an equal bid of
// another bot, the richer adds 1. It bids once: if that does not beat
// the best bid, it passes (the auction being the players' one).
func (p *Play) botBid(seat string) string {
	a := p.Auction
	units, inf := p.botOffer(seat)
	mil, _ := p.bidValue(seat, units, inf)
	if mil == a.Mil && inf == a.Inf && slices.Contains(p.Auto, a.Best) && p.Get("avail", seat) > p.Get("avail", a.Best) {
		inf++
	}
	if mil > a.Mil || mil == a.Mil && inf > a.Inf {
		return "BID " + strconv.Itoa(units) + " " + strconv.Itoa(inf)
	}
	return "PASS"
}

// botOffer is the bid of a bot's table: units by its units in play (3:
// 2, 2: 1, 1: 1) as far as it can bid them, those in the region first
// (bidValue counts them so), and Influence equal to the Potential Value,
// at most what it has.
func (p *Play) botOffer(seat string) (units, inf int) {
	a := p.Auction
	units = map[int]int{3: 2, 2: 1, 1: 1}[p.inPlay(seat)]
	if p.Data.Issues[a.Issue].NoMil {
		units = 0
	}
	for units > 0 {
		if _, ok := p.bidValue(seat, units, 0); ok {
			break
		}
		units--
	}
	return units, min(p.potential(seat, a.Issue), p.Get("avail", seat))
}

// askModerator hands a bot's decision to the moderator (the player, in
// the solo game), narrowed to the answers its procedure allows.
func (p *Play) askModerator(dec table.Decision, answers []string) {
	p.For = dec.Seat
	if p.solo() {
		// «scegliete voi»: the player, who answers as it plays.
		dec.Prompt = table.M("%s is a bot and its procedure leaves this choice to you: %s", dec.Seat, dec.Prompt)
		dec.Seat = p.Human
	} else {
		dec.Prompt = table.M("%s is a bot and its procedure leaves this choice to you (answer with RULE): %s", dec.Seat, dec.Prompt)
		dec.Seat = table.Master
	}
	if len(answers) > 0 {
		dec.Answers, dec.Default = answers, answers[0]
	}
	p.AskFirst(dec)
}

// botTurn is a bot's turn: a military action first if one of its
// priorities holds, the political one by «Azione Politica», and the
// military one after if none was taken before.
func (p *Play) botTurn(seat string) {
	if line := p.botMilitary(seat); line != "" {
		p.military(seat, line)
		p.BotMilitary = true
	}
	lines := p.botPolitical(seat)
	switch {
	case len(lines) > 1:
		p.askModerator(table.Decision{Seat: seat, Kind: kindTurn,
			Prompt: table.M("its political action (%s).", strings.Join(lines, " | "))}, lines)
		return
	case len(lines) == 1:
		if why := p.political(seat, lines[0], false); why != nil {
			p.Log(table.Skipped(table.M("%s: %s skipped: ", seat, lines[0]), *why))
		}
	default:
		p.Log(table.M("%s takes no political action.", seat))
	}
	p.Steps = append(p.Steps, "botmil "+seat)
}

// botPolitical are the political actions the bot's priorities allow,
// the first that applies: settle an Issue it is winning (the highest
// Potential Value); place the fewest cubes that win two open Issues;
// recover; settle an Issue another bot is winning. More than one is
// the human's choice.
func (p *Play) botPolitical(seat string) []string {
	var winning, others []string
	for _, id := range p.OnTable {
		switch l := p.leader(id); {
		case l == seat:
			winning = append(winning, id)
		case l != "" && slices.Contains(p.Auto, l):
			others = append(others, id)
		}
	}
	settle := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			out = append(out, "SETTLE "+id)
		}
		return out
	}
	if len(winning) > 0 {
		return settle(table.Top(winning, func(id string) int { return p.potential(seat, id) }))
	}
	open := append(slices.Clone(p.OnTable), p.Waiting...)
	var places []string
	for i, a := range open {
		for _, b := range open[i+1:] {
			line := "PLACE " + a + " " + strconv.Itoa(p.toLead(seat, a)) + " " + b + " " + strconv.Itoa(p.toLead(seat, b))
			if p.political(seat, line, true) == nil {
				places = append(places, line)
			}
		}
	}
	if len(places) > 0 {
		return places
	}
	if p.political(seat, "RECOVER", true) == nil {
		return []string{"RECOVER"}
	}
	return settle(others)
}

// botMilitary is the bot's military action by its priorities, "" for
// none: a unit to column 7 (8 if 7 would force a demobilization or is
// taken) where unrest is at 4 or more and an insurrection could
// unsettle one of its Issues; else, within 1 or 2 Happiness of a
// forced demobilization, a unit demobilized if the space gives 2 or
// more. Between regions: the most Issues of its, the highest star, a
// die.
func (p *Play) botMilitary(seat string) string {
	h := p.Get("hap", seat)
	need := 0 // the least Happiness that keeps the units in play
	for _, z := range p.Data.Zones {
		if z.Units >= p.inPlay(seat) {
			need = z.Min
		}
	}
	canDeploy := slices.ContainsFunc(p.Units[seat], func(u string) bool { return u == "avail" || strings.Contains(u, ":") })
	var cands []string
	cols := map[string]int{}
	for _, r := range regions {
		if !canDeploy || p.Unrest[r] < 4 || !p.wouldBeSubject(seat, r) {
			continue
		}
		if slices.ContainsFunc(p.Units[seat], func(u string) bool { return strings.HasPrefix(u, r+":") }) {
			continue // already there: a move gains nothing the rule names
		}
		col := 7
		if p.unitAt(r, 7) != "" || h+p.Data.Columns[7].Happiness < need {
			col = 8
		}
		if p.unitAt(r, col) != "" {
			continue
		}
		cands = append(cands, r)
		cols[r] = col
	}
	cands = table.Top(cands, func(r string) int { return len(p.issuesOf(seat, r)) })
	cands = table.Top(cands, func(r string) int {
		s := 0
		for _, id := range p.issuesOf(seat, r) {
			s = max(s, p.Data.Issues[id].Stars)
		}
		return s
	})
	for len(cands) > 1 {
		var rolled []int
		for _, r := range cands {
			rolled = append(rolled, p.Roll(p.dice, "the bot's region: "+r, 1, 6, true)[0])
		}
		i := 0
		cands = table.Top(cands, func(r string) int { i++; return rolled[i-1] })
	}
	if len(cands) == 1 {
		return "DEPLOY " + cands[0] + " " + strconv.Itoa(cols[cands[0]])
	}
	if d := h - need + 1; d >= 1 && d <= 2 && p.inPlay(seat) > 0 {
		last := len(p.Data.Demob) - 1
		v := p.Data.Demob[last]
		for j := 0; j < last; j++ {
			if p.Demobbed[j] == 0 {
				v = p.Data.Demob[j]
				break
			}
		}
		if v >= 2 {
			return "DEMOB"
		}
	}
	return ""
}
