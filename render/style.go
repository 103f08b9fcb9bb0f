package render

import "image/color"

// spareColours serve the powers whose board gives them no colour, in
// order. The standard board's colours are in its data (standard.txt).
var spareColours = []color.RGBA{rgb(0xE69F00), rgb(0x7F7F7F), rgb(0x8C564B)}

var (
	colSea        = rgb(0xC3DAEA)
	colLand       = rgb(0xF3ECDA)
	colImpassable = rgb(0xE2DFD8)
	colHatch      = rgb(0xBDB8AD)
	colCoast      = rgb(0x4F6F86)
	colBorder     = rgb(0x9A8C74)
	colSeaBorder  = rgb(0x96B6CC)
	colLandText   = rgb(0x3A3226)
	colSeaText    = rgb(0x3F6580)
	colInk        = rgb(0x202020)
	colPaper      = rgb(0xFFFFFF)
	colBand       = rgb(0x2B3A47)
	colBandText   = rgb(0xF4F1EA)
	colFail       = rgb(0x202020)
	colInvalid    = rgb(0x8A8A8A)
)

// Sizes, in pixels of the PNG.
const (
	titleHeight  = 48
	legendHeight = 92
	armyRadius   = 10.5
	fleetHalfW   = 13.5
	unitStroke   = 1.6
	labelSize    = 12.5
	seaLabelSize = 12.5
	unitTextSize = 11.5
	moveWidth    = 3.6
	supportWidth = 2.2
	convoyWidth  = 2.6
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// mix blends b into a by t (0: a, 1: b).
func mix(a, b color.RGBA, t float32) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float32(x)*(1-t) + float32(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// dark reports whether white text reads better than black on c.
func dark(c color.RGBA) bool {
	return 0.299*float32(c.R)+0.587*float32(c.G)+0.114*float32(c.B) < 150
}

// inkOn is the colour of a letter or mark on c: paper on a dark colour,
// ink on a light one.
func inkOn(c color.RGBA) color.RGBA {
	if dark(c) {
		return colPaper
	}
	return colInk
}

// tint is how strongly a power's colour tints its home provinces: pale
// colours need more to show on the land's beige.
func tint(c color.RGBA) float32 {
	if !dark(c) {
		return 0.42
	}
	return 0.26
}

// dislodgedOffset sets a dislodged or removed unit beside its province's
// spot: up and to the right, clear of the name, which sits below.
var dislodgedOffset = pt{19, -14}
