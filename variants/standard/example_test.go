package standard_test

import (
	"fmt"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

func Example() {
	v := standard.Variant()
	fmt.Println(v.Name, v.StartYear, len(v.Powers), "powers,", len(v.Locs), "locations")

	// Names lead to locations; an abbreviation may stand for more than one.
	kie := v.LocNames["kiel"][0]
	for _, l := range v.LocNames["tyr"] {
		fmt.Println("tyr:", v.Locs[l].Name)
	}

	// Adjacency depends on the unit type.
	mun, den := v.Loc("mun"), v.Loc("den")
	fmt.Println("A kie-mun:", v.Adjacent(variants.Army, kie, mun), "F kie-mun:", v.Adjacent(variants.Fleet, kie, mun))
	fmt.Println("F kie-den:", v.Adjacent(variants.Fleet, kie, den))

	// A fleet in St Petersburg stands on one of its coasts.
	for _, u := range v.StartUnits {
		if u.Power == v.PowerNames["russia"] && u.Type == variants.Fleet {
			fmt.Println(u.Type, v.Locs[u.Loc].Name)
		}
	}
	// Output:
	// standard 1901 7 powers, 81 locations
	// tyr: Tyrolia
	// tyr: Tyrrhenian Sea
	// A kie-mun: true F kie-mun: false
	// F kie-den: true
	// F St Petersburg (south coast)
	// F Sevastopol
}
