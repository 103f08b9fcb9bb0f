package variants

import (
	"fmt"
	"image/color"
	"math/bits"
	"strings"
)

// Loc is a location on the board: a province, or one coast of a province
// with two coasts (stp/nc). It indexes Variant.Locs.
type Loc uint8

// NoLoc marks an absent location.
const NoLoc Loc = 255

// MaxLocs is the largest number of locations a variant may have (LocSet's size).
const MaxLocs = 128

// Power is a player's nation. It indexes Variant.Powers.
type Power uint8

// NoPower marks a neutral centre or an absent power.
const NoPower Power = 255

// PowerSet is a set of powers (at most 64).
type PowerSet uint64

// Has reports whether p is in the set.
func (s PowerSet) Has(p Power) bool { return p < 64 && s&(1<<p) != 0 }

// Add puts p in the set.
func (s *PowerSet) Add(p Power) {
	if p < 64 {
		*s |= 1 << p
	}
}

// Remove takes p out of the set.
func (s *PowerSet) Remove(p Power) {
	if p < 64 {
		*s &^= 1 << p
	}
}

// UnitType is an army or a fleet. The zero value means "not said", which
// the parser uses for orders that leave the type out.
type UnitType uint8

const (
	NoType UnitType = iota
	Army
	Fleet
)

// String returns "A" or "F", the way orders write unit types.
func (t UnitType) String() string {
	switch t {
	case Army:
		return "A"
	case Fleet:
		return "F"
	}
	return "?"
}

// Terrain says which unit types may stand on a location.
type Terrain uint8

const (
	Land  Terrain = iota // armies only
	Sea                  // fleets only
	Coast                // coastal land: armies, and fleets unless the province has named coasts
)

// Unit is a unit on the board. Loc is a coast for a fleet in a split-coast
// province and the province otherwise.
type Unit struct {
	Type  UnitType
	Power Power
	Loc   Loc
}

// LocInfo describes one location.
type LocInfo struct {
	ID   string // canonical id: "lon", "stp", "stp/nc"
	Name string // English name: "London", "St Petersburg (north coast)"
	// Italian is the name in Italian ("Londra"), "" where the variant
	// gives none (a coast: its province's name with the coast's).
	Italian string
	Terrain Terrain // for a coast location: Sea-like for fleets only, reported as Coast
	// Province is the province a coast belongs to, and the location itself
	// for a province.
	Province Loc
	// Coasts lists the coast locations of a split-coast province; empty otherwise.
	Coasts       []Loc
	SupplyCenter bool
	Home         Power // the power whose home centre this is, or NoPower
}

// IsCoast reports whether the location is a named coast of a split-coast
// province (its id has the form "province/coast").
func (i *LocInfo) IsCoast() bool { return strings.Contains(i.ID, "/") }

// PowerInfo describes one power.
type PowerInfo struct {
	ID        string // lower-case English name: "england"
	Name      string // "England"
	Adjective string // "English"
	Abbrev    string // "ENG"
	Italian   string // the name in Italian, for mail in Italian: "Inghilterra"
	// Colour is the power's colour on maps; the zero value where the
	// board gives none, and the map picks one.
	Colour color.RGBA
}

// ItalianName is the power's name in Italian, its English name where the
// board gives none.
func (p *PowerInfo) ItalianName() string {
	if p.Italian != "" {
		return p.Italian
	}
	return p.Name
}

// Setup is a game for fewer players than the board has powers: the powers
// each player plays. A power in no side is absent.
type Setup struct {
	Players     int
	Alternative int // 0, or from 1 where the board gives more than one
	Sides       [][]Power
}

// TwoPlayer is the two-player game's special rules (seed XIV.2): from the
// year Year, Neutral holds and its land Closed is closed to every unit,
// until a coin tossed before that year's adjustments makes it join a
// side; a side wins with Victory units.
type TwoPlayer struct {
	Year, Victory int
	Neutral       Power
	Closed        []Loc
}

// Variant is a complete map with its start.
type Variant struct {
	Name   string
	Powers []PowerInfo
	Locs   []LocInfo

	// ArmyAdj[l] is the set of provinces an army in province l can move to.
	// FleetAdj[l] is the set of locations (provinces or coasts) a fleet at
	// location l can move to. Both are symmetric.
	ArmyAdj  []LocSet
	FleetAdj []LocSet

	StartYear      int
	StartUnits     []Unit
	StartCenters   []Power // by Loc: the owner of each supply centre at start
	VictoryCenters int

	// LocNames maps every lower-case name a player may use to the
	// locations it may mean (more than one for an ambiguous abbreviation such
	// as "tyr": Tyrolia or the Tyrrhenian Sea). PowerNames maps the names,
	// adjectives and codes of powers. Both are for the parser.
	LocNames   map[string][]Loc
	PowerNames map[string]Power

	// Setups are the games for fewer players than powers; TwoPlayer is
	// the two-player game's rules, nil where the board has none.
	Setups    []Setup
	TwoPlayer *TwoPlayer
}

// Setup returns the board's game for that many players and alternative
// (0 for the first), and whether it has one.
func (v *Variant) Setup(players, alternative int) (Setup, bool) {
	for _, s := range v.Setups {
		if s.Players == players && (s.Alternative == alternative || (alternative == 0 && s.Alternative == 1)) {
			return s, true
		}
	}
	return Setup{}, false
}

// LocSet is a set of locations as a bit set.
type LocSet [MaxLocs / 64]uint64

// Add puts l in the set.
func (s *LocSet) Add(l Loc) { s[l>>6] |= 1 << (l & 63) }

// Remove takes l out of the set.
func (s *LocSet) Remove(l Loc) { s[l>>6] &^= 1 << (l & 63) }

// Has reports whether l is in the set.
func (s LocSet) Has(l Loc) bool { return l != NoLoc && s[l>>6]&(1<<(l&63)) != 0 }

// Union returns the locations in s or t.
func (s LocSet) Union(t LocSet) LocSet { return LocSet{s[0] | t[0], s[1] | t[1]} }

// Len returns the number of locations in the set.
func (s LocSet) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Each calls f for every location in the set in increasing order.
func (s LocSet) Each(f func(Loc)) {
	for w, word := range s {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			f(Loc(w*64 + b))
			word &= word - 1
		}
	}
}

// UnitText writes u the way orders and positions write a unit, its type
// and its location's canonical id: "A lon", "F stp/sc".
func (v *Variant) UnitText(u Unit) string { return u.Type.String() + " " + v.Locs[u.Loc].ID }

// Province returns the province of l (l itself unless l is a coast).
func (v *Variant) Province(l Loc) Loc { return v.Locs[l].Province }

// Loc returns the location with the canonical id, or NoLoc.
func (v *Variant) Loc(id string) Loc {
	for i := range v.Locs {
		if v.Locs[i].ID == id {
			return Loc(i)
		}
	}
	return NoLoc
}

// PowerByID returns the power with the canonical id, or NoPower.
func (v *Variant) PowerByID(id string) Power {
	for i := range v.Powers {
		if v.Powers[i].ID == id {
			return Power(i)
		}
	}
	return NoPower
}

// CanHold reports whether a unit of type t may stand on l: armies on land
// and coast provinces, fleets on seas, coasts, and coastal provinces without
// named coasts.
func (v *Variant) CanHold(t UnitType, l Loc) bool {
	if l == NoLoc || int(l) >= len(v.Locs) {
		return false
	}
	info := &v.Locs[l]
	switch t {
	case Army:
		return info.Province == l && info.Terrain != Sea
	case Fleet:
		if info.Province != l {
			return true // a named coast
		}
		return info.Terrain == Sea || (info.Terrain == Coast && len(info.Coasts) == 0)
	}
	return false
}

// Adjacent reports whether a unit of type t at from can move to to (no
// convoy). Armies are judged by province, so a coast given for an army is
// read as its province; check CanHold first where that matters.
func (v *Variant) Adjacent(t UnitType, from, to Loc) bool {
	if from == NoLoc || to == NoLoc {
		return false
	}
	switch t {
	case Army:
		return v.ArmyAdj[v.Province(from)].Has(v.Province(to))
	case Fleet:
		return v.FleetAdj[from].Has(to)
	}
	return false
}

// CanReachProvince reports whether a unit of type t at from can move to some
// location of province p (any coast of it, for a fleet). Supports use it:
// a unit may support into a province it could move to.
func (v *Variant) CanReachProvince(t UnitType, from, p Loc) bool {
	p = v.Province(p)
	if t == Army {
		return v.Adjacent(Army, from, p)
	}
	if v.FleetAdj[from].Has(p) {
		return true
	}
	for _, c := range v.Locs[p].Coasts {
		if v.FleetAdj[from].Has(c) {
			return true
		}
	}
	return false
}

// Validate checks the variant's internal consistency: symmetric adjacency,
// units on locations that can hold them, centres that exist.
func (v *Variant) Validate() error {
	if len(v.Locs) > MaxLocs {
		return fmt.Errorf("variant %s: %d locations, at most %d", v.Name, len(v.Locs), MaxLocs)
	}
	if len(v.ArmyAdj) != len(v.Locs) || len(v.FleetAdj) != len(v.Locs) || len(v.StartCenters) != len(v.Locs) {
		return fmt.Errorf("variant %s: adjacency or centre tables do not match %d locations", v.Name, len(v.Locs))
	}
	for i := range v.Locs {
		a := Loc(i)
		var err error
		v.ArmyAdj[a].Each(func(b Loc) {
			if !v.ArmyAdj[b].Has(a) && err == nil {
				err = fmt.Errorf("variant %s: army %s-%s is one-way", v.Name, v.Locs[a].ID, v.Locs[b].ID)
			}
			if (!v.CanHold(Army, a) || !v.CanHold(Army, b)) && err == nil {
				err = fmt.Errorf("variant %s: army edge %s-%s touches a place armies cannot stand", v.Name, v.Locs[a].ID, v.Locs[b].ID)
			}
		})
		v.FleetAdj[a].Each(func(b Loc) {
			if !v.FleetAdj[b].Has(a) && err == nil {
				err = fmt.Errorf("variant %s: fleet %s-%s is one-way", v.Name, v.Locs[a].ID, v.Locs[b].ID)
			}
			if (!v.CanHold(Fleet, a) || !v.CanHold(Fleet, b)) && err == nil {
				err = fmt.Errorf("variant %s: fleet edge %s-%s touches a place fleets cannot stand", v.Name, v.Locs[a].ID, v.Locs[b].ID)
			}
		})
		if err != nil {
			return err
		}
		if v.StartCenters[i] != NoPower && !v.Locs[i].SupplyCenter {
			return fmt.Errorf("variant %s: %s is owned at start but is no centre", v.Name, v.Locs[i].ID)
		}
	}
	for name, locs := range v.LocNames {
		for _, l := range locs {
			if int(l) >= len(v.Locs) {
				return fmt.Errorf("variant %s: name %q points to no location", v.Name, name)
			}
		}
	}
	for name, p := range v.PowerNames {
		if int(p) >= len(v.Powers) {
			return fmt.Errorf("variant %s: name %q points to no power", v.Name, name)
		}
	}
	for _, u := range v.StartUnits {
		if int(u.Power) >= len(v.Powers) {
			return fmt.Errorf("variant %s: a start unit belongs to no power", v.Name)
		}
		if !v.CanHold(u.Type, u.Loc) {
			return fmt.Errorf("variant %s: start unit %s %s cannot stand there", v.Name, u.Type, v.Locs[u.Loc].ID)
		}
	}
	return nil
}
