// Package examples holds sample positions for `corriere adjudicate` (the
// JSON files beside this one) and, as its test, the worked game of the
// Italian rulebook played from the rulebook's own notation.
package examples
