package gametest

import "github.com/corriere/corriere/game/dice"

// Rolls is a source of dice whose first rolls of sides faces fall as
// want, for a test of a rule that rolls: the first of a run of seeds
// that does.
func Rolls(sides int, want ...int) *dice.Source {
	ok := func(s *dice.Source) bool {
		for _, w := range want {
			if s.Roll("", sides, true) != w {
				return false
			}
		}
		return true
	}
	return dice.New(dice.SeedWhere("fixed", ok), "fixed")
}
