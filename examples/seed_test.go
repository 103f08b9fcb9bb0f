package examples

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// TestSeedGame plays the rulebook's game under both editions: the seed
// follows the 1971 rules, and nothing in its example depends on where the
// editions differ.
func TestSeedGame(t *testing.T) {
	for _, rules := range []adjudicator.Rules{adjudicator.Rules1971, adjudicator.Rules2023} {
		t.Run(rules.String(), func(t *testing.T) { playSeedGame(t, rules) })
	}
}

func playSeedGame(t *testing.T, rules adjudicator.Rules) {
	v := standard.Variant()
	pos := &adjudicator.Position{
		Phase:   adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:   slices.Clone(v.StartUnits),
		Centers: slices.Clone(v.StartCenters),
	}
	for _, ph := range Seed {
		if got := pos.Phase.String(); got != ph.Phase {
			t.Fatalf("the game reached %s, the rulebook plays %s next", got, ph.Phase)
		}
		var orders []adjudicator.Order
		var texts []string
		for _, line := range strings.Split(ph.Orders, "\n") {
			label, _, _ := strings.Cut(line, ":")
			power, err := parser.Power(v, label)
			if err != nil {
				t.Fatalf("%s: power %q: %v", ph.Phase, label, err)
			}
			for _, p := range parser.Orders(v, pos, power, line) {
				if p.Err != nil {
					if !slices.Contains(ph.Invalid, p.Text) {
						t.Errorf("%s: %s: %q refused: %v", ph.Phase, label, p.Text, p.Err)
					}
					continue
				}
				if slices.Contains(ph.Invalid, p.Text) {
					t.Errorf("%s: %q read as %q, the rulebook refuses it", ph.Phase, p.Text, parser.Format(v, p.Order))
				}
				orders = append(orders, p.Order)
				texts = append(texts, p.Text)
			}
		}
		res, err := adjudicator.Resolve(v, rules, pos, orders)
		if err != nil {
			t.Fatalf("%s: %v", ph.Phase, err)
		}
		for i, o := range orders {
			canon := parser.Format(v, o)
			r := res.Results[i]
			if r.Outcome == adjudicator.Invalid {
				t.Errorf("%s: %q (%s) invalid: %s", ph.Phase, texts[i], canon, r.Reason)
				continue
			}
			if o.Type != adjudicator.Move && o.Type != adjudicator.RetreatTo {
				continue
			}
			if want := slices.Contains(ph.Moved, canon); want != (r.Outcome == adjudicator.Succeeds) {
				t.Errorf("%s: %q (%s) %s (%s); the rulebook says it %s", ph.Phase, texts[i], canon, r.Outcome, r.Reason, map[bool]string{true: "takes place", false: "fails"}[want])
			}
		}
		var removed []string
		for _, u := range res.Removed {
			removed = append(removed, u.Type.String()+" "+v.Locs[u.Loc].ID)
		}
		if !slices.Equal(removed, ph.Removed) {
			t.Errorf("%s: removed without orders %v, want %v", ph.Phase, removed, ph.Removed)
		}
		pos = &res.Next
	}
	if got := pos.Phase.String(); got != "S1903M" {
		t.Errorf("after the 1902 adjustments the game is at %s, want S1903M", got)
	}
	// The rulebook's builds: everyone's units now match their centres.
	centers, units := adjudicator.Count(v, pos)
	want := map[string]int{"england": 5, "germany": 6, "russia": 4, "turkey": 5, "austria": 5, "italy": 4, "france": 5}
	for p := range v.Powers {
		id := v.Powers[p].ID
		if centers[p] != want[id] || units[p] != want[id] {
			t.Errorf("%s: %d centres and %d units after 1902, want %d of each", id, centers[p], units[p], want[id])
		}
	}
	for _, u := range []string{"F kie", "F smy", "A tri", "A par", "F lon", "A mos", "A gas"} {
		if !hasUnit(v, pos, u) {
			t.Errorf("after 1902 there is no %s", u)
		}
	}
	if hasUnit(v, pos, "A gal") {
		t.Errorf("Russia's A gal should have been removed")
	}
}

func hasUnit(v *variants.Variant, pos *adjudicator.Position, s string) bool {
	for _, u := range pos.Units {
		if u.Type.String()+" "+v.Locs[u.Loc].ID == s {
			return true
		}
	}
	return false
}

// TestSeedGameThroughJSON plays the rulebook's game through package diplomacy,
// as `corriere adjudicate` and the judge do, each phase's next position
// fed back with the next orders, and checks it with SeedPhase.Check.
func TestSeedGameThroughJSON(t *testing.T) {
	v := standard.Variant()
	req := &diplomacy.Position{Variant: "standard", Rules: "1971"}
	for _, ph := range Seed {
		req.Orders = map[string][]string{}
		pos, err := diplomacy.Decode(v, req)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(ph.Orders, "\n") {
			label, _, _ := strings.Cut(line, ":")
			power, err := parser.Power(v, label)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range parser.Orders(v, pos, power, line) {
				req.Orders[v.Powers[power].ID] = append(req.Orders[v.Powers[power].ID], p.Text)
			}
		}
		resp, err := diplomacy.Play(req)
		if err != nil {
			t.Fatalf("%s: %v", ph.Phase, err)
		}
		for _, d := range ph.Check(resp) {
			t.Error(d)
		}
		var invalid []string
		for _, rs := range resp.Results {
			for _, r := range rs {
				if r.Result != "invalid" {
					continue
				}
				invalid = append(invalid, r.Order)
				if !slices.Contains(ph.Invalid, r.Order) {
					t.Errorf("%s: %q invalid: %s", ph.Phase, r.Order, r.Reason)
				}
			}
		}
		for _, o := range ph.Invalid {
			if !slices.Contains(invalid, o) {
				t.Errorf("%s: %q not refused; the rulebook refuses it", ph.Phase, o)
			}
		}
		req = resp.Next
	}
	if req.Phase != "S1903M" {
		t.Errorf("the game ends at %s, want S1903M", req.Phase)
	}
}
