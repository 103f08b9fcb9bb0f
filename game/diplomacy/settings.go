package diplomacy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
)

// Settings are Diplomacy's own settings (game.Configurable), the keys
// Configure takes: the board and the rule edition, what becomes of
// missing orders, and the rulebook's setups for fewer players. A test
// holds the two to each other.
func (Kind) Settings() []game.Setting {
	return []game.Setting{
		{
			Names: []string{"variant"}, Form: "standard", Default: "standard", FlagHelp: "the `variant`",
			Help: [game.Langs]string{"variant", "variant"},
		},
		{
			Names: []string{"rules"}, Form: "2023|1971", Default: "2023", FlagHelp: "the rule `edition`: 2023 or 1971",
			Help: [game.Langs]string{"rules (2023|1971)", "rules (2023|1971)"},
		},
		{
			Names: []string{"missing"}, Form: "hold|disorder", Default: "hold",
			FlagHelp: "a power without orders: hold, or disorder (seed XIV.3)",
			Parse:    func(v string) (string, error) { return strings.ToLower(v), nil },
			Show: func(l game.Lang, v string) string {
				if v == "" {
					v = "hold"
				}
				return f(l, "Missing orders: %s", t(l, v))
			},
			Help: [game.Langs]string{"missing (hold|disorder)", "missing (hold|disorder)"},
		},
		{
			Names: []string{"players"}, Form: "7|6|5|4|3|2", Default: "7",
			FlagHelp: "`players` (seed XIV.2): 7; 6 (Italy absent); 5 (Italy and Germany absent); 4 (England; Austria+France; Germany+Turkey; Italy+Russia); 3 (see --alternative); 2 (England+France+Russia against Germany+Austria+Turkey, from 1914, Italy neutral until a coin toss)",
			Parse:    number("players %q: expected a number of players"),
			Help: [game.Langs]string{"players (7; 6: Italy absent; 5: Italy and Germany absent;\n" +
				"4: England, Austria+France, Germany+Turkey, Italy+Russia;\n" +
				"3 with alternative 1: Russia, England+France+Germany, Austria+Italy+Turkey,\n" +
				"or alternative 2: England+Germany+Austria, Russia+Italy, France+Turkey;\n" +
				"2: England+France+Russia against Germany+Austria+Turkey from 1914,\n" +
				"Italy neutral until the judge's coin toss, 24 units win)", "players (7|6|5|4|3|2)"},
		},
		{
			Names: []string{"alternative"}, Form: "1|2", Default: "1",
			FlagHelp: "the three-player `setup`: 1 (Russia; England+France+Germany; Austria+Italy+Turkey) or 2 (England+Germany+Austria; Russia+Italy; France+Turkey)",
			Parse:    number("alternative %q: expected 1 or 2"),
			// In English, players' help says the alternatives.
			Help: [game.Langs]string{"", "alternative (1|2)"},
		},
	}
}

// number reads a whole number, or says what was expected (problem, with
// the value).
func number(problem string) func(string) (string, error) {
	return func(v string) (string, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf(problem, v)
		}
		return strconv.Itoa(n), nil
	}
}

// Calendar is Diplomacy's year (game.Calendar): movement twice a week,
// retreats and adjustments the next evening.
func (Kind) Calendar() []game.PhaseKind {
	return []game.PhaseKind{
		{Name: "movement", Default: "0 20 * * MON,THU", Show: func(l game.Lang, spec string) string { return f(l, "movement %q", spec) }},
		{Name: "retreat", Default: "0 20 * * *", Show: func(l game.Lang, spec string) string { return f(l, "retreats %q", spec) }},
		{Name: "adjustment", Default: "0 20 * * *", Show: func(l game.Lang, spec string) string { return f(l, "adjustments %q", spec) }},
	}
}
