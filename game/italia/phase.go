package italia

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// Step is a deadline of the year (spec §2.2): the spring diplomacy, then
// the operations of the three seasons. There is no winter turn (seed §3).
type Step uint8

const (
	SpringDiplomacy Step = iota
	SpringOps
	SummerOps
	AutumnOps
	numSteps
)

// Season is a step's season.
type Season uint8

const (
	Spring Season = iota
	Summer
	Autumn
)

// steps are the year's deadlines: the season, and whether it is the
// diplomacy.
var steps = [numSteps]struct {
	Season    Season
	Diplomacy bool
}{
	SpringDiplomacy: {Spring, true},
	SpringOps:       {Spring, false},
	SummerOps:       {Summer, false},
	AutumnOps:       {Autumn, false},
}

// seasons name the seasons: the id's letter (the Italian initial, as the
// spec's battle ids "1500E-3" write it) and the words a player may write.
var seasons = [...]struct {
	Letter           string
	Italian, English string
	More             []string
}{
	Spring: {"P", "Primavera", "Spring", nil},
	Summer: {"E", "Estate", "Summer", nil},
	Autumn: {"A", "Autunno", "Autumn", []string{"Fall"}},
}

// Kinds of phase, for the judge's deadline settings (spec §2.2): the
// tickets are the rounds of battle tickets after an operations deadline
// in a game of tactical battles (SET BATTLES TACTICAL, spec §3.10), named
// so apart from the setting "battles" itself.
const (
	KindDiplomacy  = "diplomacy"
	KindOperations = "operations"
	KindTickets    = "tickets"
)

// phaseWords are the words naming the part of a spring: the diplomacy or
// the operations.
var phaseWords = map[string]bool{
	"diplomazia": true, "diplomacy": true, "d": true,
	"operazioni": false, "operations": false, "ops": false, "o": false,
}

// Phase is a deadline of the game.
type Phase struct {
	Year int
	Step Step
	// Round, from 1, is a round of battle tickets that an operations turn
	// waits for (tactical.go); 0 is the step itself.
	Round int
}

// roundSpan spaces the ranks of the steps, so that a step's battle rounds
// rank between it and the next: a turn has fewer rounds, since each
// settles at least one meeting of a counter that moved.
const roundSpan = 100

// Battles reports whether the phase is a round of battle tickets.
func (p Phase) Battles() bool { return p.Round > 0 }

// Turn is the phase's turn: its step, without the battle round.
func (p Phase) Turn() Phase { return Phase{Year: p.Year, Step: p.Step} }

// turnRank orders the turns: the year's steps, one after another.
func (p Phase) turnRank() int { return p.Year*int(numSteps) + int(p.Step) }

// FirstYear and LastYear bound the scenario "Da Seminara a Ravenna"
// (seed title; R33): Primavera 1499 to Autunno 1512.
const (
	FirstYear = 1499
	LastYear  = 1512
)

// expensesDue reports whether the phase has the spring expenses (seed §3
// C: every spring's operations but the first), which the sheet's checker
// and the resolution both ask.
func (p Phase) expensesDue() bool { return p.Step == SpringOps && p.Year > FirstYear }

// Season is the phase's season.
func (p Phase) Season() Season { return steps[p.Step].Season }

// Diplomacy reports whether the phase is the spring diplomacy.
func (p Phase) Diplomacy() bool { return steps[p.Step].Diplomacy }

// String is the phase's id: "P1500D", "P1500O", "E1500O", "A1500O"; a
// round of battles "P1500B1".
func (p Phase) String() string {
	kind := "O"
	switch {
	case p.Battles():
		kind = "B" + strconv.Itoa(p.Round)
	case p.Diplomacy():
		kind = "D"
	}
	return seasons[p.Season()].Letter + strconv.Itoa(p.Year) + kind
}

// Next is the deadline after p's turn.
func (p Phase) Next() Phase {
	if p.Step == AutumnOps {
		return Phase{Year: p.Year + 1, Step: SpringDiplomacy}
	}
	return Phase{Year: p.Year, Step: p.Step + 1}
}

// kind is the phase's kind, whose deadlines the calendar sets.
func (p Phase) kind() string {
	switch {
	case p.Battles():
		return KindTickets
	case p.Diplomacy():
		return KindDiplomacy
	}
	return KindOperations
}

// Title writes the phase for people: "Spring 1500 operations (P1500O)",
// "Primavera 1500, operazioni (P1500O)", "Spring 1500 battles (P1500B1)".
func (p Phase) Title(l game.Lang) string {
	s := seasons[p.Season()]
	kind := "operations"
	switch {
	case p.Battles():
		kind = "battles"
	case p.Diplomacy():
		kind = "diplomacy"
	}
	if l == game.Italian {
		return fmt.Sprintf("%s %d, %s (%s)", s.Italian, p.Year, t(l, kind), p)
	}
	return fmt.Sprintf("%s %d %s (%s)", s.English, p.Year, kind, p)
}

// contract is the phase in the contract's terms.
func (p Phase) contract() game.Phase {
	return game.Phase{ID: p.String(), Kind: p.kind(), Rank: p.turnRank()*roundSpan + p.Round, Title: p.Title}
}

// ParsePhase reads a phase as a player or the store writes it: its id
// ("P1500D", "e1500o"), or a season, a year and, in spring, the part
// ("Primavera 1500 Diplomazia", "Summer 1500", "Autunno 1500 operazioni");
// a spring without its part is the operations, as the sheet heading of
// spec §4.3 writes it.
func ParsePhase(text string) (Phase, error) { return parsePhase(text, LastYear) }

// parsePhase is ParsePhase up to year last: a stored position may stand
// after the last turn, where the game ended. A round of battles is
// written "P1500B1", or "Primavera 1500 battaglie 1".
func parsePhase(text string, last int) (Phase, error) {
	bad := fmt.Errorf("%q: expected a phase such as P1500D, Primavera 1500 Diplomazia, Summer 1500, Autunno 1500 or P1500B1", text)
	words := strings.Fields(machiavelli.Fold(text))
	if len(words) == 1 && len(words[0]) > 2 {
		// An id: the season's letter, the year, the part ("P1500" has
		// none), a battle round's number.
		w := words[0]
		year := strings.TrimLeft(w[1:], "0123456789")
		words = []string{w[:1], w[1 : len(w)-len(year)]}
		switch {
		case strings.HasPrefix(year, "b") && len(year) > 1:
			words = append(words, "b", year[1:])
		case year != "":
			words = append(words, year)
		}
	}
	if len(words) < 2 || len(words) > 4 {
		return Phase{}, bad
	}
	season, ok := seasonNamed(words[0])
	if !ok {
		return Phase{}, bad
	}
	year, err := strconv.Atoi(words[1])
	if err != nil || year < FirstYear || year > last {
		return Phase{}, bad
	}
	dipl, round := false, 0
	switch {
	case len(words) > 2 && battleWords[words[2]]:
		round = 1
		if len(words) == 4 {
			if round, err = strconv.Atoi(words[3]); err != nil || round < 1 {
				return Phase{}, bad
			}
		}
	case len(words) == 4:
		return Phase{}, bad
	case len(words) == 3:
		if dipl, ok = phaseWords[words[2]]; !ok {
			return Phase{}, bad
		}
	}
	for s := range numSteps {
		if steps[s].Season == season && steps[s].Diplomacy == dipl {
			return Phase{Year: year, Step: s, Round: round}, nil
		}
	}
	return Phase{}, fmt.Errorf("%q: only the spring has a diplomacy phase", text)
}

// battleWords name a round of battles (its id's "B").
var battleWords = map[string]bool{"b": true, "battaglie": true, "battles": true}

// seasonNamed is the season a folded word names: its letter, or its name
// in either language.
func seasonNamed(w string) (Season, bool) {
	for s, info := range seasons {
		for _, n := range append([]string{info.Letter, info.Italian, info.English}, info.More...) {
			if machiavelli.Fold(n) == w {
				return Season(s), true
			}
		}
	}
	return 0, false
}
