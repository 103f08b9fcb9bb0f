package italia

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The judge's optional capabilities (package game) that Le Guerre
// d'Italia needs: its settings and calendar, its label, greetings passed
// over, the seats still in the game, the end at the game's end date, and
// HISTORY and SUMMARY. Editor is in edit.go.

var (
	_ game.Configurable = Kind{}
	_ game.Calendar     = Kind{}
	_ game.Labeled      = (*Rules)(nil)
	_ game.Prose        = (*Rules)(nil)
	_ game.Historian    = (*Rules)(nil)
	_ game.Survivors    = (*State)(nil)
	_ game.Ender        = (*State)(nil)
	_ game.MasterSeater = (*Rules)(nil)
)

// Settings are the game's own settings, as Configure reads them.
func (Kind) Settings() []game.Setting {
	return []game.Setting{
		{
			Names: []string{"players"}, Form: "6|7|8", Default: "6",
			FlagHelp: "`players`: 6; 7 (the Ottomans seated); 8 (the Swiss too) (seed §1)",
			Help:     [game.Langs]string{"players (6|7|8: the Ottomans, then the Swiss seated)", "players (6|7|8: seduti gli Ottomani, poi gli Svizzeri)"},
		},
		{
			Names: []string{"lagoon"}, Form: "merged|separate", Default: "merged",
			FlagHelp: "the Laguna: merged into the Alto Adriatico (R3), or separate",
			Parse:    lower,
			Help:     [game.Langs]string{"lagoon (merged|separate)", "lagoon (merged|separate: la Laguna)"},
			Show: func(l game.Lang, v string) string {
				if v == "separate" {
					return t(l, "Laguna: a sea of its own")
				}
				return t(l, "Laguna: merged into the Alto Adriatico (R3)")
			},
		},
		{
			Names: []string{"battles"}, Form: "abstract|tactical", Default: "abstract",
			FlagHelp: "battles: abstract (spec Appendix C), or tactical (the arbiter enters each battle's result, spec §3.10)",
			Parse:    lower,
			Help:     [game.Langs]string{"battles (abstract|tactical: the arbiter's battle tickets)", "battles (abstract: battaglia astratta|tactical: i biglietti di battaglia dell'arbitro)"},
			Show: func(l game.Lang, v string) string {
				if v == "tactical" {
					return t(l, "battles tactical: the arbiter enters their results (spec §3.10)")
				}
				return ""
			},
		},
	}
}

// lower reads a setting's word in any case.
func lower(v string) (string, error) { return strings.ToLower(strings.TrimSpace(v)), nil }

// Calendar is the year of spec §2.2: the spring diplomacy, then three
// turns of operations, each with its own deadlines; and the rounds of
// battle tickets of a game of tactical battles (spec §3.10).
func (Kind) Calendar() []game.PhaseKind {
	return []game.PhaseKind{
		{Name: KindDiplomacy, Default: "0 20 * * MON,THU", Show: func(l game.Lang, spec string) string { return f(l, "diplomacy %q", spec) }},
		{Name: KindOperations, Default: "0 20 * * MON,THU", Show: func(l game.Lang, spec string) string { return f(l, "operations %q", spec) }},
		{Name: KindTickets, Default: "0 20 * * MON,THU", Show: func(l game.Lang, spec string) string {
			return f(l, "tickets %q (the battle tickets of tactical battles)", spec)
		}},
	}
}

// Label names the board (with the Laguna apart or not, R3) and the
// scenario.
func (r *Rules) Label() (board, edition string) {
	board = "italia"
	if r.LagoonSeparate {
		board = "italia-laguna"
	}
	return board, "1499-1512"
}

// Prose reports that a line is plainly no line of the operation sheet: a
// greeting, a signature, a comment.
func (r *Rules) Prose(line string) bool {
	_, perr := r.reader().parse(line)
	return perr != nil && perr.notOrder
}

// Survivors are the seated powers still in the game (R35: a power with no
// territory and no counter is out, its fleets removed at the end of the
// autumn).
func (s *State) Survivors() []string {
	var out []string
	holders := slices.Collect(maps.Values(s.pos.Control))
	for _, id := range s.seatedPowers() {
		if len(s.power(id).Counters) > 0 || slices.Contains(holders, id) {
			out = append(out, id)
		}
	}
	return out
}

// holdings counts each power's territories as seed §11 counts them for
// victory, in halves: none in revolt or contested, half with famine or a
// sack.
func (s *State) holdings() map[string]int {
	pos := s.pos
	count := map[string]int{}
	for id, who := range pos.Control {
		switch {
		case s.inRevolt(id), contested(pos, s.allied, id):
		case slices.Contains(pos.Famine, id), slices.Contains(pos.Sack, id):
			count[who]++
		default:
			count[who] += 2
		}
	}
	return count
}

// halves writes a count in halves: "12", "12½".
func halves(n int) string {
	if n%2 == 1 {
		return fmt.Sprintf("%d½", n/2)
	}
	return fmt.Sprint(n / 2)
}

// EndNow ends the game at its end date: by the victory sheets where the
// engine scores them all (score.go); else, the sheets being the
// arbiter's to judge, the seated powers holding the most territories, as
// §11 counts them, win (a ruling: the arbiter may score the sheets and
// say otherwise).
func (s *State) EndNow() *game.Ending {
	if end, ok := s.scored(); ok {
		return end
	}
	count := s.holdings()
	var best []string
	for _, id := range s.seatedPowers() {
		switch {
		case len(best) == 0 || count[id] > count[best[0]]:
			best = []string{id}
		case count[id] == count[best[0]]:
			best = append(best, id)
		}
	}
	n := 0
	if len(best) > 0 {
		n = count[best[0]]
	}
	return &game.Ending{Winners: best, Draw: len(best) > 1, Text: func(l game.Lang) string {
		names := make([]string, len(best))
		for i, id := range best {
			names[i] = powerName(l, id)
		}
		return f(l, "%s, holding the most territories (%s, counted as seed §11 counts them)", strings.Join(names, ", "), halves(n))
	}}
}

// History is a phase's orders and what became of them, for the reader.
func (r *Rules) History(record []byte, to game.Viewer) (game.Text, error) {
	rep, err := (&State{r: r, pos: &Position{}}).Results(record, nil, to)
	if err != nil {
		return nil, err
	}
	return func(l game.Lang) string { return rep.Orders(l) + rep.Events(l) }, nil
}

// Summary is the territories each power held at the end of each year, as
// §11 counts them.
func (r *Rules) Summary(records [][]byte) (game.Text, error) {
	type row struct {
		year string
		held map[string]int
	}
	var rows []row
	for _, data := range records {
		var rec record
		if err := json.Unmarshal(data, &rec); err != nil {
			return nil, fmt.Errorf("phase record: %w", err)
		}
		if ph, err := ParsePhase(rec.Phase); err == nil && ph.Step == AutumnOps && rec.Held != nil {
			rows = append(rows, row{fmt.Sprint(ph.Year), rec.Held})
		}
	}
	return func(l game.Lang) string {
		var b strings.Builder
		b.WriteString(t(l, "Territories at the end of each year (seed §11 counting)") + "\n")
		fmt.Fprintf(&b, "%-10s", "")
		for _, p := range powers[:r.Players] {
			fmt.Fprintf(&b, " %9.9s", powerName(l, p.ID))
		}
		b.WriteString("\n")
		for _, rw := range rows {
			fmt.Fprintf(&b, "%-10s", rw.year)
			for _, p := range powers[:r.Players] {
				fmt.Fprintf(&b, " %9s", halves(rw.held[p.ID]))
			}
			b.WriteString("\n")
		}
		return b.String()
	}, nil
}

// Sheet: a power's mail is its whole operation sheet, which replaces the
// one it sent before (spec §4.2), but the standing instructions carried
// from the phase before (game.Sheet).
func (s *State) Sheet() bool { return true }

// Aliases are the game's other names: issue 13 and its players call it
// by the rulebook's first word (game.Aliased).
func (Kind) Aliases() []string { return []string{"guerre"} }
