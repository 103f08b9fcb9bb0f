package italia

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// A verb's forms are written as the sheet writes them: literal words in
// capitals, slots in braces, an optional part in brackets. The first form
// is the canonical one, Italian, that the order's text is written in; the
// second the English one that a refusal shows English readers.

// slotKind is what a slot reads; a slot's name is its kind's, with a
// digit where a form has two of a kind ({t}, {t2}).
type slotKind uint8

const (
	sNum     slotKind = iota // a number
	sNums                    // numbers, separated by commas
	sPower                   // a power's name
	sTerr                    // a territory's name
	sSea                     // a sea's name
	sTerrs                   // territories, separated by commas
	sTPath                   // territories, separated by "-"
	sSPath                   // seas, separated by "-"
	sCounter                 // #k
	sFleet                   // F<k>
	sElem                    // an element code
	sElems                   // elements: "CINC, 3 GD, 8 PK"
	sTypes                   // element codes, separated by commas
	sKind                    // ESERCITO, CONTINGENTE, FINTO (or English)
	sWord                    // one word
	sMods                    // a move's suffixes: ASSEDIA, SUPPORTA #1 ...
	sRest                    // every word left
)

// slots name the slot kinds, with their names in refusals.
var slots = map[string]struct {
	kind             slotKind
	italian, english string
}{
	"n":     {sNum, "numero", "number"},
	"ns":    {sNums, "numeri", "numbers"},
	"p":     {sPower, "potenza", "power"},
	"t":     {sTerr, "territorio", "territory"},
	"t2":    {sTerr, "territorio", "territory"},
	"s":     {sSea, "mare", "sea"},
	"ts":    {sTerrs, "territori", "territories"},
	"tpath": {sTPath, "percorso", "path"},
	"spath": {sSPath, "mari", "seas"},
	"k":     {sCounter, "#k", "#k"}, "j": {sCounter, "#j", "#j"},
	"f":     {sFleet, "F<k>", "F<k>"},
	"e":     {sElem, "tipo", "type"},
	"es":    {sElems, "elementi", "elements"},
	"types": {sTypes, "tipi", "types"},
	"kind":  {sKind, "ESERCITO|CONTINGENTE|FINTO", "ARMY|CONTINGENT|DUMMY"},
	"w":     {sWord, "parola", "word"},
	"mods":  {sMods, "ASSEDIA|SACCHEGGIA|SEDA|ATTENDI|SUPPORTA #j", "BESIEGE|SACK|QUELL|WAIT|SUPPORT #j"},
	"rest":  {sRest, "...", "..."},
}

// item is a part of a form: a literal word, a slot, or an optional part.
type item struct {
	lit  string // folded
	word string // as the form writes it
	slot string
	opt  []item
	// group numbers the optional parts of a form, for their flags.
	group int
}

// compile reads a form into items.
func compile(form string) []item {
	var out []item
	stack := [][]item{}
	groups := 0
	for _, w := range strings.Fields(strings.NewReplacer("[", " [ ", "]", " ] ", ":", " : ").Replace(form)) {
		switch {
		case w == "[":
			stack = append(stack, out)
			out = nil
		case w == "]":
			group := item{opt: out, group: groups}
			groups++
			out = append(stack[len(stack)-1], group)
			stack = stack[:len(stack)-1]
		case w[0] == '{':
			out = append(out, item{slot: strings.Trim(w, "{}")})
		default:
			out = append(out, item{lit: machiavelli.Fold(w), word: w})
			if w == "-" || w == ":" {
				out[len(out)-1].lit = w
			}
		}
	}
	return out
}

// mod is a move's suffix (spec §3.6.1).
type mod uint8

const (
	modBesiege mod = 1 << iota
	modSack
	modQuell
	modWait
	modSupport
)

// mods are the suffixes with their words, in the order the canonical text
// writes them.
var mods = []struct {
	m                mod
	italian, english string
}{
	{modBesiege, "ASSEDIA", "BESIEGE"},
	{modSack, "SACCHEGGIA", "SACK"},
	{modQuell, "SEDA", "QUELL"},
	{modWait, "ATTENDI", "WAIT"},
	{modSupport, "SUPPORTA", "SUPPORT"},
}

// moves is what a move's suffixes say: which, and whom SUPPORTA names.
type moves struct {
	set     mod
	power   string // an ally's counter; "" for one's own
	counter int
}

// order is a sheet line read: its verb and the values of its slots
// ("[0]" and so on for an optional part without slots that was written).
type order struct {
	verb verbID
	vals map[string]any
}

func (o *order) num(slot string) int { n, _ := o.vals[slot].(int); return n }
func (o *order) str(slot string) string {
	s, _ := o.vals[slot].(string)
	return s
}
func (o *order) has(slot string) bool { _, ok := o.vals[slot]; return ok }
func (o *order) area(slot string) machiavelli.Area {
	a, ok := o.vals[slot].(machiavelli.Area)
	if !ok {
		return machiavelli.NoArea
	}
	return a
}
func (o *order) areas(slot string) []machiavelli.Area {
	as, _ := o.vals[slot].([]machiavelli.Area)
	return as
}
func (o *order) elems() Elements { es, _ := o.vals["es"].(Elements); return es }
func (o *order) types() []Elem   { ts, _ := o.vals["types"].([]Elem); return ts }
func (o *order) nums() []int     { ns, _ := o.vals["ns"].([]int); return ns }
func (o *order) mods() moves     { m, _ := o.vals["mods"].(moves); return m }

// reader reads sheet lines against a board.
type reader struct {
	b        *machiavelli.Board
	reserved map[string]bool
}

// newReader makes a reader for board b; every literal word of a form and
// every suffix and kind word is reserved: no name runs over it.
func newReader(b *machiavelli.Board) *reader {
	rd := &reader{b: b, reserved: map[string]bool{}}
	var walk func([]item)
	walk = func(items []item) {
		for _, it := range items {
			if it.lit != "" {
				rd.reserved[it.lit] = true
			}
			walk(it.opt)
		}
	}
	for v := range verbs {
		for _, f := range verbs[v].compiled {
			walk(f)
		}
	}
	for _, m := range mods {
		rd.reserved[machiavelli.Fold(m.italian)] = true
		rd.reserved[machiavelli.Fold(m.english)] = true
	}
	for _, k := range counterKinds {
		rd.reserved[machiavelli.Fold(k.Italian)] = true
		rd.reserved[machiavelli.Fold(k.English)] = true
	}
	return rd
}

// parseErr is why a line is not read: a reason, or plainly no order.
type parseErr struct {
	reason   game.Text
	notOrder bool
}

// parse reads a line into an order. Names must name (strictly) in a first
// pass; a second, lenient one finds the form that a misspelt name broke,
// to say which name.
func (rd *reader) parse(line string) (*order, *parseErr) {
	toks := tokenize(line)
	if len(toks) == 0 {
		return nil, &parseErr{notOrder: true}
	}
	if toks[0].key == "signon" || toks[0].key == "signoff" {
		return nil, &parseErr{notOrder: true, reason: tx("the judge reads SIGNON and SIGNOFF itself")}
	}
	for _, strict := range []bool{true, false} {
		for v := range verbs {
			for _, form := range verbs[v].compiled {
				vals, ok := rd.match(form, toks, map[string]any{}, strict)
				if !ok {
					continue
				}
				o := &order{verb: verbID(v), vals: vals}
				if err := rd.resolve(o); err != nil {
					return nil, err
				}
				if err := wordOf(o); err != nil {
					return nil, err
				}
				return o, nil
			}
		}
	}
	return nil, rd.notUnderstood(toks)
}

// notUnderstood says why no form read the tokens: the forms of the verb
// the line starts with, or plainly no order where nothing in it looks
// like one (a greeting).
func (rd *reader) notUnderstood(toks []token) *parseErr {
	for v := range verbs {
		for _, form := range verbs[v].compiled {
			if len(form) > 0 && form[0].lit != "" && form[0].lit == toks[0].key {
				return &parseErr{reason: func(l game.Lang) string {
					return f(l, "not understood: write %s", verbs[v].usage(l))
				}}
			}
		}
	}
	for _, tk := range toks {
		if tk.kind != tWord && tk.kind != tPunct {
			return &parseErr{reason: tx("not understood: no verb of the operation sheet starts it")}
		}
	}
	return &parseErr{notOrder: true, reason: tx("no order of the operation sheet")}
}

// match matches items against toks in full, binding the slots.
func (rd *reader) match(items []item, toks []token, vals map[string]any, strict bool) (map[string]any, bool) {
	if len(items) == 0 {
		return vals, len(toks) == 0
	}
	it := items[0]
	switch {
	case it.opt != nil:
		with := append(slices.Clone(it.opt), items[1:]...)
		if v, ok := rd.match(with, toks, withVal(vals, "["+strconv.Itoa(it.group)+"]", true), strict); ok {
			return v, true
		}
		return rd.match(items[1:], toks, vals, strict)
	case it.lit != "":
		if len(toks) == 0 || toks[0].key != it.lit {
			return nil, false
		}
		return rd.match(items[1:], toks[1:], vals, strict)
	}
	for _, c := range rd.slot(it.slot, toks, strict) {
		if v, ok := rd.match(items[1:], toks[c.n:], withVal(vals, it.slot, c.val), strict); ok {
			return v, true
		}
	}
	return nil, false
}

func withVal(vals map[string]any, k string, v any) map[string]any {
	out := make(map[string]any, len(vals)+1)
	for a, b := range vals {
		out[a] = b
	}
	out[k] = v
	return out
}

// taken is one way a slot can take tokens: how many, and the value (names
// still as written: resolve reads them).
type taken struct {
	n   int
	val any
}

// slot lists the ways slot can take the first tokens, the likelier first.
func (rd *reader) slot(name string, toks []token, strict bool) []taken {
	kind := slots[name].kind
	one := func(k tokKind) []taken {
		if len(toks) > 0 && toks[0].kind == k {
			return []taken{{1, toks[0].n}}
		}
		return nil
	}
	switch kind {
	case sNum:
		return one(tNum)
	case sNums:
		return list(toks, ",", func(ts []token) []taken { return rd.slot("n", ts, strict) })
	case sCounter:
		return one(tCounter)
	case sFleet:
		return one(tFleet)
	case sElem:
		if len(toks) > 0 && toks[0].kind == tWord {
			if e, ok := elemByCode(toks[0].key); ok {
				return []taken{{1, e}}
			}
		}
		return nil
	case sKind:
		if len(toks) > 0 {
			for _, k := range counterKinds {
				if toks[0].key == machiavelli.Fold(k.Italian) || toks[0].key == machiavelli.Fold(k.English) {
					return []taken{{1, k.Kind}}
				}
			}
		}
		return nil
	case sWord:
		if len(toks) > 0 && toks[0].kind == tWord && !rd.reserved[toks[0].key] {
			return []taken{{1, strings.ToUpper(toks[0].key)}}
		}
		return nil
	case sRest:
		if len(toks) == 0 {
			return nil
		}
		return []taken{{len(toks), raw(toks)}}
	case sElems:
		return rd.elements(toks)
	case sTypes:
		return list(toks, ",", func(ts []token) []taken { return rd.slot("e", ts, strict) })
	case sMods:
		return rd.moves(toks)
	case sTerrs:
		return list(toks, ",", func(ts []token) []taken { return rd.name(ts, kind, strict) })
	case sTPath, sSPath:
		return list(toks, "-", func(ts []token) []taken { return rd.name(ts, kind, strict) })
	}
	return rd.name(toks, kind, strict)
}

// raw is toks as written, one space between them.
func raw(toks []token) string {
	words := make([]string, len(toks))
	for i, tk := range toks {
		words[i] = tk.raw
	}
	return strings.Join(words, " ")
}

// list takes items separated by sep, each the longest way one takes it.
func list(toks []token, sep string, one func([]token) []taken) []taken {
	var vals []any
	n := 0
	for {
		c := one(toks[n:])
		if len(c) == 0 {
			return nil
		}
		vals = append(vals, c[0].val)
		n += c[0].n
		if n == len(toks) || toks[n].key != sep {
			return []taken{{n, vals}}
		}
		n++
	}
}

// name takes a run of words that names a place or a power, the longest
// first; strictly, only runs that name one.
func (rd *reader) name(toks []token, kind slotKind, strict bool) []taken {
	end := 0
	for end < len(toks) && toks[end].kind == tWord && !rd.reserved[toks[end].key] {
		end++
	}
	var out []taken
	for n := end; n > 0; n-- {
		written := raw(toks[:n])
		if strict && rd.lookup(written, kind) != nil {
			continue
		}
		out = append(out, taken{n, written})
	}
	return out
}

// elements takes an element list: "CINC, 3 GD, 8 PK" or "3GD 6PK".
func (rd *reader) elements(toks []token) []taken {
	var es Elements
	n := 0
	for n < len(toks) {
		count := 1
		i := n
		if toks[i].kind == tNum {
			count = toks[i].n
			i++
		}
		if i >= len(toks) || toks[i].kind != tWord {
			break
		}
		e, ok := elemByCode(toks[i].key)
		if !ok {
			break
		}
		es[e] += count
		n = i + 1
		if n < len(toks) && toks[n].key == "," {
			n++
		}
	}
	if n == 0 || n < len(toks) {
		return nil
	}
	return []taken{{n, es}}
}

// moves takes a move's suffixes, to the end of the line.
func (rd *reader) moves(toks []token) []taken {
	var m moves
	for i := 0; i < len(toks); {
		w := -1
		for j, md := range mods {
			if toks[i].key == machiavelli.Fold(md.italian) || toks[i].key == machiavelli.Fold(md.english) {
				w = j
			}
		}
		if w < 0 {
			return nil
		}
		m.set |= mods[w].m
		i++
		if mods[w].m != modSupport {
			continue
		}
		// SUPPORTA [ally] #j
		j := i
		for j < len(toks) && toks[j].kind == tWord {
			j++
		}
		if j == len(toks) || toks[j].kind != tCounter {
			return nil
		}
		m.power = raw(toks[i:j])
		m.counter = toks[j].n
		i = j + 1
	}
	return []taken{{len(toks), m}}
}

// lookup is why written names no place or power of kind: nil when it
// does (exactly, or as the one name it starts).
func (rd *reader) lookup(written string, kind slotKind) game.Text {
	_, err := rd.find(written, kind)
	return err
}

// find is what written names: a power's id or an area.
func (rd *reader) find(written string, kind slotKind) (any, game.Text) {
	if kind == sPower {
		id, many := lookupPower(written)
		if id != "" {
			return id, nil
		}
		if len(many) > 1 {
			return nil, func(l game.Lang) string {
				names := make([]string, len(many))
				for i, p := range many {
					names[i] = powerName(l, p)
				}
				return f(l, "%q could be %s", written, strings.Join(names, ", "))
			}
		}
		return nil, tx("no power is called %q", written)
	}
	sea := kind == sSea || kind == sSPath
	if a, ok := rd.b.Lookup(written); ok {
		if rd.b.Areas[a].Sea != sea {
			return nil, func(l game.Lang) string {
				if sea {
					return f(l, "%s is a territory, not a sea", rd.b.Areas[a].Italian)
				}
				return f(l, "%s is a sea, not a territory", rd.b.Areas[a].Italian)
			}
		}
		return a, nil
	}
	var found []machiavelli.Area
	if len([]rune(machiavelli.Fold(written))) >= 3 {
		for _, a := range rd.b.Prefix(written) {
			if rd.b.Areas[a].Sea == sea {
				found = append(found, a)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if sea {
			return nil, tx("no sea is called %q", written)
		}
		return nil, tx("no territory is called %q", written)
	}
	names := make([]string, len(found))
	for i, a := range found {
		names[i] = rd.b.Areas[a].Italian
	}
	return nil, tx("%q could be %s", written, strings.Join(names, ", "))
}

// resolve turns the names an order was read with into powers and areas.
func (rd *reader) resolve(o *order) *parseErr {
	for name, v := range o.vals {
		kind := slots[name].kind
		switch v := v.(type) {
		case string:
			if kind != sPower && kind != sTerr && kind != sSea {
				continue
			}
			x, err := rd.find(v, kind)
			if err != nil {
				return &parseErr{reason: err}
			}
			o.vals[name] = x
		case []any:
			if kind == sNums {
				o.vals[name] = typed[int](v)
				continue
			}
			if kind == sTypes {
				o.vals[name] = typed[Elem](v)
				continue
			}
			as := make([]machiavelli.Area, len(v))
			for i, w := range v {
				x, err := rd.find(w.(string), kind)
				if err != nil {
					return &parseErr{reason: err}
				}
				as[i] = x.(machiavelli.Area)
			}
			o.vals[name] = as
		case moves:
			if v.power != "" {
				x, err := rd.find(v.power, sPower)
				if err != nil {
					return &parseErr{reason: err}
				}
				v.power = x.(string)
				o.vals[name] = v
			}
		}
	}
	return nil
}

// typed is a list's values, which a slot's reader took as T.
func typed[T any](v []any) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = x.(T)
	}
	return out
}

// format writes an order in its verb's canonical form.
func (rd *reader) format(o *order) string {
	var out []string
	var walk func([]item)
	walk = func(items []item) {
		for _, it := range items {
			switch {
			case it.opt != nil:
				if o.has("[" + strconv.Itoa(it.group) + "]") {
					walk(it.opt)
				}
			case it.lit == ":" && len(out) > 0:
				out[len(out)-1] += ":"
			case it.lit != "":
				out = append(out, it.word)
			default:
				if s := rd.value(it.slot, o); s != "" {
					out = append(out, s)
				}
			}
		}
	}
	walk(verbs[o.verb].compiled[0])
	return strings.Join(out, " ")
}

// value writes a slot's value as the canonical form does.
func (rd *reader) value(slot string, o *order) string {
	areas := func(sep string) string {
		var names []string
		for _, a := range o.areas(slot) {
			names = append(names, rd.b.Areas[a].Italian)
		}
		return strings.Join(names, sep)
	}
	switch v := o.vals[slot].(type) {
	case int:
		switch slots[slot].kind {
		case sCounter:
			return "#" + strconv.Itoa(v)
		case sFleet:
			return "F" + strconv.Itoa(v)
		}
		return strconv.Itoa(v)
	case string:
		if slots[slot].kind == sPower {
			return powerName(game.Italian, v)
		}
		return v
	case machiavelli.Area:
		return rd.b.Areas[v].Italian
	case []machiavelli.Area:
		switch slots[slot].kind {
		case sTerrs:
			return areas(", ")
		case sTPath:
			return areas("-")
		}
		return areas(" - ")
	case Elem:
		return v.String()
	case Elements:
		return v.String()
	case []int:
		ns := make([]string, len(v))
		for i, n := range v {
			ns[i] = strconv.Itoa(n)
		}
		return strings.Join(ns, ", ")
	case []Elem:
		codes := make([]string, len(v))
		for i, e := range v {
			codes[i] = e.String()
		}
		return strings.Join(codes, ", ")
	case CounterKind:
		return kindWord(game.Italian, v)
	case moves:
		var words []string
		for _, md := range mods {
			if v.set&md.m == 0 {
				continue
			}
			words = append(words, md.italian)
			if md.m == modSupport {
				if v.power != "" {
					words = append(words, powerName(game.Italian, v.power))
				}
				words = append(words, "#"+strconv.Itoa(v.counter))
			}
		}
		return strings.Join(words, " ")
	}
	return ""
}

// announcing are the words a form writes before a word slot that a rest
// may follow (GIOCA CARTA {n} [QUANDO {w}] [{rest}]), folded.
var announcing = []string{"quando", "when"}

// wordOf reads a word slot that takes one of a verb's words, and writes it
// in Italian.
func wordOf(o *order) *parseErr {
	ws, ok := words[o.verb]
	if !ok {
		return nil
	}
	var all []string
	for _, pair := range ws {
		all = append(all, pair[0])
	}
	if !o.has("w") {
		// The word that announces the slot, left without it ("GIOCA
		// CARTA 5 QUANDO"), is no note of the player's for the rest.
		if rest := strings.Fields(o.str("rest")); len(rest) > 0 && slices.Contains(announcing, machiavelli.Fold(rest[0])) {
			return &parseErr{reason: tx("%s: expected %s after it", rest[0], strings.Join(all, ", "))}
		}
		return nil
	}
	w := o.str("w")
	for _, pair := range ws {
		if w == pair[0] || w == pair[1] {
			o.vals["w"] = pair[0]
			return nil
		}
	}
	return &parseErr{reason: tx("%s: expected %s", w, strings.Join(all, ", "))}
}
