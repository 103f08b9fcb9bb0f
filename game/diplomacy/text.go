package diplomacy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Texts are written in English in the code; italian (italian.go) gives
// each its Italian, and a test checks that every text has one.

// t is text in l.
func t(l game.Lang, text string) string { return italian.T(l, text) }

// f formats in l.
func f(l game.Lang, format string, args ...any) string { return italian.F(l, format, args...) }

// plural counts in l: "1 build", "2 builds".
func plural(l game.Lang, n int, one, many string) string {
	if n == 1 {
		return "1 " + t(l, one)
	}
	return fmt.Sprintf("%d %s", n, t(l, many))
}

var (
	italianSeasons = [...]string{"Primavera", "Autunno", "Inverno"}
	italianTypes   = [...]string{"movimento", "ritirate", "aggiustamenti"}
)

// PhaseTitle writes a phase for people: "Spring 1901 movement (S1901M)",
// "Primavera 1901, movimento (S1901M)".
func PhaseTitle(l game.Lang, p adjudicator.Phase) string {
	if l == game.Italian {
		return italianSeasons[p.Season] + " " + strconv.Itoa(p.Year) + ", " + italianTypes[p.Type] + " (" + p.String() + ")"
	}
	return p.Long() + " (" + p.String() + ")"
}

// PowerName is a power's name in l.
func PowerName(l game.Lang, v *variants.Variant, p variants.Power) string {
	if l == game.Italian {
		return v.Powers[p].ItalianName()
	}
	return v.Powers[p].Name
}

// powerByID is the name of the power with that id, the id if none.
func powerByID(l game.Lang, v *variants.Variant, id string) string {
	if p := v.PowerByID(id); p != variants.NoPower {
		return PowerName(l, v, p)
	}
	return id
}

// SideName names the powers one player plays: "Austria, France and
// Turkey".
func SideName(l game.Lang, v *variants.Variant, side []variants.Power) string {
	names := make([]string, len(side))
	for i, p := range side {
		names[i] = PowerName(l, v, p)
	}
	return And(l, names)
}

// And joins words as a list: "a, b and c", "a, b e c".
func And(l game.Lang, words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + t(l, " and ") + words[len(words)-1]
}

// NameWidth is the width of a column of the variant's power names.
func NameWidth(l game.Lang, v *variants.Variant) int {
	w := 8
	for p := range v.Powers {
		w = max(w, len([]rune(PowerName(l, v, variants.Power(p))))+1)
	}
	return w
}

// none is a list, or "none".
func none(l game.Lang, xs []string) string {
	if len(xs) == 0 {
		return t(l, "none")
	}
	return strings.Join(xs, ", ")
}

// unit is "an army" or "a fleet".
func unit(l game.Lang, ut variants.UnitType) string {
	if ut == variants.Fleet {
		return t(l, "a fleet")
	}
	return t(l, "an army")
}

// refusalIn is the parser's refusal of an order in l.
func refusalIn(l game.Lang, r *parser.Refusal) string {
	if l == game.Italian && r.Italian != "" {
		return r.Italian
	}
	return r.Problem
}

// outcomeIn writes an order's outcome from the game's words ("fails",
// "bounced").
func outcomeIn(l game.Lang, result, reason string) string {
	out := t(l, result)
	if reason != "" {
		out += ": " + reasonIn(l, reason)
	}
	return out
}

// reasonIn is the adjudicator's reason, given in its English words.
func reasonIn(l game.Lang, english string) string {
	if l == game.Italian {
		if it, ok := italianReasons[english]; ok {
			return it
		}
	}
	return english
}
