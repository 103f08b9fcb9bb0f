package adjudicator

import (
	"slices"

	"github.com/corriere/corriere/variants"
)

// successor starts the position after pos's phase: units on the board, a
// copy of pos's centres, and the disorder and closed sets carried over. The
// phase is still pos's; advance (or the movement resolution, for retreats)
// moves it on.
func (pos *Position) successor(units []variants.Unit) Position {
	return Position{Phase: pos.Phase, Units: units, Centers: slices.Clone(pos.Centers), Disorder: pos.Disorder, Closed: pos.Closed}
}

// advance moves next, a position after its phase was resolved, on to the
// following phase that has something to do: retreats are entered by the
// movement resolution itself; centres change hands after Fall; the winter
// adjustments are skipped when no power can build or must remove.
func advance(v *variants.Variant, next *Position, out *Resolution) {
	p := next.Phase
	next.Dislodged = nil
	next.Contested = variants.LocSet{}
	switch p.Season {
	case Spring:
		next.Phase = Phase{Year: p.Year, Season: Fall, Type: Movement}
	case Fall:
		for _, u := range next.Units {
			if prov := v.Province(u.Loc); v.Locs[prov].SupplyCenter {
				next.Centers[prov] = u.Power
			}
		}
		if adjustmentsDue(v, next) {
			next.Phase = Phase{Year: p.Year, Season: Winter, Type: Adjustment}
		} else {
			next.Phase = Phase{Year: p.Year + 1, Season: Spring, Type: Movement}
		}
	default:
		next.Phase = Phase{Year: p.Year + 1, Season: Spring, Type: Movement}
	}
	out.Next = *next
}

// Count returns, per power, the supply centres owned and the units on the board.
func Count(v *variants.Variant, pos *Position) (centers, units []int) {
	centers = make([]int, len(v.Powers))
	units = make([]int, len(v.Powers))
	for _, o := range pos.Centers {
		if o != variants.NoPower {
			centers[o]++
		}
	}
	for _, u := range pos.Units {
		units[u.Power]++
	}
	return centers, units
}

func winner(v *variants.Variant, centers []variants.Power) variants.Power {
	count := make([]int, len(v.Powers))
	best := variants.NoPower
	for _, o := range centers {
		if o == variants.NoPower {
			continue
		}
		count[o]++
		if count[o] >= v.VictoryCenters && (best == variants.NoPower || count[o] > count[best]) {
			best = o
		}
	}
	return best
}

// adjustmentsDue reports whether some power must remove units or can build
// at least one (an owned, vacant home centre).
func adjustmentsDue(v *variants.Variant, pos *Position) bool {
	centers, units := Count(v, pos)
	for p := range v.Powers {
		if units[p] > centers[p] {
			return true
		}
		if centers[p] > units[p] && !pos.Disorder.Has(variants.Power(p)) && len(BuildSites(v, pos, variants.Power(p))) > 0 {
			return true
		}
	}
	return false
}

// BuildSites lists the provinces where power may build now: its home
// centres that it owns and that are vacant.
func BuildSites(v *variants.Variant, pos *Position, power variants.Power) []variants.Loc {
	var occupied variants.LocSet
	for _, u := range pos.Units {
		occupied.Add(v.Province(u.Loc))
	}
	var sites []variants.Loc
	for l := range v.Locs {
		info := &v.Locs[l]
		if info.Home == power && info.SupplyCenter && info.Province == variants.Loc(l) &&
			pos.Centers[l] == power && !occupied.Has(variants.Loc(l)) {
			sites = append(sites, variants.Loc(l))
		}
	}
	return sites
}
