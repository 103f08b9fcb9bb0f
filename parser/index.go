package parser

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/corriere/corriere/variants"
)

// index holds a variant's names in the form the parser compares them: the
// words of each name joined by single spaces ("st petersburg", "stp nc").
type index struct {
	locs map[string][]variants.Loc
	// firstMax[w] is the largest number of words of a name starting with w.
	firstMax map[string]int

	powers   map[string]variants.Power
	powerMax int
	initials map[byte]variants.Power // a power by the initial of its name, where no other shares it ("f:")
	powerOne []powerWord             // single-word names of powers, for prefixes ("Turk", "Ingl")
	fuzzy    []fuzzyName
	// Per location: the name shown to players, and its province's; in
	// Italian the variant's Italian name, else the English one without
	// its article.
	locNames  []phrase
	provinces []phrase

	canon canonTables
}

type powerWord struct {
	word  string
	power variants.Power
}

// fuzzyName is a name for comparing misspellings: its letters without
// spaces, and the locations it names.
type fuzzyName struct {
	key   string
	locs  []variants.Loc
	group string // the locations as a string: names of the same places compete as one
}

var indexes sync.Map // *variants.Variant → *index

// indexFor returns the index of v, building it on first use. Variants are
// shared and not modified once built, so the index is kept per pointer.
func indexFor(v *variants.Variant) *index {
	if x, ok := indexes.Load(v); ok {
		return x.(*index)
	}
	x, _ := indexes.LoadOrStore(v, buildIndex(v))
	return x.(*index)
}

func buildIndex(v *variants.Variant) *index {
	ix := &index{
		locs:     map[string][]variants.Loc{},
		firstMax: map[string]int{},
		powers:   map[string]variants.Power{},
	}
	add := func(name string, locs ...variants.Loc) {
		key := normKey(name)
		if key == "" {
			return
		}
		for _, l := range locs {
			if int(l) < len(v.Locs) && !slices.Contains(ix.locs[key], l) {
				ix.locs[key] = append(ix.locs[key], l)
			}
		}
	}
	for name, locs := range v.LocNames {
		add(name, locs...)
	}
	for i := range v.Locs {
		add(v.Locs[i].ID, variants.Loc(i))
		add(v.Locs[i].Name, variants.Loc(i))
		for id, name := range idReadings {
			if v.Locs[i].Name == name {
				add(id, variants.Loc(i))
			}
		}
	}
	// "Mid-Atlantic" for "Mid-Atlantic Ocean", "Black" for "Black Sea": a
	// sea's name without its last word, when that names nothing else.
	var short []string
	for key, locs := range ix.locs {
		i := strings.LastIndexByte(key, ' ')
		if i < 0 || !seaWords[key[i+1:]] {
			continue
		}
		rest := key[:i]
		if _, taken := ix.locs[rest]; taken || keywords[rest] != 0 || coastDirs[rest] != "" || len(locs) != 1 {
			continue
		}
		short = append(short, key)
	}
	for _, key := range short {
		ix.locs[key[:strings.LastIndexByte(key, ' ')]] = ix.locs[key]
	}
	keys := make([]string, 0, len(ix.locs))
	for key, locs := range ix.locs {
		slices.Sort(locs)
		keys = append(keys, key)
		n := strings.Count(key, " ") + 1
		first, _, _ := strings.Cut(key, " ")
		if n > ix.firstMax[first] {
			ix.firstMax[first] = n
		}
	}
	slices.Sort(keys)
	seen := map[string]bool{}
	for _, key := range keys {
		locs := ix.locs[key]
		fk := strings.ReplaceAll(key, " ", "")
		group := locGroup(locs)
		if seen[fk+"|"+group] || len(fk) < 4 {
			continue
		}
		seen[fk+"|"+group] = true
		ix.fuzzy = append(ix.fuzzy, fuzzyName{key: fk, locs: locs, group: group})
	}

	addPower := func(name string, p variants.Power) {
		key := normKey(name)
		if key == "" {
			return
		}
		if _, ok := ix.powers[key]; !ok {
			ix.powers[key] = p
		}
	}
	for name, p := range v.PowerNames {
		if int(p) < len(v.Powers) {
			addPower(name, p)
		}
	}
	for i, info := range v.Powers {
		p := variants.Power(i)
		for _, name := range []string{info.ID, info.Name, info.Adjective, info.Abbrev} {
			addPower(name, p)
		}
	}
	pkeys := make([]string, 0, len(ix.powers))
	for key := range ix.powers {
		pkeys = append(pkeys, key)
	}
	slices.Sort(pkeys)
	for _, key := range pkeys {
		n := strings.Count(key, " ") + 1
		if n > ix.powerMax {
			ix.powerMax = n
		}
		if n == 1 && len(key) >= 3 {
			ix.powerOne = append(ix.powerOne, powerWord{key, ix.powers[key]})
		}
	}

	ix.initials = map[byte]variants.Power{}
	shared := map[byte]bool{}
	for i, info := range v.Powers {
		key := normKey(info.Name)
		if key == "" {
			continue
		}
		c := key[0]
		if _, taken := ix.initials[c]; taken {
			shared[c] = true
		}
		ix.initials[c] = variants.Power(i)
	}
	for c := range shared {
		delete(ix.initials, c)
	}

	ix.locNames = make([]phrase, len(v.Locs))
	ix.provinces = make([]phrase, len(v.Locs))
	for i := range v.Locs {
		info := &v.Locs[i]
		name := info.Name
		if name == "" {
			name = info.ID
		}
		en, it := name, name
		if strings.HasPrefix(strings.ToLower(name), "the ") {
			it = name[len("the "):]
		} else if info.Terrain == variants.Sea {
			en = "the " + name
		}
		if info.Italian != "" {
			it = info.Italian
		}
		ix.locNames[i] = phrase{en, it}
	}
	for i := range v.Locs {
		p := v.Locs[i].Province
		if int(p) < len(v.Locs) {
			ix.provinces[i] = ix.locNames[p]
		} else {
			ix.provinces[i] = ix.locNames[i]
		}
	}
	ix.canon = buildCanon(v, ix)
	return ix
}

func locGroup(locs []variants.Loc) string {
	b := make([]byte, len(locs))
	for i, l := range locs {
		b[i] = byte(l)
	}
	return string(b)
}

// power reads a power name, an adjective, a code, or the unique start
// (three letters or more) of one: "Turk", "Ingl".
func (ix *index) power(key string) (variants.Power, bool) {
	if p, ok := ix.powers[key]; ok {
		return p, true
	}
	if len(key) < 3 || strings.IndexByte(key, ' ') >= 0 {
		return variants.NoPower, false
	}
	found := variants.NoPower
	for _, pw := range ix.powerOne {
		if strings.HasPrefix(pw.word, key) {
			if found != variants.NoPower && found != pw.power {
				return variants.NoPower, false
			}
			found = pw.power
		}
	}
	return found, found != variants.NoPower
}

// osa is the optimal string alignment distance of a and b (Levenshtein
// with transpositions), or max+1 when it exceeds max.
func osa(a, b string, max int) int {
	la, lb := len(a), len(b)
	if d := la - lb; d > max || -d > max {
		return max + 1
	}
	var buf [3][40]int
	if lb+1 > len(buf[0]) {
		return max + 1
	}
	prev2, prev, cur := buf[0][:lb+1], buf[1][:lb+1], buf[2][:lb+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := prev[j-1] + cost
			if x := prev[j] + 1; x < d {
				d = x
			}
			if x := cur[j-1] + 1; x < d {
				d = x
			}
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				if x := prev2[j-2] + 1; x < d {
					d = x
				}
			}
			cur[j] = d
			if d < rowMin {
				rowMin = d
			}
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[lb] > max {
		return max + 1
	}
	return prev[lb]
}

// near is one location group close to a misspelt name.
type near struct {
	dist  int
	locs  []variants.Loc
	group string
}

// nearest returns the location groups within max edits of word, closest
// first, one entry per group.
func (ix *index) nearest(word string, max int) []near {
	if len(word) > 38 {
		return nil
	}
	var out []near
	for _, f := range ix.fuzzy {
		d := osa(word, f.key, max)
		if d > max {
			continue
		}
		i := slices.IndexFunc(out, func(n near) bool { return n.group == f.group })
		if i < 0 {
			out = append(out, near{d, f.locs, f.group})
		} else if d < out[i].dist {
			out[i].dist = d
		}
	}
	slices.SortStableFunc(out, func(a, b near) int { return cmp.Compare(a.dist, b.dist) })
	return out
}
