package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// The Florentine council at the spring diplomacy (seed §10, R46): a die
// for each party, +1 for each full 5 ducats spent on it by anyone; the
// Bigi only with an absolute majority, else the higher of the other two,
// a tie Florence's choice or, without it, a die of two faces. Everyone
// reads the votes and the party; the arbiter alone the dice, and the
// card whose effects are his.
func TestCouncil(t *testing.T) {
	for _, c := range []struct {
		name      string
		sheets    map[string]string
		dice      []int // Piagnoni, Arrabbiati, Bigi, and a tie's
		party     string
		card      int
		votes     string
		says      []string
		treasury  map[string]int
		arbiterIs string
	}{
		{"the Bigi's absolute majority", map[string]string{"venezia": "CONSIGLIO BIGI 10"}, []int{1, 1, 6}, "bigi", 47,
			"Piagnoni 1, Arrabbiati 1, Bigi 8 votes", []string{"the Bigi have an absolute majority (R46)"}, map[string]int{"venezia": 3}, "Piagnoni 1+0, Arrabbiati 1+0, Bigi 6+2"},
		{"the Bigi first without a majority", nil, []int{3, 2, 5}, "piagnoni", 45,
			"Piagnoni 3, Arrabbiati 2, Bigi 5 votes", []string{"the Bigi have no absolute majority, and prevail only with one (seed §10, R46)"}, nil, ""},
		{"a tie Florence chooses", map[string]string{"firenze": "CONSIGLIO PARITA ARRABBIATI"}, []int{4, 4, 1}, "arrabbiati", 46,
			"Piagnoni 4, Arrabbiati 4, Bigi 1 votes", []string{"a tie: Florence chooses the Arrabbiati (seed §10)"}, nil, ""},
		{"the Bigi tie first, without a majority", nil, []int{4, 2, 4}, "piagnoni", 45,
			"Piagnoni 4, Arrabbiati 2, Bigi 4 votes", []string{"the Bigi have no absolute majority"}, nil, "Piagnoni 4+0, Arrabbiati 2+0, Bigi 4+0"},
		{"a tie without a choice", nil, []int{2, 2, 1, 2}, "arrabbiati", 46,
			"Piagnoni 2, Arrabbiati 2, Bigi 1 votes", []string{"a tie, and Florence did not choose: a die of two faces gives 2, the Arrabbiati (a ruling)"}, nil, ""},
		{"money from many, the rest wasted", map[string]string{"francia": "CONSIGLIO PIAGNONI 12", "papato": "COUNCIL ARRABBIATI 5", "firenze": "CONSIGLIO PIAGNONI 5"}, []int{1, 3, 1}, "piagnoni", 45,
			"Piagnoni 4, Arrabbiati 4, Bigi 1 votes", nil, map[string]int{"francia": 1, "papato": 8, "firenze": 13}, "Piagnoni 1+3, Arrabbiati 3+1, Bigi 1+0"},
	} {
		st := cardsAt(t, "P1500D", func(p *Position) {
			p.Cards.Council = true
			p.Cards.Barred = slices.Clone(six) // no lottery: the council's dice and the events'
		})
		if c.name == "money from many, the rest wasted" {
			// A tie the Florentine player settles for the Piagnoni he paid.
			c.sheets["firenze"] += "\nCONSIGLIO PARITA PIAGNONI"
		}
		out, read := cardTurn(t, st, c.sheets, append(slices.Clone(c.dice), events...)...)
		next := out.Next.(*State)
		cs := next.pos.Cards
		if cs.Party != c.party || len(cs.Awaiting) != 1 || cs.Awaiting[0] != (Played{Card: c.card, By: "firenze", Phase: "P1500D", When: whenCouncil}) {
			t.Errorf("%s: party %q, awaiting %+v", c.name, cs.Party, cs.Awaiting)
		}
		everyone := read(seat("impero"), game.English)
		mustHave(t, c.name, everyone, append([]string{"the Florentine council (seed §10): " + c.votes,
			"the " + partyName(c.party) + " prevail in the Florentine council: card "}, c.says...)...)
		mustLack(t, c.name, everyone, "the council's dice")
		arbiter := read(master, game.Italian)
		article := map[string]string{"piagnoni": "i Piagnoni", "arrabbiati": "gli Arrabbiati", "bigi": "i Bigi"}[c.party]
		mustHave(t, c.name+": the arbiter's", arbiter, "i dadi del Consiglio e i voti dei ducati: "+c.arbiterIs, "sono tuoi (il seed §10 non li dà)",
			"nel Consiglio di Firenze prevalgono "+article+": carta ")
		for id, left := range c.treasury {
			if got := next.power(id).Treasury; got != left {
				t.Errorf("%s: %s keeps %d ducats, want %d", c.name, id, got, left)
			}
		}
		mustHave(t, c.name+": the status", next.Position(seat("firenze"))(game.Italian), "Il Consiglio di Firenze siede ogni primavera (Savonarola non c'è più, seed §10); prevale: "+partyName(c.party))
	}
}

// Without the council (Savonarola in the game) the diplomacy rolls no
// council's dice; in a game without cards the money is spent for the
// arbiter's council, as before.
func TestNoCouncil(t *testing.T) {
	st := cardsAt(t, "P1500D", func(p *Position) { p.Cards.Barred = slices.Clone(six) })
	_, read := cardTurn(t, st, nil, events...)
	mustLack(t, "the results", read(master, game.English), "council")
	old := at(t, "P1500D", func(p *Position) { p.Cards = nil })
	next, events, err := play(t, old, map[string]string{"venezia": "CONSIGLIO PIAGNONI 5"})
	if err != nil || next.power("venezia").Treasury != 8 || !has(events, "5 ducats paid: the council, for the PIAGNONI") || strings.Contains(strings.Join(events, "\n"), "Florentine council (seed") {
		t.Errorf("%v: %d ducats left\n%s", err, next.power("venezia").Treasury, strings.Join(events, "\n"))
	}
}
