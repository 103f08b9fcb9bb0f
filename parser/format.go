package parser

import (
	"strings"

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
	var b strings.Builder
	unit := func(t variants.UnitType, l variants.Loc) {
		if t == variants.Army || t == variants.Fleet {
			b.WriteString(t.String())
			b.WriteByte(' ')
		}
		b.WriteString(locID(v, l))
	}
	switch o.Type {
	case adjudicator.Hold:
		unit(o.Unit, o.Loc)
		b.WriteString(" H")
	case adjudicator.Move, adjudicator.RetreatTo:
		unit(o.Unit, o.Loc)
		b.WriteString(" - ")
		b.WriteString(locID(v, o.Target))
		if o.ViaConvoy && o.Type == adjudicator.Move {
			b.WriteString(" via convoy")
		}
	case adjudicator.Support, adjudicator.Convoy:
		unit(o.Unit, o.Loc)
		if o.Type == adjudicator.Support {
			b.WriteString(" S ")
		} else {
			b.WriteString(" C ")
		}
		unit(o.TargetUnit, o.Target)
		if o.Dest != variants.NoLoc {
			b.WriteString(" - ")
			b.WriteString(locID(v, o.Dest))
		}
	case adjudicator.Disband:
		unit(o.Unit, o.Loc)
		b.WriteString(" disband")
	case adjudicator.Build:
		b.WriteString("build ")
		unit(o.Unit, o.Loc)
	case adjudicator.Remove:
		b.WriteString("remove ")
		unit(o.Unit, o.Loc)
	case adjudicator.Waive:
		b.WriteString("waive")
	default:
		b.WriteString("?")
	}
	return b.String()
}

func locID(v *variants.Variant, l variants.Loc) string {
	if v == nil || int(l) >= len(v.Locs) {
		return "?"
	}
	return v.Locs[l].ID
}
