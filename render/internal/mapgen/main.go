// Command mapgen makes a board's drawing (variants/NAME/drawing.bin) from
// Natural Earth's coastlines, the board's data (its provinces or
// territories and seas, and what borders what) and the anchors in
// variants/NAME/drawing.txt. It is run by hand, never at build time; the
// build and the tests read only its output. From the repository root:
//
//	npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz   # in a scratch folder
//	go run ./render/internal/mapgen -land /scratch/package/land-50m.json                  # the standard board
//	go run ./render/internal/mapgen -land /scratch/package/land-50m.json -variant italia  # Le Guerre d'Italia's
//
// -variant NAME reads variants/NAME/NAME.txt and variants/NAME/drawing.txt
// and writes variants/NAME/drawing.bin; -board, -config and -out name
// other files. The board file's family is told by its sections: a
// Machiavelli-family board has [territories] (package
// variants/machiavelli), anything else is a Diplomacy variant (package
// variants).
//
// It projects the land polygons (Lambert conformal conic), rasterises them,
// grows every province from its anchors (land pixels from land anchors
// along the land, sea pixels from sea anchors along the water: a Voronoi
// diagram measured within each), applies the painted fixes, and checks that
// the provinces that touch are exactly the ones adjacent in the game. On a
// Machiavelli-family board that is: two territories touch exactly where
// they share a border, a territory and a sea where the sea bathes it, two
// seas where they border; territories joined by a land move over the water
// (a bridge, a strait) must not touch, and the drawing carries a line
// between them instead, with every city's symbol and every port's anchor.
// Then it traces the borders into shared arcs, simplifies them and writes
// the file that package render draws. -debug writes the raster as a PNG
// with the anchors and the faults marked, for tuning the anchors.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	land := flag.String("land", "", "world-atlas land TopoJSON (land-50m.json)")
	variant := flag.String("variant", "standard", "the board: reads variants/NAME/NAME.txt and variants/NAME/drawing.txt, writes variants/NAME/drawing.bin")
	board := flag.String("board", "", "the board's data, if not the variant's: its provinces and adjacencies")
	cfg := flag.String("config", "", "projection, anchors and fixes, if not the variant's drawing.txt")
	out := flag.String("out", "", "the drawing to write, if not the variant's drawing.bin")
	debug := flag.String("debug", "", "write the province raster as a PNG here")
	flag.Parse()
	if *land == "" {
		fmt.Fprintln(os.Stderr, "mapgen: -land is required (land-50m.json of world-atlas 2.0.2)")
		os.Exit(2)
	}
	dir := "variants/" + *variant + "/"
	or := func(s *string, def string) string {
		if *s != "" {
			return *s
		}
		return def
	}
	if err := run(*land, or(board, dir+*variant+".txt"), or(cfg, dir+"drawing.txt"), or(out, dir+"drawing.bin"), *debug); err != nil {
		fmt.Fprintln(os.Stderr, "mapgen:", err)
		os.Exit(1)
	}
}
