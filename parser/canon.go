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

// canonical reads text written exactly as Format writes it, with places
// the tables know, for the parser as Orders prepares it; ok is false for
// any other text, and for a text whose reading is refused (the grammar
// words the refusal). It builds the one reading the grammar would make
// of the text and resolves it as the grammar's.
func (p *parser) canonical(text string) (adjudicator.Order, bool) {
	var f [8]string
	n := fields(text, &f)
	if n == 0 {
		return adjudicator.Order{}, false
	}
	// One token a word: every place is one (see inertID), as resolve
	// expects of the grammar's.
	p.text = text
	p.tokBuf = p.tokBuf[:0]
	for i := range n {
		k := tWord
		if f[i] == "-" {
			k = tArrow
		}
		p.tokBuf = append(p.tokBuf, token{kind: k, norm: f[i]})
	}
	p.toks = p.tokBuf
	place := func(i int) (locRef, bool) {
		cands, ok := p.ix.canon.orderLocs[f[i]]
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
	r := reading{lead: variants.NoPower}
	ok := false
	switch p.phase {
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
		retreat := p.phase == adjudicator.Retreat
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
	if !ok {
		return adjudicator.Order{}, false
	}
	p.out = append(p.outBuf[:0], r)
	o, err := p.resolve()
	return o, err == nil
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
