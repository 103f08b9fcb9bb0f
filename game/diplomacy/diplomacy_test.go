package diplomacy

import (
	"slices"
	"testing"

	"github.com/corriere/corriere/game"
)

func TestDisorderInJSON(t *testing.T) {
	req := &Position{
		Phase:    "S1901M",
		Units:    map[string][]string{"germany": {"A mun", "A ruh"}, "france": {"A bur"}, "italy": {"A ven"}},
		Disorder: []string{"Francia", "ITA"},
		Orders:   map[string][]string{"germany": {"A mun - bur", "A ruh S A mun - bur"}},
	}
	resp, err := Play(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.Removed["france"]; !slices.Equal(got, []string{"A bur"}) {
		t.Errorf("removed %v, want the French army disbanded at once (France in disorder)", resp.Removed)
	}
	if !slices.Equal(resp.Next.Disorder, []string{"france", "italy"}) {
		t.Errorf("next disorder %v, want it carried over in canonical names", resp.Next.Disorder)
	}
	if resp.Next.Phase != "F1901M" || len(resp.Next.Dislodged) != 0 {
		t.Errorf("next %s with %d dislodged, want F1901M and no retreats", resp.Next.Phase, len(resp.Next.Dislodged))
	}
	if _, err := Play(&Position{Disorder: []string{"Narnia"}}); err == nil {
		t.Error("an unknown power in disorder was accepted")
	}
}

func TestClosedInJSON(t *testing.T) {
	req := &Position{
		Phase:  "S1914M",
		Units:  map[string][]string{"austria": {"A tyr", "A tri"}, "italy": {"A ven"}},
		Closed: []string{"Venezia", "pie", "tus"},
		Orders: map[string][]string{"austria": {"A tyr - ven", "A tri - ven"}},
	}
	resp, err := Play(req)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range resp.Results["austria"] {
		if r.Result != "invalid" || r.Reason != "that province is neutral: no unit may enter it" {
			t.Errorf("%s: %s (%s), want refused as neutral", r.Order, r.Result, r.Reason)
		}
	}
	if !slices.Equal(resp.Next.Closed, []string{"pie", "tus", "ven"}) {
		t.Errorf("next closed %v, want it carried over in canonical names", resp.Next.Closed)
	}
	if _, err := Play(&Position{Phase: "S1914M", Closed: []string{"Atlantis"}}); err == nil {
		t.Error("an unknown closed province was accepted")
	}
}

// Diplomacy is a game on the judge's contract.
var (
	_ game.Kind  = Kind{}
	_ game.Rules = (*Rules)(nil)
	_ game.State = (*State)(nil)
)
