package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// The solo game («REGOLE IN SOLITARIO», players 1): one human plays the
// UK, France and the USA, one faction at a time, the other two being
// bots (bots.go). The human's seats are all three; Human is the faction
// played now, Auto the other two. The player's VP and the target are
// the tracks "vp" and "target" of the key "player", which the
// moderator may set (EDIT TRACK target player 25: «Seconda Partita e
// Seguenti»).

// factions are the solo game's three.
var factions = []string{"uk", "fr", "us"}

// soloTarget is the VP the player needs in a first game («Prima
// Partita»).
const soloTarget = 20

// player is the key of the player's tracks in the solo game.
const player = "player"

func (p *Play) solo() bool { return p.Players == 1 }

// askOrder is «Piazzamento in Solitario»: the factions' order is random
// or the player's, and the player begins with the faction that plays
// last.
func (p *Play) askOrder() {
	ans := []string{"RANDOM"}
	for _, a := range factions {
		for _, b := range factions {
			for _, c := range factions {
				if a != b && b != c && a != c {
					ans = append(ans, strings.ToUpper("ORDER "+a+" "+b+" "+c))
				}
			}
		}
	}
	p.Ask(table.Decision{Seat: p.Order[0], Kind: kindChoice, Data: "order", Answers: ans, Default: "RANDOM",
		Prompt: table.M("Solo: the factions' turn order, drawn at random (RANDOM) or yours (ORDER <faction> <faction> <faction>); you begin with the faction that plays last.")})
}

// setOrder takes the order and starts the first turn.
func (p *Play) setOrder(a string) {
	order := strings.Fields(strings.ToLower(strings.TrimPrefix(a, "ORDER ")))
	if a == "RANDOM" || len(order) != len(factions) {
		order = slices.Clone(factions)
		p.dice.Shuffle("the factions' order", len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	p.Order = order
	p.Active = order[0]
	p.Log(table.M("The factions play in the order %s.", strings.Join(order, ", ")))
	p.switchTo(order[len(order)-1])
	p.Steps = []string{"turn " + p.Active}
}

// switchTo makes the player play seat, the other factions bots.
func (p *Play) switchTo(seat string) {
	p.Human = seat
	p.Auto = slices.DeleteFunc(slices.Clone(p.Order), func(s string) bool { return s == seat })
	p.Log(table.M("The player now plays %s.", seat))
}

// strength is «Forza della Fazione»: the stars of the Issues a faction
// controls, and 1 for each of its Strategy icons in play, whoever
// controls the Issue it is on.
func (p *Play) strength(seat string) int {
	n := 0
	for _, id := range p.issuesOf(seat, "") {
		n += p.Data.Issues[id].Stars
	}
	for _, ms := range p.Markers {
		for _, m := range ms {
			if slices.Contains(icons[seat], m) {
				n++
			}
		}
	}
	return n
}

// strengths writes the factions' strengths: "uk 6, fr 5, us 3".
func (p *Play) strengths() string {
	var out []string
	for _, s := range p.Order {
		out = append(out, s+" "+strconv.Itoa(p.strength(s)))
	}
	return strings.Join(out, ", ")
}

// strongest is the player's VP at the start of its faction's turn: 1 if
// its faction alone is the strongest and every faction controls an
// Issue («La Sequenza di Gioco», «Nota Importante»). Once a turn.
func (p *Play) strongest(seat string) {
	if p.Scored == p.Round+1 {
		return
	}
	p.Scored = p.Round + 1
	for _, s := range p.Order {
		if len(p.issuesOf(s, "")) == 0 {
			return
		}
	}
	for _, s := range p.Order {
		if s != seat && p.strength(s) >= p.strength(seat) {
			return
		}
	}
	p.Add("vp", player, 1)
	p.Log(table.M("%s is the strongest faction (%s): the player scores 1 VP, %s in all.", seat, p.strengths(), p.Get("vp", player)))
}

// mustSettle are the Issues of the Table the player's faction must
// settle one of: both, when it leads both («Eccezione»); none else.
func (p *Play) mustSettle(seat string) []string {
	if !p.solo() || seat != p.Human || len(p.OnTable) != 2 {
		return nil
	}
	for _, id := range p.OnTable {
		if p.leader(id) != seat {
			return nil
		}
	}
	return p.OnTable
}

// weakest are the factions of the least strength, to one of which the
// player switches when an Issue is unsettled («Cambiare Fazione»).
func (p *Play) weakest() []string {
	return table.Top(p.Order, func(s string) int { return -p.strength(s) })
}

// askSwitch asks the player which of the weakest it plays.
func (p *Play) askSwitch(tied []string) {
	var ans []string
	for _, s := range tied {
		ans = append(ans, "FACTION "+strings.ToUpper(s))
	}
	p.Ask(table.Decision{Seat: p.Human, Kind: kindChoice, Data: "switch", Answers: ans, Default: ans[0],
		Prompt: table.M("An Issue is unsettled: you switch to the weakest faction, and %s are equal (%s); choose (FACTION <faction>).", strings.Join(tied, ", "), p.strengths())})
}

// Bid is a bot's sealed bid in the solo game.
type Bid struct {
	Units int `json:"units"`
	Mil   int `json:"mil"`
	Inf   int `json:"inf"`
}

// sealedBids are «Puntare per Questioni Irrisolte» in the solo game:
// each bot's bid by its table, the richer of two equal bids adding 1
// Influence; the highest is the one the player must beat, two equal
// ones the player's to award.
func (p *Play) sealedBids() {
	a := p.Auction
	a.Sealed = map[string]Bid{}
	for _, b := range p.Auto {
		units, inf := p.botOffer(b)
		if mil, _ := p.bidValue(b, units, inf); mil > 0 || inf > 0 {
			a.Sealed[b] = Bid{Units: units, Mil: mil, Inf: inf}
		}
	}
	if len(p.Auto) == 2 {
		x, y := p.Auto[0], p.Auto[1]
		bx, okx := a.Sealed[x]
		by, oky := a.Sealed[y]
		if okx && oky && bx.Mil == by.Mil && bx.Inf == by.Inf {
			switch rx, ry := p.Get("avail", x), p.Get("avail", y); {
			case rx > ry:
				bx.Inf++
				a.Sealed[x] = bx
			case ry > rx:
				by.Inf++
				a.Sealed[y] = by
			}
		}
	}
	var said []string
	for _, b := range p.Auto {
		bid, ok := a.Sealed[b]
		if !ok {
			continue
		}
		said = append(said, b+" "+strconv.Itoa(bid.Units)+"/"+strconv.Itoa(bid.Mil)+"/"+strconv.Itoa(bid.Inf))
		switch {
		case a.Best == "" && len(a.Tied) == 0 || a.beats(bid.Mil, bid.Inf):
			a.Best, a.Units, a.Mil, a.Inf, a.Tied = b, bid.Units, bid.Mil, bid.Inf, nil
		case bid.Mil == a.Mil && bid.Inf == a.Inf:
			a.Tied = []string{a.Best, b}
			a.Best = ""
		}
	}
	a.Said = orDash(strings.Join(said, ", "))
	p.Log(table.M("The bots bid for %s (units/military/Influence): %s.", a.Issue, a.Said))
}

// askAward asks the player which of two bots of equal bids takes the
// Issue.
func (p *Play) askAward() {
	a := p.Auction
	var ans []string
	for _, s := range a.Tied {
		ans = append(ans, "AWARD "+strings.ToUpper(s))
	}
	p.Ask(table.Decision{Seat: p.Human, Kind: kindChoice, Data: "award", Answers: ans, Default: ans[0],
		Prompt: table.M("The bots' bids for %s are equal (%s): choose which takes it (AWARD <faction>).", a.Issue, a.Said)})
}

// award gives the Issue to the bot the player chose.
func (p *Play) award(seat string) {
	a := p.Auction
	b := a.Sealed[seat]
	a.Best, a.Units, a.Mil, a.Inf, a.Tied = seat, b.Units, b.Mil, b.Inf, nil
	p.awarded()
}

// soloFinal is the solo game's end: the player wins with the target's
// VP («Fine Partita e Vittoria»).
func (p *Play) soloFinal() {
	p.Log(table.M("The game is over: the player has %s VP, and needed %s.", p.Get("vp", player), p.Get("target", player)))
	p.Steps, p.Pending = nil, nil
	p.Over = true
}
