package italia

import "github.com/corriere/corriere/game"

// Texts are written in English in the code; italian gives each its
// Italian, and a test checks that every text has one.

// t is text in l.
func t(l game.Lang, text string) string { return italian.T(l, text) }

// f formats in l.
func f(l game.Lang, format string, args ...any) string { return italian.F(l, format, args...) }

// tx is a text to be written later, in the reader's language.
func tx(format string, args ...any) game.Text {
	return func(l game.Lang) string { return f(l, format, args...) }
}
