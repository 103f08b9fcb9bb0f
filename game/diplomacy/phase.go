package diplomacy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corriere/corriere/adjudicator"
)

// Words of a PHASE line (njudge's "PHASE Spring 1903 Movement"), English
// and Italian, each with the part of a phase it names.
var (
	seasonWords = map[string]adjudicator.Season{
		"s": adjudicator.Spring, "spring": adjudicator.Spring, "primavera": adjudicator.Spring,
		"f": adjudicator.Fall, "fall": adjudicator.Fall, "autumn": adjudicator.Fall, "autunno": adjudicator.Fall,
		"w": adjudicator.Winter, "winter": adjudicator.Winter, "inverno": adjudicator.Winter,
	}
	phaseTypeWords = map[string]adjudicator.PhaseType{
		"m": adjudicator.Movement, "movement": adjudicator.Movement, "moves": adjudicator.Movement, "movimento": adjudicator.Movement, "movimenti": adjudicator.Movement,
		"r": adjudicator.Retreat, "retreat": adjudicator.Retreat, "retreats": adjudicator.Retreat, "ritirata": adjudicator.Retreat, "ritirate": adjudicator.Retreat,
		"a": adjudicator.Adjustment, "b": adjudicator.Adjustment, "adjustment": adjudicator.Adjustment, "adjustments": adjudicator.Adjustment,
		"builds": adjudicator.Adjustment, "aggiustamenti": adjudicator.Adjustment, "costruzioni": adjudicator.Adjustment,
	}
)

// ParsePhase reads the words after PHASE: "S1903M", "S 1903 M",
// "Spring 1903 Movement", "Fall 1903" (movement), "Winter 1903"
// (adjustments), "Primavera 1903".
func ParsePhase(args []string) (adjudicator.Phase, error) {
	bad := fmt.Errorf("expected a phase such as PHASE S1903M, PHASE Fall 1903 Retreats or PHASE Winter 1903")
	joined := strings.Join(args, "")
	if p, err := adjudicator.ParsePhase(joined); err == nil && len(args) <= 3 {
		return p, nil
	}
	// "W1901": a season letter and a year, the phase type left out.
	if len(args) == 1 && len(joined) > 1 {
		args = []string{joined[:1], joined[1:]}
	}
	if len(args) < 2 || len(args) > 3 {
		return adjudicator.Phase{}, bad
	}
	season, ok := seasonWords[strings.ToLower(args[0])]
	if !ok {
		return adjudicator.Phase{}, bad
	}
	year, err := strconv.Atoi(args[1])
	if err != nil || year < 1 || year > adjudicator.MaxYear {
		return adjudicator.Phase{}, bad
	}
	p := adjudicator.Phase{Year: year, Season: season}
	if season == adjudicator.Winter {
		p.Type = adjudicator.Adjustment
	}
	if len(args) == 3 {
		if p.Type, ok = phaseTypeWords[strings.ToLower(args[2])]; !ok {
			return adjudicator.Phase{}, bad
		}
	}
	if (p.Season == adjudicator.Winter) != (p.Type == adjudicator.Adjustment) {
		return adjudicator.Phase{}, fmt.Errorf("%s is no phase of the game: adjustments are in winter, movement and retreats in spring and fall", p)
	}
	return p, nil
}
