package main

import (
	"fmt"
	"math"
	"slices"

	"github.com/corriere/corriere/render/internal/mapdata"
)

// regionPlaces puts a unit spot and a label spot in every region that is
// no impassable land, where the config puts them or else where spots
// finds room.
func regionPlaces(m *mapdata.Map, r *raster, regions []region, c *config, fr frame) {
	dist := r.inner()
	for i, rg := range regions {
		if rg.kind == mapdata.Impassable {
			continue
		}
		u, lp := spots(r, dist, int16(i), nil)
		if q, ok := c.units[rg.id]; ok {
			u = fr.point(q)
			fixed := [2]int{int(u.X), int(u.Y)}
			_, lp = spots(r, dist, int16(i), &fixed)
		}
		m.Places = append(m.Places, mapdata.Place{ID: rg.id, Unit: u, Label: c.label(rg.id, u, lp, fr)})
	}
}

// label is where the name of region id goes: where the config puts it, or
// on the side of the unit at u the config names, or else at found.
func (c *config) label(id string, u, found mapdata.Point, fr frame) mapdata.Point {
	if q, ok := c.labels[id]; ok {
		found = fr.point(q)
	}
	if side, ok := c.labelSides[id]; ok {
		s := sideNamed(side)
		found = mapdata.Point{X: u.X + float32(s.dx), Y: u.Y + float32(s.dy)}
	}
	return found
}

// portSpot finds where a port's anchor goes: out on the nearest water of
// one of the seas it opens on, d pixels from its city (or less, where the
// sea is narrower), so that the anchor reads as the city's and points at
// the water it opens on.
func (r *raster) portSpot(city mapdata.Point, seas []int16, d float64, dist []float32) (mapdata.Point, error) {
	// Water clear of the coast and of other seas.
	open := func(p int) bool { return slices.Contains(seas, r.lab[p]) && dist[p] >= 3 }
	best, bd := -1, math.Inf(1)
	for p := range r.lab {
		if !open(p) {
			continue
		}
		x, y := float64(p%r.w)+0.5, float64(p/r.w)+0.5
		if dd := math.Hypot(x-float64(city.X), y-float64(city.Y)); dd < bd {
			best, bd = p, dd
		}
	}
	if best < 0 {
		return mapdata.Point{}, fmt.Errorf("none of its seas is drawn")
	}
	// Walk from the city through that water's edge and on, while the
	// water is still one of the port's seas.
	bx, by := float64(best%r.w)+0.5, float64(best/r.w)+0.5
	dx, dy := bx-float64(city.X), by-float64(city.Y)
	if l := math.Hypot(dx, dy); l > 0 {
		dx, dy = dx/l, dy/l
	}
	at := mapdata.Point{X: float32(bx), Y: float32(by)}
	for t := bd; t <= max(d, bd); t++ {
		q := mapdata.Point{X: city.X + float32(dx*t), Y: city.Y + float32(dy*t)}
		x, y := int(q.X), int(q.Y)
		if x < 0 || y < 0 || x >= r.w || y >= r.h || !open(y*r.w+x) {
			break
		}
		at = q
	}
	return at, nil
}

// spots chooses where a province's unit and its name go, together: the
// name beside the unit (on one of labelSides) and both as far inside the
// province as they can be. A unit needs about 14 pixels of room
// around its centre; a name with its centre's dot about 18 either side and
// 7 above and below.
func spots(r *raster, dist []float32, lab int16, fixed *[2]int) (unit, name mapdata.Point) {
	d := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= r.w || y >= r.h || r.lab[y*r.w+x] != lab {
			return 0
		}
		return dist[y*r.w+x]
	}
	best, bu, bl := float32(-1), [2]int{}, [2]int{}
	for p, l := range r.lab {
		if l != lab {
			continue
		}
		x, y := p%r.w, p/r.w
		du := dist[p]
		if fixed != nil {
			// The unit's place is given: only the name is sought.
			if x != fixed[0] || y != fixed[1] {
				continue
			}
			du = 14
		} else if du < 3 {
			continue
		}
		for i, o := range labelSides {
			lx, ly := x+o.dx, y+o.dy
			dl := min(d(lx, ly), d(lx-14, ly)+4, d(lx+14, ly)+4)
			// Room saturates: past what each needs, more is no better,
			// and then the unit nearer the middle and the first offsets
			// (name below) win.
			score := min(du/14, dl/7, 1)*100 + du*0.05 - float32(i)*0.3
			if score > best {
				best, bu, bl = score, [2]int{x, y}, [2]int{lx, ly}
			}
		}
	}
	if best < 0 && fixed != nil {
		u := mapdata.Point{X: float32(fixed[0]) + 0.5, Y: float32(fixed[1]) + 0.5}
		below := labelSides[0]
		return u, mapdata.Point{X: u.X + float32(below.dx), Y: u.Y + float32(below.dy)}
	}
	if best < 0 {
		// A sliver: put both at its inmost pixel.
		for p, l := range r.lab {
			if l == lab && (best < 0 || dist[p] > best) {
				best, bu = dist[p], [2]int{p % r.w, p / r.w}
			}
		}
		bl = bu
	}
	return mapdata.Point{X: float32(bu[0]) + 0.5, Y: float32(bu[1]) + 0.5}, mapdata.Point{X: float32(bl[0]) + 0.5, Y: float32(bl[1]) + 0.5}
}

// inner returns, for every pixel, its distance to the nearest pixel of
// another region or the edge of the map (chamfer 3-4, in pixels).
func (r *raster) inner() []float32 {
	d := make([]float32, len(r.lab))
	inf := float32(math.Inf(1))
	for p := range d {
		x, y := p%r.w, p/r.w
		edge := x == 0 || y == 0 || x == r.w-1 || y == r.h-1
		if !edge {
			l := r.lab[p]
			edge = r.lab[p-1] != l || r.lab[p+1] != l || r.lab[p-r.w] != l || r.lab[p+r.w] != l
		}
		if edge {
			d[p] = 1
		} else {
			d[p] = inf
		}
	}
	relax := func(p, q int, c float32) {
		if d[q]+c < d[p] {
			d[p] = d[q] + c
		}
	}
	for y := 1; y < r.h-1; y++ {
		for x := 1; x < r.w-1; x++ {
			p := y*r.w + x
			relax(p, p-1, 1)
			relax(p, p-r.w, 1)
			relax(p, p-r.w-1, math.Sqrt2)
			relax(p, p-r.w+1, math.Sqrt2)
		}
	}
	for y := r.h - 2; y >= 1; y-- {
		for x := r.w - 2; x >= 1; x-- {
			p := y*r.w + x
			relax(p, p+1, 1)
			relax(p, p+r.w, 1)
			relax(p, p+r.w+1, math.Sqrt2)
			relax(p, p+r.w-1, math.Sqrt2)
		}
	}
	return d
}

// Room a Machiavelli board's map needs, in pixels: a counter (a square of
// about 18) around its centre, a name's half height, the gap between a
// counter and its name, the clearance of a city's symbol.
const (
	counterRoom = 12
	nameRoom    = 6
	nameGap     = 19
	cityRoom    = 9
)

// boardSpots chooses where an area's counter and its name go on a
// Machiavelli board's map, together: the name below, above or beside the
// counter, both as far inside the area as they can be and clear of the
// city's symbol (at city; zero for none). hw is half the name's width.
// With fixed, the counter's place is given and only the name is sought.
func boardSpots(r *raster, dist []float32, lab int16, city mapdata.Point, hw float32, fixed *mapdata.Point) (unit, name mapdata.Point) {
	d := func(x, y float32) float32 {
		xi, yi := int(x), int(y)
		if xi < 0 || yi < 0 || xi >= r.w || yi >= r.h || r.lab[yi*r.w+xi] != lab {
			return 0
		}
		return dist[yi*r.w+xi]
	}
	hasCity := city != (mapdata.Point{})
	// clear is how far a box of half sizes (bw, bh) centred at (x, y)
	// stands from the city's symbol, in units of the room it needs.
	clear := func(x, y, bw, bh float32) float32 {
		if !hasCity {
			return 1
		}
		dx := max(0, abs32(city.X-x)-bw)
		dy := max(0, abs32(city.Y-y)-bh)
		return float32(math.Hypot(float64(dx), float64(dy))) / cityRoom
	}
	sides := []mapdata.Point{{X: 0, Y: nameGap}, {X: 0, Y: -nameGap}, {X: hw + 14, Y: 3}, {X: -hw - 14, Y: 3}}
	best := float32(-1)
	try := func(x, y, du float32) {
		cu := clear(x, y, counterRoom-3, counterRoom-3)
		for i, o := range sides {
			lx, ly := x+o.X, y+o.Y
			dl := min(d(lx, ly)/nameRoom, (d(lx-hw+2, ly)+1)/nameRoom, (d(lx+hw-2, ly)+1)/nameRoom)
			// Room saturates: past what each needs, more is no better,
			// and then the counter nearer its city (or, with none,
			// nearer the middle) and the first sides win.
			score := min(du/counterRoom, dl, cu, clear(lx, ly, hw, nameRoom), 1)*100 - float32(i)*0.3
			if hasCity {
				score -= float32(math.Hypot(float64(x-city.X), float64(y-city.Y))) * 0.03
			} else {
				score += du * 0.05
			}
			if score > best {
				best, unit, name = score, mapdata.Point{X: x, Y: y}, mapdata.Point{X: lx, Y: ly}
			}
		}
	}
	if fixed != nil {
		// The counter's place is given: only the name is sought.
		best = -1000
		try(fixed.X, fixed.Y, counterRoom)
		return unit, name
	}
	for p, l := range r.lab {
		if l == lab && dist[p] >= 3 {
			try(float32(p%r.w)+0.5, float32(p/r.w)+0.5, dist[p])
		}
	}
	if best < 0 {
		// A sliver: both at its inmost pixel.
		for p, l := range r.lab {
			if l == lab && (best < 0 || dist[p] > best) {
				best = dist[p]
				unit = mapdata.Point{X: float32(p%r.w) + 0.5, Y: float32(p/r.w) + 0.5}
			}
		}
		name = unit
	}
	return unit, name
}

func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }
