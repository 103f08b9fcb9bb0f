package parser

import (
	"strings"

	"github.com/corriere/corriere/variants"
)

// prose reports whether the words read show no sign of an order (see
// Refusal.NotOrder). In doubt it says no: prose taken for an order costs a
// needless reply, an order taken for prose is dropped without one.
func (p *parser) prose() bool {
	// Where the places are: a sign or a one-letter verb counts only next
	// to one ("Par H", "Sweria - Mos"; not "Bob <b@x>", "P.S. see you").
	place := make([]bool, len(p.toks)+1)
	places := 0
	// Misspelt names are looked for only in what could be one order: a
	// long paragraph would cost many comparisons, and it is no order.
	loc := p.loc
	if len(p.toks) > maxTokens {
		loc = p.exactLoc
	}
	for i := 0; i < len(p.toks); {
		if p.toks[i].kind == tWord && p.unitWord(i) == variants.NoType && !signOffs[p.toks[i].norm] {
			if ref, ok := loc(i); ok {
				places++
				for j := ref.start; j < ref.end; j++ {
					place[j] = true
				}
				i = ref.end
				continue
			}
		}
		i++
	}
	near := func(i int) bool { return place[i+1] || (i > 0 && place[i-1]) }
	other := 0
	for i := range p.toks {
		t := &p.toks[i]
		switch {
		case place[i]:
			continue
		case t.kind == tArrow:
			if near(i) {
				return false
			}
			continue
		case t.kind != tWord:
			continue
		}
		// A power's name is a heading, or the power of an order; its
		// code ("fra", "eng") may be a word of prose.
		if _, end, ok := p.powerAt(i, false); ok && (end > i+1 || len(t.norm) > 3) {
			return false
		}
		if p.unitWord(i) != variants.NoType {
			j := i + 1
			if p.kind(j) == tOpen || p.is(j, kwAt) {
				j++
			}
			if place[j] || (i == 0 && !signOffs[p.word(i+1)]) {
				return false
			}
			other++ // "Ciao a tutti"
			continue
		}
		k := keywords[t.norm]
		if !strings.EqualFold(p.text[t.start:t.end], t.norm) {
			k = 0 // a word read as a misspelt keyword: "suppose" is no "supports"
		}
		if k&kwVerb != 0 && k&(kwCommon|kwHeader) == 0 {
			if len(t.norm) > 1 || len(p.toks) == 1 || near(i) {
				return false
			}
		}
		if k&kwVerb == 0 || k&kwHeader != 0 {
			other++
		}
	}
	// One place among other words is prose ("See you in Paris"); a place
	// alone, or two, are an order gone wrong.
	return other > 0 && places <= 1
}
