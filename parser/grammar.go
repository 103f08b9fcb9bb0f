package parser

import (
	"cmp"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
)

// The grammar reads one order's tokens into readings: every way the words
// fit an order of the phase. It is a small backtracking parser written with
// continuations; place names stay as lists of candidates ("Tyr": Tyrolia
// or the Tyrrhenian Sea) for resolve to choose from with the position.

// locRef is a place as written: the tokens it spans and what it may mean.
// A nil cands means the place was left out.
type locRef struct {
	start, end int
	cands      []variants.Loc
	fuzzy      bool // read as a misspelling
}

func (l locRef) omitted() bool { return l.cands == nil }

// unitRef is a unit as written: "A Par", "F", "Hol", "Russian A War".
type unitRef struct {
	typ   variants.UnitType
	power variants.Power // a power named before a supported unit, or NoPower
	at    locRef
	start int // first token of the unit
}

// reading is one way to read an order's words.
type reading struct {
	kind   adjudicator.OrderType
	unit   unitRef
	target unitRef // the supported or convoyed unit
	dest   locRef  // where a move, retreat, supported or convoyed move goes
	via    bool
	chain  []locRef // places after dest in "A Ven-Pie-Mar" or a convoy route
	bare   bool     // adjustments: a unit with no verb, a build or a removal
	lead   variants.Power
	leadAt int
}

// maxSteps bounds the work spent on one order; real orders take a few dozen.
const maxSteps = 4000

// maxTokens is the most tokens one order may have.
const maxTokens = 48

type parser struct {
	v     *variants.Variant
	ix    *index
	pos   *adjudicator.Position
	power variants.Power
	phase adjudicator.PhaseType
	text  string
	toks  []token

	out   []reading
	steps int

	// The furthest token where reading failed, and what was expected there.
	far        int
	expect     []expect
	incomplete bool // the text stopped where a supported or convoyed unit was due

	keyBuf []byte
	fuzzy  []fuzzyMemo

	// Buffers kept from one order to the next.
	tokBuf    []token
	outBuf    [4]reading
	expectBuf [8]expect
	frags     []fragment
	candBuf   []cand
}

// reset prepares p to read text.
func (p *parser) reset(text string) {
	p.text = text
	p.tokBuf = lexFast(text, p.tokBuf[:0])
	p.toks = p.tokBuf
	p.out = p.outBuf[:0]
	p.steps = 0
	p.far = -1
	p.expect = p.expectBuf[:0]
	p.incomplete = false
	p.fuzzy = p.fuzzy[:0]
	p.correctKeywords()
}

// correctKeywords reads a clearly misspelt keyword as the keyword:
// "supprots" is "supports", "convois" "convoys". A word is corrected when
// it is five letters or more, no name at all, within one edit (two from
// seven letters) of keywords of one meaning only, and no place's name is
// as close.
func (p *parser) correctKeywords() {
	for i := range p.toks {
		t := &p.toks[i]
		w := t.norm
		if t.kind != tWord || len(w) < 5 || p.ix.firstMax[w] > 0 || p.isReserved(w) {
			continue
		}
		max := fuzzyMax(len(w))
		best, bestKw, tie := max+1, "", false
		for _, k := range fixableKeywords {
			d := osa(w, k, max)
			switch {
			case d < best:
				best, bestKw, tie = d, k, false
			case d == best && keywords[k] != keywords[bestKw]:
				tie = true
			}
		}
		if best > max || tie {
			continue
		}
		if near := p.fuzzyCands(i); len(near) > 0 && near[0].dist <= best {
			continue
		}
		t.norm = bestKw
	}
}

type fuzzyMemo struct {
	done bool
	ref  locRef
	ok   bool
}

func (p *parser) fail(i int, what expect) {
	if i > p.far {
		p.far = i
		p.expect = p.expect[:0]
	}
	if i == p.far && !slices.Contains(p.expect, what) {
		p.expect = append(p.expect, what)
	}
}

func (p *parser) word(i int) string {
	if i < len(p.toks) && p.toks[i].kind == tWord {
		return p.toks[i].norm
	}
	return ""
}

func (p *parser) is(i int, k kw) bool {
	w := p.word(i)
	return w != "" && keywords[w]&k != 0
}

func (p *parser) kind(i int) tokKind {
	if i < len(p.toks) {
		return p.toks[i].kind
	}
	return 255
}

// skipParens skips brackets, which players put around anything.
func (p *parser) skipParens(i int) int {
	for i < len(p.toks) && (p.toks[i].kind == tOpen || p.toks[i].kind == tClose) {
		i++
	}
	return i
}

// moveWords returns how many tokens from i say "moves to": an arrow, "to",
// "moves to", "- to", "attacks on".
func (p *parser) moveWords(i int) int {
	n := 0
	for n < 3 && i+n < len(p.toks) {
		t := &p.toks[i+n]
		if t.kind == tArrow || (t.kind == tWord && keywords[t.norm]&kwMove != 0) ||
			(n > 0 && t.kind == tWord && keywords[t.norm]&kwMoveOn != 0) {
			n++
			continue
		}
		break
	}
	return n
}

// holdWords returns how many tokens from i say "holds" ("H", "resta ferma").
func (p *parser) holdWords(i int) int {
	n := 0
	for n < 2 && p.is(i+n, kwHold) {
		n++
	}
	return n
}

// viaConvoy returns how many tokens from i say "via convoy": "via convoy",
// "by convoy", "via C", "(via convoy)", "convoyed", "per mare", and "VIA"
// ending the order, as the diplomacy package writes it.
func (p *parser) viaConvoy(i int) int {
	j := p.skipParens(i)
	switch {
	case p.is(j, kwVia) && p.is(j+1, kwConvoyed):
		j += 2
	case p.word(j) == "convoyed" || p.word(j) == "convoy":
		j++
	case p.word(j) == "via" && p.skipParens(j+1) == len(p.toks):
		j++
	default:
		return 0
	}
	for j < len(p.toks) && p.toks[j].kind == tClose {
		j++
	}
	return j - i
}

func (p *parser) unitWord(i int) variants.UnitType {
	if w := p.word(i); w != "" {
		return unitWords[w]
	}
	return variants.NoType
}

// done accepts r if the order ends at i.
func (p *parser) done(r reading, i int) {
	i = p.skipParens(i)
	if i == len(p.toks) {
		p.out = append(p.out, r)
		return
	}
	p.fail(i, expEnd)
}

func (p *parser) step() bool {
	p.steps++
	return p.steps <= maxSteps
}

// run reads the tokens by the grammar of the phase.
func (p *parser) run() {
	p.lead(0, func(r reading, i int) {
		switch p.phase {
		case adjudicator.Retreat:
			p.retreat(r, i)
		case adjudicator.Adjustment:
			p.adjust(r, i)
		default:
			p.movement(r, i)
		}
	})
}

// lead reads an optional power named before the order ("England A Lon-Bel"),
// with or without a colon.
func (p *parser) lead(i int, k func(reading, int)) {
	r := reading{lead: variants.NoPower}
	k(r, i)
	if pw, end, ok := p.powerAt(i, false); ok {
		if p.kind(end) == tColon {
			end++
		}
		if end < len(p.toks) {
			r.lead, r.leadAt = pw, i
			k(r, end)
		}
	}
}

// powerAt reads a power's name at i (brackets allowed around it); prefixes
// ("Turk") count when prefix is set.
func (p *parser) powerAt(i int, prefix bool) (variants.Power, int, bool) {
	j := i
	open := p.kind(j) == tOpen
	if open {
		j++
	}
	if p.kind(j) != tWord {
		return variants.NoPower, i, false
	}
	// Longest name first.
	n := 0
	for n < p.ix.powerMax && p.kind(j+n) == tWord {
		n++
	}
	for ; n >= 1; n-- {
		pw, ok := p.ix.powers[string(p.phrase(j, n))]
		if !ok && prefix && n == 1 {
			pw, ok = p.ix.power(p.toks[j].norm)
		}
		if ok {
			end := j + n
			if p.kind(end) == tClose {
				end++
			}
			return pw, end, true
		}
	}
	return variants.NoPower, i, false
}

// phrase returns the words i..i+n-1 joined by spaces, in p.keyBuf: valid
// until the next call, looked up as string(phrase) without a copy.
func (p *parser) phrase(i, n int) []byte {
	b := p.keyBuf[:0]
	for k := 0; k < n; k++ {
		if k > 0 {
			b = append(b, ' ')
		}
		b = append(b, p.toks[i+k].norm...)
	}
	p.keyBuf = b
	return b
}

// nameWords lists the word tokens from i that may form one name: words in
// a row, or joined by a hyphen without spaces ("Mid-Atlantic").
func (p *parser) nameWords(i int, max int, idx *[8]int) int {
	n := 0
	j := i
	for n < max && n < len(idx) && j < len(p.toks) && p.toks[j].kind == tWord {
		idx[n] = j
		n++
		if j+1 < len(p.toks) && p.toks[j+1].kind == tWord {
			j++
			continue
		}
		if j+2 < len(p.toks) && p.toks[j+1].kind == tArrow && p.toks[j+1].norm == "-" &&
			!p.toks[j+1].space && p.toks[j+2].kind == tWord && !p.toks[j+2].space {
			j += 2
			continue
		}
		break
	}
	return n
}

// loc reads a place at i: the longest name there, then a coast ("/nc",
// "(costa nord)", "north coast") and a "Sea" after a short sea name. An
// article before the name is skipped; an unknown word of five letters or
// more is read as the name it is clearly a misspelling of.
func (p *parser) loc(i int) (locRef, bool) {
	if i >= len(p.toks) || p.toks[i].kind != tWord {
		return locRef{}, false
	}
	ref, ok := p.exactLoc(i)
	if !ok && p.is(i, kwArticle) {
		ref, ok = p.exactLoc(i + 1)
	}
	if !ok {
		ref, ok = p.fuzzyLoc(i)
	}
	if !ok {
		return locRef{}, false
	}
	ref = p.coastAfter(ref)
	if seaWords[p.word(ref.end)] {
		for _, l := range ref.cands {
			if p.v.Locs[l].Terrain == variants.Sea {
				ref.end++
				break
			}
		}
	}
	return ref, true
}

func (p *parser) exactLoc(i int) (locRef, bool) {
	if i >= len(p.toks) || p.toks[i].kind != tWord {
		return locRef{}, false
	}
	max := p.ix.firstMax[p.toks[i].norm]
	if max == 0 {
		return locRef{}, false
	}
	if max == 1 {
		if locs, ok := p.ix.locs[p.toks[i].norm]; ok {
			return locRef{start: i, end: i + 1, cands: locs}, true
		}
		return locRef{}, false
	}
	var idx [8]int
	n := p.nameWords(i, max, &idx)
	for ; n >= 1; n-- {
		b := p.keyBuf[:0]
		for k := 0; k < n; k++ {
			if k > 0 {
				b = append(b, ' ')
			}
			b = append(b, p.toks[idx[k]].norm...)
		}
		p.keyBuf = b
		if locs, ok := p.ix.locs[string(b)]; ok {
			return locRef{start: i, end: idx[n-1] + 1, cands: locs}, true
		}
	}
	return locRef{}, false
}

// isReserved reports whether a word has a role of its own, so that it is
// never taken for a misspelt place.
func (p *parser) isReserved(w string) bool {
	if keywords[w] != 0 || unitWords[w] != 0 || coastDirs[w] != "" || andWords[w] {
		return true
	}
	_, ok := p.ix.power(w)
	return ok
}

// fuzzyLoc reads a misspelt place: the words at i (up to three) are within
// two edits of one place's name and clearly closer to it than to any other.
func (p *parser) fuzzyLoc(i int) (locRef, bool) {
	if w := p.word(i); w == "" || unitWords[w] != 0 || keywords[w] != 0 {
		return locRef{}, false
	}
	if len(p.fuzzy) < len(p.toks) {
		p.fuzzy = append(p.fuzzy[:0], make([]fuzzyMemo, len(p.toks))...)
	}
	m := &p.fuzzy[i]
	if m.done {
		return m.ref, m.ok
	}
	m.done = true
	best := p.fuzzyCands(i)
	if len(best) == 0 || best[0].dist > fuzzyMax(best[0].letters) || (len(best) > 1 && best[1].dist <= best[0].dist) {
		return locRef{}, false
	}
	m.ref = locRef{start: i, end: best[0].end, cands: best[0].locs, fuzzy: true}
	m.ok = true
	return m.ref, true
}

type fuzzyCand struct {
	near
	end     int
	letters int // letters compared
}

// fuzzyMax is the number of edits a misspelling of n letters may have:
// one for five letters, two for six or more.
func fuzzyMax(n int) int {
	if n <= 5 {
		return 1
	}
	return 2
}

// fuzzyCands compares the words at i, alone and with the next one or two,
// against every name; it returns one entry per group of places, closest
// first. Words under five letters, and words with roles of their own, are
// not compared.
func (p *parser) fuzzyCands(i int) []fuzzyCand {
	var out []fuzzyCand
	var letters []byte
	for n := 1; n <= 3 && i+n-1 < len(p.toks); n++ {
		t := &p.toks[i+n-1]
		if t.kind != tWord {
			break
		}
		// A word with a role of its own is no misspelt place, though it
		// may start one ("English Chanel").
		reserved := p.isReserved(t.norm)
		if reserved && (n > 1 || unitWords[t.norm] != 0 || keywords[t.norm] != 0) {
			break
		}
		letters = append(letters, t.norm...)
		if len(letters) < 5 || (n == 1 && reserved) {
			continue
		}
		for _, c := range p.ix.nearest(string(letters), 3) {
			k := slices.IndexFunc(out, func(f fuzzyCand) bool { return f.group == c.group })
			switch {
			case k < 0:
				out = append(out, fuzzyCand{c, i + n, len(letters)})
			case c.dist < out[k].dist:
				out[k] = fuzzyCand{c, i + n, len(letters)}
			}
		}
	}
	// Closest first; stable so that the order of names decides ties.
	slices.SortStableFunc(out, func(a, b fuzzyCand) int { return cmp.Compare(a.dist, b.dist) })
	return out
}

// coastAfter reads a coast written after a province with two coasts.
func (p *parser) coastAfter(ref locRef) locRef {
	split := false
	for _, l := range ref.cands {
		if len(p.v.Locs[l].Coasts) > 0 {
			split = true
			break
		}
	}
	if !split {
		return ref
	}
	j := ref.end
	marked := false
	opened := false
	switch p.kind(j) {
	case tSlash:
		marked = true
		j++
	case tOpen:
		marked, opened = true, true
		j++
	}
	if p.is(j, kwCoastWord) {
		marked = true
		j++
	}
	dir, ok := coastDirs[p.word(j)]
	if !ok || (len(p.word(j)) == 1 && !marked) {
		return ref
	}
	j++
	if p.is(j, kwCoastWord) {
		j++
	}
	if opened && p.kind(j) == tClose {
		j++
	}
	var cands []variants.Loc
	for _, l := range ref.cands {
		for _, c := range p.v.Locs[l].Coasts {
			if strings.HasSuffix(p.v.Locs[c].ID, "/"+dir) {
				cands = append(cands, c)
			}
		}
	}
	if cands == nil {
		return ref
	}
	ref.cands = cands
	ref.end = j
	return ref
}

// unit reads a unit: a type and a place, a type alone (needLoc false), or a
// place alone. The type may come with an article and a word of place, as
// sentences write it ("the army at Paris", "l'armata a Parigi"), or with
// its place in brackets ("A(lvp)").
func (p *parser) unit(i int, needLoc bool, k func(unitRef, int)) {
	if !p.step() {
		return
	}
	t := p.unitWord(i)
	if t == variants.NoType && p.is(i, kwArticle) {
		if t = p.unitWord(i + 1); t != variants.NoType {
			i++
		}
	}
	if t != variants.NoType {
		u := unitRef{typ: t, power: variants.NoPower, start: i}
		at := i + 1
		ref, ok := p.loc(at)
		if !ok && (p.kind(at) == tOpen || p.is(at, kwAt)) {
			at++
			ref, ok = p.loc(at)
		}
		if ok {
			u.at = ref
			k(u, ref.end)
		} else {
			p.fail(at, expLoc)
		}
		// "F in Bla" says where the fleet is, not where it goes.
		if !needLoc && !(ok && at > i+1 && p.toks[i+1].kind == tWord) {
			u.at = locRef{start: i + 1, end: i + 1}
			k(u, i+1)
		}
	}
	if ref, ok := p.loc(i); ok {
		k(unitRef{power: variants.NoPower, at: ref, start: i}, ref.end)
	} else {
		p.fail(i, expUnit)
	}
}

// movement reads Hold, Move, Support and Convoy.
func (p *parser) movement(r reading, i int) {
	p.unit(i, false, func(u unitRef, i int) {
		r.unit = u
		p.action(r, i)
	})
}

func (p *parser) action(r reading, i int) {
	if !p.step() {
		return
	}
	i = p.skipParens(i)
	if n := p.holdWords(i); n > 0 {
		r.kind = adjudicator.Hold
		p.done(r, i+n)
	}
	if n := p.moveWords(i); n > 0 {
		r.kind = adjudicator.Move
		if ref, ok := p.loc(i + n); ok {
			r.dest = ref
			p.afterDest(r, ref.end)
		} else {
			p.fail(i+n, expDest)
		}
	}
	if n := p.viaConvoy(i); n > 0 {
		// "A Lon via convoy - Bel"
		r.via = true
		r.kind = adjudicator.Move
		if m := p.moveWords(i + n); m > 0 {
			if ref, ok := p.loc(i + n + m); ok {
				r.dest = ref
				p.done(r, ref.end)
			} else {
				p.fail(i+n+m, expDest)
			}
		}
	}
	if ref, ok := p.plainLoc(r.unit.at, i); ok {
		// DPjudge's dashless "A Par Bur".
		r.kind = adjudicator.Move
		r.dest = ref
		p.afterDest(r, ref.end)
	}
	if p.is(i, kwSupport) {
		r.kind = adjudicator.Support
		p.supported(r, i+1, expSupported)
	}
	if p.is(i, kwConvoy) {
		r.kind = adjudicator.Convoy
		p.supported(r, i+1, expConvoyed)
	}
	p.fail(i, expAction)
}

// plainLoc reads a destination written with no sign before it ("A Par
// Bur"): only after a unit whose place is written, and only a name written
// exactly, not misspelt.
func (p *parser) plainLoc(at locRef, i int) (locRef, bool) {
	if p.kind(i) != tWord || at.omitted() {
		return locRef{}, false
	}
	ref, ok := p.loc(i)
	return ref, ok && !ref.fuzzy
}

// afterDest reads what may follow a move's destination: "via convoy", or
// more moves ("A Ven-Pie-Mar", "A Lon-Nth-Bel").
func (p *parser) afterDest(r reading, i int) {
	if !p.step() {
		return
	}
	if n := p.viaConvoy(i); n > 0 {
		r2 := r
		r2.via = true
		p.done(r2, i+n)
	}
	if n := p.moveWords(i); n > 0 && len(r.chain) < 8 {
		if ref, ok := p.loc(i + n); ok {
			r2 := r
			r2.chain = append(append([]locRef(nil), r.chain...), ref)
			p.afterDest(r2, ref.end)
		} else {
			p.fail(i+n, expDest)
		}
	}
	p.done(r, i)
}

// supported reads the unit a support or convoy is for, with the power it
// belongs to if named ("S Russian A War-Pru", "C (Inglese) A Lon-Bel"), and
// what it does.
func (p *parser) supported(r reading, i int, what expect) {
	with := func(pw variants.Power, i int) {
		if p.skipParens(i) >= len(p.toks) {
			p.incomplete = true
			p.fail(p.skipParens(i), what)
			return
		}
		p.unit(i, true, func(u unitRef, j int) {
			u.power = pw
			r.target = u
			j = p.skipParens(j)
			if r.kind == adjudicator.Support {
				p.done(r, j)
				if n := p.holdWords(j); n > 0 {
					p.done(r, j+n)
				}
			}
			if n := p.moveWords(j); n > 0 {
				if ref, ok := p.loc(j + n); ok {
					r2 := r
					r2.dest = ref
					p.done(r2, ref.end)
					if n := p.viaConvoy(ref.end); n > 0 {
						p.done(r2, ref.end+n)
					}
				} else {
					p.fail(j+n, expDest)
				}
			} else if ref, ok := p.plainLoc(u.at, j); ok {
				// "f wal s mao iri", "F Nth C A Lon Bel".
				r2 := r
				r2.dest = ref
				p.done(r2, ref.end)
			} else if r.kind == adjudicator.Convoy {
				p.fail(j, expConvoyTo)
			}
		})
	}
	with(variants.NoPower, i)
	if pw, end, ok := p.powerAt(i, true); ok {
		with(pw, end)
	}
	p.destFirst(r, i)
}

// destFirst reads webDiplomacy's sentences, which name the supported or
// convoyed unit by its place, after where it goes: "support hold to
// Marseilles", "support move to Burgundy from Paris", "convoy to Belgium
// from London".
func (p *parser) destFirst(r reading, i int) {
	if h := p.holdWords(i); h > 0 && r.kind == adjudicator.Support {
		if n := p.moveWords(i + h); n > 0 {
			if ref, ok := p.loc(i + h + n); ok {
				r.target = unitRef{power: variants.NoPower, at: ref, start: i + h + n}
				p.done(r, ref.end)
			}
		}
		return
	}
	n := p.moveWords(i)
	if n == 0 {
		return
	}
	dest, ok := p.loc(i + n)
	if !ok || !p.is(dest.end, kwFrom) {
		return
	}
	r.dest = dest
	p.unit(dest.end+1, true, func(u unitRef, j int) {
		r.target = u
		p.done(r, j)
	})
}

// retreat reads RetreatTo and Disband: "A Bur - Pic", "A Bur R Pic",
// "retreat A Bur to Pic", "A Bur disband", "disband A Bur".
func (p *parser) retreat(r reading, i int) {
	if p.is(i, kwRetreat) {
		p.unit(i+1, false, func(u unitRef, j int) {
			r.unit = u
			p.retreatTo(r, j, true)
		})
	}
	if p.is(i, kwDisband) {
		p.verbFirst(r, i, adjudicator.Disband)
	}
	p.unit(i, false, func(u unitRef, j int) {
		r.unit = u
		j = p.skipParens(j)
		if p.word(j) == "si" && p.is(j+1, kwRetreat|kwDisband) {
			j++ // Italian: "si ritira", "si scioglie"
		}
		if p.is(j, kwDisband) {
			r.kind = adjudicator.Disband
			p.done(r, j+1)
		}
		if p.is(j, kwRetreat) {
			p.retreatTo(r, j+1, true)
		}
		p.retreatTo(r, j, false)
	})
}

// verbFirst reads an order of the given kind whose verb, at i, comes
// before the unit: "disband A Bur", "build A Par", "remove F Nth".
func (p *parser) verbFirst(r reading, i int, kind adjudicator.OrderType) {
	p.unit(i+1, false, func(u unitRef, j int) {
		r.unit = u
		r.kind = kind
		p.done(r, j)
	})
}

func (p *parser) retreatTo(r reading, i int, said bool) {
	n := p.moveWords(i)
	if n == 0 && !said {
		if ref, ok := p.plainLoc(r.unit.at, i); ok {
			r.kind = adjudicator.RetreatTo
			r.dest = ref
			p.done(r, ref.end)
		}
		p.fail(i, expRetreat)
		return
	}
	r.kind = adjudicator.RetreatTo
	if ref, ok := p.loc(i + n); ok {
		r.dest = ref
		p.done(r, ref.end)
	} else {
		p.fail(i+n, expLoc)
	}
}

// adjust reads Build, Remove and Waive: "build A Par", "A Par build",
// "remove F Nth", "disband A Mun", "waive", "build none", and a unit
// alone ("F Edi"), which resolve reads as a build or a removal.
func (p *parser) adjust(r reading, i int) {
	if p.is(i, kwWaive) || (p.is(i, kwBuild) && p.is(i+1, kwNone|kwWaive)) || (p.is(i, kwNone) && p.is(i+1, kwBuild)) {
		r.kind = adjudicator.Waive
		j := i + 1
		if p.is(j, kwBuild|kwNone|kwWaive) {
			j++
		}
		p.done(r, j)
	}
	if p.is(i, kwBuild) {
		p.verbFirst(r, i, adjudicator.Build)
	}
	if p.is(i, kwRemove) {
		p.verbFirst(r, i, adjudicator.Remove)
	}
	p.unit(i, false, func(u unitRef, j int) {
		r.unit = u
		j = p.skipParens(j)
		if p.is(j, kwBuild) {
			r.kind = adjudicator.Build
			p.done(r, j+1)
			if t := p.unitWord(j + 1); t != variants.NoType && u.typ == variants.NoType {
				// diplicity's "Paris build army".
				r.unit.typ = t
				p.done(r, j+2)
			}
		}
		if p.is(j, kwRemove) {
			r.kind = adjudicator.Remove
			p.done(r, j+1)
		}
		// A unit without a verb is named exactly: "Marina" signs a
		// letter, it does not build in "Manica", nor "A presto" in Brest.
		if !u.at.omitted() && !u.at.fuzzy {
			r.kind = adjudicator.Build
			r.bare = true
			p.done(r, j)
		}
		p.fail(j, expAdjust)
	})
	p.fail(i, expAdjust)
}
