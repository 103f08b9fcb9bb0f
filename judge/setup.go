package judge

import (
	"crypto/rand"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

// The board's data gives the rulebook's games for fewer players (seed
// XIV.2): the powers each player plays (variants.Setup), and the
// two-player game's neutral power, its closed land, its first year and
// the units a side wins with (variants.TwoPlayer).

// checkSetup refuses what no board's setup can be: the board's own setups
// are checked by checkVariant.
func checkSetup(players, alternative int) error {
	if players < 0 {
		return fmt.Errorf("players %d: expected a number of players", players)
	}
	if alternative < 0 {
		return fmt.Errorf("alternative %d: expected 1 or 2", alternative)
	}
	return nil
}

// numberWords name the player counts in refusals.
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// checkVariant refuses a player count or alternative the board has no
// setup for, saying which it has.
func (s *Settings) checkVariant(v *variants.Variant) error {
	full := len(v.Powers)
	if s.Players == 0 || s.Players == full {
		if s.Alternative != 0 {
			return fmt.Errorf("alternative %d: only the %s-player game has alternatives", s.Alternative, alternativeCounts(v))
		}
		return nil
	}
	if _, ok := v.Setup(s.Players, s.Alternative); ok {
		if s.Players == 2 && v.TwoPlayer == nil {
			return fmt.Errorf("players 2: the %s board has no two-player game", v.Name)
		}
		return nil
	}
	var alts []string
	for _, st := range v.Setups {
		if st.Players == s.Players && st.Alternative > 0 {
			var sides []string
			for _, side := range st.Sides {
				sides = append(sides, english.side(v, side))
			}
			alts = append(alts, fmt.Sprintf("%d (%s)", st.Alternative, strings.Join(sides, "; ")))
		}
	}
	if len(alts) > 0 {
		return fmt.Errorf("alternative %d: expected %s", s.Alternative, orList(alts))
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
			count += " (" + english.side(v, absent) + " absent)"
		}
		counts = append(counts, count)
	}
	return fmt.Errorf("players %d: expected %s (seed XIV.2)", s.Players, orList(counts))
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
	st, ok := v.Setup(set.Players, set.Alternative)
	if !ok {
		for p := range v.Powers {
			a.sides = append(a.sides, []variants.Power{variants.Power(p)})
		}
	}
	for _, side := range st.Sides {
		powers := slices.Clone(side)
		if vw.italyJoined() && v.Powers[side[0]].ID == set.ItalyJoins {
			powers = append(powers, v.TwoPlayer.Neutral)
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

// twoPlayer is the board's two-player game when the game is one, else nil.
func (vw *view) twoPlayer() *variants.TwoPlayer {
	if vw.set.Players != 2 {
		return nil
	}
	return vw.v.TwoPlayer
}

// italyJoined reports whether the two-player game's neutral power (Italy)
// plays now: the coin was tossed and the game is past its first year.
func (vw *view) italyJoined() bool {
	tp := vw.twoPlayer()
	return tp != nil && vw.set.ItalyJoins != "" && vw.pos != nil && vw.pos.Phase.Year > tp.Year
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
	if tp := v.TwoPlayer; set.Players == 2 && tp != nil {
		pos.Phase.Year = tp.Year
		for _, l := range tp.Closed {
			pos.Closed.Add(v.Province(l))
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
	tp := vw.twoPlayer()
	st, _ := vw.v.Setup(2, 0)
	again := vw.set.ItalyJoins != ""
	if !again {
		vw.set.ItalyJoins = vw.v.Powers[st.Sides[j.coin()][0]].ID
		vw.g.Settings = vw.set.json()
	}
	var side []variants.Power
	for _, s := range st.Sides {
		if vw.v.Powers[s[0]].ID == vw.set.ItalyJoins {
			side = s
		}
	}
	return func(l lang) string {
		if again {
			return l.f("As the coin decided when it was tossed before the rollback: %s joins %s from Spring %d.\n", powerArg(vw.v, tp.Neutral), l.side(vw.v, side), tp.Year+1)
		}
		return l.f("The judge has tossed the coin: %s joins %s from Spring %d.\n", powerArg(vw.v, tp.Neutral), l.side(vw.v, side), tp.Year+1)
	}
}

// tossDue reports whether resolving the game's phase into next calls for
// the two-player game's coin toss (or, after a rollback, its repetition).
func tossDue(vw *view, next adjudicator.Phase) bool {
	tp := vw.twoPlayer()
	if tp == nil || vw.pos.Phase.Year != tp.Year || vw.pos.Phase.Type == adjudicator.Adjustment {
		return false
	}
	return next.Year > tp.Year || next.Season == adjudicator.Winter
}

// outcome is the end of the game the position next (of nvw) brings, as
// the results mail says it, or nil while it goes on. The two-player game
// is won by a side with 24 units; the others by a power with the
// victory count of centres.
func outcome(nvw *view, next *diplomacy.Position) phrase {
	v := nvw.v
	a := nvw.arrangement()
	if tp := nvw.twoPlayer(); tp != nil {
		none := ""
		next.Winner = &none
		_, units := adjudicator.Count(v, nvw.pos)
		for _, side := range a.sides {
			n := 0
			for _, p := range side {
				n += units[p]
			}
			if n >= tp.Victory {
				return func(l lang) string {
					return l.f("%s, one player, have won the game with %d units (%d needed in the two-player game).\n", l.side(v, side), n, tp.Victory)
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
		if tp := vw.twoPlayer(); tp != nil && p == tp.Neutral {
			return l.f("it is neutral; from Spring %d it plays for the side the judge's coin toss favours", tp.Year+1)
		}
		return l.f("the setup for %d players leaves it out", vw.set.Players)
	}
}

// setupIn describes a game for fewer players, in l: who plays what, and
// the two-player game's neutral Italy. "" for the seven-player game.
func setupIn(l lang, vw *view) string {
	if vw.set.Players == 0 || vw.set.Players == len(vw.v.Powers) {
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
	switch tp := vw.twoPlayer(); {
	case tp != nil && !vw.italyJoined():
		text += l.f(" %s is neutral and its land closed until Spring %d; then it joins the side the judge's coin toss favours. A side wins with %d units.", powerArg(vw.v, tp.Neutral), tp.Year+1, tp.Victory)
	case tp != nil:
		text += l.f(" A side wins with %d units.", tp.Victory)
	case len(absent) > 0:
		text += l.f(" Absent: %s (the units hold).", l.side(vw.v, absent))
	}
	return text + "\n"
}
