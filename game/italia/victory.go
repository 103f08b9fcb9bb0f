package italia

import "slices"

// greatCities are the five cities of the victory precondition (seed §11,
// spec §3.19): no power meets its victory conditions without having held
// two of them at once for a year.
var greatCities = []string{"milan", "venic", "flore", "rome", "naple"}

// twoCityTurns is a year for the precondition: the ends of three
// consecutive turns (R32).
const twoCityTurns = 3

// twoCities counts, at the end of a turn (an operations phase), the turns
// each power has held two of the great cities at once, and records the
// year achieved: once achieved it stays (R32), and everyone is told.
func (rs *resolution) twoCities() {
	pos := rs.pos
	for _, p := range powers {
		held := 0
		for _, c := range greatCities {
			if pos.Control[c] == p.ID {
				held++
			}
		}
		if held < 2 {
			delete(pos.TwoCities, p.ID)
			continue
		}
		if pos.TwoCities == nil {
			pos.TwoCities = map[string]int{}
		}
		pos.TwoCities[p.ID]++
		if pos.TwoCities[p.ID] == twoCityTurns && !slices.Contains(pos.TwoCityYear, p.ID) {
			pos.TwoCityYear = append(pos.TwoCityYear, p.ID)
			rs.tell(nil, "%s has held two of Milano, Venezia, Firenze, Roma and Napoli for a year: the precondition of its victory is met (seed §11)", "p:"+p.ID)
		}
	}
}
