// Package variants describes Diplomacy maps as data: the locations of a
// board (provinces and the coasts of split-coast provinces), which unit
// types may stand on them, how they connect, the supply centres, the powers
// and their start, and every name a player may use for a location or power;
// the powers' colours on maps; the games for fewer players and the
// two-player game's neutral power and closed land.
//
// A board is a text file read by [Parse] (the format is described in the
// comments of standard/standard.txt); a board's package embeds its file.
//
// A location is a small integer ([Loc]) so that the adjudicator works on
// arrays and bit sets instead of string-keyed maps. Subpackages hold the
// concrete variants (variants/standard).
//
// Boards of the Machiavelli family (Le Guerre d'Italia: variants/italia)
// are another model, read by their own loader in variants/machiavelli,
// whose package comment says why; both loaders read the same section
// format (variants/internal/sections).
package variants
