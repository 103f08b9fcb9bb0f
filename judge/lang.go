package judge

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/corriere/corriere/game"
)

// lang is a language the judge writes in: a game.Lang, whose numbers it
// shares, with the judge's own texts. Texts are written in English in the
// code; italianText gives each its Italian form, and a test checks that
// every text a player may read has one.
type lang game.Lang

const (
	english = lang(game.English)
	italian = lang(game.Italian)
)

// langWords are the names SET LANGUAGE and the game setting take.
var langWords = map[string]lang{
	"en": english, "english": english, "inglese": english,
	"it": italian, "italian": italian, "italiano": italian,
}

func (l lang) String() string {
	if l == italian {
		return "italian"
	}
	return "english"
}

// name is the language's name in English, as a word to translate:
// "English", "Italian".
func (l lang) name() string {
	if l == italian {
		return "Italian"
	}
	return "English"
}

// parseLang reads a language name ("" and unknown names: false).
func parseLang(s string) (lang, bool) {
	l, ok := langWords[strings.ToLower(strings.TrimSpace(s))]
	return l, ok
}

// t is format in l.
func (l lang) t(format string) string {
	if l == italian {
		if it, ok := italianText[format]; ok {
			return it
		}
	}
	return format
}

// f formats in l. Arguments that are words (a game's state), phrases
// (power names) or refusals, the judge's or a game's (a game's settings
// refused at CREATE), are put in l too.
func (l lang) f(format string, args ...any) string {
	args = slices.Clone(args) // a refusal keeps its arguments for each language
	for i, a := range args {
		switch a := a.(type) {
		case word:
			args[i] = l.t(string(a))
		case phrase:
			args[i] = a(l)
		case error:
			var r *refusal
			var gr *game.Refusal
			switch {
			case errors.As(a, &r):
				args[i] = r.in(l)
			case errors.As(a, &gr) && gr.Reason != nil:
				args[i] = gr.Reason(game.Lang(l))
			}
		}
	}
	return fmt.Sprintf(l.t(format), args...)
}

// A word is an argument of a text to be put in the reader's language
// ("forming"); it prints as itself in English.
type word string

// A phrase is an argument of a text written for each language.
type phrase func(lang) string

// String is the phrase in English, for errors and the log.
func (p phrase) String() string { return p(english) }

var italianDays = [...]string{"dom", "lun", "mar", "mer", "gio", "ven", "sab"}

// and joins words as a list: "a, b and c", "a, b e c".
func (l lang) and(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + l.t(" and ") + words[len(words)-1]
}

// time writes a time in the zone: "Mon 2026-11-23 20:00 CET", with seconds
// when asked.
func (l lang) time(t time.Time, loc *time.Location, seconds bool) string {
	t = t.In(loc)
	layout := "2006-01-02 15:04 MST"
	if seconds {
		layout = "2006-01-02 15:04:05 MST"
	}
	day := t.Format("Mon")
	if l == italian {
		day = italianDays[t.Weekday()]
	}
	return day + " " + t.Format(layout)
}

// Words that tell the language of a mail: common words of each language
// that are no order and no place name in the other.
var (
	italianMarks = wordSet("ciao salve buongiorno buonasera grazie saluti cordiali ecco ordini ordine miei mio mie " +
		"sono questo questi queste per il lo gli della delle degli dei nella nel che non una uno ho hai " +
		"sostiene supporta appoggia fermo resta sta trasporta convoglia muove muovi attacca costruisci " +
		"costruisce rimuovi ritira ritirata primavera autunno inverno partita giocatore arbitro come si gioca giocare " +
		"regole aiuto vorrei posso")
	// No command, order or phase words: players of either language
	// write those in English ("SIGNON master@...", "A Par H", "PHASE
	// Spring 1903").
	englishMarks = wordSet("hello hi hey dear thanks thank regards cheers best here are is my " +
		"the and this these with please you we of to sorry sent from")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// detectLang tells whether a mail's text is written in Italian or in
// English, from the common words of each; ok is false when it cannot say
// (a mail of orders and commands only).
func detectLang(text string) (l lang, ok bool) {
	it, en := 0, 0
	for _, line := range strings.Split(text, "\n") {
		// Command lines say nothing of the language, and a password on
		// one may spell a word by chance.
		if f := strings.Fields(line); len(f) > 0 && (commands.commandWords[strings.ToUpper(strings.TrimRight(f[0], ":"))] || strings.EqualFold(f[0], "sign")) {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(line), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if italianMarks[w] {
				it++
			}
			if englishMarks[w] {
				en++
			}
		}
	}
	switch {
	case it > en && it >= 2:
		return italian, true
	case en > it && en >= 2:
		return english, true
	}
	return english, false
}
