package italia

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants/italia"
	"github.com/corriere/corriere/variants/machiavelli"
)

// Kind is Le Guerre d'Italia as the judge registers it.
type Kind struct{}

var _ game.Kind = Kind{}

// Name is "italia", as CREATE's "game italia" and `corriere demo --game
// italia` name it.
func (Kind) Name() string { return "italia" }

// Configure reads the game's own settings (Configure).
func (Kind) Configure(settings map[string]string) (game.Rules, error) {
	return Configure(settings)
}

// Rules are the game as configured for one game.
type Rules struct {
	// Players is 6, 7 (the Ottomans seated) or 8 (the Swiss too) (seed
	// §1; spec §1.1).
	Players int
	// LagoonSeparate plays the board's 11 seas (SET LAGOON SEPARATE);
	// by default the Laguna is part of the Alto Adriatico (R3).
	LagoonSeparate bool
	// Tactical leaves battles to the arbiter (SET BATTLES TACTICAL):
	// battle tickets (tactical.go); by default the abstract battle
	// decides (R18).
	Tactical bool

	board *machiavelli.Board
	ids   map[string]machiavelli.Area
}

// Configure reads the settings: players (6, 7 or 8), lagoon (merged or
// separate) and battles (abstract or tactical), as Kind.Settings declares
// them; any other is refused, saying which the game takes. The board and
// the scenario are no settings: Label names them from these (the board
// is italia, the Laguna apart with lagoon separate; the seed has one
// scenario, 1499-1512), and the judge gives a game's variant and rules
// columns only to a game that declares settings of those names.
func Configure(settings map[string]string) (*Rules, error) {
	r := &Rules{Players: 6}
	// switches are the settings that choose between two values, the
	// default first.
	switches := map[string]struct {
		off, on string
		set     *bool
	}{
		"lagoon":  {"merged", "separate", &r.LagoonSeparate},
		"battles": {"abstract", "tactical", &r.Tactical},
	}
	for _, key := range slices.Sorted(maps.Keys(settings)) {
		value := strings.ToLower(strings.TrimSpace(settings[key]))
		switch key {
		case "players":
			n, err := strconv.Atoi(value)
			if value != "" && (err != nil || n < 6 || n > len(powers)) {
				return nil, refuse("players %q: expected 6, 7 (the Ottomans seated) or 8 (the Swiss too)", value)
			}
			if value != "" {
				r.Players = n
			}
		case "lagoon", "battles":
			sw := switches[key]
			if value != "" && value != sw.off && value != sw.on {
				return nil, refuse("%s %q: expected %s or %s", key, value, sw.off, sw.on)
			}
			*sw.set = value == sw.on
		default:
			return nil, unknownSetting(key)
		}
	}
	r.board = italia.Merged()
	if r.LagoonSeparate {
		r.board = italia.Board()
	}
	r.ids = map[string]machiavelli.Area{}
	for i, a := range r.board.Areas {
		r.ids[a.ID] = machiavelli.Area(i)
	}
	return r, nil
}

// Board is the board the game is played on.
func (r *Rules) Board() *machiavelli.Board { return r.board }

// area is the area with id; on the merged board the Laguna's id is the
// Alto Adriatico's.
func (r *Rules) area(id string) machiavelli.Area {
	if a, ok := r.ids[id]; ok {
		return a
	}
	a, _ := r.board.Lookup(id)
	return a
}

// seated reports whether a player sits at power id: the six, and the
// Ottomans and the Swiss with 7 and 8 players.
func (r *Rules) seated(id string) bool {
	i := powerIndex(id)
	return i < r.Players
}

// Seats are the seated powers, in the seed's order.
func (r *Rules) Seats() []game.Seat {
	var out []game.Seat
	for _, p := range powers[:r.Players] {
		out = append(out, game.Seat{ID: p.ID, Name: func(l game.Lang) string { return powerName(l, p.ID) }})
	}
	return out
}

// MasterSeats are the powers no player sits at, which the arbiter plays
// (spec §3.18, game.MasterSeater): with 6 players the Ottomans and the
// Swiss, with 7 the Swiss.
func (r *Rules) MasterSeats() []game.Seat {
	var out []game.Seat
	for _, p := range powers[r.Players:] {
		out = append(out, game.Seat{ID: p.ID, Name: func(l game.Lang) string { return powerName(l, p.ID) }})
	}
	return out
}

// Seat is the seated power named name exactly: its id or a name in
// either language, in any case, accents optional; a prefix is no seat.
func (r *Rules) Seat(name string) (string, bool) {
	i, ok := powerNames[machiavelli.Fold(name)]
	if !ok || !r.seated(powers[i].ID) {
		return "", false
	}
	return powers[i].ID, true
}

// Phase reads a phase as ParsePhase does.
func (r *Rules) Phase(text string) (game.Phase, error) {
	p, err := ParsePhase(text)
	if err != nil {
		return game.Phase{}, err
	}
	return p.contract(), nil
}

// Decode reads a position written by State.Encode.
func (r *Rules) Decode(data []byte) (game.State, error) {
	pos := &Position{}
	if err := json.Unmarshal(data, pos); err != nil {
		return nil, fmt.Errorf("stored position: %w", err)
	}
	return r.State(pos)
}

// State is the state of a position, checked against the board and the
// rules.
func (r *Rules) State(pos *Position) (*State, error) {
	ph, err := parsePhase(pos.Phase, LastYear+1)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if err := r.check(pos); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if err := r.checkBattles(ph, pos); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if err := r.checkScenario(pos.Scenario); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if err := r.checkCards(pos); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if pos.Control == nil {
		pos.Control = map[string]string{}
	}
	return &State{r: r, pos: pos, phase: ph}, nil
}

//go:embed setup.json
var setupData []byte

// setup is the start as setup.json writes it (its "provisional" note is
// for the file's readers: R40).
type setup struct {
	Year   int `json:"year"`
	Powers []struct {
		ID          string   `json:"id"`
		Treasury    int      `json:"treasury"`
		Territories []string `json:"territories"`
		Fleets      []string `json:"fleets"`
		Army        *struct {
			At       string   `json:"at"`
			Elements Elements `json:"elements"`
		} `json:"army"`
	} `json:"powers"`
}

// Start is the provisional start of R40 (setup.json): Primavera 1499's
// diplomacy, each power's territories, treasury, fleets and army. The
// seats in absent take no orders. The start draws nothing.
func (r *Rules) Start(absent []string, _ *dice.Source) (game.State, error) {
	return r.start(absent)
}

func (r *Rules) start(absent []string) (*State, error) {
	var su setup
	if err := json.Unmarshal(setupData, &su); err != nil {
		return nil, fmt.Errorf("setup.json: %w", err)
	}
	// The scenario starts as the judge ships it (scenario.go), which the
	// arbiter replaces part by part.
	pos := &Position{Phase: Phase{Year: su.Year, Step: SpringDiplomacy}.String(), Control: map[string]string{}, Scenario: &Scenario{}}
	for _, sp := range su.Powers {
		p := &Power{ID: sp.ID, Treasury: sp.Treasury}
		for _, t := range sp.Territories {
			pos.Control[t] = sp.ID
		}
		for i, sea := range sp.Fleets {
			p.Fleets = append(p.Fleets, Fleet{N: i + 1, At: sea})
		}
		if sp.Army != nil {
			p.Counters = []Counter{{N: 1, Kind: Army, At: sp.Army.At, Elements: sp.Army.Elements}}
		}
		pos.Powers = append(pos.Powers, p)
	}
	// The cards as the scenario deals them (deck.go, cards.go).
	pos.dealCards()
	for _, id := range absent {
		if _, ok := r.Seat(id); !ok {
			return nil, fmt.Errorf("no seat %q in Le Guerre d'Italia", id)
		}
		pos.Absent = append(pos.Absent, id)
	}
	return r.State(pos)
}

// unknownSetting refuses a setting the game does not take, naming the
// ones it does (Kind.Settings); the board and the scenario, which
// another game's CREATE may set, are said to be the game's own.
func unknownSetting(key string) *game.Refusal {
	return &game.Refusal{Reason: func(l game.Lang) string {
		var own []string
		for _, st := range (Kind{}).Settings() {
			own = append(own, st.Names[0]+" ("+st.Form+")")
		}
		last := len(own) - 1
		out := f(l, "%q is no setting of Le Guerre d'Italia: its settings are %s", key, strings.Join(own[:last], ", ")+" "+t(l, "and")+" "+own[last])
		if key == "variant" || key == "rules" {
			out += t(l, "; its board is italia (lagoon separate plays the Laguna as a sea of its own) and its scenario 1499-1512, the seed's only one")
		}
		return out
	}}
}
