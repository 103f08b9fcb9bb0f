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
// one, and quicker to compress.
func encodePNG(w io.Writer, img *image.RGBA) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, quantise(img))
}

// quantise maps img to at most 256 colours: the averages of the 256 most
// used cells of a 5-bit-per-channel colour grid; every other cell takes the
// nearest of those.
func quantise(img *image.RGBA) *image.Paletted {
	const cells = 1 << 15
	var count [cells]uint32
	var sum [cells][3]uint32
	pix := img.Pix
	for i := 0; i+3 < len(pix); i += 4 {
		k := cell(pix[i], pix[i+1], pix[i+2])
		count[k]++
		sum[k][0] += uint32(pix[i])
		sum[k][1] += uint32(pix[i+1])
		sum[k][2] += uint32(pix[i+2])
	}
	var used []uint16
	for k, n := range count {
		if n > 0 {
			used = append(used, uint16(k))
		}
	}
	slices.SortFunc(used, func(a, b uint16) int {
		if count[a] != count[b] {
			return int(count[b]) - int(count[a])
		}
		return int(a) - int(b)
	})
	n := min(len(used), 256)
	pal := make(color.Palette, n)
	var lut [cells]uint8
	for i, k := range used[:n] {
		c := count[k]
		pal[i] = color.RGBA{uint8(sum[k][0] / c), uint8(sum[k][1] / c), uint8(sum[k][2] / c), 255}
		lut[k] = uint8(i)
	}
	for _, k := range used[n:] {
		c := count[k]
		r, g, b := int32(sum[k][0]/c), int32(sum[k][1]/c), int32(sum[k][2]/c)
		best, bd := 0, int32(1<<30)
		for i, pc := range pal {
			q := pc.(color.RGBA)
			dr, dg, db := r-int32(q.R), g-int32(q.G), b-int32(q.B)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
				best, bd = i, d
			}
		}
		lut[k] = uint8(best)
	}
	out := image.NewPaletted(img.Rect, pal)
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		out.Pix[j] = lut[cell(pix[i], pix[i+1], pix[i+2])]
	}
	return out
}

func cell(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }
