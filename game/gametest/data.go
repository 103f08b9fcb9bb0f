package gametest

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// A Text is a text written in the reader's language when it is read, as
// a game on the table stores its refusals (table.Msg).
type Text interface {
	Write(d game.Dictionary, l game.Lang) string
}

// Refusals checks that the refusals of a data file, written in English
// with the game's dictionary d, say each of want (each a part of one).
func Refusals[T Text](t testing.TB, d game.Dictionary, errs []T, want ...string) {
	t.Helper()
	got := make([]string, len(errs))
	for i, e := range errs {
		got[i] = e.Write(d, game.English)
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no refusal %q in:\n%s", w, all)
		}
	}
}
