package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tWord  tokKind = iota // letters and digits, lower-cased, accents folded
	tArrow                // "-", "->", "=>", "→", ">"...
	tSlash                // "/"
	tOpen                 // "(" or "["
	tClose                // ")" or "]"
	tColon                // ":"
)

// token is one word or sign of an order. Other punctuation (periods,
// commas inside an order, quotes) separates words and is otherwise ignored:
// "A Mun.-Ruh" reads as "A Mun - Ruh", "S.Pietroburgo" as "S Pietroburgo".
type token struct {
	kind       tokKind
	norm       string // the word, lower-case without accents; the sign for others
	start, end int    // byte offsets in the text, for quoting the player
	space      bool   // preceded by white space, punctuation or the start
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func isArrowRune(r rune) bool {
	switch r {
	case '-', '–', '—', '‒', '−', '>', '=', '→', '⇒', '⟶', '➔', '»':
		return true
	}
	return false
}

// fold lower-cases r and strips the accents of the Latin letters Italian,
// French and German names use.
func fold(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	r = unicode.ToLower(r)
	switch r {
	case 'à', 'á', 'â', 'ä', 'ã', 'å':
		return 'a'
	case 'è', 'é', 'ê', 'ë':
		return 'e'
	case 'ì', 'í', 'î', 'ï':
		return 'i'
	case 'ò', 'ó', 'ô', 'ö', 'õ':
		return 'o'
	case 'ù', 'ú', 'û', 'ü':
		return 'u'
	case 'ç':
		return 'c'
	case 'ñ':
		return 'n'
	}
	return r
}

// normWord returns w lower-cased with accents folded, without allocating
// when it already is.
func normWord(w string) string {
	clean := true
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			clean = false
			break
		}
	}
	if clean {
		return w
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		b.WriteRune(fold(r))
	}
	return b.String()
}

// lex splits s into tokens, appending to toks.
func lex(s string, toks []token) []token {
	space := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		t := token{start: i, end: i + size, space: space}
		switch {
		case isWordRune(r):
			t.kind, t.end = tWord, runEnd(s, t.end, isWordRune)
			t.norm = normWord(s[i:t.end])
		case isArrowRune(r):
			t.kind, t.end = tArrow, runEnd(s, t.end, isArrowRune)
			t.norm = s[i:t.end]
		case r == '/' || r == '\\':
			t.kind, t.norm = tSlash, "/"
		case r == '(' || r == '[' || r == '{':
			t.kind, t.norm = tOpen, "("
		case r == ')' || r == ']' || r == '}':
			t.kind, t.norm = tClose, ")"
		case r == ':':
			t.kind, t.norm = tColon, ":"
		case (r == '\'' || r == '’') && len(toks) > 0 && toks[len(toks)-1].kind == tWord && toks[len(toks)-1].end == i &&
			i+size < len(s) && (s[i+size] == 's' || s[i+size] == 'S') &&
			(i+size+1 == len(s) || !isWordRune(rune(s[i+size+1]))):
			// A possessive: "Russia's A War" reads as "Russia A War".
			i += size + 1
			space = true
			continue
		default:
			// White space and other punctuation separate words.
			i += size
			space = true
			continue
		}
		toks = append(toks, t)
		space = false
		i = t.end
	}
	return toks
}

// runEnd returns the end of the run of runes for which in holds from i.
func runEnd(s string, i int, in func(rune) bool) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !in(r) {
			break
		}
		i += size
	}
	return i
}

// lexFast is lex for an order: a text in plain ASCII is lower-cased once
// rather than word by word.
func lexFast(s string, toks []token) []token {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return lex(s, toks)
		}
	}
	// Offsets stay those of s: ASCII keeps its length.
	return lex(strings.ToLower(s), toks)
}

// normKey reduces a name to its words, lower-case, joined by single spaces:
// "S.Pietroburgo(costa sud)" is "s pietroburgo costa sud". Names in the
// index and phrases read from orders are compared in this form.
func normKey(name string) string {
	var b strings.Builder
	var buf [16]token
	for _, t := range lex(name, buf[:0]) {
		if t.kind != tWord {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.norm)
	}
	return b.String()
}
