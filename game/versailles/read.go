package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// verbs are the orders' words in Italian, read as their English.
var verbs = map[string]string{
	"PONI": "PLACE", "RECUPERA": "RECOVER", "SISTEMA": "SETTLE", "RICHIAMA": "RECALL", "SCHIERA": "DEPLOY",
	"SMOBILITA": "DEMOB", "OPZIONE": "OPTION", "AVANZA": "ADVANCE", "RIFORNISCI": "REFILL", "PESCA": "DRAW",
	"SCARTI": "DISCARD", "TIENI": "KEEP", "APPLICA": "APPLY", "RIFIUTA": "DECLINE", "PUNTA": "BID", "PASSA": "PASS",
	"STRATEGIA": "STRATEGY", "SOGGETTO": "SUBJECT", "RIAPRI": "UNSETTLE", "SEMPRE": "ALWAYS", "CUBO": "CUBE",
	"DISPONIBILE": "AVAILABLE", "ESAUSTO": "EXHAUSTED", "MAI": "NEVER", "PERDI": "LOSE",
	"ORDINE": "ORDER", "CASUALE": "RANDOM", "FAZIONE": "FACTION", "ASSEGNA": "AWARD",
}

// kindOf is the decision a verb answers.
var kindOf = map[string]string{
	"PLACE": kindTurn, "RECOVER": kindTurn, "SETTLE": kindTurn, "DEPLOY": kindTurn, "DEMOB": kindTurn,
	"OPTION": kindOption, "ADVANCE": kindChoice, "REFILL": kindChoice, "KEEP": kindChoice, "APPLY": kindChoice,
	"DECLINE": kindChoice, "SUBJECT": kindChoice, "UNSETTLE": kindChoice, "MOD": kindModifier, "BID": kindBid,
	"PASS": kindBid, "STRATEGY": kindStrategy, "US": kindUS, "LOSE": kindChoice,
	"ORDER": kindChoice, "RANDOM": kindChoice, "FACTION": kindChoice, "AWARD": kindChoice,
}

// Read reads a line: a turn's action, or the answer to one of the
// turn's prompts (sent ahead, they wait for it); ALWAYS MOD <n> is a
// standing modifier, NEVER MOD withdraws it.
func (p *Play) Read(seat string, owed *table.Decision, line string) (table.Answer, error) {
	f := table.Words(line, verbs)
	if len(f) == 0 {
		return table.Answer{}, &game.Refusal{NotOrder: true}
	}
	refuse := func(format string, args ...any) (table.Answer, error) {
		return table.Answer{}, table.Refuse(italian, table.M(format, args...))
	}
	// DEMOB answers a mutiny, or Lenin's conference, when one is owed:
	// not the turn's military action.
	if owed != nil && (f[0] == "DEMOB" || f[0] == "LOSE") && (owed.Kind == kindMutiny || owed.Kind == kindChoice && strings.HasPrefix(owed.Data, "demob ")) {
		return table.Answer{Kind: owed.Kind, Text: strings.Join(f, " ")}, nil
	}
	switch f[0] {
	case "ALWAYS":
		if len(f) == 3 && f[1] == "MOD" && slices.Contains([]string{"+1", "-1", "0"}, f[2]) {
			return table.Answer{Kind: kindModifier, Text: "MOD " + f[2], Standing: true}, nil
		}
		return refuse("expected ALWAYS MOD +1|-1|0")
	case "NEVER":
		return table.Answer{Kind: kindModifier, Withdraw: true}, nil
	case "MOD":
		if len(f) == 2 && f[1] == "1" {
			f[1] = "+1"
		}
	case "DEPLOY", "DEMOB", "PLACE", "RECOVER", "SETTLE":
		if f[0] == "DEPLOY" && len(f) == 3 {
			f[1] = strings.ToLower(strings.ReplaceAll(f[1], "-", "_"))
		}
		if f[0] == "PLACE" && len(f) == 3 && owed != nil && owed.Kind == kindUS {
			f = []string{"US", "PLACE", f[1], f[2]}
		}
	case "US":
		if len(f) < 2 || !slices.Contains([]string{"PLACE", "RECOVER", "SETTLE"}, f[1]) {
			return refuse("expected US PLACE <issue> <issue>, US RECOVER or US SETTLE <issue>")
		}
	case "BID":
		if len(f) != 3 {
			return refuse("expected BID <units> <influence>")
		}
		if owed != nil && owed.Kind == kindBid {
			u, _ := strconv.Atoi(f[1])
			i, _ := strconv.Atoi(f[2])
			mil, ok := p.bidValue(seat, u, i)
			if !ok {
				return refuse("you cannot bid %s units and %s Influence for %s", u, i, owed.Data)
			}
			// A bid that does not beat the highest would be taken as a
			// pass: the solo player's one bid against the bots' sealed
			// ones, or a player's in the open auction, who is told instead.
			if a := p.Auction; !a.beats(mil, i) {
				if p.solo() {
					return refuse("your bid for %s, %s military and %s Influence, does not beat the bots' highest, %s military and %s Influence: bid more military, or as much and more Influence, or PASS", owed.Data, mil, i, a.Mil, a.Inf)
				}
				return refuse("your bid for %s, %s military and %s Influence, does not beat the highest so far, %s military and %s Influence: bid more military, or as much and more Influence, or PASS", owed.Data, mil, i, a.Mil, a.Inf)
			}
		}
	}
	kind, ok := kindOf[f[0]]
	if !ok {
		return table.Answer{}, &game.Refusal{NotOrder: true}
	}
	text := strings.Join(f, " ")
	if kind == kindTurn && owed != nil && owed.Kind == kindTurn {
		check := p.political
		if f[0] == "DEPLOY" || f[0] == "DEMOB" {
			check = func(string, string, bool) *table.Msg { return nil }
		}
		who := seat
		if p.For != "" {
			who = p.For // a bot's turn, answered for it
		}
		if why := check(who, text, true); why != nil {
			return table.Answer{}, table.Refuse(italian, *why)
		}
	}
	return table.Answer{Kind: kind, Text: text}, nil
}

// askUS is the two-player game's US action, by the active player: the
// dummy places the fewest cubes that lead, recovers all it can (and
// the active player as much), or settles an Issue not in the active
// player's favour («REGOLE PER DUE GIOCATORI»).
func (p *Play) askUS(seat string) {
	p.Ask(table.Decision{Seat: seat, Kind: kindUS, Default: "US RECOVER",
		Prompt: table.M("The USA's political action is yours: US PLACE <issue> <issue> (the fewest cubes that lead), US RECOVER, or US SETTLE <issue> (not one you control). The USA have %s Influence available, %s exhausted.", p.Get("avail", "us"), p.Get("exh", "us"))})
}

func (p *Play) usAction(seat, a string) {
	f := strings.Fields(a)
	line := strings.Join(f[1:], " ")
	switch f[1] {
	case "PLACE":
		if len(f) == 4 {
			need := func(id string) int { return p.toLead("us", id) }
			line = "PLACE " + f[2] + " " + strconv.Itoa(need(f[2])) + " " + f[3] + " " + strconv.Itoa(need(f[3]))
		}
	case "SETTLE":
		if len(f) == 3 && p.leader(f[2]) == seat {
			p.Log(table.M("US SETTLE %s skipped: the USA never settle in favour of the player who plays them.", f[2]))
			line = "RECOVER"
		}
	}
	if why := p.political("us", line, false); why != nil {
		p.Log(table.Skipped(table.M("%s: %s skipped: ", "us", line), *why))
		if line != "RECOVER" {
			p.political("us", "RECOVER", false)
		}
	}
}

// Show is the report's board.
func (p *Play) Show(to game.Viewer, l game.Lang) string {
	w := func(m table.Msg) string { return m.Write(italian, l) }
	var b strings.Builder
	if p.Round > 0 {
		b.WriteString(w(table.M("Turn %s, active player %s.", p.Round, p.Active)) + "\n\n")
	}
	if p.solo() && p.Human != "" {
		b.WriteString(w(table.M("Solo: the player plays %s and has %s VP of the %s needed; faction strength %s.", p.Human, p.Get("vp", player), p.Get("target", player), p.strengths())) + "\n\n")
	}
	rows := [][]string{{w(table.M("player")), w(table.M("available")), w(table.M("exhausted")), w(table.M("happiness")), w(table.M("units")), w(table.M("issues")), w(table.M("strategy"))}}
	for _, s := range p.cubeHolders() {
		rows = append(rows, []string{s, strconv.Itoa(p.Get("avail", s)), strconv.Itoa(p.Get("exh", s)), hapOf(p, s), strings.Join(p.Units[s], " "), orDash(strings.Join(p.issuesOf(s, ""), " ")), orDash(p.Chosen[s])})
	}
	for _, n := range []string{"it", "jp"} {
		if !slices.Contains(p.Order, n) && !p.solo() {
			rows = append(rows, []string{n, "-", "-", hapOf(p, n), "-", "-", "-"})
		}
	}
	b.WriteString(table.Grid(rows) + "\n")
	reg := [][]string{{w(table.M("region")), w(table.M("keg")), w(table.M("unrest")), w(table.M("units"))}}
	for _, r := range regions {
		var us []string
		for c := 5; c <= 8; c++ {
			if s := p.unitAt(r, c); s != "" {
				us = append(us, strconv.Itoa(c)+":"+s)
			}
		}
		reg = append(reg, []string{italian.T(l, r), strconv.Itoa(p.Keg[r]), strconv.Itoa(p.Unrest[r]), orDash(strings.Join(us, " "))})
	}
	b.WriteString(table.Grid(reg) + "\n")
	b.WriteString(w(table.M("On the Table: %s.", p.issueList(p.OnTable))) + "\n")
	b.WriteString(w(table.M("Waiting Room: %s.", p.issueList(p.Waiting))) + "\n")
	b.WriteString(w(table.M("Discards, top first: %s.", orDash(strings.Join(p.Discard, " ")))) + "\n")
	b.WriteString(w(table.M("Events: on the Table %s, waiting %s.", orDash(p.EventTable), orDash(strings.Join(p.EventsWaiting, " ")))) + "\n")
	if len(p.Offered) > 0 {
		b.WriteString(w(table.M("Strategy cards offered: %s.", p.strategyList())) + "\n")
	}
	for _, d := range p.Deals {
		b.WriteString(w(d.said(dealSaid[0])) + "\n")
	}
	return b.String() + "\n"
}

func hapOf(p *Play, n string) string {
	if _, ok := p.Tracks["hap"][n]; !ok {
		return "-"
	}
	return strconv.Itoa(p.Get("hap", n))
}
