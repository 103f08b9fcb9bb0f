package main

import (
	"math"

	"github.com/corriere/corriere/render/internal/mapdata"
)

// lcc is a Lambert conformal conic projection on a sphere, the usual
// choice for a map of Europe: shapes stay true and the scale varies little
// between its two standard parallels.
type lcc struct {
	lon0, n, f, rho0 float64
}

const earthRadius = 6371.0 // km

func rad(d float64) float64 { return d * math.Pi / 180 }

func newLCC(lon0, lat0, lat1, lat2 float64) lcc {
	p1, p2 := rad(lat1), rad(lat2)
	t := func(p float64) float64 { return math.Tan(math.Pi/4 + p/2) }
	n := math.Log(math.Cos(p1)/math.Cos(p2)) / math.Log(t(p2)/t(p1))
	f := math.Cos(p1) * math.Pow(t(p1), n) / n
	return lcc{lon0: lon0, n: n, f: f, rho0: earthRadius * f / math.Pow(t(rad(lat0)), n)}
}

// forward projects to km, x eastwards and y northwards.
func (c lcc) forward(q lonLat) (x, y float64) {
	rho := earthRadius * c.f / math.Pow(math.Tan(math.Pi/4+rad(q.Lat)/2), c.n)
	th := c.n * rad(q.Lon-c.lon0)
	return rho * math.Sin(th), c.rho0 - rho*math.Cos(th)
}

func (c lcc) inverse(x, y float64) lonLat {
	rho := math.Copysign(math.Hypot(x, c.rho0-y), c.n)
	th := math.Atan2(x, c.rho0-y)
	lat := 2*math.Atan(math.Pow(earthRadius*c.f/rho, 1/c.n)) - math.Pi/2
	return lonLat{c.lon0 + th/c.n*180/math.Pi, lat * 180 / math.Pi}
}

// frame places the projection on the pixel grid.
type frame struct {
	proj          lcc
	x0, y0, scale float64 // km of the top left corner; pixels per km
	w, h          int
}

// newFrame fits a grid of width pixels whose left, right, top and bottom
// edges pass through the given places.
func newFrame(p lcc, width int, west, east, north, south lonLat) frame {
	xw, _ := p.forward(west)
	xe, _ := p.forward(east)
	_, yn := p.forward(north)
	_, ys := p.forward(south)
	s := float64(width) / (xe - xw)
	return frame{proj: p, x0: xw, y0: yn, scale: s, w: width, h: int(math.Round((yn - ys) * s))}
}

// pixel returns the pixel coordinates of q (y downwards).
func (f frame) pixel(q lonLat) (float64, float64) {
	x, y := f.proj.forward(q)
	return (x - f.x0) * f.scale, (f.y0 - y) * f.scale
}

// point returns q as a point of the drawing.
func (f frame) point(q lonLat) mapdata.Point {
	x, y := f.pixel(q)
	return mapdata.Point{X: float32(x), Y: float32(y)}
}

// pixels returns the pixel coordinates of every point of qs.
func (f frame) pixels(qs []lonLat) [][2]float64 {
	out := make([][2]float64, len(qs))
	for i, q := range qs {
		out[i][0], out[i][1] = f.pixel(q)
	}
	return out
}

func (f frame) lonLat(px, py float64) lonLat {
	return f.proj.inverse(px/f.scale+f.x0, f.y0-py/f.scale)
}
