package diplomacy

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants"
)

// State is a Diplomacy game between two deadlines: a position, kept both
// in the adjudicator's terms and as the JSON the store holds.
type State struct {
	r   *Rules
	js  *Position
	pos *adjudicator.Position
	// from is the record of the phase that led here, as Resolve wrote it
	// (data) and read (rec): Results of that record reads it again for
	// nothing.
	from struct {
		data []byte
		rec  *record
	}
}

// Pos is the position in the adjudicator's terms; the caller must not
// change it.
func (s *State) Pos() *adjudicator.Position { return s.pos }

// JSON is the position as the store keeps it; the caller must not change
// it.
func (s *State) JSON() *Position { return s.js }

// PosCopy is a copy of the position, for the game master to edit.
func (s *State) PosCopy() *adjudicator.Position {
	p := *s.pos
	p.Units = slices.Clone(p.Units)
	p.Centers = slices.Clone(p.Centers)
	p.Dislodged = slices.Clone(p.Dislodged)
	return &p
}

// Edited is the state with the game master's edit of its position (a
// unit added, moved or removed, a centre given): the rest of the state,
// the two-player game's coin, stays.
func (s *State) Edited(pos *adjudicator.Position) *State {
	js := Encode(s.r.V, s.r.Edition, pos, variants.NoPower)
	js.ItalyJoins = s.js.ItalyJoins
	return &State{r: s.r, js: js, pos: pos}
}

// Phase is the position's phase.
func (s *State) Phase() game.Phase { return phaseOf(s.pos.Phase) }

// Encode writes the position as the store keeps it.
func (s *State) Encode() ([]byte, error) { return appendPosition(nil, s.js), nil }

// Owing lists the powers that have orders to give this phase: powers
// absent from the game (a setup for fewer players) give none.
func (s *State) Owing() []string { return s.r.ids(s.owing()) }

func (s *State) owing() []variants.Power {
	absent := s.Arrangement().Absent
	var out []variants.Power
	for p := range s.r.V.Powers {
		if !absent.Has(variants.Power(p)) && len(s.missing(game.English, variants.Power(p), nil)) > 0 {
			out = append(out, variants.Power(p))
		}
	}
	return out
}

// Missing says what the power seat still has to order: units without
// orders, or in winter the builds or removals not yet ordered. A standing
// order that no longer reads counts as none (Read says so). The list is
// written in English at once and in another language when first asked.
func (s *State) Missing(seat string, standing []game.Order) []game.Text {
	p := s.r.V.PowerByID(seat)
	if p == variants.NoPower {
		return nil
	}
	set, _ := s.standingSet(p, standing)
	lists := [game.Langs][]string{game.English: s.missing(game.English, p, set.orders)}
	out := make([]game.Text, len(lists[game.English]))
	for i := range out {
		out[i] = func(l game.Lang) string {
			if lists[l] == nil {
				lists[l] = s.missing(l, p, set.orders)
			}
			return lists[l][i]
		}
	}
	return out
}

func (s *State) missing(l game.Lang, power variants.Power, orders []adjudicator.Order) []string {
	v, pos := s.r.V, s.pos
	var out []string
	ordered := variants.LocSet{}
	for _, o := range orders {
		if o.Loc != variants.NoLoc {
			ordered.Add(v.Province(o.Loc))
		}
	}
	switch pos.Phase.Type {
	case adjudicator.Movement:
		for _, u := range pos.Units {
			if u.Power == power && !ordered.Has(v.Province(u.Loc)) {
				out = append(out, v.UnitText(u))
			}
		}
	case adjudicator.Retreat:
		for _, d := range pos.Dislodged {
			if d.Unit.Power == power && !ordered.Has(v.Province(d.Unit.Loc)) {
				out = append(out, f(l, "a retreat or disband for %s", v.UnitText(d.Unit)))
			}
		}
	case adjudicator.Adjustment:
		builds, removals := s.allowance(power)
		for _, o := range orders {
			switch o.Type {
			case adjudicator.Build, adjudicator.Waive:
				builds--
			case adjudicator.Remove, adjudicator.Disband:
				removals--
			}
		}
		if builds > 0 {
			out = append(out, plural(l, builds, "build (or WAIVE)", "builds (or WAIVE)"))
		}
		if removals > 0 {
			out = append(out, plural(l, removals, "removal", "removals"))
		}
	}
	return out
}

// allowance is what power may build (limited by its free home centres)
// or must remove this winter.
func (s *State) allowance(power variants.Power) (builds, removals int) {
	v, pos := s.r.V, s.pos
	centers, units := adjudicator.Count(v, pos)
	d := centers[power] - units[power]
	if d < 0 {
		return 0, -d
	}
	if pos.Disorder.Has(power) {
		return 0, 0 // a power in civil disorder builds nothing
	}
	return min(d, len(adjudicator.BuildSites(v, pos, power))), 0
}

// record is what a resolved phase keeps for its results: the game's
// answer, and which orders the game master entered. Records written
// before by_master was kept read as the answer alone.
type record struct {
	*Response
	// ByMaster marks, parallel to Results, the orders the game master
	// entered (BECOME).
	ByMaster map[string][]bool `json:"by_master,omitempty"`
	coin
}

// coin is what became of the two-player game's coin in a phase, for its
// results: tossed (the side it fell on), tossed before (again), or due
// when the phase is processed (a preview).
type coin struct {
	Coin    string `json:"coin,omitempty"`
	Again   bool   `json:"coin_again,omitempty"`
	Pending bool   `json:"coin_pending,omitempty"`
}

// Resolve plays the phase with the standing orders and the game's dice
// (Play), and keeps the game's answer as the phase's record.
func (s *State) Resolve(orders []game.Order, d *dice.Source) (*game.Outcome, error) {
	pl, err := s.play(orders, d)
	if err != nil {
		return nil, err
	}
	rec := record{Response: pl.Response, ByMaster: pl.ByMaster, coin: pl.coin}
	data := appendRecord(make([]byte, 0, 4096), &rec)
	pl.After.from.data, pl.After.from.rec = data, &rec
	out := &game.Outcome{Next: pl.After, Record: data, End: pl.End}
	if pl.Joined != variants.NoPower {
		out.Joined = []string{s.r.V.Powers[pl.Joined].ID}
	}
	return out, nil
}

// played is a phase resolved, in Diplomacy's own terms.
type played struct {
	*Response
	// ByMaster marks, parallel to Results, the orders the game master
	// entered; nil for none.
	ByMaster map[string][]bool
	// coin is what became of the two-player game's coin.
	coin
	// Joined is the neutral power joining its side from the next phase.
	Joined variants.Power
	// After is the state the game goes on from; End, how it ended there
	// (nil while it goes on).
	After *State
	End   *game.Ending
}

// play is Resolve in Diplomacy's own terms. Where the game has civil
// disorder (seed XIV.3) a power that owed orders and sent none is in
// disorder for this phase and after, until it orders again. In the
// two-player game the coin is tossed at the end of the first year's
// movement, and the neutral power joins its side when the year ends:
// its units then take orders, and its land opens.
func (s *State) play(orders []game.Order, d *dice.Source) (*played, error) {
	v := s.r.V
	byPower := map[string][]string{}
	byMaster := map[string][]bool{}
	for _, o := range orders {
		byPower[o.Seat] = append(byPower[o.Seat], o.Text)
		byMaster[o.Seat] = append(byMaster[o.Seat], o.ByMaster)
	}
	// The position resolved is the state's own, decoded when the state
	// was: a copy, with the phase's disorder.
	pos := s.PosCopy()
	if s.r.Disorder {
		for _, p := range s.owing() {
			if len(byPower[v.Powers[p].ID]) == 0 {
				pos.Disorder.Add(p)
			} else {
				pos.Disorder.Remove(p)
			}
		}
	}
	resp, nextPos, err := playPos(v, s.r.Edition, pos, byPower)
	if err != nil {
		return nil, fmt.Errorf("process %s: %w", s.pos.Phase, err)
	}
	if !slices.ContainsFunc(orders, func(o game.Order) bool { return o.ByMaster }) {
		byMaster = nil
	}
	pl := &played{Response: resp, ByMaster: byMaster, Joined: variants.NoPower}
	next := nextPos.Phase
	pl.coin = s.toss(resp.Next, next, d)
	if tp := s.r.TwoPlayer(); tp != nil {
		if s.pos.Phase.Year == tp.Year && next.Year > tp.Year {
			neutral := v.Powers[tp.Neutral].ID
			resp.Next.Disorder = slices.DeleteFunc(resp.Next.Disorder, func(id string) bool { return id == neutral })
			resp.Next.Closed = nil
			nextPos.Disorder.Remove(tp.Neutral)
			nextPos.Closed = variants.LocSet{}
			pl.Joined = tp.Neutral
		}
		// Sides win by units there, not a power by centres.
		none := ""
		resp.Next.Winner = &none
	}
	inStoredOrder(v, nextPos)
	pl.After = &State{r: s.r, js: resp.Next, pos: nextPos}
	pl.End = pl.After.End()
	return pl, nil
}

// End is how the game ended at this position, nil while it goes on: the
// two-player game is won by a side with its victory count of units, the
// others by a power with the board's victory count of centres.
func (s *State) End() *game.Ending {
	v := s.r.V
	a := s.Arrangement()
	if tp := s.r.TwoPlayer(); tp != nil {
		_, units := adjudicator.Count(v, s.pos)
		for _, side := range a.Sides {
			if n := sideUnits(side, units); n >= tp.Victory {
				return &game.Ending{Winners: s.r.ids(side), Text: func(l game.Lang) string {
					return f(l, "%s, one player, have won the game with %d units (%d needed in the two-player game).\n", SideName(l, v, side), n, tp.Victory)
				}}
			}
		}
		return nil
	}
	if s.js.Winner == nil || *s.js.Winner == "" {
		return nil
	}
	w := v.PowerByID(*s.js.Winner)
	centers, _ := adjudicator.Count(v, s.pos)
	side := a.Side(w)
	winners := s.r.ids(side)
	if len(winners) == 0 {
		winners = []string{v.Powers[w].ID}
	}
	return &game.Ending{Winners: winners, Text: func(l game.Lang) string {
		text := f(l, "%s has won the game with %d supply centres.\n", PowerName(l, v, w), centers[w])
		if len(side) > 1 {
			text += f(l, "Its player also plays %s.\n", SideName(l, v, side[1:]))
		}
		return text
	}}
}

// readRecord reads back a phase's record.
func readRecord(data []byte) (*record, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("phase record: %w", err)
	}
	if rec.Response == nil {
		return nil, fmt.Errorf("phase record: no results")
	}
	return &rec, nil
}

// EndNow is who wins when the game ends at its end date: the player with
// the most units, counting every power the player plays (seed XIV.2); a
// tie shares the victory (seed III).
func (s *State) EndNow() *game.Ending {
	v := s.r.V
	_, units := adjudicator.Count(v, s.pos)
	best := -1
	var winners [][]variants.Power
	for _, side := range s.Arrangement().Sides {
		switch n := sideUnits(side, units); {
		case n > best:
			best, winners = n, [][]variants.Power{side}
		case n == best:
			winners = append(winners, side)
		}
	}
	end := &game.Ending{Draw: len(winners) > 1, Text: func(l game.Lang) string {
		names := make([]string, len(winners))
		for i, side := range winners {
			names[i] = SideName(l, v, side)
		}
		if len(names) > 1 {
			return f(l, "%s share the victory with %d units each", strings.Join(names, "; "), best)
		}
		return f(l, "%s wins with %d units", names[0], best)
	}}
	for _, side := range winners {
		end.Winners = append(end.Winners, s.r.ids(side)...)
	}
	return end
}

// sideUnits counts the units of the powers of one player's side.
func sideUnits(side []variants.Power, units []int) int {
	n := 0
	for _, p := range side {
		n += units[p]
	}
	return n
}

// ids are the powers' ids.
func (r *Rules) ids(ps []variants.Power) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = r.V.Powers[p].ID
	}
	return out
}

// Survivors are the powers still in the game, among whom a draw is
// shared: those with units or centres, the absent aside.
func (s *State) Survivors() []string {
	v := s.r.V
	centers, units := adjudicator.Count(v, s.pos)
	absent := s.Arrangement().Absent
	var out []string
	for p := range v.Powers {
		if !absent.Has(variants.Power(p)) && (centers[p] > 0 || units[p] > 0) {
			out = append(out, v.Powers[p].ID)
		}
	}
	return out
}

// inStoredOrder puts a position's units and dislodged units in the order
// its JSON decodes them (Encode, then Decode): by power id, then as
// written. The next phase is resolved, and its position written, as if
// it had been read back from the store.
func inStoredOrder(v *variants.Variant, pos *adjudicator.Position) {
	slices.SortStableFunc(pos.Units, func(a, b variants.Unit) int {
		// v.UnitText compared, without writing it: type, then place.
		return cmp.Or(strings.Compare(v.Powers[a.Power].ID, v.Powers[b.Power].ID),
			strings.Compare(a.Type.String(), b.Type.String()), strings.Compare(v.Locs[a.Loc].ID, v.Locs[b.Loc].ID))
	})
	slices.SortStableFunc(pos.Dislodged, func(a, b adjudicator.Dislodged) int {
		return strings.Compare(v.Powers[a.Unit.Power].ID, v.Powers[b.Unit.Power].ID)
	})
}
