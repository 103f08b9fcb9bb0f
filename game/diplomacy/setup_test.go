package diplomacy

import (
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/dice"
)

// TestTossTiming checks when the two-player game's coin is tossed: once
// the phase resolved leads past 1914's movement and retreats, before any
// 1914 adjustments, and only once.
func TestTossTiming(t *testing.T) {
	rules, err := Configure(map[string]string{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		now, next string
		toss      bool
	}{
		{"S1914M", "F1914M", false},
		{"S1914M", "S1914R", false},
		{"F1914M", "F1914R", false},
		{"F1914M", "W1914A", true},
		{"F1914R", "W1914A", true},
		{"F1914M", "S1915M", true},
		{"F1914R", "S1915M", true},
		{"W1914A", "S1915M", false}, // tossed already, before the adjustments
		{"S1915M", "F1915M", false},
	} {
		st, err := rules.State(&Position{Phase: c.now})
		if err != nil {
			t.Fatal(err)
		}
		next := &Position{Phase: c.next}
		d := dice.New(dice.SeedWhere(c.now, func(d *dice.Source) bool { return d.Roll("coin", 2, true) == 2 }), c.now)
		ph, _ := adjudicator.ParsePhase(c.next)
		got := st.toss(next, ph, d)
		if tossed := got.Coin != ""; tossed != c.toss || got.Again || got.Pending {
			t.Errorf("%s -> %s: %+v, want a toss %v", c.now, c.next, got, c.toss)
		}
		if c.toss && next.ItalyJoins != "germany" {
			t.Errorf("%s -> %s: the toss was not kept (%q)", c.now, c.next, next.ItalyJoins)
		}
		if got := len(d.Rolls()); got != btoi(c.toss) {
			t.Errorf("%s -> %s: %d rolls", c.now, c.next, got)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
