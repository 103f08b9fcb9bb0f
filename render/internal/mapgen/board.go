package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/machiavelli"
)

// board is what the generator needs of a board, whichever its family: its
// regions, which of them must touch on the drawing, and where things go
// in each.
type board interface {
	// regions are the board's provinces, territories and seas in the
	// order the drawing stores them (impassable land is added after).
	regions() []region
	// touch reports whether regions a and b must share a border on the
	// drawing (ids; neither impassable).
	touch(a, b string) bool
	// checkConfig refuses what the config says that the board cannot
	// have (homes of unknown powers, cities where there are none).
	checkConfig(c *config) error
	// places puts the spots of every region and of whatever else the board
	// draws (a split coast, a city, a port).
	places(m *mapdata.Map, r *raster, regions []region, c *config, fr frame) error
}

// readBoard reads a board file of either family: a Machiavelli-family
// board (its [territories] section tells it) or a Diplomacy variant.
func readBoard(text string) (board, error) {
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "[territories]" {
			b, err := machiavelli.Parse(text)
			if err != nil {
				return nil, err
			}
			return machiavelliBoard{b}, nil
		}
	}
	v, err := variants.Parse(text)
	if err != nil {
		return nil, err
	}
	return diplomacyBoard{v}, nil
}

// diplomacyBoard is a Diplomacy variant: its provinces touch where a unit
// can move between them.
type diplomacyBoard struct{ v *variants.Variant }

func (d diplomacyBoard) regions() []region {
	var out []region
	for i, l := range d.v.Locs {
		if l.Province != variants.Loc(i) {
			continue
		}
		k := mapdata.Land
		if l.Terrain == variants.Sea {
			k = mapdata.Sea
		}
		out = append(out, region{l.ID, k})
	}
	return out
}

// touch reports whether two provinces are adjacent in the game: by army,
// or by fleet between any of their locations (their coasts included).
func (d diplomacyBoard) touch(a, b string) bool {
	v := d.v
	la, lb := v.Loc(a), v.Loc(b)
	if v.ArmyAdj[la].Has(lb) {
		return true
	}
	for _, x := range append([]variants.Loc{la}, v.Locs[la].Coasts...) {
		if v.CanReachProvince(variants.Fleet, x, lb) {
			return true
		}
	}
	return false
}

func (d diplomacyBoard) checkConfig(c *config) error {
	for id, p := range c.home {
		if l := d.v.Loc(id); l == variants.NoLoc || d.v.Locs[l].Province != l || d.v.PowerByID(p) == variants.NoPower {
			return fmt.Errorf("home %s: %s: unknown power or province", p, id)
		}
	}
	if len(c.cities)+len(c.ports)+len(c.crossings) > 0 {
		return fmt.Errorf("city, port and crossing lines are for Machiavelli-family boards")
	}
	return nil
}

// places puts a unit spot and a label spot in every province, and a unit
// spot on every coast of a split-coast province (from the config, as no
// rule finds where a coast is).
func (d diplomacyBoard) places(m *mapdata.Map, r *raster, regions []region, c *config, fr frame) error {
	regionPlaces(m, r, regions, c, fr)
	for _, l := range d.v.Locs {
		if !l.IsCoast() {
			continue
		}
		q, ok := c.units[l.ID]
		if !ok {
			return fmt.Errorf("no unit spot for coast %s (add \"unit %s: lon,lat\")", l.ID, l.ID)
		}
		m.Places = append(m.Places, mapdata.Place{ID: l.ID, Unit: fr.point(q)})
	}
	return nil
}

// machiavelliBoard is a Machiavelli-family board as printed (every sea
// apart, the Laguna too: a game that merges seas draws the merged seas'
// shared border as it likes). Two territories touch where they share a
// border (a bridge or a strait is drawn over the water instead), a
// territory and a sea where the sea bathes it, two seas where they border.
type machiavelliBoard struct{ b *machiavelli.Board }

func (mb machiavelliBoard) regions() []region {
	var out []region
	for _, a := range mb.b.Areas {
		k := mapdata.Land
		if a.Sea {
			k = mapdata.Sea
		}
		out = append(out, region{a.ID, k})
	}
	return out
}

func (mb machiavelliBoard) touch(a, b string) bool {
	x, y := mb.b.ByID(a), mb.b.ByID(b)
	if !mb.b.Areas[x].Sea && !mb.b.Areas[y].Sea {
		return mb.b.LandEdge(x, y) == machiavelli.Border
	}
	return mb.b.Adjacent(x, y)
}

// crossings are the pairs of territories joined by a land move over the
// water: they must not touch (touch says so), and the drawing carries a
// line between them.
func (mb machiavelliBoard) crossings() [][2]string {
	var out [][2]string
	for i := range mb.b.Territories {
		for _, n := range mb.b.Areas[i].Neighbours {
			if int(n) > i && mb.b.LandEdge(machiavelli.Area(i), n) != machiavelli.Border {
				out = append(out, [2]string{mb.b.Areas[i].ID, mb.b.Areas[n].ID})
			}
		}
	}
	return out
}

func (mb machiavelliBoard) checkConfig(c *config) error {
	if len(c.home) > 0 {
		return fmt.Errorf("home lines are for Diplomacy boards: a Machiavelli board's colours are its data")
	}
	for i := range mb.b.Territories {
		a := &mb.b.Areas[i]
		if _, ok := c.cities[a.ID]; ok != (a.City != machiavelli.NoCity) {
			return fmt.Errorf("territory %s: a city line wanted exactly when it has a city (it has %s)", a.ID, a.City)
		}
		if _, ok := c.ports[a.ID]; ok && !a.HasPort() {
			return fmt.Errorf("territory %s has no port", a.ID)
		}
	}
	for id := range c.cities {
		if a := mb.b.ByID(id); a == machiavelli.NoArea || mb.b.Areas[a].Sea {
			return fmt.Errorf("city of %q: no such territory", id)
		}
	}
	for id := range c.ports {
		if mb.b.ByID(id) == machiavelli.NoArea {
			return fmt.Errorf("port of %q: no such territory", id)
		}
	}
	want := mb.crossings()
	for _, x := range want {
		if _, ok := c.crossings[x]; !ok {
			return fmt.Errorf("no line for the crossing %s-%s (add \"crossing %s %s: lon,lat lon,lat\")", x[0], x[1], x[0], x[1])
		}
	}
	for x := range c.crossings {
		if !slices.Contains(want, x) {
			return fmt.Errorf("crossing %s-%s: the board has no such crossing", x[0], x[1])
		}
	}
	return nil
}

// places puts in every area the city's symbol where the config puts it
// (the real town), a counter spot and a label spot clear of it and of each
// other (boardSpots), and beside every port its anchor, out on the water it
// opens on; then the crossings' lines.
func (mb machiavelliBoard) places(m *mapdata.Map, r *raster, regions []region, c *config, fr frame) error {
	index := map[string]int16{}
	for i, rg := range regions {
		index[rg.id] = int16(i)
	}
	dist := r.inner()
	for i, rg := range regions {
		if rg.kind == mapdata.Impassable {
			continue
		}
		lab := int16(i)
		info := &mb.b.Areas[mb.b.ByID(rg.id)]
		p := mapdata.Place{ID: rg.id}
		if q, ok := c.cities[rg.id]; ok {
			// The town, or the nearest place clear of the territory's
			// edge (a coastal town may lie in the drawn water), or as
			// clear as a small territory has room for.
			x, y := fr.pixel(q)
			var at int
			var err error
			for margin := float32(cityMargin); margin >= 1; margin-- {
				at, err = r.nearest(x, y, 24, func(q int) bool { return r.lab[q] == lab && dist[q] >= margin })
				if err == nil {
					break
				}
			}
			if err != nil {
				return fmt.Errorf("city of %s: %v", rg.id, err)
			}
			p.City = mapdata.Point{X: float32(at%r.w) + 0.5, Y: float32(at/r.w) + 0.5}
		}
		var fixed *mapdata.Point
		if q, ok := c.units[rg.id]; ok {
			u := fr.point(q)
			fixed = &u
		}
		var found mapdata.Point
		p.Unit, found = boardSpots(r, dist, lab, p.City, labelHalfWidth(info), fixed)
		p.Label = c.label(rg.id, p.Unit, found, fr)
		if info.HasPort() {
			var seas []int16
			for _, s := range info.Port {
				seas = append(seas, index[mb.b.Areas[s].ID])
			}
			if q, ok := c.ports[rg.id]; ok {
				p.Port = fr.point(q)
				x, y := int(p.Port.X), int(p.Port.Y)
				if x < 0 || y < 0 || x >= r.w || y >= r.h || !slices.Contains(seas, r.lab[y*r.w+x]) || dist[y*r.w+x] < 3 {
					return fmt.Errorf("port of %s: %v is not well inside a sea it opens on", rg.id, q)
				}
			} else {
				at, err := r.portSpot(p.City, seas, portDistance, dist)
				if err != nil {
					return fmt.Errorf("port of %s: %v", rg.id, err)
				}
				p.Port = at
			}
		}
		m.Places = append(m.Places, p)
	}
	for _, x := range mb.crossings() {
		pts := c.crossings[x]
		cr := mapdata.Crossing{A: x[0], B: x[1]}
		for _, q := range pts {
			cr.Points = append(cr.Points, fr.point(q))
		}
		// Each end on its territory's land: the nearest pixel of it.
		for i, end := range []int{0, len(pts) - 1} {
			lab := index[x[i]]
			q := cr.Points[end]
			at, err := r.nearest(float64(q.X), float64(q.Y), 24, func(q int) bool { return r.lab[q] == lab })
			if err != nil {
				return fmt.Errorf("crossing %s-%s: the end in %s: %v", x[0], x[1], x[i], err)
			}
			cr.Points[end] = mapdata.Point{X: float32(at%r.w) + 0.5, Y: float32(at/r.w) + 0.5}
		}
		m.Crossings = append(m.Crossings, cr)
	}
	return nil
}

// cityMargin is how far (pixels) a city's symbol stands at least from its
// territory's edge.
const cityMargin = 5

// labelHalfWidth guesses half the width (pixels) of an area's name as
// package render writes it: a territory's Italian name in bold at about
// six pixels a letter; a sea's name, which render may break in two lines,
// is given a fixed room.
func labelHalfWidth(a *machiavelli.AreaInfo) float32 {
	if a.Sea {
		return 40
	}
	return float32(len([]rune(a.Italian))) * 6.2 / 2
}

// portDistance is how far (pixels) a port's anchor stands from its city.
const portDistance = 13
