package adjudicator_test

import (
	"fmt"
	"slices"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// A supported attack dislodges a holding army, which must then retreat.
func ExampleResolve() {
	v := standard.Variant()
	germany, france := v.PowerByID("germany"), v.PowerByID("france")
	mun, ruh, bur := v.Loc("mun"), v.Loc("ruh"), v.Loc("bur")
	pos := &adjudicator.Position{
		Phase: adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units: []variants.Unit{
			{Type: variants.Army, Power: germany, Loc: mun},
			{Type: variants.Army, Power: germany, Loc: ruh},
			{Type: variants.Army, Power: france, Loc: bur},
		},
		Centers: slices.Clone(v.StartCenters),
	}
	orders := []adjudicator.Order{
		{Power: germany, Type: adjudicator.Move, Unit: variants.Army, Loc: mun, Target: bur, Dest: variants.NoLoc},
		{Power: germany, Type: adjudicator.Support, Unit: variants.Army, Loc: ruh, Target: mun, TargetUnit: variants.Army, Dest: bur},
	}
	res, err := adjudicator.Resolve(v, adjudicator.Rules2023, pos, orders)
	if err != nil {
		panic(err)
	}
	for _, r := range res.Results {
		fmt.Println(r.Outcome)
	}
	d := res.Next.Dislodged[0]
	fmt.Print(res.Next.Phase, ": ", d.Unit.Type, " ", v.Locs[d.Unit.Loc].ID, " may retreat to")
	d.Retreats.Each(func(l variants.Loc) { fmt.Print(" ", v.Locs[l].ID) })
	fmt.Println()
	// Output:
	// succeeds
	// succeeds
	// S1901R: A bur may retreat to bel gas mar par pic
}
