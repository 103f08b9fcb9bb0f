package italia

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// edit carries out EDIT's words on st as the judge does, seats named as
// the rules name them.
func edit(st *State, words string) (*State, game.Text, error) {
	next, done, err := st.Edit(words, func(name string) (string, error) {
		if id, ok := st.r.Seat(name); ok {
			return id, nil
		}
		return "", refuse("%q is not a power of this game", name)
	})
	if err != nil {
		return nil, nil, err
	}
	return next.(*State), done, nil
}

// The changes EDIT takes are written once (editTable): HELP lists them
// in each language (game.EditHelper), the refusal of any other words
// says the same forms in the reader's language, and every word the forms
// name, in either language, is a change Edit makes.
func TestEditForms(t *testing.T) {
	forms := Kind{}.EditForms()
	for l, want := range map[game.Lang]string{
		game.English: "CONTROL <territory> <power|INDEPENDENT>, TREASURY <power> <n>, FAMINE|REVOLT|SACK <territory> [NO], ",
		game.Italian: "CONTROLLO <territorio> <potenza|INDIPENDENTE>, TESORO <potenza> <n>, CARESTIA|RIVOLTA|SACCHEGGIO <territorio> [NO], ",
	} {
		if !strings.HasPrefix(forms[l], want) {
			t.Errorf("forms in %v: %s", l, forms[l])
		}
	}
	st := mustStart(t)
	for _, words := range []string{"", "PIOGGIA Roma", "CONTROLLO", "OTTOMANS MAYBE"} {
		_, _, err := edit(st, words)
		r, ok := err.(*game.Refusal)
		if !ok {
			t.Fatalf("%q: %v", words, err)
		}
		if got, want := r.Reason(game.English), "expected EDIT "+forms[game.English]+" (or the same in the other language), then -- and the reason the players will read"; got != want {
			t.Errorf("%q: %s\nwant %s", words, got, want)
		}
		if got, want := r.Reason(game.Italian), "atteso EDIT "+forms[game.Italian]+" (o lo stesso nell'altra lingua), poi -- e il motivo che leggeranno i giocatori"; got != want {
			t.Errorf("%q: %s\nwant %s", words, got, want)
		}
	}
	for _, l := range []game.Lang{game.English, game.Italian} {
		for _, form := range strings.Split(forms[l], ", ") {
			head := strings.Fields(strings.TrimPrefix(form, italian.T(l, "or")+" "))[0]
			for _, w := range strings.Split(head, "|") {
				if _, ok := edits[machiavelli.Fold(w)]; !ok {
					t.Errorf("%s: HELP lists %s, which EDIT does not take", form, w)
				}
			}
		}
	}
	// Either language's words make the same change.
	for _, pair := range [][2]string{
		{"CONTROL Ferrara Venice", "CONTROLLO Ferrara Venezia"},
		{"REVOLT Bari", "RIVOLTA Bari SI"},
		{"SWISS ACTIVE", "SVIZZERI ATTIVI"},
		{"TREASURY Florence 30", "TESORO Firenze 30"},
	} {
		en, _, err := edit(st, pair[0])
		if err != nil {
			t.Fatalf("%s: %v", pair[0], err)
		}
		it, _, err := edit(st, pair[1])
		if err != nil {
			t.Fatalf("%s: %v", pair[1], err)
		}
		if a, b := marshal(t, en.pos), marshal(t, it.pos); a != b || a == marshal(t, st.pos) {
			t.Errorf("%s and %s differ, or change nothing", pair[0], pair[1])
		}
	}
}
