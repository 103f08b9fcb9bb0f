package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// paintedOver is a copy of img with groups painted over it.
func paintedOver(img *image.RGBA, groups []group) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	paint(out, groups)
	return out
}

// baseRaster is the base drawn once, the first time a PNG is asked for.
func (d *drawing) baseRaster() *image.RGBA {
	d.rasterOnce.Do(func() {
		d.raster = image.NewRGBA(image.Rect(0, 0, d.w, d.h))
		paint(d.raster, d.base)
	})
	return d.raster
}

// painter draws shapes with one reusable rasterizer, onto dst, or, when
// f is set, onto the frame's picture, whose tiles are made fresh from the
// base as they are drawn on.
type painter struct {
	dst *image.RGBA
	f   *frame
	z   vector.Rasterizer
	// cutPaths is scratch: the paths within a band.
	cutPaths [][]pt
	key      []byte // scratch: a sign's key
	sp       spans  // scratch: a sign's coverage
}

func paint(dst *image.RGBA, groups []group) {
	p := &painter{dst: dst}
	p.groups(groups)
}

func (p *painter) groups(groups []group) {
	for _, g := range groups {
		for i := range g.shapes {
			p.shape(&g.shapes[i])
		}
	}
}

func (p *painter) shape(s *shape) {
	switch s.kind {
	case polygon:
		if s.fill.A != 0 {
			p.layer(s, 'f', s.fill, func() [][]pt { return s.paths })
		}
		if s.stroke.A != 0 {
			p.layer(s, 's', s.stroke, func() [][]pt {
				closed := make([][]pt, len(s.paths))
				for i, path := range s.paths {
					closed[i] = append(append([]pt(nil), path...), path[0])
				}
				return strokeOutline(closed, s.width)
			})
		}
	case polyline:
		p.layer(s, 's', s.stroke, func() [][]pt { return strokeOutline(s.paths, s.width) })
	case circle:
		if s.fill.A != 0 {
			p.layer(s, 'f', s.fill, func() [][]pt { return [][]pt{circlePath(s.at, s.r)} })
		}
		if s.stroke.A != 0 {
			p.layer(s, 's', s.stroke, func() [][]pt {
				outer := circlePath(s.at, s.r+s.width/2)
				inner := reversed(circlePath(s.at, max(s.r-s.width/2, 0)))
				return [][]pt{outer, inner}
			})
		}
	case text:
		p.text(s)
	}
}

// layer fills with c the paths outline makes of s, its fill or its
// stroke (tag). On a frame, a sign at a place (s.keep) takes its
// coverage from those the base keeps, made the first time it is drawn
// there: the same coverage, by the same geometry, without rasterising it
// again.
func (p *painter) layer(s *shape, tag byte, c color.RGBA, outline func() [][]pt) {
	if p.f == nil || !s.keep {
		p.fill(c, outline())
		return
	}
	b := p.f.b
	p.key = s.appendKey(append(p.key[:0], tag))
	sp, ok := b.sign(p.key)
	if !ok {
		p.sp.reset()
		p.cover(outline(), c, &p.sp)
		sp = p.sp.kept()
		b.keepSign(p.key, sp)
	}
	p.f.blendSpans(sp, image.Point{}, c)
}

// appendKey appends what s's coverage depends on: its kind, place, size,
// width and paths, to the bit.
func (s *shape) appendKey(key []byte) []byte {
	f := func(v float32) { key = binary.LittleEndian.AppendUint32(key, math.Float32bits(v)) }
	key = append(key, byte(s.kind))
	f(s.at.X)
	f(s.at.Y)
	f(s.r)
	f(s.width)
	for _, path := range s.paths {
		key = binary.LittleEndian.AppendUint32(key, uint32(len(path)))
		for _, q := range path {
			f(q.X)
			f(q.Y)
		}
	}
	return key
}

// fill fills paths (non-zero rule) with c, rasterising only their
// bounding box.
func (p *painter) fill(c color.RGBA, paths [][]pt) {
	if p.f != nil {
		p.cover(paths, c, nil)
		return
	}
	b := bounds(paths).Intersect(p.dst.Rect)
	if b.Empty() {
		return
	}
	p.rasterise(b, paths)
	p.z.Draw(p.dst, b, image.NewUniform(c), image.Point{})
}

// cover rasterises paths (non-zero rule) on a frame and blends c by
// their coverage, or, given keep, adds the coverage to keep instead: the
// same coverage either way, so that a sign kept blends as it would
// have been drawn.
func (p *painter) cover(paths [][]pt, c color.RGBA, keep *spans) {
	b := bounds(paths).Intersect(p.dst.Rect)
	if b.Empty() {
		return
	}
	emit := func(r image.Rectangle, mask []byte) {
		if keep != nil {
			keep.add(r, mask)
		} else {
			p.f.blend(r, mask, c)
		}
	}
	// A long slanting arrow's box is mostly empty: it is drawn in bands,
	// each as wide as the edges within it (a pixel over), with the paths
	// that reach into it. The paths are not cut to the band: the
	// rasterizer steps along an edge from its start, and an edge started
	// elsewhere would cover its pixels a little differently.
	if small(b) {
		emit(b, p.coverage(b, paths))
		return
	}
	for y0 := b.Min.Y; y0 < b.Max.Y; y0 += band {
		y1 := min(y0+band, b.Max.Y)
		lo, hi := float32(y0-1), float32(y1+1)
		p.cutPaths = p.cutPaths[:0]
		xa, xb := float32(1e9), float32(-1e9)
		for _, path := range paths {
			in := false
			for i, q := range path {
				r := path[(i+1)%len(path)]
				if min(q.Y, r.Y) > hi || max(q.Y, r.Y) < lo {
					continue
				}
				in = true
				ta, tb := float32(0), float32(1)
				if q.Y != r.Y {
					ta, tb = (lo-q.Y)/(r.Y-q.Y), (hi-q.Y)/(r.Y-q.Y)
					ta, tb = max(min(ta, tb), 0), min(max(ta, tb), 1)
				}
				xta, xtb := q.X+(r.X-q.X)*ta, q.X+(r.X-q.X)*tb
				xa, xb = min(xa, xta, xtb), max(xb, xta, xtb)
			}
			if in && len(path) >= 3 {
				p.cutPaths = append(p.cutPaths, path)
			}
		}
		if bb := image.Rect(int(xa)-1, y0, int(xb)+2, y1).Intersect(b); !bb.Empty() {
			emit(bb, p.coverage(bb, p.cutPaths))
		}
	}
}

// band is the height of the bands a tall shape is drawn in on a frame.
const band = 16

// bounds is the box of the pixels paths may touch.
func bounds(paths [][]pt) image.Rectangle {
	minX, minY, maxX, maxY := float32(1e9), float32(1e9), float32(-1e9), float32(-1e9)
	for _, path := range paths {
		for _, q := range path {
			minX, minY = min(minX, q.X), min(minY, q.Y)
			maxX, maxY = max(maxX, q.X), max(maxY, q.Y)
		}
	}
	return image.Rect(int(minX)-1, int(minY)-1, int(maxX)+2, int(maxY)+2)
}

// rasterise readies the rasterizer with paths (non-zero rule) over b.
func (p *painter) rasterise(b image.Rectangle, paths [][]pt) {
	z := &p.z
	z.Reset(b.Dx(), b.Dy())
	ox, oy := float32(b.Min.X), float32(b.Min.Y)
	for _, path := range paths {
		if len(path) < 3 {
			continue
		}
		z.MoveTo(path[0].X-ox, path[0].Y-oy)
		for _, q := range path[1:] {
			z.LineTo(q.X-ox, q.Y-oy)
		}
		z.ClosePath()
	}
}

// small reports whether a shape over b is drawn on a frame at once, not
// in bands.
func small(b image.Rectangle) bool { return b.Dy() <= 2*band || b.Dx()*b.Dy() <= 64*64 }

// coverage rasterises paths over b on a frame: the coverage alone, 8
// bits a pixel (the rasterizer's fast path), a byte a pixel of b, in the
// frame's scratch.
func (p *painter) coverage(b image.Rectangle, paths [][]pt) []byte {
	p.rasterise(b, paths)
	m := &p.f.mask
	w, h := b.Dx(), b.Dy()
	if cap(m.Pix) < w*h {
		m.Pix = make([]byte, w*h)
	}
	m.Pix, m.Stride, m.Rect = m.Pix[:w*h], w, image.Rect(0, 0, w, h)
	p.z.DrawOp = draw.Src
	p.z.Draw(m, m.Rect, image.Opaque, image.Point{})
	return m.Pix
}

// strokeOutline turns lines of the given width into polygons: a quad per
// segment and a disc at every joint (round joins), all wound the same way
// so that, filled together, their overlaps count once.
func strokeOutline(lines [][]pt, width float32) [][]pt {
	h := width / 2
	var out [][]pt
	for _, line := range lines {
		for i := 0; i+1 < len(line); i++ {
			a, b := line[i], line[i+1]
			if a == b {
				continue
			}
			n := b.sub(a).unit().perp().scale(h)
			out = append(out, []pt{a.add(n), b.add(n), b.sub(n), a.sub(n)})
			if i > 0 && width > 1.2 {
				out = append(out, reversed(joint(a, h)))
			}
		}
	}
	return out
}

// joint is a small polygon round enough to hide the gap between two
// segments' quads.
func joint(c pt, r float32) []pt {
	const n = 8
	out := make([]pt, n)
	for i := range out {
		out[i] = pt{c.X + r*cosTable[i], c.Y + r*sinTable[i]}
	}
	return out
}

var cosTable, sinTable = func() ([8]float32, [8]float32) {
	var c, s [8]float32
	for i := range c {
		c[i], s[i] = cosSin(float64(i) / 8)
	}
	return c, s
}()

func reversed(p []pt) []pt {
	out := make([]pt, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// text draws a label, first its halo (the text drawn around itself in
// the halo colour), then the text.
func (p *painter) text(s *shape) {
	faceMu.Lock()
	defer faceMu.Unlock()
	k := faceKey{s.style, s.size}
	var adv fixed.Int26_6
	if s.anchor != anchorStart {
		adv = measure(k, s.text)
	}
	x := s.at.X
	switch s.anchor {
	case anchorMiddle:
		x -= fixedToFloat(adv) / 2
	case anchorEnd:
		x -= fixedToFloat(adv)
	}
	at := func(dx, dy float32) fixed.Point26_6 {
		return fixed.Point26_6{X: fixed.Int26_6((x + dx) * 64), Y: fixed.Int26_6((s.at.Y + dy) * 64)}
	}
	draw := func(c color.RGBA, dot fixed.Point26_6) {
		if p.f != nil {
			p.glyphs(k, c, dot, s.text)
			return
		}
		dr := font.Drawer{Dst: p.dst, Face: face(k.s, k.size), Src: image.NewUniform(c), Dot: dot}
		dr.DrawString(s.text)
	}
	if s.halo.A != 0 {
		for _, o := range haloOffsets {
			draw(s.halo, at(o.X, o.Y))
		}
	}
	draw(s.fill, at(0, 0))
}

// glyphs draws text on the frame as (*font.Drawer).DrawString would,
// from the glyphs kept: the same kerning, advances and coverage, blended
// by the same arithmetic. The caller holds faceMu.
func (p *painter) glyphs(k faceKey, c color.RGBA, dot fixed.Point26_6, text string) {
	prev := rune(-1)
	for _, r := range text {
		if prev >= 0 {
			dot.X += kern(k, prev, r)
		}
		if g := glyphAt(k, dot, r); !g.r.Empty() {
			at := image.Pt(dot.X.Floor(), dot.Y.Floor())
			if gr := g.r.Add(at); gr.In(p.dst.Rect) {
				p.f.blendSpans(g.spans, at, c)
			} else {
				p.f.blend(gr, g.mask, c)
			}
		}
		dot.X += advance(k, r)
		prev = r
	}
}

var haloOffsets = []pt{{-1.5, 0}, {1.5, 0}, {0, -1.5}, {0, 1.5}, {-1.1, -1.1}, {1.1, -1.1}, {-1.1, 1.1}, {1.1, 1.1}}
