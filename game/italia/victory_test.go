package italia

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// idle resolves a phase in which nobody sends a sheet, with whatever the
// dice give, and returns the next state and the events the arbiter reads.
func idle(t *testing.T, st *State) (*State, []string) {
	t.Helper()
	out, err := st.Resolve(nil, dice.New(dice.Seed{}, st.pos.Phase))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := st.Results(out.Record, out.Next, game.Viewer{Master: true})
	if err != nil {
		t.Fatal(err)
	}
	return out.Next.(*State), strings.Split(rep.Events(game.English), "\n")
}

// Two of the five great cities held at the ends of three turns in a row
// meet the precondition of victory, once and for good; a turn without
// them starts the count again (seed §11, R32).
func TestTwoCityYear(t *testing.T) {
	st := at(t, "P1500O", func(p *Position) {
		p.Control["milan"] = "venezia"
		p.Control["venic"] = "venezia"
	})
	for i, phase := range []string{"P1500O", "E1500O", "A1500O"} {
		next, events := idle(t, st)
		if got := next.pos.TwoCities["venezia"]; got != i+1 {
			t.Errorf("after %s: %d turns counted, want %d", phase, got, i+1)
		}
		met := has(events, "Venice has held two of Milano, Venezia, Firenze, Roma and Napoli for a year")
		if met != (i == 2) || (i == 2) != (len(next.pos.TwoCityYear) == 1) {
			t.Errorf("after %s: told %v, achieved %v", phase, met, next.pos.TwoCityYear)
		}
		st = next
	}
	if pos := st.Position(game.Viewer{})(game.Italian); !strings.Contains(pos, "Venezia ha soddisfatto la condizione preliminare delle due città") {
		t.Errorf("the position does not say the precondition is met:\n%s", pos)
	}
	// The count starts again without the cities; the year stays achieved.
	st.pos.Control["milan"] = "impero"
	st.pos.Phase = "P1501O"
	st, err := st.r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	next, _ := idle(t, st)
	if next.pos.TwoCities["venezia"] != 0 || len(next.pos.TwoCityYear) != 1 {
		t.Errorf("without Milano: %d turns, achieved %v", next.pos.TwoCities["venezia"], next.pos.TwoCityYear)
	}
}
