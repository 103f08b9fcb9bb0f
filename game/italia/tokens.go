package italia

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/corriere/corriere/variants/machiavelli"
)

// A sheet line is read in two steps: its tokens (this file), then the
// verb table's forms matched against them (sheet.go).

type tokKind uint8

const (
	tWord    tokKind = iota
	tNum             // 12
	tCounter         // #1
	tFleet           // F1
	tPunct           // - : ,
)

// token is a word, number, counter, fleet or punctuation of a line: raw
// as written, key folded (lower case, accents off), n its number.
type token struct {
	kind tokKind
	raw  string
	key  string
	n    int
}

// stripComment cuts a line at its comment: a # that does not start a
// counter (#1) starts one (spec §4.2).
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i+1 == len(line) || line[i+1] < '0' || line[i+1] > '9') {
			return line[:i]
		}
	}
	return line
}

// tokenize reads a line, its comment cut, into tokens: "->" and "→" are
// "-", ";" is ",", dots and apostrophes part words, "3GD" is 3 GD.
func tokenize(line string) []token {
	var out []token
	rs := []rune(stripComment(line))
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '#' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]):
			j := i + 1
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			n, _ := strconv.Atoi(string(rs[i+1 : j]))
			out = append(out, token{kind: tCounter, raw: string(rs[i:j]), key: string(rs[i:j]), n: n})
			i = j
		case r == '-' || r == '→' || r == '–':
			i++
			if i < len(rs) && rs[i] == '>' {
				i++
			}
			out = append(out, token{kind: tPunct, raw: "-", key: "-"})
		case r == ':' || r == ',' || r == ';':
			p := string(r)
			if r == ';' {
				p = ","
			}
			out = append(out, token{kind: tPunct, raw: p, key: p})
			i++
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || unicode.Is(unicode.Mn, rs[j])) {
				j++
			}
			out = append(out, word(string(rs[i:j]))...)
			i = j
		default:
			i++
		}
	}
	return out
}

// word classifies a run of letters and digits: a number, a fleet (F1), a
// number run into an element code (3GD), or a word.
func word(w string) []token {
	key := machiavelli.Fold(w)
	digits := strings.IndexFunc(key, func(r rune) bool { return !unicode.IsDigit(r) })
	switch {
	case digits < 0:
		n, _ := strconv.Atoi(key)
		return []token{{kind: tNum, raw: w, key: key, n: n}}
	case digits > 0:
		return append(word(w[:digits]), word(w[digits:])...)
	case len(key) > 1 && key[0] == 'f' && strings.Trim(key[1:], "0123456789") == "":
		n, _ := strconv.Atoi(key[1:])
		return []token{{kind: tFleet, raw: w, key: key, n: n}}
	}
	return []token{{kind: tWord, raw: w, key: key}}
}
