package render

import (
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/corriere/corriere/variants"
)

// A results map is mostly its base: the provinces, borders and names are
// the same in every phase. So the base is reduced to a palette and laid
// out as PNG rows once per variant (a pngBase), and a map (a frame) is a
// copy of those rows with the phase drawn over them: only the pixels the
// phase's shapes cover are drawn in true colour, over the base's own
// colours, and reduced again.
//
// The palette is the variant's, not the picture's: the 208 colours most
// used by the base, then the 48 most used by a sample of the signs drawn
// in every power's colour (paletteSample). A palette made from each
// picture, as before, moved every colour of the base with the date in
// the title.

// sampleColours of the 256 are kept for the phase's colours (48: the
// fewest pixels unlike the old way's on the worked game's maps, of 0, 48,
// 96 and 128 tried; with none, a failed order's thin bands of colour
// faded).
const sampleColours = 48

// tileShift sets the size of the squares (16 pixels) in which a frame
// takes the base's true colours, as the phase is drawn over them.
const tileShift = 3

// pngBase is a variant's base, ready to be drawn over. It is not changed
// once made; frames are scratch, whose contents never reach a picture
// without being made fresh from the base first.
type pngBase struct {
	rgba   *image.RGBA
	rows   []byte // the PNG's rows: filter 0 (none), then a palette index a pixel
	stride int    // of rows: the width and the filter byte
	lut    *[cells]uint8
	head   []byte // the PNG up to its image data: signature, IHDR, PLTE
	// adler is rows' Adler-32 checksum, split in its two sums.
	adlerA, adlerB int64
	// toks are rows' deflate tokens, beginning at at: a frame keeps those
	// the phase does not touch. codes are the Huffman codes every frame
	// is written with (made for the base's tokens, with a code for any
	// other); bits are the base's tokens written with them, the token
	// j from bit off[j].
	toks  []uint32
	at    []int32
	codes *codebook
	bits  []byte
	off   []uint64
	ntx   int // tiles across
	wpr   int // words a row of a frame's marks
	// frames keeps the frames not in use. A base makes at most
	// maxFrames (made counts them) and a picture waits for one when all
	// are in use: a sync.Pool lost them at every collection, and a
	// daemon drawing a deadline's maps under its memory limit, more at
	// once than it has cores, made new ones (12 MB each for the standard
	// map, allocated and cleared) again and again.
	frames chan *frame
	madeMu sync.Mutex
	made   int
	// pal is the palette; its first reserved entries are a picture's to
	// set (a Machiavelli board's territories, tinted by controller), so
	// the PNG's head is ihdr, then each picture's PLTE. head has the
	// base's own PLTE.
	pal      []color.RGBA
	reserved int
	ihdr     []byte
	// signs are the coverage of the signs frames draw at the board's
	// places (units, centres, rings, orders' arrows and lines: shapes
	// marked keep), by their geometry (shape.appendKey): a board's places
	// and the orders between them make a few thousand at most; signBytes
	// is about the memory they take.
	signMu    sync.Mutex
	signs     map[string]*spans
	signBytes int
}

// maxSigns and maxSignBytes bound the signs kept: when either is
// reached, the signs kept are dropped and kept anew. A thousand games'
// openings on the standard board keep about 1,740 signs in 1.4 MB.
const (
	maxSigns     = 1 << 15
	maxSignBytes = 16 << 20
)

// sign is the coverage kept under key, if any.
func (b *pngBase) sign(key []byte) (*spans, bool) {
	b.signMu.Lock()
	defer b.signMu.Unlock()
	sp, ok := b.signs[string(key)]
	return sp, ok
}

// keepSign keeps sp under key.
func (b *pngBase) keepSign(key []byte, sp *spans) {
	b.signMu.Lock()
	defer b.signMu.Unlock()
	if _, ok := b.signs[string(key)]; ok {
		return // kept meanwhile by another frame
	}
	n := len(key) + sp.size()
	if b.signs == nil || len(b.signs) >= maxSigns || b.signBytes+n > maxSignBytes {
		b.signs, b.signBytes = map[string]*spans{}, 0
	}
	b.signs[string(key)] = sp
	b.signBytes += n
}

// pngBase returns the variant's base, made the first time.
func (d *drawing) pngBase(v *variants.Variant) *pngBase {
	d.pngOnce.Do(func() {
		base := d.baseRaster()
		d.png = newPNGBase(base, paintedOver(base, d.paletteSample(v)), nil, 0, sampleColours)
	})
	return d.png
}

// paletteSample lays the legend's signs over the map, each in every
// power's colour, one at each province in turn, on the land, the seas
// and the home provinces: the colours a phase draws, edges and all.
func (d *drawing) paletteSample(v *variants.Variant) []group {
	var provinces []variants.Loc
	for l := range v.Locs {
		if v.Locs[l].Province == variants.Loc(l) {
			provinces = append(provinces, variants.Loc(l))
		}
	}
	var shapes []shape
	k := 0
	for p := range v.Powers {
		for _, it := range signs(powerColour(v, variants.Power(p))) {
			shapes = append(shapes, it.shapes(d.spot(v, provinces[k%len(provinces)]))...)
			k++
		}
	}
	return []group{{shapes: shapes}}
}

// newPNGBase reduces base to the palette of base and, where it differs
// from base, sample, which has sampled entries at least. With reserved
// above 0, fixed has a byte a pixel:
// k+1 puts the pixel at palette entry k (k < reserved), whatever its
// colour, and 0 reduces it as usual; entry k starts as the colour of its
// first pixel.
func newPNGBase(base, sample *image.RGBA, fixed []byte, reserved, sampled int) *pngBase {
	// h counts the base, then the sample too; hs the sample alone.
	h, hs := new(histogram), new(histogram)
	h.add(base.Pix)
	byBase := h.byCount()
	for i := 0; i < len(base.Pix); i += 4 {
		if pixel(base.Pix, i) != pixel(sample.Pix, i) {
			hs.add(sample.Pix[i : i+4])
			h.add(sample.Pix[i : i+4])
		}
	}
	bySample := hs.byCount()
	// The base's most used colours, then the sample's: the thin bands of
	// a power's colour in a failed order are too few pixels to win a
	// place against the base's edges, and the eye sees them go.
	var chosen [cells]bool
	var order []uint16
	nb := min(len(byBase), 256-reserved-sampled)
	for _, list := range [][]uint16{byBase[:nb], bySample, byBase[nb:]} {
		for _, k := range list {
			if !chosen[k] {
				chosen[k] = true
				order = append(order, k)
			}
		}
	}
	pal, lut := h.paletteOf(order, true, reserved)
	w, ht := base.Rect.Dx(), base.Rect.Dy()
	b := &pngBase{rgba: base, stride: w + 1, lut: lut, ntx: (w + 1<<tileShift - 1) >> tileShift, wpr: (w + 63) / 64, reserved: reserved, frames: make(chan *frame, maxFrames())}
	b.rows = make([]byte, ht*b.stride)
	set := make([]bool, reserved)
	for y := range ht {
		for x := range w {
			i := base.PixOffset(x, y)
			if fixed != nil && fixed[y*w+x] != 0 {
				k := fixed[y*w+x] - 1
				b.rows[y*b.stride+1+x] = k
				if !set[k] {
					set[k] = true
					pal[k] = base.RGBAAt(x, y)
				}
				continue
			}
			b.rows[y*b.stride+1+x] = lut[cell(base.Pix[i], base.Pix[i+1], base.Pix[i+2])]
		}
	}
	b.toks = tokenise(b.rows, b.stride, 0, len(b.rows), nil)
	b.at = starts(b.toks)
	b.codes = newCodebook(b.toks, b.stride)
	bw := bitWriter{}
	bw.grow(6 * len(b.toks))
	b.off = make([]uint64, len(b.toks)+1)
	for j := range b.toks {
		b.off[j] = bw.bitLen()
		b.codes.put(&bw, b.toks[j:j+1])
	}
	b.off[len(b.toks)] = bw.bitLen()
	b.bits = append(bw.flush(), make([]byte, 8)...) // room to read a word at the end
	sum := adler32.Checksum(b.rows)
	b.adlerA, b.adlerB = int64(sum&0xffff), int64(sum>>16)

	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(ht))
	ihdr = append(ihdr, 8, 3, 0, 0, 0) // 8 bits, paletted, deflate, no interlace
	b.ihdr = appendChunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", ihdr)
	for _, c := range pal {
		b.pal = append(b.pal, c.(color.RGBA))
	}
	b.head = appendPLTE(slices.Clone(b.ihdr), b.pal, nil)
	return b
}

// appendPLTE appends the PLTE chunk of palette pal, its first entries
// replaced by tints.
func appendPLTE(out []byte, pal, tints []color.RGBA) []byte {
	plte := make([]byte, 0, 3*len(pal))
	for i, q := range pal {
		if i < len(tints) {
			q = tints[i]
		}
		plte = append(plte, q.R, q.G, q.B)
	}
	return appendChunk(out, "PLTE", plte)
}

func pixel(pix []byte, i int) uint32 { return binary.LittleEndian.Uint32(pix[i:]) }

// appendChunk appends a PNG chunk: length, type, data, CRC.
func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(append(out, typ...), data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// iend is the PNG's last chunk.
var iend = appendChunk(nil, "IEND", nil)

// frame is one map being drawn: the phase in true colour over the tiles
// it touches, the rows reduced to the palette, and scratch.
type frame struct {
	b     *pngBase
	rgba  *image.RGBA
	rows  []byte
	fresh []bool  // by tile: copied from the base since reset
	tiles []int32 // the fresh tiles
	// marks has a bit a pixel, wpr words a row: set where drawn on since
	// reset, the pixels reduced and compressed again (all in fresh
	// tiles, so that none has an older picture's true colours); marked
	// has the rows with any.
	marks  []uint64
	marked []bool
	// changed are the intervals of rows under fresh tiles, where they
	// may differ from the base's.
	changed [][2]int
	dirty   []uint64 // scratch for retokenise: a bit a byte of rows
	mask    image.Alpha
	toks    []uint32
	segs    []segment
	out     []byte
	// tints are the colours of the base's reserved palette entries in
	// this picture (the base's own when nil).
	tints []color.RGBA
	head  []byte
}

// drawPNG writes the scene as a PNG: the base with the phase over it.
func (d *drawing) drawPNG(w io.Writer, v *variants.Variant, sc *scene) error {
	b := d.pngBase(v)
	f := b.frame()
	defer b.keep(f)
	f.encode(f.draw(sc))
	return f.write(w)
}

// write writes the PNG: its head, with the frame's tints in the palette,
// and the image data encode made.
func (f *frame) write(w io.Writer) error {
	head := f.b.head
	if f.tints != nil {
		f.head = appendPLTE(append(f.head[:0], f.b.ihdr...), f.b.pal, f.tints)
		head = f.head
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	_, err := w.Write(f.out)
	return err
}

// keep keeps f for the next picture.
func (b *pngBase) keep(f *frame) { b.frames <- f }

// maxFrames is how many frames a base makes: as many as the cores, for
// drawing is all CPU, two at least (a test compares two frames), and
// four at most (the memory).
func maxFrames() int { return min(max(runtime.GOMAXPROCS(0), 2), 4) }

// frame returns a frame kept, or a new one, or waits for one.
func (b *pngBase) frame() *frame {
	select {
	case f := <-b.frames:
		return f
	default:
	}
	b.madeMu.Lock()
	if b.made == cap(b.frames) {
		b.madeMu.Unlock()
		return <-b.frames
	}
	b.made++
	b.madeMu.Unlock()
	return &frame{
		b:      b,
		rgba:   image.NewRGBA(b.rgba.Rect),
		rows:   append([]byte(nil), b.rows...),
		fresh:  make([]bool, b.ntx*((b.rgba.Rect.Dy()+1<<tileShift-1)>>tileShift)),
		marks:  make([]uint64, b.rgba.Rect.Dy()*b.wpr),
		marked: make([]bool, b.rgba.Rect.Dy()),
		dirty:  make([]uint64, len(b.rows)/64+1),
	}
}

// draw draws the scene over the base and reduces it to rows, and returns
// the intervals of rows changed and the rows' Adler-32 checksum.
func (f *frame) draw(sc *scene) ([][2]int, uint32) {
	f.reset()
	p := &painter{dst: f.rgba, f: f}
	p.groups(sc.groups)
	changed := f.changedRows()
	return changed, f.reduce(changed)
}

// encode compresses the rows into f.out, as the PNG's last two chunks.
// The image data is one IDAT chunk, whose length is known once it is
// compressed, in place after the room left for the chunk's head.
func (f *frame) encode(changed [][2]int, adler uint32) {
	b := f.b
	f.out = append(f.out[:0], 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	setDirty(f.dirty, changed, true)
	f.toks, f.segs = retokenise(f.rows, f.dirty, b.stride, b.toks, b.at, changed, f.toks[:0], f.segs[:0])
	setDirty(f.dirty, changed, false)
	// The base's tokens go out as the bits they were written as once.
	f.out = append(f.out, 0x78, 0x01) // deflate, 32 KiB window, fastest
	bw := bitWriter{out: f.out}
	bw.grow(len(b.codes.header) + len(b.bits) + 6*len(f.toks))
	bw.copyBits(b.codes.header, 0, b.codes.headerBits)
	for _, sg := range f.segs {
		if sg.base {
			bw.copyBits(b.bits, b.off[sg.from], b.off[sg.to])
		} else {
			b.codes.put(&bw, f.toks[sg.from:sg.to])
		}
	}
	b.codes.end(&bw)
	f.out = binary.BigEndian.AppendUint32(bw.flush(), adler)
	binary.BigEndian.PutUint32(f.out, uint32(len(f.out)-8))
	f.out = binary.BigEndian.AppendUint32(f.out, crc32.ChecksumIEEE(f.out[4:]))
	f.out = append(f.out, iend...)
}

// reset puts back the base's rows where the last picture drew.
func (f *frame) reset() {
	b := f.b
	// The rows were reduced again only where marked, in the intervals
	// changed.
	for _, c := range f.changed {
		copy(f.rows[c[0]:c[1]], b.rows[c[0]:c[1]])
	}
	f.changed = f.changed[:0]
	for _, t := range f.tiles {
		f.fresh[t] = false
	}
	f.tiles = f.tiles[:0]
	for y, m := range f.marked {
		if m {
			clear(f.marks[y*b.wpr : (y+1)*b.wpr])
			f.marked[y] = false
		}
	}
}

// changedRows returns the intervals of rows that may have changed, in
// order: each row's runs of marked pixels.
func (f *frame) changedRows() [][2]int {
	b := f.b
	f.changed = f.changed[:0]
	for y, m := range f.marked {
		if !m {
			continue
		}
		row := f.marks[y*b.wpr : (y+1)*b.wpr]
		k := y*b.stride + 1
		for x, n := 0, 64*len(row); x < n; {
			// The next set bit, then the run of set bits from it.
			if w := row[x>>6] >> (x & 63); w == 0 {
				x = (x>>6 + 1) << 6
				continue
			} else {
				x += bits.TrailingZeros64(w)
			}
			x0 := x
			for x < n {
				s := x & 63
				t := bits.TrailingZeros64(^(row[x>>6] >> s))
				x += t
				if t < 64-s {
					break
				}
			}
			f.changed = append(f.changed, [2]int{k + x0, k + x})
		}
	}
	return f.changed
}

// tile is tile t's rectangle on the picture.
func (b *pngBase) tile(t int32) image.Rectangle {
	x, y := int(t)%b.ntx, int(t)/b.ntx
	r := image.Rect(x, y, x+1, y+1)
	return image.Rectangle{r.Min.Mul(1 << tileShift), r.Max.Mul(1 << tileShift)}.Intersect(b.rgba.Rect)
}

// freshen copies the base's true colours into tile t, the first time it
// is drawn on.
func (f *frame) freshen(t int32) {
	b := f.b
	if f.fresh[t] {
		return
	}
	f.fresh[t] = true
	f.tiles = append(f.tiles, t)
	r := b.tile(t)
	const tw = 4 << tileShift // a tile's row of pixels, in bytes
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i, j := f.rgba.PixOffset(r.Min.X, y), f.rgba.PixOffset(r.Max.X, y)
		if j-i == tw {
			*(*[tw]byte)(f.rgba.Pix[i:]) = *(*[tw]byte)(b.rgba.Pix[i:])
		} else {
			copy(f.rgba.Pix[i:j], b.rgba.Pix[i:j])
		}
		if f.tints == nil {
			continue
		}
		// Reserved pixels take the picture's tint, to be drawn over.
		for x, k := range b.rows[y*b.stride+1+r.Min.X : y*b.stride+1+r.Max.X] {
			if int(k) < b.reserved {
				q := f.tints[k]
				copy(f.rgba.Pix[i+4*x:], []byte{q.R, q.G, q.B, 255})
			}
		}
	}
}

// mark notes that pixels [x0, x1) of row y may change.
func (f *frame) mark(y, x0, x1 int) {
	f.marked[y] = true
	row := f.marks[y*f.b.wpr:]
	for x0 < x1 {
		n := min(x1-x0, 64-x0&63)
		row[x0>>6] |= (1<<n - 1) << (x0 & 63)
		x0 += n
	}
}

// blend draws colour c over the pixels of r by the coverage mask (a
// byte a pixel of r, row by row), as the rasterizer would (its
// arithmetic, the coverage taken from 8 bits rather than 16) and as
// image/draw draws a glyph, making the tiles under each row's covered
// span fresh first. What of r lies off the picture is left out.
func (f *frame) blend(r image.Rectangle, mask []byte, c color.RGBA) {
	stride := r.Dx()
	if rc := r.Intersect(f.b.rgba.Rect); rc != r {
		if rc.Empty() {
			return
		}
		mask = mask[(rc.Min.Y-r.Min.Y)*stride+rc.Min.X-r.Min.X:]
		r = rc
	}
	rb := f.rowBlender(c)
	w := r.Dx()
	for y := range r.Dy() {
		row := mask[y*stride : y*stride+w]
		if lo, hi := trim(row); lo < hi {
			rb.row(r.Min.Y+y, r.Min.X+lo, row[lo:hi])
		}
	}
}

// trim returns the first and past the last non-zero byte of row.
func trim(row []byte) (lo, hi int) {
	lo, hi = 0, len(row)
	for lo+8 <= hi && binary.LittleEndian.Uint64(row[lo:]) == 0 {
		lo += 8
	}
	for lo < hi && row[lo] == 0 {
		lo++
	}
	for hi-8 >= lo && binary.LittleEndian.Uint64(row[hi-8:]) == 0 {
		hi -= 8
	}
	for hi > lo && row[hi-1] == 0 {
		hi--
	}
	return lo, hi
}

// blendSpans draws colour c over the picture by the coverage sp moved
// by at, all on the picture.
func (f *frame) blendSpans(sp *spans, at image.Point, c color.RGBA) {
	rb := f.rowBlender(c)
	for i, rw := range sp.rows {
		if rw.n > 0 {
			rb.row(at.Y+sp.y0+i, at.X+int(rw.x), sp.cover[rw.off:rw.off+rw.n])
		}
	}
}

// A rowBlender blends a colour over rows of the frame's picture.
type rowBlender struct {
	f              *frame
	sr, sg, sb, sa uint32 // the colour, 16 bits a channel
	solid          uint32 // the colour's pixel
	ty, tlo, thi   int    // the tiles made fresh for the last row
}

func (f *frame) rowBlender(c color.RGBA) rowBlender {
	return rowBlender{f: f, sr: uint32(c.R) * 0x101, sg: uint32(c.G) * 0x101, sb: uint32(c.B) * 0x101, sa: uint32(c.A) * 0x101,
		solid: binary.LittleEndian.Uint32([]byte{c.R, c.G, c.B, c.A}), ty: -1}
}

// row blends the colour over the pixels of row py from x by cover, whose
// pixels are all on the picture.
func (rb *rowBlender) row(py, x int, cover []byte) {
	f, b := rb.f, rb.f.b
	// The next rows of a tile high mostly need no other tiles.
	tlo, thi := x>>tileShift, (x+len(cover)-1)>>tileShift
	if ty := py >> tileShift; ty != rb.ty || tlo < rb.tlo || thi > rb.thi {
		for tx := tlo; tx <= thi; tx++ {
			if t := ty*b.ntx + tx; !f.fresh[t] {
				f.freshen(int32(t))
			}
		}
		// The range remembered must be all fresh: a span apart from the
		// last (a dashed ring's next dash) starts its own, or the tiles
		// between would pass for fresh.
		if ty != rb.ty || tlo > rb.thi+1 || thi < rb.tlo-1 {
			rb.ty, rb.tlo, rb.thi = ty, tlo, thi
		} else {
			rb.tlo, rb.thi = min(rb.tlo, tlo), max(rb.thi, thi)
		}
	}
	f.mark(py, x, x+len(cover))
	o := f.rgba.PixOffset(x, py)
	pix := f.rgba.Pix[o : o+4*len(cover)]
	if rb.sa == 0xffff {
		blendOpaque(pix, cover, rb.sr, rb.sg, rb.sb, rb.solid)
		return
	}
	sr, sg, sb, sa := rb.sr, rb.sg, rb.sb, rb.sa
	for x, m := range cover {
		if m == 0 {
			continue
		}
		ma := uint32(m) * 0x101
		a := 0xffff - sa*ma/0xffff
		p := pix[4*x : 4*x+4 : 4*x+4]
		p[0] = uint8((uint32(p[0])*0x101*a + sr*ma) / 0xffff >> 8)
		p[1] = uint8((uint32(p[1])*0x101*a + sg*ma) / 0xffff >> 8)
		p[2] = uint8((uint32(p[2])*0x101*a + sb*ma) / 0xffff >> 8)
		p[3] = uint8((uint32(p[3])*0x101*a + sa*ma) / 0xffff >> 8)
	}
}

// blendOpaque is blend's arithmetic for an opaque colour (sr, sg, sb
// 16-bit, solid its pixel) over a row of pixels, by the row's coverage;
// the pixels stay opaque.
func blendOpaque(pix, cover []byte, sr, sg, sb, solid uint32) {
	for x, m := range cover {
		p := pix[4*x : 4*x+4 : 4*x+4]
		switch m {
		case 0:
		case 0xff:
			binary.LittleEndian.PutUint32(p, solid)
		default:
			ma := uint32(m) * 0x101
			a := (0xffff - ma) * 0x101
			p[0] = uint8((uint32(p[0])*a + sr*ma) / 0xffff >> 8)
			p[1] = uint8((uint32(p[1])*a + sg*ma) / 0xffff >> 8)
			p[2] = uint8((uint32(p[2])*a + sb*ma) / 0xffff >> 8)
		}
	}
}

// spans are a coverage mask kept: by row from y0, each row's covered
// pixels from x, cover[off:off+n].
type spans struct {
	y0    int
	rows  []span
	cover []byte
}

type span struct{ x, off, n int32 }

// newSpans keeps the coverage mask of r (a byte a pixel, row by row).
func newSpans(r image.Rectangle, mask []byte) *spans {
	var sp spans
	sp.add(r, mask)
	return sp.kept()
}

// add adds the coverage mask of r (a byte a pixel, row by row), below
// the rows sp has.
func (sp *spans) add(r image.Rectangle, mask []byte) {
	w := r.Dx()
	for y := range r.Dy() {
		row := mask[y*w : y*w+w]
		lo, hi := trim(row)
		if len(sp.rows) == 0 {
			if lo == hi {
				continue
			}
			sp.y0 = r.Min.Y + y
		}
		for sp.y0+len(sp.rows) < r.Min.Y+y {
			sp.rows = append(sp.rows, span{}) // a band with nothing in it
		}
		sp.rows = append(sp.rows, span{int32(r.Min.X + lo), int32(len(sp.cover)), int32(hi - lo)})
		sp.cover = append(sp.cover, row[lo:hi]...)
	}
}

// kept returns a copy of sp to keep, without its empty rows at the end
// or room to grow.
func (sp *spans) kept() *spans {
	rows := sp.rows
	for len(rows) > 0 && rows[len(rows)-1].n == 0 {
		rows = rows[:len(rows)-1]
	}
	k := &spans{y0: sp.y0}
	if len(rows) > 0 {
		k.rows = append(make([]span, 0, len(rows)), rows...)
		k.cover = append(make([]byte, 0, len(sp.cover)), sp.cover...)
	}
	return k
}

// reset empties sp, keeping its room.
func (sp *spans) reset() { sp.y0, sp.rows, sp.cover = 0, sp.rows[:0], sp.cover[:0] }

// size is about the bytes sp takes.
func (sp *spans) size() int { return 64 + 12*len(sp.rows) + len(sp.cover) }

// reduce maps the pixels drawn in the fresh tiles (the intervals of rows
// changed) to the palette, into the rows, and returns the rows' Adler-32
// checksum. Both its sums are linear in the bytes, so the base's sums are
// mended by what changed rather than summed again over the picture.
func (f *frame) reduce(changed [][2]int) uint32 {
	b := f.b
	n := int64(len(b.rows))
	var da, db int64
	for _, c := range changed {
		y := c[0] / b.stride
		o := f.rgba.PixOffset(c[0]-y*b.stride-1, y)
		// Every pixel through the table: one the phase left as it was
		// comes out as the base's index (the base was reduced by the same
		// table), and the base's true colours, cold in the cache by now,
		// are not read again.
		now := f.rgba.Pix[o : o+4*(c[1]-c[0])]
		if b.reserved == 0 {
			base, rows, lut := b.rows[c[0]:c[1]], f.rows[c[0]:c[1]], b.lut
			for j, was := range base {
				p := now[4*j : 4*j+4 : 4*j+4]
				q := lut[cell(p[0], p[1], p[2])]
				if q != was {
					rows[j] = q
					d := int64(q) - int64(was)
					da += d
					db += d * (n - int64(c[0]+j))
				}
			}
			continue
		}
		for i := 0; i < len(now); i += 4 {
			k := c[0] + i/4
			if r := b.rows[k]; int(r) < b.reserved {
				// A reserved pixel left in its tint keeps its entry,
				// which no colour reduces to.
				if q := f.tints[r]; now[i] == q.R && now[i+1] == q.G && now[i+2] == q.B {
					continue
				}
			}
			q := b.lut[cell(now[i], now[i+1], now[i+2])]
			if d := int64(q) - int64(b.rows[k]); d != 0 {
				f.rows[k] = q
				da += d
				db += d * (n - int64(k))
			}
		}
	}
	const mod = 65521
	a, s := ((b.adlerA+da)%mod+mod)%mod, ((b.adlerB+db)%mod+mod)%mod
	return uint32(s<<16 | a)
}
