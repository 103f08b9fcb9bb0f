package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants/italia"
	"github.com/corriere/corriere/variants/machiavelli"
)

// TestBoardTouchesExactlyWhenAdjacent checks the drawing of Le Guerre
// d'Italia's board against the board, from the drawing data alone: two
// territories share a stretch of border on the map exactly when the board
// says they share a border, a territory and a sea exactly when the sea
// bathes it, two seas exactly when they border; a bridge or a strait is
// no shared border but a line over the water from one territory to the
// other, and every such line is one. Land that is no territory touches
// nothing that counts. Both the board as printed (11 seas) and as played
// with the Laguna merged into the Alto Adriatico (10) are checked.
func TestBoardTouchesExactlyWhenAdjacent(t *testing.T) {
	for _, b := range []*machiavelli.Board{italia.Board(), italia.Merged()} {
		seas := len(b.Areas) - b.Territories
		t.Run(fmt.Sprintf("%d seas", seas), func(t *testing.T) {
			// NewBoardMap refuses a region that is no area of the board.
			bm, err := NewBoardMap(b)
			if err != nil {
				t.Fatal(err)
			}
			m, area := bm.m, bm.area
			touch := map[[2]machiavelli.Area]bool{}
			for _, a := range m.Arcs {
				if a.Left == mapdata.Outside || a.Right == mapdata.Outside || length(a.Points) < 1 {
					continue
				}
				x, y := area[a.Left], area[a.Right]
				if x == machiavelli.NoArea || y == machiavelli.NoArea || x == y {
					continue
				}
				touch[[2]machiavelli.Area{min(x, y), max(x, y)}] = true
			}
			crossing := map[[2]machiavelli.Area]bool{}
			for _, c := range m.Crossings {
				x, y := b.ByID(c.A), b.ByID(c.B)
				if x == machiavelli.NoArea || y == machiavelli.NoArea {
					t.Fatalf("crossing %s-%s: no such territories", c.A, c.B)
				}
				crossing[[2]machiavelli.Area{min(x, y), max(x, y)}] = true
			}
			pairs := 0
			for i := range b.Areas {
				for j := i + 1; j < len(b.Areas); j++ {
					x, y := machiavelli.Area(i), machiavelli.Area(j)
					k := [2]machiavelli.Area{x, y}
					edge := b.LandEdge(x, y)
					wantTouch := b.Adjacent(x, y) && (b.Areas[i].Sea || b.Areas[j].Sea || edge == machiavelli.Border)
					wantCrossing := edge == machiavelli.Bridge || edge == machiavelli.Strait
					if touch[k] != wantTouch {
						t.Errorf("%s and %s: touch on the map %v, on the board %v", b.Areas[i].ID, b.Areas[j].ID, touch[k], wantTouch)
					}
					if crossing[k] != wantCrossing {
						t.Errorf("%s and %s: a crossing on the map %v, on the board %v (%s)", b.Areas[i].ID, b.Areas[j].ID, crossing[k], wantCrossing, edge)
					}
					if wantTouch || wantCrossing {
						pairs++
					}
				}
			}
			// 148 land edges (146 borders, the bridge, the strait), 61
			// coasts, 13 sea borders (spec 1.3, Appendix B); merged, the
			// Laguna's 4 coasts and 1 sea border go and the Alto Adriatico
			// gains 2 coasts (Treviso, Venezia).
			want := 148 + 61 + 13
			if seas == 10 {
				want = 148 + 61 - 4 + 2 + 12
			}
			if pairs != want {
				t.Errorf("%d adjacent pairs on the board, want %d", pairs, want)
			}
		})
	}
}

// TestBoardSpots checks that every area's counter, name, city and port
// have their places: the counter and the city inside the area, the port's
// anchor on a sea its port opens on, each territory with a city symbol
// exactly when it has a city.
func TestBoardSpots(t *testing.T) {
	b := italia.Board()
	bm, err := NewBoardMap(b)
	if err != nil {
		t.Fatal(err)
	}
	m := bm.m
	inArea := func(p Point, want ...machiavelli.Area) bool {
		q := mapdata.Point{X: p.X, Y: p.Y - boardTitleHeight}
		for i := range m.Regions {
			if slices.Contains(want, bm.area[i]) && inside(m, &m.Regions[i], q) {
				return true
			}
		}
		return false
	}
	for i := range b.Areas {
		a, info := machiavelli.Area(i), &b.Areas[i]
		s := bm.Spots(a)
		if !inArea(s.Counter, a) {
			t.Errorf("%s: the counter's spot %v is outside", info.ID, s.Counter)
		}
		if s.Label == (Point{}) {
			t.Errorf("%s: no name spot", info.ID)
		}
		if (s.City != Point{}) != (info.City != machiavelli.NoCity) {
			t.Errorf("%s: city spot %v for a city %s", info.ID, s.City, info.City)
		} else if info.City != machiavelli.NoCity && !inArea(s.City, a) {
			t.Errorf("%s: the city's spot %v is outside", info.ID, s.City)
		}
		if (s.Port != Point{}) != info.HasPort() {
			t.Errorf("%s: port spot %v, has a port %v", info.ID, s.Port, info.HasPort())
		} else if info.HasPort() && !inArea(s.Port, info.Port...) {
			t.Errorf("%s: the port's anchor %v is on no sea it opens on", info.ID, s.Port)
		}
	}
}

var boardPNG = flag.String("boardpng", "", "write the board's map (and the merged board's, with -merged before .png) to this PNG file")

// boardMap is board b's map.
func boardMap(t testing.TB, b *machiavelli.Board) *BoardMap {
	t.Helper()
	bm, err := NewBoardMap(b)
	if err != nil {
		t.Fatal(err)
	}
	return bm
}

// drawBoard draws position p (the empty board when nil) on bm as a PNG:
// the file and the picture it holds.
func drawBoard(t testing.TB, bm *BoardMap, p *BoardPosition) (*bytes.Buffer, image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := bm.PNG(&buf, p); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return &buf, img
}

// TestBoardPNG draws the empty board, as printed and with the Laguna
// merged, and checks the picture's size and that the SVG names every area.
// With -boardpng FILE it writes the PNGs for a person to look at:
//
//	go test ./render -run BoardPNG -boardpng /tmp/italia.png
func TestBoardPNG(t *testing.T) {
	for _, b := range []*machiavelli.Board{italia.Board(), italia.Merged()} {
		bm := boardMap(t, b)
		buf, img := drawBoard(t, bm, nil)
		w, h := bm.Size()
		if got := img.Bounds().Size(); got.X != w || got.Y != h {
			t.Errorf("PNG is %v, want %d x %d", got, w, h)
		}
		t.Logf("%d seas: %d x %d, %d bytes", len(b.Areas)-b.Territories, w, h, buf.Len())
		if *boardPNG != "" {
			name := *boardPNG
			if b == italia.Merged() {
				name = strings.TrimSuffix(name, ".png") + "-merged.png"
			}
			if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if b == italia.Board() {
				writeSpots(t, bm, strings.TrimSuffix(name, ".png")+"-spots.png")
			}
		}

		var svg bytes.Buffer
		if err := bm.SVG(&svg, nil); err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(svg.Bytes(), new(struct{})); err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		for _, a := range b.Areas {
			if !strings.Contains(svg.String(), `data-id="`+a.ID+`"`) {
				t.Errorf("SVG: no area %s", a.ID)
			}
			for _, l := range splitName(a.Italian, 16) {
				if !strings.Contains(svg.String(), ">"+xmlText(l)+"</text>") {
					t.Errorf("SVG: no name %q", l)
				}
			}
		}
	}
}

func xmlText(s string) string {
	var b strings.Builder
	xmlEscape(&b, s)
	return b.String()
}

// writeSpots writes the board with a grey square where each area's
// counter goes, to judge the spots against the names and symbols.
func writeSpots(t *testing.T, bm *BoardMap, name string) {
	img := image.NewRGBA(image.Rect(0, 0, bm.w, bm.h))
	paint(img, bm.base)
	var g group
	for a := range bm.b.Areas {
		c := bm.Spots(machiavelli.Area(a)).Counter.pt()
		sq := fillPoly(rgb(0x888888), rect(c.X-9, c.Y-9, 18, 18))
		sq.stroke, sq.width = colInk, 1.2
		g.shapes = append(g.shapes, sq)
	}
	paint(img, []group{g})
	var buf bytes.Buffer
	if err := encodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkBoardPNG draws the board's map as a PNG (the base is drawn
// once, the first time; every picture encodes it).
func BenchmarkBoardPNG(b *testing.B) {
	bm := boardMap(b, italia.Merged())
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := bm.PNG(&buf, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/png")
}

// BenchmarkBoardBase draws the board's base from scratch: what the first
// picture of a process costs.
func BenchmarkBoardBase(b *testing.B) {
	bm := boardMap(b, italia.Merged())
	for b.Loop() {
		img := image.NewRGBA(image.Rect(0, 0, bm.w, bm.h))
		paint(img, bm.baseGroups())
	}
}
