package diplomacy

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants"
)

// Kind is Diplomacy as the judge registers it.
type Kind struct {
	// Draw, when set, draws a phase's results as a picture for the
	// results mail (game.Mapper): package render does, which this package
	// cannot import, as render reads its Response.
	Draw func(resp *Response, title string, at time.Time) ([]byte, error)
}

// Name is "diplomacy".
func (Kind) Name() string { return "diplomacy" }

// Configure reads Diplomacy's own settings: variant (the board,
// "standard" by default), rules (the edition, 2023 or 1971), players and
// alternative (the rulebook's setups for fewer players, seed XIV.2),
// missing (hold, or disorder as in XIV.3), and italy_joins (the
// two-player game's coin, which games made before it moved into the
// position keep among their settings).
func (k Kind) Configure(settings map[string]string) (game.Rules, error) {
	r, err := Configure(settings)
	if err != nil {
		return nil, err
	}
	r.draw = k.Draw
	return r, nil
}

// Configure is Kind.Configure, for the rules themselves.
func Configure(settings map[string]string) (*Rules, error) {
	r := &Rules{}
	var err error
	if r.V, err = Variant(settings["variant"]); err != nil {
		return nil, err
	}
	if r.Edition, err = adjudicator.ParseRules(settings["rules"]); err != nil {
		return nil, err
	}
	// In order, so that of two bad settings the same is told each time.
	for _, key := range slices.Sorted(maps.Keys(settings)) {
		value := settings[key]
		switch key {
		case "variant", "rules":
		case "players", "alternative":
			n := 0
			if value != "" {
				if n, err = strconv.Atoi(value); err != nil {
					return nil, fmt.Errorf("%s %q: expected a number", key, value)
				}
			}
			if key == "players" {
				r.Players = n
			} else {
				r.Alternative = n
			}
		case "missing":
			switch value {
			case "", "hold":
			case "disorder":
				r.Disorder = true
			default:
				return nil, fmt.Errorf("missing orders %q: expected hold or disorder", value)
			}
		case "italy_joins":
			r.italyJoins = value
		default:
			return nil, fmt.Errorf("%q is no setting of Diplomacy", key)
		}
	}
	if err := r.checkSetup(); err != nil {
		return nil, err
	}
	return r, nil
}

// Rules are Diplomacy as configured for one game.
type Rules struct {
	V       *variants.Variant
	Edition adjudicator.Rules
	// Players and Alternative pick the rulebook's setup for fewer players
	// (seed XIV.2): 0 or the board's powers for the full game.
	Players, Alternative int
	// Disorder puts a power that sends no orders in civil disorder (seed
	// XIV.3) instead of having its units hold.
	Disorder bool
	// italyJoins is the coin of a two-player game made before the coin
	// moved into the position: its settings keep it.
	italyJoins string
	// draw is Kind.Draw.
	draw func(resp *Response, title string, at time.Time) ([]byte, error)
}

// Map draws the results of a phase from its record (game.Mapper): the
// position it led to, with its orders and their outcomes; nothing where
// the Kind draws no pictures.
func (r *Rules) Map(data []byte, _ game.Viewer, title string, at time.Time) ([]byte, error) {
	if r.draw == nil {
		return nil, nil
	}
	rec, err := readRecord(data)
	if err != nil {
		return nil, err
	}
	return r.draw(rec.Response, title, at)
}

// Seats are the board's powers.
func (r *Rules) Seats() []game.Seat {
	out := make([]game.Seat, len(r.V.Powers))
	for p := range r.V.Powers {
		out[p] = game.Seat{ID: r.V.Powers[p].ID, Name: r.powerText(variants.Power(p))}
	}
	return out
}

// Seat is the power named name exactly as the board names it: its id,
// its English or Italian name, adjective or abbreviation, in any case,
// with "-" for a space ("austria-hungary"); a misspelt one is none, so
// that "prussia" never seats Russia.
func (r *Rules) Seat(name string) (string, bool) {
	key := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	for _, k := range []string{key, strings.ReplaceAll(key, "-", " ")} {
		if p, ok := r.V.PowerNames[k]; ok {
			return r.V.Powers[p].ID, true
		}
	}
	return "", false
}

// Decode reads a position as the store keeps it (Position's JSON).
func (r *Rules) Decode(data []byte) (game.State, error) {
	return r.Load(data)
}

// Load is Decode, to Diplomacy's own State.
func (r *Rules) Load(data []byte) (*State, error) {
	js, err := decodeStored(data)
	if err != nil {
		return nil, fmt.Errorf("stored position: %w", err)
	}
	st, err := r.State(js)
	if err != nil {
		return nil, fmt.Errorf("stored %w", err)
	}
	return st, nil
}

// State is the state of a position in JSON terms.
func (r *Rules) State(js *Position) (*State, error) {
	pos, err := Decode(r.V, js)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return &State{r: r, js: js, pos: pos}, nil
}

// Phase reads a phase as a PHASE line writes it (ParsePhase).
func (r *Rules) Phase(text string) (game.Phase, error) {
	p, err := ParsePhase(strings.Fields(text))
	if err != nil {
		return game.Phase{}, err
	}
	return phaseOf(p), nil
}

// phaseOf is a phase in the contract's terms.
func phaseOf(p adjudicator.Phase) game.Phase {
	return game.Phase{ID: p.String(), Kind: phaseKinds[p.Type], Rank: Rank(p), Title: func(l game.Lang) string { return PhaseTitle(l, p) }}
}

// phaseKinds name the phase types in the calendar: a game's deadline
// settings are per kind.
var phaseKinds = [...]string{adjudicator.Movement: "movement", adjudicator.Retreat: "retreat", adjudicator.Adjustment: "adjustment"}

// Rank orders phases in time.
func Rank(p adjudicator.Phase) int {
	return (p.Year*3+int(p.Season))*3 + int(p.Type)
}

// Start is the board's start for the game's setup: the powers in absent
// (and those the setup leaves out) in disorder from the first phase on;
// for two players, the two-player game's first year with its neutral
// power's land closed. Diplomacy's start draws nothing.
func (r *Rules) Start(absent []string, _ *dice.Source) (game.State, error) {
	return r.start(absent)
}

func (r *Rules) start(absent []string) (*State, error) {
	v := r.V
	var out variants.PowerSet
	for _, id := range absent {
		p := v.PowerByID(id)
		if p == variants.NoPower {
			return nil, fmt.Errorf("no power %q on the %s board", id, v.Name)
		}
		out.Add(p)
	}
	pos := &adjudicator.Position{
		Phase:    adjudicator.Phase{Year: v.StartYear, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:    slices.Clone(v.StartUnits),
		Centers:  slices.Clone(v.StartCenters),
		Disorder: out,
	}
	if tp := v.TwoPlayer; r.Players == 2 && tp != nil {
		pos.Phase.Year = tp.Year
		for _, l := range tp.Closed {
			pos.Closed.Add(v.Province(l))
		}
	}
	return &State{r: r, js: Encode(v, r.Edition, pos, variants.NoPower), pos: pos}, nil
}

// powerText is a power's name, in the reader's language.
func (r *Rules) powerText(p variants.Power) game.Text {
	return func(l game.Lang) string { return PowerName(l, r.V, p) }
}

// Label is the board's name and the rules edition (game.Labeled).
func (r *Rules) Label() (board, edition string) { return r.V.Name, r.Edition.String() }
