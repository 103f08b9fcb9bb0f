package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants/italia"
	"github.com/corriere/corriere/variants/machiavelli"
)

// italiaPowers are Le Guerre d'Italia's powers in the seed's order, as
// the game names them.
var italiaPowers = []BoardPower{
	{ID: "francia", Name: "Francia"}, {ID: "aragonesi", Name: "Aragonesi"},
	{ID: "impero", Name: "Impero"}, {ID: "venezia", Name: "Venezia"},
	{ID: "firenze", Name: "Firenze"}, {ID: "papato", Name: "Papato"},
	{ID: "ottomani", Name: "Ottomani"}, {ID: "svizzeri", Name: "Svizzeri"},
}

// testPosition is Venezia's copy of the results of a made-up spring 1500
// on the provisional 1499 setup (game/italia/setup.json): every sign a
// map has, own counters with their elements, the others' as counters of
// unknown kind.
func testPosition() *BoardPosition {
	control := map[string]string{}
	for pw, ts := range map[string][]string{
		"francia":   {"avign", "marse", "prove", "milan", "genoa", "naple", "bari", "saluz", "pavia"},
		"aragonesi": {"paler", "messi", "sardi"},
		"impero":    {"austr", "carin", "hunga", "tyrol", "trent"},
		"venezia":   {"venic", "padua", "trevi", "vicen", "veron", "bresc", "berga", "friul", "istri", "dalma", "mantu"},
		"firenze":   {"flore", "arezz", "pisa", "pisto"},
		"papato":    {"rome", "bolog", "perug", "ancon", "patri", "spole", "urbin", "romag", "tivol"},
		"ottomani":  {"alban", "bosni", "duraz", "herze", "tunis"},
		"svizzeri":  {"swiss"},
	} {
		for _, t := range ts {
			control[t] = pw
		}
	}
	for _, a := range italia.Board().Areas {
		if _, ok := control[a.ID]; !ok && !a.Sea && a.ID != "slavo" {
			control[a.ID] = "" // independent; Slavonia left with no garrison
		}
	}
	return &BoardPosition{
		Title:    "Le Guerre d'Italia · Partita 3 · Primavera 1500",
		Subtitle: "risultati · copia di Venezia",
		Date:     time.Date(1500, time.April, 20, 0, 0, 0, 0, time.UTC),
		Powers:   italiaPowers,
		Control:  control,
		Sieges:   []BoardSiege{{Area: "ferra", Power: "venezia", Turns: 1}, {Area: "lucca", Power: "firenze", Turns: 2}},
		Markers: []BoardMarker{{Area: "naple", Kind: MarkerFamine}, {Area: "naple", Kind: MarkerPlague}, {Area: "romag", Kind: MarkerRevolt},
			{Area: "pavia", Kind: MarkerSack}, {Area: "cremo", Kind: MarkerBattle}},
		Counters: []BoardCounter{
			{Power: "venezia", Kind: CounterArmy, Area: "ferra", Label: "1", Detail: "CINC 3GD 8PK 4FT ART 4PKS"},
			{Power: "venezia", Kind: CounterContingent, Area: "mantu", Label: "2", Detail: "2CL 2FT"},
			{Power: "venezia", Kind: CounterDummy, Area: "vicen", Label: "3"},
			{Power: "venezia", Kind: CounterFleet, Area: "UA", Label: "F1"},
			{Power: "francia", Area: "cremo", Label: "1"},
			{Power: "francia", Area: "pavia", Label: "2"},
			{Power: "francia", Kind: CounterFleet, Area: "WGOL", Label: "F1"},
			{Power: "francia", Kind: CounterFleet, Area: "EGOL", Label: "F2"},
			{Power: "papato", Area: "ferra", Label: "1", InCity: true},
			{Power: "papato", Area: "romag", Label: "2"},
			{Power: "papato", Kind: CounterFleet, Area: "UA", Label: "F1"},
			{Power: "firenze", Area: "lucca", Label: "1"},
			{Power: "firenze", Kind: CounterFleet, Area: "EGOL", Label: "F1"},
			{Power: "aragonesi", Area: "naple", Label: "1"},
			{Power: "aragonesi", Kind: CounterFleet, Area: "GON", Label: "F1"},
			{Power: "aragonesi", Kind: CounterFleet, Area: "IS", Label: "F2"},
			{Power: "impero", Area: "trent", Label: "1"},
		},
		Orders: []BoardOrder{
			{Power: "venezia", Kind: OrderMove, From: "padua", To: []string{"ferra"}, Outcome: OutcomeSucceeded, Text: "#1 - Ferrara ASSEDIA"},
			{Power: "venezia", Kind: OrderSiege, From: "ferra", Outcome: OutcomeSucceeded, Text: "#1 ASSEDIA"},
			{Power: "venezia", Kind: OrderSupport, From: "mantu", To: []string{"ferra"}, Outcome: OutcomeSucceeded, Text: "#2 - Mantova SUPPORTA #1"},
			{Power: "venezia", Kind: OrderHold, From: "vicen", Outcome: OutcomeSucceeded, Text: "#3 FERMO"},
			{Power: "francia", Kind: OrderStrategic, From: "cremo", To: []string{"mantu", "veron"}, Outcome: OutcomeFailed, Text: "#1 STRATEGICO Mantova-Verona"},
			{Power: "francia", Kind: OrderMove, From: "pavia", To: []string{"pianc"}, Outcome: OutcomeFailed, Text: "#2 - Piacenza"},
			{Power: "impero", Kind: OrderMove, From: "trent", To: []string{"veron"}, Outcome: OutcomeFailed, Text: "#1 - Verona"},
			{Power: "papato", Kind: OrderMove, From: "UA", To: []string{"LA"}, Outcome: OutcomeFailed, Text: "F1 - Basso Adriatico"},
			{Power: "aragonesi", Kind: OrderTransport, From: "paler", To: []string{"GON", "naple"}, Outcome: OutcomeSucceeded, Text: "F1 TRASPORTA #1 DA Palermo A Napoli"},
			{Power: "firenze", Kind: OrderMove, From: "pisa", To: []string{"lucca"}, Outcome: OutcomeSucceeded, Text: "#1 - Lucca ASSEDIA"},
			{Power: "francia", Kind: OrderMove, From: "WGOL", To: []string{"EGOL"}, Outcome: OutcomeSucceeded, Text: "F1 - Golfo del Leone Orientale"},
		},
	}
}

// TestBoardGolden compares the test position's PNG with the one in
// testdata, as TestGolden does. Run with -update to accept a new picture
// (and look at it first).
func TestBoardGolden(t *testing.T) {
	bm := boardMap(t, italia.Merged())
	buf, got := drawBoard(t, bm, testPosition())
	if buf.Len() > 500<<10 {
		t.Errorf("PNG of %d bytes, want under 500 KB", buf.Len())
	}
	if w, h := bm.Size(); got.Bounds() != image.Rect(0, 0, w, h) {
		t.Errorf("PNG is %v, want %d x %d", got.Bounds(), w, h)
	}
	checkGolden(t, buf.Bytes(), "testdata/italia1500.png")
}

// TestBoardFrameAsReference checks the PNG drawn over the base, its
// territories tinted by the palette, against the whole picture drawn in
// true colour, tints and all, as the SVG draws it: every sign as drawn
// whole (an edge's colour may move, never a sign), and every plain
// pixel of a territory in its tint. Only the edges of the base's lines
// and names in a tinted territory keep the plain land's blend, a pale
// fringe the eye reads as part of the line.
func TestBoardFrameAsReference(t *testing.T) {
	bm := boardMap(t, italia.Merged())
	p := testPosition()
	_, got := drawBoard(t, bm, p)
	bp, err := bm.check(p)
	if err != nil {
		t.Fatal(err)
	}
	tints := bm.tints(bp)
	base := image.NewRGBA(got.Bounds())
	paint(base, bm.posBaseGroups(func(a machiavelli.Area) color.RGBA { return tints[a] }))
	ref := paintedOver(base, bm.positionGroups(bp))
	b := bm.posBase()
	signs, lost, untinted := 0, 0, 0
	for y := range ref.Rect.Dy() {
		for x := range ref.Rect.Dx() {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			want := ref.RGBAAt(x, y)
			off := far(r1, uint32(want.R)*0x101) || far(g1, uint32(want.G)*0x101) || far(b1, uint32(want.B)*0x101)
			switch k := b.rows[y*b.stride+1+x]; {
			case want != base.RGBAAt(x, y):
				signs++
				if off {
					lost++
				}
			case int(k) < b.reserved && (r1>>8 != uint32(tints[k].R) || g1>>8 != uint32(tints[k].G) || b1>>8 != uint32(tints[k].B)):
				untinted++
			}
		}
	}
	// The palette holds the signs' edges, blends of a power's colour and
	// ink, less well than their insides: 1 pixel in 100 may be off.
	if lost > signs/100 || untinted > 0 {
		t.Errorf("of %d pixels of signs, %d differ from the picture drawn whole (at most %d may); %d plain pixels of a territory are not in its tint", signs, lost, signs/100, untinted)
	}
}

var boardPosPNG = flag.String("boardpos", "", "write the test position's map to this PNG file")

// TestBoardPositionSVG checks that the SVG of the test position is well
// formed and shows every counter, order, siege, marker and garrison;
// with -boardpos FILE it writes the PNG for a person to look at.
func TestBoardPositionSVG(t *testing.T) {
	bm := boardMap(t, italia.Merged())
	p := testPosition()
	var buf bytes.Buffer
	if err := bm.SVG(&buf, p); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, g := range drawn(t, buf.Bytes()) {
		count[g.Class]++
	}
	for class, want := range map[string]int{"counter": len(p.Counters), "order": len(p.Orders), "siege": len(p.Sieges), "marker": len(p.Markers), "garrison": len(p.Control), "detail": 2} {
		if count[class] != want {
			t.Errorf("SVG: %d groups of class %s, want %d", count[class], class, want)
		}
	}
	if *boardPosPNG != "" {
		var png bytes.Buffer
		if err := bm.PNG(&png, p); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*boardPosPNG, png.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBoardPositionRefused checks that what the board or the powers do
// not have is refused, not drawn somewhere.
func TestBoardPositionRefused(t *testing.T) {
	bm := boardMap(t, italia.Merged())
	for name, p := range map[string]*BoardPosition{
		"no such area":     {Powers: italiaPowers, Control: map[string]string{"atlantis": "venezia"}},
		"no such power":    {Powers: italiaPowers, Control: map[string]string{"venic": "spagna"}},
		"fleet on land":    {Powers: italiaPowers, Counters: []BoardCounter{{Power: "venezia", Kind: CounterFleet, Area: "venic"}}},
		"army at sea":      {Powers: italiaPowers, Counters: []BoardCounter{{Power: "venezia", Kind: CounterArmy, Area: "UA"}}},
		"move to nowhere":  {Powers: italiaPowers, Orders: []BoardOrder{{Power: "venezia", Kind: OrderMove, From: "venic"}}},
		"power twice":      {Powers: append(slices.Clone(italiaPowers), BoardPower{ID: "venezia"})},
		"no marker kind":   {Powers: italiaPowers, Markers: []BoardMarker{{Area: "venic"}}},
		"siege by nobody":  {Powers: italiaPowers, Sieges: []BoardSiege{{Area: "venic"}}},
		"order from limbo": {Powers: italiaPowers, Orders: []BoardOrder{{Power: "venezia", Kind: OrderHold, From: "limbo"}}},
	} {
		if err := bm.PNG(io.Discard, p); err == nil {
			t.Errorf("%s: drawn", name)
		}
	}
}

// TestBoardCounterInEveryArea puts a counter in every area (a fleet in
// every sea; every other city's in the city), each area's in another
// power's colour than its neighbours' in the list, and checks on the PNG
// that each is drawn where its area's Spots put it: inside its area, and
// its own colour inside its box's corners, which no other counter, sign
// or name covers. The SVG names each one.
func TestBoardCounterInEveryArea(t *testing.T) {
	for _, b := range []*machiavelli.Board{italia.Board(), italia.Merged()} {
		bm := boardMap(t, b)
		p := &BoardPosition{Powers: italiaPowers, Control: map[string]string{}}
		for i, a := range b.Areas {
			c := BoardCounter{Power: italiaPowers[i%len(italiaPowers)].ID, Area: a.ID, Label: "1"}
			if a.Sea {
				c.Kind, c.Label = CounterFleet, "F1"
			}
			c.InCity = a.City != machiavelli.NoCity && i%2 == 0
			p.Counters = append(p.Counters, c)
		}
		bp, err := bm.check(p)
		if err != nil {
			t.Fatal(err)
		}
		_, img := drawBoard(t, bm, p)
		placed := bm.layoutCounters(bp)
		if len(placed) != len(p.Counters) {
			t.Fatalf("%d counters placed of %d", len(placed), len(p.Counters))
		}
		m := bm.m
		for _, pc := range placed {
			c, a := pc.c, bp.areas[pc.c.Area]
			what := c.Power + " " + c.Label + " in " + c.Area
			in := false
			for i := range m.Regions {
				if bm.area[i] == a && inside(m, &m.Regions[i], mapdata.Point{X: pc.at.X, Y: pc.at.Y - boardTitleHeight}) {
					in = true
				}
			}
			if !in {
				t.Errorf("%s: drawn at %v, outside its area", what, pc.at)
			}
			want := bp.colours[c.Power]
			w, h := boxWidth(bp.text(c))/2-3, float32(counterH)/2-3
			corners := []pt{{-w, -h}, {w, -h}, {-w, h}, {w, h}}
			if c.InCity {
				corners = slices.Delete(corners, 1, 2) // under the tower
			}
			if c.Kind == CounterFleet {
				corners = []pt{{-w + 2, -1}, {w - 2, -1}} // the hull's ends
			}
			for _, d := range corners {
				q := pc.at.add(d)
				got := color.RGBAModel.Convert(img.At(int(q.X), int(q.Y))).(color.RGBA)
				if max(diff(got.R, want.R), diff(got.G, want.G), diff(got.B, want.B)) > 12 {
					t.Errorf("%s: %v at %v, want the power's %v", what, got, q, want)
				}
			}
		}
		var svg bytes.Buffer
		if err := bm.SVG(&svg, p); err != nil {
			t.Fatal(err)
		}
		for _, c := range p.Counters {
			g := `<g class="counter" data-power="` + c.Power + `" data-area="` + c.Area + `" data-label="` + c.Label + `"`
			if !strings.Contains(svg.String(), g) {
				t.Errorf("SVG: no %s", g)
			}
		}
	}
}

// BenchmarkBoardPositionPNG draws the test position (the base made
// before the timer starts, as a judge's first map makes it).
func BenchmarkBoardPositionPNG(b *testing.B) {
	bm := boardMap(b, italia.Merged())
	p := testPosition()
	var buf bytes.Buffer
	if err := bm.PNG(&buf, p); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		buf.Reset()
		if err := bm.PNG(&buf, p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KB")
}
