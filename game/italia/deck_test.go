package italia

import (
	"reflect"
	"slices"
	"testing"

	"github.com/corriere/corriere/game"
)

// The deck the judge ships (scenario.txt): what seed §10 names of its
// cards, the rest placeholders; a new game deals it, the council's cards
// apart, and every card is somewhere.
func TestShippedDeck(t *testing.T) {
	sc := shipped()
	d := deck{}
	for i := range sc.Cards {
		d[sc.Cards[i].N] = &sc.Cards[i]
	}
	if c := d[7]; c == nil || !c.Swiss || c.Title != "L'esclusiva francese" || c.Placeholder {
		t.Errorf("card 7: %+v", c)
	}
	if c := d[21]; c == nil || !c.Obsolete || c.Title != "Ludovico il Moro" {
		t.Errorf("card 21: %+v", c)
	}
	for n, party := range map[int]string{45: "piagnoni", 46: "arrabbiati", 47: "bigi"} {
		if c := d[n]; c == nil || c.Party != party {
			t.Errorf("card %d: %+v", n, c)
		}
	}
	roles := map[string]int{}
	for _, c := range sc.Cards {
		roles[c.Role]++
		if c.N != 7 && c.N != 21 && c.Party == "" && c.Role != roleSmoke && !c.Placeholder {
			t.Errorf("card %d is no placeholder: %+v", c.N, c)
		}
	}
	if roles[roleCandidate] < 2 || roles[roleCardinals] == 0 || roles[roleValentino] != 1 || roles[roleSmoke] != 1 {
		t.Errorf("the conclave's cards: %v", roles)
	}
	if len(sc.Hands) != 0 {
		t.Errorf("hands shipped: %v", sc.Hands)
	}
	st := mustStart(t)
	if cs := st.pos.Cards; len(cs.Pile) != len(sc.Cards)-3 || slices.Contains(cs.Pile, 45) {
		t.Errorf("the pile at the start: %v", cs.Pile)
	}
	mustHave(t, "Venice's status", st.Position(seat("venezia"))(game.English), "  cards: none\n")
	// A placeholder is told as one.
	mustHave(t, "a placeholder", cardName(game.Italian, d[12])+": "+cardText(game.Italian, d[12]), "12 (segnaposto): il seed non dice che cosa fa: lo dice l'arbitro")
}

// The arbiter's deck and hands by SCENARIO, in the spring 1499
// diplomacy: the cards dealt again as given, the part told to everyone;
// a block whose cards or hands cannot stand is refused, each fault with
// why, in both languages, and changes nothing.
func TestSupplyDeck(t *testing.T) {
	st := mustStart(t)
	next, reply, notice, err := scenarioCommand.Do(st, nil, "\n"+testDeck+"\nHAND venezia 1 7 10\nMANO Francia 2, 3")
	if err != nil {
		t.Fatal(err)
	}
	ns := next.(*State)
	mustHave(t, "the reply", reply(game.English), "the scenario now has from you: the card deck; the hands at the start; the timing of the disaster tables.")
	mustHave(t, "the notice", notice(game.Italian), "L'arbitro ha fornito parte dello scenario: il mazzo di carte; le mani iniziali")
	if v := ns.power("venezia"); !slices.Equal(v.Hand, []int{1, 7, 10}) || !slices.Equal(ns.power("francia").Hand, []int{2, 3}) || !slices.Equal(ns.power("firenze").Hand, []int{20}) {
		t.Errorf("hands: Venice %v, France %v, Florence %v", v.Hand, ns.power("francia").Hand, ns.power("firenze").Hand)
	}
	if want := []int{4, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 17}; !slices.Equal(ns.pos.Cards.Pile, want) {
		t.Errorf("pile %v, want %v", ns.pos.Cards.Pile, want)
	}
	// Written out and read again, the same (the store's check).
	data, _ := ns.Encode()
	back, err := ns.r.Decode(data)
	if err != nil || !reflect.DeepEqual(back.(*State).pos, ns.pos) {
		t.Errorf("decoded: %v", err)
	}
	mustHave(t, "Venice's status", ns.Position(seat("venezia"))(game.English), "  cards: 1 One; 7 Seven; 10 Giuliano della Rovere\n")

	for _, c := range []struct {
		name, block      string
		english, italian string
	}{
		{"a hand of a card not in the deck", "HAND venezia 99", "the hand of Venice has card 99, which the deck has not", "la mano di Venezia ha la carta 99, che il mazzo non ha"},
		{"a card in two hands", "HAND venezia 30\nHAND papato 30", "card 30 is in the hands of Papacy and Venice", "la carta 30 è nelle mani di Papato e di Venezia"},
		{"six cards, none the Conclave's", "HAND venezia 1 2 3 4 5 6", "the hand of Venice has 6 cards: 5 at most, and a 6th only if a conclave card (seed §10)", "la mano di Venezia ha 6 carte"},
		{"a council's card in a hand", "HAND firenze 45", "the hand of Florence has card 45, of the party Piagnoni: the council's cards are Florence's once Savonarola is gone", "la mano di Firenze ha la carta 45, del partito Piagnoni"},
		{"a card twice", "CARD 1 : A\nCARD 1 : B", "line 2: card 1 is given twice, first on line 1", "riga 2: la carta 1 è data due volte, la prima alla riga 1"},
		{"a bad word", "CARD 1 secret : A", `line 1: "secret" is no word of a card; expected CARD <n> [owner=<power>]`, `riga 1: "secret" non è una parola di una carta; atteso CARTA <n> [simbolo=<potenza>]`},
		{"two parts", "CARD 1 candidate=2 smoke : A", "a card has one part in the Conclave or the council, not 2", "una carta ha una sola parte nel Conclave o nel Consiglio, non 2"},
		{"no votes", "CARD 1 cardinali=zero : A", `"zero": the votes are a number from 1`, `"zero": i voti sono un numero da 1`},
		{"no title", "CARD 1 mandatory", "card 1 has no title: write it after : (or mark it placeholder)", "la carta 1 non ha titolo"},
		{"an unknown owner", "CARD 1 owner=Spagna : A", `no power is called "Spagna"`, `nessuna potenza si chiama "Spagna"`},
		{"an unknown party", "CARD 1 party=verdi : A", `"verdi" is no party of the council`, `"verdi" non è un partito del Consiglio`},
		{"two Bigi", "CARD 1 party=bigi : A\nCARD 2 party=bigi : B", "cards 1 and 2 are both of the party Bigi (seed §10: one card a party)", "le carte 1 e 2 sono entrambe del partito Bigi"},
		{"a card 0", "CARTA 0 : A", `"0" is no card number from 1 to 999`, `"0" non è un numero di carta da 1 a 999`},
		{"a hand without cards", "HAND venezia", "a power and its cards are needed", "servono una potenza e le sue carte"},
	} {
		mustRefuse(t, c.name, st, func() error { _, _, _, err := scenarioCommand.Do(st, nil, "\n"+c.block); return err }, c.english, c.italian)
	}
	// The hands of the shipped deck, given alone, and a hand emptied.
	next, _, _, err = scenarioCommand.Do(st, nil, "\nHAND venezia 21 7 48\nHAND papato NONE")
	if err != nil {
		t.Fatal(err)
	}
	if v := next.(*State).power("venezia"); !slices.Equal(v.Hand, []int{21, 7, 48}) {
		t.Errorf("Venice's hand %v", v.Hand)
	}
}
