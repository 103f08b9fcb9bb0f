package judge

import (
	"fmt"
	"slices"
	"time"

	"github.com/corriere/corriere/store"
)

// A state is where a game is in its life. It is stored by its name
// (store.Game.State); the judge reads it anywhere, and changes it only
// through transition, so that every change is one of moves and is in the
// audit log.
type state string

const (
	// forming: a new game, whose seats are being filled; no position yet.
	forming state = store.Forming
	// active: deadlines run, and orders are taken and processed.
	active state = store.Active
	// paused: the master has stopped the clock; orders are still taken.
	paused state = store.Paused
	// finished: the game is over; only a ROLLBACK brings it back.
	finished state = store.Finished
)

// state is the game's state.
func (vw *view) state() state { return state(vw.g.State) }

// in reports whether st is one of states.
func (st state) in(states ...state) bool { return slices.Contains(states, st) }

// A move is a change of state, with the causes that may make it: the
// master's verbs and the judge's own events (an outcome of the rules, a
// draw voted by all, a concession by all, the end date).
type move struct {
	from, to state
	by       []string
}

// The judge's own causes of a game's end, beside the master's verbs.
const (
	byOutcome    = "outcome" // the rules' end: a victory at processing
	byDraw       = "draw"    // every survivor voted for the same draw
	byConcession = "concession"
	byEndDate    = "end date" // the game's end setting: most units win
)

// moves are every change of state the judge makes. A game is made
// forming (createGame); there is no way back to forming, and a finished
// game comes back only by ROLLBACK, to the phase the master names.
var moves = []move{
	{forming, active, []string{"START"}},
	{forming, finished, []string{"TERMINATE"}},
	{active, paused, []string{"PAUSE"}},
	{paused, active, []string{"RESUME"}},
	{active, finished, []string{"TERMINATE", "DECLARE", byOutcome, byDraw, byConcession, byEndDate}},
	// A paused game may still be processed (PROCESS), and so end.
	{paused, finished, []string{"TERMINATE", "DECLARE", byOutcome}},
	{finished, active, []string{"ROLLBACK"}},
}

// movedBy lists the states a game may be moved from by cause: where the
// master's verb that moves it is taken.
func movedBy(cause string) []state {
	var from []state
	for _, m := range moves {
		if slices.Contains(m.by, cause) && !m.from.in(from...) {
			from = append(from, m.from)
		}
	}
	return from
}

// transition moves the game to the state to, for cause, by actor (as the
// audit log names who acts), and records it in the audit log; the caller
// stores the game. A move that is not one of moves is refused as the
// master's commands are ("game roma is finished"), before anything is
// changed; a cause the move does not list is the judge's own error. A
// finished game has no deadline.
func (j *Judge) transition(tx *store.Tx, vw *view, to state, actor, cause string) error {
	from := vw.state()
	i := slices.IndexFunc(moves, func(m move) bool { return m.from == from && m.to == to })
	if i < 0 {
		return badRequest("game %s is %s", vw.g.Name, word(from))
	}
	if !slices.Contains(moves[i].by, cause) {
		return fmt.Errorf("game %s: %s does not move a game from %s to %s", vw.g.Name, cause, from, to)
	}
	vw.g.State = string(to)
	if to == finished {
		vw.g.Deadline = time.Time{}
	}
	return tx.Audit(j.now(), vw.g.ID, actor, "state", fmt.Sprintf("%s -> %s: %s", from, to, cause))
}
