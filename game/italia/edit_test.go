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
	next, done, _, err := st.Edit(words, func(name string) (string, error) {
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
	for _, words := range []string{"", "PIOGGIA Roma", "ADDIO Roma"} {
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
	// A change's words that do not make it are refused with its forms.
	for _, c := range []struct{ words, english, italian string }{
		{"CONTROLLO", "expected EDIT CONTROL <territory> <power|INDEPENDENT>, then --", "atteso EDIT CONTROLLO <territorio> <potenza|INDIPENDENTE>, poi --"},
		{"OTTOMANS MAYBE", "expected EDIT OTTOMANS|SWISS ACTIVE|INACTIVE, then --", "atteso EDIT OTTOMANI|SVIZZERI ATTIVI|INATTIVI, poi --"},
		{"sack", "expected EDIT FAMINE|REVOLT|SACK <territory> [NO], then --", "atteso EDIT CARESTIA|RIVOLTA|SACCHEGGIO <territorio> [NO], poi --"},
		{"AGGIUNGI Ottomani", "expected EDIT ADD <power> #k ARMY|CONTINGENT IN <territory>: <elements> or ADD <power> F<k> IN <sea>, then --",
			"atteso EDIT AGGIUNGI <potenza> #k ESERCITO|CONTINGENTE IN <territorio>: <elementi> o AGGIUNGI <potenza> F<k> IN <mare>, poi --"},
		{"REMOVE Swiss #1 #2", "expected EDIT REMOVE <power> #k|F<k>, then --", "atteso EDIT RIMUOVI <potenza> #k|F<k>, poi --"},
	} {
		_, _, err := edit(st, c.words)
		r, ok := err.(*game.Refusal)
		if !ok || !strings.HasPrefix(r.Reason(game.English), c.english) || !strings.HasPrefix(r.Reason(game.Italian), c.italian) {
			t.Errorf("%q: %v", c.words, err)
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

// The arbiter makes the forces of the powers he plays (the Ottomans and
// the Swiss start with none) and takes forces away, by EDIT in either
// language, each written as the sheet's deployment line; the
// announcement says where, not what (R57). Words that cannot be are
// refused, saying why in both languages, and change nothing.
func TestEditCounters(t *testing.T) {
	st := mustStart(t)
	st.pos.Sieges = []Siege{{At: "ferra", Power: "venezia", Counter: 1, Turns: 1}}
	for _, c := range []struct {
		words            string
		english, italian string
		check            func(*Position) bool
	}{
		{"AGGIUNGI Ottomani #1 ESERCITO IN Albania: CINC, 4 CL, 8 FT", "Ottomans #1 placed in Albania", "Ottomani #1 posto in Albania",
			func(p *Position) bool {
				return marshal(t, p.power("ottomani").Counters) == `[{"n":1,"kind":"army","at":"alban","elements":{"CINC":1,"CL":4,"FT":8}}]`
			}},
		{"add swiss #3 contingent in switz: 4PKS", "Swiss #3 placed in Svizzera", "Svizzeri #3 posto in Svizzera",
			func(p *Position) bool {
				ct := p.power("svizzeri").counter(3)
				return ct != nil && ct.Kind == Contingent && ct.At == "swiss" && ct.Elements == (Elements{PKS: 4})
			}},
		{"ADD Ottomans F2 IN Ionian Sea", "Ottomans F2 placed in Mare Ionio", "Ottomani F2 posta in Mare Ionio",
			func(p *Position) bool { return marshal(t, p.power("ottomani").Fleets) == `[{"n":2,"at":"IS"}]` }},
		{"ADD Venice #2 CONTINGENT IN Verona: 2 CL, 2 FT", "Venice #2 placed in Verona", "Venezia #2 posto in Verona",
			func(p *Position) bool {
				return len(p.power("venezia").Counters) == 2 && p.power("venezia").Counters[1].N == 2
			}},
		{"RIMUOVI Venezia #1", "Venice #1 removed from Padova", "Venezia #1 tolto da Padova",
			func(p *Position) bool { return len(p.power("venezia").Counters) == 0 && len(p.Sieges) == 0 }},
		{"REMOVE Venice F1", "Venice F1 removed from Alto Adriatico", "Venezia F1 tolta da Alto Adriatico",
			func(p *Position) bool { return len(p.power("venezia").Fleets) == 0 }},
	} {
		next, done, err := edit(st, c.words)
		if err != nil {
			t.Errorf("%s: %v", c.words, err)
			continue
		}
		if done(game.English) != c.english || done(game.Italian) != c.italian {
			t.Errorf("%s: %q, %q", c.words, done(game.English), done(game.Italian))
		}
		if !c.check(next.pos) {
			t.Errorf("%s: %s", c.words, marshal(t, next.pos))
		}
		if back, err := st.r.Decode([]byte(marshal(t, next.pos))); err != nil || marshal(t, back.(*State).pos) != marshal(t, next.pos) {
			t.Errorf("%s: reads back: %v", c.words, err)
		}
	}
	editsRefused(t, st, []editRefused{
		{"ADD Ottomans #1 ARMY IN Atlantide: 3 FT", `no territory is called "Atlantide"`, `nessun territorio si chiama "Atlantide"`},
		{"ADD Ottomans #1 ARMY IN Albania: 3 XX, 2 FT", `"3 XX, 2 FT": expected elements such as CINC, 3 GD, 8 PK`, `"3 XX, 2 FT": attesi elementi come CINC, 3 GD, 8 PK`},
		{"ADD Ottomans F1 IN Albania", "Albania is a territory, not a sea", "Albania è un territorio, non un mare"},
		{"AGGIUNGI Ottomani #1 ESERCITO IN Mare Ionio: 3 FT", "Mare Ionio is a sea, not a territory", "Mare Ionio è un mare, non un territorio"},
		{"ADD Ottomans #4 CONTINGENT IN Albania: 3 FT", "a power's land counters are #1 to #3, not #4", "i counter di terra di una potenza sono da #1 a #3, non #4"},
		{"ADD Venice #1 CONTINGENT IN Verona: 3 FT", "Venice has #1 already, in Padova: ELEMENTS changes it, REMOVE takes it away", "Venezia ha già #1, in Padova: ELEMENTI lo cambia, RIMUOVI lo toglie"},
		{"ADD Venice #2 ARMY IN Verona: 3 FT", "Venice has an army already, #1: a power has one (seed §4)", "Venezia ha già un esercito, #1: una potenza ne ha uno (seed §4)"},
		{"ADD Ottomans #1 DUMMY IN Albania", "a dummy is a player's bluff at his deployment", "un finto è il bluff di un giocatore"},
		{"ADD Ottomans #1 ARMY IN Albania", "an army or a contingent is its troops, not its commanders alone: such as CINC, 3 GD, 8 PK", "un esercito o un contingente sono le sue truppe"},
		{"ADD Ottomans #1 ARMY IN Albania: CINC", "an army or a contingent is its troops", "un esercito o un contingente sono le sue truppe"},
		{"ADD Ottomans #2 CONTINGENT IN Albania: CINC, 3 FT", "a contingent has no CINC: the commander-in-chief leads the army (spec §3.5)", "un contingente non ha CINC"},
		{"ADD Venice F1 IN Basso Adriatico", "Venice has a fleet F1 already: REMOVE takes it away", "Venezia ha già una flotta F1: RIMUOVI la toglie"},
		{"ADD Ottomans F1 IN Mare Ionio: 3 GD", "expected EDIT ADD <power> #k ARMY|CONTINGENT IN <territory>: <elements> or ADD <power> F<k> IN <sea>", "atteso EDIT AGGIUNGI <potenza> #k"},
		{"ADD Ottomans Albania", "expected EDIT ADD <power> #k", "atteso EDIT AGGIUNGI <potenza> #k"},
		{"ADD Narnia #1 ARMY IN Albania: 3 FT", `"Narnia" is not a power of this game`, `"Narnia" is not a power`},
		{"REMOVE Ottomans #1", "Ottomans has no counter #1", "Ottomani non ha il counter #1"},
		{"RIMUOVI Ottomani F2", "Ottomans has no fleet F2", "Ottomani non ha la flotta F2"},
		{"REMOVE Venice Padova", "expected EDIT REMOVE <power> #k|F<k>", "atteso EDIT RIMUOVI <potenza> #k|F<k>"},
	})
}

// ELEMENTS changes a counter's elements under the checks ADD makes
// (elementsFault): a dummy holds none, a contingent no CINC, an army or a
// contingent some troops; elements of none take the counter away as
// REMOVE does, its siege with it. A refusal says why in both languages
// and changes nothing.
func TestEditElements(t *testing.T) {
	st := mustStart(t)
	v := st.pos.power("venezia")
	v.Counters = append(v.Counters,
		Counter{N: 2, Kind: Contingent, At: "veron", Elements: Elements{PK: 2, FT: 2}},
		Counter{N: 3, Kind: Dummy, At: "trevi"})
	st.pos.Sieges = []Siege{{At: "ferra", Power: "venezia", Counter: 2, Turns: 1}}
	before := marshal(t, st.pos)
	for _, c := range []struct {
		words, english, italian string
		check                   func(*Position) bool
	}{
		{"ELEMENTI Venezia #2 3 PK, 1 FT", "Venice #2: its elements changed", "Venezia #2: i suoi elementi sono cambiati",
			func(p *Position) bool {
				return p.power("venezia").counter(2).Elements == Elements{PK: 3, FT: 1} && len(p.Sieges) == 1
			}},
		{"ELEMENTS Venice #2 0 PK", "Venice #2 is no more", "Venezia #2 non c'è più",
			func(p *Position) bool { return p.power("venezia").counter(2) == nil && len(p.Sieges) == 0 }},
		{"ELEMENTS Venice #3 0 PK", "Venice #3 is no more", "Venezia #3 non c'è più",
			func(p *Position) bool { return p.power("venezia").counter(3) == nil && len(p.Sieges) == 1 }},
	} {
		next, done, err := edit(st, c.words)
		if err != nil {
			t.Errorf("%s: %v", c.words, err)
			continue
		}
		if done(game.English) != c.english || done(game.Italian) != c.italian || !c.check(next.pos) {
			t.Errorf("%s: %q, %q\n%s", c.words, done(game.English), done(game.Italian), marshal(t, next.pos))
		}
	}
	editsRefused(t, st, []editRefused{
		{"ELEMENTS Venice #3 3 PK", "a dummy is a player's bluff at his deployment, with no elements (spec §3.5)", "un finto è il bluff di un giocatore al suo schieramento, senza elementi"},
		{"ELEMENTI Venezia #2 CINC, 3 PK", "a contingent has no CINC: the commander-in-chief leads the army (spec §3.5)", "un contingente non ha CINC"},
		{"ELEMENTS Venice #1 CINC", "an army or a contingent is its troops, not its commanders alone", "un esercito o un contingente sono le sue truppe, non i soli comandanti"},
	})
	if marshal(t, st.pos) != before {
		t.Error("EDIT changed the position it was given")
	}
}

// editRefused is EDIT's words and what their refusal says in each
// language.
type editRefused struct{ words, english, italian string }

// editsRefused fails unless each case is refused, saying why in both
// languages, and st stays as it was.
func editsRefused(t *testing.T, st *State, cases []editRefused) {
	t.Helper()
	before := marshal(t, st.pos)
	for _, c := range cases {
		_, _, err := edit(st, c.words)
		r, ok := err.(*game.Refusal)
		switch {
		case !ok:
			t.Errorf("%s: %v", c.words, err)
		case !strings.Contains(r.Reason(game.English), c.english) || !strings.Contains(r.Reason(game.Italian), c.italian):
			t.Errorf("%s: %s | %s", c.words, r.Reason(game.English), r.Reason(game.Italian))
		}
	}
	if marshal(t, st.pos) != before {
		t.Error("a refused EDIT changed the position")
	}
}

// CONTROL says who holds the territory now, in each language; a
// territory made independent is said to be so, not "held by
// independent".
func TestEditControl(t *testing.T) {
	st := mustStart(t)
	for _, c := range []struct{ words, english, italian, at, holder string }{
		{"CONTROL Ferrara Venice", "Ferrara is held by Venice", "Ferrara è controllato da Venezia", "ferra", "venezia"},
		{"CONTROLLO Padova INDIPENDENTE", "Padova is independent", "Padova è indipendente", "padua", ""},
		{"CONTROL Padova independent", "Padova is independent", "Padova è indipendente", "padua", ""},
	} {
		next, done, err := edit(st, c.words)
		if err != nil {
			t.Errorf("%s: %v", c.words, err)
			continue
		}
		if done(game.English) != c.english || done(game.Italian) != c.italian || next.pos.Control[c.at] != c.holder {
			t.Errorf("%s: %q, %q, held by %q", c.words, done(game.English), done(game.Italian), next.pos.Control[c.at])
		}
	}
}
