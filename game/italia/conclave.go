package italia

import (
	"fmt"
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// The Conclave (seed §10, spec §3.17, R49). At a Pope's death (an event
// row POPE, or the arbiter's CARTA PAPA MORTO) a conclave sits: its
// sitting is the phase B of the turn after the death, which the mail
// holds at the start of that turn's resolution, from the conclave cards
// each player hands in on that turn's sheet:
//
//	CONCLAVE CANDIDATO CARTA <n>              a candidate, with the votes his card forces
//	CONCLAVE VOTO <candidates> CARTA <n>      Controllo Cardinali or the Valentino: votes,
//	                                          secret, for the first of the candidates (by
//	                                          their cards' numbers) that stands
//	FUMATA NERA CARTA <n>                     the vote is void
//
// The candidacies come in at once with the votes: by mail a vote names
// the candidates in order of preference, and goes to the first proclaimed
// (a ruling: face to face the candidacies are proclaimed first). A player
// holding candidate cards hands them in ("devono consegnarle") within his
// two conclave cards; two cards are a candidate and one other (we read
// "di cui almeno una deve rappresentare un candidato" of a pair: a vote
// card may be handed in alone). The first sitting elects the candidate
// with the most votes if there are two candidates, four players handing
// in cards with votes and no Fumata Nera; else the conclave is adjourned:
// the cards come back to their players (the Fumata Nera does not), and
// the next turn's draws are the conclave's (each player draws, keeping
// only a conclave card). From the second sitting a Pope is elected
// unless the Fumata Nera is played. A tie is settled by a die (a
// ruling). At most two conclaves are held: the third Pope's death ends
// the game (seed §3 G, R33). While a conclave sits the Pope's forces
// make no military operation outside his own territories (R49).

// maxConclaveCards is how many conclave cards a player hands in (seed §10).
const maxConclaveCards = 2

// maxHeldConclave is how many conclave cards a player keeps from the
// conclave's draws (seed §10: "chi si trova con più di tre carte Conclave
// ne deve obbligatoriamente scartare una").
const maxHeldConclave = 3

// popeDies is a Pope's death in the position: the third ends the game
// (third); else a conclave sits from the turn to come. False and false
// while a conclave sits already: there is no Pope to die.
func (pos *Position) popeDies() (third, opened bool) {
	cs := pos.Cards
	if cs.Conclave != nil {
		return false, false
	}
	cs.Popes++
	if cs.Popes >= 3 {
		return true, false
	}
	cs.Conclave = &Conclave{Session: 1}
	return false, true
}

// popeEvent is an event's Pope's death (events.go).
func (rs *resolution) popeEvent() {
	if rs.deck() == nil {
		rs.tell([]string{arbiterOnly}, "the Pope dies: this game keeps no cards, and the conclave is yours")
		return
	}
	switch third, opened := rs.pos.popeDies(); {
	case third:
		rs.tell(nil, "the third Pope is dead: the game ends (seed §3 G, R33)")
	case opened:
		rs.tell(nil, "the Pope is dead: the conclave sits in the next turn; hand in your conclave cards on its sheet: CONCLAVE CANDIDATO CARTA <n>, CONCLAVE VOTO <candidates> CARTA <n>, FUMATA NERA CARTA <n> (seed §10); the candidates of the deck: %s", rs.candidatesArg())
	default:
		rs.tell(nil, "the see is vacant, a conclave sitting: the Pope's death changes nothing")
	}
}

// candidatesArg lists the deck's candidates, as an event's argument.
func (rs *resolution) candidatesArg() string {
	d, cs := rs.deck(), rs.pos.Cards
	return textArg(func(l game.Lang) string { return candidatesText(l, d, cs) })
}

// handedIn is a conclave card a player hands in: its card, and the
// candidates a vote goes to, in order.
type handedIn struct {
	power string
	card  *Card
	list  []int
}

// conclave holds the conclave's sitting, if one sits (the package's
// comment above).
func (rs *resolution) conclave() {
	cs := rs.pos.Cards
	cv := cs.Conclave
	if cv == nil {
		return
	}
	d := rs.deck()
	var cards []handedIn
	for _, p := range rs.pos.Powers {
		var mine []handedIn
		for _, o := range rs.sheets[p.ID].lines(vCandidate, vVote, vBlackSmoke) {
			if n := o.num("n"); p.holds(n) {
				mine = append(mine, handedIn{p.ID, d[n], o.nums()})
			}
		}
		for _, n := range slices.Sorted(slices.Values(p.Hand)) {
			if len(mine) >= maxConclaveCards || d[n].Role != roleCandidate || slices.ContainsFunc(mine, func(h handedIn) bool { return h.card.N == n }) {
				continue
			}
			mine = append(mine, handedIn{power: p.ID, card: d[n]})
			rs.tell([]string{p.ID}, "your candidate card %s is handed in: whoever holds a candidate's card hands it in (seed §10)", rs.cardArg(n))
		}
		cards = append(cards, mine...)
	}
	var candidates []int
	var candidateNames []string
	voters := map[string]bool{}
	smoke := false
	for _, h := range cards {
		switch {
		case h.card.Role == roleSmoke:
			smoke = true
		case h.card.Role == roleCandidate:
			candidates = append(candidates, h.card.N)
			candidateNames = append(candidateNames, textArg(func(l game.Lang) string {
				return f(l, "%s (%s)", cardName(l, h.card), powerName(l, h.power))
			}))
		}
		if h.card.votes() {
			voters[h.power] = true
		}
	}
	none := textArg(tx("none"))
	if len(candidateNames) > 0 {
		none = joinArgs(candidateNames)
	}
	rs.tell(nil, "the conclave, sitting %s (seed §10): candidates %s; players handing in cards with votes: %s", fmt.Sprint(cv.Session), none, fmt.Sprint(len(voters)))
	var why game.Text
	switch {
	case smoke:
		why = tx("the Fumata Nera is played")
	case len(candidates) == 0:
		why = tx("there is no candidate")
	case cv.Session == 1 && len(candidates) < 2:
		why = tx("fewer than two candidates")
	case cv.Session == 1 && len(voters) < 4:
		why = tx("fewer than four players hand in cards with votes")
	}
	if why != nil {
		for _, h := range cards {
			if h.card.Role == roleSmoke {
				rs.power(h.power).letGo(h.card.N)
				rs.spent(h.card)
			}
		}
		cv.Session++
		cv.Draws = true
		rs.tell(nil, "the conclave is adjourned to the next turn: %s; the cards come back to their players, but the Fumata Nera, and the next turn every player draws, keeping only a conclave card (seed §10)", textArg(why))
		return
	}
	rs.elect(cards, candidates)
}

// elect counts a sitting's votes and elects the Pope: each candidate's
// own, and each vote card's for the first of its candidates that stands;
// a tie goes to a die. The cards handed in are spent, the Pope's out of
// the game; the deck is shuffled again (seed §10), and the new Pope's
// card is the arbiter's to apply.
func (rs *resolution) elect(cards []handedIn, candidates []int) {
	cs := rs.pos.Cards
	votes := map[int]int{}
	for _, h := range cards {
		switch h.card.Role {
		case roleCandidate:
			votes[h.card.N] += h.card.Votes
		case roleCardinals, roleValentino:
			i := slices.IndexFunc(h.list, func(n int) bool { return slices.Contains(candidates, n) })
			if i < 0 {
				rs.tell([]string{h.power}, "the votes of your card %s go to none of its candidates, who do not stand", rs.cardArg(h.card.N))
				continue
			}
			votes[h.list[i]] += h.card.Votes
		}
	}
	var tally []string
	best := 0
	for _, n := range candidates {
		tally = append(tally, textArg(func(l game.Lang) string { return f(l, "%s %d", cardName(l, rs.deck()[n]), votes[n]) }))
		best = max(best, votes[n])
	}
	rs.tell(nil, "the conclave's votes (seed §10): %s", joinArgs(tally))
	var top []int
	for _, n := range candidates {
		if votes[n] == best {
			top = append(top, n)
		}
	}
	pope := top[0]
	if len(top) > 1 {
		i := rs.die(fmt.Sprintf("conclave: a tie of %d candidates", len(top)), len(top), true)
		pope = top[i-1]
		rs.tell(nil, "a tie: a die of %s faces gives %s (a ruling: seed §10 is silent)", fmt.Sprint(len(top)), fmt.Sprint(i))
	}
	var holder string
	for _, h := range cards {
		if h.card.Role == roleSmoke {
			continue
		}
		rs.power(h.power).letGo(h.card.N)
		if h.card.N == pope {
			holder = h.power
			cs.Out = append(cs.Out, pope)
			continue
		}
		rs.spent(h.card)
	}
	rs.tell(nil, "a new Pope: %s is elected with %s votes (seed §10)", rs.cardArg(pope), fmt.Sprint(votes[pope]))
	cs.Awaiting = append(cs.Awaiting, Played{Card: pope, By: holder, Phase: rs.s.phase.String(), When: whenElected})
	rs.tell([]string{arbiterOnly}, "the new Pope's card %s: its effects are yours (R41): apply them (EDIT) and tell the players with CARTA %s EFFETTO <what> -- <reason>", rs.cardArg(pope), fmt.Sprint(pope))
	cs.Conclave = nil
	cs.Pile = append(cs.Pile, cs.Used...)
	cs.Used = nil
	slices.Sort(cs.Pile)
	rs.tell(nil, "with a new Pope the cards played and discarded go back into the deck (seed §10)")
}

// conclaveDraws are the draws of a turn after a conclave adjourned (seed
// §10): every player draws a card and keeps it only if it is a conclave
// card his hand has room for; one who would hold more than three conclave
// cards discards one, keeping a candidate (the card drawn, unless it is
// his only candidate: then his lowest other).
func (rs *resolution) conclaveDraws(title string) {
	d := rs.deck()
	rs.tell(nil, "the conclave's draws of %s: every player draws a card, keeping only a conclave card (seed §10)", title)
	for _, id := range rs.drawers() {
		p := rs.power(id)
		n := rs.drawCard(p)
		if n == 0 {
			return
		}
		c := d[n]
		if !c.conclaveCard() || !d.keeps(p, n) {
			rs.discard(c)
			rs.tell([]string{id}, "you draw card %s and discard it: the conclave's draws keep only a conclave card your hand has room for (seed §10)", rs.cardArg(n))
			continue
		}
		p.Hand = append(p.Hand, n)
		rs.tell([]string{id}, "you draw card %s, a conclave card, and keep it (seed §10)", rs.cardArg(n))
		var held []*Card
		for _, k := range p.Hand {
			if d[k].conclaveCard() {
				held = append(held, d[k])
			}
		}
		if len(held) <= maxHeldConclave {
			continue
		}
		drop := c
		if c.Role == roleCandidate && !slices.ContainsFunc(held, func(h *Card) bool { return h.Role == roleCandidate && h != c }) {
			for _, h := range held {
				if h != c {
					drop = h
					break
				}
			}
		}
		p.letGo(drop.N)
		rs.discard(drop)
		rs.tell([]string{id}, "more than three conclave cards: you discard card %s, keeping a candidate (seed §10)", rs.cardArg(drop.N))
	}
}

// conclaveBars says why the Pope's line is refused while a conclave
// sits (seed §10, R49): no move, strategic move, landing or siege
// outside his own territories; nil for a line that stands.
func (c *checker) conclaveBars(o *order) game.Text {
	// Asked of every line: the position's fields, not the deck, say
	// whether a conclave sits.
	if cs := c.s.pos.Cards; c.seat != "papato" || c.s.pos.Scenario == nil || cs == nil || cs.Conclave == nil {
		return nil
	}
	outside := func(as ...machiavelli.Area) bool {
		return slices.ContainsFunc(as, func(a machiavelli.Area) bool { return !c.ownedBy(a, c.seat) })
	}
	bars := false
	switch o.verb {
	case vMove:
		bars = outside(o.area("t"))
	case vStrategic:
		bars = outside(o.areas("tpath")...)
	case vTransport, vAssault:
		bars = outside(o.area("t2"))
	case vHold, vIntoCity:
		bars = o.mods().set&(modBesiege|modSack) != 0 && outside(c.where(o.num("k")))
	}
	if bars {
		return tx("a conclave sits: the Pope's forces make no military operation outside his own territories (seed §10, R49)")
	}
	return nil
}

// conclaveLine judges a conclave card handed in: a conclave sits, the
// card is the player's own to use and of the line's kind, the votes name
// candidates of the deck, two cards at most and only one not a candidate.
func (c *checker) conclaveLine(o *order, d deck) game.Text {
	cs := c.s.pos.Cards
	if d == nil || cs.Conclave == nil {
		return tx("no conclave sits now: it sits at a Pope's death (seed §10)")
	}
	card := d[o.num("n")]
	want := map[verbID][]string{vCandidate: {roleCandidate}, vVote: {roleCardinals, roleValentino}, vBlackSmoke: {roleSmoke}}[o.verb]
	if !slices.Contains(want, card.Role) {
		return tx("card %d is not a card for this line: CONCLAVE CANDIDATO takes a candidate's card, CONCLAVE VOTO Controllo Cardinali's or the Valentino's, FUMATA NERA the Fumata Nera (seed §10)", card.N)
	}
	for _, n := range o.nums() {
		if cand := d[n]; cand == nil || cand.Role != roleCandidate || slices.Contains(cs.Out, n) {
			return tx("%d is no candidate's card; the candidates are %s", n, game.Text(func(l game.Lang) string { return candidatesText(l, d, cs) }))
		}
	}
	key := c.rd.key(o)
	var others []*order
	for _, x := range c.lines(vCandidate, vVote, vBlackSmoke) {
		if c.rd.key(x) != key {
			others = append(others, x)
		}
	}
	notCandidate := func(x *order) bool { return x.verb != vCandidate }
	switch {
	case len(others) >= maxConclaveCards:
		return tx("you hand in two conclave cards already (seed §10)")
	case notCandidate(o) && slices.ContainsFunc(others, notCandidate):
		return tx("of two conclave cards one is a candidate (seed §10)")
	}
	return nil
}

// popeEnding ends the game at the third Pope's death (seed §3 G, R33) as
// after Autunno 1512: the victory sheets scored, the fewest points
// missing winning where the engine scores them all, else the arbiter's
// ruling on the engine's count.
func (rs *resolution) popeEnding() *game.Ending {
	if rs.deck() == nil || rs.pos.Cards.Popes < 3 {
		return nil
	}
	next := rs.now()
	rs.tellSheets(next)
	if end, ok := next.scored(); ok {
		won := end.Text
		end.Text = func(l game.Lang) string {
			return t(l, "the third Pope is dead, and the game ends (seed §3 G, R33)") + ": " + won(l)
		}
		return end
	}
	all := next.sheets()
	return &game.Ending{Text: func(l game.Lang) string {
		return f(l, "the third Pope is dead, and the game ends (seed §3 G, R33); the arbiter scores the victory sheets (seed §11); points missing as the engine counts them: %s", scoresText(l, all))
	}}
}
