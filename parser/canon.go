package parser

import (
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
)

// The judge stores every order as Format writes it and reads it back at
// each deadline; positions are stored with canonical ids too. Those texts
// are read here by table and by their fixed shape, without the grammar.
// A text that is not exactly of that shape, or names a place the tables
// leave out, goes to the lenient reader, which reads it the same way.

// canonTables are a variant's canonical names with what the lenient
// reader makes of them.
type canonTables struct {
	// orderLocs are the ids an order may name on the fast path, with the
	// places the grammar reads them as ("gal": Galicia or Wales, which the
	// position settles): ids whose words play no other part in an order,
	// so that the grammar reads a canonical order one way only.
	orderLocs map[string][]variants.Loc
	// locs, units and powers are what Loc, Unit and Power return for a
	// location's id, a unit as UnitText writes it and a power's id.
	locs   map[string]variants.Loc
	units  map[string]canonUnit
	powers map[string]variants.Power
}

type canonUnit struct {
	t variants.UnitType
	l variants.Loc
}

// buildCanon fills the tables by asking the lenient readers, so that a
// table never says other than they would.
func buildCanon(v *variants.Variant, ix *index) canonTables {
	c := canonTables{
		orderLocs: map[string][]variants.Loc{},
		locs:      map[string]variants.Loc{},
		units:     map[string]canonUnit{},
		powers:    map[string]variants.Power{},
	}
	for i := range v.Locs {
		l, id := variants.Loc(i), v.Locs[i].ID
		if got, err := readLoc(v, ix, id); err == nil {
			c.locs[id] = got
		}
		for _, t := range []variants.UnitType{variants.Army, variants.Fleet} {
			text := t.String() + " " + id
			if ut, ul, err := readUnit(v, ix, text); err == nil {
				c.units[text] = canonUnit{ut, ul}
			}
		}
		if cands, ok := inertID(v, ix, id, l); ok {
			c.orderLocs[id] = cands
		}
	}
	for i := range v.Powers {
		if p, ok := ix.power(normKey(v.Powers[i].ID)); ok {
			c.powers[v.Powers[i].ID] = p
		}
	}
	return c
}

// inertID reads id as the grammar reads it in an order, and reports
// whether it may go the fast path: it is written as the grammar's tokens
// read back ("stp/nc": "stp", "/", "nc"); the grammar reads it, alone, as
// places that include l, and as l alone if it is more than one word (so
// that no id of one place is scored as another's, see parser.canon); no
// word of it has another part in an order (a verb, a unit, a coast, a
// sea); and no longer name starts with it and the word a canonical order
// puts after a place. A power's code ("eng") may be one: the grammar looks
// for powers only where a canonical order has a unit type or a verb.
func inertID(v *variants.Variant, ix *index, id string, l variants.Loc) ([]variants.Loc, bool) {
	for i := 0; i < len(id); i++ {
		if c := id[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '/' && i > 0 && i < len(id)-1) {
			return nil, false
		}
	}
	p := &parser{v: v, ix: ix, text: id, toks: lex(id, nil)}
	ref, ok := p.loc(0)
	if !ok || ref.fuzzy || ref.end != len(p.toks) || !slices.Contains(ref.cands, l) || len(p.toks) > 1 && len(ref.cands) > 1 {
		return nil, false
	}
	for _, t := range p.toks {
		w := t.norm
		// A word of "via" ("con", Constantinople) counts only before a
		// word of convoy and a move sign, which a canonical order never
		// writes after a place; kwCommon tells prose only.
		if t.kind == tWord && (keywords[w]&^(kwVia|kwCommon) != 0 || unitWords[w] != 0 || andWords[w] || seaWords[w] || isNumber(w) ||
			coastDirs[w] != "" && t.start == 0) {
			return nil, false
		}
	}
	first := p.toks[0].norm
	for key := range ix.locs {
		for _, next := range placeFollowers {
			if strings.HasPrefix(key+" ", first+" "+next+" ") {
				return nil, false
			}
		}
	}
	return ref.cands, true
}

// placeFollowers are the words a canonical order writes right after a
// place, lower-cased as the grammar sees them.
var placeFollowers = []string{"h", "s", "c", "disband", "via"}

// canonText is a text of Format's shape as the grammar would read it.
type canonText struct {
	f   [8]string // its words
	n   int
	r   reading // the one reading the grammar makes of it
	one bool    // every place in it names one location
}

// readCanon reads text written exactly as Format writes it for an order
// of the phase, with places the tables know; false for any other text.
func (ix *index) readCanon(phase adjudicator.PhaseType, text string, c *canonText) bool {
	f := &c.f
	n := fields(text, f)
	if n == 0 {
		return false
	}
	c.n, c.one = n, true
	place := func(i int) (locRef, bool) {
		cands, ok := ix.canon.orderLocs[f[i]]
		c.one = c.one && len(cands) == 1
		return locRef{start: i, end: i + 1, cands: cands}, ok
	}
	unit := func(i int) (unitRef, bool) {
		u := unitRef{power: variants.NoPower, start: i}
		switch f[i] {
		case "A":
			u.typ = variants.Army
		case "F":
			u.typ = variants.Fleet
		default:
			return u, false
		}
		var ok bool
		u.at, ok = place(i + 1)
		return u, ok
	}
	r := &c.r
	*r = reading{lead: variants.NoPower}
	ok := false
	switch phase {
	case adjudicator.Adjustment:
		switch {
		case n == 1 && f[0] == "waive":
			r.kind, ok = adjudicator.Waive, true
		case n == 3 && f[0] == "build":
			r.kind = adjudicator.Build
			r.unit, ok = unit(1)
		case n == 3 && f[0] == "remove":
			r.kind = adjudicator.Remove
			r.unit, ok = unit(1)
		}
	default:
		retreat := phase == adjudicator.Retreat
		if n < 3 {
			break
		}
		if r.unit, ok = unit(0); !ok {
			break
		}
		switch {
		case retreat && n == 3 && f[2] == "disband":
			r.kind = adjudicator.Disband
		case !retreat && n == 3 && f[2] == "H":
			r.kind = adjudicator.Hold
		case f[2] == "-" && (n == 4 || n == 6 && !retreat && f[4] == "via" && f[5] == "convoy"):
			r.kind, r.via = adjudicator.Move, n == 6
			if retreat {
				r.kind = adjudicator.RetreatTo
			}
			r.dest, ok = place(3)
		case !retreat && (f[2] == "S" && n == 5 || (f[2] == "S" || f[2] == "C") && n == 7 && f[5] == "-"):
			r.kind = adjudicator.Support
			if f[2] == "C" {
				r.kind = adjudicator.Convoy
			}
			if r.target, ok = unit(3); ok && n == 7 {
				r.dest, ok = place(6)
			}
		default:
			ok = false
		}
	}
	return ok
}

// single is the order of a canonical text whose places each name one
// location: the one candidate, which resolve would take whatever its
// score.
func (p *parser) single(c *canonText) (adjudicator.Order, bool) {
	o, _, err := p.build(&c.r, first(c.r.unit.at), first(c.r.target.at), first(c.r.dest))
	if err != nil {
		return adjudicator.Order{}, false
	}
	return p.settle(o), true
}

// first is the place a reference names alone, NoLoc for none.
func first(ref locRef) variants.Loc {
	if len(ref.cands) == 0 {
		return variants.NoLoc
	}
	return ref.cands[0]
}

// resolveCanon resolves a canonical text with an ambiguous place ("gal")
// as the grammar's reading of it; false where resolve refuses it (the
// grammar words the refusal).
func (p *parser) resolveCanon(text string, c *canonText) (adjudicator.Order, bool) {
	// One token a word, every place one (see inertID), as resolve
	// expects of the grammar's tokens.
	p.text = text
	p.tokBuf = p.tokBuf[:0]
	for _, w := range c.f[:c.n] {
		k := tWord
		if w == "-" {
			k = tArrow
		}
		p.tokBuf = append(p.tokBuf, token{kind: k, norm: w})
	}
	p.toks = p.tokBuf
	p.out = append(p.outBuf[:0], c.r)
	o, err := p.resolve()
	return o, err == nil
}

// canonical reads a text of Format's shape for the parser as Orders
// prepares it; false for any other text, or one refused.
func (p *parser) canonical(text string) (adjudicator.Order, bool) {
	var c canonText
	switch {
	case !p.ix.readCanon(p.phase, text, &c):
		return adjudicator.Order{}, false
	case c.one:
		return p.single(&c)
	}
	return p.resolveCanon(text, &c)
}

// fields splits text at single spaces into f, as Format separates words;
// 0 for a text with other spacing or more words than f holds.
func fields(text string, f *[8]string) int {
	n, start := 0, 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ' ' {
			continue
		}
		if i == start || n == len(f) {
			return 0
		}
		f[n] = text[start:i]
		n++
		start = i + 1
	}
	return n
}
