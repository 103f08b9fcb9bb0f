package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// R35 (spec §3.20): a power left with no territory and no counter is out
// at the end of an autumn, and its fleets are removed; in another season
// it keeps them, and a fleet alone never keeps it in the game.
func TestOutAtTheAutumn(t *testing.T) {
	strip := func(p *Position) {
		v := p.power("venezia")
		v.Counters = nil
		for id, w := range p.Control {
			if w == "venezia" {
				p.Control[id] = "papato"
			}
		}
	}
	for _, c := range []struct {
		phase  string
		fleets int
	}{{"P1500O", 1}, {"E1500O", 1}, {"A1500O", 0}} {
		st := at(t, c.phase, strip)
		if got := st.Survivors(); slices.Contains(got, "venezia") {
			t.Fatalf("%s: Venice with a fleet alone survives: %v", c.phase, got)
		}
		out, err := st.Resolve(nil, dice.New(dice.Seed{1}, "test"))
		if err != nil {
			t.Fatal(err)
		}
		next := out.Next.(*State)
		if n := len(next.power("venezia").Fleets); n != c.fleets {
			t.Errorf("%s: Venice keeps %d fleets, want %d", c.phase, n, c.fleets)
		}
		rep, err := st.Results(out.Record, out.Next, game.Viewer{Seats: []string{"firenze"}})
		if err != nil {
			t.Fatal(err)
		}
		said := strings.Contains(rep.Events(game.English), "Venice is out of the game: no territory and no counter at the end of the autumn; its fleets are removed (R35)")
		if said != (c.fleets == 0) {
			t.Errorf("%s: the removal told %v:\n%s", c.phase, said, rep.Events(game.English))
		}
	}
}

// A power put out in an earlier autumn is not put out again: nothing is
// told of it.
func TestOutOnce(t *testing.T) {
	st := at(t, "A1500O", func(p *Position) {
		v := p.power("venezia")
		v.Counters, v.Fleets = nil, nil
		for id, w := range p.Control {
			if w == "venezia" {
				p.Control[id] = "papato"
			}
		}
		p.Out = []string{"venezia"}
	})
	out, err := st.Resolve(nil, dice.New(dice.Seed{1}, "test"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := st.Results(out.Record, out.Next, game.Viewer{Master: true})
	if err != nil {
		t.Fatal(err)
	}
	if ev := rep.Events(game.English); strings.Contains(ev, "out of the game") || !slices.Equal(out.Next.(*State).pos.Out, []string{"venezia"}) {
		t.Errorf("Venice put out again:\n%s", ev)
	}
}
