package judge

import (
	"crypto/rand"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

// The rulebook's setups for fewer than seven players (seed XIV.2), as the
// powers each player plays, by power id. A power in no side is absent:
// its units stay in place and hold, never support each other, are
// disbanded when dislodged, and may be supported by others. Centres are
// counted, and units built, per power, even when one player plays several.
var setups = map[[2]int][][]string{
	{6, 0}: {{"austria"}, {"england"}, {"france"}, {"germany"}, {"russia"}, {"turkey"}},
	{5, 0}: {{"austria"}, {"england"}, {"france"}, {"russia"}, {"turkey"}},
	{4, 0}: {{"england"}, {"austria", "france"}, {"germany", "turkey"}, {"italy", "russia"}},
	{3, 1}: {{"russia"}, {"england", "france", "germany"}, {"austria", "italy", "turkey"}},
	{3, 2}: {{"england", "germany", "austria"}, {"russia", "italy"}, {"france", "turkey"}},
	// Italy, neutral, joins one side by a coin toss (see twoPlayer).
	{2, 0}: {{"england", "france", "russia"}, {"germany", "austria", "turkey"}},
}

// The two-player game (seed XIV.2): it starts in 1914 with Italy neutral
// and its land closed; before the adjustments after 1914 the judge tosses
// a coin, and from Spring 1915 Italy plays on the side it favoured. A side
// wins with 24 units.
const (
	twoPlayerYear  = 1914
	twoPlayerUnits = 24
	neutralPower   = "italy"
)

// neutralLand is Italy's territory on the standard board, closed to every
// unit while Italy is neutral.
var neutralLand = []string{"apu", "nap", "pie", "rom", "tus", "ven"}

// setupKey is the setups key of a game's settings.
func setupKey(players, alternative int) [2]int {
	if players == 3 && alternative == 0 {
		alternative = 1
	}
	if players != 3 {
		alternative = 0
	}
	return [2]int{players, alternative}
}

// checkSetup refuses a player count or alternative the rulebook has not.
func checkSetup(players, alternative int) error {
	if players == 0 || players == 7 {
		if alternative != 0 {
			return fmt.Errorf("alternative %d: only the three-player game has alternatives", alternative)
		}
		return nil
	}
	if _, ok := setups[setupKey(players, alternative)]; !ok || (players != 3 && alternative != 0) {
		if players == 3 {
			return fmt.Errorf("alternative %d: expected 1 (Russia; England, France and Germany; Austria, Italy and Turkey) or 2 (England, Germany and Austria; Russia and Italy; France and Turkey)", alternative)
		}
		return fmt.Errorf("players %d: expected 7, 6 (Italy absent), 5 (Italy and Germany absent), 4, 3 or 2 (seed XIV.2)", players)
	}
	return nil
}

// checkVariant refuses a setup whose powers the variant does not have.
func (s *Settings) checkVariant(v *variants.Variant) error {
	for _, side := range setups[setupKey(s.Players, s.Alternative)] {
		for _, id := range side {
			if v.PowerByID(id) == variants.NoPower {
				return fmt.Errorf("players %d: the setup is the standard map's, and the %s variant has no power %s", s.Players, v.Name, id)
			}
		}
	}
	if s.Players == 2 {
		for _, id := range neutralLand {
			if v.Loc(id) == variants.NoLoc {
				return fmt.Errorf("players 2: the %s variant has no province %s", v.Name, id)
			}
		}
	}
	return nil
}

// arrangement is who plays what in a game at its current phase.
type arrangement struct {
	// sides has the powers of each player, in the rulebook's order.
	sides [][]variants.Power
	// absent holds the powers nobody plays: left out by the setup, or the
	// two-player game's Italy while neutral.
	absent variants.PowerSet
	// byPower is the index into sides of each power, -1 when absent.
	byPower []int
}

// arrangement works out the sides of the game at its current phase: in
// the two-player game Italy joins the side the coin favoured from Spring
// 1915 on.
func (vw *view) arrangement() *arrangement {
	v, set := vw.v, &vw.set
	a := &arrangement{byPower: make([]int, len(v.Powers))}
	ids := setups[setupKey(set.Players, set.Alternative)]
	if ids == nil {
		for p := range v.Powers {
			a.sides = append(a.sides, []variants.Power{variants.Power(p)})
		}
	}
	for _, side := range ids {
		var powers []variants.Power
		for _, id := range side {
			powers = append(powers, v.PowerByID(id))
		}
		if set.Players == 2 && vw.italyJoined() && side[0] == set.ItalyJoins {
			powers = append(powers, v.PowerByID(neutralPower))
		}
		a.sides = append(a.sides, powers)
	}
	for p := range a.byPower {
		a.byPower[p] = -1
	}
	for i, side := range a.sides {
		for _, p := range side {
			a.byPower[p] = i
		}
	}
	for p, i := range a.byPower {
		if i < 0 {
			a.absent.Add(variants.Power(p))
		}
	}
	return a
}

// italyJoined reports whether the two-player game's Italy plays now: the
// coin was tossed and the game is past 1914.
func (vw *view) italyJoined() bool {
	return vw.set.Players == 2 && vw.set.ItalyJoins != "" && vw.pos != nil && vw.pos.Phase.Year > twoPlayerYear
}

// side returns the powers played with p (p first), nil when p is absent.
func (a *arrangement) side(p variants.Power) []variants.Power {
	if p == variants.NoPower || a.byPower[p] < 0 {
		return nil
	}
	out := []variants.Power{p}
	for _, q := range a.sides[a.byPower[p]] {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

// alive reports whether some power of side still has units or centres.
func alive(vw *view, side []variants.Power) bool {
	survivors := vw.survivors()
	for _, p := range side {
		if survivors.Has(p) {
			return true
		}
	}
	return false
}

// startPosition is the variant's start for the game's setup: the absent
// powers in disorder from the first phase on; for two players, 1914 with
// Italy neutral and its land closed.
func startPosition(v *variants.Variant, set *Settings, absent variants.PowerSet) *adjudicator.Position {
	pos := &adjudicator.Position{
		Phase:    adjudicator.Phase{Year: v.StartYear, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:    append([]variants.Unit(nil), v.StartUnits...),
		Centers:  append([]variants.Power(nil), v.StartCenters...),
		Disorder: absent,
	}
	if set.Players == 2 {
		pos.Phase.Year = twoPlayerYear
		for _, id := range neutralLand {
			pos.Closed.Add(v.Province(v.Loc(id)))
		}
	}
	return pos
}

// tossFor is the coin toss of the two-player game, made when the phase
// resolved leads to next, past 1914's movement and retreats: the result
// is kept in the game's settings, and the announcement for the results
// returned (nil when there is none).
func (j *Judge) tossFor(vw *view, next adjudicator.Phase) phrase {
	if !tossDue(vw, next) {
		return nil
	}
	sides := setups[setupKey(2, 0)]
	again := vw.set.ItalyJoins != ""
	if !again {
		vw.set.ItalyJoins = sides[j.coin()][0]
		vw.g.Settings = vw.set.json()
	}
	var side []variants.Power
	for _, s := range sides {
		if s[0] == vw.set.ItalyJoins {
			for _, id := range s {
				side = append(side, vw.v.PowerByID(id))
			}
		}
	}
	return func(l lang) string {
		if again {
			return l.f("As the coin decided when it was tossed before the rollback: %s joins %s from Spring %d.\n", powerArg(vw.v, vw.v.PowerByID(neutralPower)), l.side(vw.v, side), twoPlayerYear+1)
		}
		return l.f("The judge has tossed the coin: %s joins %s from Spring %d.\n", powerArg(vw.v, vw.v.PowerByID(neutralPower)), l.side(vw.v, side), twoPlayerYear+1)
	}
}

// tossDue reports whether resolving the game's phase into next calls for
// the two-player game's coin toss (or, after a rollback, its repetition).
func tossDue(vw *view, next adjudicator.Phase) bool {
	if vw.set.Players != 2 || vw.pos.Phase.Year != twoPlayerYear || vw.pos.Phase.Type == adjudicator.Adjustment {
		return false
	}
	return next.Year > twoPlayerYear || next.Season == adjudicator.Winter
}

// outcome is the end of the game the position next (of nvw) brings, as
// the results mail says it, or nil while it goes on. The two-player game
// is won by a side with 24 units; the others by a power with the
// victory count of centres.
func outcome(nvw *view, next *game.Position) phrase {
	v := nvw.v
	a := nvw.arrangement()
	if nvw.set.Players == 2 {
		none := ""
		next.Winner = &none
		_, units := adjudicator.Count(v, nvw.pos)
		for _, side := range a.sides {
			n := 0
			for _, p := range side {
				n += units[p]
			}
			if n >= twoPlayerUnits {
				return func(l lang) string {
					return l.f("%s, one player, have won the game with %d units (%d needed in the two-player game).\n", l.side(v, side), n, twoPlayerUnits)
				}
			}
		}
		return nil
	}
	if next.Winner == nil || *next.Winner == "" {
		return nil
	}
	w := v.PowerByID(*next.Winner)
	centers, _ := adjudicator.Count(v, nvw.pos)
	return func(l lang) string {
		text := l.f("%s has won the game with %d supply centres.\n", l.power(v, w), centers[w])
		if side := a.side(w); len(side) > 1 {
			text += l.f("Its player also plays %s.\n", l.side(v, side[1:]))
		}
		return text
	}
}

// seatJoined gives a power that joins a side (the two-player game's Italy)
// the seat of the side's player: the same address and password.
func (j *Judge) seatJoined(tx *store.Tx, vw *view, p variants.Power) error {
	side := vw.arrangement().side(p)
	if len(side) < 2 {
		return nil
	}
	lead := vw.seat(vw.v.Powers[side[1]].ID)
	if lead == nil {
		return nil
	}
	seat := *lead
	seat.Power = vw.v.Powers[p].ID
	seat.Draw, seat.DrawWith, seat.Concede = false, "", "" // votes last one phase
	if err := tx.PutSeat(seat); err != nil {
		return err
	}
	vw.seats = append(slices.DeleteFunc(slices.Clone(vw.seats), func(s store.Seat) bool { return s.Power == seat.Power }), seat)
	return tx.Audit(j.now(), vw.g.ID, "judge", "seat", seat.Power+" "+seat.Address+" (joins "+english.side(vw.v, side[1:])+")")
}

// coin tosses the judge's coin: 0 or 1.
func (j *Judge) coin() int {
	if j.Coin != nil {
		return j.Coin() & 1
	}
	var b [1]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return int(b[0] & 1)
}

// absentWhy says why nobody plays p in the game now.
func absentWhy(vw *view, p variants.Power) phrase {
	return func(l lang) string {
		if vw.set.Players == 2 && vw.v.Powers[p].ID == neutralPower {
			return l.f("it is neutral; from Spring %d it plays for the side the judge's coin toss favours", twoPlayerYear+1)
		}
		return l.f("the setup for %d players leaves it out", vw.set.Players)
	}
}

// setupIn describes a game for fewer players, in l: who plays what, and
// the two-player game's neutral Italy. "" for the seven-player game.
func setupIn(l lang, vw *view) string {
	if vw.set.Players == 0 || vw.set.Players == 7 {
		return ""
	}
	a := vw.arrangement()
	var sides []string
	for _, side := range a.sides {
		sides = append(sides, l.side(vw.v, side))
	}
	text := l.f("Played by %d (seed XIV.2): %s.", vw.set.Players, strings.Join(sides, "; "))
	var absent []variants.Power
	for p := range vw.v.Powers {
		if a.absent.Has(variants.Power(p)) {
			absent = append(absent, variants.Power(p))
		}
	}
	switch {
	case vw.set.Players == 2 && !vw.italyJoined():
		text += l.f(" %s is neutral and its land closed until Spring %d; then it joins the side the judge's coin toss favours. A side wins with %d units.", powerArg(vw.v, vw.v.PowerByID(neutralPower)), twoPlayerYear+1, twoPlayerUnits)
	case vw.set.Players == 2:
		text += l.f(" A side wins with %d units.", twoPlayerUnits)
	case len(absent) > 0:
		text += l.f(" Absent: %s (the units hold).", l.side(vw.v, absent))
	}
	return text + "\n"
}
