package judge

import (
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

// The board's data gives the rulebook's games for fewer players (seed
// XIV.2): the powers each player plays (variants.Setup), and the
// two-player game's neutral power, its closed land, its first year and
// the units a side wins with (variants.TwoPlayer).

// arrangement is who plays what in the game now: in the two-player
// game Italy joins the side the coin favoured from Spring 1915 on.
func (vw *view) arrangement() *diplomacy.Arrangement {
	if vw.st == nil {
		return vw.rules.Arrangement()
	}
	return vw.st.Arrangement()
}

// twoPlayer is the board's two-player game when the game is one, else nil.
func (vw *view) twoPlayer() *variants.TwoPlayer { return vw.rules.TwoPlayer() }

// italyJoined reports whether the two-player game's neutral power (Italy)
// plays now: the coin was tossed and the game is past its first year.
func (vw *view) italyJoined() bool {
	return vw.st != nil && vw.st.ItalyJoined()
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

// auditRolls writes every roll of the phase's dice in the audit log.
func (j *Judge) auditRolls(tx *store.Tx, vw *view, d *dice.Source) error {
	for _, r := range d.Rolls() {
		if err := tx.Audit(j.now(), vw.g.ID, "judge", "roll", vw.g.Phase+": "+r.String()); err != nil {
			return err
		}
	}
	return nil
}

// endText is how a game ended, as the results mail says it; nil while
// it goes on.
func endText(end *game.Ending) phrase {
	if end == nil {
		return nil
	}
	return func(l lang) string { return end.Text(game.Lang(l)) }
}

// seatJoined gives a power that joins a side (the two-player game's Italy)
// the seat of the side's player: the same address and password.
func (j *Judge) seatJoined(tx *store.Tx, vw *view, p variants.Power) error {
	side := vw.arrangement().Side(p)
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
	for _, side := range a.Sides {
		sides = append(sides, l.side(vw.v, side))
	}
	text := l.f("Played by %d (seed XIV.2): %s.", vw.set.Players, strings.Join(sides, "; "))
	var absent []variants.Power
	for p := range vw.v.Powers {
		if a.Absent.Has(variants.Power(p)) {
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
