package diplomacy

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Position is a game position as JSON. Powers and locations may be written
// in any form the parser accepts; Encode writes power names in lower-case
// English and locations as canonical ids.
type Position struct {
	Variant   string                     `json:"variant,omitempty"`
	Rules     string                     `json:"rules,omitempty"`
	Phase     string                     `json:"phase"`
	Units     map[string][]string        `json:"units"`
	Centers   map[string][]string        `json:"centers"`
	Dislodged map[string][]DislodgedUnit `json:"dislodged,omitempty"`
	Contested []string                   `json:"contested,omitempty"`
	// Disorder lists the powers in civil disorder or absent: their units
	// hold, are disbanded when dislodged, and they build nothing.
	Disorder []string `json:"disorder,omitempty"`
	// Closed lists the neutral provinces no unit may enter.
	Closed []string `json:"closed,omitempty"`
	Winner *string  `json:"winner,omitempty"`
	// ItalyJoins is the two-player game's coin, once tossed: the id of
	// the first power of the side its neutral power joins.
	ItalyJoins string              `json:"italy_joins,omitempty"`
	Orders     map[string][]string `json:"orders,omitempty"`
}

// DislodgedUnit is a unit waiting to retreat.
type DislodgedUnit struct {
	Unit         string   `json:"unit"`
	AttackerFrom string   `json:"attacker_from,omitempty"`
	ViaConvoy    bool     `json:"via_convoy,omitempty"`
	Retreats     []string `json:"retreats,omitempty"`
}

// Decode reads a JSON position into v's terms. Missing units and centres
// mean the variant's start; a missing phase means its first spring.
func Decode(v *variants.Variant, j *Position) (*adjudicator.Position, error) {
	pos := &adjudicator.Position{}
	if j.Phase == "" {
		pos.Phase = adjudicator.Phase{Year: v.StartYear, Season: adjudicator.Spring, Type: adjudicator.Movement}
	} else {
		ph, err := adjudicator.ParsePhase(j.Phase)
		if err != nil {
			return nil, err
		}
		pos.Phase = ph
	}
	if j.Units == nil {
		pos.Units = append([]variants.Unit(nil), v.StartUnits...)
	} else {
		units, err := DecodeUnits(v, j.Units)
		if err != nil {
			return nil, fmt.Errorf("units: %w", err)
		}
		pos.Units = units
	}
	pos.Centers = make([]variants.Power, len(v.Locs))
	if j.Centers == nil {
		copy(pos.Centers, v.StartCenters)
	} else {
		for i := range pos.Centers {
			pos.Centers[i] = variants.NoPower
		}
		for _, name := range slices.Sorted(maps.Keys(j.Centers)) {
			p, err := parser.Power(v, name)
			if err != nil {
				return nil, fmt.Errorf("centers: %w", err)
			}
			for _, s := range j.Centers[name] {
				l, err := parser.Loc(v, s)
				if err != nil {
					return nil, fmt.Errorf("centers of %s: %q: %w", v.Powers[p].ID, s, err)
				}
				l = v.Province(l)
				if !v.Locs[l].SupplyCenter {
					return nil, fmt.Errorf("centers of %s: %s is not a supply centre", v.Powers[p].ID, v.Locs[l].ID)
				}
				if o := pos.Centers[l]; o != variants.NoPower && o != p {
					return nil, fmt.Errorf("centers: %s is given to both %s and %s", v.Locs[l].ID, v.Powers[o].ID, v.Powers[p].ID)
				}
				pos.Centers[l] = p
			}
		}
	}
	for _, name := range j.Disorder {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, fmt.Errorf("disorder: %w", err)
		}
		pos.Disorder.Add(p)
	}
	for _, s := range j.Closed {
		l, err := parser.Loc(v, s)
		if err != nil {
			return nil, fmt.Errorf("closed %q: %w", s, err)
		}
		pos.Closed.Add(v.Province(l))
	}
	if pos.Phase.Type != adjudicator.Retreat {
		return pos, nil
	}
	for _, name := range slices.Sorted(maps.Keys(j.Dislodged)) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, fmt.Errorf("dislodged: %w", err)
		}
		for _, d := range j.Dislodged[name] {
			t, l, err := parser.Unit(v, d.Unit)
			if err != nil {
				return nil, fmt.Errorf("dislodged units of %s: %q: %w", v.Powers[p].ID, d.Unit, err)
			}
			dis := adjudicator.Dislodged{Unit: variants.Unit{Type: t, Power: p, Loc: l}, AttackerFrom: variants.NoLoc, ViaConvoy: d.ViaConvoy}
			if d.AttackerFrom != "" {
				a, err := parser.Loc(v, d.AttackerFrom)
				if err != nil {
					return nil, fmt.Errorf("dislodged %s: attacker_from %q: %w", d.Unit, d.AttackerFrom, err)
				}
				dis.AttackerFrom = v.Province(a)
			}
			pos.Dislodged = append(pos.Dislodged, dis)
		}
	}
	for _, s := range j.Contested {
		l, err := parser.Loc(v, s)
		if err != nil {
			return nil, fmt.Errorf("contested %q: %w", s, err)
		}
		pos.Contested.Add(v.Province(l))
	}
	pos.FillRetreats(v)
	return pos, nil
}

// DecodeUnits reads units listed by power ({"england": ["F nth"]}), in
// the order of the powers' names, with any names the parser accepts.
func DecodeUnits(v *variants.Variant, byPower map[string][]string) ([]variants.Unit, error) {
	var out []variants.Unit
	for _, name := range slices.Sorted(maps.Keys(byPower)) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, err
		}
		for _, s := range byPower[name] {
			t, l, err := parser.Unit(v, s)
			if err != nil {
				return nil, fmt.Errorf("%s: %q: %w", v.Powers[p].ID, s, err)
			}
			out = append(out, variants.Unit{Type: t, Power: p, Loc: l})
		}
	}
	return out, nil
}

// Encode writes pos as JSON in canonical names. winner is NoPower while
// the game goes on.
func Encode(v *variants.Variant, rules adjudicator.Rules, pos *adjudicator.Position, winner variants.Power) *Position {
	j := &Position{
		Variant: v.Name,
		Rules:   rules.String(),
		Phase:   pos.Phase.String(),
		Units:   map[string][]string{},
		Centers: map[string][]string{},
	}
	for _, u := range pos.Units {
		id := v.Powers[u.Power].ID
		j.Units[id] = append(j.Units[id], v.UnitText(u))
	}
	for l, p := range pos.Centers {
		if p != variants.NoPower {
			id := v.Powers[p].ID
			j.Centers[id] = append(j.Centers[id], v.Locs[l].ID)
		}
	}
	for _, d := range pos.Dislodged {
		id := v.Powers[d.Unit.Power].ID
		if j.Dislodged == nil {
			j.Dislodged = map[string][]DislodgedUnit{}
		}
		du := DislodgedUnit{Unit: v.UnitText(d.Unit), ViaConvoy: d.ViaConvoy, Retreats: []string{}}
		if d.AttackerFrom != variants.NoLoc {
			du.AttackerFrom = v.Locs[d.AttackerFrom].ID
		}
		d.Retreats.Each(func(l variants.Loc) { du.Retreats = append(du.Retreats, v.Locs[l].ID) })
		j.Dislodged[id] = append(j.Dislodged[id], du)
	}
	pos.Contested.Each(func(l variants.Loc) { j.Contested = append(j.Contested, v.Locs[l].ID) })
	pos.Closed.Each(func(l variants.Loc) { j.Closed = append(j.Closed, v.Locs[l].ID) })
	for p := range v.Powers {
		if pos.Disorder.Has(variants.Power(p)) {
			j.Disorder = append(j.Disorder, v.Powers[p].ID)
		}
	}
	w := ""
	if winner != variants.NoPower {
		w = v.Powers[winner].ID
	}
	j.Winner = &w
	for _, list := range j.Units {
		sort.Strings(list)
	}
	for _, list := range j.Centers {
		sort.Strings(list)
	}
	return j
}
