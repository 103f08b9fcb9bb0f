package judge

import (
	"slices"
	"strings"
	"time"

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

// tossText announces the two-player game's coin where resolving the
// phase called for it (nil where it did not), and writes every roll of
// the phase's dice in the audit log. A roll the log has already is a
// phase processed again after a rollback: its dice, from the game's seed
// and the phase's name, fell as before, and the players are told so.
func (j *Judge) tossText(tx *store.Tx, vw *view, pl *diplomacy.Played, d *dice.Source) (phrase, error) {
	again := pl.Coin != nil && !pl.Tossed // tossed before the coin was dice
	for _, r := range d.Rolls() {
		detail := vw.g.Phase + ": " + r.String()
		seen, err := tx.CountAudit("roll", "judge", vw.g.ID, detail, time.Time{})
		if err != nil {
			return nil, err
		}
		again = again || seen > 0
		if err := tx.Audit(j.now(), vw.g.ID, "judge", "roll", detail); err != nil {
			return nil, err
		}
	}
	if pl.Coin == nil {
		return nil, nil
	}
	tp := vw.twoPlayer()
	return func(l lang) string {
		if again {
			return l.f("As the coin decided when it was tossed before the rollback: %s joins %s from Spring %d.\n", powerArg(vw.v, tp.Neutral), l.side(vw.v, pl.Coin), tp.Year+1)
		}
		return l.f("The judge has tossed the coin: %s joins %s from Spring %d.\n", powerArg(vw.v, tp.Neutral), l.side(vw.v, pl.Coin), tp.Year+1)
	}, nil
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
