package render

import (
	"image/color"
	"math"
	"slices"
)

// A scene is the picture as a list of shapes, which the PNG and SVG
// writers both draw: one layout, two encodings.
type scene struct {
	groups []group
}

// group is a set of shapes that stand for one thing: a unit, an order, a
// province. The SVG keeps groups as <g> elements with their class and data
// attributes, so that tests and scripts can find what is drawn.
type group struct {
	class  string
	attrs  []attr // written as data-NAME="VALUE"
	title  string // the SVG tooltip
	shapes []shape
}

type attr struct{ name, value string }

type shapeKind uint8

const (
	polygon  shapeKind = iota // closed subpaths, filled (non-zero rule) and/or outlined
	polyline                  // open subpaths, stroked: round joins, butt ends
	circle
	text
)

// shape is one drawing primitive. Fill and stroke are off when their alpha
// is zero.
type shape struct {
	kind   shapeKind
	paths  [][]pt // polygon, polyline
	at     pt     // circle centre, text anchor
	r      float32
	fill   color.RGBA
	stroke color.RGBA
	width  float32
	// text
	text   string
	size   float32
	style  style
	anchor textAnchor
	halo   color.RGBA // a light outline behind the letters
	// keep marks a sign standing at a place of the board (a unit, a
	// centre, a ring) or joining places (an order's arrow, support line
	// or convoy's dots), drawn on map after map at the same spot: a
	// frame keeps its coverage (frame.go).
	keep bool
}

// atPlace marks shapes as signs standing at a place of the board, or
// joining places.
func atPlace(shapes ...shape) []shape {
	for i := range shapes {
		shapes[i].keep = true
	}
	return shapes
}

type textAnchor uint8

const (
	anchorMiddle textAnchor = iota
	anchorStart
	anchorEnd
)

type pt struct{ X, Y float32 }

func (p pt) add(q pt) pt         { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) sub(q pt) pt         { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) scale(f float32) pt  { return pt{p.X * f, p.Y * f} }
func (p pt) len() float32        { return float32(math.Hypot(float64(p.X), float64(p.Y))) }
func (p pt) perp() pt            { return pt{-p.Y, p.X} }
func lerp(a, b pt, t float32) pt { return pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }
func (p pt) unit() pt {
	l := p.len()
	if l == 0 {
		return pt{1, 0}
	}
	return p.scale(1 / l)
}

// Shape constructors.

func fillPoly(fill color.RGBA, paths ...[]pt) shape {
	return shape{kind: polygon, paths: paths, fill: fill}
}

func strokeLines(c color.RGBA, width float32, paths ...[]pt) shape {
	return shape{kind: polyline, paths: paths, stroke: c, width: width}
}

func disc(at pt, r float32, fill, stroke color.RGBA, width float32) shape {
	return shape{kind: circle, at: at, r: r, fill: fill, stroke: stroke, width: width}
}

func label(at pt, s string, size float32, st style, c, halo color.RGBA, a textAnchor) shape {
	return shape{kind: text, at: at, text: s, size: size, style: st, fill: c, halo: halo, anchor: a}
}

// dashes cuts a polyline into dashes of length on separated by off.
func dashes(line []pt, on, off float32) [][]pt {
	var out [][]pt
	var cur []pt
	drawing := true
	left := on
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		seg := b.sub(a).len()
		t := float32(0)
		if drawing && len(cur) == 0 {
			cur = append(cur, a)
		}
		for seg-t > left {
			t += left
			p := lerp(a, b, t/seg)
			if drawing {
				cur = append(cur, p)
				out = append(out, cur)
				cur = nil
				left = off
			} else {
				cur = []pt{p}
				left = on
			}
			drawing = !drawing
		}
		left -= seg - t
		if drawing {
			cur = append(cur, b)
		}
	}
	if drawing && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// dots places points every gap pixels along a polyline, from its start.
func dots(line []pt, gap float32) []pt {
	var out []pt
	next := float32(0)
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		seg := b.sub(a).len()
		for next <= seg {
			out = append(out, lerp(a, b, next/seg))
			next += gap
		}
		next -= seg
	}
	return out
}

// circlePath approximates a circle by a polygon fine enough to look round.
func circlePath(c pt, r float32) []pt {
	n := int(max(12, min(72, r*2.5)))
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{c.X + r*float32(math.Cos(a)), c.Y + r*float32(math.Sin(a))}
	}
	return out
}

// cosSin returns the cosine and sine of a fraction of a full turn.
func cosSin(turn float64) (float32, float32) {
	a := 2 * math.Pi * turn
	return float32(math.Cos(a)), float32(math.Sin(a))
}

// closedCircle is circlePath with its first point repeated at the end, to
// be stroked.
func closedCircle(c pt, r float32) []pt {
	p := circlePath(c, r)
	return append(p, p[0])
}

// hatch returns diagonal lines, gap apart, clipped to the inside of the
// polygons (even-odd): the shading of land that is no province.
func hatch(paths [][]pt, gap float32) [][]pt {
	minC, maxC := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, p := range paths {
		for _, q := range p {
			minC, maxC = min(minC, q.X-q.Y), max(maxC, q.X-q.Y)
		}
	}
	var out [][]pt
	var xs []float32
	for c := float32(math.Ceil(float64(minC/gap))) * gap; c <= maxC; c += gap {
		// The line x - y = c, written as x = y + c: find where each edge
		// crosses it.
		xs = xs[:0]
		for _, p := range paths {
			for i := range p {
				a, b := p[i], p[(i+1)%len(p)]
				fa, fb := a.X-a.Y-c, b.X-b.Y-c
				if (fa < 0) != (fb < 0) {
					t := fa / (fa - fb)
					xs = append(xs, a.X+(b.X-a.X)*t)
				}
			}
		}
		slices.Sort(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			out = append(out, []pt{{xs[i], xs[i] - c}, {xs[i+1], xs[i+1] - c}})
		}
	}
	return out
}
