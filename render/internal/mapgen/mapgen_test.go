package main

import (
	"math"
	"os"
	"reflect"
	"strings"
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

// TestReadBoard tells the two families of board apart and reads what the
// generator needs of a Machiavelli-family board: what must touch, and the
// land moves over water that must not.
func TestReadBoard(t *testing.T) {
	read := func(path string) board {
		t.Helper()
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := readBoard(string(text))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if _, ok := read("../../../variants/standard/standard.txt").(diplomacyBoard); !ok {
		t.Errorf("standard.txt is not read as a Diplomacy board")
	}
	b, ok := read("../../../variants/italia/italia.txt").(machiavelliBoard)
	if !ok {
		t.Fatalf("italia.txt is not read as a Machiavelli-family board")
	}
	if n := len(b.regions()); n != 81 {
		t.Errorf("%d regions, want 70 territories and 11 seas", n)
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"flore", "pisa", true}, // a border
		{"venic", "L", true},    // a coast
		{"UA", "L", true},       // a sea border
		{"venic", "trevi", false},
		{"venic", "UA", false},    // only once the Laguna is merged
		{"dalma", "istri", false}, // a bridge: a line over the water
		{"messi", "otran", false}, // a strait: likewise
		{"messi", "GON", true},
	} {
		if got := b.touch(c.a, c.b); got != c.want {
			t.Errorf("touch(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got, want := b.crossings(), [][2]string{{"dalma", "istri"}, {"messi", "otran"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("crossings %v, want %v", got, want)
	}
}

// TestMachiavelliConfig reads the lines only a Machiavelli-family board's
// config has, and checks that the board refuses a config that misses or
// invents a city, a port or a crossing.
func TestMachiavelliConfig(t *testing.T) {
	text, err := os.ReadFile("../../../variants/italia/italia.txt")
	if err != nil {
		t.Fatal(err)
	}
	bd, err := readBoard(string(text))
	if err != nil {
		t.Fatal(err)
	}
	c, err := readConfig("../../../variants/italia/drawing.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := bd.checkConfig(c); err != nil {
		t.Fatalf("drawing.txt: %v", err)
	}
	if !c.only["L"] || c.only["venic"] {
		t.Errorf("painted alone: %v, want the Laguna only", c.only)
	}
	// "crossing istri dalma" is kept in board order, from Dalmazia's end.
	if pts := c.crossings[[2]string{"dalma", "istri"}]; len(pts) < 2 || pts[0].Lon < pts[len(pts)-1].Lon {
		t.Errorf("the bridge's line %v is not kept from Dalmazia's end", pts)
	}
	for _, tc := range []struct {
		name   string
		change func(c *config)
		want   string
	}{
		{"no city line", func(c *config) { delete(c.cities, "milan") }, "territory milan: a city line wanted"},
		{"a city where none is", func(c *config) { c.cities["capua"] = lonLat{14, 41} }, "territory capua: a city line wanted"},
		{"a port where none is", func(c *config) { c.ports["milan"] = lonLat{9, 45} }, "territory milan has no port"},
		{"no bridge", func(c *config) { delete(c.crossings, [2]string{"dalma", "istri"}) }, "no line for the crossing dalma-istri"},
		{"an invented crossing", func(c *config) { c.crossings[[2]string{"corsi", "sardi"}] = nil }, "crossing corsi-sardi: the board has no such crossing"},
		{"a home", func(c *config) { c.home["venic"] = "venice" }, "home lines are for Diplomacy boards"},
	} {
		c, err := readConfig("../../../variants/italia/drawing.txt")
		if err != nil {
			t.Fatal(err)
		}
		tc.change(c)
		if err := bd.checkConfig(c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

// TestBoardSpotsClearOfCity puts a counter and its name in a square territory with
// its city in the middle: both inside, clear of the city's symbol.
func TestBoardSpotsClearOfCity(t *testing.T) {
	const w, h = 120, 120
	r := newRaster(w, h, make([]bool, w*h))
	for p := range r.lab {
		x, y := p%w, p/w
		if x >= 10 && y >= 10 && x < 110 && y < 110 {
			r.lab[p] = 0
		} else {
			r.lab[p] = 1
		}
	}
	dist := r.inner()
	city := mapdata.Point{X: 60, Y: 60}
	u, n := boardSpots(r, dist, 0, city, 20, nil)
	for _, p := range []mapdata.Point{u, n} {
		if p.X < 10 || p.Y < 10 || p.X >= 110 || p.Y >= 110 {
			t.Errorf("%v is outside the territory", p)
		}
	}
	if d := math.Hypot(float64(u.X-city.X), float64(u.Y-city.Y)); d < counterRoom {
		t.Errorf("the counter %v stands %.1f from the city %v", u, d, city)
	}
	if math.Abs(float64(n.Y-city.Y)) < nameRoom && math.Abs(float64(n.X-city.X)) < 20 {
		t.Errorf("the name %v covers the city %v", n, city)
	}
	fixed := mapdata.Point{X: 30, Y: 30}
	if u, _ := boardSpots(r, dist, 0, city, 20, &fixed); u != fixed {
		t.Errorf("a given counter spot moved: %v", u)
	}
}
