package italia

import _ "embed"

// drawing is the board's map as data: the territories and seas on real
// geography (Natural Earth, public domain), with the places of counters,
// names, city symbols and ports and the lines of the crossings over
// water, made from drawing.txt by render/internal/mapgen and drawn by
// package render (render.NewBoardMap).
//
//go:embed drawing.bin
var drawing []byte

// Drawing returns the board's map data (the format of package
// render/internal/mapdata, version 2). It is drawn from the board as
// printed, 11 seas: a game that merges the Laguna into the Alto Adriatico
// draws the two as one. Callers must not modify it.
func Drawing() []byte { return drawing }
