package table

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// Position is the report of the state for one reader: whose decision is
// owed and, to its owner and the moderator, the prompt; the game's board
// and scores; what the reader holds; the decks' sizes; the reader's
// answers sent ahead and standing.
func (s *State) Position(to game.Viewer) game.Text {
	return func(l game.Lang) string {
		t, d := s.t(), s.P.Dict()
		w := func(m Msg) string { return m.Write(d, l) }
		var b strings.Builder
		if now := t.Now(); now != nil {
			b.WriteString(w(M("Now: %s, %s of %s (%s).", w(s.P.Title(t.Stage)), now.Kind, now.Seat, PhaseID(t.Stage, t.Step))) + "\n")
			if to.Master || slices.Contains(to.Seats, now.Seat) {
				b.WriteString(w(now.Prompt) + "\n")
				if len(now.Answers) > 0 {
					b.WriteString(w(M("Answers: %s", strings.Join(now.Answers, " | "))) + "\n")
				}
				if now.Default != "" {
					b.WriteString(w(M("Default at the deadline: %s", now.Default)) + "\n")
				}
			}
			if len(t.Pending) > 1 {
				var then []string
				for _, p := range t.Pending[1:] {
					then = append(then, w(M("%s of %s", p.Kind, p.Seat)))
				}
				b.WriteString(w(M("Then: %s.", strings.Join(then, ", "))) + "\n")
			}
			b.WriteByte('\n')
		}
		b.WriteString(s.P.Show(to, l))
		seen := func(seat string) bool { return to.Master || slices.Contains(to.Seats, seat) }
		for _, seat := range t.Order {
			if !seen(seat) {
				continue
			}
			if h := t.Hands[seat]; len(h) > 0 {
				b.WriteString(w(M("Hand of %s: %s.", seat, words(d, l, h))) + "\n")
			}
			if m := t.Secrets[seat]; len(m) > 0 {
				b.WriteString(w(M("Secret markers of %s: %s.", seat, words(d, l, m))) + "\n")
			}
			if to.Master && len(t.Sealed[seat]) > 0 {
				b.WriteString(w(M("Sealed markers of %s: %s.", seat, words(d, l, t.Sealed[seat]))) + "\n")
			}
			for _, q := range t.Queue[seat] {
				b.WriteString(w(M("Sent ahead by %s, for the next %s: %s", seat, q.Kind, q.Text)) + "\n")
			}
			for _, kind := range slices.Sorted(maps.Keys(t.Standing[seat])) {
				b.WriteString(w(M("Standing answer of %s to every %s: %s", seat, kind, t.Standing[seat][kind])) + "\n")
			}
		}
		for _, seat := range t.Order {
			if n := len(t.Sealed[seat]); n > 0 && !to.Master {
				b.WriteString(w(M("%s holds %s sealed markers.", seat, n)) + "\n")
			}
		}
		for _, deck := range slices.Sorted(maps.Keys(t.Decks)) {
			if to.Master {
				b.WriteString(w(M("Deck %s, top first: %s.", deck, strings.Join(t.Decks[deck], " "))) + "\n")
			} else {
				b.WriteString(w(M("Deck %s: %s cards.", deck, len(t.Decks[deck]))) + "\n")
			}
		}
		return b.String()
	}
}

// words writes each in l, joined.
func words(d game.Dictionary, l game.Lang, ws []string) string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = word(d, l, x)
	}
	return strings.Join(out, ", ")
}

// Grid writes rows as a text table, the columns padded to their widest
// cell: the board's places, the scores.
func Grid(rows [][]string) string {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i < len(r)-1 {
				fmt.Fprintf(&line, "%-*s  ", width[i], c)
			} else {
				line.WriteString(c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// Pieces writes a place's pieces in l: "army red (egyptians), fort red".
func Pieces(d game.Dictionary, l game.Lang, ps []Piece) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		s := word(d, l, p.Kind)
		if p.Owner != "" {
			s += " " + word(d, l, p.Owner)
		}
		if p.Tag != "" {
			s += " (" + word(d, l, p.Tag) + ")"
		}
		out[i] = s
	}
	return strings.Join(out, ", ")
}
