package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// TestServeBenchOrders checks BenchmarkServe1000's orders: each text is
// the canonical form of the order it reads as and is legal in the
// opening, and a thousand games end in positions nearly all their own.
func TestServeBenchOrders(t *testing.T) {
	v := standard.Variant()
	rng := rand.New(rand.NewPCG(14, 1000))
	start := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units: v.StartUnits, Centers: v.StartCenters}
	positions := map[string]bool{}
	orders, supports := 0, 0
	const n = 1000
	for range n {
		var os []adjudicator.Order
		for _, so := range serveBenchOrders(v, rng) {
			p := v.PowerByID(so.Power)
			o, err := parser.Order(v, start, p, so.Canonical)
			if err != nil {
				t.Fatalf("%s %q: %v", so.Power, so.Canonical, err)
			}
			if got := parser.Format(v, o); got != so.Canonical || so.Key != v.Locs[v.Province(o.Loc)].ID {
				t.Fatalf("%s %q (key %s) reads as %q at %s", so.Power, so.Canonical, so.Key, got, v.Locs[o.Loc].ID)
			}
			if o.Type == adjudicator.Support {
				supports++
			}
			os = append(os, o)
		}
		orders += len(os)
		res, err := adjudicator.Resolve(v, adjudicator.Rules2023, start, os)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range res.Results {
			if r.Outcome == adjudicator.Invalid {
				t.Fatalf("%q is invalid: %v", parser.Format(v, os[i]), r.Reason)
			}
		}
		units := slices.Clone(res.Next.Units)
		slices.SortFunc(units, func(a, b variants.Unit) int { return int(a.Loc) - int(b.Loc) })
		positions[fmt.Sprint(units, res.Next.Dislodged)] = true
	}
	if len(positions) < n*9/10 || orders < n*17 || supports < n {
		t.Errorf("%d games: %d positions, %d orders, %d supports", n, len(positions), orders, supports)
	}
	t.Logf("%d games: %d positions, %.1f orders and %.1f supports a game", n, len(positions), float64(orders)/n, float64(supports)/n)
}
