package italia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The cards in a turn's resolution (seed §10, spec §2.2, §3.17, R41,
// R50):
//
//   - at its start (phase C's "card decisions", spec §2.2), each card
//     drawn at the end of the turn before is kept (TIENI CARTA n, or no
//     line: R34 keeps it if the hand has room), discarded (SCARTA CARTA
//     n: another player's card is replaced at once, seed §10, since the
//     player discards it at the first moment the mail lets him) or played
//     (GIOCA CARTA n); a kept card discarded (SCARTA CARTA n) goes first,
//     making room;
//   - then the conclave sits, if one does (conclave.go), and the cards
//     played for the diplomacy or before the operations are played; those
//     played after the operations are played at their end;
//   - at the end of the turn, with its events (events.go), the next
//     turn's lottery: two markers from the bag, refilled when empty, and
//     the two players drawn draw a card each, which only they read.

// lotteryDraws is how many players the lottery draws each turn (seed §10).
const lotteryDraws = 2

// cardsStart is the cards' part of a turn's start: the decisions on the
// cards drawn, the conclave, the cards played at when.
func (rs *resolution) cardsStart(when string) {
	if rs.deck() == nil {
		return
	}
	rs.decideCards()
	rs.conclave()
	rs.plays(when)
}

// decideCards carries out each power's decisions on its cards (the
// package's comment above).
func (rs *resolution) decideCards() {
	d := rs.deck()
	for _, p := range rs.pos.Powers {
		c := rs.sheets[p.ID]
		for _, o := range c.lines(vDiscard) {
			if n := o.num("n"); !o.has("[0]") && slices.Contains(p.Hand, n) {
				p.letGo(n)
				rs.discard(d[n])
				rs.tell([]string{p.ID}, "you discard card %s (seed §10)", rs.cardArg(n))
			}
		}
		drawn := p.Drawn
		p.Drawn = nil
		for _, n := range drawn {
			o := c.sheet["carta "+fmt.Sprint(n)]
			switch {
			case o != nil && o.verb == vDiscard && !o.has("[0]"):
				rs.discardDrawn(p, n, tx("you discard card %s, drawn last turn (seed §10)", d[n].named()))
			case o != nil && o.verb != vKeep && o.verb != vDiscard:
				// Played, or handed to the conclave, this turn: it is in
				// the hand until then.
				p.Hand = append(p.Hand, n)
			case d.keeps(p, n):
				p.Hand = append(p.Hand, n)
				rs.tell([]string{p.ID}, "you keep card %s (seed §10)", rs.cardArg(n))
			default:
				rs.discardDrawn(p, n, tx("your hand is full (5 cards, a 6th only if a conclave card): card %s, drawn last turn, is discarded (seed §10, R34)", d[n].named()))
			}
		}
	}
}

// discardDrawn discards card n that p drew, telling it why: another
// player's card is replaced by another drawn at once (seed §10).
func (rs *resolution) discardDrawn(p *Power, n int, why game.Text) {
	c := rs.deck()[n]
	rs.discard(c)
	rs.tell([]string{p.ID}, "%s", textArg(why))
	if c.Owner != "" && c.Owner != p.ID {
		rs.tell([]string{p.ID}, "card %s bears the symbol of %s: you draw another at once (seed §10)", rs.cardArg(n), "p:"+c.Owner)
		rs.draw(p)
	}
}

// spent puts card c, used, among the used cards, or out of the game if
// it is removed after use ("eliminare dopo l'uso", seed §10).
func (rs *resolution) spent(c *Card) {
	if c.Remove {
		rs.pos.Cards.Out = append(rs.pos.Cards.Out, c.N)
		return
	}
	rs.discard(c)
}

// discard puts card c among the used cards, which a new Pope shuffles
// back into the deck (seed §10).
func (rs *resolution) discard(c *Card) { rs.pos.Cards.Used = append(rs.pos.Cards.Used, c.N) }

// cardArg is card n's name as an event's argument, in both languages.
func (rs *resolution) cardArg(n int) string {
	c := rs.deck()[n]
	return textArg(c.named())
}

// whenPlayed is when a GIOCA line plays its card: as it says, else in
// the diplomacy on its sheet, before the operations on theirs (R41).
func whenPlayed(o *order, ph Phase) string {
	if w, ok := playWords[o.str("w")]; ok {
		return w
	}
	if ph.Diplomacy() {
		return whenDiplomacy
	}
	return whenBefore
}

// plays plays the cards each power's sheet plays at when, in the seed's
// order of the powers.
func (rs *resolution) plays(when string) {
	if rs.deck() == nil {
		return
	}
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vPlay) {
			if whenPlayed(o, rs.s.phase) != when {
				continue
			}
			if n := o.num("n"); p.holds(n) {
				rs.play(p, n, when, o.str("rest"))
			} else {
				rs.tell([]string{p.ID}, "card %s is no longer yours: it is not played", rs.cardArg(n))
			}
		}
	}
}

// playedWhen says when a card was played, for the results.
var playedWhen = map[string]string{
	whenDiplomacy: "in the diplomacy",
	whenBefore:    "before the operations",
	whenAfter:     "after the operations",
	whenDrawn:     "as it was drawn, for it must be",
}

// play plays p's card n (seed §10): everyone reads it; it goes to the
// used cards (out of the game if it is removed after use), but a
// character's, which stays in the hand until the character dies (spec
// §3.17: the arbiter's CARTA <n> ELIMINA, or Savonarola's death); the
// French exclusive comes into force (a swiss card), else the arbiter is
// told to apply it (R41).
func (rs *resolution) play(p *Power, n int, when, words string) {
	d := rs.deck()
	c := d[n]
	p.letGo(n)
	if c.Character {
		// Played as it was drawn, it is kept now: a character counts
		// toward the five (seed §10).
		p.Hand = append(p.Hand, n)
		rs.tell([]string{p.ID}, "card %s is a character's: it stays in your hand until the character dies (seed §10)", rs.cardArg(n))
	} else {
		rs.spent(c)
	}
	said := textArg(func(l game.Lang) string { return cardText(l, c) })
	how := textArg(tx(playedWhen[when]))
	if words != "" {
		rs.tell(nil, "%s plays card %s (%s): %s; the player adds: %s (seed §10, R41)", "p:"+p.ID, rs.cardArg(n), how, said, words)
	} else {
		rs.tell(nil, "%s plays card %s (%s): %s (seed §10, R41)", "p:"+p.ID, rs.cardArg(n), how, said)
	}
	if c.Swiss {
		rs.pos.FrenchExclusive = true
		rs.tell(nil, "the French exclusive on the Swiss is in force: nobody but France hires them (seed §4)")
		rs.tell([]string{arbiterOnly}, "the French exclusive lasts until you end it: CARTA %s FINE -- <reason>", fmt.Sprint(n))
		return
	}
	rs.pos.Cards.Awaiting = append(rs.pos.Cards.Awaiting, Played{Card: n, By: p.ID, Phase: rs.s.phase.String(), When: when, Words: words})
	rs.tell([]string{arbiterOnly}, "card %s is played by %s: its effect is yours (R41): apply it (EDIT) and tell the players what it did with CARTA %s EFFETTO <what> -- <reason>", rs.cardArg(n), "p:"+p.ID, fmt.Sprint(n))
}

// nextCards are the cards of the turn after the one resolved, with its
// events (spec §2.2's note): the lottery, or the conclave's draws after
// a conclave adjourned (seed §10: in the next turn's events, before its
// sitting).
func (rs *resolution) nextCards() {
	if rs.deck() == nil {
		return
	}
	rs.returnCards()
	season, ok := rs.s.phase.nextSeason()
	year := rs.s.phase.Year
	if !ok {
		// After the autumn, the next spring: its lottery comes after its
		// diplomacy, but a conclave adjourned draws now, before its
		// sitting there.
		season, year = Spring, year+1
	}
	title := textArg(seasonYear(season, year))
	if cv := rs.pos.Cards.Conclave; cv != nil && cv.Draws {
		cv.Draws = false
		rs.conclaveDraws(title)
		return
	}
	if ok {
		rs.lottery(title)
	}
}

// returnCards puts the cards of the powers out of the game (R35,
// eliminate: at the end of an autumn) back in the deck; they draw no
// more. In another season a power that has lost everything keeps its
// cards: it may win some back before the autumn ends.
func (rs *resolution) returnCards() {
	if rs.s.phase.Step != AutumnOps {
		return
	}
	cs := rs.pos.Cards
	for _, id := range rs.pos.Out {
		cs.Bag = slices.DeleteFunc(cs.Bag, func(b string) bool { return b == id })
		if p := rs.power(id); len(p.Hand)+len(p.Drawn) > 0 {
			cs.Used = append(cs.Used, append(p.Hand, p.Drawn...)...)
			p.Hand, p.Drawn = nil, nil
			rs.tell(nil, "the cards of %s go back to the deck (R35)", "p:"+id)
		}
	}
}

// now is the position being made as a state, for what a state reads of
// it (the seats, the survivors, the sheets).
func (rs *resolution) now() *State {
	return &State{r: rs.s.r, pos: rs.pos, phase: rs.s.phase}
}

// drawers are the powers that draw cards: the seated ones not put out of
// the game (R35), in the seed's order, but those that lost the right.
func (rs *resolution) drawers() []string {
	cs := rs.pos.Cards
	return slices.DeleteFunc(rs.now().seatedPowers(), func(id string) bool {
		return slices.Contains(cs.Barred, id) || slices.Contains(rs.pos.Out, id)
	})
}

// lottery draws two markers from the bag (seed §10), with a die of as
// many faces as the bag has markers, each public; the bag is filled
// again when empty, without those drawn this turn, so that the two
// differ. Each player drawn draws a card.
func (rs *resolution) lottery(title string) {
	cs := rs.pos.Cards
	players := rs.drawers()
	cs.Bag = slices.DeleteFunc(cs.Bag, func(id string) bool { return !slices.Contains(players, id) })
	var drawn []string
	undrawn := func() []string {
		return slices.DeleteFunc(slices.Clone(cs.Bag), func(id string) bool { return slices.Contains(drawn, id) })
	}
	for len(drawn) < min(lotteryDraws, len(players)) {
		bag := undrawn()
		if len(bag) == 0 {
			cs.Bag = slices.Clone(players)
			bag = undrawn()
		}
		i := 0
		if len(bag) > 1 {
			i = rs.die(fmt.Sprintf("card lottery: a marker of %d", len(bag)), len(bag), true) - 1
		}
		drawn = append(drawn, bag[i])
		cs.Bag = slices.DeleteFunc(cs.Bag, func(id string) bool { return id == bag[i] })
	}
	if len(drawn) == 0 {
		return
	}
	names := make([]string, len(drawn))
	for i, id := range drawn {
		names[i] = powerArg(id)
	}
	rs.tell(nil, "the card lottery of %s: %s draw a card (seed §10)", title, joinArgs(names))
	for _, id := range drawn {
		rs.lotteryDraw(rs.power(id))
	}
}

// powerArg is a power's name as a list's argument.
func powerArg(id string) string {
	return textArg(func(l game.Lang) string { return powerName(l, id) })
}

// joinArgs joins arguments written in both languages into one.
func joinArgs(args []string) string {
	return textArg(func(l game.Lang) string {
		out := make([]string, len(args))
		for i, a := range args {
			en, it, _ := strings.Cut(strings.TrimPrefix(a, "l:"), "\x1f")
			out[i] = en
			if l == game.Italian {
				out[i] = it
			}
		}
		return strings.Join(out, ", ")
	})
}

// lotteryDraw is p's draw in the lottery: with five cards kept it draws
// none (seed §10), unless its sheet discards one if it is drawn (SCARTA
// CARTA n SE PESCO, R50); a second lottery in a row without a draw loses
// it the right to draw for the rest of the game.
func (rs *resolution) lotteryDraw(p *Power) {
	cs := rs.pos.Cards
	if len(p.Hand)+len(p.Drawn) >= handLimit {
		for _, o := range rs.sheets[p.ID].lines(vDiscard) {
			if n := o.num("n"); o.has("[0]") && slices.Contains(p.Hand, n) {
				p.letGo(n)
				rs.discard(rs.deck()[n])
				rs.tell([]string{p.ID}, "you discard card %s before drawing, as your sheet said (R50)", rs.cardArg(n))
				break
			}
		}
	}
	if len(p.Hand)+len(p.Drawn) >= handLimit {
		if cs.Missed == nil {
			cs.Missed = map[string]int{}
		}
		cs.Missed[p.ID]++
		rs.tell(nil, "%s holds five cards and does not draw (seed §10)", "p:"+p.ID)
		if cs.Missed[p.ID] >= 2 {
			cs.Barred = append(cs.Barred, p.ID)
			cs.Bag = slices.DeleteFunc(cs.Bag, func(id string) bool { return id == p.ID })
			delete(cs.Missed, p.ID)
			rs.tell(nil, "%s has not drawn twice in a row and loses the right to draw for the rest of the game (seed §10)", "p:"+p.ID)
		} else {
			rs.tell([]string{p.ID}, "a second time in a row and you lose the right to draw: to draw, discard or play a card first, or write SCARTA CARTA <n> SE PESCO (seed §10, R50)")
		}
		return
	}
	delete(cs.Missed, p.ID)
	rs.draw(p)
}

// drawCard draws a card from the pile for p, with a die no one else
// sees; an empty pile takes the used cards back first (a ruling: the
// seed reshuffles them only at a new Pope, and is silent on a pile run
// out). 0 for none left.
func (rs *resolution) drawCard(p *Power) int {
	cs := rs.pos.Cards
	if len(cs.Pile) == 0 && len(cs.Used) > 0 {
		cs.Pile, cs.Used = cs.Used, nil
		slices.Sort(cs.Pile)
		rs.tell(nil, "the pile is out of cards: the cards played and discarded go back into it (a ruling: seed §10 is silent)")
	}
	if len(cs.Pile) == 0 {
		rs.tell(nil, "no card is left to draw")
		return 0
	}
	i := 0
	if len(cs.Pile) > 1 {
		i = rs.die(fmt.Sprintf("card drawn by %s: one of %d", p.ID, len(cs.Pile)), len(cs.Pile), false) - 1
	}
	n := cs.Pile[i]
	cs.Pile = slices.Delete(cs.Pile, i, i+1)
	return n
}

// draw draws p a card (seed §10): an obsolete one is put out of the game
// and another drawn; one that must be played is played at once;
// another waits, drawn, for p's next sheet. Only p reads which it is.
func (rs *resolution) draw(p *Power) {
	d := rs.deck()
	for {
		n := rs.drawCard(p)
		if n == 0 {
			return
		}
		c := d[n]
		said := textArg(func(l game.Lang) string { return cardText(l, c) })
		switch {
		case c.Obsolete:
			rs.pos.Cards.Out = append(rs.pos.Cards.Out, n)
			rs.tell([]string{p.ID}, "you draw card %s: it can act no more once the game has begun; it is put out of the game, and you draw another (seed §10)", rs.cardArg(n))
			rs.tell(nil, "%s draws an obsolete card, %s, and draws another (seed §10)", "p:"+p.ID, rs.cardArg(n))
			continue
		case c.Mandatory:
			rs.tell([]string{p.ID}, "you draw card %s: %s", rs.cardArg(n), said)
			rs.tell([]string{arbiterOnly}, "%s draws card %s", "p:"+p.ID, rs.cardArg(n))
			p.Drawn = append(p.Drawn, n)
			rs.play(p, n, whenDrawn, "")
		default:
			p.Drawn = append(p.Drawn, n)
			rs.tell([]string{arbiterOnly}, "%s draws card %s", "p:"+p.ID, rs.cardArg(n))
			rs.tell([]string{p.ID}, "you draw card %s: %s. On your next sheet keep it (TIENI CARTA %s), discard it (SCARTA CARTA %s) or play it (GIOCA CARTA %s); without a line it is kept if your hand has room (seed §10, R34)", rs.cardArg(n), said, fmt.Sprint(n), fmt.Sprint(n), fmt.Sprint(n))
		}
		return
	}
}
