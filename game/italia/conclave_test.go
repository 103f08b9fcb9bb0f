package italia

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// conclaveHands are the conclave cards of the tests: France holds della
// Rovere (a candidate, 3 votes), Aragon d'Amboise (2), the Pope Sforza
// (2), the Empire Controllo Cardinali (2), Venice the Valentino (4),
// Florence the Fumata Nera beside Savonarola.
func conclaveHands(p *Position) {
	give(p, "francia", 10)
	give(p, "aragonesi", 11)
	give(p, "papato", 12)
	give(p, "impero", 13)
	give(p, "venezia", 14)
	give(p, "firenze", 15)
}

// A conclave's sitting (seed §10), held at the start of a turn from the
// cards handed in on its sheets; the autumn is played, which rolls no
// events after it. The first sitting elects with two candidates and four
// players handing in cards with votes, unless the Fumata Nera; else it is
// adjourned, the cards back to their players but the Fumata Nera, and the
// turn's draws are the conclave's. From the second a Pope is elected
// unless the Fumata Nera is played; a tie goes to a die.
func TestConclave(t *testing.T) {
	for _, c := range []struct {
		name    string
		session int
		change  func(*Position)
		sheets  map[string]string
		tie     []int // the tie's die
		pope    int   // 0: adjourned
		votes   string
		says    []string
	}{
		{name: "elected", session: 1,
			sheets: map[string]string{"impero": "CONCLAVE VOTO 11, 10 CARTA 13", "venezia": "CONCLAVE VOTE 10 CARD 14"},
			pope:   10, votes: "the conclave's votes (seed §10): 10 Giuliano della Rovere 7, 11 Georges d'Amboise 4, 12 Ascanio Sforza 2",
			says: []string{"the conclave, sitting 1 (seed §10): candidates 10 Giuliano della Rovere (France), 11 Georges d'Amboise (Aragon), 12 Ascanio Sforza (Papacy); players handing in cards with votes: 5",
				"a new Pope: 10 Giuliano della Rovere is elected with 7 votes (seed §10)", "with a new Pope the cards played and discarded go back into the deck (seed §10)"}},
		{name: "one candidate: adjourned", session: 1, change: func(p *Position) {
			for _, id := range []string{"aragonesi", "papato"} {
				p.Cards.Used = append(p.Cards.Used, p.power(id).Hand...)
				p.power(id).Hand = nil
			}
		}, sheets: map[string]string{"impero": "CONCLAVE VOTO 10 CARTA 13", "venezia": "CONCLAVE VOTO 10 CARTA 14"},
			says: []string{"the conclave is adjourned to the next turn: fewer than two candidates"}},
		{name: "three players voting: adjourned", session: 1,
			says: []string{"players handing in cards with votes: 3", "the conclave is adjourned to the next turn: fewer than four players hand in cards with votes"}},
		{name: "the Fumata Nera: adjourned", session: 1,
			sheets: map[string]string{"impero": "CONCLAVE VOTO 11 CARTA 13", "venezia": "CONCLAVE VOTO 10 CARTA 14", "firenze": "FUMATA NERA CARTA 15"},
			says:   []string{"the conclave is adjourned to the next turn: the Fumata Nera is played"}},
		{name: "the second sitting elects the one candidate", session: 2, change: func(p *Position) {
			for _, id := range []string{"aragonesi", "papato"} {
				p.Cards.Used = append(p.Cards.Used, p.power(id).Hand...)
				p.power(id).Hand = nil
			}
		}, pope: 10, votes: "the conclave's votes (seed §10): 10 Giuliano della Rovere 3"},
		{name: "the second sitting and the Fumata Nera", session: 2,
			sheets: map[string]string{"firenze": "BLACK SMOKE CARD 15"},
			says:   []string{"the conclave is adjourned to the next turn: the Fumata Nera is played"}},
		{name: "the second sitting counts every vote", session: 2,
			sheets: map[string]string{"impero": "CONCLAVE VOTO 11 CARTA 13", "venezia": "CONCLAVE VOTO 12 CARTA 14"},
			pope:   12, votes: "10 Giuliano della Rovere 3, 11 Georges d'Amboise 4, 12 Ascanio Sforza 6",
			says: []string{"a new Pope: 12 Ascanio Sforza is elected with 6 votes"}},
		{name: "a tie of two", session: 2, change: func(p *Position) {
			p.Cards.Used = append(p.Cards.Used, p.power("francia").Hand...)
			p.power("francia").Hand = nil
		}, tie: []int{2}, pope: 12, votes: "11 Georges d'Amboise 2, 12 Ascanio Sforza 2",
			says: []string{"a tie: a die of 2 faces gives 2 (a ruling: seed §10 is silent)"}},
		{name: "votes for no candidate who stands", session: 1,
			sheets: map[string]string{"impero": "CONCLAVE VOTO 16 CARTA 13", "venezia": "CONCLAVE VOTO 16, 11 CARTA 14"},
			pope:   11, votes: "10 Giuliano della Rovere 3, 11 Georges d'Amboise 6, 12 Ascanio Sforza 2"},
	} {
		st := cardsAt(t, "A1500O", func(p *Position) {
			conclaveHands(p)
			p.Cards.Conclave = &Conclave{Session: c.session}
			if c.change != nil {
				c.change(p)
			}
		})
		pile := st.pos.Cards.Pile
		rolls := slices.Clone(c.tie)
		if c.pope == 0 {
			// Adjourned: every player draws, a conclave card (Piccolomini)
			// kept by France, the rest discarded.
			rolls = append(rolls, faces(pile, 16, 1, 2, 3, 5, 6)...)
		}
		out, read := cardTurn(t, st, c.sheets, rolls...)
		next := out.Next.(*State)
		cs := next.pos.Cards
		everyone := read(seat("venezia"), game.English)
		mustHave(t, c.name, everyone, c.says...)
		if c.votes != "" {
			mustHave(t, c.name, everyone, c.votes)
		}
		if c.pope == 0 {
			if cs.Conclave == nil || cs.Conclave.Session != c.session+1 || cs.Conclave.Draws || cs.Popes != 0 {
				t.Errorf("%s: conclave %+v", c.name, cs.Conclave)
			}
			// The cards come back, but the Fumata Nera.
			for id, n := range map[string]int{"impero": 13, "venezia": 14} {
				if !slices.Contains(next.power(id).Hand, n) {
					t.Errorf("%s: %s has not card %d back: %v", c.name, id, n, next.power(id).Hand)
				}
			}
			smoke := strings.Contains(c.name, "Fumata")
			if slices.Contains(next.power("firenze").Hand, 15) == smoke {
				t.Errorf("%s: Florence holds %v", c.name, next.power("firenze").Hand)
			}
			if !slices.Contains(next.power("francia").Hand, 16) || slices.ContainsFunc([]int{1, 2, 3, 5, 6}, func(n int) bool { return !slices.Contains(cs.Used, n) }) {
				t.Errorf("%s: the conclave's draws: France %v, used %v", c.name, next.power("francia").Hand, cs.Used)
			}
			mustHave(t, c.name+": France's results", read(seat("francia"), game.English), "the conclave's draws of Spring 1501: every player draws a card, keeping only a conclave card (seed §10)",
				"you draw card 16 Francesco Piccolomini, a conclave card, and keep it (seed §10)")
			mustHave(t, c.name+": Aragon's results", read(seat("aragonesi"), game.Italian), "peschi la carta 1 Uno e la scarti")
			continue
		}
		if cs.Conclave != nil || !slices.Contains(cs.Out, c.pope) || len(cs.Used) != 0 {
			t.Errorf("%s: conclave %+v, out %v, used %v", c.name, cs.Conclave, cs.Out, cs.Used)
		}
		for _, p := range next.pos.Powers {
			if slices.Contains(p.Hand, c.pope) {
				t.Errorf("%s: %s keeps the Pope's card", c.name, p.ID)
			}
		}
		if len(cs.Awaiting) != 1 || cs.Awaiting[0].Card != c.pope || cs.Awaiting[0].When != whenElected {
			t.Errorf("%s: awaiting %+v", c.name, cs.Awaiting)
		}
		mustHave(t, c.name+": the arbiter's results", read(master, game.Italian), "la carta del nuovo Papa ")
	}
}

// A player holding a candidate's card hands it in (seed §10), within his
// two conclave cards; his vote card beside it stands.
func TestCandidatesHandedIn(t *testing.T) {
	st := cardsAt(t, "A1500O", func(p *Position) {
		give(p, "francia", 10, 16, 17)
		give(p, "aragonesi", 11)
		give(p, "impero", 13)
		give(p, "venezia", 14)
		p.Cards.Conclave = &Conclave{Session: 1}
	})
	// A tie of 6 votes, and the die gives the first.
	out, read := cardTurn(t, st, map[string]string{"francia": "CONCLAVE VOTO 10 CARTA 17", "impero": "CONCLAVE VOTO 10 CARTA 13", "venezia": "CONCLAVE VOTO 11 CARTA 14"}, 1)
	france := read(seat("francia"), game.English)
	mustHave(t, "France's results", france, "your candidate card 10 Giuliano della Rovere is handed in: whoever holds a candidate's card hands it in (seed §10)",
		"candidates 10 Giuliano della Rovere (France), 11 Georges d'Amboise (Aragon); players handing in cards with votes: 4",
		"the conclave's votes (seed §10): 10 Giuliano della Rovere 6, 11 Georges d'Amboise 6", "a new Pope: 10 Giuliano della Rovere is elected with 6 votes")
	mustLack(t, "France's results", france, "card 16 Francesco Piccolomini is handed in")
	if !slices.Contains(out.Next.(*State).power("francia").Hand, 16) {
		t.Errorf("France's third card was handed in: %v", out.Next.(*State).power("francia").Hand)
	}
}

// popeEvents is an events table whose every row is a Pope's death.
func popeEvents() string {
	var rows []string
	for n := 3; n <= 18; n++ {
		rows = append(rows, fmt.Sprintf("EVENT %d POPE : Muore il Papa", n))
	}
	return strings.Join(rows, "\n")
}

// A Pope's death: an event row POPE, or the arbiter's CARTA PAPA MORTO.
// The first and the second open a conclave, told to everyone with the
// candidates of the deck; while one sits there is no Pope to die; the
// third ends the game (seed §3 G, R33), the victory sheets scored.
func TestPopesDeath(t *testing.T) {
	// The event, rolled at the end of the spring's diplomacy.
	st := cardsWith(t, mustRules(t, nil), "P1500D", popeEvents(), func(p *Position) { p.Cards.Barred = slices.Clone(six) })
	out, read := cardTurn(t, st, nil, events...)
	next := out.Next.(*State)
	if cs := next.pos.Cards; cs.Popes != 1 || cs.Conclave == nil || cs.Conclave.Session != 1 || out.End != nil {
		t.Errorf("popes %d, conclave %+v, end %v", cs.Popes, cs.Conclave, out.End)
	}
	mustHave(t, "the results", read(seat("venezia"), game.English), "the events of Spring 1500: 3D6 3 (1+1+1): Muore il Papa",
		"the Pope is dead: the conclave sits in the next turn; hand in your conclave cards on its sheet: CONCLAVE CANDIDATO CARTA <n>, CONCLAVE VOTO <candidates> CARTA <n>, FUMATA NERA CARTA <n> (seed §10); the candidates of the deck: 10 Giuliano della Rovere, 11 Georges d'Amboise, 12 Ascanio Sforza, 16 Francesco Piccolomini")
	mustHave(t, "the status", next.Position(seat("papato"))(game.Italian), "Il Papa è morto: siede il Conclave, seduta 1 (seed §10)")
	if rs, _ := next.Read([]string{"papato"}, "#1 - Napoli", nil); rs[0].Refused == nil || !strings.Contains(rs[0].Refused.Reason(game.English), "R49") {
		t.Errorf("the Pope's march in a conclave: %+v", rs[0])
	}

	// While the conclave sits, an event's death changes nothing.
	sitting := cardsWith(t, mustRules(t, nil), "P1500D", popeEvents(), func(p *Position) {
		p.Cards.Barred = slices.Clone(six)
		p.Cards.Popes, p.Cards.Conclave = 1, &Conclave{Session: 2}
	})
	out, read = cardTurn(t, sitting, nil, events...)
	if cs := out.Next.(*State).pos.Cards; cs.Popes != 1 {
		t.Errorf("popes %d", cs.Popes)
	}
	mustHave(t, "a death in a conclave", read(seat("venezia"), game.English), "the see is vacant, a conclave sitting: the Pope's death changes nothing")

	// The third death, by the event: the game ends, and no lottery.
	third := cardsWith(t, mustRules(t, nil), "P1500D", popeEvents(), func(p *Position) { p.Cards.Popes = 2 })
	out, read = cardTurn(t, third, nil, events...)
	if out.End == nil || !strings.Contains(out.End.Text(game.English), "the third Pope is dead, and the game ends (seed §3 G, R33); the arbiter scores the victory sheets (seed §11); points missing as the engine counts them: France 2") {
		t.Fatalf("the end: %+v", out.End)
	}
	mustHave(t, "the end", read(seat("francia"), game.English), "the third Pope is dead: the game ends (seed §3 G, R33)", "the victory sheet of France: 2 points missing")
	mustLack(t, "the end", read(seat("francia"), game.English), "card lottery")

	// The third death, by the arbiter's word: the phase ends the game
	// before its events, with the victory sheets' own winner.
	word := cardsWith(t, mustRules(t, nil), "E1500O", "VICTORY venezia TERRITORIES 1\nVICTORY francia TERRITORIES 30\nVICTORY aragonesi TERRITORIES 30\nVICTORY impero TERRITORIES 30\nVICTORY firenze TERRITORIES 30\nVICTORY papato TERRITORIES 30",
		func(p *Position) { p.Cards.Popes = 2 })
	next, reply, notice := mustCard(t, word, "CARTA PAPA MORTO -- il Papa cade da cavallo")
	mustHave(t, "the reply", reply, "The third Pope is dead: the game ends when Summer 1500 operations (E1500O) is processed (seed §3 G, R33). Reason: il Papa cade da cavallo")
	mustHave(t, "the notice", notice, "Il terzo Papa è morto: la partita finisce quando si elabora Estate 1500, operazioni (E1500O)")
	out, _ = cardTurn(t, next, nil)
	if out.End == nil || !slices.Equal(out.End.Winners, []string{"venezia"}) || !strings.Contains(out.End.Text(game.Italian), "il terzo Papa è morto, e la partita finisce (seed §3 G, R33): Venezia") {
		t.Errorf("the end: %+v %s", out.End, out.End.Text(game.Italian))
	}
}
