package diplomacy_test

import (
	"encoding/json"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/diplomacy"
)

// crowded is the adjudicator's crowded 34-unit mid-game
// (adjudicator.BenchmarkCrowded34), with the orders as the judge stores
// them (parser.Format): supports, cuts, two convoys, bounces and a convoy
// paradox in the Channel.
var crowded = map[string][]string{
	"england": {"F lon S F wal - eng", "F wal - eng", "F nth C A yor - nwy", "A yor - nwy", "F nwg S A yor - nwy", "A edi H"},
	"france":  {"A bre - lon", "F eng C A bre - lon", "A par - bur", "A pic S A par - bur", "F mao - por"},
	"germany": {"A mun - bur", "A ruh S A mun - bur", "F hol - bel", "A kie - den", "F bal S A kie - den"},
	"russia":  {"F nwy H", "F swe S F nwy", "A war - gal", "A ukr S A war - gal", "F sev - rum"},
	"austria": {"A bud - gal", "A vie S A bud - gal", "F tri - adr", "A ser - rum", "A bul S A ser - rum"},
	"italy":   {"F ion C A apu - tun", "A apu - tun", "F tys S A apu - tun", "A ven - tri"},
	"turkey":  {"F bla - rum", "A con - bul", "A smy - arm", "A arm - sev"},
}

// crowdedGame is the crowded position as the store keeps it, and its
// orders as the judge passes them at the deadline.
func crowdedGame(b testing.TB) (*diplomacy.Rules, []byte, []game.Order) {
	rules, err := diplomacy.Configure(map[string]string{"variant": "standard", "rules": "2023"})
	if err != nil {
		b.Fatal(err)
	}
	js := &diplomacy.Position{Variant: "standard", Rules: "2023", Phase: "F1905M", Units: map[string][]string{}}
	var orders []game.Order
	for power, texts := range crowded {
		for _, text := range texts {
			js.Units[power] = append(js.Units[power], text[:5]) // "F lon"
			orders = append(orders, game.Order{Seat: power, Text: text})
		}
	}
	st, err := rules.State(js)
	if err != nil {
		b.Fatal(err)
	}
	data, err := st.Encode()
	if err != nil {
		b.Fatal(err)
	}
	return rules, data, orders
}

// BenchmarkDeadlineCrowded is what the judge does for one game at its
// deadline, from the stored position and order texts to the outcome: the
// position read, the orders read, the phase resolved, the next position
// and the record written.
func BenchmarkDeadlineCrowded(b *testing.B) {
	rules, data, orders := crowdedGame(b)
	b.ReportAllocs()
	for b.Loop() {
		deadline(b, rules, data, orders)
	}
}

// deadline loads the stored position and resolves the orders.
func deadline(tb testing.TB, rules *diplomacy.Rules, data []byte, orders []game.Order) *game.Outcome {
	st, err := rules.Load(data)
	if err != nil {
		tb.Fatal(err)
	}
	out, err := st.Resolve(orders, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// BenchmarkPlayCrowded is Play (corriere adjudicate): a position with
// order texts in, results and the next position out.
func BenchmarkPlayCrowded(b *testing.B) {
	_, data, orders := crowdedGame(b)
	req := &diplomacy.Position{}
	if err := json.Unmarshal(data, req); err != nil {
		b.Fatal(err)
	}
	req.Orders = map[string][]string{}
	for _, o := range orders {
		req.Orders[o.Seat] = append(req.Orders[o.Seat], o.Text)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := diplomacy.Play(req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCrowdedResolves pins the crowded phase's outcome as the benchmarks
// see it: every order read, fourteen failing, the Channel fleet dislodged.
func TestCrowdedResolves(t *testing.T) {
	rules, data, orders := crowdedGame(t)
	out := deadline(t, rules, data, orders)
	if out.End != nil {
		t.Error("the game ended")
	}
	var rec struct{ diplomacy.Response }
	if err := json.Unmarshal(out.Record, &rec); err != nil {
		t.Fatal(err)
	}
	fails := 0
	for _, rs := range rec.Results {
		for _, r := range rs {
			switch r.Result {
			case "invalid":
				t.Errorf("%s: invalid (%s)", r.Order, r.Reason)
			case "fails":
				fails++
			}
		}
	}
	if fails != 14 {
		t.Errorf("%d orders fail, want 14", fails)
	}
	if rec.Next.Phase != "F1905R" || len(rec.Next.Dislodged["france"]) != 1 {
		t.Errorf("next %s with %v dislodged, want the Channel fleet to retreat", rec.Next.Phase, rec.Next.Dislodged)
	}
}
