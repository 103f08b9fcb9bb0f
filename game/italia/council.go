package italia

import (
	"fmt"
	"strings"

	"github.com/corriere/corriere/game"
)

// The council of the Republic of Florence (seed §10, R46). Once
// Savonarola is gone (the arbiter's CARTA SAVONAROLA MORTO, or his card
// put out of the game) Florence holds the parties' cards, 45-47, outside
// the deck and the hand limit, and at the start of each year the council
// sits: a die for each party, +1 for each 5 ducats any player spent on it
// (CONSIGLIO <party> <n> on the spring diplomacy's sheet, secret, R46).
// The mail holds it when the spring diplomacy is processed, first of all
// (spec §2.2 (0)), for the money comes on that sheet. The Bigi prevail
// only with an absolute majority, more than half of the three parties'
// votes; else the higher of the others, and on a tie Florence chooses
// (CONSIGLIO PARITA <party> on her sheet; without it a die of two faces,
// a ruling). The party's card's effects are the arbiter's (the seed has
// none). The totals are told to everyone; the dice, which with the
// totals would tell what was spent on each party, to the arbiter alone.

// whenCouncil is when a party's card takes effect: it prevailed.
const whenCouncil = "council"

// council pays each power's spending on the council, in the seed's
// order of the powers (R39: what cannot be paid is dropped), and holds
// the council if it sits.
func (rs *resolution) council() {
	bonus := map[string]int{}
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vCouncil) {
			if rs.spend(p, o.num("n"), tx("the council, for the %s", o.str("w"))) {
				bonus[strings.ToLower(o.str("w"))] += o.num("n") / 5
			}
		}
	}
	if rs.deck() == nil || !rs.pos.Cards.Council {
		return
	}
	votes := map[string]int{}
	total := 0
	var dice []string
	for _, pt := range parties {
		d := rs.die("Florentine council: the "+partyName(pt), 6, false)
		votes[pt] = d + bonus[pt]
		total += votes[pt]
		dice = append(dice, fmt.Sprintf("%s %d+%d", partyName(pt), d, bonus[pt]))
	}
	rs.tell(nil, "the Florentine council (seed §10): Piagnoni %s, Arrabbiati %s, Bigi %s votes", fmt.Sprint(votes["piagnoni"]), fmt.Sprint(votes["arrabbiati"]), fmt.Sprint(votes["bigi"]))
	rs.tell([]string{arbiterOnly}, "the council's dice and the ducats' votes: %s", strings.Join(dice, ", "))
	var won string
	pi, ar := votes["piagnoni"], votes["arrabbiati"]
	switch {
	case 2*votes["bigi"] > total:
		won = "bigi"
		rs.tell(nil, "the Bigi have an absolute majority (R46)")
	case pi > ar:
		won = "piagnoni"
	case ar > pi:
		won = "arrabbiati"
	default:
		won = rs.councilTie()
	}
	if won != "bigi" && votes["bigi"] >= max(pi, ar) {
		rs.tell(nil, "the Bigi have no absolute majority, and prevail only with one (seed §10, R46)")
	}
	rs.pos.Cards.Party = won
	for n, c := range rs.deck() {
		if c.Party != won {
			continue
		}
		rs.tell(nil, "%s prevail in the Florentine council: card %s (seed §10)", partyArg(won), rs.cardArg(n))
		rs.pos.Cards.Awaiting = append(rs.pos.Cards.Awaiting, Played{Card: n, By: "firenze", Phase: rs.s.phase.String(), When: whenCouncil})
		rs.tell([]string{arbiterOnly}, "the effects of card %s are yours (seed §10 has none): apply them (EDIT) and tell the players with CARTA %s EFFETTO <what> -- <reason>", rs.cardArg(n), fmt.Sprint(n))
		return
	}
	rs.tell(nil, "%s prevail in the Florentine council (seed §10)", partyArg(won))
}

// councilTie settles a tie of the Piagnoni and the Arrabbiati: Florence's
// choice (seed §10), else a die of two faces.
func (rs *resolution) councilTie() string {
	if o := rs.sheets["firenze"].sheet["consiglio parita"]; o != nil {
		won := strings.ToLower(o.str("w"))
		rs.tell(nil, "a tie: Florence chooses %s (seed §10)", partyArg(won))
		return won
	}
	d := rs.die("Florentine council: the tie", 2, true)
	won := []string{"piagnoni", "arrabbiati"}[d-1]
	rs.tell(nil, "a tie, and Florence did not choose: a die of two faces gives %s, %s (a ruling)", fmt.Sprint(d), partyArg(won))
	return won
}

// councilLine judges a line of the council: it sits (with the cards
// played; a game without them takes the money for the arbiter's
// council, as before), and the tie is Florence's to choose.
func (c *checker) councilLine(o *order, d deck) game.Text {
	if d == nil && o.verb == vCouncil {
		return nil
	}
	if d == nil || !c.s.pos.Cards.Council {
		return tx("the council does not sit while Savonarola is in the game (seed §10): it sits each spring once he is gone")
	}
	if o.verb == vCouncilTie && c.seat != "firenze" {
		return tx("Florence's player chooses on a tie of the council (seed §10)")
	}
	return nil
}
