// Package game plays one phase of a game from the outside world's terms:
// a position written as JSON with names as players write them, and orders
// as text. It reads them with package parser, resolves the phase with
// package adjudicator and writes the results and the next position in the
// same JSON schema, so that phases can be chained. `corriere adjudicate`,
// the judge and the map renderer share it.
package game
