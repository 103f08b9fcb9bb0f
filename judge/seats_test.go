package judge

import (
	"testing"

	"github.com/corriere/corriere/game"
)

// sharedSeatsRules are Rules whose Seats share their backing array, with
// room to spare, as a game may keep them, and with a seat the master
// plays (game.MasterSeater).
type sharedSeatsRules struct {
	turnsRules
	all []game.Seat
}

func (r sharedSeatsRules) Seats() []game.Seat { return r.all[:1] }

func (sharedSeatsRules) MasterSeats() []game.Seat {
	return []game.Seat{{ID: "grey", Name: func(game.Lang) string { return "Grey" }}}
}

// The seats' names read the game's seats and the master's without
// writing into the slice the game gave: Seats need not be a fresh copy.
func TestSeatNameLeavesTheGamesSeats(t *testing.T) {
	r := sharedSeatsRules{all: []game.Seat{turnSeats[0], turnSeats[1]}}
	vw := &view{rules: r}
	for id, want := range map[string]string{"red": "Red", "grey": "Grey", "nobody": "nobody"} {
		if got := vw.seatName(english, id); got != want {
			t.Errorf("the name of %s: %q, want %q", id, got, want)
		}
	}
	if r.all[1].ID != "blue" {
		t.Errorf("the game's seats were written over: %s", r.all[1].ID)
	}
}
