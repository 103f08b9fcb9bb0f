package italia

import (
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The victory sheets (seed §11, spec §3.19): each power's conditions are
// the scenario's (scenario.go). The engine scores those it can count
// exactly: a territory held, a number of territories, both as §11
// counts them (none in revolt or contested, half with famine or a sack),
// the battles won by a rout, as the position counts them (battle.go),
// and the two-city year every sheet has (victory.go); a condition the
// arbiter judges (ARBITER, PRECONDITION, the judge's placeholder sheets)
// is listed for his ruling. Points are counted in halves, as §11's half
// territories make them.

// sheetScore is a power's victory sheet scored now.
type sheetScore struct {
	id string
	// missing are the points the engine counts missing, in halves: each
	// unmet condition's, 2 for each unmet precondition (seed §11).
	missing int
	// ruling are the conditions the arbiter rules on.
	ruling []Condition
}

// mechanical reports whether the engine scored the whole sheet.
func (sc sheetScore) mechanical() bool { return len(sc.ruling) == 0 }

// sheets scores the victory sheets of the seated powers still playing,
// in the seed's order; none in a position without a scenario, where the
// arbiter scores them all.
func (s *State) sheets() []sheetScore {
	if s.pos.Scenario == nil {
		return nil
	}
	data := s.pos.Scenario.data()
	held := s.holdings()
	var out []sheetScore
	for _, id := range s.seatedPowers() {
		sc := sheetScore{id: id}
		if !slices.Contains(s.pos.TwoCityYear, id) {
			sc.missing += 2 * preconditionPoints
		}
		for _, c := range data.Victory[id] {
			switch c.Kind {
			case condHold:
				switch {
				case s.pos.Control[c.At] != id || s.inRevolt(c.At) || contested(s.pos, s.allied, c.At):
					sc.missing += 2 * c.Points
				case slices.Contains(s.pos.Famine, c.At), slices.Contains(s.pos.Sack, c.At):
					sc.missing += c.Points
				}
			case condTerritories:
				sc.missing += max(0, 2*c.N-held[id])
			case condBattles:
				sc.missing += 2 * c.battlesMissing(s.pos.BattlesWon[id])
			default:
				sc.ruling = append(sc.ruling, c)
			}
		}
		out = append(out, sc)
	}
	return out
}

// battlesMissing are the points a BATTLES line misses with won battles
// won: as a precondition (no points given) 2 if they are fewer than it
// asks (seed §11: "una battaglia vinta" is a precondition), else its
// points for each battle short.
func (c Condition) battlesMissing(won int) int {
	short := max(0, c.N-won)
	switch {
	case short == 0:
		return 0
	case c.Points == 0:
		return preconditionPoints
	}
	return c.Points * short
}

// battlesText writes, under the position, each power's battles won by a
// rout and fought (seed §8 Precisazione 2, §11): public, as the battles
// are; nothing before the first battle.
func (s *State) battlesText(l game.Lang) string {
	var parts []string
	for _, p := range powers {
		if n := s.pos.BattlesFought[p.ID]; n > 0 {
			parts = append(parts, f(l, "%s %d of %d", powerName(l, p.ID), s.pos.BattlesWon[p.ID], n))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return f(l, "Battles won by a rout, of those fought (seed §8, §11): %s\n", strings.Join(parts, ", "))
}

// sheetWinners are the powers whose sheets the engine scores whole and
// finds met, the two-city year with them (seed §3 G, §11): they win at
// once, checked every turn as the thirty territories are.
func (s *State) sheetWinners() []string {
	var out []string
	for _, sc := range s.sheets() {
		if sc.mechanical() && sc.missing == 0 {
			out = append(out, sc.id)
		}
	}
	return out
}

// scored ends the game by the victory sheets (seed §11): the powers
// missing the fewest points win, tied ones share a draw. ok is false
// where the arbiter must rule on a condition (or the position has no
// scenario): then the ending is his.
func (s *State) scored() (end *game.Ending, ok bool) {
	all := s.sheets()
	if len(all) == 0 || slices.ContainsFunc(all, func(sc sheetScore) bool { return !sc.mechanical() }) {
		return nil, false
	}
	best := slices.MinFunc(all, func(a, b sheetScore) int { return a.missing - b.missing }).missing
	var winners []string
	for _, sc := range all {
		if sc.missing == best {
			winners = append(winners, sc.id)
		}
	}
	return &game.Ending{Winners: winners, Draw: len(winners) > 1, Text: func(l game.Lang) string {
		names := make([]string, len(winners))
		for i, id := range winners {
			names[i] = powerName(l, id)
		}
		return f(l, "%s, missing the fewest points of the victory sheets (seed §11): %s", strings.Join(names, ", "), scoresText(l, all))
	}}, true
}

// scoresText writes each power's points missing: "France 3, Venice 1½";
// a sheet the arbiter rules on says how many of its conditions are his.
func scoresText(l game.Lang, all []sheetScore) string {
	out := make([]string, len(all))
	for i, sc := range all {
		out[i] = powerName(l, sc.id) + " " + halves(sc.missing)
		switch n := len(sc.ruling); {
		case n == 1:
			out[i] += " " + t(l, "and the arbiter's ruling on 1 condition")
		case n > 1:
			out[i] += " " + f(l, "and the arbiter's ruling on %d conditions", n)
		}
	}
	return strings.Join(out, ", ")
}

// tellSheets tells, when the game ends by its date, each power's sheet as
// scored, and the conditions the arbiter rules on (seed §11, spec §3.22:
// the victory check is public).
func (rs *resolution) tellSheets(s *State) {
	for _, sc := range s.sheets() {
		rs.tell(nil, "the victory sheet of %s: %s points missing, as the engine counts them (seed §11)", "p:"+sc.id, halves(sc.missing))
		for _, c := range sc.ruling {
			rs.tell(nil, "the victory sheet of %s, for the arbiter's ruling: %s", "p:"+sc.id, textArg(s.conditionText(c)))
		}
	}
}

// conditionText writes a victory condition for its readers.
func (s *State) conditionText(c Condition) game.Text {
	return func(l game.Lang) string {
		var out string
		switch c.Kind {
		case condHold:
			out = f(l, "hold %s, worth %d", landName(s, c.At), c.Points)
		case condTerritories:
			out = f(l, "hold %d territories (a point for each short)", c.N)
		case condBattles:
			if c.Points == 0 {
				out = f(l, "win %d battles by a rout, a precondition (%d points if unmet)", c.N, preconditionPoints)
			} else {
				out = f(l, "win %d battles by a rout, %d points for each short", c.N, c.Points)
			}
		case condPrecondition:
			out = f(l, "a precondition (%d points if unmet)", preconditionPoints)
		case condArbiter:
			out = t(l, "a condition the arbiter judges")
			if c.Points > 0 {
				out = f(l, "a condition the arbiter judges, worth %d", c.Points)
			}
		}
		if c.Text != "" {
			out += ": " + c.Text
		}
		return out
	}
}

// sheetText writes power id's victory sheet for its own player (and the
// arbiter): each condition, or that the sheet is the judge's placeholder.
func (s *State) sheetText(l game.Lang, id string) string {
	sc := s.pos.Scenario
	if !sc.supplied(partVictory + id) {
		return f(l, "Victory sheet of %s: a placeholder; the arbiter supplies it, or rules on it at the end (seed §11)", powerName(l, id))
	}
	var out []string
	for _, c := range sc.data().Victory[id] {
		out = append(out, s.conditionText(c)(l))
	}
	return f(l, "Victory sheet of %s: %s; and the two-city year (seed §11)", powerName(l, id), strings.Join(out, "; "))
}

// tableParts are the tables of a scenario: their names, and what the
// judge ships for them.
var tableParts = []struct {
	part          string
	name, shipped game.Text
}{
	{partEvents, tx("the 3D6 events table"), tx("a placeholder")},
	{partFamine, tx("the famine table"), tx("Machiavelli's")},
	{partPlague, tx("the plague table"), tx("Machiavelli's")},
	{partRaids, tx("the Turkish raids table"), tx("a placeholder")},
}

// partName names a part of the scenario.
func partName(l game.Lang, part string) string {
	if id, ok := strings.CutPrefix(part, partVictory); ok {
		return f(l, "the victory sheet of %s", powerName(l, id))
	}
	for _, p := range tableParts {
		if p.part == part {
			return p.name(l)
		}
	}
	return part
}

// scenarioText says where the scenario stands (the issue asks STATUS to
// say whether it is provisional): the parts still the judge's, or that
// all are the arbiter's.
func (s *State) scenarioText(l game.Lang) string {
	sc := s.pos.Scenario
	var parts []string
	for _, p := range tableParts {
		if !sc.supplied(p.part) {
			parts = append(parts, f(l, "%s (%s)", p.name, p.shipped))
		}
	}
	var sheets []string
	for _, id := range s.seatedPowers() {
		if !sc.supplied(partVictory + id) {
			sheets = append(sheets, powerName(l, id))
		}
	}
	if len(sheets) > 0 {
		parts = append(parts, f(l, "the victory sheets of %s (placeholders)", strings.Join(sheets, ", ")))
	}
	if len(parts) == 0 {
		return t(l, "Scenario: the arbiter's.")
	}
	if s.phase == (Phase{Year: FirstYear, Step: SpringDiplomacy}) {
		return f(l, "Scenario: provisional (R28, R40): parts still the judge's: %s; the arbiter replaces them with SCENARIO in the spring 1499 diplomacy.", strings.Join(parts, ", "))
	}
	// After the first phase the scenario is fixed (SCENARIO): what the
	// placeholders leave open is the arbiter's ruling as it comes.
	return f(l, "Scenario: provisional (R28, R40): parts still the judge's: %s; fixed since the spring 1499 diplomacy, the arbiter rules where a placeholder leaves it to him.", strings.Join(parts, ", "))
}

// arbiterEnding is how the game ends after Autunno 1512 when the arbiter
// scores the sheets: with the engine's count of each, for his ruling.
func (s *State) arbiterEnding() game.Text {
	all := s.sheets()
	return func(l game.Lang) string {
		if len(all) == 0 {
			return t(l, "the game ends after Autunno 1512; the arbiter scores the victory sheets (seed §11, R33)")
		}
		return f(l, "the game ends after Autunno 1512; the arbiter scores the victory sheets (seed §11, R33); points missing as the engine counts them: %s", scoresText(l, all))
	}
}

// scenarioLines write, under the position, where the scenario stands
// and the reader's own victory sheets (the arbiter's: all); a position
// without a scenario writes none.
func (s *State) scenarioLines(out *strings.Builder, l game.Lang, to game.Viewer) {
	if s.pos.Scenario == nil {
		return
	}
	out.WriteString(s.scenarioText(l) + "\n")
	for _, id := range s.seatedPowers() {
		if to.Master || slices.Contains(to.Seats, id) {
			out.WriteString(s.sheetText(l, id) + "\n")
		}
	}
}
