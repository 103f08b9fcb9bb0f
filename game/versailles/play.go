// Package versailles is Versailles 1919 (seed 001) on the table engine:
// the delegations place Influence on Issues and settle them, each turn
// one political action and an optional military one, while unrest in
// five regions may break into insurrections, auctions and a Strategy
// draft. The rules are the rulebook's, for four, three and two players
// (the US dummy), and its solo game (solo.go), whose bots (bots.go) also
// play any delegation nobody plays; where a bot's procedure leaves the
// choice, the moderator (the solo player) is asked. The cards and the
// board's values come from the group's data file (DATA ... ENDDATA),
// whose sample marks what it made up as placeholder.
package versailles

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// Sample is the sample data file.
//
//go:embed sample.txt
var Sample string

// Decision kinds, each a phase kind with its own deadline.
const (
	kindData     = "data"
	kindTurn     = "turn"
	kindOption   = "option"
	kindChoice   = "choice" // advance, refill, keep, conference, subject
	kindModifier = "modifier"
	kindBid      = "bid"
	kindStrategy = "strategy"
	kindMutiny   = "mutiny"
	kindUS       = "usaction"
	kindCard     = "card"
)

var kinds = []string{kindData, kindTurn, kindOption, kindChoice, kindModifier, kindBid, kindStrategy, kindMutiny, kindUS, kindCard}

// Kind is Versailles 1919 as the judge registers it.
type Kind struct{}

var (
	_ game.Kind         = Kind{}
	_ game.Configurable = Kind{}
	_ game.Calendar     = Kind{}
	_ game.Commander    = Kind{}
	_ game.Seater       = Rules{}
)

// Name is "versailles".
func (Kind) Name() string { return "versailles" }

// Rules are the game for 1 (the solo game), 2, 3 or 4 players.
type Rules struct{ Players int }

// players is the game's one setting: 1 to 4 play it, 4 by default.
var players = table.Players{Game: "versailles", Min: 1, Max: 4, Default: 4}

// Configure reads players, 1 to 4.
func (Kind) Configure(settings map[string]string) (game.Rules, error) {
	n, err := players.Read(settings)
	if err != nil {
		return nil, err
	}
	return Rules{Players: n}, nil
}

// Settings: the number of players.
func (Kind) Settings() []game.Setting { return []game.Setting{players.Setting()} }

// Calendar: each kind of decision has its deadline.
func (Kind) Calendar() []game.PhaseKind { return table.Calendar(italian, kinds...) }

// EditForms are the changes EDIT takes: the engine's (game.EditHelper).
func (Kind) EditForms() [game.Langs]string { return table.EditForms() }

// Commands are RULE and DATA, the moderator's, and the players' DEAL
// and ACCEPT (see deals.go).
func (Kind) Commands() []game.Command {
	return append(append(table.Commands(), table.DataCommand(
		[game.Langs]string{"loads the group's data file (cards, board values) before the setup", "carica il file dei dati del gruppo (carte, valori della plancia) prima della preparazione"},
		func(s *table.State, body string) (table.Play, table.Msg, int, []table.Msg) {
			p := s.P.(*Play)
			if p.Round != 0 {
				return nil, table.Msg{}, 0, []table.Msg{table.M("the data is loaded before the setup only")}
			}
			d, errs := ParseData(body)
			if len(errs) > 0 {
				return nil, table.Msg{}, 0, errs
			}
			return &Play{Table: p.Table, Data: d, Players: p.Players}, table.M("Data loaded: %s issues, %s events, %s strategy cards; %s placeholder lines.", len(d.Issues), len(d.Events), len(d.Strategy), d.Placeholders), d.Placeholders, nil
		})), dealCommands()...)
}

// seats are the delegations that players take; Japan never, Italy with
// four, the USA with three or four (with two it is the dummy).
var seats = []string{"uk", "fr", "us", "it"}

var seatNames = map[string][2]string{"uk": {"United Kingdom", "Regno Unito"}, "fr": {"France", "Francia"}, "us": {"USA", "USA"}, "it": {"Italy", "Italia"}, "jp": {"Japan", "Giappone"}}

func (r Rules) Seats() []game.Seat {
	var out []game.Seat
	for _, s := range seats {
		out = append(out, game.Seat{ID: s, Name: table.M("%s", seatNames[s][0]).Text(italian)})
	}
	return out
}

func (r Rules) Seat(name string) (string, bool) { return seatByName(name) }

func seatByName(name string) (string, bool) {
	for _, s := range seats {
		if strings.EqualFold(name, s) || strings.EqualFold(name, seatNames[s][0]) || strings.EqualFold(name, seatNames[s][1]) {
			return s, true
		}
	}
	return "", false
}

// Seating leaves out Italy with fewer than four, and the USA with two;
// the solo player plays the UK, France and the USA.
func (r Rules) Seating() game.Seating {
	st := game.Seating{Absent: map[string]game.Text{}}
	if r.Players == 1 {
		st.Sides = [][]string{slices.Clone(factions)}
		st.Absent["it"] = table.M("the solo game is played by the UK, France and the USA").Text(italian)
		st.About = table.M("Solo: you play one faction at a time, the other two are bots; you switch to the weakest when an Issue is unsettled.").Text(italian)
		return st
	}
	for i, s := range seats {
		if i < r.Players {
			st.Sides = append(st.Sides, []string{s})
		} else {
			st.Absent[s] = table.M("the game is for %s players", r.Players).Text(italian)
		}
	}
	return st
}

// playing are the delegations in play: the factions of the solo game,
// else the first seats.
func (r Rules) playing() []string {
	if r.Players == 1 {
		return slices.Clone(factions)
	}
	return slices.Clone(seats[:r.Players])
}

// Start is the moderator's setup decision, with the sample loaded.
func (r Rules) Start(absent []string, _ *dice.Source) (game.State, error) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 {
		return nil, fmt.Errorf("the sample data: %s", errs[0].Write(nil, game.English))
	}
	playing := r.playing()
	var auto []string
	for _, s := range absent {
		if slices.Contains(playing, s) {
			auto = append(auto, s) // a delegation nobody plays is a bot (bots.go)
		}
	}
	p := &Play{Table: table.Table{Stage: "S", Order: playing, Auto: auto}, Data: d, Players: r.Players}
	p.AskData(kindData, d.Placeholders)
	return table.NewState(p, decodePlay), nil
}

func (r Rules) Decode(data []byte) (game.State, error) {
	p, err := decodePlay(data)
	return table.NewState(p, decodePlay), err
}

func (r Rules) Phase(text string) (game.Phase, error) { return table.ParsePhase(text) }

// decodePlay reads a Play back from its JSON.
var decodePlay = table.Decoder[Play]

// Play is a game of Versailles between two decisions. Influence
// Available and Exhausted, Happiness and VP are the engine's tracks
// ("avail", "exh", "hap", "vp"); cubes on an Issue or an Event are
// pieces on the board, in a place named by the card.
type Play struct {
	table.Table
	Data    *Data `json:"data"`
	Players int   `json:"players"`
	// Round counts the player turns; Active is the active player.
	Round  int    `json:"round"`
	Active string `json:"active,omitempty"`
	// OnTable, Waiting and Discard (top first, public) are the Issues'
	// places; EventTable and EventsWaiting the Events'.
	OnTable       []string `json:"on_table,omitempty"`
	Waiting       []string `json:"waiting,omitempty"`
	Discard       []string `json:"discard,omitempty"`
	EventTable    string   `json:"event_table,omitempty"`
	EventsWaiting []string `json:"events_waiting,omitempty"`
	// Controlled are the settled Issues' controllers; Markers the
	// strategy markers on them ("naval:us").
	Controlled map[string]string   `json:"controlled,omitempty"`
	Markers    map[string][]string `json:"markers,omitempty"`
	// Keg and Unrest are each region's powder keg (0-3) and unrest
	// (1-8) columns.
	Keg    map[string]int `json:"keg"`
	Unrest map[string]int `json:"unrest"`
	// Units are each player's three military units, each "avail",
	// "exh", "<region>:<column>" or "demob".
	Units map[string][]string `json:"units"`
	// Demobbed counts the units on each space of the track.
	Demobbed []int `json:"demobbed,omitempty"`
	// Offered are the Strategy cards dealt face up; Chosen each
	// player's; Drafted says the first insurrection's draft was held.
	Offered []string          `json:"offered,omitempty"`
	Chosen  map[string]string `json:"chosen,omitempty"`
	Drafted bool              `json:"drafted,omitempty"`
	// Steps are what the turn still has to do, in order (see steps.go).
	Steps   []string `json:"steps,omitempty"`
	Check   *Check   `json:"check,omitempty"`
	Auction *Auction `json:"auction,omitempty"`
	// Deals are the deals proposed this turn; Bound the option each
	// player promised by an accepted deal ("ISSUE KEY").
	Deals []Deal            `json:"deals,omitempty"`
	Bound map[string]string `json:"bound,omitempty"`
	Over  bool              `json:"over,omitempty"`
	// For is the bot whose decision the moderator was asked (bots.go);
	// BotMilitary says the bot took its military action before the
	// political one this turn.
	For         string `json:"for,omitempty"`
	BotMilitary bool   `json:"bot_military,omitempty"`
	// Human is the faction the solo player plays now (solo.go); Scored
	// the turn (Round+1) its strongest-faction VP was looked at.
	Human  string `json:"human,omitempty"`
	Scored int    `json:"scored,omitempty"`

	dice *dice.Source
}

func (p *Play) Base() *table.Table    { return &p.Table }
func (p *Play) Dict() game.Dictionary { return italian }

func (p *Play) Title(stage string) table.Msg {
	if p.Round == 0 {
		return table.M("setup")
	}
	return table.M("turn %s", p.Round)
}

// cubeHolders are the delegations with cubes: the players, and the US
// dummy with two.
func (p *Play) cubeHolders() []string {
	if p.Players == 2 {
		return append(slices.Clone(p.Order), "us")
	}
	return p.Order
}

// happy are the nations whose Happiness is tracked: the players', and
// Italy's and Japan's (the US dummy has none; the solo game tracks
// neither).
func (p *Play) happy() []string {
	out := slices.Clone(p.Order)
	if p.solo() {
		return out
	}
	if !slices.Contains(out, "it") {
		out = append(out, "it")
	}
	return append(out, "jp")
}

// setup is «Piazzamento»: the Issue deck with the End card over the
// last Under cards, two Issues on the Table, three waiting, one
// discarded; the Events likewise; players+1 Strategy cards face up;
// Happiness 20, kegs in their start boxes, unrest in column 1; all
// cubes and units available; a die for the first active player.
func (p *Play) setup(d *dice.Source) {
	p.Decks = map[string][]string{}
	for _, id := range sortedKeys(p.Data.Issues) {
		if id != p.Data.End {
			p.Decks["issues"] = append(p.Decks["issues"], id)
		}
	}
	for _, id := range sortedKeys(p.Data.Events) {
		p.Decks["events"] = append(p.Decks["events"], id)
	}
	strat := sortedKeys(p.Data.Strategy)
	p.Decks["strategy"] = strat
	for _, deck := range []string{"issues", "events", "strategy"} {
		p.Shuffle(d, deck)
	}
	draw := func(deck string, n int) []string {
		var out []string
		for range n {
			if c, ok := p.Draw(deck); ok {
				out = append(out, c)
			}
		}
		return out
	}
	waiting := 3
	if p.solo() {
		waiting = 2 // «non per solitario»: two Waiting Room spaces
	}
	p.OnTable, p.Waiting, p.Discard = draw("issues", 2), draw("issues", waiting), draw("issues", 1)
	deck := p.Decks["issues"]
	cut := max(len(deck)-p.Data.Under, 0)
	p.Decks["issues"] = append(append(slices.Clone(deck[:cut]), p.Data.End), deck[cut:]...)
	p.EventTable, p.EventsWaiting = draw("events", 1)[0], draw("events", 2)
	if p.solo() {
		p.Drafted = true // no Strategy cards in the solo game
	} else {
		p.Offered = draw("strategy", len(p.Order)+1)
	}
	delete(p.Decks, "strategy")
	p.Keg, p.Unrest = map[string]int{}, map[string]int{}
	for _, r := range regions {
		p.Unrest[r] = 1
	}
	for _, s := range p.cubeHolders() {
		p.Add("avail", s, cubes)
		p.Add("exh", s, 0)
	}
	p.Units = map[string][]string{}
	for _, s := range p.Order {
		p.Units[s] = []string{"avail", "avail", "avail"}
		if !p.solo() {
			p.Add("vp", s, 0)
		}
	}
	for _, n := range p.happy() {
		p.Add("hap", n, startHappiness)
	}
	p.Demobbed = make([]int, len(p.Data.Demob))
	if p.solo() {
		p.Add("vp", player, 0)
		p.Add("target", player, soloTarget)
		p.Log(table.M("The Issues and Events are dealt for the solo game."))
		p.askOrder()
		return
	}
	first := p.Order[d.Roll("the first active player", len(p.Order), true)-1]
	p.Log(table.M("The Issues, Events and Strategy cards are dealt; %s is the first active player.", first))
	p.Active = first
	p.Steps = []string{"turn " + first}
	p.advance()
}

// Fixed numbers of the rules.
const (
	cubes          = 15 // per player
	startHappiness = 20
	maxHappiness   = 30
	recoverMax     = 6
	signs          = 15 // Italy and Japan sign the treaty from this Happiness
)

// End: once the End card is settled or the Issues run out, the most VP
// win; ties go to Happiness, then the Issues controlled, else shared.
func (p *Play) End() *game.Ending {
	if !p.Over {
		return nil
	}
	if p.solo() {
		vp, target := p.Get("vp", player), p.Get("target", player)
		if vp >= target {
			return &game.Ending{Winners: slices.Clone(p.Order), Text: table.M("the player wins with %s VP of the %s needed", vp, target).Text(italian)}
		}
		return &game.Ending{Text: table.M("the player loses with %s VP of the %s needed", vp, target).Text(italian)}
	}
	ranked, winners := table.Rank(p.Order, func(s string) []int { return []int{p.Get("vp", s), p.Get("hap", s), len(p.issuesOf(s, ""))} })
	var parts []string
	for _, s := range ranked {
		parts = append(parts, fmt.Sprintf("%s %d", s, p.Get("vp", s)))
	}
	m := table.M("%s wins with %s VP (%s)", strings.Join(winners, ", "), p.Get("vp", ranked[0]), strings.Join(parts, ", "))
	return &game.Ending{Winners: winners, Draw: len(winners) > 1, Text: m.Text(italian)}
}

// issuesOf are the Issues seat controls, of a region or category ("" for
// all).
func (p *Play) issuesOf(seat, region string) []string {
	var out []string
	for _, id := range sortedKeys(p.Controlled) {
		if p.Controlled[id] == seat && (region == "" || p.Data.Issues[id].Region == region) {
			out = append(out, id)
		}
	}
	return out
}
