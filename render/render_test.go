package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// TestProvincesTouchExactlyWhenAdjacent checks the drawing against the
// game: two provinces share a stretch of border on the map exactly when a
// unit can move between them (an army, or a fleet between any of their
// coasts). Land that is no province (Switzerland) touches nothing that
// counts.
func TestProvincesTouchExactlyWhenAdjacent(t *testing.T) {
	v := standard.Variant()
	m, err := mapdata.Decode(standard.Drawing())
	if err != nil {
		t.Fatal(err)
	}
	touch := map[[2]string]bool{}
	for _, a := range m.Arcs {
		if a.Left == mapdata.Outside || a.Right == mapdata.Outside {
			continue
		}
		l, r := m.Regions[a.Left], m.Regions[a.Right]
		if l.Kind == mapdata.Impassable || r.Kind == mapdata.Impassable || length(a.Points) < 1 {
			continue
		}
		touch[[2]string{min(l.ID, r.ID), max(l.ID, r.ID)}] = true
	}
	var provinces []variants.Loc
	for i, l := range v.Locs {
		if l.Province == variants.Loc(i) {
			provinces = append(provinces, variants.Loc(i))
		}
	}
	pairs := 0
	for i, a := range provinces {
		for _, b := range provinces[i+1:] {
			ida, idb := v.Locs[a].ID, v.Locs[b].ID
			got, want := touch[[2]string{min(ida, idb), max(ida, idb)}], adjacent(v, a, b)
			if got != want {
				t.Errorf("%s and %s: touch on the map %v, adjacent in the game %v", ida, idb, got, want)
			}
			if want {
				pairs++
			}
		}
	}
	if pairs < 200 {
		t.Errorf("only %d adjacent pairs: is the variant complete?", pairs)
	}
}

// adjacent reports whether a unit can move between provinces a and b.
func adjacent(v *variants.Variant, a, b variants.Loc) bool {
	if v.ArmyAdj[a].Has(b) {
		return true
	}
	for _, x := range append([]variants.Loc{a}, v.Locs[a].Coasts...) {
		if v.CanReachProvince(variants.Fleet, x, b) {
			return true
		}
	}
	return false
}

func length(ps []mapdata.Point) float32 {
	var l float32
	for i := 1; i < len(ps); i++ {
		l += pt{ps[i].X - ps[i-1].X, ps[i].Y - ps[i-1].Y}.len()
	}
	return l
}

// TestPlacesInsideProvinces checks that every unit stands inside its own
// province on the map, every location's (a coast's too), and that every
// province has exactly one region.
func TestPlacesInsideProvinces(t *testing.T) {
	v := standard.Variant()
	m, err := mapdata.Decode(standard.Drawing())
	if err != nil {
		t.Fatal(err)
	}
	regions := map[string]*mapdata.Region{}
	for i := range m.Regions {
		r := &m.Regions[i]
		if r.ID == "" {
			continue
		}
		if regions[r.ID] != nil {
			t.Errorf("two regions for %s", r.ID)
		}
		regions[r.ID] = r
	}
	places := map[string]mapdata.Place{}
	for _, p := range m.Places {
		places[p.ID] = p
	}
	for _, l := range v.Locs {
		prov := v.Locs[l.Province].ID
		r, ok := regions[prov]
		if !ok {
			t.Errorf("%s: no region", prov)
			continue
		}
		p, ok := places[l.ID]
		if !ok {
			t.Errorf("%s: no place", l.ID)
			continue
		}
		if !inside(m, r, p.Unit) {
			t.Errorf("%s: the unit's spot (%.0f, %.0f) is outside %s", l.ID, p.Unit.X, p.Unit.Y, prov)
		}
	}
}

// inside tests a point against a region's rings (non-zero winding).
func inside(m *mapdata.Map, r *mapdata.Region, p mapdata.Point) bool {
	wind := 0
	for _, ring := range r.Rings {
		var pts []mapdata.Point
		for _, ref := range ring {
			a := m.Arcs[max(ref, ^ref)].Points
			if ref < 0 {
				a = slices.Clone(a)
				slices.Reverse(a)
			}
			pts = append(pts, a...)
		}
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			if (a.Y <= p.Y) != (b.Y <= p.Y) {
				x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
				if x > p.X {
					if b.Y > a.Y {
						wind++
					} else {
						wind--
					}
				}
			}
		}
	}
	return wind != 0
}

// drawnGroup is a <g> of the SVG, as the structural test reads it.
type drawnGroup struct {
	Class string     `xml:"class,attr"`
	Attrs []xml.Attr `xml:",any,attr"`
}

func (g drawnGroup) data(name string) string {
	for _, a := range g.Attrs {
		if a.Name.Local == "data-"+name {
			return a.Value
		}
	}
	return ""
}

// drawn reads the groups of an SVG.
func drawn(t *testing.T, svg []byte) []drawnGroup {
	t.Helper()
	var doc struct {
		XMLName xml.Name     `xml:"svg"`
		Groups  []drawnGroup `xml:"g"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatalf("the SVG is not well-formed XML: %v", err)
	}
	return doc.Groups
}

// TestSVGShowsEverything checks, on the SVG, that every unit, dislodged
// unit, supply centre (with its owner) and order of the input appears in
// the drawing, with its result.
func TestSVGShowsEverything(t *testing.T) {
	v := standard.Variant()
	start := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901}, Units: v.StartUnits, Centers: v.StartCenters}
	type input struct {
		pos  *adjudicator.Position
		opts Options
	}
	cases := map[string]func(t *testing.T) input{
		"start": func(t *testing.T) input { return input{start, Options{}} },
		"opening orders, unresolved": func(t *testing.T) input {
			reqs, _ := seedGame(t)
			pos, err := diplomacy.Decode(v, reqs["S1901M"])
			if err != nil {
				t.Fatal(err)
			}
			last := &Orders{Phase: pos.Phase}
			for name, texts := range reqs["S1901M"].Orders {
				p, err := parser.Power(v, name)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range texts {
					o, err := parser.Order(v, pos, p, s)
					if err != nil {
						t.Fatal(err)
					}
					last.Orders = append(last.Orders, o)
				}
			}
			return input{pos, Options{Last: last}}
		},
	}
	for _, ph := range []string{"S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"} {
		cases["after "+ph] = func(t *testing.T) input {
			_, pos, opts := afterPhase(t, ph)
			return input{pos, opts}
		}
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			in := mk(t)
			var buf bytes.Buffer
			if err := SVG(&buf, v, in.pos, in.opts); err != nil {
				t.Fatal(err)
			}
			groups := drawn(t, buf.Bytes())
			has := func(class string, attrs ...string) bool {
				return slices.ContainsFunc(groups, func(g drawnGroup) bool {
					if g.Class != class {
						return false
					}
					for i := 0; i < len(attrs); i += 2 {
						if g.data(attrs[i]) != attrs[i+1] {
							return false
						}
					}
					return true
				})
			}
			count := func(class string) int {
				n := 0
				for _, g := range groups {
					if g.Class == class {
						n++
					}
				}
				return n
			}
			for _, u := range in.pos.Units {
				if !has("unit", "unit", v.UnitText(u), "power", v.Powers[u.Power].ID) {
					t.Errorf("unit %s of %s not drawn", v.UnitText(u), v.Powers[u.Power].ID)
				}
			}
			if got := count("unit"); got != len(in.pos.Units) {
				t.Errorf("%d units drawn, the position has %d", got, len(in.pos.Units))
			}
			for _, dl := range in.pos.Dislodged {
				var opts []string
				dl.Retreats.Each(func(l variants.Loc) { opts = append(opts, v.Locs[l].ID) })
				if !has("dislodged", "unit", v.UnitText(dl.Unit), "retreats", strings.Join(opts, " ")) {
					t.Errorf("dislodged %s (retreats %v) not drawn", v.UnitText(dl.Unit), opts)
				}
			}
			centres := 0
			for l, owner := range in.pos.Centers {
				if !v.Locs[l].SupplyCenter {
					continue
				}
				centres++
				want := "neutral"
				if owner != variants.NoPower {
					want = v.Powers[owner].ID
				}
				if !has("centre", "loc", v.Locs[l].ID, "owner", want) {
					t.Errorf("centre %s of %s not drawn", v.Locs[l].ID, want)
				}
			}
			if got := count("centre"); got != centres || centres != 34 {
				t.Errorf("%d centres drawn, want %d (34)", got, centres)
			}
			if in.opts.Last == nil {
				if got := count("order"); got != 0 {
					t.Errorf("%d orders drawn, none given", got)
				}
				return
			}
			for i, o := range in.opts.Last.Orders {
				attrs := []string{"order", parser.Format(v, o), "power", v.Powers[o.Power].ID}
				if in.opts.Last.Results != nil {
					attrs = append(attrs, "result", in.opts.Last.Results[i].Outcome.String())
				}
				if !has("order", attrs...) {
					t.Errorf("order %v not drawn", attrs)
				}
			}
			if got := count("order"); got != len(in.opts.Last.Orders) {
				t.Errorf("%d orders drawn, %d given", got, len(in.opts.Last.Orders))
			}
			for _, u := range in.opts.Last.Removed {
				if !has("removed", "unit", v.UnitText(u)) {
					t.Errorf("removed %s not drawn", v.UnitText(u))
				}
			}
		})
	}
}

// TestSeedFall1902 pins down what the worked game's Fall 1902 picture must
// hold: the Russian fleet in Rumania annihilated, two armies dislodged
// with their retreats, failed orders marked.
func TestSeedFall1902(t *testing.T) {
	v, pos, opts := afterPhase(t, "F1902M")
	var buf bytes.Buffer
	if err := SVG(&buf, v, pos, opts); err != nil {
		t.Fatal(err)
	}
	groups := drawn(t, buf.Bytes())
	find := func(class, key, value string) *drawnGroup {
		for i := range groups {
			if groups[i].Class == class && groups[i].data(key) == value {
				return &groups[i]
			}
		}
		return nil
	}
	if g := find("removed", "unit", "F rum"); g == nil || g.data("power") != "russia" {
		t.Errorf("the Russian fleet in Rumania is not drawn removed: %+v", g)
	}
	for unit, retreats := range map[string]string{"A stp": "fin lvn mos", "A bur": "gas par"} {
		if g := find("dislodged", "unit", unit); g == nil || g.data("retreats") != retreats {
			t.Errorf("dislodged %s: %+v, want retreats %q", unit, g, retreats)
		}
	}
	for order, result := range map[string]string{"A nwy - stp": "succeeds", "A arm - sev": "fails", "F wes - mao": "succeeds", "A bur - bel": "fails"} {
		if g := find("order", "order", order); g == nil || g.data("result") != result {
			t.Errorf("order %s: %+v, want %s", order, g, result)
		}
	}
	if g := find("title", "phase", "F1902R"); g == nil {
		t.Errorf("no title for F1902R")
	}
	if !bytes.Contains(buf.Bytes(), []byte("results of Fall 1902 movement")) {
		t.Errorf("the title does not say whose results are drawn")
	}
}

// TestGolden compares the PNG of the worked game's Fall 1902 position
// with the one in testdata, pixel by pixel with a tolerance, so that
// antialiasing that differs a little (floating point on another machine)
// does not fail it but a moved unit or a lost arrow does. Run with -update
// to accept a new picture (and look at it first).
func TestGolden(t *testing.T) {
	v, pos, opts := afterPhase(t, "F1902M")
	opts.Date = time.Date(1902, time.October, 1, 0, 0, 0, 0, time.UTC)
	var buf bytes.Buffer
	if err := PNG(&buf, v, pos, opts); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 500<<10 {
		t.Errorf("PNG of %d bytes, want under 500 KB", buf.Len())
	}
	checkGolden(t, buf.Bytes(), "testdata/f1902.png")
}

// checkGolden compares the PNG data with the golden file, pixel by pixel
// with a tolerance, rewriting the file first with -update. A pixel
// differs when a channel is off by more than 40 of 255. The smallest sign
// on the Diplomacy map, a support's dashed line, changes about 100
// pixels and a unit over 400, while drawing everything a thousandth of a
// pixel lower changes 4: at most 60 pixels may differ.
func checkGolden(t *testing.T, data []byte, golden string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to make it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("size %v, golden %v", got.Bounds(), want.Bounds())
	}
	if differ, limit := differing(got, want), 60; differ > limit {
		out := strings.TrimSuffix(golden, ".png") + ".got.png"
		os.WriteFile(out, data, 0o644)
		t.Errorf("%d pixels differ from %s (at most %d may); this run's picture is in %s", differ, golden, limit, out)
	}
}

// differing counts the pixels of a and b with a channel more than 40 of
// 255 apart (all of them when the sizes differ).
func differing(a, b image.Image) int {
	r := a.Bounds()
	if r != b.Bounds() {
		return r.Dx() * r.Dy()
	}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				n++
			}
		}
	}
	return n
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 40 || d < -40
}

// TestPNG checks the PNG's size and encoding for every phase of the
// worked game: about 1600 pixels wide, under 500 KB.
func TestPNG(t *testing.T) {
	for _, ph := range []string{"S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"} {
		t.Run(ph, func(t *testing.T) {
			v, pos, opts := afterPhase(t, ph)
			var buf bytes.Buffer
			if err := PNG(&buf, v, pos, opts); err != nil {
				t.Fatal(err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != 1600 || cfg.Height < 1200 || cfg.Height > 1600 {
				t.Errorf("%d x %d pixels, want 1600 wide", cfg.Width, cfg.Height)
			}
			if buf.Len() > 500<<10 {
				t.Errorf("%d bytes, want under 500 KB", buf.Len())
			}
		})
	}
}

func TestErrors(t *testing.T) {
	v := standard.Variant()
	start := func() *adjudicator.Position {
		return &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901}, Units: slices.Clone(v.StartUnits), Centers: slices.Clone(v.StartCenters)}
	}
	other := *v
	other.Name = "nowhere"
	for _, c := range []struct {
		name string
		v    *variants.Variant
		pos  func() *adjudicator.Position
		opts Options
		want string
	}{
		{"no variant drawing", &other, start, Options{}, `no drawing for variant "nowhere"`},
		{"no position", v, func() *adjudicator.Position { return nil }, Options{}, "no variant or no position"},
		{"unit nowhere", v, func() *adjudicator.Position {
			p := start()
			p.Units[0].Loc = variants.NoLoc
			return p
		}, Options{}, "unit: no such location"},
		{"unit of no power", v, func() *adjudicator.Position {
			p := start()
			p.Units[0].Power = 9
			return p
		}, Options{}, "no such power"},
		{"short centres", v, func() *adjudicator.Position {
			p := start()
			p.Centers = p.Centers[:3]
			return p
		}, Options{}, "3 centre owners"},
		{"results without orders", v, start, Options{Last: &Orders{Results: make([]adjudicator.Result, 1)}}, "1 results for 0 orders"},
		{"order nowhere", v, start, Options{Last: &Orders{Orders: []adjudicator.Order{{Type: adjudicator.Move, Loc: 3, Target: variants.NoLoc}}}}, "order 1: no such location"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, draw := range []func(io.Writer, *variants.Variant, *adjudicator.Position, Options) error{PNG, SVG} {
				err := draw(io.Discard, c.v, c.pos(), c.opts)
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %v, want one with %q", err, c.want)
				}
			}
		})
	}
}

// failingWriter fails every write, as a full disk would.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	v := standard.Variant()
	pos := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901}, Units: v.StartUnits, Centers: v.StartCenters}
	for name, draw := range map[string]func(io.Writer, *variants.Variant, *adjudicator.Position, Options) error{"PNG": PNG, "SVG": SVG} {
		if err := draw(failingWriter{}, v, pos, Options{}); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: error %v, want the writer's", name, err)
		}
	}
}

func TestResponseOrdersErrors(t *testing.T) {
	v := standard.Variant()
	for _, c := range []struct {
		resp diplomacy.Response
		want string
	}{
		{diplomacy.Response{Phase: "X"}, "phase"},
		{diplomacy.Response{Phase: "S1901M", Results: map[string][]diplomacy.OrderResult{"nobody": {{Parsed: "A par H", Result: "succeeds"}}}}, "nobody"},
		{diplomacy.Response{Phase: "S1901M", Results: map[string][]diplomacy.OrderResult{"france": {{Parsed: "A par - nowhere", Result: "fails"}}}}, "nowhere"},
		{diplomacy.Response{Phase: "S1901M", Results: map[string][]diplomacy.OrderResult{"france": {{Parsed: "A par H", Result: "maybe"}}}}, `unknown result "maybe"`},
		{diplomacy.Response{Phase: "S1901M", Removed: map[string][]string{"france": {"Q par"}}}, "Q par"},
	} {
		if _, err := ResponseOrders(v, &c.resp); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one with %q", c.resp, err, c.want)
		}
	}
}

// referencePNG draws pos as PNG did before frames (frame.go): the whole
// picture in true colour (rasterise), reduced to a palette of its own,
// encoded by image/png. The benchmark holds the two side by side.
func referencePNG(w io.Writer, v *variants.Variant, pos *adjudicator.Position, opts Options) error {
	d, sc, err := prepare(v, pos, opts)
	if err != nil {
		return err
	}
	return encodePNG(w, d.rasterise(sc))
}

// rasterise draws the scene onto a copy of the variant's base: the way
// a map was drawn before frames, the tests' reference.
func (d *drawing) rasterise(sc *scene) *image.RGBA {
	return paintedOver(d.baseRaster(), sc.groups)
}

// BenchmarkPNG draws the worked game's Fall 1902 picture, orders and all,
// as the judge does for a results mail: "frame" as PNG draws it, "before"
// as it was drawn before frames (the whole picture reduced to a palette
// of its own and encoded by image/png), side by side in one process.
// Goal: under 5 ms a map.
func BenchmarkPNG(b *testing.B) {
	v, pos, opts := afterPhase(b, "F1902M")
	for _, c := range []struct {
		name string
		draw func(io.Writer, *variants.Variant, *adjudicator.Position, Options) error
	}{{"frame", PNG}, {"before", referencePNG}} {
		b.Run(c.name, func(b *testing.B) {
			var buf bytes.Buffer
			if err := c.draw(&buf, v, pos, opts); err != nil { // the bases, drawn once
				b.Fatal(err)
			}
			for b.Loop() {
				buf.Reset()
				if err := c.draw(&buf, v, pos, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len())/1024, "KB")
		})
	}
}

func BenchmarkSVG(b *testing.B) {
	v, pos, opts := afterPhase(b, "F1902M")
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := SVG(&buf, v, pos, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
}

// TestConcurrent draws from several goroutines at once, as a judge
// sending several games' mails would (run with -race).
func TestConcurrent(t *testing.T) {
	v, pos, opts := afterPhase(t, "F1902M")
	errs := make(chan error, 4)
	for i := range 4 {
		go func() {
			draw := PNG
			if i%2 == 1 {
				draw = SVG
			}
			errs <- draw(io.Discard, v, pos, opts)
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	// More pictures at once than a base makes frames wait for one.
	n := 3 * maxFrames()
	pngs := make(chan []byte, n)
	for range n {
		go func() {
			var buf bytes.Buffer
			if err := PNG(&buf, v, pos, opts); err != nil {
				t.Error(err)
			}
			pngs <- buf.Bytes()
		}()
	}
	first := <-pngs
	for range n - 1 {
		if p := <-pngs; !bytes.Equal(p, first) {
			t.Error("the same picture drawn at once came out differently")
		}
	}
	d, err := drawingFor(v)
	if err != nil {
		t.Fatal(err)
	}
	if b := d.pngBase(v); b.made == 0 || b.made > maxFrames() || len(b.frames) != b.made {
		t.Errorf("the base made %d frames, %d of them idle after; want at most %d, all idle", b.made, len(b.frames), maxFrames())
	}
}

// TestClosedProvincesHatched checks that a neutral country's closed land
// (the two-player game's Italy) is marked on the map.
func TestClosedProvincesHatched(t *testing.T) {
	v := standard.Variant()
	pos := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1914}, Units: v.StartUnits, Centers: v.StartCenters}
	for _, id := range []string{"apu", "nap", "pie", "rom", "tus", "ven"} {
		pos.Closed.Add(v.Loc(id))
	}
	var buf bytes.Buffer
	if err := SVG(&buf, v, pos, Options{}); err != nil {
		t.Fatal(err)
	}
	var closed []string
	for _, g := range drawn(t, buf.Bytes()) {
		if g.Class == "closed" {
			closed = append(closed, g.data("loc"))
		}
	}
	if slices.Sort(closed); !slices.Equal(closed, []string{"apu", "nap", "pie", "rom", "tus", "ven"}) {
		t.Errorf("closed provinces drawn: %v", closed)
	}
}
