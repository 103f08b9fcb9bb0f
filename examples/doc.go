// Package examples holds sample positions for `corriere adjudicate` (the
// JSON files beside this one) and the worked game of the Italian rulebook
// in its own notation (Seed), which the tests, `corriere demo` and the
// integration test play.
package examples
