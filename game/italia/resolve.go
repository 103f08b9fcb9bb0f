package italia

import (
	"errors"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// Resolve plays the phase (spec §2.3).
func (s *State) Resolve(orders []game.Order, d *dice.Source) (*game.Outcome, error) {
	return nil, errors.New("Le Guerre d'Italia: resolution is not written yet")
}

// Results writes a phase's results.
func (s *State) Results(record []byte, next game.State, to game.Viewer) (game.Report, error) {
	return game.Report{}, errors.New("Le Guerre d'Italia: results are not written yet")
}
