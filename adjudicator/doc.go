// Package adjudicator resolves the orders of one phase of a Diplomacy game
// (movement, retreats or adjustments) simultaneously and returns each
// order's outcome and the next position.
//
// It knows nothing of text, mail or storage: positions and orders come in
// as values (see package parser for reading written orders) and Resolve is
// pure and deterministic. Movement is resolved with the guess-and-check
// algorithm of DATC chapter 5, with circular movement and convoy paradoxes
// handled by the chosen rule edition (Szykman for the 2023 edition).
package adjudicator
