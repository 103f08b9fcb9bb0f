package italia

import "github.com/corriere/corriere/game"

// Read reads one line of a power's operation sheet.
func (s *State) Read(side []string, line string, standing []game.Order) ([]game.Reading, error) {
	return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: tx("the operation sheet is not read yet")}}}, nil
}

// Missing says what a power still owes.
func (s *State) Missing(seat string, standing []game.Order) []game.Text { return nil }
