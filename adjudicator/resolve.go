package adjudicator

import (
	"fmt"
	"strings"

	"github.com/corriere/corriere/variants"
)

// Resolve adjudicates one phase of pos under rules. orders may come in any
// order and may name units that do not exist (those come back Invalid).
// Units without an order hold in a movement phase and disband in a retreat
// phase; missing builds are waived and missing removals are taken by the
// civil-disorder rule. The only error is an impossible position.
func Resolve(v *variants.Variant, rules Rules, pos *Position, orders []Order) (*Resolution, error) {
	if err := pos.Validate(v); err != nil {
		return nil, err
	}
	res := &Resolution{Results: make([]Result, len(orders))}
	switch pos.Phase.Type {
	case Movement:
		resolveMovement(v, rules, pos, orders, res)
	case Retreat:
		resolveRetreats(v, pos, orders, res)
	case Adjustment:
		resolveAdjustments(v, rules, pos, orders, res)
	}
	res.Winner = winner(v, res.Next.Centers)
	return res, nil
}

// Validate reports whether pos is a position that can be played: every unit
// on a location its type may hold, at most one unit per province, powers
// and locations that exist, and dislodged units only in retreat phases.
func (pos *Position) Validate(v *variants.Variant) error {
	if pos.Phase.Year < 1 || pos.Phase.Year >= MaxYear {
		return fmt.Errorf("position: year %d is out of range (1 to %d)", pos.Phase.Year, MaxYear-1)
	}
	if len(pos.Centers) != len(v.Locs) {
		return fmt.Errorf("position: centre table has %d entries, the %s map %d locations", len(pos.Centers), v.Name, len(v.Locs))
	}
	for l, p := range pos.Centers {
		if p == variants.NoPower {
			continue
		}
		if int(p) >= len(v.Powers) {
			return fmt.Errorf("position: centre %s owned by unknown power %d", v.Locs[l].ID, p)
		}
		if !v.Locs[l].SupplyCenter {
			return fmt.Errorf("position: %s is not a supply centre and cannot be owned", v.Locs[l].ID)
		}
	}
	var seen variants.LocSet
	check := func(u variants.Unit, what string) error {
		if int(u.Loc) >= len(v.Locs) {
			return fmt.Errorf("position: %s at unknown location %d", what, u.Loc)
		}
		if int(u.Power) >= len(v.Powers) {
			return fmt.Errorf("position: %s %s %s belongs to no known power", what, u.Type, v.Locs[u.Loc].ID)
		}
		if !v.CanHold(u.Type, u.Loc) {
			if u.Type == variants.Fleet && len(v.Locs[u.Loc].Coasts) > 0 {
				return fmt.Errorf("position: %s F %s must stand on a named coast (%s)", what, v.Locs[u.Loc].ID, coastList(v, u.Loc))
			}
			return fmt.Errorf("position: %s %s %s cannot stand there", what, u.Type, v.Locs[u.Loc].ID)
		}
		return nil
	}
	for _, u := range pos.Units {
		if err := check(u, "unit"); err != nil {
			return err
		}
		p := v.Province(u.Loc)
		if seen.Has(p) {
			return fmt.Errorf("position: two units in %s", v.Locs[p].ID)
		}
		seen.Add(p)
	}
	if len(pos.Dislodged) > 0 && pos.Phase.Type != Retreat {
		return fmt.Errorf("position: dislodged units outside a retreat phase (%s)", pos.Phase)
	}
	var dis variants.LocSet
	for _, d := range pos.Dislodged {
		if err := check(d.Unit, "dislodged unit"); err != nil {
			return err
		}
		p := v.Province(d.Unit.Loc)
		if dis.Has(p) {
			return fmt.Errorf("position: two dislodged units in %s", v.Locs[p].ID)
		}
		dis.Add(p)
		if !seen.Has(p) {
			return fmt.Errorf("position: no unit stands in %s, so nothing dislodged the unit there", v.Locs[p].ID)
		}
		if a := d.AttackerFrom; a != variants.NoLoc {
			if int(a) >= len(v.Locs) {
				return fmt.Errorf("position: dislodged unit in %s attacked from an unknown location", v.Locs[p].ID)
			}
			if a = v.Province(a); a == p || (!d.ViaConvoy && !v.ArmyAdj[p].Has(a) && !v.CanReachProvince(variants.Fleet, a, p) && !fleetBorder(v, a, p)) {
				return fmt.Errorf("position: the unit in %s cannot have been dislodged from %s, which does not border it", v.Locs[p].ID, v.Locs[a].ID)
			}
		}
	}
	return nil
}

func coastList(v *variants.Variant, p variants.Loc) string {
	ids := make([]string, len(v.Locs[p].Coasts))
	for i, c := range v.Locs[p].Coasts {
		ids[i] = v.Locs[c].ID
	}
	return strings.Join(ids, " or ")
}

// unitIndex returns the index in units of the unit in province p, or -1.
func unitIndex(v *variants.Variant, units []variants.Unit, p variants.Loc) int {
	for i, u := range units {
		if v.Province(u.Loc) == p {
			return i
		}
	}
	return -1
}

// fleetBorder reports whether a fleet could cross from province a (any of
// its coasts) to province p.
func fleetBorder(v *variants.Variant, a, p variants.Loc) bool {
	for _, c := range v.Locs[a].Coasts {
		if v.CanReachProvince(variants.Fleet, c, p) {
			return true
		}
	}
	return false
}
