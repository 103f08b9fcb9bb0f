package standard

import _ "embed"

// drawing is the map's picture as data: province outlines on real
// geography (Natural Earth, public domain), made from drawing.txt by
// render/internal/mapgen and read by package render.
//
//go:embed drawing.bin
var drawing []byte

// Drawing returns the map's picture data (the format of package
// render/internal/mapdata). Callers must not modify it.
func Drawing() []byte { return drawing }
