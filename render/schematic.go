package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
)

// A Schematic is a board drawn from its data alone, for a game whose
// board art the judge does not have (History of the World: the moderator
// gives each land a place in the data file): every region a labelled box
// at its coordinates, tinted by its group (an area), the borders as lines
// between the boxes' centres, the pieces in a region as discs in their
// owner's colour with a letter for their kind, a title band, and lines of
// text under the board (the scores).
type Schematic struct {
	Title, Subtitle string
	// Regions are drawn at X, Y: the data's units, scaled so that the
	// largest coordinate is Width pixels across.
	Regions []Region
	Links   []Link
	// Notes are written under the board, a line each.
	Notes []string
	// Width is the board's width in pixels; 960 when 0.
	Width float32
}

// Region is one box of a Schematic.
type Region struct {
	Name string
	X, Y float32
	// Group tints the box: regions of a group share a colour.
	Group int
	// Barren regions are hatched and untinted.
	Barren bool
	Pieces []Mark
}

// Mark is a piece: a disc in its owner's colour with a letter.
type Mark struct {
	Letter string
	Colour color.RGBA
}

// Link joins two regions (indexes into Regions); Dashed for a strait,
// Heavy for a wall.
type Link struct {
	A, B          int
	Dashed, Heavy bool
}

// groupTints are the areas' colours, light enough for dark text.
var groupTints = []color.RGBA{rgb(0xF6E3B4), rgb(0xD8ECC9), rgb(0xE9D5EC), rgb(0xCFE3F2), rgb(0xF5D3C4), rgb(0xE4E0C4), rgb(0xD2EDE7), rgb(0xF2D7DF), rgb(0xDCDCF2), rgb(0xEFE6D2), rgb(0xD9E8D0), rgb(0xF0DCC0), rgb(0xE0E0E0)}

const (
	boxW, boxH   = 118, 46
	schemeMargin = 70
	noteHeight   = 18
)

// PNG draws the schematic.
func (s *Schematic) PNG(w io.Writer) error {
	if err := loadFonts(); err != nil {
		return err
	}
	width := s.Width
	if width == 0 {
		width = 960
	}
	var maxX, maxY float32 = 1, 1
	for _, r := range s.Regions {
		maxX, maxY = max(maxX, r.X), max(maxY, r.Y)
	}
	scale := width / maxX
	at := func(r Region) pt { return pt{schemeMargin + r.X*scale, titleHeight + schemeMargin + r.Y*scale} }
	W := int(width + 2*schemeMargin)
	boardBottom := titleHeight + 2*schemeMargin + maxY*scale
	H := int(boardBottom) + noteHeight*len(s.Notes) + 12
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	var links, boxes, band []shape
	band = append(band, fillPoly(colBand, rect(0, 0, float32(W), titleHeight)),
		label(pt{16, 22}, s.Title, 16, bold, colBandText, color.RGBA{}, anchorStart),
		label(pt{16, 40}, s.Subtitle, 12, italic, colBandText, color.RGBA{}, anchorStart),
		fillPoly(colSea, rect(0, titleHeight, float32(W), boardBottom-titleHeight)))
	for _, l := range s.Links {
		if l.A < 0 || l.B < 0 || l.A >= len(s.Regions) || l.B >= len(s.Regions) {
			return fmt.Errorf("render: a link between regions %d and %d of %d", l.A, l.B, len(s.Regions))
		}
		line := []pt{at(s.Regions[l.A]), at(s.Regions[l.B])}
		switch {
		case l.Dashed:
			links = append(links, strokeLines(colCoast, 2, dashes(line, 7, 5)...))
		case l.Heavy:
			links = append(links, strokeLines(colInk, 5, line))
		default:
			links = append(links, strokeLines(colBorder, 2, line))
		}
	}
	for _, r := range s.Regions {
		c := at(r)
		box := rect(c.X-boxW/2, c.Y-boxH/2, boxW, boxH)
		fill := colImpassable
		if n := len(groupTints); !r.Barren {
			fill = groupTints[(r.Group%n+n)%n]
		}
		boxes = append(boxes, fillPoly(fill, box), strokeLines(colBorder, 1.2, append(box, box[0])))
		if r.Barren {
			boxes = append(boxes, hatching([][]pt{box}))
		}
		boxes = append(boxes, label(pt{c.X, c.Y - 8}, r.Name, 11, bold, colLandText, fill, anchorMiddle))
		// The pieces in a row under the name, centred.
		const d = 17
		x := c.X - float32(len(r.Pieces)-1)*d/2
		for _, m := range r.Pieces {
			boxes = append(boxes, disc(pt{x, c.Y + 11}, 7.5, m.Colour, colInk, 1),
				label(pt{x, c.Y + 15}, m.Letter, 10, bold, inkOn(m.Colour), color.RGBA{}, anchorMiddle))
			x += d
		}
	}
	var notes []shape
	for i, n := range s.Notes {
		notes = append(notes, label(pt{16, boardBottom + float32(noteHeight*(i+1))}, n, 12.5, regular, colInk, color.RGBA{}, anchorStart))
	}
	paint(img, []group{{shapes: []shape{fillPoly(colPaper, rect(0, 0, float32(W), float32(H)))}}, {shapes: band}, {shapes: links}, {shapes: boxes}, {shapes: notes}})
	return encodePNG(w, img)
}
