package parser

import (
	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
)

// Format writes an order canonically: "A par - bur", "F nth - pic",
// "A lon - bel via convoy", "A par H", "A mun S A ber", "A ruh S A mun -
// bur", "F nth C A lon - bel", retreat "A bur - pic" (RetreatTo), "A bur
// disband", "build A par", "build F stp/nc", "remove A par", "waive".
// Locations are written as canonical ids; a unit type left out (NoType) is
// left out. Order reads back what Format writes, with one exception: an id
// that is also another location's name ("tyr", Tyrolia's id and the
// rulebook's "Tyr" for the Tyrrhenian Sea) means its own location only when
// the position does not make the other one likelier, so "build F tyr" reads
// back as the sea.
func Format(v *variants.Variant, o adjudicator.Order) string {
	// Results write every order: one allocation, for the string.
	var buf [64]byte
	return string(AppendFormat(buf[:0], v, o))
}

// AppendFormat appends Format's text of o to b, so that a caller may
// compare it with the text read without making a string of it.
func AppendFormat(b []byte, v *variants.Variant, o adjudicator.Order) []byte {
	unit := func(t variants.UnitType, l variants.Loc) {
		if t == variants.Army || t == variants.Fleet {
			b = append(b, t.String()...)
			b = append(b, ' ')
		}
		b = append(b, locID(v, l)...)
	}
	switch o.Type {
	case adjudicator.Hold:
		unit(o.Unit, o.Loc)
		b = append(b, " H"...)
	case adjudicator.Move, adjudicator.RetreatTo:
		unit(o.Unit, o.Loc)
		b = append(b, " - "...)
		b = append(b, locID(v, o.Target)...)
		if o.ViaConvoy && o.Type == adjudicator.Move {
			b = append(b, " via convoy"...)
		}
	case adjudicator.Support, adjudicator.Convoy:
		unit(o.Unit, o.Loc)
		if o.Type == adjudicator.Support {
			b = append(b, " S "...)
		} else {
			b = append(b, " C "...)
		}
		unit(o.TargetUnit, o.Target)
		if o.Dest != variants.NoLoc {
			b = append(b, " - "...)
			b = append(b, locID(v, o.Dest)...)
		}
	case adjudicator.Disband:
		unit(o.Unit, o.Loc)
		b = append(b, " disband"...)
	case adjudicator.Build:
		b = append(b, "build "...)
		unit(o.Unit, o.Loc)
	case adjudicator.Remove:
		b = append(b, "remove "...)
		unit(o.Unit, o.Loc)
	case adjudicator.Waive:
		b = append(b, "waive"...)
	default:
		b = append(b, '?')
	}
	return b
}

func locID(v *variants.Variant, l variants.Loc) string {
	if v == nil || int(l) >= len(v.Locs) {
		return "?"
	}
	return v.Locs[l].ID
}
