// Package machiavelli describes boards of the Machiavelli family as data:
// land territories and seas; each territory's city (none, unfortified,
// fortified, fortress), its printed major-city value, the colour the
// rules read off the board, the seas that bathe it and the seas its port
// opens on; which territories border each other, which are joined by a
// land move across water (a bridge printed on the board, a strait a
// scenario makes a land move), which seas border each other; and every
// name a player may use for an area, in Italian and English.
//
// A board is a text file read by [Parse] (the format is described in the
// comments of variants/italia/italia.txt); a board's package embeds its
// file. The section format (comments, "[section]" lines, "key: rest"
// lines) is the one every board file of package variants uses.
//
// Why a loader of its own beside variants.Parse: a Diplomacy board
// ([variants.Variant]) is locations that units of two types stand on,
// with a supply centre or none, an army graph and a fleet graph, powers
// and their start; its names include the rulebook's three-letter
// abbreviations, several places to a name. A Machiavelli board has none
// of that and facts Diplomacy has not: fleets stand only in seas and never
// move along coasts, so "bathed by" and "a port opening on" are relations
// of their own between a territory and a sea, not fleet moves; a city is
// one of four kinds with a printed value; a land move may cross water;
// a ruling may merge two seas (the Laguna into the Alto Adriatico,
// ruling R3 of Le Guerre d'Italia); and a name stands for one area only,
// so that the operation sheet's reader can accept unique prefixes.
// Carrying that in Variant would add fields every Diplomacy consumer (the
// adjudicator, the parser, the renderer) would have to ignore, and let a
// Machiavelli board be handed to the Diplomacy adjudicator. So the two
// families share the file format and nothing else.
//
// An area is a small integer ([Area]): the territories sorted by id, then
// the seas sorted by id, so that the game engine works on slices.
package machiavelli
