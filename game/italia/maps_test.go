package italia

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/render"
)

// mapTurn is a summer with a bit of everything on the map: Venice's army
// fights the Pope's in Ferrara, her contingent supports it from Mantova,
// her dummy moves, her fleet sails; France besieges Pavia; the Pope's
// contingent supports his army from Bologna. The dice fall as the seed
// says; what the map shows is checked whatever they decide.
func mapTurn(t *testing.T) (*State, *game.Outcome) {
	t.Helper()
	st := at(t, "E1500O", func(p *Position) {
		p.Powers[3].Counters = append(p.Powers[3].Counters,
			Counter{N: 2, Kind: Contingent, At: "veron", Elements: Elements{CL: 2, FT: 2}},
			Counter{N: 3, Kind: Dummy, At: "trevi"})
		p.Powers[5].Counters[0] = Counter{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 4, PK: 3}}
		p.Powers[5].Counters = append(p.Powers[5].Counters, Counter{N: 2, Kind: Contingent, At: "bolog", Elements: Elements{PK: 3, FT: 1}})
	})
	var orders []game.Order
	for seat, sheet := range map[string]string{
		"venezia": "#1 - Ferrara\n#2 - Mantova SUPPORTA #1\n#3 - Vicenza\nF1 - Basso Adriatico",
		"papato":  "#1 FERMO\n#2 FERMO SUPPORTA #1\nF1 FERMO",
		"francia": "#1 - Pavia ASSEDIA\nF1 - Golfo del Leone Orientale",
	} {
		rs, standing := readSheet(t, st, seat, sheet)
		for _, r := range rs {
			if r.Refused != nil {
				t.Fatalf("%s: %q refused: %s", seat, r.Written, r.Refused.Reason(game.English))
			}
		}
		orders = append(orders, standing...)
	}
	// The first dice under which Pavia holds, so that a siege goes on.
	var out *game.Outcome
	dice.SeedWhere("map", func(d *dice.Source) bool {
		var err error
		if out, err = st.Resolve(orders, d); err != nil {
			t.Fatal(err)
		}
		return out.Next.(*State).pos.Control["pavia"] == ""
	})
	return st, out
}

// A phase's map is drawn for each reader from its record: Venice's shows
// her dummy as a dummy and her counters' elements, and her support; the
// Pope's shows Venice's counters as "Venezia #k" and none of her
// supports, but her moves as resolved; the arbiter's shows all. With
// ITALIA_MAPS=<dir> the maps are written there, to be looked at.
func TestMapPerReader(t *testing.T) {
	st, out := mapTurn(t)
	var rec record
	if err := json.Unmarshal(out.Record, &rec); err != nil || rec.Map == nil {
		t.Fatalf("record %s: %v", out.Record, err)
	}
	if !slices.Contains(rec.Map.Battles, "ferra") {
		t.Errorf("no battle in Ferrara on the map: %v", rec.Map.Battles)
	}
	venice, pope, master := game.Viewer{Seats: []string{"venezia"}}, game.Viewer{Seats: []string{"papato"}}, game.Viewer{Master: true}
	counter := func(bp *render.BoardPosition, power, label string) render.BoardCounter {
		for _, c := range bp.Counters {
			if c.Power == power && c.Label == label {
				return c
			}
		}
		return render.BoardCounter{Label: "none"}
	}
	orders := func(bp *render.BoardPosition, power string, kind render.OrderKind) int {
		n := 0
		for _, o := range bp.Orders {
			if o.Power == power && o.Kind == kind {
				n++
			}
		}
		return n
	}
	vp, pp, mp := st.r.boardPosition(rec.Map, venice), st.r.boardPosition(rec.Map, pope), st.r.boardPosition(rec.Map, master)
	if c := counter(vp, "venezia", "3"); c.Kind != render.CounterDummy || c.Area != "vicen" {
		t.Errorf("Venice's own dummy on her map: %+v", c)
	}
	if c := counter(pp, "venezia", "3"); c.Kind != render.CounterUnknown || c.Detail != "" || c.Area != "vicen" {
		t.Errorf("Venice's dummy on the Pope's map: %+v", c)
	}
	if c := counter(pp, "papato", "1"); c.Kind != render.CounterArmy || c.Detail == "" {
		t.Errorf("the Pope's own army on his map: %+v", c)
	}
	if c := counter(mp, "venezia", "3"); c.Kind != render.CounterDummy {
		t.Errorf("Venice's dummy on the arbiter's map: %+v", c)
	}
	if orders(vp, "venezia", render.OrderSupport) != 1 || orders(pp, "venezia", render.OrderSupport) != 0 || orders(mp, "venezia", render.OrderSupport) != 1 {
		t.Errorf("Venice's support is hers and the arbiter's to see: %v / %v / %v", vp.Orders, pp.Orders, mp.Orders)
	}
	if orders(pp, "venezia", render.OrderMove) != 4 || orders(pp, "francia", render.OrderSiege) != 0 || orders(mp, "francia", render.OrderSiege) != 1 {
		t.Errorf("the Pope sees Venice's three moves and her fleet's, not France's siege order: %v", pp.Orders)
	}
	if !slices.Contains(pp.Sieges, render.BoardSiege{Area: "pavia", Power: "francia", Turns: 1}) {
		t.Errorf("no siege of Pavia: %v", pp.Sieges)
	}
	if !slices.ContainsFunc(pp.Markers, func(m render.BoardMarker) bool { return m.Area == "ferra" && m.Kind == render.MarkerBattle }) {
		t.Errorf("no battle marker in Ferrara: %v", pp.Markers)
	}
	dir := os.Getenv("ITALIA_MAPS")
	for name, v := range map[string]game.Viewer{"venezia": venice, "papato": pope, "arbitro": master, "pubblico": {}} {
		data, err := st.r.Map(out.Record, v, "guerra", time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s's map: %v", name, err)
		}
		if dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "map-"+name+".png"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A record written before the maps draws none.
	if data, err := st.r.Map([]byte(`{"phase":"E1500O","events":[]}`), venice, "guerra", time.Time{}); data != nil || err != nil {
		t.Errorf("an old record drew %d bytes, %v", len(data), err)
	}
}
