// Package mapdata is the file format of a variant's drawing: the province
// outlines as shared arcs, in map pixels, with the places where units and
// labels go. The generator (../mapgen) writes it; package render reads it.
//
// Outlines are stored the way TopoJSON stores them: every stretch of border
// between two regions is one arc, kept once and referred to by the rings of
// both regions, so that neighbouring provinces share their border exactly
// and two regions touch on the drawing precisely when an arc has one on each
// side.
package mapdata

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// magic starts every file; the digit is the format version. Version 2
// adds Place.City, Place.Port and Map.Crossings; Encode writes version 1
// when a map has none of them, so that a Diplomacy board's file is as it
// was.
const (
	magic  = "CORRIERE-MAP-1\n"
	magic2 = "CORRIERE-MAP-2\n"
)

// unit is the precision of stored coordinates: a quarter pixel.
const unit = 4

// Outside is the region on the far side of an arc that runs along the
// edge of the map.
const Outside = -1

// Point is a point in map pixels, y downwards.
type Point struct{ X, Y float32 }

// Kind is what a region is.
type Kind uint8

const (
	Land       Kind = iota // a land or coastal province
	Sea                    // a sea province
	Impassable             // land that is no province: Switzerland, Ireland, the Sahara
)

// Region is one province or one piece of land that is none.
type Region struct {
	// ID is the province's location id ("lon"); empty for impassable land.
	ID   string
	Kind Kind
	// Home is the power whose homeland the region is on the board (the
	// boxed game colours all of it, centres or not), or empty.
	Home string
	// Rings are the region's outlines as arc references: i is arc i as
	// stored, ^i is arc i reversed. Followed in order, the arcs of a ring
	// keep the region on their left (outer rings run anticlockwise on the
	// screen, holes clockwise), so the non-zero rule fills the region.
	Rings [][]int32
}

// Arc is a stretch of border with one region on each side.
type Arc struct {
	Left, Right int32 // region indexes, or Outside
	Points      []Point
}

// Place is where something is drawn for a location: a unit, a label.
type Place struct {
	ID    string // location id: "lon", "stp/nc"
	Unit  Point  // the centre of a unit (a counter) standing there
	Label Point  // the centre of the name; zero for a coast
	// City is the centre of a territory's city symbol, Port the centre of
	// its port's anchor (out in the water the port opens on); zero where
	// there is none, and always on a Diplomacy board.
	City, Port Point
}

// Crossing is a land edge between two territories that share no border,
// drawn over the water as a line (Machiavelli's bridges and straits).
type Crossing struct {
	A, B   string // the territories' ids
	Points []Point
}

// Map is a whole drawing.
type Map struct {
	Width, Height int
	Regions       []Region
	Arcs          []Arc
	Places        []Place
	Crossings     []Crossing
}

// version is the format Encode writes for m: 2 only when m has what
// version 1 cannot hold.
func (m *Map) version() int {
	if len(m.Crossings) > 0 {
		return 2
	}
	for _, p := range m.Places {
		if p.City != (Point{}) || p.Port != (Point{}) {
			return 2
		}
	}
	return 1
}

// Encode writes m in the file format: the magic line, then a deflated body
// of varints (coordinates in quarter pixels, each point as the difference
// from the one before).
func Encode(w io.Writer, m *Map) error {
	v2 := m.version() == 2
	var body bytes.Buffer
	e := encoder{w: &body}
	e.uint(uint64(m.Width))
	e.uint(uint64(m.Height))
	e.uint(uint64(len(m.Regions)))
	for _, r := range m.Regions {
		e.string(r.ID)
		e.uint(uint64(r.Kind))
		e.string(r.Home)
		e.uint(uint64(len(r.Rings)))
		for _, ring := range r.Rings {
			e.uint(uint64(len(ring)))
			for _, a := range ring {
				e.int(int64(a))
			}
		}
	}
	e.uint(uint64(len(m.Arcs)))
	for _, a := range m.Arcs {
		e.int(int64(a.Left))
		e.int(int64(a.Right))
		e.uint(uint64(len(a.Points)))
		e.line(a.Points)
	}
	e.uint(uint64(len(m.Places)))
	for _, p := range m.Places {
		e.string(p.ID)
		e.point(p.Unit)
		e.point(p.Label)
		if v2 {
			e.point(p.City)
			e.point(p.Port)
		}
	}
	head := magic
	if v2 {
		e.uint(uint64(len(m.Crossings)))
		for _, c := range m.Crossings {
			e.string(c.A)
			e.string(c.B)
			e.uint(uint64(len(c.Points)))
			e.line(c.Points)
		}
		head = magic2
	}
	if _, err := io.WriteString(w, head); err != nil {
		return err
	}
	zw, err := flate.NewWriter(w, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(body.Bytes()); err != nil {
		return err
	}
	return zw.Close()
}

// Decode reads a map written by Encode and checks that its references hold.
func Decode(data []byte) (*Map, error) {
	v2 := bytes.HasPrefix(data, []byte(magic2))
	if !v2 && !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errors.New("mapdata: not a map file (bad magic)")
	}
	d := decoder{r: bufio.NewReader(flate.NewReader(bytes.NewReader(data[len(magic):])))}
	m := &Map{Width: d.count(1 << 14), Height: d.count(1 << 14)}
	m.Regions = make([]Region, d.count(1<<12))
	for i := range m.Regions {
		r := &m.Regions[i]
		r.ID = d.string()
		r.Kind = Kind(d.count(int(Impassable) + 1))
		r.Home = d.string()
		r.Rings = make([][]int32, d.count(1<<16))
		for j := range r.Rings {
			ring := make([]int32, d.count(1<<20))
			for k := range ring {
				ring[k] = int32(d.int())
			}
			r.Rings[j] = ring
		}
	}
	m.Arcs = make([]Arc, d.count(1<<20))
	for i := range m.Arcs {
		a := &m.Arcs[i]
		a.Left, a.Right = int32(d.int()), int32(d.int())
		a.Points = d.line(d.count(1 << 20))
	}
	m.Places = make([]Place, d.count(1<<12))
	for i := range m.Places {
		m.Places[i] = Place{ID: d.string(), Unit: d.point(), Label: d.point()}
		if v2 {
			m.Places[i].City, m.Places[i].Port = d.point(), d.point()
		}
	}
	if v2 {
		m.Crossings = make([]Crossing, d.count(1<<12))
		for i := range m.Crossings {
			c := &m.Crossings[i]
			c.A, c.B = d.string(), d.string()
			c.Points = d.line(d.count(1 << 16))
		}
	}
	if d.err != nil {
		return nil, fmt.Errorf("mapdata: %w", d.err)
	}
	return m, m.check()
}

// check verifies that every reference points somewhere.
func (m *Map) check() error {
	for i, r := range m.Regions {
		for _, ring := range r.Rings {
			for _, a := range ring {
				if a < 0 {
					a = ^a
				}
				if int(a) >= len(m.Arcs) {
					return fmt.Errorf("mapdata: region %d (%q) refers to arc %d of %d", i, r.ID, a, len(m.Arcs))
				}
			}
		}
	}
	for i, a := range m.Arcs {
		for _, side := range []int32{a.Left, a.Right} {
			if side < Outside || int(side) >= len(m.Regions) {
				return fmt.Errorf("mapdata: arc %d borders region %d of %d", i, side, len(m.Regions))
			}
		}
		if len(a.Points) < 2 {
			return fmt.Errorf("mapdata: arc %d has %d points", i, len(a.Points))
		}
	}
	for i, c := range m.Crossings {
		if len(c.Points) < 2 {
			return fmt.Errorf("mapdata: crossing %d (%s-%s) has %d points", i, c.A, c.B, len(c.Points))
		}
	}
	return nil
}

func quantise(f float32) int64 { return int64(math.Round(float64(f) * unit)) }

type encoder struct {
	w   *bytes.Buffer
	buf [binary.MaxVarintLen64]byte
}

func (e *encoder) uint(v uint64) { e.w.Write(e.buf[:binary.PutUvarint(e.buf[:], v)]) }
func (e *encoder) int(v int64)   { e.w.Write(e.buf[:binary.PutVarint(e.buf[:], v)]) }
func (e *encoder) string(s string) {
	e.uint(uint64(len(s)))
	e.w.WriteString(s)
}
func (e *encoder) point(p Point) {
	e.int(quantise(p.X))
	e.int(quantise(p.Y))
}

// line writes points, each as the difference from the one before.
func (e *encoder) line(pts []Point) {
	var px, py int64
	for _, p := range pts {
		x, y := quantise(p.X), quantise(p.Y)
		e.int(x - px)
		e.int(y - py)
		px, py = x, y
	}
}

// decoder reads varints, remembering the first error so that callers can
// check once at the end.
type decoder struct {
	r   *bufio.Reader
	err error
}

func (d *decoder) int() int64 {
	if d.err != nil {
		return 0
	}
	v, err := binary.ReadVarint(d.r)
	if err != nil {
		d.err = err
	}
	return v
}

// count reads a length, refusing one of max or more so that a damaged file
// cannot ask for huge allocations.
func (d *decoder) count(max int) int {
	if d.err != nil {
		return 0
	}
	v, err := binary.ReadUvarint(d.r)
	if err != nil {
		d.err = err
		return 0
	}
	if v >= uint64(max) {
		d.err = fmt.Errorf("count %d out of range", v)
		return 0
	}
	return int(v)
}

func (d *decoder) string() string {
	n := d.count(256)
	if d.err != nil {
		return ""
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(d.r, b); err != nil {
		d.err = err
		return ""
	}
	return string(b)
}

// line reads n points written by encoder.line.
func (d *decoder) line(n int) []Point {
	pts := make([]Point, n)
	var x, y int64
	for j := range pts {
		x += d.int()
		y += d.int()
		pts[j] = Point{float32(x) / unit, float32(y) / unit}
	}
	return pts
}

func (d *decoder) point() Point {
	x, y := d.int(), d.int()
	return Point{float32(x) / unit, float32(y) / unit}
}
