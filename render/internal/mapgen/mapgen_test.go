package main

import (
	"math"
	"testing"

	"github.com/corriere/corriere/render/internal/mapdata"
)

func TestProjectionRoundTrip(t *testing.T) {
	p := newLCC(14, 50, 40, 62)
	for _, q := range []lonLat{{-20, 40}, {14, 50}, {47, 44}, {30.3, 59.9}, {-9.1, 38.7}} {
		x, y := p.forward(q)
		back := p.inverse(x, y)
		if math.Abs(back.Lon-q.Lon) > 1e-9 || math.Abs(back.Lat-q.Lat) > 1e-9 {
			t.Errorf("%v -> (%g, %g) -> %v", q, x, y, back)
		}
	}
}

// TestTrace traces a small raster: three regions, one of them an island
// in another, and checks that the arcs know their sides and the rings
// close.
func TestTrace(t *testing.T) {
	const w, h = 6, 4
	rows := []string{
		"aaabbb",
		"aaabbb",
		"acabbb",
		"aaabbb",
	}
	r := &raster{w: w, h: h, lab: make([]int16, w*h)}
	for y, row := range rows {
		for x, c := range row {
			r.lab[y*w+x] = int16(c - 'a')
		}
	}
	regions := []region{{"a", mapdata.Land}, {"b", mapdata.Sea}, {"c", mapdata.Land}}
	m, err := trace(r, regions, map[string]string{"a": "england"})
	if err != nil {
		t.Fatal(err)
	}
	sides := map[[2]int32]bool{}
	for _, a := range m.Arcs {
		sides[[2]int32{min(a.Left, a.Right), max(a.Left, a.Right)}] = true
	}
	for _, want := range [][2]int32{{0, 1}, {0, 2}, {mapdata.Outside, 0}, {mapdata.Outside, 1}} {
		if !sides[want] {
			t.Errorf("no arc between %d and %d; arcs %+v", want[0], want[1], m.Arcs)
		}
	}
	if sides[[2]int32{1, 2}] {
		t.Errorf("b and c share an arc but do not touch")
	}
	if len(m.Regions[0].Rings) != 2 || len(m.Regions[2].Rings) != 1 {
		t.Errorf("rings: a %d (want an outline and a hole), c %d", len(m.Regions[0].Rings), len(m.Regions[2].Rings))
	}
	if m.Regions[0].Home != "england" || m.Regions[1].Home != "" {
		t.Errorf("homes %q %q", m.Regions[0].Home, m.Regions[1].Home)
	}
}

func TestSimplifyKeepsEnds(t *testing.T) {
	var stairs []lattice
	for i := 0; i < 20; i++ {
		stairs = append(stairs, lattice{i, i}, lattice{i + 1, i})
	}
	out := simplify(stairs, false)
	if len(out) != 2 {
		t.Errorf("a staircase simplifies to %d points, want a straight line of 2: %v", len(out), out)
	}
	if out[0] != (mapdata.Point{X: 0, Y: 0}) || out[len(out)-1] != (mapdata.Point{X: 20, Y: 19}) {
		t.Errorf("ends moved: %v", out)
	}
}
