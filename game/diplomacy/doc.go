// Package diplomacy is the game of Diplomacy on the judge's contract
// (package game). It also plays one phase from the outside world's terms,
// for `corriere adjudicate`, the map renderer and the tests: a position
// written as JSON with names as players write them, and orders as text,
// read with package parser and resolved with package adjudicator (Play),
// the results and the next position written in the same JSON schema, so
// that phases can be chained.
package diplomacy
