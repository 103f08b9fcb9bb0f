package judge

import (
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/store"
)

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

// seatJoined gives a seat that joins a side during the game (the
// two-player game's Italy, game.Outcome.Joined) the seat of the side's
// player: the same address and password.
func (j *Judge) seatJoined(tx *store.Tx, vw *view, id string) error {
	side := vw.seating().Side(id)
	if len(side) < 2 {
		return nil
	}
	lead := vw.seat(side[1])
	if lead == nil {
		return nil
	}
	seat := *lead
	seat.Power = id
	seat.Draw, seat.DrawWith, seat.Concede = false, "", "" // votes last one phase
	if err := tx.PutSeat(seat); err != nil {
		return err
	}
	vw.seats = append(slices.DeleteFunc(slices.Clone(vw.seats), func(s store.Seat) bool { return s.Power == seat.Power }), seat)
	return tx.Audit(j.now(), vw.g.ID, "judge", "seat", seat.Power+" "+seat.Address+" (joins "+vw.sideName(english, side[1:])+")")
}

// unseatAbsent leaves the seats nobody plays now without a player: after
// a rollback to before a seat joined a side, it is given anew when it
// joins again.
func (j *Judge) unseatAbsent(tx *store.Tx, vw *view) error {
	changed := false
	for id := range vw.seating().Absent {
		if st := vw.seat(id); st != nil && st.Address != "" {
			if err := tx.PutSeat(store.Seat{GameID: vw.g.ID, Power: st.Power}); err != nil {
				return err
			}
			changed = true
		}
	}
	if !changed {
		return nil
	}
	var err error
	vw.seats, err = tx.Seats(vw.g.ID)
	return err
}
