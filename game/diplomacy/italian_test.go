package diplomacy

import (
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/gametest"
)

// Every text a reader may read has its Italian, with the same verbs in the
// same order, and every reason of the adjudicator too.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"f": {1}, "t": {1}, "plural": {2, 3}, "refuse": {0}})
	// Words given to t from values: outcomes.
	for _, w := range []string{"succeeds", "fails", "invalid", "hold", "disorder"} {
		texts[w] = "a value"
	}
	gametest.CheckItalian(t, texts, italian)
	for r := adjudicator.NoUnit; r <= adjudicator.Paradox; r++ {
		if _, ok := italianReasons[r.String()]; !ok {
			t.Errorf("no Italian for the reason %q", r)
		}
	}
}
