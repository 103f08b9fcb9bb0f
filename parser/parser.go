package parser

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
)

// Parsed is one order as read from a player's text.
type Parsed struct {
	Text  string            // the order as written (one order after splitting)
	Order adjudicator.Order // valid when Err == nil
	Err   *Refusal          // why it could not be read
}

// Refusal explains in a player's words why an order could not be read:
// which word, what was expected, the readings or nearest names.
type Refusal struct {
	// Word is the word (or words) at fault, as the player wrote them.
	Word string
	// Problem is the whole explanation, ready to be mailed back:
	// `"Burgndy"? no such place; did you mean Burgundy?`.
	Problem string
	// Italian is Problem in Italian, for a player who writes Italian:
	// `"Burgndy"? nessun luogo con questo nome; forse intendevi Burgundy?`.
	// Every refusal has both.
	Italian string
	// Readings are the orders an ambiguous order could be (written as
	// Format writes them), or the places a misspelt name may be.
	Readings []string
	// NotOrder reports that the text refused does not look like an order
	// at all: it has words that are no part of an order, at most one
	// place name, and no unit type at its start or before a place, no
	// order verb, no move sign or one-letter verb next to a place, no
	// power's name ("Thanks, Francesca", "Sent from my iPhone", "On Mon,
	// 3 Mar 2025, Bob <b@x> wrote:", "See you in Paris"). A reader of mail
	// may pass over such text without a reply. An order with a fault ("A
	// Par-Brg", "F Nth C A Lon", "Paris"), and a power's name alone (a
	// heading), never have it set.
	NotOrder bool
}

// Error returns the explanation.
func (r *Refusal) Error() string {
	if r == nil {
		return "<nil>"
	}
	return r.Problem
}

// Orders reads every order in text (several lines; several orders per line
// separated by ',' or ';') for power in the given position and phase.
//
// A line may start with a heading naming a power ("ITALIA:", "England:");
// it is skipped, and orders under another power's heading are refused. A
// fragment that stops where a supported or convoyed unit was due and that
// the next fragment completes is read together with it ("A Ser S Turk, A
// Bul-Rum"). Blank lines and fragments without letters give no Parsed;
// every other fragment gives one, with an Order or a Refusal.
func Orders(v *variants.Variant, pos *adjudicator.Position, power variants.Power, text string) []Parsed {
	p := acquire(v, pos, power)
	defer p.release()
	p.frags = split(p.ix, text, p.frags[:0])
	frags := p.frags
	out := make([]Parsed, 0, len(frags))
	for i := 0; i < len(frags); i++ {
		f := frags[i]
		if f.label != variants.NoPower && f.label != power {
			out = append(out, Parsed{Text: f.text, Err: p.otherPower(f.label, f.labelWord)})
			continue
		}
		if o, ok := p.canonical(f.text); ok {
			out = append(out, Parsed{Text: f.text, Order: o})
			continue
		}
		o, err, incomplete := p.readOne(f.text)
		// A support or convoy whose object spilled past a comma, as in the
		// rulebook's example "A Ser S Turk, A Bul-Rum": when the fragment
		// stops where the supported unit was due and the next fragment
		// completes it, the two are one order.
		if err != nil && incomplete && i+1 < len(frags) && frags[i+1].label == f.label {
			joined := text[f.start:frags[i+1].end]
			if jo, jerr, _ := p.readOne(joined); jerr == nil {
				out = append(out, Parsed{Text: strings.TrimSpace(joined), Order: jo})
				i++
				continue
			}
		}
		// o is the zero Order when err is set.
		out = append(out, Parsed{Text: f.text, Order: o, Err: err})
	}
	return out
}

// Order reads exactly one order.
func Order(v *variants.Variant, pos *adjudicator.Position, power variants.Power, text string) (adjudicator.Order, error) {
	p := acquire(v, pos, power)
	defer p.release()
	return p.order(text)
}

// OrderReader reads orders for one position one after another, as Order
// does, with the variant's tables found once and one parser for all: the
// judge reads every order of a game at its deadline.
type OrderReader struct{ p parser }

// NewOrderReader returns a reader of orders for pos.
func NewOrderReader(v *variants.Variant, pos *adjudicator.Position) *OrderReader {
	return &OrderReader{p: parser{v: v, ix: indexFor(v), pos: pos, phase: phaseOf(pos)}}
}

// Order is Order for the reader's position.
func (r *OrderReader) Order(power variants.Power, text string) (adjudicator.Order, error) {
	r.p.power = power
	return r.p.order(text)
}

// order reads exactly one order for p's position and power.
func (p *parser) order(text string) (adjudicator.Order, error) {
	// A stored order is one fragment as Orders would split it (no word
	// of Format's splits a text), and is read as Orders reads it (see
	// canonical) without splitting it again.
	if o, ok := p.canonical(text); ok {
		return o, nil
	}
	ps := Orders(p.v, p.pos, p.power, text)
	switch len(ps) {
	case 0:
		return adjudicator.Order{}, refuse("", nil, msgNoOrder)
	case 1:
		if ps[0].Err != nil {
			return adjudicator.Order{}, ps[0].Err
		}
		return ps[0].Order, nil
	}
	texts := make([]phrase, len(ps))
	for i, p := range ps {
		texts[i] = same(quote(p.Text))
	}
	return adjudicator.Order{}, refuse(strings.TrimSpace(text), nil, msgOneOrder, andList(texts))
}

// parsers keeps parsers, with their buffers, between calls.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// acquire takes a parser from the pool, set for v, pos and power; the
// caller releases it.
func acquire(v *variants.Variant, pos *adjudicator.Position, power variants.Power) *parser {
	p := parsers.Get().(*parser)
	p.v, p.ix, p.pos, p.power, p.phase = v, indexFor(v), pos, power, phaseOf(pos)
	return p
}

// release returns p to the pool, dropping what it refers to.
func (p *parser) release() {
	p.v, p.ix, p.pos, p.text = nil, nil, nil, ""
	p.toks, p.out = nil, nil
	clear(p.tokBuf)
	clear(p.outBuf[:])
	clear(p.frags)
	clear(p.candBuf[:cap(p.candBuf)])
	parsers.Put(p)
}

// phaseOf returns the phase type of pos (movement when pos is nil).
func phaseOf(pos *adjudicator.Position) adjudicator.PhaseType {
	if pos == nil {
		return adjudicator.Movement
	}
	return pos.Phase.Type
}

// readOne reads one fragment. incomplete reports that the text stopped where
// a supported or convoyed unit was due.
// The parser is reused from one fragment to the next.
func (p *parser) readOne(text string) (adjudicator.Order, *Refusal, bool) {
	o, err, more := p.readOrder(text)
	if err != nil {
		err.NotOrder = p.prose() // "Bob <b@x> wrote:" has an arrow
	}
	return o, err, more
}

// readOrder is readOne but for telling prose from a faulty order.
func (p *parser) readOrder(text string) (adjudicator.Order, *Refusal, bool) {
	p.reset(text)
	p.unnumber()
	if len(p.toks) > maxTokens {
		return adjudicator.Order{}, refuse(strings.TrimSpace(text), nil, msgTooLong), false
	}
	p.run()
	if len(p.out) == 0 {
		if r := p.wrongPhase(); r != nil {
			return adjudicator.Order{}, r, false
		}
	}
	o, err := p.resolve()
	return o, err, err != nil && p.incomplete
}

// unnumber drops the numbering or the bullet before an order: "1. A
// Par-Bur", "2) F Bre-Mao", "(3) A Mar H", "- A Mun H". An order never
// starts with a sign.
func (p *parser) unnumber() {
	for len(p.toks) > 1 {
		i := 0
		switch {
		case p.kind(0) == tArrow && bullets[p.toks[0].norm]:
			i++
		default:
			if p.kind(0) == tOpen {
				i++
			}
			if p.kind(i) != tWord || !isNumber(p.toks[i].norm) {
				return
			}
			i++
			if p.kind(i) == tClose {
				i++
			}
		}
		if i >= len(p.toks) {
			return
		}
		p.toks = p.toks[i:]
	}
}

func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// wrongPhase refuses an order whose verb belongs to another phase, so the
// player is told about the phase rather than about the grammar.
func (p *parser) wrongPhase() *Refusal {
	for i := range p.toks {
		t := &p.toks[i]
		arrow := t.kind == tArrow && p.phase == adjudicator.Adjustment
		if !arrow {
			// Only words that cannot be read otherwise here: no place, no
			// unit type, no single letter.
			if t.kind != tWord || len(t.norm) <= 1 || unitWords[t.norm] != 0 {
				continue
			}
			if _, isLoc := p.ix.locs[t.norm]; isLoc {
				continue
			}
		}
		k := keywords[t.norm]
		word := p.text[t.start:t.end]
		switch p.phase {
		case adjudicator.Movement:
			if k&(kwBuild|kwWaive) != 0 && k&(kwMove|kwHold|kwSupport|kwConvoy|kwVia|kwConvoyed|kwNone) == 0 {
				return refuse(word, nil, msgWinterInMovement, same(word))
			}
			if k&(kwRetreat|kwDisband|kwRemove) != 0 && k&(kwMove|kwHold|kwSupport|kwConvoy) == 0 {
				return refuse(word, nil, msgRetreatInMovement, same(word))
			}
		case adjudicator.Retreat:
			if k&(kwSupport|kwConvoy|kwHold) != 0 && k&(kwMove|kwRetreat|kwDisband|kwVia|kwConvoyed) == 0 {
				return refuse(word, nil, msgMovementInRetreat, same(word))
			}
			if k&(kwBuild|kwWaive) != 0 && k&(kwMove|kwRetreat|kwDisband|kwConvoyed|kwNone) == 0 {
				return refuse(word, nil, msgWinterInRetreat, same(word))
			}
		case adjudicator.Adjustment:
			if arrow || k&(kwSupport|kwConvoy|kwHold|kwRetreat) != 0 && k&(kwBuild|kwRemove|kwWaive|kwNone|kwDisband) == 0 {
				return refuse(word, nil, msgNotInWinter, same(word))
			}
		}
	}
	return nil
}

// fragment is one order's text in the input.
type fragment struct {
	text       string // trimmed
	start, end int    // the fragment's bounds in the input
	label      variants.Power
	labelWord  string
}

// split cuts text into orders: at new lines, ',' and ';'; at '.' before
// the next order's unit ("A Par-Bur. A Mar-Spa"); and at "and"/"e" before
// a unit ("F Kie e A Mun"). Headings naming a power ("ITALIA:") are taken
// off and apply until the next heading.
func split(ix *index, text string, out []fragment) []fragment {
	label := variants.NoPower
	labelWord := ""
	start := 0
	emit := func(end int) {
		s := text[start:end]
		off := start
		// Headings: "ITALIA:", "Ritirate: Russia:", "Spring 1901:".
		for {
			c := strings.IndexByte(s, ':')
			if c < 0 {
				break
			}
			head := s[:c]
			key := normKey(head)
			if key == "" {
				break
			}
			pw, ok := heading(ix, key)
			if !ok {
				break
			}
			if pw != variants.NoPower {
				label, labelWord = pw, strings.TrimSpace(head)
			}
			s = s[c+1:]
			off += c + 1
		}
		lead := len(s) - len(strings.TrimLeftFunc(s, unicode.IsSpace))
		t := strings.TrimSpace(s)
		t = strings.TrimRight(t, ". \t")
		if !hasWord(t) {
			return
		}
		out = append(out, fragment{text: t, start: off + lead, end: off + lead + len(t), label: label, labelWord: labelWord})
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n' || r == ',' || r == ';' || r == '\r':
			emit(i)
			start = i + size
		case r == '.' && unitAfter(text[i+size:]) && !isNumber(strings.TrimSpace(text[start:i])):
			emit(i)
			start = i + size
		case r == ' ' || r == '\t':
			// "and"/"e" between two orders.
			if n := andAt(text[i+size:]); n > 0 && unitAfter(text[i+size+n:]) && start < i {
				emit(i)
				start = i + size + n
			}
		}
		i += size
	}
	emit(len(text))
	return out
}

// andAt returns the length of an "and" word ("and", "e", "&") that s
// starts with, followed by a space; 0 if none.
func andAt(s string) int {
	for j := 0; j < len(s) && j < 5; j++ {
		if c := s[j]; c == ' ' || c == '\t' {
			for w := range andWords {
				if strings.EqualFold(w, s[:j]) {
					return j
				}
			}
			return 0
		}
	}
	return 0
}

// heading reads key, the words before a colon, as a heading: the power it
// names, if any ("italia", "austria ungheria", "orders for england",
// "ordini inghilterra primavera 1901"), and whether it is a heading at all:
// a power's name, with or without words of headings, or words of headings
// alone ("spring 1901", "ritirate"), or the initial of a power's name
// that no other power's shares ("f").
func heading(ix *index, key string) (variants.Power, bool) {
	if pw, ok := ix.powers[key]; ok {
		return pw, true
	}
	// njudge's one-letter heading: "f: A Par-Bur".
	if len(key) == 1 {
		pw, ok := ix.initials[key[0]]
		return pw, ok
	}
	words := strings.Fields(key)
	var rest []string
	for _, w := range words {
		if keywords[w]&kwHeader == 0 && !isNumber(w) {
			rest = append(rest, w)
		}
	}
	switch len(rest) {
	case 0:
		return variants.NoPower, true
	case len(words):
		return variants.NoPower, false
	}
	return ix.power(strings.Join(rest, " "))
}

// unitAfter reports whether s starts (after spaces) with a unit type letter
// or word followed by a space: the start of another order.
func unitAfter(s string) bool {
	t := strings.TrimLeft(s, " \t")
	if len(t) == len(s) {
		return false
	}
	j := strings.IndexAny(t, " \t")
	if j <= 0 {
		return false
	}
	return unitWords[strings.ToLower(t[:j])] != 0
}

func hasWord(s string) bool {
	for _, r := range s {
		if isWordRune(r) {
			return true
		}
	}
	return false
}

// Loc reads one location name in any accepted form ("lon", "Londra",
// "stp/nc", "stp(nc)", "StP (costa nord)", "St. Petersburg north coast");
// an ambiguous or unknown name is an error with a Refusal. A canonical id
// always reads as its own location ("tyr" is Tyrolia, though the rulebook
// also writes Tyr for the Tyrrhenian Sea); a clear misspelling reads as
// the place it misspells, as in orders.
func Loc(v *variants.Variant, name string) (variants.Loc, error) {
	ix := indexFor(v)
	if l, ok := ix.canon.locs[name]; ok {
		return l, nil
	}
	return readLoc(v, ix, name)
}

// readLoc is Loc without the table of ids.
func readLoc(v *variants.Variant, ix *index, name string) (variants.Loc, error) {
	p := &parser{v: v, ix: ix, text: name, toks: lex(name, nil)}
	if len(p.toks) == 0 {
		return variants.NoLoc, refuse("", nil, msgNoPlaceNamed)
	}
	if len(p.toks) > maxTokens {
		return variants.NoLoc, refuse(strings.TrimSpace(name), nil, msgTooLongPlace)
	}
	return p.wholeLoc(0, variants.NoType)
}

// wholeLoc reads the tokens from i to the end as one place, where a unit of
// type t (NoType: any) stands.
func (p *parser) wholeLoc(i int, t variants.UnitType) (variants.Loc, error) {
	ref, ok := p.loc(i)
	if !ok || p.skipParens(ref.end) != len(p.toks) {
		if ok {
			p.far, p.expect = ref.end, []expect{expEnd}
		} else {
			p.far, p.expect = i, []expect{expLoc}
		}
		return variants.NoLoc, p.failure()
	}
	if l, ok := p.pick(ref, t); ok {
		return l, nil
	}
	return variants.NoLoc, p.nameAmbiguous(ref)
}

// pick chooses a place without a position: the only candidate, the only
// one a unit of type t can stand on, or the one whose canonical id was
// written ("tyr" is Tyrolia), so that every id reads as its own location.
func (p *parser) pick(ref locRef, t variants.UnitType) (variants.Loc, bool) {
	cands := ref.cands
	if len(cands) > 1 && t != variants.NoType {
		var fit []variants.Loc
		for _, l := range cands {
			if p.canStand(t, l) {
				fit = append(fit, l)
			}
		}
		if len(fit) > 0 {
			cands = fit
		}
	}
	if len(cands) == 1 {
		return cands[0], true
	}
	for _, l := range cands {
		if p.canon(ref, l) > 0 {
			return l, true
		}
	}
	return variants.NoLoc, false
}

// canStand reports whether a unit of type t may be written at l: where it
// can stand, or for a fleet, on a province with coasts written without one.
func (p *parser) canStand(t variants.UnitType, l variants.Loc) bool {
	return p.v.CanHold(t, l) || (t == variants.Fleet && len(p.v.Locs[l].Coasts) > 0)
}

func (p *parser) nameAmbiguous(ref locRef) *Refusal {
	word := p.span(ref.start, ref.end)
	names := make([]phrase, len(ref.cands))
	for i, l := range ref.cands {
		names[i] = p.ix.locNames[l]
	}
	return refuse(word, ens(names), msgCouldBe, same(word), orList(names))
}

// Power reads a power name in any accepted form: name, adjective, code or
// an unmistakable start of one ("Turk"), in English or Italian.
func Power(v *variants.Variant, name string) (variants.Power, error) {
	ix := indexFor(v)
	if p, ok := ix.canon.powers[name]; ok {
		return p, nil
	}
	key := normKey(name)
	if pw, ok := ix.power(key); ok {
		return pw, nil
	}
	word := strings.TrimSpace(name)
	// A misspelt name, clearly closest to one power's.
	best, second, found := 99, 99, variants.NoPower
	if len(key) >= 5 {
		for k, pw := range ix.powers {
			d := osa(key, k, 3)
			switch {
			case d < best && pw != found:
				best, second, found = d, best, pw
			case d < best:
				best = d
			case d < second && pw != found:
				second = d
			}
		}
		if best <= 2 && best < second {
			return found, nil
		}
	}
	names := make([]phrase, len(v.Powers))
	for i := range v.Powers {
		names[i] = powerName(v, variants.Power(i))
	}
	return variants.NoPower, refuse(word, ens(names), msgNoPower, same(word), andList(names))
}

// Unit reads a unit like "F nth", "A Londra", "F spa/sc" (used to read
// positions given as JSON). The type is required. An ambiguous name is
// read as the only candidate the unit can stand on ("F Liv" is refused, "A
// Tir" is Tyrolia), else as the location whose canonical id it is.
func Unit(v *variants.Variant, text string) (variants.UnitType, variants.Loc, error) {
	ix := indexFor(v)
	if u, ok := ix.canon.units[text]; ok {
		return u.t, u.l, nil
	}
	return readUnit(v, ix, text)
}

// readUnit is Unit without the table of units.
func readUnit(v *variants.Variant, ix *index, text string) (variants.UnitType, variants.Loc, error) {
	p := &parser{v: v, ix: ix, text: text, toks: lex(text, nil)}
	if len(p.toks) > maxTokens {
		return variants.NoType, variants.NoLoc, refuse(strings.TrimSpace(text), nil, msgTooLongUnit)
	}
	t := p.unitWord(0)
	if t == variants.NoType {
		word := strings.TrimSpace(text)
		if len(p.toks) > 0 {
			word = p.span(0, 1)
		}
		return variants.NoType, variants.NoLoc, refuse(word, nil, msgNoUnitType, same(word))
	}
	l, err := p.wholeLoc(1, t)
	if err != nil {
		return variants.NoType, variants.NoLoc, err
	}
	return t, l, nil
}
