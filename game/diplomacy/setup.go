package diplomacy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants"
)

// The board's data gives the rulebook's games for fewer players (seed
// XIV.2): the powers each player plays (variants.Setup), and the
// two-player game's neutral power, its closed land, its first year and
// the units a side wins with (variants.TwoPlayer).

// numberWords name the player counts in refusals.
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// checkSetup refuses a player count or alternative the board has no
// setup for, saying which it has.
func (r *Rules) checkSetup() error {
	v := r.V
	if r.Players < 0 {
		return fmt.Errorf("players %d: expected a number of players", r.Players)
	}
	if r.Alternative < 0 {
		return fmt.Errorf("alternative %d: expected 1 or 2", r.Alternative)
	}
	full := len(v.Powers)
	if r.Players == 0 || r.Players == full {
		if r.Alternative != 0 {
			return fmt.Errorf("alternative %d: only the %s-player game has alternatives", r.Alternative, alternativeCounts(v))
		}
		return nil
	}
	if _, ok := v.Setup(r.Players, r.Alternative); ok {
		if r.Players == 2 && v.TwoPlayer == nil {
			return fmt.Errorf("players 2: the %s board has no two-player game", v.Name)
		}
		return nil
	}
	var alts []string
	for _, st := range v.Setups {
		if st.Players == r.Players && st.Alternative > 0 {
			var sides []string
			for _, side := range st.Sides {
				sides = append(sides, SideName(game.English, v, side))
			}
			alts = append(alts, fmt.Sprintf("%d (%s)", st.Alternative, strings.Join(sides, "; ")))
		}
	}
	if len(alts) > 0 {
		return fmt.Errorf("alternative %d: expected %s", r.Alternative, orList(alts))
	}
	// The counts from the most players down; where each player plays one
	// power, the powers left out, in the order they leave.
	counts := []string{fmt.Sprint(full)}
	var out []variants.Power
	for n := full - 1; n >= 2; n-- {
		st, ok := v.Setup(n, 0)
		if !ok {
			continue
		}
		count := fmt.Sprint(n)
		if slices.IndexFunc(st.Sides, func(side []variants.Power) bool { return len(side) > 1 }) < 0 {
			var absent []variants.Power
			for p := range v.Powers {
				if !slices.ContainsFunc(st.Sides, func(side []variants.Power) bool { return side[0] == variants.Power(p) }) && !slices.Contains(out, variants.Power(p)) {
					out = append(out, variants.Power(p))
				}
			}
			for _, p := range out {
				if !slices.ContainsFunc(st.Sides, func(side []variants.Power) bool { return side[0] == p }) {
					absent = append(absent, p)
				}
			}
			count += " (" + SideName(game.English, v, absent) + " absent)"
		}
		counts = append(counts, count)
	}
	return fmt.Errorf("players %d: expected %s (seed XIV.2)", r.Players, orList(counts))
}

// alternativeCounts names the player counts with alternatives: "three".
func alternativeCounts(v *variants.Variant) string {
	var counts []string
	for _, st := range v.Setups {
		if st.Alternative > 0 && (len(counts) == 0 || counts[len(counts)-1] != numberWords[st.Players]) {
			counts = append(counts, numberWords[st.Players])
		}
	}
	return strings.Join(counts, "- or ")
}

// orList joins "a, b or c".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// TwoPlayer is the board's two-player game when the game is one, else
// nil.
func (r *Rules) TwoPlayer() *variants.TwoPlayer {
	if r.Players != 2 {
		return nil
	}
	return r.V.TwoPlayer
}

// Arrangement is who plays what in a game at its current phase.
type Arrangement struct {
	// Sides has the powers of each player, in the rulebook's order.
	Sides [][]variants.Power
	// Absent holds the powers nobody plays: left out by the setup, or the
	// two-player game's Italy while neutral.
	Absent variants.PowerSet
	// byPower is the index into Sides of each power, -1 when absent.
	byPower []int
}

// joins is the two-player game's coin: the id of the first power of the
// side its neutral power joins, "" before the toss. A game whose coin
// was tossed before the coin moved into the position has it among its
// settings.
func (s *State) joins() string {
	if s.js.ItalyJoins != "" {
		return s.js.ItalyJoins
	}
	return s.r.italyJoins
}

// ItalyJoined reports whether the two-player game's neutral power
// (Italy) plays now: the coin was tossed and the game is past its first
// year.
func (s *State) ItalyJoined() bool {
	tp := s.r.TwoPlayer()
	return tp != nil && s.joins() != "" && s.pos.Phase.Year > tp.Year
}

// Arrangement works out the sides of the game at its current phase: in
// the two-player game Italy joins the side the coin favoured from the
// year after the first on.
func (s *State) Arrangement() *Arrangement {
	return s.r.arrangement(s.ItalyJoined(), s.joins())
}

// tossDue reports whether resolving the phase into next calls for the
// two-player game's coin toss: once past the first year's movement and
// retreats, before its adjustments.
func (s *State) tossDue(next adjudicator.Phase) bool {
	tp := s.r.TwoPlayer()
	if tp == nil || s.pos.Phase.Year != tp.Year || s.pos.Phase.Type == adjudicator.Adjustment {
		return false
	}
	return next.Year > tp.Year || next.Season == adjudicator.Winter
}

// coinRoll names the coin's roll in the dice's log.
const coinRoll = "the two-player game's coin"

// toss tosses the two-player game's coin with the game's dice where
// resolving the phase into next (of phase ph) calls for it, writes its
// side into next, and says what became of it, for the results: tossed
// now; fallen so before (a coin tossed before it was dice, or a phase
// played again after a rollback); or to be tossed (no dice: a preview).
// The zero coin where no toss is due.
func (s *State) toss(next *Position, ph adjudicator.Phase, d *dice.Source) coin {
	if joins := s.joins(); joins != "" {
		next.ItalyJoins = joins
	}
	switch {
	case !s.tossDue(ph):
		return coin{}
	case next.ItalyJoins != "":
		return coin{Coin: next.ItalyJoins, Again: true}
	case d == nil:
		return coin{Pending: true}
	}
	st, _ := s.r.V.Setup(2, 0)
	next.ItalyJoins = s.r.V.Powers[st.Sides[d.Roll(coinRoll, 2, true)-1][0]].ID
	return coin{Coin: next.ItalyJoins, Again: d.Again != nil && d.Again()}
}

// Arrangement is the sides before the game starts.
func (r *Rules) Arrangement() *Arrangement {
	return r.arrangement(false, "")
}

func (r *Rules) arrangement(joined bool, joins string) *Arrangement {
	v := r.V
	a := &Arrangement{byPower: make([]int, len(v.Powers))}
	st, ok := v.Setup(r.Players, r.Alternative)
	if !ok {
		for p := range v.Powers {
			a.Sides = append(a.Sides, []variants.Power{variants.Power(p)})
		}
	}
	for _, side := range st.Sides {
		powers := slices.Clone(side)
		if joined && v.Powers[side[0]].ID == joins {
			powers = append(powers, v.TwoPlayer.Neutral)
		}
		a.Sides = append(a.Sides, powers)
	}
	for p := range a.byPower {
		a.byPower[p] = -1
	}
	for i, side := range a.Sides {
		for _, p := range side {
			a.byPower[p] = i
		}
	}
	for p, i := range a.byPower {
		if i < 0 {
			a.Absent.Add(variants.Power(p))
		}
	}
	return a
}

// Side returns the powers played with p (p first), nil when p is absent.
func (a *Arrangement) Side(p variants.Power) []variants.Power {
	if p == variants.NoPower || a.byPower[p] < 0 {
		return nil
	}
	out := []variants.Power{p}
	for _, q := range a.Sides[a.byPower[p]] {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}
