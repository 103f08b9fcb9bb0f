package main

import (
	"container/heap"
	"fmt"
	"math"
	"sort"
)

// raster is the province assignment, one region index per pixel.
type raster struct {
	w, h int
	land []bool  // land (true) or water
	lab  []int16 // region index; -1 while unassigned
}

// newRaster returns a raster of w × h pixels over land, none of them
// assigned a region yet.
func newRaster(w, h int, land []bool) *raster {
	r := &raster{w: w, h: h, land: land, lab: make([]int16, w*h)}
	for i := range r.lab {
		r.lab[i] = -1
	}
	return r
}

// fillRings sets land where a pixel's centre is inside the rings (even-odd).
func (r *raster) fillRings(rings [][][2]float64) {
	var xs []float64
	for y := 0; y < r.h; y++ {
		cy := float64(y) + 0.5
		xs = xs[:0]
		for _, ring := range rings {
			for i := range ring {
				a, b := ring[i], ring[(i+1)%len(ring)]
				if (a[1] <= cy) != (b[1] <= cy) {
					xs = append(xs, a[0]+(cy-a[1])*(b[0]-a[0])/(b[1]-a[1]))
				}
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := max(0, int(math.Ceil(xs[i]-0.5)))
			x1 := min(r.w-1, int(math.Floor(xs[i+1]-0.5)))
			for x := x0; x <= x1; x++ {
				r.land[y*r.w+x] = !r.land[y*r.w+x]
			}
		}
	}
}

// components labels the 4-connected components of pixels with land == want.
func (r *raster) components(want bool) (comp []int32, sizes []int) {
	comp = make([]int32, len(r.land))
	for i := range comp {
		comp[i] = -1
	}
	var stack []int
	for start := range r.land {
		if r.land[start] != want || comp[start] >= 0 {
			continue
		}
		id := int32(len(sizes))
		size := 0
		stack = append(stack[:0], start)
		comp[start] = id
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			r.each4(p, func(q int) {
				if r.land[q] == want && comp[q] < 0 {
					comp[q] = id
					stack = append(stack, q)
				}
			})
		}
		sizes = append(sizes, size)
	}
	return comp, sizes
}

func (r *raster) each4(p int, f func(int)) {
	x, y := p%r.w, p/r.w
	if x > 0 {
		f(p - 1)
	}
	if x+1 < r.w {
		f(p + 1)
	}
	if y > 0 {
		f(p - r.w)
	}
	if y+1 < r.h {
		f(p + r.w)
	}
}

// seed is a pixel a region grows from.
type seed struct {
	p   int
	lab int16
}

type qitem struct {
	d float32
	p int32
}
type pq []qitem

func (q pq) Len() int               { return len(q) }
func (q pq) Less(i, j int) bool     { return q[i].d < q[j].d }
func (q pq) Swap(i, j int)          { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)            { *q = append(*q, x.(qitem)) }
func (q *pq) Pop() any              { old := *q; x := old[len(old)-1]; *q = old[:len(old)-1]; return x }
func (q *pq) push(d float32, p int) { heap.Push(q, qitem{d, int32(p)}) }

// grow assigns every unassigned pixel the label of the nearest seed that
// can reach it through pixels passing ok (8-connected, diagonal steps cost
// √2): a Voronoi diagram measured along the land, or along the water.
func (r *raster) grow(seeds []seed, ok func(from, to int) bool) {
	dist := make([]float32, len(r.lab))
	for i := range dist {
		dist[i] = float32(math.Inf(1))
	}
	q := &pq{}
	for _, s := range seeds {
		dist[s.p] = 0
		r.lab[s.p] = s.lab
		q.push(0, s.p)
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(qitem)
		p := int(it.p)
		if it.d > dist[p] {
			continue
		}
		x, y := p%r.w, p/r.w
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				nx, ny := x+dx, y+dy
				if (dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= r.w || ny >= r.h {
					continue
				}
				n := ny*r.w + nx
				if !ok(p, n) {
					continue
				}
				step := float32(1)
				if dx != 0 && dy != 0 {
					step = math.Sqrt2
					// No corner cutting: a diagonal step needs one of the
					// two pixels beside it, so that regions meeting only at
					// a corner do not leak through each other.
					if !ok(p, y*r.w+nx) && !ok(p, ny*r.w+x) {
						continue
					}
				}
				if d := it.d + step; d < dist[n] {
					dist[n] = d
					r.lab[n] = r.lab[p]
					q.push(d, n)
				}
			}
		}
	}
}

// touching returns the pairs of labels that share a pixel edge, with one
// place where each pair meets.
func (r *raster) touching() map[[2]int16]int {
	out := map[[2]int16]int{}
	add := func(a, b int16, p int) {
		if a == b || a < 0 || b < 0 {
			return
		}
		if a > b {
			a, b = b, a
		}
		if _, ok := out[[2]int16{a, b}]; !ok {
			out[[2]int16{a, b}] = p
		}
	}
	for y := 0; y < r.h; y++ {
		for x := 0; x < r.w; x++ {
			p := y*r.w + x
			if x+1 < r.w {
				add(r.lab[p], r.lab[p+1], p)
			}
			if y+1 < r.h {
				add(r.lab[p], r.lab[p+r.w], p)
			}
		}
	}
	return out
}

// line calls f for every pixel a thick polyline covers.
func (r *raster) line(pts [][2]float64, radius float64, f func(p int)) {
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		x0 := int(math.Floor(min(a[0], b[0]) - radius))
		x1 := int(math.Ceil(max(a[0], b[0]) + radius))
		y0 := int(math.Floor(min(a[1], b[1]) - radius))
		y1 := int(math.Ceil(max(a[1], b[1]) + radius))
		for y := max(0, y0); y <= min(r.h-1, y1); y++ {
			for x := max(0, x0); x <= min(r.w-1, x1); x++ {
				if segDist(float64(x)+0.5, float64(y)+0.5, a, b) <= radius {
					f(y*r.w + x)
				}
			}
		}
	}
	if len(pts) == 1 {
		r.line([][2]float64{pts[0], pts[0]}, radius, f)
	}
}

func segDist(px, py float64, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-a[0])*dx+(py-a[1])*dy)/l))
	}
	return math.Hypot(px-a[0]-t*dx, py-a[1]-t*dy)
}

// nearest finds the pixel nearest to (x, y) that passes ok, searching
// squares of growing size up to radius.
func (r *raster) nearest(x, y float64, radius int, ok func(p int) bool) (int, error) {
	cx, cy := int(x), int(y)
	best, bestD := -1, math.Inf(1)
	for ry := cy - radius; ry <= cy+radius; ry++ {
		for rx := cx - radius; rx <= cx+radius; rx++ {
			if rx < 0 || ry < 0 || rx >= r.w || ry >= r.h {
				continue
			}
			p := ry*r.w + rx
			if !ok(p) {
				continue
			}
			if d := math.Hypot(float64(rx)+0.5-x, float64(ry)+0.5-y); d < bestD {
				best, bestD = p, d
			}
		}
	}
	if best < 0 {
		return 0, fmt.Errorf("nothing suitable within %d pixels of (%.0f, %.0f)", radius, x, y)
	}
	return best, nil
}
