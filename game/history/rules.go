package history

import (
	_ "embed"
	"fmt"
	"slices"
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

// Kind is History of the World as the judge registers it.
type Kind struct{}

var (
	_ game.Kind         = Kind{}
	_ game.Configurable = Kind{}
	_ game.Calendar     = Kind{}
	_ game.Commander    = Kind{}
	_ game.Seater       = (*Rules)(nil)
)

// Name is "hotw", as CREATE's "game hotw" names it.
func (Kind) Name() string { return "hotw" }

// Rules are the game for a number of players.
type Rules struct{ Players int }

// players is the game's one setting: 3 to 6 play it, 4 by default.
var players = table.Players{Game: "hotw", Min: 3, Max: 6, Default: 4}

// Configure reads players, 3 to 6.
func (Kind) Configure(settings map[string]string) (game.Rules, error) {
	n, err := players.Read(settings)
	if err != nil {
		return nil, err
	}
	return &Rules{Players: n}, nil
}

// Settings: the number of players.
func (Kind) Settings() []game.Setting { return []game.Setting{players.Setting()} }

// Calendar: each kind of decision has its deadline.
func (Kind) Calendar() []game.PhaseKind {
	return table.Calendar(italian, kindSetup, kindDraft, kindTurn, kindEvent)
}

// EditForms are the changes EDIT takes: the engine's (game.EditHelper).
func (Kind) EditForms() [game.Langs]string { return table.EditForms() }

// Commands are the engine's RULE and the moderator's DATA ... ENDDATA,
// which loads the group's data file before the game's setup: a file
// that does not fit the number of players is refused with its first
// misfit.
func (Kind) Commands() []game.Command {
	return append(table.Commands(), table.DataCommand(
		[game.Langs]string{"loads the group's data file (board, cards, scores) before the setup", "carica il file dei dati del gruppo (plancia, carte, punti) prima della preparazione"},
		func(s *table.State, body string) (table.Play, table.Msg, int, []table.Msg) {
			p := s.P.(*Play)
			if p.Stage != "E0" {
				return nil, table.Msg{}, 0, []table.Msg{table.M("the data is loaded before the setup only")}
			}
			d, errs := ParseData(body)
			if len(errs) > 0 {
				return nil, table.Msg{}, 0, errs
			}
			if errs := d.Fit(len(p.Order)); len(errs) > 0 {
				return nil, table.Msg{}, 0, errs[:1]
			}
			return &Play{Table: p.Table, Data: d}, table.M("Data loaded: %s lands, %s empires, %s events; %s placeholder lines.", len(d.Lands), len(d.Empires), len(d.Events), d.Placeholders), d.Placeholders, nil
		}))
}

// seats are the six colours.
var seats = []string{"red", "yellow", "green", "blue", "purple", "black"}

func (r *Rules) Seats() []game.Seat {
	var out []game.Seat
	for _, s := range seats {
		out = append(out, game.Seat{ID: s, Name: table.M("%s", s).Text(italian)})
	}
	return out
}

func (r *Rules) Seat(name string) (string, bool) { return seatByName(name) }

func seatByName(name string) (string, bool) {
	for _, s := range seats {
		if strings.EqualFold(name, s) || strings.EqualFold(name, italian[s]) {
			return s, true
		}
	}
	return "", false
}

// Seating leaves the colours beyond the number of players out.
func (r *Rules) Seating() game.Seating {
	st := game.Seating{Absent: map[string]game.Text{}}
	for i, s := range seats {
		if i < r.Players {
			st.Sides = append(st.Sides, []string{s})
		} else {
			st.Absent[s] = table.M("the game is for %s players", r.Players).Text(italian)
		}
	}
	return st
}

// Start is the moderator's setup decision, with the sample data loaded.
func (r *Rules) Start(absent []string, _ *dice.Source) (game.State, error) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 {
		return nil, fmt.Errorf("the sample data: %s", errs[0].Write(nil, game.English))
	}
	var playing []string
	for _, s := range seats {
		if !slices.Contains(absent, s) {
			playing = append(playing, s)
		}
	}
	return table.NewState(newPlay(playing, d), decodePlay), nil
}

func (r *Rules) Decode(data []byte) (game.State, error) {
	p, err := decodePlay(data)
	return table.NewState(p, decodePlay), err
}

func (r *Rules) Phase(text string) (game.Phase, error) { return table.ParsePhase(text) }
