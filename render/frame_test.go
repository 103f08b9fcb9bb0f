package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// TestDeflateRows decodes what deflateRows writes, for rows like a map's
// and for noise.
func TestDeflateRows(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for name, data := range map[string][]byte{
		"empty": {},
		"one":   {7},
		"map": func() []byte {
			b := make([]byte, 301*97)
			for i := range b {
				b[i] = byte(i % 301 / 40)
				if rnd.IntN(50) == 0 {
					b[i] = byte(rnd.IntN(256))
				}
			}
			return b
		}(),
		"noise": func() []byte {
			b := make([]byte, 70000)
			for i := range b {
				b[i] = byte(rnd.IntN(256))
			}
			return b
		}(),
	} {
		z := deflateRows(data, 301)
		r, err := zlib.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes back (%v), want %d", name, len(got), err, len(data))
		}
	}
}

// deflateRows is the zlib stream of data, rows of stride bytes, as
// frame.encode writes one: its tokens in one block, with the codes
// newCodebook makes for them.
func deflateRows(data []byte, stride int) []byte {
	toks := tokenise(data, stride, 0, len(data), nil)
	cb := newCodebook(toks, stride)
	bw := bitWriter{out: []byte{0x78, 0x01}}
	bw.grow(6*len(toks) + len(cb.header))
	bw.copyBits(cb.header, 0, cb.headerBits)
	cb.put(&bw, toks)
	cb.end(&bw)
	return binary.BigEndian.AppendUint32(bw.flush(), adler32.Checksum(data))
}

// TestFrameAsReference checks the frame against the whole picture drawn
// in true colour over the whole base, as before: the same colours in the
// fresh tiles but for a level or so where layers are drawn one over
// another (the frame blends by 8 bits of coverage rather than 16, and
// draws a tall shape in bands), the base
// everywhere else (nothing is drawn outside the fresh tiles); and that
// the PNG holds the frame's colours reduced to the palette.
func TestFrameAsReference(t *testing.T) {
	var f *frame // one for all, as the pool would have it
	for _, ph := range []string{"S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"} {
		v, pos, opts := afterPhase(t, ph)
		d, sc, err := prepare(v, pos, opts)
		if err != nil {
			t.Fatal(err)
		}
		ref, b := d.rasterise(sc), d.pngBase(v)
		if f == nil {
			f = b.frame()
			defer b.keep(f) // a base makes only so many
		}
		f.encode(f.draw(sc))
		img, err := png.Decode(bytes.NewReader(append(slices.Clone(b.head), f.out...)))
		if err != nil {
			t.Fatal(err)
		}
		got := img.(*image.Paletted)
		far, stale, wrong := 0, 0, 0
		for y := range ref.Rect.Dy() {
			for x := range ref.Rect.Dx() {
				want, drawn := ref.RGBAAt(x, y), f.rgba.RGBAAt(x, y)
				if !f.fresh[(y>>tileShift)*b.ntx+x>>tileShift] {
					drawn = b.rgba.RGBAAt(x, y)
					if drawn != want {
						stale++
					}
				} else if max(diff(drawn.R, want.R), diff(drawn.G, want.G), diff(drawn.B, want.B)) > 3 {
					far++
				}
				if got.Palette[got.ColorIndexAt(x, y)] != got.Palette[b.lut[cell(drawn.R, drawn.G, drawn.B)]] {
					wrong++
				}
			}
		}
		if far+stale+wrong > 0 {
			t.Errorf("%s: %d pixels drawn differ from the reference by more than 3 of 255, %d outside the fresh tiles; %d pixels of the PNG are not the frame's", ph, far, stale, wrong)
		}
	}
}

func diff(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

// TestGlyphsAsDrawer checks that text drawn on a frame from the glyphs
// kept is, pixel for pixel, what font.Drawer draws over the same base:
// at every place within a pixel, in each face, with halos, and where a
// label runs off the picture's edges.
func TestGlyphsAsDrawer(t *testing.T) {
	v, d, b := standardBase(t)
	var shapes []shape
	for i := range 64 {
		x, y := 40+float32(i)*23.4+float32(i)/64, 100+float32(i%8)*31+float32(i)/64
		st := style(i % 3)
		halo := color.RGBA{}
		if i%4 == 0 {
			halo = colPaper
		}
		shapes = append(shapes, label(pt{x, y}, "AVoWaTo Ægean 1901 ·", 11+float32(i%5), st, powerColour(v, variants.Power(i%7)), halo, textAnchor(i%3)))
	}
	w, h := float32(d.w), float32(d.h)
	shapes = append(shapes,
		label(pt{-3.3, 5}, "Off the left, top", 16, bold, colInk, colPaper, anchorStart),
		label(pt{w + 2.7, h - 1}, "off the right, bottom", 16, regular, colInk, colPaper, anchorEnd))
	sc := &scene{groups: []group{{shapes: shapes}}}
	want := d.rasterise(sc)
	f := b.frame()
	defer b.keep(f)
	f.draw(sc)
	for y := range want.Rect.Dy() {
		for x := range want.Rect.Dx() {
			got := b.rgba.RGBAAt(x, y)
			if f.fresh[(y>>tileShift)*b.ntx+x>>tileShift] {
				got = f.rgba.RGBAAt(x, y)
			}
			if got != want.RGBAAt(x, y) {
				t.Fatalf("(%d, %d): %v on the frame, %v drawn by font.Drawer", x, y, got, want.RGBAAt(x, y))
			}
		}
	}
}

// TestSignsKept checks that the signs a frame keeps (shape.keep) draw
// the same pixels as rasterised again: each phase of the worked game
// drawn with the signs kept by the phases before, and with none kept.
func TestSignsKept(t *testing.T) {
	var kept, fresh *frame
	for _, ph := range []string{"S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"} {
		v, pos, opts := afterPhase(t, ph)
		d, sc, err := prepare(v, pos, opts)
		if err != nil {
			t.Fatal(err)
		}
		b := d.pngBase(v)
		if kept == nil {
			kept, fresh = b.frame(), b.frame()
			defer b.keep(kept)
			defer b.keep(fresh)
		}
		kept.draw(sc)
		signs, orders := 0, 0
		for _, g := range sc.groups {
			for i := range g.shapes {
				if g.shapes[i].keep {
					signs++
					if g.class == "order" {
						orders++
					}
					g.shapes[i].keep = false
				}
			}
		}
		fresh.draw(sc)
		if signs == 0 || orders == 0 && ph != "W1901A" && ph != "W1902A" {
			t.Fatalf("%s: %d signs kept, %d of orders", ph, signs, orders)
		}
		if !slices.Equal(kept.fresh, fresh.fresh) || !slices.Equal(kept.marks, fresh.marks) || !bytes.Equal(kept.rows, fresh.rows) {
			t.Fatalf("%s: the signs kept touch other tiles, pixels or rows than those drawn again", ph)
		}
		for _, tile := range kept.tiles {
			r := b.tile(tile)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				i, j := kept.rgba.PixOffset(r.Min.X, y), kept.rgba.PixOffset(r.Max.X, y)
				if !bytes.Equal(kept.rgba.Pix[i:j], fresh.rgba.Pix[i:j]) {
					t.Fatalf("%s: row %d of tile %v differs with the signs kept", ph, y, r)
				}
			}
		}
	}
	// A long arrow is rasterised in bands (painter.cover): some sign kept
	// must have been, for the test to hold them to the pixels drawn again.
	tall := 0
	for _, sp := range kept.b.signs {
		x0, x1 := math.MaxInt32, 0
		for _, rw := range sp.rows {
			if rw.n > 0 {
				x0, x1 = min(x0, int(rw.x)), max(x1, int(rw.x+rw.n))
			}
		}
		if len(sp.rows) > 0 && !small(image.Rect(x0, 0, x1, len(sp.rows))) {
			tall++
		}
	}
	if tall == 0 {
		t.Error("no sign kept was drawn in bands")
	}
}

// standardBase is the standard board's drawing and PNG base.
func standardBase(t *testing.T) (*variants.Variant, *drawing, *pngBase) {
	t.Helper()
	v := standard.Variant()
	d, err := drawingFor(v)
	if err != nil {
		t.Fatal(err)
	}
	return v, d, d.pngBase(v)
}

// TestMarks checks that the runs changedRows finds are the pixels mark
// was given, for random spans over words' edges and the rows' ends.
func TestMarks(t *testing.T) {
	_, _, b := standardBase(t)
	f := b.frame()
	defer b.keep(f)
	w, h := b.rgba.Rect.Dx(), b.rgba.Rect.Dy()
	rnd := rand.New(rand.NewPCG(3, 4))
	for round := range 20 {
		f.reset()
		want := make([]bool, len(b.rows))
		for range 1 + rnd.IntN(200) {
			y, x0 := rnd.IntN(h), rnd.IntN(w)
			x1 := min(w, x0+1+rnd.IntN(150))
			if rnd.IntN(4) == 0 {
				x1 = w
			}
			f.mark(y, x0, x1)
			for x := x0; x < x1; x++ {
				want[y*b.stride+1+x] = true
			}
		}
		got := make([]bool, len(b.rows))
		last := -1
		for _, c := range f.changedRows() {
			if c[0] <= last || c[0] >= c[1] {
				t.Fatalf("round %d: runs out of order or empty: %v after %d", round, c, last)
			}
			last = c[1]
			for k := c[0]; k < c[1]; k++ {
				got[k] = true
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: the runs are not the pixels marked", round)
		}
	}
}

// TestRetokenise changes random runs of rows like a map's and checks
// that the base's tokens that stand and the new ones spell the new rows,
// byte for byte.
func TestRetokenise(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	const stride, h = 301, 60
	for round := range 200 {
		old := make([]byte, stride*h)
		for i := range old {
			old[i] = byte(i % stride / 40)
			if rnd.IntN(30) == 0 {
				old[i] = byte(rnd.IntN(4))
			}
		}
		base := tokenise(old, stride, 0, len(old), nil)
		at := starts(base)
		data := slices.Clone(old)
		var changed [][2]int
		for y := 0; y < h; y += 1 + rnd.IntN(6) {
			for x := 1 + rnd.IntN(40); x < stride; x += 2 + rnd.IntN(90) {
				n := min(1+rnd.IntN(30), stride-x)
				changed = append(changed, [2]int{y*stride + x, y*stride + x + n})
				for k := y*stride + x; k < y*stride+x+n; k++ {
					if rnd.IntN(3) > 0 {
						data[k] = byte(rnd.IntN(6))
					}
				}
				x += n
			}
		}
		dirty := make([]uint64, len(data)/64+1)
		setDirty(dirty, changed, true)
		toks, segs := retokenise(data, dirty, stride, base, at, changed, nil, nil)
		dist := distances(stride)
		var got []byte
		for _, sg := range segs {
			from := toks
			if sg.base {
				from = base
			}
			ts := from[sg.from:sg.to]
			for _, tk := range ts {
				if tk&tokMatch == 0 {
					got = append(got, byte(tk))
					continue
				}
				d := dist[tk>>tokDist&3]
				for range tokenLen(tk) {
					got = append(got, got[len(got)-d])
				}
			}
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("round %d: the tokens spell other rows (%d bytes, want %d)", round, len(got), len(data))
		}
	}
}

// TestTokeniseBlocks holds tokenise, 64 bytes a time, to the same
// tokens byte by byte (tokeniseBytes): on the standard map's rows, on
// rows like a map's and on noise, from and to anywhere.
func TestTokeniseBlocks(t *testing.T) {
	_, _, b := standardBase(t)
	rnd := rand.New(rand.NewPCG(7, 8))
	mapLike := make([]byte, 301*80)
	for i := range mapLike {
		mapLike[i] = byte(i % 301 / 40)
		if rnd.IntN(20) == 0 {
			mapLike[i] = byte(rnd.IntN(3))
		}
	}
	noise := make([]byte, 3000)
	for i := range noise {
		noise[i] = byte(rnd.IntN(3))
	}
	for _, c := range []struct {
		name   string
		data   []byte
		stride int
	}{{"map", b.rows, b.stride}, {"map-like", mapLike, 301}, {"noise", noise, 97}} {
		for round := range 300 {
			from, to := 0, len(c.data)
			if round > 0 {
				from = rnd.IntN(len(c.data))
				to = min(len(c.data), from+1+rnd.IntN(5000))
			}
			got := tokenise(c.data, c.stride, from, to, nil)
			want, _ := tokeniseBytes(c.data, c.stride, from, to, to, nil)
			if !slices.Equal(got, want) {
				t.Fatalf("%s [%d, %d): %d tokens, byte by byte %d", c.name, from, to, len(got), len(want))
			}
		}
	}
}

// TestBlendFreshensEveryTile draws a shape of pieces apart in one band of
// tiles, as a dashed ring's dashes are (the left, the right, then the
// middle): every tile a piece lies on is made fresh from the base before
// it is drawn on, and its other pixels are the base's.
func TestBlendFreshensEveryTile(t *testing.T) {
	_, _, b := standardBase(t)
	f := b.frame()
	defer b.keep(f)
	const w, h = 3 << tileShift, 3
	mask := make([]byte, w*h)
	for y, tx := range []int{0, 2, 1} {
		for x := tx << tileShift; x < (tx+1)<<tileShift; x++ {
			mask[y*w+x] = 0xff
		}
	}
	at := image.Pt(64, 64) // on tile boundaries
	f.blend(image.Rect(at.X, at.Y, at.X+w, at.Y+h), mask, color.RGBA{200, 0, 0, 255})
	for tx := range 3 {
		tile := (at.Y>>tileShift)*b.ntx + at.X>>tileShift + tx
		if !f.fresh[tile] {
			t.Fatalf("tile %d drawn on is not fresh", tx)
		}
		r := b.tile(int32(tile))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if my := y - at.Y; my >= 0 && my < h && mask[my*w+x-at.X] != 0 {
					if got := f.rgba.RGBAAt(x, y); got != (color.RGBA{200, 0, 0, 255}) {
						t.Fatalf("(%d, %d) drawn: %v", x, y, got)
					}
				} else if got, want := f.rgba.RGBAAt(x, y), b.rgba.RGBAAt(x, y); got != want {
					t.Fatalf("(%d, %d) in tile %d: %v, the base's %v", x, y, tx, got, want)
				}
			}
		}
	}
}
