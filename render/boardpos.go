package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/corriere/corriere/variants/machiavelli"
)

// This file draws a position on a Machiavelli-family board: territories
// tinted by their controller, garrisons, sieges and markers, counters and
// fleets, and orders. The position is the game's, translated into
// BoardPosition, which knows nothing of any game's rules: the game fills
// it for one reader and leaves out what that reader may not see.
//
// A PNG is the position drawn over a base made once per board, as the
// Diplomacy map's (frame.go): the base's palette keeps an entry for each
// territory's plain land, and a picture tints a territory by setting its
// entry, so that the colours of the whole map cost a palette and only the
// signs are drawn.

// BoardPosition is what one reader's map of a board shows. Areas are
// named by their ids on the board ("venic", "UA"), powers by their
// BoardPower.ID. It is drawn as given: the game that fills it decides
// what its reader may see, so a player's copy leaves out (or shows as
// CounterUnknown) what the rules keep from him, such as another power's
// dummies or secret operations; render reveals nothing by itself.
type BoardPosition struct {
	// Title is written on the left of the title band (the game, the
	// season and year); empty writes the board's name.
	Title string
	// Subtitle and Date are written on the right of the band ("risultati
	// · results", "copia di Venezia"); empty and zero leave them out.
	Subtitle string
	Date     time.Time
	// Powers are the powers the map names, in the legend in this order.
	// List every power of the game, in the same order on every map, even
	// one with nothing on the board: a power without a Colour takes
	// BoardPalette's entry of its place in the list.
	Powers []BoardPower
	// Control maps a territory to the power that controls it (its
	// garrison's power): the territory is tinted in the power's colour
	// and its garrison flies its flag. "" is an independent garrison
	// (untinted, a white flag); a territory not in the map has no
	// garrison and no flag.
	Control  map[string]string
	Sieges   []BoardSiege
	Markers  []BoardMarker
	Counters []BoardCounter
	// Orders are drawn under the counters, as given or with their
	// outcome: the orders of the turn just resolved, or a player's own
	// orders not yet resolved.
	Orders []BoardOrder
}

// BoardPower is a power as a map names it.
type BoardPower struct {
	ID   string
	Name string // in the legend: "Venezia"
	// Abbrev is written on its counters before their Label, so that a
	// counter says whose it is without its colour; "" takes the ID's
	// first two letters ("Ve" for "venezia").
	Abbrev string
	// Colour is the power's; the zero colour takes BoardPalette's.
	Colour color.RGBA
}

// BoardPalette are the powers' colours by their place in
// BoardPosition.Powers: the Okabe-Ito palette, told apart with the
// commonest colour blindness, one entry per power of Le Guerre d'Italia in
// the seed's order (Francia blue, Aragonesi orange, Impero vermilion,
// Venezia sky blue, Firenze reddish purple, Papato yellow, Ottomani
// bluish green, Svizzeri grey). The board's data has no powers, whose
// names are the game's; a game with more powers repeats the palette.
var BoardPalette = []color.RGBA{
	rgb(0x0072B2), rgb(0xE69F00), rgb(0xD55E00), rgb(0x56B4E9),
	rgb(0xCC79A7), rgb(0xF0E442), rgb(0x009E73), rgb(0x8C8C8C),
}

// CounterKind is what a counter on a board is, as its reader may know it.
type CounterKind uint8

const (
	// CounterUnknown is a land counter whose kind the reader may not
	// know: another power's army, contingent or dummy ("<power> #k").
	CounterUnknown CounterKind = iota
	CounterArmy
	CounterContingent
	CounterDummy
	CounterFleet // in a sea
)

// BoardCounter is a counter or a fleet on the board.
type BoardCounter struct {
	Power string
	Kind  CounterKind
	Area  string
	// Label is written on it after the power's Abbrev: the counter's
	// number ("1": "Ve1"), a fleet's ("F1": "VeF1").
	Label string
	// InCity marks a land counter in its territory's city: it is drawn
	// walled, after the counters in the field.
	InCity bool
	// Detail, when not empty, is written small above it: the elements of
	// the reader's own counters ("CINC 3GD 8PK").
	Detail string
}

// MarkerKind is a marker a territory may carry.
type MarkerKind uint8

const (
	MarkerFamine MarkerKind = iota + 1
	MarkerPlague
	MarkerRevolt
	MarkerSack
	MarkerBattle // a battle fought there this turn
)

// BoardMarker is a marker in a territory, drawn after its name.
type BoardMarker struct {
	Area string
	Kind MarkerKind
}

// BoardSiege is a siege of the city of a territory by a power, Turns the
// siege turns rolled so far (0 draws no count).
type BoardSiege struct {
	Area, Power string
	Turns       int
}

// OrderKind is how an order is drawn.
type OrderKind uint8

const (
	OrderHold      OrderKind = iota // a ring round the counter
	OrderMove                       // an arrow to To[0]; a fleet's, through up to three seas
	OrderStrategic                  // an arrow through every territory of To, a dot at each stop
	OrderTransport                  // a dotted line from From through the seas to the landing, To's last
	OrderSupport                    // a dashed line from From to To[0], where the supported counter ends
	OrderSiege                      // the siege sign on the city of To's last area, or of From
)

// Outcome is what became of an order.
type Outcome uint8

const (
	OutcomeNone Outcome = iota // not resolved yet: drawn as given
	OutcomeSucceeded
	OutcomeFailed // hollow and crossed out
)

// BoardOrder is one order of a power's counter or fleet.
type BoardOrder struct {
	Power string
	Kind  OrderKind
	// From is the area of the counter or fleet given the order; the sign
	// starts at the power's counter drawn there.
	From string
	// To are the areas the order goes through in order, From left out:
	// a move's destination, a fleet's seas, a strategic path, a
	// transport's seas then its landing, a support's end.
	To      []string
	Outcome Outcome
	// Text is the order as written, for the SVG's tooltips.
	Text string
}

// Sizes of a position's map, in pixels.
const (
	counterH       = 19
	armyH          = 22
	counterText    = 10.5
	counterGap     = 3
	boardMoveWidth = 3
	boardUnitGap   = 15 // left free at an arrow's ends for a counter
	// cityClear is how far from a city's centre beside them counters are
	// kept, clear of a siege's ring, moving them cityShift at most, so
	// that they stay in their territory.
	cityClear = 13
	cityShift = 6
	fleetRise = 5 // a fleet above its spot, clear of the sea's name
	// boardSampled of the palette's entries are kept for the signs'
	// colours: of 48, 72 and 96 tried, 72 moved the fewest of their
	// pixels (TestBoardFrameAsReference); the territories keep 70.
	boardSampled = 72
)

// boardPos is a position checked against the board, with its areas and
// powers looked up.
type boardPos struct {
	*BoardPosition
	colours map[string]color.RGBA
	abbrev  map[string]string
	areas   map[string]machiavelli.Area
}

// check looks up p's areas and powers, refusing what the board or the
// powers do not have.
func (bm *BoardMap) check(p *BoardPosition) (*boardPos, error) {
	b := bm.b
	bp := &boardPos{BoardPosition: p, colours: map[string]color.RGBA{}, abbrev: map[string]string{}, areas: map[string]machiavelli.Area{}}
	for i, pw := range p.Powers {
		if pw.ID == "" || bp.colours[pw.ID] != (color.RGBA{}) {
			return nil, fmt.Errorf("render: power %q: empty or twice", pw.ID)
		}
		c := pw.Colour
		if c.A == 0 {
			c = BoardPalette[i%len(BoardPalette)]
		}
		bp.colours[pw.ID] = c
		ab := pw.Abbrev
		if ab == "" {
			r := []rune(pw.ID)
			ab = strings.ToUpper(string(r[:1])) + string(r[1:min(2, len(r))])
		}
		bp.abbrev[pw.ID] = ab
	}
	power := func(id, what string) error {
		if _, ok := bp.colours[id]; !ok {
			return fmt.Errorf("render: %s: no power %q", what, id)
		}
		return nil
	}
	// find looks id up, as an id or a sea the board plays merged into
	// another.
	find := func(id string) machiavelli.Area {
		a := b.ByID(id)
		if a2, ok := b.Lookup(id); a == machiavelli.NoArea && ok && b.Areas[a2].Sea {
			a = a2
		}
		if a != machiavelli.NoArea {
			bp.areas[id] = a
		}
		return a
	}
	// area checks id names an area of the board, a sea when sea is set.
	area := func(id string, sea bool, what string) error {
		if a := find(id); a == machiavelli.NoArea || b.Areas[a].Sea != sea {
			kind := "territory"
			if sea {
				kind = "sea"
			}
			return fmt.Errorf("render: %s: %q is no %s of the board", what, id, kind)
		}
		return nil
	}
	for t, pw := range p.Control {
		if err := area(t, false, "control"); err != nil {
			return nil, err
		}
		if pw != "" {
			if err := power(pw, "control of "+t); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range p.Sieges {
		if err := area(s.Area, false, "siege"); err != nil {
			return nil, err
		}
		if err := power(s.Power, "siege of "+s.Area); err != nil {
			return nil, err
		}
	}
	for _, m := range p.Markers {
		if m.Kind < MarkerFamine || m.Kind > MarkerBattle {
			return nil, fmt.Errorf("render: marker in %s: no such kind (%d)", m.Area, m.Kind)
		}
		if err := area(m.Area, false, "marker"); err != nil {
			return nil, err
		}
	}
	for _, c := range p.Counters {
		what := "counter " + c.Power + " " + c.Label
		if c.Kind > CounterFleet {
			return nil, fmt.Errorf("render: %s: no such kind (%d)", what, c.Kind)
		}
		if err := power(c.Power, what); err != nil {
			return nil, err
		}
		if err := area(c.Area, c.Kind == CounterFleet, what); err != nil {
			return nil, err
		}
	}
	for i, o := range p.Orders {
		what := fmt.Sprintf("order %d (%s)", i+1, o.Text)
		if o.Kind > OrderSiege || o.Outcome > OutcomeFailed {
			return nil, fmt.Errorf("render: %s: no such kind or outcome", what)
		}
		if err := power(o.Power, what); err != nil {
			return nil, err
		}
		for _, id := range append([]string{o.From}, o.To...) {
			if find(id) == machiavelli.NoArea {
				return nil, fmt.Errorf("render: %s: no area %q", what, id)
			}
		}
		if o.Kind != OrderHold && o.Kind != OrderSiege && len(o.To) == 0 {
			return nil, fmt.Errorf("render: %s: goes nowhere", what)
		}
	}
	return bp, nil
}

// tints are the colours of the territories, by area: their controller's
// tint, plain land for the rest.
func (bm *BoardMap) tints(bp *boardPos) []color.RGBA {
	out := make([]color.RGBA, bm.b.Territories)
	for a := range out {
		out[a] = colLand
		if pw := bp.Control[bm.b.Areas[a].ID]; pw != "" {
			out[a] = landTint(bp.colours[pw])
		}
	}
	return out
}

// landTint is land tinted in a power's colour.
func landTint(c color.RGBA) color.RGBA { return mix(colLand, c, tint(c)) }

// posBaseGroups draws what every position's map shares: the map with
// each territory in fill, the bands and the legend's signs.
func (bm *BoardMap) posBaseGroups(fill func(a machiavelli.Area) color.RGBA) []group {
	gs := bm.bands()
	a := machiavelli.Area(0)
	// mapGroups fills the territories in the board's order.
	gs = append(gs, bm.mapGroups(func(_ machiavelli.Colour, paths ...[]pt) []shape {
		s := fillPoly(fill(a), paths...)
		a++
		return []shape{s}
	})...)
	return append(gs, bm.posLegendSigns())
}

// keyColour is the colour territory a is filled with on the key picture,
// which finds the pixels of its plain land: no other sign is drawn in it.
func keyColour(a machiavelli.Area) color.RGBA { return color.RGBA{1, uint8(a), 254, 255} }

// posBase returns the base of a position's PNG, made the first time: the
// map with every territory plain, each territory's plain pixels at a
// palette entry of its own (its area's index).
func (bm *BoardMap) posBase() *pngBase {
	bm.posOnce.Do(func() {
		r := image.Rect(0, 0, bm.w, bm.h)
		base, key := image.NewRGBA(r), image.NewRGBA(r)
		paint(base, bm.posBaseGroups(func(machiavelli.Area) color.RGBA { return colLand }))
		paint(key, bm.posBaseGroups(keyColour))
		fixed := make([]byte, r.Dx()*r.Dy())
		land := pixel([]byte{colLand.R, colLand.G, colLand.B, 255}, 0)
		for i := range fixed {
			k := key.Pix[4*i : 4*i+4]
			a := machiavelli.Area(k[1])
			if int(a) < bm.b.Territories && (color.RGBA{k[0], k[1], k[2], k[3]}) == keyColour(a) && pixel(base.Pix, 4*i) == land {
				fixed[i] = k[1] + 1
			}
		}
		bm.pos = newPNGBase(base, paintedOver(base, bm.paletteSample()), fixed, bm.b.Territories, boardSampled)
	})
	return bm.pos
}

// paletteSample lays the legend's signs in every colour of BoardPalette
// over the map, one at each area in turn, for the palette to hold the
// colours a position draws.
func (bm *BoardMap) paletteSample() []group {
	var shapes []shape
	k := 0
	for _, c := range BoardPalette {
		for _, it := range boardSigns(c, "Ve", "1") {
			shapes = append(shapes, it.shapes(bm.spots[k%len(bm.spots)].Counter.pt())...)
			k++
		}
		// Tinted land under the power's signs, as on a map.
		at := bm.spots[k%len(bm.spots)].Counter.pt()
		shapes = append(shapes, fillPoly(landTint(c), rect(at.X-30, at.Y-20, 60, 40)))
		shapes = append(shapes, counterShapes(CounterArmy, at, c, "Ve1")...)
		k++
	}
	for m := MarkerFamine; m <= MarkerBattle; m++ {
		shapes = append(shapes, markerShapes(m, bm.spots[k%len(bm.spots)].Counter.pt())...)
		k++
	}
	// A title's letters, light on the band.
	title := bm.posTitle(&boardPos{BoardPosition: &BoardPosition{Title: "Le Guerre d'Italia · Primavera 1500", Subtitle: "risultati", Date: time.Date(1500, 4, 20, 0, 0, 0, 0, time.UTC)}})
	return []group{{shapes: shapes}, title}
}

// positionPNG draws p over the position base.
func (bm *BoardMap) positionPNG(w io.Writer, p *BoardPosition) error {
	bp, err := bm.check(p)
	if err != nil {
		return err
	}
	b := bm.posBase()
	f := b.frame()
	defer b.keep(f)
	f.tints = bm.tints(bp)
	f.encode(f.draw(&scene{groups: bm.positionGroups(bp)}))
	if err := f.write(w); err != nil {
		return fmt.Errorf("render: write PNG: %w", err)
	}
	return nil
}

// positionSVG draws p, its territories filled in their tints.
func (bm *BoardMap) positionSVG(w io.Writer, p *BoardPosition) error {
	bp, err := bm.check(p)
	if err != nil {
		return err
	}
	tints := bm.tints(bp)
	gs := append(bm.posBaseGroups(func(a machiavelli.Area) color.RGBA { return tints[a] }), bm.positionGroups(bp)...)
	if err := writeSVGDocument(w, bm.w, bm.h, "", gs); err != nil {
		return fmt.Errorf("render: write SVG: %w", err)
	}
	return nil
}

// placed is a counter where it is drawn; right is where its row ends.
type placed struct {
	c     *BoardCounter
	at    pt
	right float32
}

// layoutCounters places the counters of each area in a row on its
// counter's spot, a second row below past three. A row moves a little
// away from a city's symbol beside it, which stays in sight with its
// siege.
func (bm *BoardMap) layoutCounters(bp *boardPos) []placed {
	rows := map[machiavelli.Area][]*BoardCounter{}
	var areas []machiavelli.Area
	// In the field, then in the city, then those with a detail, whose
	// tags follow the row.
	rank := func(c *BoardCounter) int {
		if c.Detail != "" {
			return 2
		}
		if c.InCity {
			return 1
		}
		return 0
	}
	for r := range 3 {
		for i := range bp.Counters {
			c := &bp.Counters[i]
			if rank(c) != r {
				continue
			}
			a := bp.areas[c.Area]
			if rows[a] == nil {
				areas = append(areas, a)
			}
			rows[a] = append(rows[a], c)
		}
	}
	var out []placed
	for _, a := range areas {
		s := bm.spots[a]
		centre := s.Counter.pt()
		if bm.b.Areas[a].Sea {
			centre.Y -= fleetRise
		}
		cs := rows[a]
		for r := 0; r*3 < len(cs); r++ {
			row := cs[r*3 : min(len(cs), r*3+3)]
			total := float32(0)
			for _, c := range row {
				total += bp.counterWidth(c) + counterGap
			}
			total -= counterGap
			x := centre.X - total/2
			if d := s.City.pt().sub(centre); s.City != (Point{}) && abs32(d.X) > abs32(d.Y) {
				// Off the city's siege ring beside, by up to cityShift.
				if d.X > 0 {
					x -= min(max(x+total-(s.City.X-cityClear), 0), cityShift)
				} else {
					x += min(max(s.City.X+cityClear-x, 0), cityShift)
				}
			}
			x = min(max(x, 2), float32(bm.w)-2-total) // on the picture
			right := x + total
			for _, c := range row {
				wd := bp.counterWidth(c)
				out = append(out, placed{c, pt{x + wd/2, centre.Y + float32(r)*(armyH+8)}, right})
				x += wd + counterGap
			}
		}
	}
	return out
}

func abs32(f float32) float32 { return max(f, -f) }

// text is what is written on counter c.
func (bp *boardPos) text(c *BoardCounter) string { return bp.abbrev[c.Power] + c.Label }

// counterWidth is the room counter c takes in its row.
func (bp *boardPos) counterWidth(c *BoardCounter) float32 {
	if c.Kind == CounterFleet {
		return shipWidth(bp.text(c))
	}
	return boxWidth(bp.text(c))
}

// boxWidth and shipWidth are how wide a land counter's box and a fleet's
// hull are drawn with text on them.
func boxWidth(text string) float32 { return max(24, textWidth(text, bold, counterText)+9) }

func shipWidth(text string) float32 { return max(2*fleetHalfW, textWidth(text, bold, counterText)+10) }

// counterShapes draws a counter of kind k centred at at: a box in the
// power's colour with its text, the army's framed twice and taller, a
// dummy's pale with a dashed frame; a fleet is a ship.
func counterShapes(k CounterKind, at pt, c color.RGBA, text string) []shape {
	ink := colInk
	if k == CounterDummy {
		c = mix(c, colPaper, 0.55)
	}
	letter := inkOn(c)
	if k == CounterFleet {
		return ship(at, shipWidth(text)/(2*fleetHalfW), c, ink, letter, text, counterText)
	}
	w, h := boxWidth(text), float32(counterH)
	if k == CounterArmy {
		h = armyH
	}
	box := rect(at.X-w/2, at.Y-h/2, w, h)
	out := []shape{fillPoly(c, box)}
	closed := append(box, box[0])
	switch k {
	case CounterArmy:
		out = append(out, strokeLines(ink, 2, closed), strokeLines(letter, 1, append(rect(at.X-w/2+3, at.Y-h/2+3, w-6, h-6), pt{at.X - w/2 + 3, at.Y - h/2 + 3})))
	case CounterDummy:
		out = append(out, strokeLines(ink, 1.5, dashes(closed, 4, 3)...))
	default:
		out = append(out, strokeLines(ink, 1.4, closed))
	}
	return append(out, label(pt{at.X, at.Y + counterText*0.36}, text, counterText, bold, letter, color.RGBA{}, anchorMiddle))
}

// tower marks a counter in its city: a small crenellated tower in ink
// on paper, standing on its box's top right corner at at, so that the
// counter takes no more room than another.
func tower(at pt) []shape {
	x, y := at.X-3, at.Y+3
	p := []pt{{x - 5, y}, {x - 5, y - 10}, {x - 3, y - 10}, {x - 3, y - 8}, {x - 1, y - 8}, {x - 1, y - 10},
		{x + 1, y - 10}, {x + 1, y - 8}, {x + 3, y - 8}, {x + 3, y - 10}, {x + 5, y - 10}, {x + 5, y}}
	t := fillPoly(colInk, p)
	t.stroke, t.width = colPaper, 1.2
	return []shape{t}
}

// garrisonFlag is a garrison's flag, its pole's foot at at: a pennant in the
// garrison's colour, white for an independent garrison.
func garrisonFlag(at pt, c color.RGBA) []shape {
	top := at.add(pt{0, -13})
	pennant := fillPoly(c, []pt{top, top.add(pt{10, 3.5}), top.add(pt{0, 7.5})})
	pennant.stroke, pennant.width = colInk, 0.9
	return []shape{strokeLines(colInk, 1.4, []pt{at, top}), pennant}
}

// markerShapes draws a marker of kind k at at, each its own shape and
// letter (Italian: carestia, peste, rivolta, sacco), so that neither its
// colour nor its letter alone need be read.
func markerShapes(k MarkerKind, at pt) []shape {
	const r = 7
	letterAt := at.add(pt{0, 3.4})
	mark := func(fill color.RGBA, path []pt, letter string, ink color.RGBA) []shape {
		s := fillPoly(fill, path)
		s.stroke, s.width = colInk, 1.1
		return []shape{s, label(letterAt, letter, 9.5, bold, ink, color.RGBA{}, anchorMiddle)}
	}
	switch k {
	case MarkerFamine:
		return []shape{disc(at, r, rgb(0xD9B44A), colInk, 1.1), label(letterAt, "C", 9.5, bold, colInk, color.RGBA{}, anchorMiddle)}
	case MarkerPlague:
		return mark(rgb(0x4E3D63), []pt{at.add(pt{0, -r - 1.5}), at.add(pt{r + 1.5, 0}), at.add(pt{0, r + 1.5}), at.add(pt{-r - 1.5, 0})}, "P", colPaper)
	case MarkerRevolt:
		return mark(rgb(0xB8322A), []pt{at.add(pt{0, -r - 2}), at.add(pt{r + 1.5, r - 0.5}), at.add(pt{-r - 1.5, r - 0.5})}, "R", colPaper)
	case MarkerSack:
		return mark(rgb(0x3B3B3B), rect(at.X-r+0.5, at.Y-r+0.5, 2*r-1, 2*r-1), "S", colPaper)
	}
	// A battle: crossed swords on a white disc.
	d1, d2 := []pt{at.add(pt{-5, -5}), at.add(pt{5, 5})}, []pt{at.add(pt{-5, 5}), at.add(pt{5, -5})}
	return []shape{disc(at, r, colPaper, colInk, 1.1), strokeLines(colInk, 2, d1, d2),
		strokeLines(colInk, 1.4, []pt{at.add(pt{-5, 1}), at.add(pt{-1, 5})}, []pt{at.add(pt{5, 1}), at.add(pt{1, 5})})}
}

// markerNames are the markers' names, Italian and English.
var markerNames = map[MarkerKind]struct{ it, en string }{
	MarkerFamine: {"carestia", "famine"}, MarkerPlague: {"peste", "plague"}, MarkerRevolt: {"rivolta", "revolt"},
	MarkerSack: {"sacco", "sack"}, MarkerBattle: {"battaglia", "battle"},
}

// siegeSign rings a besieged city: a ring in the besieger's colour with
// the siege works' spikes outside it.
func siegeSign(at pt, c color.RGBA, oc outcome) []shape {
	var spikes [][]pt
	for i := range 8 {
		cs, sn := cosSin(float64(i)/8 + 1.0/16)
		d := pt{cs, sn}
		spikes = append(spikes, []pt{at.add(d.scale(12)), at.add(d.scale(17))})
	}
	return append(atPlace(strokeLines(colInk, 2.4, spikes...)), ring(at, 11, c, oc)...)
}

// orderOutcome is how an order with outcome o is drawn.
func orderOutcome(o Outcome) outcome {
	if o == OutcomeFailed {
		return outcomeFailed
	}
	return outcomeGiven
}

// positionGroups lays out what p adds to the base: garrisons, markers,
// sieges, orders, counters, title and the legend's powers.
func (bm *BoardMap) positionGroups(bp *boardPos) []group {
	b := bm.b
	var gs []group
	for a := range b.Territories {
		info := &b.Areas[a]
		pw, ok := bp.Control[info.ID]
		if !ok {
			continue
		}
		s := bm.spots[a].Label.pt()
		at := pt{s.X - textWidth(info.Italian, bold, boardLabelSize)/2 - 8, s.Y + 4}
		c, title := colPaper, info.Italian+": independent garrison"
		if pw != "" {
			c, title = bp.colours[pw], info.Italian+": garrison of "+bm.powerName(bp, pw)
		}
		gs = append(gs, group{class: "garrison", attrs: []attr{{"area", info.ID}, {"power", pw}}, title: title, shapes: garrisonFlag(at, c)})
	}
	// Markers in a row after the territory's name.
	next := map[machiavelli.Area]float32{}
	for _, m := range bp.Markers {
		a := bp.areas[m.Area]
		s := bm.spots[a].Label.pt()
		if next[a] == 0 {
			next[a] = s.X + textWidth(b.Areas[a].Italian, bold, boardLabelSize)/2 + 11
		}
		at := pt{next[a], s.Y - 1}
		next[a] += 17
		gs = append(gs, group{class: "marker", attrs: []attr{{"area", m.Area}, {"kind", markerNames[m.Kind].en}},
			title: b.Areas[a].Italian + ": " + markerNames[m.Kind].en, shapes: markerShapes(m.Kind, at)})
	}
	for _, sg := range bp.Sieges {
		a := bp.areas[sg.Area]
		at := bm.siegeSpot(a)
		shapes := siegeSign(at, bp.colours[sg.Power], outcomeGiven)
		if sg.Turns > 0 {
			n := at.add(pt{14, -14})
			shapes = append(shapes, disc(n, 6.5, colPaper, colInk, 1.1), label(n.add(pt{0, 3.3}), strconv.Itoa(sg.Turns), 9.5, bold, colInk, color.RGBA{}, anchorMiddle))
		}
		gs = append(gs, group{class: "siege", attrs: []attr{{"area", sg.Area}, {"power", sg.Power}, {"turns", strconv.Itoa(sg.Turns)}},
			title: fmt.Sprintf("%s besieged by %s, %d turns", b.Areas[a].Italian, bm.powerName(bp, sg.Power), sg.Turns), shapes: shapes})
	}
	counters := bm.layoutCounters(bp)
	gs = append(gs, bm.orderGroups(bp, counters)...)
	for _, pc := range counters {
		c := pc.c
		shapes := counterShapes(c.Kind, pc.at, bp.colours[c.Power], bp.text(c))
		if c.InCity && c.Kind != CounterFleet {
			shapes = append(shapes, tower(pc.at.add(pt{bp.counterWidth(c) / 2, -counterH / 2}))...)
		}
		title := bm.powerName(bp, c.Power) + " " + c.Label + " in " + b.Areas[bp.areas[c.Area]].Italian
		if c.InCity {
			title += " (in the city)"
		}
		gs = append(gs, group{class: "counter", attrs: []attr{{"power", c.Power}, {"area", c.Area}, {"label", c.Label}, {"kind", counterNames[c.Kind]}}, title: title, shapes: shapes})
	}
	// Details on tags after their row, over every counter, one under
	// another when a row has more.
	tags := map[pt]int{}
	for _, pc := range counters {
		if pc.c.Detail == "" {
			continue
		}
		end := pt{pc.right, pc.at.Y}
		at := end.add(pt{6, float32(tags[end]) * 16})
		tags[end]++
		gs = append(gs, group{class: "detail", attrs: []attr{{"power", pc.c.Power}, {"label", pc.c.Label}}, shapes: detailTag(at, pc.c.Detail)})
	}
	return append(gs, bm.posTitle(bp), bm.posLegendPowers(bp))
}

// detailTag writes a counter's detail on a paper tag, its left end's
// middle at at.
func detailTag(at pt, text string) []shape {
	w := textWidth(text, regular, 9.5) + 8
	tag := fillPoly(colPaper, rect(at.X, at.Y-7, w, 14))
	tag.stroke, tag.width = colInk, 0.8
	return []shape{tag, label(at.add(pt{4, 3.4}), text, 9.5, regular, colInk, color.RGBA{}, anchorStart)}
}

var counterNames = map[CounterKind]string{
	CounterUnknown: "counter", CounterArmy: "army", CounterContingent: "contingent", CounterDummy: "dummy", CounterFleet: "fleet",
}

// siegeSpot is where a siege of territory a is drawn: its city, or its
// counter's spot if it has none.
func (bm *BoardMap) siegeSpot(a machiavelli.Area) pt {
	if s := bm.spots[a]; s.City != (Point{}) {
		return s.City.pt()
	}
	return bm.spots[a].Counter.pt()
}

func (bm *BoardMap) powerName(bp *boardPos, id string) string {
	for _, p := range bp.Powers {
		if p.ID == id && p.Name != "" {
			return p.Name
		}
	}
	return id
}

// orderGroups draws the orders, each from its power's counter in From.
func (bm *BoardMap) orderGroups(bp *boardPos, counters []placed) []group {
	var gs []group
	for _, o := range bp.Orders {
		from := bm.spots[bp.areas[o.From]].Counter.pt()
		// The power's counter there, one in the field first.
		best := -1
		for i, pc := range counters {
			if pc.c.Power == o.Power && pc.c.Area == o.From && (best < 0 || counters[best].c.InCity && !pc.c.InCity) {
				best = i
			}
		}
		if best >= 0 {
			from = counters[best].at
		}
		path := []pt{from}
		for _, id := range o.To {
			path = append(path, bm.spots[bp.areas[id]].Counter.pt())
		}
		c, oc := bp.colours[o.Power], orderOutcome(o.Outcome)
		var shapes []shape
		switch o.Kind {
		case OrderHold:
			shapes = ring(from, 17, c, oc)
		case OrderMove:
			shapes = pathArrow(path, c, boardUnitGap, boardUnitGap, boardMoveWidth, oc)
		case OrderStrategic:
			shapes = pathArrow(path, c, boardUnitGap, boardUnitGap, boardMoveWidth, oc)
			for _, stop := range path[1 : len(path)-1] {
				shapes = append(shapes, atPlace(disc(stop, 4.5, c, colInk, 1.2))...)
			}
		case OrderTransport:
			shapes = transportLine(path, c, oc)
		case OrderSupport:
			shapes = supportLine(from, path[len(path)-1], boardUnitGap, boardUnitGap+2, c, oc)
		case OrderSiege:
			a := bp.areas[o.From]
			if len(o.To) > 0 {
				a = bp.areas[o.To[len(o.To)-1]]
			}
			shapes = siegeSign(bm.siegeSpot(a), c, oc)
		}
		res := map[Outcome]string{OutcomeNone: "given", OutcomeSucceeded: "succeeds", OutcomeFailed: "fails"}[o.Outcome]
		gs = append(gs, group{class: "order", attrs: []attr{{"power", o.Power}, {"from", o.From}, {"to", strings.Join(o.To, " ")}, {"result", res}},
			title: bm.powerName(bp, o.Power) + ": " + o.Text + " (" + res + ")", shapes: shapes})
	}
	return gs
}

// transportLine draws a counter carried by sea: dots from its port
// through the fleet's seas to the landing, and a head there.
func transportLine(path []pt, c color.RGBA, oc outcome) []shape {
	var legs [][]pt
	for i := 1; i < len(path); i++ {
		legs = append(legs, []pt{path[i-1], path[i]})
	}
	out := convoyDots(legs, c, oc)
	n := len(path)
	dir := path[n-1].sub(path[n-2]).unit()
	tip := path[n-1].sub(dir.scale(armyRadius + 2))
	base, nn := tip.sub(dir.scale(10)), dir.perp().scale(6)
	h := fillPoly(c, []pt{tip, base.add(nn), base.sub(nn)})
	h.stroke, h.width = colInk, 1.1
	if oc != outcomeGiven {
		h.fill = colPaper
		h.stroke = c
		out = append(out, cross(halfway(path), 5.5, colFail, 2.4)...)
	}
	return atPlace(append(out, h)...)
}

// posTitle writes the title band: the title on the left, the subtitle
// and the date on the right.
func (bm *BoardMap) posTitle(bp *boardPos) group {
	y := float32(boardTitleHeight)/2 + 6
	title := bp.Title
	if title == "" {
		title = "Le Guerre d'Italia"
	}
	shapes := []shape{label(pt{16, y}, title, 19, bold, colBandText, color.RGBA{}, anchorStart)}
	var right []string
	if bp.Subtitle != "" {
		right = append(right, bp.Subtitle)
	}
	if !bp.Date.IsZero() {
		right = append(right, bp.Date.Format("2 January 2006"))
	}
	if len(right) > 0 {
		shapes = append(shapes, label(pt{float32(bm.w) - 16, y}, strings.Join(right, "  ·  "), 15, regular, colBandText, color.RGBA{}, anchorEnd))
	}
	return group{class: "title", shapes: shapes}
}

// posLegendTop is where a position's legend starts.
func (bm *BoardMap) posLegendTop() float32 { return float32(boardTitleHeight + bm.m.Height) }

// posLegendPowers names the powers on the legend's first row: each one's
// tint and counter, and the territories it controls.
func (bm *BoardMap) posLegendPowers(bp *boardPos) group {
	count := map[string]int{}
	for _, pw := range bp.Control {
		count[pw]++
	}
	var items []legendItem
	for _, p := range bp.Powers {
		c, text := bp.colours[p.ID], bp.abbrev[p.ID]
		name := p.Name
		if name == "" {
			name = p.ID
		}
		items = append(items, legendItem{fmt.Sprintf("%s  %d", name, count[p.ID]), func(at pt) []shape {
			sw := rect(at.X-19, at.Y-11, 38, 22)
			out := []shape{fillPoly(landTint(c), sw), strokeLines(colBorder, 1, append(sw, sw[0]))}
			return append(out, counterShapes(CounterContingent, at, c, text)...)
		}, 38})
	}
	y := bm.posLegendTop() + 22
	return group{class: "legend-powers", shapes: legendRow(items, float32(bm.w), 16, 6, y, y+4.5)}
}

// boardSigns are the signs of a position's map in colour c, with the
// text a counter carries: in grey in the legend, in every power's colour
// where the palette is chosen.
func boardSigns(c color.RGBA, abbrev, n string) []legendItem {
	box := boxWidth(abbrev + n)
	return []legendItem{
		{"esercito · army", func(at pt) []shape { return counterShapes(CounterArmy, at, c, abbrev+n) }, box},
		{"contingente o segnalino · contingent or counter", func(at pt) []shape { return counterShapes(CounterContingent, at, c, abbrev+n) }, box},
		{"finto · dummy", func(at pt) []shape { return counterShapes(CounterDummy, at, c, abbrev+n) }, box},
		{"in città · in the city", func(at pt) []shape {
			return append(counterShapes(CounterContingent, at, c, abbrev+n), tower(at.add(pt{box / 2, -counterH / 2}))...)
		}, box + 4},
		{"flotta · fleet", func(at pt) []shape { return counterShapes(CounterFleet, at.add(pt{0, 3}), c, abbrev+"F"+n) }, 32},
		{"guarnigione · garrison", func(at pt) []shape { return garrisonFlag(at.add(pt{-4, 7}), c) }, 12},
		{"assedio · siege", func(at pt) []shape { return siegeSign(at, c, outcomeGiven) }, 34},
		{"movimento · move", func(at pt) []shape {
			return arrow(at.sub(pt{22, 0}), at.add(pt{22, 0}), c, 0, 0, boardMoveWidth, outcomeGiven)
		}, 46},
		{"strategico · strategic", func(at pt) []shape {
			p := []pt{at.sub(pt{26, -4}), at.add(pt{0, -4}), at.add(pt{26, 4})}
			return append(pathArrow(p, c, 0, 0, boardMoveWidth, outcomeGiven), disc(p[1], 4.5, c, colInk, 1.2))
		}, 54},
		{"trasporto · transport", func(at pt) []shape {
			return transportLine([]pt{at.sub(pt{44, 0}), at.add(pt{44, 0})}, c, outcomeGiven)
		}, 66},
		{"supporto · support", func(at pt) []shape {
			return supportLine(at.sub(pt{22, 0}), at.add(pt{22, 0}), 0, 0, c, outcomeGiven)
		}, 46},
		{"fermo · hold", func(at pt) []shape { return ring(at, 9, c, outcomeGiven) }, 24},
		{"fallito · failed", func(at pt) []shape {
			return arrow(at.sub(pt{22, 0}), at.add(pt{22, 0}), c, 0, 0, boardMoveWidth, outcomeFailed)
		}, 46},
	}
}

// posLegendSigns explains the signs on the legend's second and third
// rows: counters and orders in grey, the markers in their colours.
func (bm *BoardMap) posLegendSigns() group {
	signs := boardSigns(rgb(0x9A9A9A), "Ve", "1")
	row2 := signs[:7]
	row3 := slices.Clone(signs[7:])
	for k := MarkerFamine; k <= MarkerBattle; k++ {
		n := markerNames[k]
		row2 = append(row2, legendItem{n.it + " · " + n.en, func(at pt) []shape { return markerShapes(k, at) }, 16})
	}
	top := bm.posLegendTop()
	shapes := []shape{strokeLines(rgb(0xB0A890), 1, []pt{{0, top + 0.5}, {float32(bm.w), top + 0.5}})}
	for i, items := range [][]legendItem{row2, row3} {
		y := top + 52 + float32(i)*30
		shapes = append(shapes, legendRow(items, float32(bm.w), 16, 6, y, y+4.5)...)
	}
	return group{class: "legend", shapes: shapes}
}
