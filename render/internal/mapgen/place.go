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
		if q, ok := c.labels[rg.id]; ok {
			lp = fr.point(q)
		}
		if side, ok := c.labelSides[rg.id]; ok {
			s := sideNamed(side)
			lp = mapdata.Point{X: u.X + float32(s.dx), Y: u.Y + float32(s.dy)}
		}
		m.Places = append(m.Places, mapdata.Place{ID: rg.id, Unit: u, Label: lp})
	}
}

// within reports whether the pixel under p belongs to region lab.
func (r *raster) within(p mapdata.Point, lab int16) bool {
	x, y := int(p.X), int(p.Y)
	return x >= 0 && y >= 0 && x < r.w && y < r.h && r.lab[y*r.w+x] == lab
}

// portSpot finds where a port's anchor goes: out on the nearest water of
// one of the seas it opens on, d pixels from its city (or less, where the
// sea is narrower), so that the anchor reads as the city's and points at
// the water it opens on.
func (r *raster) portSpot(city mapdata.Point, seas []int16, d float64) (mapdata.Point, error) {
	best, bd := -1, math.Inf(1)
	for p, l := range r.lab {
		if !slices.Contains(seas, l) {
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
		if x < 0 || y < 0 || x >= r.w || y >= r.h || !slices.Contains(seas, r.lab[y*r.w+x]) {
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
