package game_test

import (
	"encoding/json"
	"fmt"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// echo is a minimal game: one seat that owes one word a phase.
type echo struct{ phase int }

var _ game.State = echo{}

func (e echo) Phase() game.Phase {
	id := fmt.Sprint(e.phase)
	return game.Phase{ID: id, Kind: "turn", Rank: e.phase, Title: func(game.Lang) string { return "turn " + id }}
}

func (echo) Owing() []string { return []string{"solo"} }

func (echo) Read(side []string, line string, _ []game.Order) ([]game.Reading, error) {
	return []game.Reading{{Written: line, Order: game.Order{Seat: side[0], Key: "word", Text: line}}}, nil
}

func (echo) Missing(_ string, standing []game.Order) []game.Text {
	if len(standing) == 0 {
		return []game.Text{func(game.Lang) string { return "a word" }}
	}
	return nil
}

func (e echo) Resolve(orders []game.Order, _ *dice.Source) (*game.Outcome, error) {
	return &game.Outcome{Next: echo{e.phase + 1}, Record: []byte(orders[0].Text)}, nil
}

func (echo) Results(rec []byte, _ game.State, _ game.Viewer) (game.Report, error) {
	return game.Report{Orders: func(game.Lang) string { return "said: " + string(rec) }}, nil
}

func (e echo) Position(game.Viewer) game.Text {
	return func(game.Lang) string { return fmt.Sprintf("at turn %d\n", e.phase) }
}

func (e echo) Encode() ([]byte, error) { return json.Marshal(e.phase) }

// A phase of the minimal game, as the judge plays it: who owes, what is
// missing, a line read, the phase resolved and its results written.
func Example() {
	var st game.State = echo{1}
	fmt.Println(st.Phase().Title(game.English), st.Owing(), st.Missing("solo", nil)[0](game.English))
	readings, _ := st.Read([]string{"solo"}, "hello", nil)
	out, _ := st.Resolve([]game.Order{readings[0].Order}, nil)
	rep, _ := st.Results(out.Record, out.Next, game.Viewer{Seats: []string{"solo"}})
	fmt.Println(rep.Orders(game.English), "; next:", out.Next.Phase().ID)
	// Output:
	// turn 1 [solo] a word
	// said: hello ; next: 2
}
