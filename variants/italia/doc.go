// Package italia is the board of Le Guerre d'Italia (seed 004): the
// classic Machiavelli board of 70 territories and 11 seas the seed names
// (ruling R1 of shared/reference/guerre-ditalia.md), with the seed's
// clarifications (Cagliari's, Messina's and Piombino's ports, Istria and
// Dalmazia on the Adriatic, the Strait of Messina as a land move) and
// rulings R2 (the seas each port opens on) and R3 (the Laguna played as
// part of the Alto Adriatico).
//
// [Board] returns the board as printed, [Merged] as a game plays it by
// default (R3; SET LAGOON SEPARATE plays [Board]). Both are
// [machiavelli.Board] values read once, on first use, from italia.txt,
// whose header says where each fact comes from; NOTICE keeps the MIT
// notice of machiavelli-bot's map data, against which the facts were
// checked. The areas' ids are that data's ("venic", "UA"); their names
// are Italian and English, and [machiavelli.Board.Lookup] finds an area
// by any of them.
//
// [Drawing] is the board's map as data (drawing.bin, made by hand from
// Natural Earth's coastlines and the anchors in drawing.txt by
// render/internal/mapgen, which checks it against the board), drawn by
// render.BoardMap.
package italia
