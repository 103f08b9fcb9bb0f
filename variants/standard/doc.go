// Package standard is the standard Diplomacy map: the classic board of 75
// provinces and 34 supply centres with the seven great powers' spring 1901
// start, as in the rulebook (shared/seeds/002_31f6203e24e5c594.txt).
//
// [Variant] returns it as a [variants.Variant] for the adjudicator and the
// order parser: the locations use the DATC's three-letter ids ("lon",
// "stp/sc"), and its name tables accept the English and Italian names and
// abbreviations players write ("North Sea", "Mare del Nord", "Nth",
// "S.Pietroburgo(costa sud)"). The map itself is data, in standard.txt,
// which this package reads once, on first use.
package standard
