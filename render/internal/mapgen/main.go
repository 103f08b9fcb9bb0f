// Command mapgen makes a board's drawing (variants/standard/drawing.bin
// by default) from Natural Earth's coastlines, the board's data (its
// provinces and adjacencies) and the anchors in drawing.txt. It is run
// by hand, never at build time; the build and the tests read only its
// output. From the repository root:
//
//	npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz   # in a scratch folder
//	go run ./render/internal/mapgen -land /scratch/package/land-50m.json
//
// It projects the land polygons (Lambert conformal conic), rasterises them,
// grows every province from its anchors (land pixels from land anchors
// along the land, sea pixels from sea anchors along the water: a Voronoi
// diagram measured within each), applies the painted fixes, and checks that
// the provinces that touch are exactly the ones adjacent in the game. Then
// it traces the borders into shared arcs, simplifies them and writes the
// file that package render draws. -debug writes the raster as a PNG with
// the anchors and the faults marked, for tuning the anchors.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	land := flag.String("land", "", "world-atlas land TopoJSON (land-50m.json)")
	board := flag.String("board", "variants/standard/standard.txt", "the board's data: its provinces and adjacencies")
	cfg := flag.String("config", "variants/standard/drawing.txt", "projection, anchors and fixes")
	out := flag.String("out", "variants/standard/drawing.bin", "the drawing to write")
	debug := flag.String("debug", "", "write the province raster as a PNG here")
	flag.Parse()
	if *land == "" {
		fmt.Fprintln(os.Stderr, "mapgen: -land is required (land-50m.json of world-atlas 2.0.2)")
		os.Exit(2)
	}
	if err := run(*land, *board, *cfg, *out, *debug); err != nil {
		fmt.Fprintln(os.Stderr, "mapgen:", err)
		os.Exit(1)
	}
}
