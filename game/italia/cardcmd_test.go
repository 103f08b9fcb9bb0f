package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// command carries out an arbiter's command line as the judge does: the
// game's command of its first word. It gives the next state, the reply
// and the notice to everyone.
func command(t *testing.T, st *State, line string) (*State, game.Text, game.Text, error) {
	t.Helper()
	verb, args, _ := strings.Cut(line, " ")
	for _, c := range (Kind{}).Commands() {
		if strings.EqualFold(c.Verb, verb) && c.Master {
			next, reply, notice, err := c.Do(st, nil, args)
			if err != nil {
				return nil, nil, nil, err
			}
			return next.(*State), reply, notice, nil
		}
	}
	t.Fatalf("no command %s", verb)
	return nil, nil, nil, nil
}

// card carries out the arbiter's CARTA line (or CARD): the next state,
// the reply and the notice to everyone, each in both languages.
func card(t *testing.T, st *State, line string) (*State, string, string, error) {
	t.Helper()
	next, reply, notice, err := command(t, st, line)
	if err != nil {
		return nil, "", "", err
	}
	both := func(x game.Text) string {
		if x == nil {
			return ""
		}
		return x(game.English) + "\n" + x(game.Italian)
	}
	return next, both(reply), both(notice), nil
}

// mustCard is card for a line that must be taken.
func mustCard(t *testing.T, st *State, line string) (*State, string, string) {
	t.Helper()
	next, reply, notice, err := card(t, st, line)
	if err != nil {
		t.Fatalf("%q refused: %v", line, err)
	}
	return next, reply, notice
}

// mustRefuse fails unless do refuses, saying english and italian in
// each language, and leaves st as it was.
func mustRefuse(t *testing.T, what string, st *State, do func() error, english, italian string) {
	t.Helper()
	before, _ := st.Encode()
	err := do()
	refusal, ok := err.(*game.Refusal)
	if !ok {
		t.Errorf("%s: %v, want a refusal", what, err)
		return
	}
	if en, it := refusal.Reason(game.English), refusal.Reason(game.Italian); !strings.Contains(en, english) || !strings.Contains(it, italian) {
		t.Errorf("%s: %s / %s\nwant %q / %q", what, en, it, english, italian)
	}
	if after, _ := st.Encode(); string(after) != string(before) {
		t.Errorf("%s changed the state", what)
	}
}

// The arbiter's word on the cards (R41): the effect of a card played,
// which every player reads with his reason; the French exclusive ended;
// a card out of the game, or handed to a power, which the players read
// without whose hand it left; Savonarola gone, and the council.
func TestCardWord(t *testing.T) {
	st := cardsAt(t, "P1500O", func(p *Position) {
		give(p, "francia", 7)
		p.Cards.Pile = slices.DeleteFunc(p.Cards.Pile, func(n int) bool { return n == 1 })
		p.Cards.Used = []int{1}
		p.Cards.Awaiting = []Played{{Card: 1, By: "venezia", Phase: "P1500D", When: whenDiplomacy}}
		p.FrenchExclusive = true
	})
	next, reply, notice := mustCard(t, st, "CARTA 1 EFFETTO Venezia riceve 5 ducati da Firenze -- come dice la carta")
	mustHave(t, "the reply", reply, "card 1 One of Venice applied; the players read: Venezia riceve 5 ducati da Firenze")
	mustHave(t, "the notice", notice, "The arbiter applies card 1 One of Venice: Venezia riceve 5 ducati da Firenze. Reason: come dice la carta",
		"L'arbitro applica la carta 1 Uno di Venezia: Venezia riceve 5 ducati da Firenze. Motivo: come dice la carta")
	if len(next.pos.Cards.Awaiting) != 0 || len(st.pos.Cards.Awaiting) != 1 {
		t.Errorf("awaiting %v, before %v", next.pos.Cards.Awaiting, st.pos.Cards.Awaiting)
	}

	next, _, notice = mustCard(t, st, "CARD 6 END -- the Swiss sign with Venice")
	mustHave(t, "the end of the exclusive", notice, "The French exclusive on the Swiss ends (card 6, seed §4): the Swiss may be hired again.", "Finisce l'esclusiva francese")
	if next.pos.FrenchExclusive {
		t.Error("the exclusive is in force")
	}

	next, reply, notice = mustCard(t, st, "CARTA 7 ELIMINA -- il personaggio muore")
	mustHave(t, "the reply", reply, "card 7 Seven, from the hand of France, is out of the game")
	mustHave(t, "the notice", notice, "Card 7 Seven is out of the game. Reason: il personaggio muore")
	mustLack(t, "the notice", notice, "France")
	if !slices.Contains(next.pos.Cards.Out, 7) || slices.Contains(next.power("francia").Hand, 7) {
		t.Errorf("out %v, France %v", next.pos.Cards.Out, next.power("francia").Hand)
	}

	next, reply, notice = mustCard(t, st, "CARTA 7 A Venezia -- scambiata con 10 ducati")
	mustHave(t, "the reply", reply, "card 7 Seven passes from the hand of France to the hand of Venice")
	mustHave(t, "the notice", notice, "The arbiter hands a card to Venice. Reason: scambiata con 10 ducati")
	if !slices.Equal(next.power("venezia").Hand, []int{7}) || len(next.power("francia").Hand) != 0 {
		t.Errorf("Venice %v, France %v", next.power("venezia").Hand, next.power("francia").Hand)
	}

	next, reply, notice = mustCard(t, st, "CARTA SAVONAROLA MORTO -- il rogo in piazza della Signoria")
	mustHave(t, "the reply", reply, "Savonarola is gone: the council sits each spring")
	mustHave(t, "the notice", notice, "Savonarola is gone. Reason: il rogo in piazza della Signoria. Florence holds the council's cards (45-47, seed §10)", "Savonarola non c'è più.")
	if !next.pos.Cards.Council || !slices.Contains(next.pos.Cards.Out, 20) || len(next.power("firenze").Hand) != 0 {
		t.Errorf("council %v, out %v, Florence %v", next.pos.Cards.Council, next.pos.Cards.Out, next.power("firenze").Hand)
	}
	// Savonarola's card put out is his death too.
	next, _, notice = mustCard(t, st, "CARD 20 REMOVE -- burned")
	mustHave(t, "Savonarola's card out", notice, "Card 20 Savonarola is out of the game. Reason: burned", "Savonarola is gone. Reason: burned.")
	if !next.pos.Cards.Council {
		t.Error("no council")
	}

	next, reply, notice = mustCard(t, st, "CARTA PAPA MORTO -- febbre romana")
	mustHave(t, "the reply", reply, "the Pope is dead: the conclave sits when Spring 1500 operations (P1500O) is processed")
	mustHave(t, "the notice", notice, "The Pope is dead. Reason: febbre romana. The conclave sits when Spring 1500 operations (P1500O) is processed: hand in your conclave cards on this phase's sheet",
		"the candidates of the deck: 10 Giuliano della Rovere, 11 Georges d'Amboise, 12 Ascanio Sforza, 16 Francesco Piccolomini. While it sits the Pope makes no military operation outside his own territories (R49).")
	if cs := next.pos.Cards; cs.Popes != 1 || cs.Conclave == nil {
		t.Errorf("popes %d, conclave %+v", cs.Popes, cs.Conclave)
	}
}

// The arbiter's word refused, with why, in both languages: nothing
// changes.
func TestCardWordRefused(t *testing.T) {
	st := cardsAt(t, "P1500O", func(p *Position) {
		give(p, "venezia", 1, 7, 8, 9, 5)
		give(p, "francia", 2)
		p.Cards.Awaiting = []Played{{Card: 3, By: "papato", Phase: "P1500D", When: whenDiplomacy}}
		p.Cards.Pile = slices.DeleteFunc(p.Cards.Pile, func(n int) bool { return n == 3 || n == 4 })
		p.Cards.Used, p.Cards.Out = []int{3}, []int{4}
	})
	sitting := cardsAt(t, "P1500O", func(p *Position) { p.Cards.Conclave = &Conclave{Session: 1} })
	council := cardsAt(t, "P1500O", func(p *Position) { p.Cards.Council = true })
	old := at(t, "P1500O", nil)
	for _, c := range []struct {
		st               *State
		line             string
		english, italian string
	}{
		{st, "CARTA 3 EFFETTO qualcosa", "the arbiter's word carries its reason, which the players read: end the line with -- and the reason", "la parola dell'arbitro porta il suo motivo"},
		{st, "CARTA 3", "expected CARTA <n> EFFETTO <what>", "atteso CARTA <n> EFFETTO <che cosa>"},
		{st, "CARTA 99 EFFETTO x -- y", `"99" is no card of the deck`, `"99" non è una carta del mazzo`},
		{st, "CARTA 3 BRUCIA -- y", "expected CARTA <n> EFFETTO <what>", "atteso CARTA"},
		{st, "CARTA 3 EFFETTO -- y", "EFFETTO says what the card did, which the players read: CARTA 3 EFFETTO <what> -- <reason>", "EFFETTO dice che cosa ha fatto la carta"},
		{st, "CARTA 1 EFFETTO x -- y", "card 1 One waits for no effect; the cards played that wait for you are 3", "la carta 1 Uno non attende alcun effetto; le carte giocate che ti attendono sono 3"},
		{sitting, "CARTA 1 EFFETTO x -- y", "card 1 One waits for no effect: no card played waits for you", "nessuna carta giocata ti attende"},
		{st, "CARTA 1 FINE -- y", "card 1 has no lasting effect the judge keeps", "la carta 1 non ha un effetto durevole"},
		{st, "CARTA 6 FINE -- y", "the French exclusive is not in force", "l'esclusiva francese non è in vigore"},
		{st, "CARTA 45 ELIMINA -- y", "card 45 is the council's: it is Florence's once Savonarola is gone, and never out (seed §10)", "la carta 45 è del Consiglio"},
		{st, "CARTA 4 ELIMINA -- y", "card 4 is out of the game already", "la carta 4 è già fuori dal gioco"},
		{st, "CARTA 2 A Narnia -- y", `"Narnia" is no power a player sits at`, `"Narnia" non è una potenza a cui siede un giocatore`},
		{st, "CARTA 2 A Ottomani -- y", `"Ottomani" is no power a player sits at`, "non è una potenza a cui siede"},
		{st, "CARTA 2 A Venezia -- y", "Venice keeps 5 cards: 5, and a 6th only if a conclave card (seed §10)", "Venezia tiene 5 carte"},
		{st, "CARTA 2 A Francia -- y", "card 2 is in the hand of France already", "la carta 2 è già nella mano di Francia"},
		{st, "CARTA 4 A Francia -- y", "card 4 is out of the game", "la carta 4 è fuori dal gioco"},
		{st, "CARTA 46 A Francia -- y", "card 46 is the council's", "la carta 46 è del Consiglio"},
		{sitting, "CARTA PAPA MORTO -- y", "a conclave sits already: there is no Pope to die", "siede già un Conclave"},
		{council, "CARD SAVONAROLA DIES -- y", "Savonarola is gone already: the council sits", "Savonarola non c'è già più"},
		{old, "CARTA PAPA MORTO -- y", "this game keeps no cards (a position from before them)", "questa partita non tiene le carte"},
	} {
		mustRefuse(t, c.line, c.st, func() error { _, _, _, err := card(t, c.st, c.line); return err }, c.english, c.italian)
	}
	// In a round of battles the turn is halfway: no word on the cards.
	round := cardsAt(t, "P1500O", nil)
	round.pos.Battles = &BattleRound{}
	_, _, _, err := card(t, round, "CARTA PAPA MORTO -- y")
	if r, ok := err.(*game.Refusal); !ok || !strings.Contains(r.Reason(game.English), "the turn waits for its battle tickets") {
		t.Errorf("in a round: %v", err)
	}
}

// SCENARIO's cards dealt again in the spring 1499 diplomacy keep the
// arbiter's word on the cards given before it in the phase: Savonarola
// gone (his card out, the council), the Pope dead (the conclave), a card
// put out, a card handed to a power. A new deal that cannot carry a move
// refuses the block, saying which, and changes nothing.
func TestScenarioKeepsCardWord(t *testing.T) {
	st := cardsAt(t, "P1499D", nil)
	for _, line := range []string{
		"CARTA SAVONAROLA MORTO -- il rogo",
		"CARTA PAPA MORTO -- febbre romana",
		"CARTA 9 ELIMINA -- muore il personaggio",
		"CARTA 8 A Venezia -- scambiata",
	} {
		st, _, _ = mustCard(t, st, line)
	}
	newDeck := strings.Replace(testDeck, "CARD 17 cardinals=1 : Controllo Cardinali | Cardinals' control | Voti", "CARD 18 : Diciotto | Eighteen | Diciotto", 1)
	newDeck = strings.Replace(newDeck, "DISASTERS EVENTS\n", "", 1)
	do := func(st *State, block string) (*State, string, error) {
		next, reply, _, err := scenarioCommand.Do(st, nil, "\n"+block)
		if err != nil {
			return nil, "", err
		}
		return next.(*State), reply(game.English) + "\n" + reply(game.Italian), nil
	}
	for _, block := range []string{"HAND venezia 1 2", newDeck + "\nHAND venezia 1 2"} {
		next, reply, err := do(st, block)
		if err != nil {
			t.Fatalf("%q: %v", block, err)
		}
		cs := next.pos.Cards
		if !cs.Council || cs.Popes != 1 || cs.Conclave == nil || !slices.Equal(cs.Out, []int{9, 20}) {
			t.Errorf("%q: council %v, popes %d, conclave %v, out %v", block, cs.Council, cs.Popes, cs.Conclave, cs.Out)
		}
		if got := next.power("venezia").Hand; !slices.Equal(got, []int{1, 2, 8}) || held(next, "firenze") != 0 {
			t.Errorf("%q: Venice holds %v, Florence %v", block, got, next.power("firenze").Hand)
		}
		if slices.ContainsFunc(cs.Pile, func(n int) bool { return slices.Contains([]int{1, 2, 8, 9, 20}, n) }) {
			t.Errorf("%q: pile %v", block, cs.Pile)
		}
		mustHave(t, "the reply", reply, "Your word on the cards given in this phase stands on the new deal: card 8 in the hand of Venice; card 9 out of the game; card 20 out of the game.",
			"La tua parola sulle carte data in questa fase resta sulla nuova distribuzione: la carta 8 nella mano di Venezia")
	}
	for _, c := range []struct {
		block, english, italian string
	}{
		{strings.Replace(newDeck, "CARD 9 : Nove | Nine | Nove\n", "", 1), "card 9, which your CARTA word put out of the game, is not in the new deck", "la carta 9, che la tua parola CARTA ha messo fuori dal gioco, non è nel nuovo mazzo"},
		{"HAND venezia 1 2 3 5 7", "card 8, which your CARTA word gave to Venice, would be a card too many in the new hand of Venice", "la carta 8, che la tua parola CARTA ha dato a Venezia, sarebbe una carta di troppo"},
	} {
		mustRefuse(t, c.block, st, func() error { _, _, err := do(st, c.block); return err }, "the scenario is refused: the new cards cannot carry your word on the cards given in this phase: "+c.english, c.italian)
	}
}
