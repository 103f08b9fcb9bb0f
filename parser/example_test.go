package parser_test

import (
	"fmt"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// The 1901 start.
func start() (*variants.Variant, *adjudicator.Position) {
	v := standard.Variant()
	return v, &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901, Season: adjudicator.Spring}, Units: v.StartUnits}
}

func ExampleOrders() {
	v, pos := start()
	italy := v.PowerByID("italy")
	text := "ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Tyr.\nA Ven-Pie-Mar"
	for _, p := range parser.Orders(v, pos, italy, text) {
		if p.Err != nil {
			fmt.Printf("%-14s refused: %s\n", p.Text, p.Err)
			continue
		}
		fmt.Printf("%-14s %s\n", p.Text, parser.Format(v, p.Order))
	}
	// Output:
	// A Ven-Pie      A ven - pie
	// A Rom-Ven      A rom - ven
	// F Nap-Tyr      F nap - tys
	// A Ven-Pie-Mar  refused: "Ven-Pie-Mar" moves more than once in one order; it could mean A ven - pie or A pie - mar: write one order per unit
}

func ExampleOrders_joined() {
	// A support whose object spilled past a comma, from the rulebook's
	// worked example, is read as one order.
	v := standard.Variant()
	unit := func(power, text string) variants.Unit {
		t, l, _ := parser.Unit(v, text)
		return variants.Unit{Type: t, Power: v.PowerByID(power), Loc: l}
	}
	pos := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1902, Season: adjudicator.Fall},
		Units: []variants.Unit{unit("austria", "A ser"), unit("austria", "F gre"), unit("turkey", "A bul")}}
	for _, p := range parser.Orders(v, pos, v.PowerByID("austria"), "A Ser S Turk, A Bul-Rum, F Stands.") {
		fmt.Printf("%s: %s\n", p.Text, parser.Format(v, p.Order))
	}
	// Output:
	// A Ser S Turk, A Bul-Rum: A ser S A bul - rum
	// F Stands: F gre H
}

func ExampleOrder() {
	v, pos := start()
	o, err := parser.Order(v, pos, v.PowerByID("france"), "A Paris to Burgandy")
	fmt.Println(parser.Format(v, o), err)
	_, err = parser.Order(v, pos, v.PowerByID("france"), "A Par - Sweria")
	fmt.Println(err)
	// Output:
	// A par - bur <nil>
	// "Sweria"? no such place; did you mean Serbia, Silesia or Syria?
}

func ExampleFormat() {
	v := standard.Variant()
	o := adjudicator.Order{
		Power: v.PowerByID("england"), Type: adjudicator.Convoy, Unit: variants.Fleet, Loc: v.Loc("nth"),
		Target: v.Loc("lon"), TargetUnit: variants.Army, Dest: v.Loc("bel"),
	}
	fmt.Println(parser.Format(v, o))
	// Output: F nth C A lon - bel
}

func ExampleLoc() {
	v := standard.Variant()
	for _, name := range []string{"Londra", "StP (costa nord)", "St. Petersburg north coast", "Liv"} {
		l, err := parser.Loc(v, name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(v.Locs[l].ID)
	}
	// Output:
	// lon
	// stp/nc
	// stp/nc
	// "Liv" could be Livonia or Liverpool
}

func ExamplePower() {
	v := standard.Variant()
	for _, name := range []string{"Inghilterra", "Turk", "AUSTRIA-UNGHERIA"} {
		p, _ := parser.Power(v, name)
		fmt.Println(v.Powers[p].Name)
	}
	// Output:
	// England
	// Turkey
	// Austria
}

func ExampleUnit() {
	v := standard.Variant()
	t, l, _ := parser.Unit(v, "F spa/sc")
	fmt.Println(t, v.Locs[l].ID)
	// Output: F spa/sc
}

func ExampleRefusal_NotOrder() {
	v, pos := start()
	text := "Hi GM,\nA Par-Brg\nF Bre - Mao\nThanks, Francesca"
	for _, p := range parser.Orders(v, pos, v.PowerByID("france"), text) {
		switch {
		case p.Err == nil:
			fmt.Printf("%-11s %s\n", p.Text, parser.Format(v, p.Order))
		case p.Err.NotOrder:
			fmt.Printf("%-11s not an order\n", p.Text)
		default:
			fmt.Printf("%-11s refused: %s\n", p.Text, p.Err)
		}
	}
	// Output:
	// Hi GM       not an order
	// A Par-Brg   refused: "Brg"? no such place
	// F Bre - Mao F bre - mao
	// Thanks      not an order
	// Francesca   not an order
}

func ExampleRefusal_Italian() {
	// A judge answers a player who writes Italian with Italian, and the
	// others with Problem.
	v, pos := start()
	italy := v.PowerByID("italy")
	for _, p := range parser.Orders(v, pos, italy, "A Ven-Pie-Mar\nTir H\nA Rom S") {
		if p.Err != nil {
			fmt.Println(p.Err.Problem)
			fmt.Println(p.Err.Italian)
		}
	}
	// Output:
	// "Ven-Pie-Mar" moves more than once in one order; it could mean A ven - pie or A pie - mar: write one order per unit
	// "Ven-Pie-Mar" muove più di una volta in un solo ordine; può voler dire A ven - pie o A pie - mar: scrivi un ordine per unità
	// "Tir" could be Tyrolia or the Tyrrhenian Sea; the order reads either way (tyr H or tys H)
	// "Tir" può essere Tirolo o Mar Tirreno; l'ordine si legge in entrambi i modi (tyr H o tys H)
	// the order stops after "S": expected the unit supported
	// l'ordine si ferma dopo "S": mi aspettavo l'unità sostenuta
}
