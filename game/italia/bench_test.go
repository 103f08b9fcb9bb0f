package italia_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
)

// operationsTurn is Primavera 1499's operations for six powers, as the
// judge has them at the deadline: the demo's three sheets, and the other
// powers holding.
func operationsTurn(b *testing.B) (game.Rules, game.State, []game.Order) {
	b.Helper()
	rules, err := italia.Kind{}.Configure(nil)
	if err != nil {
		b.Fatal(err)
	}
	st, err := rules.Start(nil, dice.New(dice.Seed{}, ""))
	if err != nil {
		b.Fatal(err)
	}
	read := func(st game.State, sheets map[string]string) []game.Order {
		var orders []game.Order
		for _, power := range []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"} {
			sheet, ok := sheets[power]
			if !ok {
				sheet = "#1 FERMO"
			}
			var standing []game.Order
			for _, line := range strings.Split(sheet, "\n") {
				rs, err := st.Read([]string{power}, line, standing)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range rs {
					if r.Refused == nil && r.Order.Key != "" {
						standing = append(slices.DeleteFunc(standing, func(o game.Order) bool { return o.Key == r.Order.Key }), r.Order)
					}
				}
			}
			orders = append(orders, standing...)
		}
		return orders
	}
	out, err := st.Resolve(read(st, examples.ItaliaSpring[0].Sheets), dice.New(dice.Seed{}, "P1499D"))
	if err != nil {
		b.Fatal(err)
	}
	return rules, out.Next, read(out.Next, examples.ItaliaSpring[1].Sheets)
}

// BenchmarkOperationsTurn resolves one full operations turn of six
// powers (issue 13: under 1 ms).
func BenchmarkOperationsTurn(b *testing.B) {
	_, st, orders := operationsTurn(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.Resolve(orders, dice.New(dice.Seed{}, "P1499O")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResultsMap draws a player's map of that turn's results as the
// results mail attaches it (issue 13: under 100 ms).
func BenchmarkResultsMap(b *testing.B) {
	rules, st, orders := operationsTurn(b)
	out, err := st.Resolve(orders, dice.New(dice.Seed{}, "P1499O"))
	if err != nil {
		b.Fatal(err)
	}
	m := rules.(game.Mapper)
	at := time.Date(1499, 4, 1, 20, 0, 0, 0, time.UTC)
	if _, err := m.Map(out.Record, game.Viewer{Seats: []string{"venezia"}}, "guerra", at); err != nil {
		b.Fatal(err) // the base is drawn once, before the timing
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Map(out.Record, game.Viewer{Seats: []string{"venezia"}}, "guerra", at); err != nil {
			b.Fatal(err)
		}
	}
}
