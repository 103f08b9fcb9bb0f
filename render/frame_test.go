package render

import (
	"bytes"
	"compress/zlib"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
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
		z := deflateRows(nil, data, 301, adler32.Checksum(data))
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

// TestFrameAsReference checks the frame against the whole picture drawn
// in true colour over the whole base, as before, and reduced to the
// variant's palette: they may differ only where the frame blends by 8
// bits of coverage rather than 16 and a colour crosses into the next cell
// of the grid, by a few levels. A shape drawn outside the tiles made fresh, or a tile
// left stale, would show as a patch of the base.
func TestFrameAsReference(t *testing.T) {
	for _, ph := range []string{"S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"} {
		v, pos, opts := afterPhase(t, ph)
		d, sc, err := prepare(v, pos, opts)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := d.drawPNG(&buf, v, sc); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		ref, b := d.rasterise(sc), d.pngBase(v)
		pal := got.(*image.Paletted).Palette
		differ := 0
		for y := range ref.Rect.Dy() {
			for x := range ref.Rect.Dx() {
				c := ref.RGBAAt(x, y)
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := pal[b.lut[cell(c.R, c.G, c.B)]].RGBA()
				if far(r1, r2) || far(g1, g2) || far(b1, b2) {
					differ++
				}
			}
		}
		if differ > 20 {
			t.Errorf("%s: %d pixels differ by more than 40 of 255 from the reference reduced to the palette", ph, differ)
		}
	}
}
