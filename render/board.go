package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"sync"

	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants/italia"
	"github.com/corriere/corriere/variants/machiavelli"
)

// This file draws the map of a Machiavelli-family board (package
// variants/machiavelli; Le Guerre d'Italia's is variants/italia): the
// board alone for now, its territories tinted in the colours the rules
// read off it, cities, fortresses and ports marked, the crossings over
// water dashed and every area named. It shares with the Diplomacy map
// the scene and its PNG and SVG writers (scene.go, raster.go, svg.go) and
// the drawing's outlines and legend rows (outline.go, legendRow), and
// nothing of the game: a BoardMap knows no Diplomacy variant or position,
// and the Diplomacy map knows no Machiavelli board. What a game puts on the
// board (garrisons, armies, fleets, orders, markers) goes where Spots
// says.

// boardSources gives each Machiavelli-family board's drawing data, by the
// board's name. A board without an entry cannot be drawn.
var boardSources = map[string]func() []byte{
	"italia": italia.Drawing,
}

// Point is a point on a map, in the PNG's pixels (y downwards).
type Point struct{ X, Y float32 }

// Spots are where things go in one area of a BoardMap, in the PNG's
// pixels: the counter of what stands there (an army, a fleet, a
// garrison's marker beside the city), the city's symbol and the port's
// anchor (zero when there is none), and the centre of the name.
type Spots struct {
	Counter, City, Port, Label Point
}

// BoardMap is the map of a Machiavelli-family board. Make one with
// NewBoardMap; it is safe for concurrent use.
type BoardMap struct {
	b *machiavelli.Board
	m *mapdata.Map
	// area is the board's area of each region of the drawing, or
	// machiavelli.NoArea for land that is no territory. On a board that
	// merges seas, several regions are one area.
	area  []machiavelli.Area
	spots []Spots // by area
	base  []group
	w, h  int

	// emptyPNG is the empty board's PNG, made once.
	emptyOnce sync.Once
	emptyPNG  []byte
	emptyErr  error
	// pos is the base of a position's PNG, made once (boardpos.go).
	posOnce sync.Once
	pos     *pngBase
}

// Sizes of a board's map, in pixels.
const (
	boardTitleHeight  = 40
	boardLegendHeight = 100 // a position's three rows
	boardLabelSize    = 10
	boardSeaLabelSize = 11
)

var (
	boardMapsMu sync.Mutex
	boardMaps   = map[*machiavelli.Board]*BoardMap{}
)

// NewBoardMap returns the map of board b: the board as printed (italia.Board)
// or as a game plays it with seas merged (italia.Merged), which draws the
// merged seas as one. Maps are made once per board and shared.
func NewBoardMap(b *machiavelli.Board) (*BoardMap, error) {
	boardMapsMu.Lock()
	defer boardMapsMu.Unlock()
	if bm, ok := boardMaps[b]; ok {
		return bm, nil
	}
	src, ok := boardSources[b.Name]
	if !ok {
		return nil, fmt.Errorf("render: no drawing for board %q", b.Name)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	m, err := mapdata.Decode(src())
	if err != nil {
		return nil, fmt.Errorf("render: board %s: %w", b.Name, err)
	}
	bm := &BoardMap{b: b, m: m, spots: make([]Spots, len(b.Areas)), w: m.Width, h: boardTitleHeight + m.Height + boardLegendHeight}
	for _, r := range m.Regions {
		a := machiavelli.NoArea
		if r.Kind != mapdata.Impassable {
			if a = boardArea(b, r.ID); a == machiavelli.NoArea {
				return nil, fmt.Errorf("render: board %s: the drawing has %q, the board has not", b.Name, r.ID)
			}
		}
		bm.area = append(bm.area, a)
	}
	placed := make([]bool, len(b.Areas))
	for _, p := range m.Places {
		a := b.ByID(p.ID)
		if a == machiavelli.NoArea {
			continue // a sea the board plays merged into another
		}
		placed[a] = true
		bm.spots[a] = Spots{Counter: onMap(p.Unit), City: onMap(p.City), Port: onMap(p.Port), Label: onMap(p.Label)}
	}
	for a, ok := range placed {
		if !ok {
			return nil, fmt.Errorf("render: board %s: the drawing has no place for %s", b.Name, b.Areas[a].ID)
		}
	}
	bm.base = bm.baseGroups()
	boardMaps[b] = bm
	return bm, nil
}

// boardArea is the area of b a region of the drawing stands for: the one
// with its id, or, for a sea b plays merged into another, that other
// (a merged sea's id is a name of the sea it joins).
func boardArea(b *machiavelli.Board, id string) machiavelli.Area {
	if a := b.ByID(id); a != machiavelli.NoArea {
		return a
	}
	if a, ok := b.Lookup(id); ok && b.Areas[a].Sea {
		return a
	}
	return machiavelli.NoArea
}

// onMap moves a point of the drawing below the title band; the zero point
// (nothing there) stays zero.
func onMap(p mapdata.Point) Point {
	if p == (mapdata.Point{}) {
		return Point{}
	}
	return Point{p.X, p.Y + boardTitleHeight}
}

func (p Point) pt() pt { return pt{p.X, p.Y} }

// Size returns the width and height of the map's pictures, in pixels.
func (bm *BoardMap) Size() (w, h int) { return bm.w, bm.h }

// Spots returns where things go in area a.
func (bm *BoardMap) Spots(a machiavelli.Area) Spots { return bm.spots[a] }

// PNG draws position p as a PNG image on w, or, when p is nil, the empty
// board in the colours the rules read off it (drawn and encoded once).
func (bm *BoardMap) PNG(w io.Writer, p *BoardPosition) error {
	if p != nil {
		return bm.positionPNG(w, p)
	}
	bm.emptyOnce.Do(func() {
		img := image.NewRGBA(image.Rect(0, 0, bm.w, bm.h))
		paint(img, bm.base)
		var buf bytes.Buffer
		bm.emptyErr = encodePNG(&buf, img)
		bm.emptyPNG = buf.Bytes()
	})
	err := bm.emptyErr
	if err == nil {
		_, err = w.Write(bm.emptyPNG)
	}
	if err != nil {
		return fmt.Errorf("render: write PNG: %w", err)
	}
	return nil
}

// SVG draws position p as an SVG document on w, or, when p is nil, the
// empty board.
func (bm *BoardMap) SVG(w io.Writer, p *BoardPosition) error {
	if p != nil {
		return bm.positionSVG(w, p)
	}
	if err := writeSVGDocument(w, bm.w, bm.h, "", bm.base); err != nil {
		return fmt.Errorf("render: write SVG: %w", err)
	}
	return nil
}

// Colours of a board's map: the board colours the rules read, as tints of
// the land.
var (
	colBoardYellow = rgb(0xE8C32E) // French national territories
	colBoardRed    = rgb(0xD2452F) // Imperial
	colBoardPink   = rgb(0xE06AA6) // Ottoman
	colBoardSwiss  = rgb(0x7C8BC2) // the Swiss Confederation
	colPort        = rgb(0x24506E)
	colCrossing    = rgb(0x5A3E22)
)

// tinted fills paths in the tint of a territory of colour c, hatched for
// the Balkan states in the Ottoman sphere, which the board does not colour.
func tinted(c machiavelli.Colour, paths ...[]pt) []shape {
	fill := colLand
	switch c {
	case machiavelli.Yellow:
		fill = mix(colLand, colBoardYellow, 0.5)
	case machiavelli.Red:
		fill = mix(colLand, colBoardRed, 0.34)
	case machiavelli.Pink:
		fill = mix(colLand, colBoardPink, 0.36)
	case machiavelli.Swiss:
		fill = mix(colLand, colBoardSwiss, 0.38)
	case machiavelli.Balkan:
		return []shape{fillPoly(fill, paths...), strokeLines(mix(colLand, colBoardPink, 0.55), 1.2, hatch(paths, 7)...)}
	}
	return []shape{fillPoly(fill, paths...)}
}

// colourNames are the legend's words for the board's colours.
var colourNames = []struct {
	c    machiavelli.Colour
	name string
}{
	{machiavelli.Yellow, "Francia"},
	{machiavelli.Red, "Impero"},
	{machiavelli.Pink, "Ottomani"},
	{machiavelli.Swiss, "Svizzera"},
	{machiavelli.Balkan, "Balcani (sfera ottomana)"},
}

// baseGroups draws the empty board: areas in the board's colours,
// borders, crossings, cities and ports, names, title and legend.
func (bm *BoardMap) baseGroups() []group {
	gs := bm.bands()
	gs = append(gs, bm.mapGroups(tinted)...)
	return append(gs, bm.boardTitle(), bm.boardLegend())
}

// bands draws the sea under the map, the title's band above it and the
// legend's paper below.
func (bm *BoardMap) bands() []group {
	w, mh := float32(bm.m.Width), float32(bm.m.Height)
	return []group{{class: "background", shapes: []shape{
		fillPoly(colSea, rect(0, boardTitleHeight, w, mh)),
		fillPoly(colBand, rect(0, 0, w, boardTitleHeight)),
		fillPoly(colPaper, rect(0, boardTitleHeight+mh, w, boardLegendHeight)),
	}}}
}

// mapGroups draws the map: each territory filled by fill (given its
// board colour), the seas, borders, crossings, cities, ports and names.
func (bm *BoardMap) mapGroups(fill func(c machiavelli.Colour, paths ...[]pt) []shape) []group {
	m, b := bm.m, bm.b
	var gs []group
	ol := outline{m, boardTitleHeight}
	for i := range m.Regions {
		paths := ol.region(&m.Regions[i])
		a := bm.area[i]
		if a == machiavelli.NoArea {
			gs = append(gs, group{class: "impassable", shapes: []shape{fillPoly(colImpassable, paths...), hatching(paths)}})
			continue
		}
		info := &b.Areas[a]
		g := group{class: "territory", attrs: []attr{{"id", info.ID}}, title: info.Italian + " (" + info.English + ")"}
		if info.Sea {
			g.class = "sea"
			g.shapes = []shape{fillPoly(colSea, paths...)}
		} else {
			g.shapes = fill(info.Colour, paths...)
			if info.Colour != machiavelli.NoColour {
				g.attrs = append(g.attrs, attr{"colour", info.Colour.String()})
			}
		}
		gs = append(gs, g)
	}
	// Borders: coasts strongest, then land borders, sea borders faint; a
	// border inside one area (seas played merged) is not drawn.
	coast, land, sea := ol.borders(func(a *mapdata.Arc) bool { return bm.area[a.Left] == bm.area[a.Right] })
	gs = append(gs, group{class: "borders", shapes: []shape{
		strokeLines(colSeaBorder, 1.2, sea...),
		strokeLines(colBorder, 1.1, land...),
		strokeLines(colCoast, 1.3, coast...),
	}})
	for _, c := range m.Crossings {
		var line []pt
		for _, p := range c.Points {
			line = append(line, onMap(p).pt())
		}
		x, y := b.ByID(c.A), b.ByID(c.B)
		kind := b.LandEdge(x, y)
		gs = append(gs, group{class: "crossing", attrs: []attr{{"from", c.A}, {"to", c.B}, {"kind", kind.String()}},
			title:  b.Areas[x].Italian + " - " + b.Areas[y].Italian + ": " + kind.String(),
			shapes: crossingShapes(line)})
	}
	var marks, names []shape
	for a := range b.Areas {
		info, s := &b.Areas[a], bm.spots[a]
		if info.City != machiavelli.NoCity {
			marks = append(marks, citySymbol(info.City, info.Value, s.City.pt())...)
		}
		if info.HasPort() {
			marks = append(marks, anchorSymbol(s.Port.pt(), colPort)...)
		}
		names = append(names, areaName(info, s.Label.pt())...)
	}
	return append(gs, group{class: "cities", shapes: marks}, group{class: "names", shapes: names})
}

// crossingShapes draws a land move over the water: a dashed line on a pale
// casing, with a bar across each end.
func crossingShapes(line []pt) []shape {
	out := []shape{strokeLines(mix(colSea, colPaper, 0.6), 4.4, line)}
	out = append(out, strokeLines(colCrossing, 2, dashes(line, 6, 4)...))
	for _, end := range [][2]pt{{line[0], line[1]}, {line[len(line)-1], line[len(line)-2]}} {
		n := end[1].sub(end[0]).unit().perp().scale(4.5)
		out = append(out, strokeLines(colCrossing, 2, []pt{end[0].add(n), end[0].sub(n)}))
	}
	return out
}

// citySymbol draws a city of kind k: an unfortified city as a small white
// disc, a fortified city as a white square (its walls), a fortress as a
// black star fort; a major city's square is black, larger, with its value.
func citySymbol(k machiavelli.City, value int, at pt) []shape {
	switch {
	case value > 0:
		const h = 6.5
		sq := fillPoly(colInk, rect(at.X-h, at.Y-h, 2*h, 2*h))
		sq.stroke, sq.width = colPaper, 1
		return []shape{sq, label(pt{at.X, at.Y + 3.6}, strconv.Itoa(value), 10.5, bold, colPaper, color.RGBA{}, anchorMiddle)}
	case k == machiavelli.Fortress:
		s := fillPoly(colInk, star(at, 6.2, 2.9, 5))
		s.stroke, s.width = colPaper, 0.8
		return []shape{s}
	case k == machiavelli.Fortified:
		const h = 4.3
		sq := fillPoly(colPaper, rect(at.X-h, at.Y-h, 2*h, 2*h))
		sq.stroke, sq.width = colInk, 1.6
		return []shape{sq}
	}
	return []shape{disc(at, 3.6, colPaper, colInk, 1.5)}
}

// star is a star of n points, outer radius r and inner ri, one point up.
func star(c pt, r, ri float32, n int) []pt {
	var out []pt
	for i := range 2 * n {
		rr := r
		if i%2 == 1 {
			rr = ri
		}
		a := math.Pi*float64(i)/float64(n) - math.Pi/2
		out = append(out, pt{c.X + rr*float32(math.Cos(a)), c.Y + rr*float32(math.Sin(a))})
	}
	return out
}

// anchorSymbol draws a port's anchor: a ring, a shank with a stock, and
// the arms curving up to their flukes.
func anchorSymbol(at pt, c color.RGBA) []shape {
	top, bottom := at.add(pt{0, -4}), at.add(pt{0, 5.5})
	var arms []pt // the lower half of a circle through the shank's foot
	for i := 0; i <= 8; i++ {
		c, s := cosSin(float64(i) / 16)
		arms = append(arms, pt{at.X + 5*c, bottom.Y - 5 + 5*s})
	}
	lines := [][]pt{{top, bottom}, {at.add(pt{-3.5, -1.5}), at.add(pt{3.5, -1.5})}, arms}
	return []shape{
		strokeLines(mix(colSea, colPaper, 0.7), 4.2, lines...),
		disc(at.add(pt{0, -6}), 2.2, color.RGBA{}, mix(colSea, colPaper, 0.7), 3.4),
		strokeLines(c, 1.5, lines...),
		disc(at.add(pt{0, -6}), 2.2, color.RGBA{}, c, 1.4),
	}
}

// areaName writes an area's Italian name: a territory's in bold, a sea's
// in italics and, when long, on two lines.
func areaName(info *machiavelli.AreaInfo, at pt) []shape {
	if !info.Sea {
		return []shape{label(pt{at.X, at.Y + boardLabelSize*0.36}, info.Italian, boardLabelSize, bold, colLandText, mix(colLand, colPaper, 0.5), anchorMiddle)}
	}
	halo := mix(colSea, colPaper, 0.4)
	lines := splitName(info.Italian, 16)
	var out []shape
	for i, l := range lines {
		dy := (float32(i) - float32(len(lines)-1)/2) * (boardSeaLabelSize + 2)
		out = append(out, label(pt{at.X, at.Y + dy + boardSeaLabelSize*0.36}, l, boardSeaLabelSize, italic, colSeaText, halo, anchorMiddle))
	}
	return out
}

// splitName breaks a name longer than n letters into two lines at the
// space nearest its middle.
func splitName(s string, n int) []string {
	if len([]rune(s)) <= n {
		return []string{s}
	}
	best := -1
	for i, r := range s {
		if r == ' ' && (best < 0 || abs(i-len(s)/2) < abs(best-len(s)/2)) {
			best = i
		}
	}
	if best < 0 {
		return []string{s}
	}
	return []string{s[:best], s[best+1:]}
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

func (bm *BoardMap) boardTitle() group {
	y := float32(boardTitleHeight)/2 + 6
	return group{class: "title", shapes: []shape{
		label(pt{16, y}, "Le Guerre d'Italia", 19, bold, colBandText, color.RGBA{}, anchorStart),
		label(pt{float32(bm.w) - 16, y}, "la mappa · the board", 15, regular, colBandText, color.RGBA{}, anchorEnd),
	}}
}

// boardLegend explains the colours and the signs, on two rows.
func (bm *BoardMap) boardLegend() group {
	top := float32(boardTitleHeight + bm.m.Height)
	// swatch draws a framed box filled by fill.
	swatch := func(fill func(box []pt) []shape) func(at pt) []shape {
		return func(at pt) []shape {
			box := rect(at.X-11, at.Y-7, 22, 14)
			return append(fill(box), strokeLines(colBorder, 1, append(box, box[0])))
		}
	}
	var colours []legendItem
	for _, cn := range colourNames {
		colours = append(colours, legendItem{cn.name, swatch(func(box []pt) []shape { return tinted(cn.c, box) }), 24})
	}
	colours = append(colours, legendItem{"fuori mappa · off the board", swatch(func(box []pt) []shape {
		return []shape{fillPoly(colImpassable, box), hatching([][]pt{box})}
	}), 24})
	signs := []legendItem{
		{"città · city", func(at pt) []shape { return citySymbol(machiavelli.Unfortified, 0, at) }, 10},
		{"città fortificata · fortified city", func(at pt) []shape { return citySymbol(machiavelli.Fortified, 0, at) }, 12},
		{"fortezza · fortress", func(at pt) []shape { return citySymbol(machiavelli.Fortress, 0, at) }, 14},
		{"valore · major city value", func(at pt) []shape { return citySymbol(machiavelli.Fortified, 3, at) }, 16},
		{"porto · port", func(at pt) []shape { return anchorSymbol(at.add(pt{0, 1}), colPort) }, 14},
		{"ponte, stretto · bridge, strait", func(at pt) []shape {
			return crossingShapes([]pt{at.sub(pt{20, 0}), at.add(pt{20, 0})})
		}, 44},
	}
	var shapes []shape
	for row, items := range [][]legendItem{colours, signs} {
		y := top + 34 + float32(row)*32
		shapes = append(shapes, legendRow(items, float32(bm.w), 16, 6, y, y+4.5)...)
	}
	return group{class: "legend", shapes: shapes}
}
