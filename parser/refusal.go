package parser

import (
	"strings"

	"github.com/corriere/corriere/variants"
)

// A refusal is written in English and in Italian from one table: each kind
// of refusal is a template in both languages (messages), and what fills it
// in (a word, a list of places, a power) is a phrase with both forms.

// phrase is a text in English and in Italian.
type phrase struct{ en, it string }

// same is a text that reads the same in both languages: a word as the
// player wrote it, an order as Format writes it.
func same(s string) phrase { return phrase{s, s} }

// msg is a kind of refusal.
type msg uint8

const (
	msgNoOrder msg = iota
	msgOneOrder
	msgTooLong
	msgWinterInMovement
	msgRetreatInMovement
	msgMovementInRetreat
	msgWinterInRetreat
	msgNotInWinter
	msgNoPlaceNamed
	msgTooLongPlace
	msgCouldBe
	msgNoPower
	msgTooLongUnit
	msgNoUnitType
	msgBuildWhere
	msgBuildWhat
	msgChain
	msgAmbiguousWord
	msgAmbiguous
	msgNoUnitOfType
	msgWhichUnit
	msgOtherPower
	msgTangled
	msgStops
	msgNoPlaceNear
	msgNoPlace
	msgSecondOrder
	msgExpected
	numMsgs
)

// messages are the refusals' templates: each %s takes the next argument,
// in the same order in both languages.
var messages = [numMsgs]phrase{
	msgNoOrder: {"no order given", "nessun ordine"},
	msgOneOrder: {"expected one order, found %s",
		"mi aspettavo un solo ordine, ho trovato %s"},
	msgTooLong: {"too long for one order: put a comma or a new line between orders",
		"troppo lungo per un ordine solo: metti una virgola o un a capo tra un ordine e l'altro"},
	msgWinterInMovement: {`"%s": builds and removals are ordered in winter; this is a movement phase`,
		`"%s": costruzioni e rimozioni si ordinano in inverno; questa è una fase di movimento`},
	msgRetreatInMovement: {`"%s": retreats and disbands are ordered after the moves; this is a movement phase`,
		`"%s": ritirate e scioglimenti si ordinano dopo i movimenti; questa è una fase di movimento`},
	msgMovementInRetreat: {`"%s": this is a retreat phase; a dislodged unit retreats ("A Bur - Pic") or disbands ("A Bur disband")`,
		`"%s": questa è una fase di ritirata; un'unità scacciata si ritira ("A Bur - Pic") o si scioglie ("A Bur disband")`},
	msgWinterInRetreat: {`"%s": builds and removals are ordered in winter; this is a retreat phase`,
		`"%s": costruzioni e rimozioni si ordinano in inverno; questa è una fase di ritirata`},
	msgNotInWinter: {`"%s": this is the winter adjustment; order "build A Par", "remove F Nth" or "waive"`,
		`"%s": questa è la fase di aggiustamento invernale; ordina "build A Par", "remove F Nth" o "waive"`},
	msgNoPlaceNamed: {"no place named", "nessun luogo indicato"},
	msgTooLongPlace: {"too long for a place name", "troppo lungo per il nome di un luogo"},
	msgCouldBe:      {`"%s" could be %s`, `"%s" può essere %s`},
	msgNoPower: {`"%s"? no such power; the powers are %s`,
		`"%s"? nessuna potenza con questo nome; le potenze sono %s`},
	msgTooLongUnit: {"too long for a unit", "troppo lungo per un'unità"},
	msgNoUnitType: {`"%s"? expected a unit type, A (army) or F (fleet), then its place`,
		`"%s"? mi aspettavo il tipo dell'unità, A (armata) o F (flotta), e poi dove si trova`},
	msgBuildWhere: {`build "%s" where? write the centre: "build %s Par"`,
		`dove costruisci "%s"? scrivi il centro: "build %s Par"`},
	msgBuildWhat: {`build what in %s? write "build A" (army) or "build F" (fleet)`,
		`cosa costruisci a %s? scrivi "build A" (armata) o "build F" (flotta)`},
	msgChain: {`"%s" moves more than once in one order; it could mean %s: write one order per unit`,
		`"%s" muove più di una volta in un solo ordine; può voler dire %s: scrivi un ordine per unità`},
	msgAmbiguousWord: {`"%s" could be %s; the order reads either way (%s)`,
		`"%s" può essere %s; l'ordine si legge in entrambi i modi (%s)`},
	msgAmbiguous: {"the order can be read more than one way: %s",
		"l'ordine si può leggere in più modi: %s"},
	msgNoUnitOfType: {`"%s" names no place, and you have no %s to give it to: write where the unit is`,
		`"%s" non nomina nessun luogo, e non hai nessuna %s a cui dare l'ordine: scrivi dove si trova l'unità`},
	msgWhichUnit: {`"%s" names no place, and you have several %s (%s): write which one`,
		`"%s" non nomina nessun luogo, e hai più %s (%s): scrivi quale`},
	msgOtherPower: {`"%s": this order is headed for %s, but these are %s's orders`,
		`"%s": quest'ordine è sotto l'intestazione %s, ma questi sono gli ordini per %s`},
	msgTangled: {"the order is too tangled to read; write it as unit, action, places",
		"l'ordine è troppo ingarbugliato per leggerlo; scrivilo come unità, azione, luoghi"},
	msgStops: {`the order stops after "%s": expected %s`,
		`l'ordine si ferma dopo "%s": mi aspettavo %s`},
	msgNoPlaceNear: {`"%s"? no such place; did you mean %s?`,
		`"%s"? nessun luogo con questo nome; forse intendevi %s?`},
	msgNoPlace: {`"%s"? no such place`, `"%s"? nessun luogo con questo nome`},
	msgSecondOrder: {`"%s": a second order? put a comma or a new line between orders`,
		`"%s": un secondo ordine? metti una virgola o un a capo tra un ordine e l'altro`},
	msgExpected: {`"%s"? expected %s`, `"%s"? mi aspettavo %s`},
}

// refuse builds the refusal of kind m about word, in both languages.
func refuse(word string, readings []string, m msg, args ...phrase) *Refusal {
	t := &messages[m]
	return &Refusal{Word: word, Problem: render(t.en, args, false), Italian: render(t.it, args, true), Readings: readings}
}

// render fills each %s of template with the next argument, in Italian if
// it is set.
func render(template string, args []phrase, it bool) string {
	if len(args) == 0 {
		return template
	}
	var b strings.Builder
	n := len(template)
	for _, a := range args {
		n += len(a.en)
	}
	b.Grow(n + n/4)
	for _, a := range args {
		i := strings.Index(template, "%s")
		if i < 0 {
			break
		}
		b.WriteString(template[:i])
		if it {
			b.WriteString(a.it)
		} else {
			b.WriteString(a.en)
		}
		template = template[i+2:]
	}
	b.WriteString(template)
	return b.String()
}

// expect is what the parser expected where it failed, in a player's words
// (expects).
type expect uint8

const (
	expUnit expect = iota
	expLoc
	expAction
	expSupported
	expConvoyed
	expConvoyTo
	expEnd
	expRetreat
	expAdjust
	expDest
	numExpects
)

var expects = [numExpects]phrase{
	expUnit: {"a unit (A or F) and where it is", "un'unità (A o F) e dove si trova"},
	expLoc:  {"a place", "un luogo"},
	expAction: {`what the unit does: "-" and a place (move), H (hold), S (support) or C (convoy)`,
		`cosa fa l'unità: "-" e un luogo (muove), H (fermo), S (sostiene) o C (trasporta)`},
	expSupported: {"the unit supported", "l'unità sostenuta"},
	expConvoyed:  {"the army convoyed", "l'armata trasportata"},
	expConvoyTo:  {`"-" and where the army goes`, `"-" e dove va l'armata`},
	expEnd:       {"the end of the order", "la fine dell'ordine"},
	expRetreat:   {`"-" and where the unit retreats to, or "disband"`, `"-" e dove si ritira l'unità, o "disband"`},
	expAdjust:    {`"build", "remove" or "waive" and a unit`, `"build", "remove" o "waive" e un'unità`},
	expDest:      {"where the unit goes", "dove va l'unità"},
}

// typeName names a unit type ("army", "fleets").
func typeName(t variants.UnitType, plural bool) phrase {
	switch {
	case t == variants.Army && plural:
		return phrase{"armies", "armate"}
	case t == variants.Army:
		return phrase{"army", "armata"}
	case t == variants.Fleet && plural:
		return phrase{"fleets", "flotte"}
	case t == variants.Fleet:
		return phrase{"fleet", "flotta"}
	case plural:
		return phrase{"units", "unità"}
	}
	return phrase{"unit", "unità"}
}

// powerName names a power; its Italian name is its English one where the
// variant gives none.
func powerName(v *variants.Variant, pw variants.Power) phrase {
	if int(pw) < len(v.Powers) {
		return phrase{v.Powers[pw].Name, v.Powers[pw].ItalianName()}
	}
	return phrase{"no power", "nessuna potenza"}
}

func quote(s string) string { return `"` + s + `"` }

// orList joins "a", "b" and "c" as "a, b or c" ("a, b o c").
func orList(xs []phrase) phrase { return joinList(xs, " or ", " o ") }

// andList joins "a", "b" and "c" as "a, b and c" ("a, b e c").
func andList(xs []phrase) phrase { return joinList(xs, " and ", " e ") }

func joinList(xs []phrase, en, it string) phrase {
	switch len(xs) {
	case 0:
		return phrase{}
	case 1:
		return xs[0]
	}
	var e, i strings.Builder
	for k, x := range xs {
		switch {
		case k == len(xs)-1:
			e.WriteString(en)
			i.WriteString(it)
		case k > 0:
			e.WriteString(", ")
			i.WriteString(", ")
		}
		e.WriteString(x.en)
		i.WriteString(x.it)
	}
	return phrase{e.String(), i.String()}
}

// sames makes phrases of texts that read the same in both languages.
func sames(xs []string) []phrase {
	out := make([]phrase, len(xs))
	for i, x := range xs {
		out[i] = same(x)
	}
	return out
}

// ens returns the English of each phrase.
func ens(xs []phrase) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.en
	}
	return out
}
