// Package belleepoque is La Belle Époque (seed 000) on the table
// engine: four Powers send diplomatic missions to minor nations and
// colonies, in rounds of one or two actions, and contest each other's
// cubes with fleets, armies and a die. The rules are the rulebook's
// (section numbers in the comments), with its Automated Powers (13.0,
// automa.go) for the Powers nobody plays and its solo game (13.10);
// the cards' effects, and the targets they need, are cards.go's. The
// map, the Power sheets, the tracks, the cards and the Automated Power
// sheets come from the group's data file (DATA ... ENDDATA), whose
// sample marks what it made up as placeholder; where the rules end, the
// moderator is asked, with the answers they allow.
package belleepoque

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// Sample is the sample data file: the facts the rulebook gives, the rest
// marked placeholder.
//
//go:embed sample.txt
var Sample string

// Decision kinds, each a phase kind with its own deadline.
const (
	kindData    = "data"
	kindSetup   = "setup"
	kindRound   = "round"
	kindContest = "contest"
	kindKeep    = "keep"
	kindCard    = "card"
	kindTarget  = "target"
)

var kinds = []string{kindData, kindSetup, kindRound, kindContest, kindKeep, kindCard, kindTarget}

// Kind is La Belle Époque as the judge registers it.
type Kind struct{}

var (
	_ game.Kind      = Kind{}
	_ game.Calendar  = Kind{}
	_ game.Commander = Kind{}
	_ table.Bot      = (*Play)(nil)
)

// Name is "lbe", as CREATE's "game lbe" names it.
func (Kind) Name() string { return "lbe" }

// Configure: the game has no settings of its own; fewer players play
// two Powers each by the judge's seating (3.2), bots by EDIT AUTO.
func (Kind) Configure(settings map[string]string) (game.Rules, error) {
	for k := range settings {
		return nil, fmt.Errorf("%q is no setting of lbe", k)
	}
	return Rules{}, nil
}

// Calendar: each kind of decision has its deadline.
func (Kind) Calendar() []game.PhaseKind { return table.Calendar(italian, kinds...) }

// EditForms are the changes EDIT takes: the engine's (game.EditHelper).
func (Kind) EditForms() [game.Langs]string { return table.EditForms() }

// Commands are the engine's RULE and the moderator's DATA ... ENDDATA.
func (Kind) Commands() []game.Command {
	return append(table.Commands(), table.DataCommand(
		[game.Langs]string{"loads the group's data file (map, Power sheets, cards) before the setup", "carica il file dei dati del gruppo (mappa, schede, carte) prima del setup"},
		func(s *table.State, body string) (table.Play, table.Msg, int, []table.Msg) {
			p := s.P.(*Play)
			if p.Turn != 0 || p.Placing != nil {
				return nil, table.Msg{}, 0, []table.Msg{table.M("the data is loaded before the setup only")}
			}
			d, errs := ParseData(body)
			if len(errs) > 0 {
				return nil, table.Msg{}, 0, errs
			}
			return &Play{Table: p.Table, Data: d}, table.M("Data loaded: %s territories, %s events, %s intrigue cards; %s placeholder lines.", len(d.Territories), len(d.Events), len(d.Intrigue), d.Placeholders), d.Placeholders, nil
		}))
}

// Rules are the game: four Powers.
type Rules struct{}

func (Rules) Seats() []game.Seat {
	var out []game.Seat
	for _, p := range powers {
		out = append(out, game.Seat{ID: p.ID, Name: table.M("%s", p.Name).Text(italian)})
	}
	return out
}

func (Rules) Seat(name string) (string, bool) { return seatByName(name) }

func seatByName(name string) (string, bool) {
	for _, p := range powers {
		if strings.EqualFold(name, p.ID) || strings.EqualFold(name, p.Name) || strings.EqualFold(name, p.Italian) {
			return p.ID, true
		}
	}
	return "", false
}

// Start is the moderator's decision to load the data or start, with the
// sample loaded. A Power nobody plays is an Automated Power (13.0).
func (Rules) Start(absent []string, _ *dice.Source) (game.State, error) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 {
		return nil, fmt.Errorf("the sample data: %s", errs[0].Write(nil, game.English))
	}
	p := &Play{Table: table.Table{Stage: "S", Order: []string{"gb", "fr", "ru", "ic"}, Auto: slices.Clone(absent)}, Data: d}
	p.AskData(kindData, d.Placeholders)
	return table.NewState(p, decodePlay), nil
}

func (Rules) Decode(data []byte) (game.State, error) {
	p, err := decodePlay(data)
	return table.NewState(p, decodePlay), err
}

func (Rules) Phase(text string) (game.Phase, error) { return table.ParsePhase(text) }

// decodePlay reads a Play back from its JSON.
var decodePlay = table.Decoder[Play]

// Play is a game of La Belle Époque between two decisions. The money,
// the cubes in the Embassies (md), Prestige, VP and the fleet track are
// the engine's tracks, by power, which the moderator's EDIT TRACK sets.
type Play struct {
	table.Table
	Data *Data `json:"data"`
	Turn int   `json:"turn"`
	// Placing are the cubes each Power has still to place in the setup.
	Placing map[string]int     `json:"placing,omitempty"`
	Powers  map[string]*Forces `json:"powers,omitempty"`
	// MinorTired are the allied minors' units used this turn
	// ("italia fleet").
	MinorTired []string `json:"minor_tired,omitempty"`
	// Held is who holds each territory (allied or controlled), to tell
	// changes.
	Held map[string]string `json:"held,omitempty"`
	// Passed are the Powers that passed this turn, in order (8.10).
	Passed  []string `json:"passed,omitempty"`
	Cur     int      `json:"cur"`
	Round   *Round   `json:"round,omitempty"`
	Contest *Contest `json:"contest,omitempty"`
	// Bonuses are the Prestige boxes whose bonus each Power took (11.1).
	Bonuses map[string][]int `json:"bonuses,omitempty"`
	// Effects are the effects of the cards played still to apply, the
	// first waiting for its target (cards.go).
	Effects []Effect `json:"effects,omitempty"`
	Over    bool     `json:"over,omitempty"`
	Early   bool     `json:"early,omitempty"`

	// dice are the phase's dice while a decision is applied.
	dice *dice.Source
}

// Forces are a Power's units and markers.
type Forces struct {
	Armies   int     `json:"armies"` // in the Arsenal
	Tired    int     `json:"tired"`  // of them, exhausted
	Bought   int     `json:"bought"`
	Fleets   []Fleet `json:"fleets,omitempty"`
	Armament int     `json:"armament"`
	Work     bool    `json:"work,omitempty"`
	Prestige bool    `json:"prestige_used,omitempty"`
	Doctrine bool    `json:"doctrine,omitempty"`
	// TargetedBy is the card that affected the Power this turn: no other
	// may (8.6.1).
	TargetedBy string   `json:"targeted_by,omitempty"`
	Sold       []string `json:"sold,omitempty"`
	// ContestBonus is an Automated Power's contest bonus, fixed in
	// ContestTurn (13.9.1).
	ContestBonus int `json:"contest_bonus,omitempty"`
	ContestTurn  int `json:"contest_turn,omitempty"`
}

// Fleet is a fleet in the Arsenal or a continent's box.
type Fleet struct {
	At    string `json:"at"`
	Tired bool   `json:"tired,omitempty"`
}

// Round is a Power's round of one or two actions (8.0), with the lines
// left when a contest interrupts it.
type Round struct {
	Seat string   `json:"seat"`
	Used []string `json:"used,omitempty"`
	Rest []string `json:"rest,omitempty"`
}

// Contest is a contest being resolved (8.7): the space, the sides, the
// step of the fixed sequence and what each side committed.
type Contest struct {
	Territory string `json:"territory"`
	Space     int    `json:"space"`
	Attacker  string `json:"attacker"`
	// Defender is the Power defending (the cube's, or its minor's
	// patron); "" for an unallied minor, which defends alone.
	Defender string `json:"defender,omitempty"`
	Minor    string `json:"minor,omitempty"`
	Step     int    `json:"step"`
	AF       int    `json:"af,omitempty"`
	DF       int    `json:"df,omitempty"`
	DA       int    `json:"da,omitempty"`
	AA       int    `json:"aa,omitempty"`
	// OwnFleet marks a side that used a fleet of its own (8.7 g).
	AOwn  bool `json:"a_own,omitempty"`
	DOwn  bool `json:"d_own,omitempty"`
	AskAA int  `json:"ask_aa"` // armies given ahead, -1 for none
	AskAF int  `json:"ask_af"`
}

func (p *Play) Base() *table.Table    { return &p.Table }
func (p *Play) Dict() game.Dictionary { return italian }

func (p *Play) Title(stage string) table.Msg {
	if p.Turn == 0 {
		return table.M("setup")
	}
	return table.M("turn %s", p.Turn)
}

// setup is 3.0 and 3.3: the minors' cubes, the Powers' sheets, the
// decks, and the setup rounds' first placement.
func (p *Play) setup(d *dice.Source) {
	p.Powers = map[string]*Forces{}
	p.Placing = map[string]int{}
	p.Hands = map[string][]string{}
	for _, pw := range powers {
		sh := p.Data.Powers[pw.ID]
		p.Powers[pw.ID] = &Forces{Armament: pw.Armament}
		money := sh.Money
		if slices.Contains(p.Auto, pw.ID) {
			money = 0 // an Automated Power plays without money (13.3)
		}
		p.Add("money", pw.ID, money)
		p.Add("prestige", pw.ID, sh.Prestige)
		p.Add("vp", pw.ID, 0)
		p.Add("md", pw.ID, 0)
		p.Placing[pw.ID] = pw.Setup
	}
	for _, s := range p.Data.Minors {
		for range s.N {
			p.Put(s.Territory, table.Piece{Kind: "md", Owner: s.Owner, Tag: strconv.Itoa(p.free(s.Territory))})
		}
	}
	p.Decks = map[string][]string{}
	for _, id := range sortedKeys(p.Data.Events) {
		c := p.Data.Events[id]
		p.Decks[eraDeck(c.Era)] = append(p.Decks[eraDeck(c.Era)], id)
	}
	for _, id := range sortedKeys(p.Data.Intrigue) {
		p.Decks["intrigue"] = append(p.Decks["intrigue"], id)
	}
	for _, deck := range []string{"era1", "era2", "era3", "intrigue"} {
		p.Shuffle(d, deck)
	}
	// 3.0 step 3: two cards of era I go back to the box unseen.
	p.Decks["events"] = p.Decks["era1"][min(2, len(p.Decks["era1"])):]
	delete(p.Decks, "era1")
	for _, id := range sortedKeys(p.Data.National) {
		c := p.Data.National[id]
		for _, pw := range powers {
			if c.Power == pw.ID || c.Power == "all" {
				p.Give(pw.ID, id)
			}
		}
	}
	p.Held = p.holders()
	p.Log(table.M("The setup begins: Russia, France, the Central Powers and Great Britain place 2 cubes a round (3.3)."))
	p.askPlace()
}

func eraDeck(era int) string { return "era" + strconv.Itoa(era) }

// askPlace asks the next Power with cubes left for its setup placement,
// in the order of 3.3.1; with none left, the game's first turn begins.
func (p *Play) askPlace() {
	for range powers {
		pw := powers[p.Cur%len(powers)]
		p.Cur++
		left := p.Placing[pw.ID]
		if left == 0 {
			continue
		}
		n := min(2, left)
		def := p.defaultPlacement(pw.ID, n)
		p.Ask(table.Decision{Seat: pw.ID, Kind: kindSetup, Default: "SETUP " + strings.Join(def, " "),
			Prompt: table.M("Setup: place %s cubes in different territories, at most half of each filled, no contests (SETUP <territory> <territory>). Cubes left: %s; minimums still owed: %s.", n, left, p.owedMinimums(pw.ID))})
		return
	}
}

// owedMinimums writes the continents' minimums the Power still owes.
func (p *Play) owedMinimums(seat string) string {
	var out []string
	for _, c := range continents {
		if m := p.Data.Powers[seat].Minimum[c] - p.cubesIn(seat, c); m > 0 {
			out = append(out, c+" "+strconv.Itoa(m))
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}

// cubesIn counts the Power's cubes in a continent.
func (p *Play) cubesIn(seat, continent string) int {
	n := 0
	for id, t := range p.Data.Territories {
		if t.Continent == continent {
			n += p.count(id, seat)
		}
	}
	return n
}

// placeError says why a setup placement is refused (3.3.2): the
// territories must differ, exist, stay at most half full, and the
// cubes left must still meet the minimums.
func (p *Play) placeError(seat string, ts []string) *table.Msg {
	want := min(2, p.Placing[seat])
	if len(ts) != want {
		m := table.M("expected SETUP and %s territories", want)
		return &m
	}
	if len(ts) == 2 && ts[0] == ts[1] {
		m := table.M("one cube per territory a round")
		return &m
	}
	owed := map[string]int{}
	for _, c := range continents {
		owed[c] = max(0, p.Data.Powers[seat].Minimum[c]-p.cubesIn(seat, c))
	}
	for _, id := range ts {
		t := p.Data.Territories[id]
		if t == nil {
			m := table.M("there is no territory %s", id)
			return &m
		}
		if 2*(len(p.Board[id])+1) > t.Spaces {
			m := table.M("%s would be more than half full", id)
			return &m
		}
		owed[t.Continent] = max(0, owed[t.Continent]-1)
	}
	need := owed["europe"] + owed["africa"] + owed["asia"]
	if left := p.Placing[seat] - len(ts); need > left {
		m := table.M("the minimums per continent could no longer be met: %s cubes left for %s owed", left, need)
		return &m
	}
	return nil
}

// defaultPlacement is what the deadline places: the territories, in
// order, of the continents whose minimum is owed first, then any.
func (p *Play) defaultPlacement(seat string, n int) []string {
	var out []string
	try := func(owedOnly bool) {
		for _, c := range continents {
			owed := p.Data.Powers[seat].Minimum[c] - p.cubesIn(seat, c)
			for _, id := range sortedKeys(p.Data.Territories) {
				if owedOnly && owed <= 0 {
					break
				}
				if len(out) < n && p.Data.Territories[id].Continent == c && !slices.Contains(out, id) && 2*(len(p.Board[id])+1) <= p.Data.Territories[id].Spaces {
					out = append(out, id)
					owed--
				}
			}
		}
	}
	try(true)
	try(false)
	return out
}

// place carries out a setup placement; an answer no longer legal gives
// way to the default.
func (p *Play) place(seat, answer string) {
	ts := strings.Fields(strings.TrimPrefix(answer, "SETUP "))
	if e := p.placeError(seat, ts); e != nil {
		p.Log(table.Skipped(table.M("%s skipped: ", answer), *e))
		ts = p.defaultPlacement(seat, min(2, p.Placing[seat]))
	}
	for _, id := range ts {
		p.Put(id, table.Piece{Kind: "md", Owner: seat, Tag: strconv.Itoa(p.free(id))})
		p.Placing[seat]--
	}
	p.Log(table.M("%s places cubes in %s.", seat, strings.Join(ts, ", ")))
	for _, s := range p.Order {
		if p.Placing[s] > 0 {
			p.askPlace()
			return
		}
	}
	p.Placing = nil
	p.Held = p.holders()
	p.firstOrder()
	p.startTurn(1)
}

// End: after the last scoring the most VP win; ties go to Prestige,
// then money, else the win is shared (10.2). The Automated Powers do
// not compete (13.0); the solo game's Power wins by the table of 13.10.
func (p *Play) End() *game.Ending {
	if !p.Over {
		return nil
	}
	if s := p.soloist(); s != "" {
		vp := p.Get("vp", s)
		var result string
		for _, r := range soloResults {
			if vp >= r.From {
				result = r.Result
			}
		}
		e := &game.Ending{Text: table.M("%s scores %s VP: %s (13.10)", powerOf(s).Name, vp, result).Text(italian)}
		if vp >= soloVictory {
			e.Winners = []string{s}
		}
		return e
	}
	_, humans := p.split(p.Order)
	if len(humans) == 0 {
		humans = p.Order
	}
	ranked, winners := table.Rank(humans, func(s string) []int { return []int{p.Get("vp", s), p.Get("prestige", s), p.Get("money", s)} })
	var names, parts []table.Msg
	for _, s := range winners {
		names = append(names, table.M("%s", powerOf(s).Name))
	}
	for _, s := range ranked {
		parts = append(parts, table.M("%s %s", powerOf(s).Name, p.Get("vp", s)))
	}
	m := table.M("%s wins with %s VP (%s)", table.List(names), p.Get("vp", ranked[0]), table.List(parts))
	return &game.Ending{Winners: winners, Draw: len(winners) > 1, Text: m.Text(italian)}
}
