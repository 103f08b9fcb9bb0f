package main

import (
	"fmt"
	"math"

	"github.com/corriere/corriere/render/internal/mapdata"
)

// tolerance is how far (pixels) a simplified border may stray from the
// pixel edges it stands for.
const tolerance = 0.7

// lattice is a corner between pixels: (x, y) with 0 ≤ x ≤ w, 0 ≤ y ≤ h.
type lattice struct{ x, y int }

// trace turns the raster into shared arcs and per-region rings.
func trace(r *raster, regions []region, home map[string]string) (*mapdata.Map, error) {
	lab := func(x, y int) int32 {
		if x < 0 || y < 0 || x >= r.w || y >= r.h {
			return mapdata.Outside
		}
		return int32(r.lab[y*r.w+x])
	}
	// The four pixels around a corner: above left, above right, below
	// left, below right.
	around := func(c lattice) [4]int32 {
		return [4]int32{lab(c.x-1, c.y-1), lab(c.x, c.y-1), lab(c.x-1, c.y), lab(c.x, c.y)}
	}
	// Steps from a corner, each with the pixels on its left and right
	// (y grows downwards: walking east, the left is the pixel above).
	type step struct {
		dx, dy      int
		left, right func(c lattice) int32
	}
	steps := []step{
		{1, 0, func(c lattice) int32 { return lab(c.x, c.y-1) }, func(c lattice) int32 { return lab(c.x, c.y) }},
		{-1, 0, func(c lattice) int32 { return lab(c.x-1, c.y) }, func(c lattice) int32 { return lab(c.x-1, c.y-1) }},
		{0, 1, func(c lattice) int32 { return lab(c.x, c.y) }, func(c lattice) int32 { return lab(c.x-1, c.y) }},
		{0, -1, func(c lattice) int32 { return lab(c.x-1, c.y-1) }, func(c lattice) int32 { return lab(c.x, c.y-1) }},
	}
	// An edge is identified by its corner of smaller coordinates and
	// whether it is horizontal.
	type edge struct {
		c lattice
		h bool
	}
	edgeOf := func(c lattice, s step) edge {
		if s.dx != 0 {
			return edge{lattice{min(c.x, c.x+s.dx), c.y}, true}
		}
		return edge{lattice{c.x, min(c.y, c.y+s.dy)}, false}
	}
	isBoundary := func(c lattice, s step) bool {
		n := lattice{c.x + s.dx, c.y + s.dy}
		if n.x < 0 || n.y < 0 || n.x > r.w || n.y > r.h {
			return false
		}
		return s.left(c) != s.right(c)
	}
	isNode := func(c lattice) bool {
		a := around(c)
		distinct := map[int32]bool{a[0]: true, a[1]: true, a[2]: true, a[3]: true}
		if len(distinct) >= 3 {
			return true
		}
		// A saddle: two regions meeting across the corner.
		return len(distinct) == 2 && a[0] == a[3] && a[1] == a[2]
	}
	visited := map[edge]bool{}
	m := &mapdata.Map{Width: r.w, Height: r.h}
	walk := func(start lattice, s step, closedOK bool) {
		left, right := s.left(start), s.right(start)
		pts := []lattice{start}
		c := start
		for {
			visited[edgeOf(c, s)] = true
			c = lattice{c.x + s.dx, c.y + s.dy}
			pts = append(pts, c)
			if isNode(c) || (closedOK && c == start) {
				break
			}
			// Not a node: exactly one other boundary edge leaves c, and it
			// keeps the same regions on the same sides.
			found := false
			for _, t := range steps {
				if t.dx == -s.dx && t.dy == -s.dy {
					continue
				}
				if isBoundary(c, t) && !visited[edgeOf(c, t)] && t.left(c) == left && t.right(c) == right {
					s, found = t, true
					break
				}
			}
			if !found {
				break // back at the start of a loop
			}
		}
		m.Arcs = append(m.Arcs, mapdata.Arc{Left: left, Right: right, Points: simplify(pts, pts[0] == pts[len(pts)-1])})
	}
	for y := 0; y <= r.h; y++ {
		for x := 0; x <= r.w; x++ {
			c := lattice{x, y}
			if !isNode(c) {
				continue
			}
			for _, s := range steps {
				if isBoundary(c, s) && !visited[edgeOf(c, s)] {
					walk(c, s, false)
				}
			}
		}
	}
	// What is left are loops without nodes: an island in one sea, a lake.
	for y := 0; y <= r.h; y++ {
		for x := 0; x <= r.w; x++ {
			c := lattice{x, y}
			for _, s := range steps {
				if isBoundary(c, s) && !visited[edgeOf(c, s)] {
					walk(c, s, true)
				}
			}
		}
	}
	for i, rg := range regions {
		m.Regions = append(m.Regions, mapdata.Region{ID: rg.id, Kind: rg.kind, Home: home[rg.id]})
		rings, err := chain(m.Arcs, int32(i))
		if err != nil {
			return nil, fmt.Errorf("region %q: %w", rg.id, err)
		}
		m.Regions[i].Rings = rings
	}
	return m, nil
}

// chain joins the arcs of region g into closed rings, each arc taken in
// the direction that keeps g on the left. Any way of joining them gives the
// same filled area, so a corner where g meets itself may go either way.
func chain(arcs []mapdata.Arc, g int32) ([][]int32, error) {
	type dir struct {
		ref        int32
		start, end mapdata.Point
	}
	var ds []dir
	for i, a := range arcs {
		first, last := a.Points[0], a.Points[len(a.Points)-1]
		if a.Left == g {
			ds = append(ds, dir{int32(i), first, last})
		}
		if a.Right == g {
			ds = append(ds, dir{^int32(i), last, first})
		}
	}
	byStart := map[mapdata.Point][]int{}
	for i, d := range ds {
		byStart[d.start] = append(byStart[d.start], i)
	}
	used := make([]bool, len(ds))
	var rings [][]int32
	for i := range ds {
		if used[i] {
			continue
		}
		ring := []int32{ds[i].ref}
		used[i] = true
		at := ds[i].end
		for at != ds[i].start {
			next := -1
			for _, j := range byStart[at] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				return nil, fmt.Errorf("ring does not close at (%g, %g)", at.X, at.Y)
			}
			used[next] = true
			ring = append(ring, ds[next].ref)
			at = ds[next].end
		}
		rings = append(rings, ring)
	}
	return rings, nil
}

// simplify smooths a staircase of pixel edges into a line and drops the
// points it does not need (Douglas-Peucker), keeping both ends, which other
// arcs share. The staircase is first replaced by the midpoints of its
// steps, which turns pixel stairs into slopes.
func simplify(pts []lattice, closed bool) []mapdata.Point {
	corner := func(c lattice) mapdata.Point { return mapdata.Point{X: float32(c.x), Y: float32(c.y)} }
	var mid []mapdata.Point
	if !closed {
		mid = append(mid, corner(pts[0]))
	}
	for i := 0; i+1 < len(pts); i++ {
		mid = append(mid, mapdata.Point{X: float32(pts[i].x+pts[i+1].x) / 2, Y: float32(pts[i].y+pts[i+1].y) / 2})
	}
	if closed {
		// A loop has no node to keep: it starts at a midpoint, so that
		// both ends are the same point.
		mid = append(mid, mid[0])
	} else {
		mid = append(mid, corner(pts[len(pts)-1]))
	}
	keep := make([]bool, len(mid))
	keep[0], keep[len(mid)-1] = true, true
	if closed {
		// Split the loop at its point farthest from the start, so that
		// neither half degenerates.
		far, fd := 0, -1.0
		for i, p := range mid {
			if d := math.Hypot(float64(p.X-mid[0].X), float64(p.Y-mid[0].Y)); d > fd {
				far, fd = i, d
			}
		}
		keep[far] = true
		dp(mid, 0, far, keep)
		dp(mid, far, len(mid)-1, keep)
	} else {
		dp(mid, 0, len(mid)-1, keep)
	}
	var out []mapdata.Point
	for i, p := range mid {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out
}

func dp(p []mapdata.Point, i, j int, keep []bool) {
	if j <= i+1 {
		return
	}
	ax, ay, bx, by := float64(p[i].X), float64(p[i].Y), float64(p[j].X), float64(p[j].Y)
	far, fd := -1, tolerance
	for k := i + 1; k < j; k++ {
		if d := segDist(float64(p[k].X), float64(p[k].Y), [2]float64{ax, ay}, [2]float64{bx, by}); d > fd {
			far, fd = k, d
		}
	}
	if far < 0 {
		return
	}
	keep[far] = true
	dp(p, i, far, keep)
	dp(p, far, j, keep)
}
