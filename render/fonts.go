package render

import (
	"fmt"
	"image"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// style picks one of the Go fonts, which ship with x/image under a BSD
// licence, so that the PNG looks the same on every machine.
type style uint8

const (
	regular style = iota
	bold
	italic
)

var (
	fontsOnce sync.Once
	fonts     [3]*opentype.Font
	fontsErr  error
	faceMu    sync.Mutex
	faces     = map[faceKey]font.Face{}
	// glyphs are the glyphs drawn on frames (frame.go), by face, rune
	// and the dot's place within its pixel: a glyph's coverage depends
	// on nothing else, and is the same wherever the dot's pixel is.
	// Held by faceMu too.
	glyphs = map[glyphKey]*glyph{}
	// advances and kerns are the faces' metrics of runes and pairs.
	advances = map[glyphKey]fixed.Int26_6{}
	kerns    = map[kernKey]fixed.Int26_6{}
)

// maxGlyphs bounds the glyphs kept, and the metrics: a map's labels
// need a few thousand (a rune at up to 64 places across a pixel, in half
// a dozen faces); a judge drawing other texts starts afresh at the bound.
const maxGlyphs = 1 << 14

type glyphKey struct {
	face   faceKey
	r      rune
	fx, fy uint8 // the dot's place within its pixel, in 64ths; zero for an advance
}

type kernKey struct {
	face faceKey
	a, b rune
}

// glyph is a glyph's coverage drawn with the dot at (fx/64, fy/64):
// the pixels of r, from the dot's pixel, a byte each.
type glyph struct {
	r     image.Rectangle
	mask  []byte
	spans *spans // the mask's rows, from the dot's pixel
}

type faceKey struct {
	s    style
	size float32
}

func loadFonts() error {
	fontsOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				fontsErr = fmt.Errorf("render: font: %w", err)
				return
			}
			fonts[i] = f
		}
	})
	return fontsErr
}

// face returns a face of the style and size, shared: a font.Face is not
// safe for concurrent use, so callers hold faceMu while they use it.
func face(s style, size float32) font.Face {
	k := faceKey{s, size}
	if f, ok := faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts[s], &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: font face: " + err.Error()) // the Go fonts at any size cannot fail
	}
	faces[k] = f
	return f
}

// glyphAt is rune c of face k drawn at dot, from the dot's pixel: what
// (*Drawer).DrawString draws for it. The caller holds faceMu.
func glyphAt(k faceKey, dot fixed.Point26_6, c rune) *glyph {
	return keptAs(glyphs, glyphKey{k, c, uint8(dot.X & 63), uint8(dot.Y & 63)}, func() *glyph {
		g := &glyph{}
		dr, mask, mp, _, _ := face(k.s, k.size).Glyph(fixed.Point26_6{X: dot.X & 63, Y: dot.Y & 63}, c)
		if !dr.Empty() {
			// The face's mask is its scratch: copied.
			g.r, g.mask = dr, make([]byte, 0, dr.Dx()*dr.Dy())
			a := mask.(*image.Alpha)
			for y := range dr.Dy() {
				o := a.PixOffset(mp.X, mp.Y+y)
				g.mask = append(g.mask, a.Pix[o:o+dr.Dx()]...)
			}
			g.spans = newSpans(dr, g.mask)
		}
		return g
	})
}

// keptAs is m[key], made by mk the first time; m starts afresh when
// it holds maxGlyphs. The caller holds faceMu.
func keptAs[K comparable, V any](m map[K]V, key K, mk func() V) V {
	v, ok := m[key]
	if !ok {
		if len(m) >= maxGlyphs {
			clear(m)
		}
		v = mk()
		m[key] = v
	}
	return v
}

// advance is rune c's advance in face k, kept. The caller holds faceMu.
func advance(k faceKey, c rune) fixed.Int26_6 {
	return keptAs(advances, glyphKey{face: k, r: c}, func() fixed.Int26_6 {
		a, _ := face(k.s, k.size).GlyphAdvance(c)
		return a
	})
}

// kern is the kerning of the pair in face k, kept. The caller holds
// faceMu.
func kern(k faceKey, a, b rune) fixed.Int26_6 {
	return keptAs(kerns, kernKey{k, a, b}, func() fixed.Int26_6 { return face(k.s, k.size).Kern(a, b) })
}

// measure is font.MeasureString by the kept metrics. The caller holds
// faceMu.
func measure(k faceKey, s string) fixed.Int26_6 {
	var w fixed.Int26_6
	prev := rune(-1)
	for _, c := range s {
		if prev >= 0 {
			w += kern(k, prev, c)
		}
		w += advance(k, c)
		prev = c
	}
	return w
}

// textWidth measures s in pixels.
func textWidth(s string, st style, size float32) float32 {
	faceMu.Lock()
	defer faceMu.Unlock()
	return fixedToFloat(measure(faceKey{st, size}, s))
}

func fixedToFloat(v fixed.Int26_6) float32 { return float32(v) / 64 }
