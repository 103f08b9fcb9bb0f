package render

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
)

// encodePNG writes img as a paletted PNG. A map is a few flat colours and
// their antialiased edges, so 256 colours hold it with no visible loss,
// and a byte per pixel makes the file a third the size of a true-colour
// one, and quicker to compress. A Machiavelli board is drawn this way;
// the Diplomacy map has a palette of its own per variant (frame.go) and
// comes this way only when the benchmark compares the two.
func encodePNG(w io.Writer, img *image.RGBA) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, quantise(img))
}

// quantise maps img to at most 256 colours: the averages of the 256 most
// used cells of a 5-bit-per-channel colour grid; every other cell takes the
// nearest of those.
func quantise(img *image.RGBA) *image.Paletted {
	h := new(histogram)
	h.add(img.Pix)
	pal, lut := h.paletteOf(h.byCount(), false, 0)
	out := image.NewPaletted(img.Rect, pal)
	pix := img.Pix
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		out.Pix[j] = lut[cell(pix[i], pix[i+1], pix[i+2])]
	}
	return out
}

const cells = 1 << 15

// histogram counts the pixels of each cell of the colour grid and sums
// their colours.
type histogram struct {
	count [cells]uint32
	sum   [cells][3]uint32
}

// add counts the RGBA pixels pix.
func (h *histogram) add(pix []byte) {
	for i := 0; i+3 < len(pix); i += 4 {
		k := cell(pix[i], pix[i+1], pix[i+2])
		h.count[k]++
		h.sum[k][0] += uint32(pix[i])
		h.sum[k][1] += uint32(pix[i+1])
		h.sum[k][2] += uint32(pix[i+2])
	}
}

// byCount returns the cells counted, the most used first.
func (h *histogram) byCount() []uint16 {
	var used []uint16
	for k, n := range h.count {
		if n > 0 {
			used = append(used, uint16(k))
		}
	}
	slices.SortFunc(used, func(a, b uint16) int {
		if h.count[a] != h.count[b] {
			return int(h.count[b]) - int(h.count[a])
		}
		return int(a) - int(b)
	})
	return used
}

// paletteOf returns the averages of the cells counted, in the order
// given, the first 256 making the palette, and a table from cell to
// palette index: for the cells counted, or with every cell when all is
// set (those not counted take the colour of their centre). Its first
// skip entries are left to the caller (black until set), and no cell
// maps to them.
func (h *histogram) paletteOf(used []uint16, all bool, skip int) (color.Palette, *[cells]uint8) {
	n := min(len(used), 256-skip)
	pal := make(color.Palette, skip+n)
	for i := range skip {
		pal[i] = color.RGBA{A: 255}
	}
	lut := new([cells]uint8)
	for i, k := range used[:n] {
		pal[skip+i] = h.average(k)
		lut[k] = uint8(skip + i)
	}
	nearest := func(k uint16) {
		c := h.average(k)
		r, g, b := int32(c.R), int32(c.G), int32(c.B)
		best, bd := skip, int32(1<<30)
		for i, pc := range pal[skip:] {
			i += skip
			q := pc.(color.RGBA)
			dr, dg, db := r-int32(q.R), g-int32(q.G), b-int32(q.B)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
				best, bd = i, d
			}
		}
		lut[k] = uint8(best)
	}
	for _, k := range used[n:] {
		nearest(k)
	}
	if all {
		for k := range cells {
			if h.count[k] == 0 {
				nearest(uint16(k))
			}
		}
	}
	return pal, lut
}

// average is the mean colour of cell k, or its centre when it is empty.
func (h *histogram) average(k uint16) color.RGBA {
	c := h.count[k]
	if c == 0 {
		return color.RGBA{uint8(k>>10)<<3 | 4, uint8(k>>5&31)<<3 | 4, uint8(k&31)<<3 | 4, 255}
	}
	s := &h.sum[k]
	return color.RGBA{uint8(s[0] / c), uint8(s[1] / c), uint8(s[2] / c), 255}
}

func cell(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }
