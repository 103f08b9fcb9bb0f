package italia_test

import (
	"fmt"

	"github.com/corriere/corriere/variants/italia"
)

func Example() {
	b := italia.Board()
	fmt.Println(b.Name, b.Territories, "territories,", len(b.Areas)-b.Territories, "seas")

	// Names in Italian or English, in any case, accents optional.
	ven, _ := b.Lookup("venice")
	info := &b.Areas[ven]
	fmt.Println(info.Italian, info.City, "value", info.Value, "tax", info.Tax())

	// Venezia borders no territory; its port opens on the Laguna alone,
	// which ruling R3 merges into the Alto Adriatico.
	fmt.Println("land neighbours:", len(info.Neighbours), "port:", b.Areas[info.Port[0]].Italian)
	m := italia.Merged()
	fmt.Println("merged port:", m.Areas[m.Areas[ven].Port[0]].Italian)

	// The Strait of Messina is a land move (seed §7).
	otr, _ := b.Lookup("Otranto")
	mes, _ := b.Lookup("Messina")
	fmt.Println("Otranto-Messina:", b.LandEdge(otr, mes))
	// Output:
	// italia 70 territories, 11 seas
	// Venezia fortified value 3 tax 6
	// land neighbours: 0 port: Laguna
	// merged port: Alto Adriatico
	// Otranto-Messina: strait
}
