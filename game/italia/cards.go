package italia

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
)

// The cards in play (seed §10, spec §3.17, R41, R46, R49, R50): where
// each card of the scenario's deck is, the lottery's bag, the cards
// played that wait for the arbiter, the Conclave and the Florentine
// council. The hands are the powers' (Power.Hand, Power.Drawn). A
// position without a scenario, or from before the cards, has none of
// this: its cards are the arbiter's, as they were.

// Cards is the state of the cards.
type Cards struct {
	// Pile is the draw pile in the cards' order: a draw rolls a die of
	// as many faces as it has cards and takes that one, as the top card
	// of a shuffled pile would be any of them.
	Pile []int `json:"pile,omitempty"`
	// Used are the cards played or discarded: back in the pile when a
	// new Pope is elected (seed §10), or when the pile runs out (a
	// ruling: the seed is silent).
	Used []int `json:"used,omitempty"`
	// Out are the cards out of the game: removed after use, a dead
	// character's, an obsolete one, a Pope elected.
	Out []int `json:"out,omitempty"`
	// Bag are the lottery's markers not drawn since it was last filled
	// (seed §10: "tenuto fuori dal recipiente finché tutti i giocatori
	// abbiano pescato").
	Bag []string `json:"bag,omitempty"`
	// Missed counts, by power, the lotteries in a row that drew it and
	// in which it could not draw (a full hand); Barred are the powers
	// that missed two and lost the right to draw (seed §10).
	Missed map[string]int `json:"missed,omitempty"`
	Barred []string       `json:"barred,omitempty"`
	// Awaiting are the cards played whose effect the arbiter applies
	// (R41), until his CARTA <n> EFFETTO.
	Awaiting []Played `json:"awaiting,omitempty"`
	// Popes are the Popes dead since the start: the third's death ends
	// the game (seed §3 G, R33). Conclave is the conclave sitting.
	Popes    int       `json:"popes,omitempty"`
	Conclave *Conclave `json:"conclave,omitempty"`
	// Council is set once Savonarola is gone: Florence holds the
	// parties' cards and the council sits each spring; Party is the one
	// that prevailed last (seed §10).
	Council bool   `json:"council,omitempty"`
	Party   string `json:"party,omitempty"`
}

// Played is a card played whose effect is the arbiter's.
type Played struct {
	Card  int    `json:"card"`
	By    string `json:"by"`
	Phase string `json:"phase"`
	// When is the step it was played at (when*); Words what the player
	// wrote after it.
	When  string `json:"when"`
	Words string `json:"words,omitempty"`
}

// Conclave is a conclave sitting (seed §10).
type Conclave struct {
	// Session is its next sitting: the first needs two candidates and
	// four players voting; from the second a Pope is elected unless the
	// Fumata Nera is played.
	Session int `json:"session"`
	// Draws marks a conclave adjourned: the next turn's draws are the
	// conclave's, every player drawing and keeping only a conclave card.
	Draws bool `json:"draws,omitempty"`
}

// When a card is played (R41): in the spring diplomacy, before or after
// a turn's operations (spec §2.3: before the expenses and the gifts,
// after the sieges and the autumn's taxes and supply), when drawn (a
// card that must be played), elected (a conclave's Pope).
const (
	whenDiplomacy = "diplomacy"
	whenBefore    = "before"
	whenAfter     = "after"
	whenDrawn     = "drawn"
	whenElected   = "elected"
)

// playWords are GIOCA's timing words (verbs.go), by when.
var playWords = map[string]string{"DIPLOMAZIA": whenDiplomacy, "PRIMA": whenBefore, "DOPO": whenAfter}

// deck is the scenario's deck, by number.
type deck map[int]*Card

// deck is the deck the position plays with: nil where its cards are the
// arbiter's (no scenario, or no cards dealt).
func (pos *Position) deck() deck {
	if pos.Scenario == nil || pos.Cards == nil {
		return nil
	}
	data := pos.Scenario.data()
	d := deck{}
	for i := range data.Cards {
		d[data.Cards[i].N] = &data.Cards[i]
	}
	return d
}

// deck is the deck of the position being made: its scenario is the
// turn's, so it is read once.
func (rs *resolution) deck() deck {
	if rs.cards == nil {
		rs.cards = rs.pos.deck()
	}
	return rs.cards
}

// dealCards deals the scenario's cards: each power its hand at the start
// (seed §10), the deck's others to the pile; the council's cards are
// outside it.
func (pos *Position) dealCards() {
	data := pos.Scenario.data()
	held := map[int]bool{}
	for _, p := range pos.Powers {
		p.Hand, p.Drawn = slices.Clone(data.Hands[p.ID]), nil
		for _, n := range p.Hand {
			held[n] = true
		}
	}
	cs := &Cards{}
	for _, c := range data.Cards {
		if c.Party == "" && !held[c.N] {
			cs.Pile = append(cs.Pile, c.N)
		}
	}
	pos.Cards = cs
}

// checkCards says what is wrong with a position's cards: each card of
// the deck but the council's is in one place (the pile, the used, out,
// a hand, drawn), and no other card is anywhere.
func (r *Rules) checkCards(pos *Position) error {
	d := pos.deck()
	if d == nil {
		return nil
	}
	cs := pos.Cards
	where := map[int]string{}
	put := func(at string, ns []int) error {
		for _, n := range ns {
			c := d[n]
			switch {
			case c == nil:
				return fmt.Errorf("cards: %d in %s is no card of the deck", n, at)
			case c.Party != "":
				return fmt.Errorf("cards: %d in %s is the council's", n, at)
			case where[n] != "":
				return fmt.Errorf("cards: %d in %s and in %s", n, where[n], at)
			}
			where[n] = at
		}
		return nil
	}
	if err := put("the pile", cs.Pile); err != nil {
		return err
	}
	if err := put("the used cards", cs.Used); err != nil {
		return err
	}
	if err := put("the cards out", cs.Out); err != nil {
		return err
	}
	for _, p := range pos.Powers {
		if err := put(p.ID+"'s hand", p.Hand); err != nil {
			return err
		}
		if err := put(p.ID+"'s draw", p.Drawn); err != nil {
			return err
		}
	}
	for n, c := range d {
		if c.Party == "" && where[n] == "" {
			return fmt.Errorf("cards: %d is nowhere", n)
		}
	}
	for _, id := range slices.Concat(cs.Bag, cs.Barred) {
		if pos.power(id) == nil {
			return fmt.Errorf("cards: the lottery's %q is no power of the game", id)
		}
	}
	for _, pl := range cs.Awaiting {
		if d[pl.Card] == nil || pos.power(pl.By) == nil {
			return fmt.Errorf("cards: card %d played by %q", pl.Card, pl.By)
		}
	}
	if cs.Party != "" && !slices.Contains(parties, cs.Party) {
		return fmt.Errorf("cards: party %q", cs.Party)
	}
	return nil
}

// cardName names card c in l: its number and title ("7 L'esclusiva
// francese", the English title in English where it has one), or "12 (a
// placeholder)".
func cardName(l game.Lang, c *Card) string {
	title := c.Title
	if l == game.English && c.English != "" {
		title = c.English
	}
	if title == "" {
		return f(l, "%d (a placeholder)", c.N)
	}
	return strconv.Itoa(c.N) + " " + title
}

// named is cardName as a text, in the reader's language.
func (c *Card) named() game.Text {
	return func(l game.Lang) string { return cardName(l, c) }
}

// cardText is what card c says, as its CARD line wrote it (in English
// where it gives an English text, else as written), or that the arbiter
// says it for a placeholder.
func cardText(l game.Lang, c *Card) string {
	if l == game.English && c.EnglishText != "" {
		return c.EnglishText
	}
	if c.Text != "" {
		return c.Text
	}
	return t(l, "the seed does not say what it does: the arbiter does")
}

// keeps reports whether p may keep card n beside the cards it keeps
// (seed §10: 5, and a 6th only if a conclave card).
func (d deck) keeps(p *Power, n int) bool {
	var hand []*Card
	for _, k := range append(slices.Clone(p.Hand), n) {
		hand = append(hand, d[k])
	}
	return handAllowed(hand)
}

// holds reports whether p holds card n, kept or drawn.
func (p *Power) holds(n int) bool { return slices.Contains(p.Hand, n) || slices.Contains(p.Drawn, n) }

// letGo takes card n from p's hand or draw.
func (p *Power) letGo(n int) {
	p.Hand = slices.DeleteFunc(p.Hand, func(k int) bool { return k == n })
	p.Drawn = slices.DeleteFunc(p.Drawn, func(k int) bool { return k == n })
}

// handText writes a power's cards for its own reader: the hand, the
// cards drawn and waiting for the next sheet, Florence's council cards.
func (s *State) handText(l game.Lang, p *Power) string {
	d := s.pos.deck()
	if d == nil || !s.r.seated(p.ID) && len(p.Hand)+len(p.Drawn) == 0 {
		return "" // the powers nobody sits at draw no cards
	}
	names := func(ns []int) string {
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = cardName(l, d[n])
		}
		return strings.Join(out, "; ")
	}
	var b strings.Builder
	switch {
	case len(p.Hand) > 0:
		b.WriteString("  " + f(l, "cards: %s", names(p.Hand)) + "\n")
	default:
		b.WriteString("  " + t(l, "cards: none") + "\n")
	}
	if len(p.Drawn) > 0 {
		b.WriteString("  " + f(l, "drawn, to keep, discard or play on your next sheet: %s", names(p.Drawn)) + "\n")
	}
	if p.ID == "firenze" && s.pos.Cards.Council {
		var council []int
		for _, n := range slices.Sorted(maps.Keys(d)) {
			if d[n].Party != "" {
				council = append(council, n)
			}
		}
		b.WriteString("  " + f(l, "the council's cards, outside the hand limit: %s", names(council)) + "\n")
	}
	return b.String()
}

// cardsText writes what everyone knows of the cards under the position
// (spec §3.22): the conclave sitting, the council's party, the French
// exclusive, the powers that lost the right to draw; to the arbiter, the
// cards played whose effect he has not applied.
func (s *State) cardsText(l game.Lang, to game.Viewer) string {
	d := s.pos.deck()
	if d == nil {
		return ""
	}
	cs := s.pos.Cards
	var b strings.Builder
	if cs.Conclave != nil {
		b.WriteString(f(l, "The Pope is dead: the conclave sits, session %d (seed §10); the candidates of the deck: %s", cs.Conclave.Session, candidatesText(l, d, cs)) + "\n")
	}
	if cs.Popes > 0 {
		b.WriteString(f(l, "Popes dead since 1499: %d; the third's death ends the game (seed §3 G, R33)", cs.Popes) + "\n")
	}
	if cs.Council {
		party := t(l, "none yet")
		if cs.Party != "" {
			party = partyName(cs.Party)
		}
		b.WriteString(f(l, "The Florentine council sits each spring (Savonarola is gone, seed §10); prevailing: %s", party) + "\n")
	}
	if s.pos.FrenchExclusive {
		b.WriteString(t(l, "The French exclusive on the Swiss is in force: nobody but France hires them (card 7, seed §4)") + "\n")
	}
	for _, id := range cs.Barred {
		b.WriteString(f(l, "%s has lost the right to draw cards (seed §10)", powerName(l, id)) + "\n")
	}
	for _, id := range s.pos.Out {
		b.WriteString(f(l, "%s is out of the game: it draws no cards (R35)", powerName(l, id)) + "\n")
	}
	if to.Master {
		for _, pl := range cs.Awaiting {
			b.WriteString(f(l, "Card %s, played by %s in %s, waits for your CARTA %d EFFETTO: %s", cardName(l, d[pl.Card]), powerName(l, pl.By), pl.Phase, pl.Card, cardText(l, d[pl.Card])) + "\n")
		}
	}
	return b.String()
}

// candidatesText lists the deck's candidates still in the game.
func candidatesText(l game.Lang, d deck, cs *Cards) string {
	var out []string
	for _, n := range slices.Sorted(maps.Keys(d)) {
		if d[n].Role == roleCandidate && !slices.Contains(cs.Out, n) {
			out = append(out, cardName(l, d[n]))
		}
	}
	if len(out) == 0 {
		return t(l, "none")
	}
	return strings.Join(out, ", ")
}

// cardLine judges a line of the cards (spec §4.2): the card is the
// player's, kept or drawn; only one drawn is kept; a card is used only
// by the player whose symbol it bears (seed §10); the conclave's are
// handed in to a conclave and the council's are not played; a card that
// must be played is neither kept nor discarded; a card is played at a
// moment of the phase's (R41).
func (c *checker) cardLine(o *order) game.Text {
	n := o.num("n")
	if o.verb == vKeep && !slices.Contains(c.p.Drawn, n) {
		return tx("you have not drawn card %d this turn", n)
	}
	if !c.p.holds(n) {
		return tx("card %d is not in your hand", n)
	}
	d := c.s.pos.deck()
	if d == nil {
		if o.verb == vCandidate || o.verb == vVote || o.verb == vBlackSmoke {
			return c.conclaveLine(o, d)
		}
		return nil // the cards are the arbiter's
	}
	card := d[n]
	uses := o.verb == vPlay || o.verb == vCandidate || o.verb == vVote || o.verb == vBlackSmoke
	switch {
	case uses && card.Owner != "" && card.Owner != c.seat:
		return tx("card %d bears the symbol of %s: you may keep it or trade it, never use it (seed §10)", n, powerText(card.Owner))
	case o.verb == vPlay && card.conclaveCard():
		return tx("card %d is the Conclave's: it is handed in to a conclave (CONCLAVE CANDIDATO CARTA, CONCLAVE VOTO, FUMATA NERA CARTA; seed §10)", n)
	case (o.verb == vKeep || o.verb == vDiscard) && card.Mandatory:
		return tx("card %d must be played (seed §10)", n)
	case o.verb == vCandidate || o.verb == vVote || o.verb == vBlackSmoke:
		return c.conclaveLine(o, d)
	case o.verb != vPlay:
		return nil
	}
	switch when := whenPlayed(o, c.s.phase); {
	case c.s.phase.Diplomacy() && when != whenDiplomacy:
		return tx("in the spring diplomacy a card is played QUANDO DIPLOMAZIA (R41)")
	case !c.s.phase.Diplomacy() && when == whenDiplomacy:
		return tx("DIPLOMAZIA is the spring diplomacy's: in the operations a card is played QUANDO PRIMA or DOPO (R41)")
	}
	return nil
}
