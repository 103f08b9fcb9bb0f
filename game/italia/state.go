package italia

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// CounterKind is what a land counter really is; the other players see
// only "<power> #k" (spec §3.5, R57).
type CounterKind string

const (
	Army       CounterKind = "army"
	Contingent CounterKind = "contingent"
	Dummy      CounterKind = "dummy"
)

// counterKinds are the kinds with the words a deployment line writes for
// them (spec §4.2).
var counterKinds = []struct {
	Kind             CounterKind
	Italian, English string
}{
	{Army, "ESERCITO", "ARMY"},
	{Contingent, "CONTINGENTE", "CONTINGENT"},
	{Dummy, "FINTO", "DUMMY"},
}

// Limits of a power's forces (seed §2, §4; spec §1.5).
const (
	maxCounters      = 3 // numbered land counters: one army, up to two contingents or dummies
	minContingent    = 3
	maxContingent    = 5
	maxOrdinaryTroop = 20 // the placeholder army list (spec C.1, R40)
)

// Position is a game between two deadlines as the store keeps it, in the
// board's ids ("venic", "UA") and the powers' ids.
type Position struct {
	Phase  string   `json:"phase"`
	Powers []*Power `json:"powers"`
	// Control maps each territory a power controls (holds a garrison
	// in) to the power; a territory not listed is independent (seed §4).
	Control map[string]string `json:"control"`
	// Famine and Sack are the territories with the marker (seed §6);
	// both go at the start of a year (R28, R29).
	Famine []string `json:"famine,omitempty"`
	Sack   []string `json:"sack,omitempty"`
	// Revolts are the territories in revolt: control stays with the
	// owner until the autumn turns them independent (R30).
	Revolts []Revolt `json:"revolts,omitempty"`
	Sieges  []Siege  `json:"sieges,omitempty"`
	// Alliances are the official alliances of the year, each pair in the
	// seed's order (spec §3.1).
	Alliances [][2]string `json:"alliances,omitempty"`
	// Transit maps a power to the allies it lets through (R13).
	Transit map[string][]string `json:"transit,omitempty"`
	// Ottoman and Swiss activity, and the French exclusive on the Swiss
	// (card 7), as events and the arbiter set them (R51, R52).
	OttomansActive  bool `json:"ottomans_active,omitempty"`
	SwissActive     bool `json:"swiss_active,omitempty"`
	FrenchExclusive bool `json:"french_exclusive,omitempty"`
	// Wars are the lost wars in progress, and Taken when each territory
	// of a capital set last changed hands (a phase's rank), for the first
	// taker of a shared set (seed §6, R31).
	Wars  []War          `json:"wars,omitempty"`
	Taken map[string]int `json:"taken,omitempty"`
	// Absent lists the seats no player took: they give no orders and
	// their forces stand (R34, R52).
	Absent []string `json:"absent,omitempty"`
	// Scenario is the data the seed lacks, as far as the arbiter has
	// supplied it (scenario.go): a new game's is empty, all the judge's
	// provisional data; a position from before scenarios has none.
	Scenario *Scenario `json:"scenario,omitempty"`
	// TwoCities counts, by power, the ends of turns in a row it has held
	// two of the five great cities; TwoCityYear the powers that have held
	// them a year, the precondition of victory (seed §11, R32).
	TwoCities   map[string]int `json:"two_cities,omitempty"`
	TwoCityYear []string       `json:"two_city_year,omitempty"`
	// Out are the seated powers put out of the game at the end of an
	// autumn with no territory and no counter (R35, spec §3.20): their
	// fleets were removed, their cards went back to the deck, and they
	// draw no more. A power without either in another season is still
	// in the game.
	Out []string `json:"out,omitempty"`
	// BattlesWon counts, by power, the battles its army has won by
	// routing the enemy, and BattlesFought those it has fought, won or
	// not (seed §8 Precisazione 2, §11; R18: the abstract battle's and
	// the arbiter's results alike), for the victory sheets' BATTLES
	// lines. They are the position's, so that a turn resolved again from
	// its start (a round of battles, a rollback) counts each battle once.
	BattlesWon    map[string]int `json:"battles_won,omitempty"`
	BattlesFought map[string]int `json:"battles_fought,omitempty"`
	// Battles, in a round of battle tickets (SET BATTLES TACTICAL, spec
	// §3.10), is what the round keeps to finish its turn: the position
	// above is the turn's as it stood when the round's first ticket
	// opened (tactical.go).
	Battles *BattleRound `json:"battles,omitempty"`
	// Cards are where the scenario's cards are, the lottery, the
	// Conclave and the council (seed §10, cards.go); a position from
	// before the cards has none, and its cards are the arbiter's.
	Cards *Cards `json:"cards,omitempty"`
}

// Power is one power's forces, money and cards.
type Power struct {
	ID       string `json:"id"`
	Treasury int    `json:"treasury"`
	// Counters are the land counters on the board, #1 to #3.
	Counters []Counter `json:"counters,omitempty"`
	Fleets   []Fleet   `json:"fleets,omitempty"`
	// Reserve are elements in no counter: a CinC left alone, elements
	// sent to the capital after a siege (R43); they join next spring's
	// deployment.
	Reserve Elements `json:"reserve"`
	// DisbandedFleets counts fleets disbanded that may be armed again
	// (seed §5).
	DisbandedFleets int `json:"disbanded_fleets,omitempty"`
	// Hand are the cards kept; Drawn the ones drawn this turn, to keep,
	// discard or play (seed §10).
	Hand  []int `json:"hand,omitempty"`
	Drawn []int `json:"drawn,omitempty"`
}

// Counter is a land counter: an army, a contingent or a dummy.
type Counter struct {
	N        int         `json:"n"`
	Kind     CounterKind `json:"kind"`
	At       string      `json:"at"`
	InCity   bool        `json:"in_city,omitempty"`
	Elements Elements    `json:"elements"`
	// Strategic marks a counter that moved strategically last turn: it
	// may not again this turn (seed §7, R19).
	Strategic bool `json:"strategic,omitempty"`
}

// Fleet is a fleet in a sea.
type Fleet struct {
	N  int    `json:"n"`
	At string `json:"at"`
}

// Revolt is a territory in revolt; By is who fomented it ("" for an
// event), kept from the other players when Secret (seed §5 Nota 1).
type Revolt struct {
	At     string `json:"at"`
	By     string `json:"by,omitempty"`
	Secret bool   `json:"secret,omitempty"`
}

// Siege is an army's siege of a city: Turns is how many siege turns it has
// rolled (R25).
type Siege struct {
	At      string `json:"at"`
	Power   string `json:"power"`
	Counter int    `json:"counter"`
	Turns   int    `json:"turns"`
}

// State is a game between two deadlines: the position, with the rules it
// is played by. Its methods change nothing.
type State struct {
	r     *Rules
	pos   *Position
	phase Phase
}

var _ game.State = (*State)(nil)

// Pos is the position; the caller must not change it.
func (s *State) Pos() *Position { return s.pos }

// Phase is the deadline orders are given for.
func (s *State) Phase() game.Phase { return s.phase.contract() }

// Encode writes the position as the store keeps it.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s.pos) }

// Owing lists the seats that give a sheet this phase: every power a player
// sits at (spec §2.2: all order in every phase), in the seed's order; in
// a round of battles none, for the arbiter decides (tactical.go).
func (s *State) Owing() []string {
	if s.phase.Battles() {
		return nil
	}
	return s.seatedPowers()
}

// seatedPowers are the powers a player sits at, in the seed's order.
func (s *State) seatedPowers() []string {
	var out []string
	for _, p := range s.pos.Powers {
		if s.r.seated(p.ID) && !slices.Contains(s.pos.Absent, p.ID) {
			out = append(out, p.ID)
		}
	}
	return out
}

// kindWord is a counter's kind in l, as a deployment line writes it
// ("ESERCITO").
func kindWord(l game.Lang, k CounterKind) string {
	for _, ck := range counterKinds {
		if ck.Kind == k {
			if l == game.Italian {
				return ck.Italian
			}
			return ck.English
		}
	}
	return string(k)
}

// counterText writes a counter for its own power as its deployment line
// does: "#2 CONTINGENTE IN Verona: 2 CL, 1 PK", "#3 FINTO IN Treviso".
func (s *State) counterText(l game.Lang, ct Counter) string {
	out := fmt.Sprintf("#%d %s IN %s", ct.N, kindWord(l, ct.Kind), s.r.board.Areas[s.area(ct.At)].Italian)
	if ct.Kind != Dummy {
		out += ": " + ct.Elements.String()
	}
	return out
}

// power is the power with id in the position, nil for none.
func (s *State) power(id string) *Power { return s.pos.power(id) }

// power is the power with id, nil for none.
func (pos *Position) power(id string) *Power {
	for _, p := range pos.Powers {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// controller is who controls territory a: a power's id, "" for an
// independent garrison.
func (s *State) controller(a machiavelli.Area) string {
	return s.pos.Control[s.r.board.Areas[a].ID]
}

// area is the board's area with id; the position is checked when read,
// so a missing id is a bug.
func (s *State) area(id string) machiavelli.Area { return s.r.area(id) }

// counter is power p's counter #n, nil for none.
func (p *Power) counter(n int) *Counter {
	for i := range p.Counters {
		if p.Counters[i].N == n {
			return &p.Counters[i]
		}
	}
	return nil
}

// fleet is power p's fleet F<n>, nil for none.
func (p *Power) fleet(n int) *Fleet {
	for i := range p.Fleets {
		if p.Fleets[i].N == n {
			return &p.Fleets[i]
		}
	}
	return nil
}

// drop takes p's counter #n off the board, with what it holds.
func (p *Power) drop(n int) {
	p.Counters = slices.DeleteFunc(p.Counters, func(c Counter) bool { return c.N == n })
}

// newFleet puts a new fleet of p's in sea, numbered with the lowest
// number free, and returns the number.
func (p *Power) newFleet(sea string) int {
	n := 1
	for p.fleet(n) != nil {
		n++
	}
	p.Fleets = append(p.Fleets, Fleet{N: n, At: sea})
	return n
}

// army is power p's army counter, nil if it has none on the board.
func (p *Power) army() *Counter {
	for i := range p.Counters {
		if p.Counters[i].Kind == Army {
			return &p.Counters[i]
		}
	}
	return nil
}

// pool is all of p's land elements: every counter's and the reserve, as
// a spring's deployment hands them out again (spec §3.5).
func (p *Power) pool() Elements {
	es := p.Reserve
	for _, c := range p.Counters {
		es = es.Plus(c.Elements)
	}
	return es
}

// allied reports whether a and b are formal allies this year.
func (s *State) allied(a, b string) bool { return s.pos.allied(a, b) }

// allied reports whether a and b are formal allies in pos.
func (pos *Position) allied(a, b string) bool {
	for _, al := range pos.Alliances {
		if al == [2]string{a, b} || al == [2]string{b, a} {
			return true
		}
	}
	return false
}

// inRevolt reports whether territory id is in revolt.
func (s *State) inRevolt(id string) bool {
	return s.pos.inRevolt(id)
}

// inRevolt reports whether territory id is in revolt in pos.
func (pos *Position) inRevolt(id string) bool {
	return slices.ContainsFunc(pos.Revolts, func(r Revolt) bool { return r.At == id })
}

// capitalSet is power id's capital set (spec §3.16): the Aragonesi's
// includes Napoli while they hold it (seed §6).
func (s *State) capitalSet(id string) []string { return s.pos.capitalSet(id) }

// capitalSet is power id's capital set in pos (spec §3.16): the
// Aragonesi's includes Napoli while they hold it (seed §6).
func (pos *Position) capitalSet(id string) []string {
	p := powerByID(id)
	if p == nil {
		return nil
	}
	out := slices.Clone(p.Capital)
	if id == "aragonesi" && pos.Control["naple"] == id {
		out = append(out, "naple")
	}
	return out
}

// isCapital reports whether territory id is a capital that bribes and
// revolts may not touch (spec §3.4): France's yellow territories are
// protected by the higher price instead (seed §5 Nota 2).
func (s *State) isCapital(id string) bool {
	for _, p := range powers {
		if p.ID != "francia" && slices.Contains(s.capitalSet(p.ID), id) {
			return true
		}
	}
	return false
}

// check says what is wrong with a position read from the store or a
// request, in the board's and the rules' terms.
func (r *Rules) check(pos *Position) error {
	b := r.board
	isArea := func(id string, sea bool) bool {
		a := b.ByID(id)
		return a != machiavelli.NoArea && b.Areas[a].Sea == sea
	}
	seen := map[string]bool{}
	for _, p := range pos.Powers {
		if powerByID(p.ID) == nil || seen[p.ID] {
			return fmt.Errorf("power %q: unknown or twice", p.ID)
		}
		seen[p.ID] = true
		if p.Treasury < 0 {
			return fmt.Errorf("%s: treasury %d", p.ID, p.Treasury)
		}
		if len(p.Counters) > maxCounters {
			return fmt.Errorf("%s: %d land counters, at most %d", p.ID, len(p.Counters), maxCounters)
		}
		nums := map[int]bool{}
		armies := 0
		for _, c := range p.Counters {
			if c.N < 1 || c.N > maxCounters || nums[c.N] || !isArea(c.At, false) {
				return fmt.Errorf("%s: counter #%d in %q", p.ID, c.N, c.At)
			}
			nums[c.N] = true
			switch c.Kind {
			case Army:
				armies++
			case Contingent, Dummy:
			default:
				return fmt.Errorf("%s: counter #%d of kind %q", p.ID, c.N, c.Kind)
			}
		}
		if armies > 1 {
			return fmt.Errorf("%s: %d armies", p.ID, armies)
		}
		fnums := map[int]bool{}
		for _, f := range p.Fleets {
			if f.N < 1 || fnums[f.N] || !isArea(f.At, true) {
				return fmt.Errorf("%s: fleet F%d in %q", p.ID, f.N, f.At)
			}
			fnums[f.N] = true
		}
	}
	for t, p := range pos.Control {
		if !isArea(t, false) || !seen[p] {
			return fmt.Errorf("control of %q by %q", t, p)
		}
	}
	for _, list := range [][]string{pos.Famine, pos.Sack} {
		for _, t := range list {
			if !isArea(t, false) {
				return fmt.Errorf("marker in %q", t)
			}
		}
	}
	for _, rv := range pos.Revolts {
		if !isArea(rv.At, false) {
			return fmt.Errorf("revolt in %q", rv.At)
		}
	}
	for _, sg := range pos.Sieges {
		if !isArea(sg.At, false) || !seen[sg.Power] {
			return fmt.Errorf("siege of %q by %q", sg.At, sg.Power)
		}
	}
	for _, al := range pos.Alliances {
		if !seen[al[0]] || !seen[al[1]] || al[0] == al[1] {
			return fmt.Errorf("alliance %v", al)
		}
	}
	for _, tally := range []map[string]int{pos.BattlesWon, pos.BattlesFought} {
		for p, n := range tally {
			if !seen[p] || n < 0 || pos.BattlesWon[p] > pos.BattlesFought[p] {
				return fmt.Errorf("battles of %q: %d won of %d fought", p, pos.BattlesWon[p], pos.BattlesFought[p])
			}
		}
	}
	return nil
}

// clone is a deep copy of pos, to change without touching the state it
// belongs to (a State is a value).
func (pos *Position) clone() (*Position, error) {
	data, err := json.Marshal(pos)
	if err != nil {
		return nil, err
	}
	out := &Position{}
	return out, json.Unmarshal(data, out)
}

// changeable is s with a copy of its position, for an arbiter's command
// to change: a refusal leaves s as it was.
func (s *State) changeable() (*State, error) {
	pos, err := s.pos.clone()
	if err != nil {
		return nil, fmt.Errorf("italia: copy the position: %w", err)
	}
	return &State{r: s.r, pos: pos, phase: s.phase}, nil
}
