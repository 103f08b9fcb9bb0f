package render

import (
	"bytes"
	"image/png"
	"testing"
)

// A schematic draws: a PNG as wide as the board and its margins, the
// regions' tints and the owners' colours in it; a link to a region that
// is not there is an error.
func TestSchematic(t *testing.T) {
	red := rgb(0xD62728)
	s := &Schematic{Title: "History of the World · mondo", Subtitle: "epoch I", Width: 400,
		Regions: []Region{{Name: "nile_delta", X: 10, Y: 10, Pieces: []Mark{{"A", red}, {"C", red}}}, {Name: "libya", X: 0, Y: 10, Group: 1}, {Name: "sahara", X: 5, Y: 20, Barren: true}},
		Links:   []Link{{A: 0, B: 1}, {A: 1, B: 2, Dashed: true}},
		Notes:   []string{"red 3"}}
	var buf bytes.Buffer
	if err := s.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w != 400+2*schemeMargin {
		t.Errorf("width %d", w)
	}
	found := map[string]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint32{r >> 8, g >> 8, bl >> 8}
			for name, want := range map[string][3]uint32{"the owner's red": {0xD6, 0x27, 0x28}, "the first area's tint": {0xF6, 0xE3, 0xB4}, "the sea": {0xC3, 0xDA, 0xEA}} {
				if near(c, want) {
					found[name] = true
				}
			}
		}
	}
	for _, name := range []string{"the owner's red", "the first area's tint", "the sea"} {
		if !found[name] {
			t.Errorf("no %s in the picture", name)
		}
	}
	s.Links = append(s.Links, Link{A: 0, B: 7})
	if err := s.PNG(&buf); err == nil {
		t.Error("a link to no region drew")
	}
}

// near: within the palette's rounding.
func near(a, b [3]uint32) bool {
	for i := range a {
		if d := int(a[i]) - int(b[i]); d < -8 || d > 8 {
			return false
		}
	}
	return true
}
