// Package render draws a game position as a map: a PNG for mail, an SVG
// for the web.
//
// The picture shows real geography (Natural Earth's coastlines, public
// domain) cut into the variant's provinces, each power's home provinces
// tinted in its colour, supply centres as dots in their owner's colour,
// units in their power's colour (armies round, fleets ship-shaped, so that
// colour is never the only cue), dislodged units set off with their
// retreat options, and, when given, the orders of the phase just resolved:
// moves as arrows, supports as dashed lines, convoys as dotted paths, and
// failed orders hollow and crossed out. A title names the game, the phase
// and the date; a legend explains the signs and counts each power's
// centres and units.
//
// Both pictures are drawn from one scene, so what the SVG shows (and the
// tests check) is what the PNG shows. A PNG is the phase drawn over the
// variant's base, which is drawn, reduced to the variant's palette and
// compressed once (frame.go): a map takes a few milliseconds. The package does no I/O beyond
// writing to the io.Writer it is given; the map data is embedded beside
// the variant (variants/standard/drawing.bin, made by the generator in
// internal/mapgen).
//
// [BoardMap] draws a Machiavelli-family board (package
// variants/machiavelli) the same way, from its own data
// (variants/italia/drawing.bin, made by the same generator): the empty
// board, territories in the colours the rules read off it, cities,
// fortresses and ports marked, the crossings over water dashed, every
// area named; or a [BoardPosition], which a game fills for one reader
// with what he may see: territories tinted by controller, garrisons,
// sieges, markers, counters, fleets and orders (boardpos.go). A position's
// PNG is drawn over a base made once, whose palette keeps an entry per
// territory: a picture tints a territory by its palette alone. It shares
// with the Diplomacy map (render.go, layout.go) only the scene, its PNG
// and SVG writers, the frame and the drawing helpers (outlines, arrows,
// legend rows), nothing of either game.
//
// [Schematic] draws a board from its data alone, for a game whose board
// art the judge does not have: labelled boxes placed by coordinates,
// tinted by group, borders as lines, pieces as lettered discs in their
// owners' colours (History of the World, game/history).
package render
