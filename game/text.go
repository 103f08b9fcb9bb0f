package game

import (
	"fmt"
	"slices"
)

// Lang is a language the judge writes to its readers in. Every text a
// game gives the judge is written for one reader in one language.
type Lang uint8

const (
	English Lang = iota
	Italian
)

// Langs counts the languages.
const Langs = Italian + 1

func (l Lang) String() string {
	if l == Italian {
		return "italian"
	}
	return "english"
}

// Text is something said to a reader, written in the reader's language.
type Text func(Lang) string

// String is the text in English, for errors and the log.
func (t Text) String() string { return t(English) }

// Dictionary gives the Italian of a package's texts, keyed by the
// English text as written in the code (a format for fmt). Each game
// package keeps its own; a text it lacks is written in English.
type Dictionary map[string]string

// T is text in l.
func (d Dictionary) T(l Lang, text string) string {
	if l == Italian {
		if it, ok := d[text]; ok {
			return it
		}
	}
	return text
}

// F formats in l; arguments that are Texts are written in l too.
func (d Dictionary) F(l Lang, format string, args ...any) string {
	args = slices.Clone(args)
	for i, a := range args {
		if t, ok := a.(Text); ok {
			args[i] = t(l)
		}
	}
	return fmt.Sprintf(d.T(l, format), args...)
}
