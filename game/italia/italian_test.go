package italia

import (
	"testing"

	"github.com/corriere/corriere/game/gametest"
)

// Every text a reader may read has its Italian, with the same verbs in the
// same order.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"f": {1}, "t": {1}, "tx": {0}, "tell": {1}, "newEvent": {1}, "refuse": {0}})
	// Texts given from tables.
	for _, w := range whenText {
		texts[w] = "whenText"
	}
	for _, w := range playedWhen {
		texts[w] = "playedWhen"
	}
	gametest.CheckItalian(t, texts, italian)
}
