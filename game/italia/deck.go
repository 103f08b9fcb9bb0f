package italia

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// The deck (seed §10, spec §1.6, §3.17): cards of events, characters,
// condottieri, the Conclave and the Florentine council, and each
// player's three cards at the start. The seed has none of them, so they
// are scenario data (scenario.txt's CARD and HAND lines), which the
// arbiter replaces with SCENARIO; the judge ships only what the seed
// says of its cards (7, 21, 45-47, the Conclave's kinds), the rest
// placeholders.

// Card is a card of the deck as its CARD line gives it.
type Card struct {
	N int `json:"n"`
	// Title is the card's title, in Italian; English its English title
	// where the arbiter gives one; Text what it says, as he wrote it, and
	// EnglishText the same in English where he gives it (the English
	// readers read Text without it).
	Title       string `json:"title,omitempty"`
	English     string `json:"english,omitempty"`
	Text        string `json:"text,omitempty"`
	EnglishText string `json:"english_text,omitempty"`
	// Owner is the power whose symbol the card bears: only its player
	// uses it (seed §10); "" for anyone.
	Owner string `json:"owner,omitempty"`
	// Mandatory cards are played when drawn; Remove ones leave the game
	// once played ("eliminare dopo l'uso"); Obsolete ones can no longer
	// act once the game has begun (21, Ludovico il Moro): drawn, they are
	// put out of the game and another is drawn (seed §10).
	Mandatory bool `json:"mandatory,omitempty"`
	Remove    bool `json:"remove,omitempty"`
	Obsolete  bool `json:"obsolete,omitempty"`
	// Character marks a character's card: it stays in the hand until the
	// character dies (the arbiter's CARTA <n> ELIMINA).
	Character bool `json:"character,omitempty"`
	// Role is the card's part in the Conclave (roleCandidate and so on),
	// with its Votes; Party one of the council's three (45-47), outside
	// the deck and the hand limit.
	Role  string `json:"role,omitempty"`
	Votes int    `json:"votes,omitempty"`
	Party string `json:"party,omitempty"`
	// Swiss: played, it puts the French exclusive on the Swiss in force
	// (card 7, seed §4) until the arbiter ends it (CARTA <n> FINE).
	Swiss bool `json:"swiss,omitempty"`
	// Savonarola marks his card: when he is gone, the council sits.
	Savonarola bool `json:"savonarola,omitempty"`
	// Placeholder marks a card the seed only numbers or names.
	Placeholder bool `json:"placeholder,omitempty"`
}

// Conclave roles (seed §10): a candidate with the votes its card forces
// for him, a card of cardinals' votes (Controllo Cardinali), the
// Valentino's special card, the Fumata Nera that voids the vote.
const (
	roleCandidate = "candidate"
	roleCardinals = "cardinals"
	roleValentino = "valentino"
	roleSmoke     = "smoke"
)

// conclaveCard reports whether the card is one of the Conclave's.
func (c *Card) conclaveCard() bool { return c.Role != "" }

// votes reports whether the card gives votes in a conclave (seed §10: a
// candidate, the cardinals, the Valentino; not the Fumata Nera).
func (c *Card) votes() bool { return c.Role != "" && c.Role != roleSmoke }

// The council's parties (seed §10), in the order their dice roll.
var parties = []string{"piagnoni", "arrabbiati", "bigi"}

// cardOption is a word of a CARD line: a flag, or a key that takes a
// value (key=value), in Italian and English; role marks the card's part
// in the Conclave or the council, one a card.
type cardOption struct {
	italian, english string
	value, role      bool
	set              func(c *Card, v string, sr *scenarioReader) game.Text
}

// votesOf sets a conclave role and its votes, 1 or more.
func votesOf(role string) func(*Card, string, *scenarioReader) game.Text {
	return func(c *Card, v string, _ *scenarioReader) game.Text {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return tx("%q: the votes are a number from 1", v)
		}
		c.Role, c.Votes = role, n
		return nil
	}
}

// cardOptions are the words of a CARD line (scenario.txt says them).
var cardOptions = []cardOption{
	{"simbolo", "owner", true, false, func(c *Card, v string, sr *scenarioReader) game.Text {
		p, why := sr.rd.find(v, sPower)
		if why == nil {
			c.Owner = p.(string)
		}
		return why
	}},
	{"obbligo", "mandatory", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Mandatory = true; return nil }},
	{"elimina", "remove", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Remove = true; return nil }},
	{"obsoleta", "obsolete", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Obsolete = true; return nil }},
	{"personaggio", "character", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Character = true; return nil }},
	{"candidato", "candidate", true, true, votesOf(roleCandidate)},
	{"cardinali", "cardinals", true, true, votesOf(roleCardinals)},
	{"valentino", "valentino", true, true, votesOf(roleValentino)},
	{"fumata", "smoke", false, true, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Role = roleSmoke; return nil }},
	{"partito", "party", true, true, func(c *Card, v string, _ *scenarioReader) game.Text {
		if w := machiavelli.Fold(v); slices.Contains(parties, w) {
			c.Party = w
			return nil
		}
		return tx("%q is no party of the council: PIAGNONI, ARRABBIATI or BIGI", v)
	}},
	{"svizzeri", "swiss", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Swiss = true; return nil }},
	{"savonarola", "savonarola", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Savonarola = true; return nil }},
	{"segnaposto", "placeholder", false, false, func(c *Card, _ string, _ *scenarioReader) game.Text { c.Placeholder = true; return nil }},
}

// maxCard is the highest card number a deck may have.
const maxCard = 999

// card reads a CARD line: the number, its words, and after the colon
// the title, the English title, the text and the English text, separated
// by "|" (the English text, added later, may be left out: the lines
// written before it read as they did).
func (sr *scenarioReader) card(n int, args []string, said string, wrong func(game.Text)) {
	if len(args) == 0 {
		wrong(tx("a card's number is needed"))
		return
	}
	v, err := strconv.Atoi(args[0])
	if err != nil || v < 1 || v > maxCard {
		wrong(tx("%q is no card number from 1 to %d", args[0], maxCard))
		return
	}
	if at, twice := sr.cards[v]; twice {
		wrong(tx("card %d is given twice, first on line %d", v, at))
		return
	}
	c := Card{N: v}
	roles := 0
	for _, a := range args[1:] {
		k, val, hasVal := strings.Cut(a, "=")
		w := machiavelli.Fold(k)
		i := slices.IndexFunc(cardOptions, func(o cardOption) bool { return w == o.italian || w == o.english })
		if i < 0 || cardOptions[i].value != hasVal || hasVal && val == "" {
			wrong(tx("%q is no word of a card", a))
			return
		}
		if why := cardOptions[i].set(&c, val, sr); why != nil {
			wrong(why)
			return
		}
		if cardOptions[i].role {
			roles++
		}
	}
	if roles > 1 {
		wrong(tx("a card has one part in the Conclave or the council, not %d", roles))
		return
	}
	parts := strings.SplitN(said, "|", 4)
	for len(parts) < 4 {
		parts = append(parts, "")
	}
	c.Title, c.English, c.Text, c.EnglishText = strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2]), strings.TrimSpace(parts[3])
	if c.Title == "" && !c.Placeholder {
		wrong(tx("card %d has no title: write it after : (or mark it placeholder)", v))
		return
	}
	if sr.cards == nil {
		sr.cards = map[int]int{}
	}
	sr.cards[v] = n
	sr.sc.Cards = append(sr.sc.Cards, c)
}

// hand reads a HAND line: a power's cards at the start (seed §10: three,
// from its player sheet), or NONE.
func (sr *scenarioReader) hand(n int, args []string, wrong func(game.Text)) {
	if len(args) < 2 {
		wrong(tx("a power and its cards are needed"))
		return
	}
	p, why := sr.rd.find(args[0], sPower)
	if why != nil {
		wrong(why)
		return
	}
	id := p.(string)
	if at, twice := sr.hands[id]; twice {
		wrong(tx("the hand of %s is given twice, first on line %d", powerText(id), at))
		return
	}
	cards := []int{}
	if w := machiavelli.Fold(args[1]); len(args) != 2 || w != "none" && w != "nessuna" {
		for _, a := range args[1:] {
			v, err := strconv.Atoi(strings.TrimSuffix(a, ","))
			if err != nil || v < 1 || v > maxCard {
				wrong(tx("%q is no card number from 1 to %d", a, maxCard))
				return
			}
			if slices.Contains(cards, v) {
				wrong(tx("card %d is listed twice", v))
				return
			}
			cards = append(cards, v)
		}
	}
	if sr.hands == nil {
		sr.hands = map[string]int{}
	}
	sr.hands[id] = n
	if sr.sc.Hands == nil {
		sr.sc.Hands = map[string][]int{}
	}
	sr.sc.Hands[id] = cards
}

// checkDeck says what is wrong with the deck and the hands of a scenario
// in force (data): the hands hold cards of the deck, each in one hand,
// none of the council's, each within the hand limit; each party has one
// card at most.
func checkDeck(sc *Scenario) []game.Text {
	var errs []game.Text
	deck := map[int]*Card{}
	party := map[string]int{}
	for i := range sc.Cards {
		c := &sc.Cards[i]
		deck[c.N] = c
		if c.Party != "" {
			if other, twice := party[c.Party]; twice {
				errs = append(errs, tx("cards %d and %d are both of the party %s (seed §10: one card a party)", other, c.N, partyName(c.Party)))
			}
			party[c.Party] = c.N
		}
	}
	held := map[int]string{}
	for _, id := range slices.Sorted(maps.Keys(sc.Hands)) {
		var hand []*Card
		for _, n := range sc.Hands[id] {
			c, ok := deck[n]
			switch {
			case !ok:
				errs = append(errs, tx("the hand of %s has card %d, which the deck has not", powerText(id), n))
				continue
			case c.Party != "":
				errs = append(errs, tx("the hand of %s has card %d, of the party %s: the council's cards are Florence's once Savonarola is gone (seed §10)", powerText(id), n, partyName(c.Party)))
				continue
			}
			if other, twice := held[n]; twice {
				errs = append(errs, tx("card %d is in the hands of %s and %s", n, powerText(other), powerText(id)))
				continue
			}
			held[n] = id
			hand = append(hand, c)
		}
		if !handAllowed(hand) {
			errs = append(errs, tx("the hand of %s has %d cards: 5 at most, and a 6th only if a conclave card (seed §10)", powerText(id), len(hand)))
		}
	}
	return errs
}

// handLimit is how many cards a hand keeps, and a 6th only if it is a
// conclave card (seed §10); the council's cards do not count.
const handLimit = 5

// handAllowed reports whether a hand keeps within the limit: 5 cards, or
// 6 of which one is the Conclave's.
func handAllowed(hand []*Card) bool {
	switch {
	case len(hand) <= handLimit:
		return true
	case len(hand) == handLimit+1:
		return slices.ContainsFunc(hand, (*Card).conclaveCard)
	}
	return false
}

// partyArg names a party with its article, as an event's argument: "the
// Arrabbiati", "gli Arrabbiati".
func partyArg(p string) string {
	it := "i "
	if p == "arrabbiati" {
		it = "gli "
	}
	return "l:the " + partyName(p) + "\x1f" + it + partyName(p)
}

// partyName names a party of the council.
func partyName(p string) string {
	if p == "" {
		return ""
	}
	return strings.ToUpper(p[:1]) + p[1:]
}

// cardLines writes a deck and its hands as scenario lines, ids for the
// powers.
func cardLines(b *strings.Builder, sc *Scenario) {
	for _, c := range sc.Cards {
		fmt.Fprintf(b, "CARD %d", c.N)
		if c.Owner != "" {
			fmt.Fprintf(b, " owner=%s", c.Owner)
		}
		for _, f := range []struct {
			on   bool
			word string
		}{{c.Mandatory, "mandatory"}, {c.Remove, "remove"}, {c.Obsolete, "obsolete"}, {c.Character, "character"},
			{c.Role == roleSmoke, "smoke"}, {c.Swiss, "swiss"}, {c.Savonarola, "savonarola"}, {c.Placeholder, "placeholder"}} {
			if f.on {
				b.WriteString(" " + f.word)
			}
		}
		if c.Role != "" && c.Role != roleSmoke {
			fmt.Fprintf(b, " %s=%d", c.Role, c.Votes)
		}
		if c.Party != "" {
			fmt.Fprintf(b, " party=%s", c.Party)
		}
		if c.Title != "" || c.English != "" || c.Text != "" || c.EnglishText != "" {
			fmt.Fprintf(b, " : %s | %s | %s", c.Title, c.English, c.Text)
			if c.EnglishText != "" {
				fmt.Fprintf(b, " | %s", c.EnglishText)
			}
		}
		b.WriteString("\n")
	}
	for _, id := range slices.Sorted(maps.Keys(sc.Hands)) {
		fmt.Fprintf(b, "HAND %s", id)
		if len(sc.Hands[id]) == 0 {
			b.WriteString(" NONE")
		}
		for _, n := range sc.Hands[id] {
			fmt.Fprintf(b, " %d", n)
		}
		b.WriteString("\n")
	}
}
