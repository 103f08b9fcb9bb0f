package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// verbs are the orders' words in Italian, read as their English.
var verbs = map[string]string{"TIENI": "KEEP", "PASSA": "PASS", "GIOCA": "PLAY", "ESPANDI": "EXPAND", "MARE": "SEA", "FORTE": "FORT", "FINE": "DONE", "DA": "FROM", "PROVA": "TRY"}

// Read reads a line: a draft answer, or a line of a turn's script
// (sent ahead when it is not the seat's turn, applied when it comes).
func (p *Play) Read(seat string, owed *table.Decision, line string) (table.Answer, error) {
	f := table.Words(line, verbs)
	// A Reject: a line sent ahead may be refused later, in a results
	// mail its reader reads in its own language.
	refuse := func(m table.Msg) (table.Answer, error) { return table.Answer{}, table.Reject(m) }
	if len(f) == 0 {
		return table.Answer{}, &game.Refusal{NotOrder: true}
	}
	land := func(w string) bool { _, ok := p.Data.Lands[strings.ToLower(w)]; return ok }
	if owed == nil && (f[0] == "KEEP" || f[0] == "PASS") {
		return refuse(table.M("a card is kept or passed by its drawer only, when drawn"))
	}
	switch f[0] {
	case "KEEP":
		return table.Answer{Kind: kindDraft, Text: "KEEP"}, nil
	case "PASS":
		if len(f) != 2 {
			return refuse(table.M("expected PASS <player>"))
		}
		to, ok := seatByName(f[1])
		if !ok {
			return refuse(table.M("%s is no player's colour", f[1]))
		}
		return table.Answer{Kind: kindDraft, Text: "PASS " + to}, nil
	case "PLAY":
		if len(f) != 2 {
			return refuse(table.M("expected PLAY <card>"))
		}
		if owed != nil && !slices.Contains(p.Hands[seat], f[1]) {
			return refuse(table.M("you hold no card %s", f[1]))
		}
		return table.Answer{Kind: kindTurn, Text: "PLAY " + f[1]}, nil
	case "DONE":
		return table.Answer{Kind: kindTurn, Text: "DONE"}, nil
	case "FORT":
		if len(f) != 2 || !land(f[1]) {
			return refuse(table.M("expected FORT <land>"))
		}
		return table.Answer{Kind: kindTurn, Text: "FORT " + strings.ToLower(f[1])}, nil
	case "EXPAND", "SEA":
		out := []string{f[0]}
		for i := 1; i < len(f); i++ {
			switch {
			case f[i] == "TRY" && i+1 < len(f):
				if n, err := strconv.Atoi(f[i+1]); err != nil || n < 1 {
					return refuse(table.M("TRY %s: expected a number of armies", f[i+1]))
				}
				out = append(out, "TRY", f[i+1])
				i++
			case f[i] == "FROM" && i+1 < len(f):
				if !land(f[i+1]) {
					return refuse(table.M("there is no land %s", strings.ToLower(f[i+1])))
				}
				out = append(out, "FROM", strings.ToLower(f[i+1]))
				i++
			default:
				for _, w := range strings.Split(strings.Trim(f[i], ","), ",") {
					if w != "" && !land(w) {
						return refuse(table.M("there is no land %s", strings.ToLower(w)))
					}
				}
				out = append(out, strings.ToLower(strings.Trim(f[i], ",")))
			}
		}
		if len(out) == 1 {
			return refuse(table.M("expected %s <land> [FROM <land>] [TRY <n>]", f[0]))
		}
		return table.Answer{Kind: kindTurn, Text: strings.Join(out, " ")}, nil
	}
	return table.Answer{}, &game.Refusal{NotOrder: true}
}

// Show is the report's board: each land with pieces, by area; the
// scores; the empire each seat leads, once revealed.
func (p *Play) Show(to game.Viewer, l game.Lang) string {
	w := func(m table.Msg) string { return m.Write(italian, l) }
	rows := [][]string{{w(table.M("area")), w(table.M("land")), w(table.M("pieces"))}}
	for _, id := range mapsKeys(p.Data.Lands) {
		if pcs := p.Board[id]; len(pcs) > 0 {
			rows = append(rows, []string{orDash(p.Data.Lands[id].Area), id, table.Pieces(italian, l, pcs)})
		}
	}
	var b strings.Builder
	if len(rows) > 1 {
		b.WriteString(table.Grid(rows) + "\n")
	}
	score := [][]string{{w(table.M("player")), w(table.M("points")), w(table.M("empire"))}}
	for _, s := range p.Order {
		e := p.Empire[s]
		// An empire is public once called; its holder sees it once the
		// draft is over (a card passed is not looked at before).
		if e != "" && !p.called(e) && !to.Master && (!slices.Contains(to.Seats, s) || p.Received[s]) {
			e = "?"
		}
		score = append(score, []string{italian.T(l, s), strconv.Itoa(p.Get("score", s)), orDash(e)})
	}
	b.WriteString(table.Grid(score))
	return b.String() + "\n"
}

// called reports whether the empire has been called this epoch.
func (p *Play) called(e string) bool {
	for i, x := range p.Data.epoch(p.Epoch) {
		if x.ID == e {
			return i < p.Called
		}
	}
	return false
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
