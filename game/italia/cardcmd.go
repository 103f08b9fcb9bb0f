package italia

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// The arbiter's word on the cards (seed §10, spec §3.17, §3.18, R41):
// CARTA (in English CARD), a command of his beside EDIT and ARBITRO. The
// engine plays the cards it knows (the lottery, the draws, the French
// exclusive, the Conclave, the council); what a card does beyond that is
// the arbiter's, and so are the deaths the cards follow:
//
//	CARTA <n> EFFETTO <what> -- <reason>   a card played: what its effect did (the
//	                                       position's changes are EDIT's); the card
//	                                       no longer waits for him
//	CARTA <n> FINE -- <reason>             the French exclusive (card 7) ends
//	CARTA <n> ELIMINA -- <reason>          the card leaves the game (a character dies,
//	                                       another card's effect); Savonarola's opens
//	                                       the council
//	CARTA <n> A <power> -- <reason>        the card passes to a power's hand (a trade,
//	                                       another card's effect)
//	CARTA PAPA MORTO -- <reason>           the Pope dies: the conclave, or the end
//	CARTA SAVONAROLA MORTO -- <reason>     Savonarola is gone: the council sits
//
// Each carries its reason, which every player reads; the judge audits it.
// A card's holder is private (spec §3.22): the players read what happened,
// not whose hand a card left.

// cardUsage is what CARTA takes.
const cardUsage = "expected CARTA <n> EFFETTO <what>, CARTA <n> FINE, CARTA <n> ELIMINA, CARTA <n> A <power>, CARTA PAPA MORTO or CARTA SAVONAROLA MORTO " +
	"(in English CARD <n> EFFECT <what>, CARD <n> END, CARD <n> REMOVE, CARD <n> TO <power>, CARD POPE DIES, CARD SAVONAROLA DIES), then -- and the reason the players will read"

// cardWords are CARTA's words, Italian and English, by meaning.
var cardWords = map[string]string{
	"effetto": "effect", "effect": "effect",
	"fine": "end", "end": "end",
	"elimina": "remove", "remove": "remove",
	"a": "to", "to": "to",
	"papa": "pope", "pope": "pope",
	"savonarola": "savonarola",
	"morto":      "dies", "muore": "dies", "dies": "dies", "dead": "dies",
}

// cardCommands are CARTA and CARD.
func cardCommands() []game.Command {
	do := stateCommand((*State).cardWord)
	return []game.Command{
		{Verb: "CARTA", Master: true, Do: do,
			Syntax: [game.Langs]string{"CARTA <n> EFFETTO|FINE|ELIMINA|A <power> ..., CARTA PAPA|SAVONAROLA MORTO -- <reason>", "CARTA <n> EFFETTO|FINE|ELIMINA|A <potenza> ..., CARTA PAPA|SAVONAROLA MORTO -- <motivo>"},
			Help:   [game.Langs]string{"the arbiter's word on the cards, the Pope's death and Savonarola's (seed §10), in Italian", "la parola dell'arbitro sulle carte, la morte del Papa e di Savonarola (seed §10)"}},
		{Verb: "CARD", Master: true, Do: do,
			Syntax: [game.Langs]string{"CARD <n> EFFECT|END|REMOVE|TO <power> ..., CARD POPE|SAVONAROLA DIES -- <reason>", "CARD <n> EFFECT|END|REMOVE|TO <potenza> ..., CARD POPE|SAVONAROLA DIES -- <motivo>"},
			Help:   [game.Langs]string{"the arbiter's word on the cards, the Pope's death and Savonarola's (seed §10)", "come CARTA, in inglese"}},
	}
}

// cardWord carries out the words after CARTA: the state changed, the
// reply to the arbiter and the notice to everyone; a refusal that says
// what was wrong, and nothing changed.
func (s *State) cardWord(args string) (*State, game.Text, game.Text, error) {
	fields, reason := reasoned(args)
	if len(fields) < 2 {
		return nil, nil, nil, refuse(cardUsage)
	}
	if reason == "" {
		return nil, nil, nil, noReason()
	}
	switch {
	case s.pos.deck() == nil:
		return nil, nil, nil, refuse("this game keeps no cards (a position from before them): its cards, the Conclave and the council are yours, applied with EDIT")
	case s.pos.Battles != nil:
		return nil, nil, nil, refuse("the turn waits for its battle tickets: give your word on the cards once they are resolved")
	}
	next, err := s.changeable()
	if err != nil {
		return nil, nil, nil, err
	}
	first, what := machiavelli.Fold(fields[0]), cardWords[machiavelli.Fold(fields[1])]
	var reply, notice game.Text
	switch {
	case cardWords[first] == "pope" && what == "dies":
		reply, notice, err = next.killPope(reason)
	case cardWords[first] == "savonarola" && what == "dies":
		reply, notice, err = next.savonarolaGone(reason)
	default:
		n, nerr := strconv.Atoi(fields[0])
		c := next.pos.deck()[n]
		if nerr != nil || c == nil {
			return nil, nil, nil, refuse("%q is no card of the deck; %s", fields[0], cardUsage)
		}
		switch what {
		case "effect":
			reply, notice, err = next.cardEffect(c, strings.Join(fields[2:], " "), reason)
		case "end":
			reply, notice, err = next.cardEnd(c, fields[2:])
		case "remove":
			if len(fields) > 2 {
				return nil, nil, nil, refuse(cardUsage)
			}
			reply, notice, err = next.cardOut(c, reason)
		case "to":
			reply, notice, err = next.cardTo(c, fields[2:], reason)
		default:
			return nil, nil, nil, refuse(cardUsage)
		}
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return next, reply, notice, nil
}

// cardEffect is CARTA <n> EFFETTO: the oldest play of card n that waits
// for the arbiter is applied.
func (s *State) cardEffect(c *Card, what, reason string) (game.Text, game.Text, error) {
	cs := s.pos.Cards
	i := slices.IndexFunc(cs.Awaiting, func(p Played) bool { return p.Card == c.N })
	if i < 0 {
		return nil, nil, s.noneAwaits(c)
	}
	if what == "" {
		return nil, nil, refuse("EFFETTO says what the card did, which the players read: CARTA %d EFFETTO <what> -- <reason>", c.N)
	}
	pl := cs.Awaiting[i]
	cs.Awaiting = slices.Delete(cs.Awaiting, i, i+1)
	notice := func(l game.Lang) string {
		return f(l, "The arbiter applies card %s of %s: %s. Reason: %s\n", cardName(l, c), powerName(l, pl.By), what, reason)
	}
	return func(l game.Lang) string {
		return f(l, "card %s of %s applied; the players read: %s", cardName(l, c), powerName(l, pl.By), what)
	}, notice, nil
}

// noneAwaits refuses an effect for a card no play of which waits.
func (s *State) noneAwaits(c *Card) error {
	var waiting []string
	for _, p := range s.pos.Cards.Awaiting {
		waiting = append(waiting, strconv.Itoa(p.Card))
	}
	if len(waiting) == 0 {
		return refuse("card %s waits for no effect: no card played waits for you", c.named())
	}
	return refuse("card %s waits for no effect; the cards played that wait for you are %s", c.named(), strings.Join(waiting, ", "))
}

// cardEnd is CARTA <n> FINE: the French exclusive of a swiss card ends.
func (s *State) cardEnd(c *Card, rest []string) (game.Text, game.Text, error) {
	switch {
	case len(rest) > 0:
		return nil, nil, refuse(cardUsage)
	case !c.Swiss:
		return nil, nil, refuse("card %d has no lasting effect the judge keeps: the French exclusive's card (swiss) does", c.N)
	case !s.pos.FrenchExclusive:
		return nil, nil, refuse("the French exclusive is not in force")
	}
	s.pos.FrenchExclusive = false
	return tx("the French exclusive on the Swiss ends"), tx("The French exclusive on the Swiss ends (card %d, seed §4): the Swiss may be hired again.\n", c.N), nil
}

// cardPlace says where card n is, for the arbiter: a power's hand, the
// pile, the used cards, out of the game.
func (s *State) cardPlace(n int) game.Text {
	for _, p := range s.pos.Powers {
		if p.holds(n) {
			return tx("the hand of %s", powerText(p.ID))
		}
	}
	cs := s.pos.Cards
	switch {
	case slices.Contains(cs.Pile, n):
		return tx("the pile")
	case slices.Contains(cs.Used, n):
		return tx("the used cards")
	}
	return tx("out of the game")
}

// take takes card n from where it is (not out of the game).
func (pos *Position) take(n int) {
	for _, p := range pos.Powers {
		p.letGo(n)
	}
	cs := pos.Cards
	drop := func(ns []int) []int { return slices.DeleteFunc(ns, func(k int) bool { return k == n }) }
	cs.Pile, cs.Used = drop(cs.Pile), drop(cs.Used)
}

// cardOut is CARTA <n> ELIMINA: the card leaves the game; Savonarola's
// opens the council.
func (s *State) cardOut(c *Card, reason string) (game.Text, game.Text, error) {
	if c.Party != "" {
		return nil, nil, refuse("card %d is the council's: it is Florence's once Savonarola is gone, and never out (seed §10)", c.N)
	}
	if slices.Contains(s.pos.Cards.Out, c.N) {
		return nil, nil, refuse("card %d is out of the game already", c.N)
	}
	was := s.cardPlace(c.N)
	s.pos.take(c.N)
	s.pos.Cards.Out = append(s.pos.Cards.Out, c.N)
	reply := func(l game.Lang) string { return f(l, "card %s, from %s, is out of the game", cardName(l, c), was(l)) }
	notice := func(l game.Lang) string {
		return f(l, "Card %s is out of the game. Reason: %s\n", cardName(l, c), reason)
	}
	if c.Savonarola && !s.pos.Cards.Council {
		r, n, _ := s.savonarolaGone(reason)
		return join2(reply, r), join2(notice, n), nil
	}
	return reply, notice, nil
}

// join2 joins two texts with a space.
func join2(a, b game.Text) game.Text {
	return func(l game.Lang) string { return strings.TrimSpace(a(l) + " " + b(l)) }
}

// cardTo is CARTA <n> A <power>: the card passes to the power's hand,
// within the hand limit.
func (s *State) cardTo(c *Card, rest []string, reason string) (game.Text, game.Text, error) {
	if len(rest) == 0 {
		return nil, nil, refuse(cardUsage)
	}
	id, others := lookupPower(strings.Join(rest, " "))
	if id == "" || len(others) > 0 || !s.r.seated(id) {
		return nil, nil, refuse("%q is no power a player sits at", strings.Join(rest, " "))
	}
	p := s.power(id)
	switch {
	case c.Party != "":
		return nil, nil, refuse("card %d is the council's: it is Florence's once Savonarola is gone (seed §10)", c.N)
	case slices.Contains(s.pos.Cards.Out, c.N):
		return nil, nil, refuse("card %d is out of the game", c.N)
	case slices.Contains(p.Hand, c.N):
		return nil, nil, refuse("card %d is in the hand of %s already", c.N, powerText(id))
	}
	was := s.cardPlace(c.N)
	s.pos.take(c.N)
	if !s.pos.deck().keeps(p, c.N) {
		return nil, nil, refuse("%s keeps %d cards: 5, and a 6th only if a conclave card (seed §10)", powerText(id), len(p.Hand))
	}
	p.Hand = append(p.Hand, c.N)
	reply := func(l game.Lang) string {
		return f(l, "card %s passes from %s to the hand of %s", cardName(l, c), was(l), powerName(l, id))
	}
	notice := func(l game.Lang) string {
		return f(l, "The arbiter hands a card to %s. Reason: %s\n", powerName(l, id), reason)
	}
	return reply, notice, nil
}

// killPope is CARTA PAPA MORTO: the conclave sits from this phase, or,
// the third Pope dead, the game ends when it is processed.
func (s *State) killPope(reason string) (game.Text, game.Text, error) {
	third, opened := s.pos.popeDies()
	switch {
	case third:
		msg := tx("The third Pope is dead: the game ends when %s is processed (seed §3 G, R33). Reason: %s\n", game.Text(s.phase.Title), reason)
		return msg, msg, nil
	case !opened:
		return nil, nil, refuse("a conclave sits already: there is no Pope to die")
	}
	d, cs := s.pos.deck(), s.pos.Cards
	notice := func(l game.Lang) string {
		return f(l, "The Pope is dead. Reason: %s. The conclave sits when %s is processed: hand in your conclave cards on this phase's sheet: CONCLAVE CANDIDATO CARTA <n>, CONCLAVE VOTO <candidates> CARTA <n>, FUMATA NERA CARTA <n> (seed §10); the candidates of the deck: %s. While it sits the Pope makes no military operation outside his own territories (R49).\n",
			reason, s.phase.Title(l), candidatesText(l, d, cs))
	}
	return tx("the Pope is dead: the conclave sits when %s is processed", game.Text(s.phase.Title)), notice, nil
}

// savonarolaGone is CARTA SAVONAROLA MORTO: his cards leave the game, and
// the council sits each spring from the next diplomacy processed.
func (s *State) savonarolaGone(reason string) (game.Text, game.Text, error) {
	cs := s.pos.Cards
	if cs.Council {
		return nil, nil, refuse("Savonarola is gone already: the council sits")
	}
	cs.Council = true
	s.pos.savonarolaOut()
	notice := tx("Savonarola is gone. Reason: %s. Florence holds the council's cards (45-47, seed §10); at each spring diplomacy the council chooses its party: anyone may spend on a party with CONSIGLIO <party> <ducats> on the diplomacy's sheet (+1 vote each 5 ducats, R46).\n", reason)
	return tx("Savonarola is gone: the council sits each spring"), notice, nil
}

// savonarolaOut puts Savonarola's cards out of the game, he being gone.
func (pos *Position) savonarolaOut() {
	cs := pos.Cards
	for n, c := range pos.deck() {
		if c.Savonarola && !slices.Contains(cs.Out, n) {
			pos.take(n)
			cs.Out = append(cs.Out, n)
		}
	}
	slices.Sort(cs.Out)
}

// cardMove is a card the arbiter's CARTA words moved from where the deck
// dealt it: out of the game (To ""), or into a power's hand.
type cardMove struct {
	N  int
	To string
}

// cardMoves are the cards of pos that are not where its deck dealt them:
// before the first phase is processed nothing is drawn or played, so
// they are the arbiter's CARTA <n> ELIMINA and CARTA <n> A <power>, and
// Savonarola's cards put out at his death.
func (pos *Position) cardMoves() []cardMove {
	d := pos.deck()
	if d == nil {
		return nil
	}
	data := pos.Scenario.data()
	var out []cardMove
	for _, n := range slices.Sorted(maps.Keys(d)) {
		dealt := ""
		for id, hand := range data.Hands {
			if slices.Contains(hand, n) {
				dealt = id
			}
		}
		switch {
		case slices.Contains(pos.Cards.Out, n):
			out = append(out, cardMove{N: n})
		default:
			for _, p := range pos.Powers {
				if p.holds(n) && p.ID != dealt {
					out = append(out, cardMove{N: n, To: p.ID})
				}
			}
		}
	}
	return out
}

// redeal deals the cards of pos (a copy of old) again, its scenario
// having a new deck or new hands from SCENARIO, keeping the arbiter's
// word on the cards given before it in the phase: the Popes dead and the conclave, the
// council and its party, the cards waiting for his effect, the lottery's
// rights are kept as they are; the cards his CARTA words moved (moves,
// from old) are moved again on the new deal, and Savonarola's cards are
// out if he is gone. A move the new deal cannot carry refuses the block:
// the arbiter's work is never lost without his knowing. The reply says
// what was carried.
func (pos *Position) redeal(old *Position) (game.Text, error) {
	moves, kept := old.cardMoves(), pos.Cards
	pos.dealCards()
	if kept == nil {
		return nil, nil
	}
	kept.Pile, kept.Used, kept.Out = pos.Cards.Pile, nil, nil
	pos.Cards = kept
	d := pos.deck()
	var wrong, done []game.Text
	for _, m := range moves {
		c := d[m.N]
		what := tx("card %d, which your CARTA word put out of the game,", m.N)
		if m.To != "" {
			what = tx("card %d, which your CARTA word gave to %s,", m.N, powerText(m.To))
		}
		switch {
		case c == nil:
			wrong = append(wrong, tx("%s is not in the new deck", what))
			continue
		case c.Party != "":
			wrong = append(wrong, tx("%s is the council's in the new deck", what))
			continue
		}
		pos.take(m.N)
		if m.To == "" {
			kept.Out = append(kept.Out, m.N)
			done = append(done, tx("card %d out of the game", m.N))
			continue
		}
		p := pos.power(m.To)
		if !d.keeps(p, m.N) {
			wrong = append(wrong, tx("%s would be a card too many in the new hand of %s (5, and a 6th only if a conclave card, seed §10)", what, powerText(m.To)))
			continue
		}
		p.Hand = append(p.Hand, m.N)
		done = append(done, tx("card %d in the hand of %s", m.N, powerText(m.To)))
	}
	if kept.Council {
		pos.savonarolaOut()
	}
	for _, pl := range kept.Awaiting {
		if d[pl.Card] == nil {
			wrong = append(wrong, tx("card %d, played and waiting for your EFFETTO, is not in the new deck", pl.Card))
		}
	}
	if len(wrong) > 0 {
		return nil, &game.Refusal{Reason: func(l game.Lang) string {
			return f(l, "the scenario is refused: the new cards cannot carry your word on the cards given in this phase: %s", joinTexts(wrong, "; ")(l))
		}}
	}
	if len(done) == 0 {
		return nil, nil
	}
	return func(l game.Lang) string {
		return f(l, "Your word on the cards given in this phase stands on the new deal: %s.", joinTexts(done, "; ")(l))
	}, nil
}

// The scenario's parts of the cards, for STATUS and SCENARIO's reply.
func init() {
	tableParts = append(tableParts,
		struct {
			part          string
			name, shipped game.Text
		}{partCards, tx("the card deck"), tx("a provisional one")},
		struct {
			part          string
			name, shipped game.Text
		}{partHands, tx("the hands at the start"), tx("no cards")},
	)
}

// cardsGiven reports whether a SCENARIO block gives or confirms the deck
// or the hands.
func cardsGiven(add *Scenario) bool {
	return add.Cards != nil || add.Hands != nil || slices.Contains(add.Confirmed, partCards) || slices.Contains(add.Confirmed, partHands)
}
