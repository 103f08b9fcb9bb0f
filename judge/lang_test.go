package judge

import (
	"testing"

	"github.com/corriere/corriere/game/gametest"
	"github.com/corriere/corriere/store"
)

// textCalls are the calls whose arguments are texts a player may read:
// the format given to session.printf and to lang's f and t, the words
// given to plural.
var textCalls = map[string][]int{"printf": {0}, "f": {0}, "t": {0}, "notRead": {0}, "badRequest": {0}, "plural": {1, 2}}

// Every text a player may read has its Italian, with the same verbs in
// the same order, and every reason of the adjudicator too.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", textCalls)
	// Words given to lang.t from values: states, outcomes.
	for _, lock := range lockouts {
		texts[lock.refusal] = "a lockout"
	}
	for _, a := range []Access{{}, {Operator: "op@x"}} {
		texts[a.createRule()] = "a word"
	}
	for _, w := range []string{store.Forming, store.Active, store.Paused, store.Finished, "none", "partial", "complete",
		"yes", "no", "press white", "press grey", "press none", "english", "italian", "English", "Italian"} {
		texts[w] = "a value"
	}
	gametest.CheckItalian(t, texts, italianText)
}

// Command lines, and the passwords on them, never tell the language.
func TestDetectLangIgnoresCommands(t *testing.T) {
	for _, c := range []struct {
		text string
		lang lang
		ok   bool
	}{
		{"SIGNON turkey@duo e2il9per\nF kie - hol\nA ber - kie", english, false},
		{"sign on Froma per-il-mio\nA Par-Bur", english, false},
		{"Ciao, ecco i miei ordini:\nSIGNON france@roma pw\nA Par-Bor", italian, true},
		{"Hi, here are my orders:\nSIGNON france@roma pw\nA Par-Bur", english, true},
	} {
		l, ok := detectLang(c.text)
		if l != c.lang || ok != c.ok {
			t.Errorf("%q: %v %v, want %v %v", c.text, l, ok, c.lang, c.ok)
		}
	}
}
