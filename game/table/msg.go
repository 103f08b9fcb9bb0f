package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// A Msg is a text stored as its English format and arguments, written in
// the reader's language when it is read: the format through the game's
// Dictionary (and the engine's), each argument too where the dictionary
// has it (a seat's colour, a kind of piece).
type Msg struct {
	F string   `json:"f"`
	A []string `json:"a,omitempty"`
	// N are arguments that are texts themselves (a stage's title, a
	// refusal's reason, a list of parts), by index into A, each written
	// in the reader's language in its turn.
	N map[int]Msg `json:"n,omitempty"`
	// To are the seats that may read it (the moderator reads all); none
	// for everyone.
	To []string `json:"to,omitempty"`
}

// M is a Msg; its arguments are written with %v, but for a Msg, which
// is written in the reader's language when m is.
func M(format string, args ...any) Msg {
	m := Msg{F: format}
	for i, a := range args {
		if n, ok := a.(Msg); ok {
			if m.N == nil {
				m.N = map[int]Msg{}
			}
			m.N[i] = n
			a = n.F
		}
		m.A = append(m.A, fmt.Sprint(a))
	}
	return m
}

// List is the texts joined by ", "; "-" for none.
func List(ms []Msg) Msg {
	if len(ms) == 0 {
		return M("-")
	}
	args := make([]any, len(ms))
	for i, m := range ms {
		args[i] = m
	}
	return M(strings.TrimSuffix(strings.Repeat("%s, ", len(ms)), ", "), args...)
}

// Skipped is a line of orders skipped, and why: the prefix and the
// reason as one format and a full stop, so that the game's dictionary
// gives it whole in Italian (each reason after each prefix).
func Skipped(prefix, why Msg) Msg {
	m := Msg{F: prefix.F + why.F + ".", A: append(slices.Clone(prefix.A), why.A...)}
	for _, part := range []struct {
		from int
		n    map[int]Msg
	}{{0, prefix.N}, {len(prefix.A), why.N}} {
		for i, n := range part.n {
			if m.N == nil {
				m.N = map[int]Msg{}
			}
			m.N[part.from+i] = n
		}
	}
	return m
}

// For is whether the reader may read m.
func (m Msg) For(to game.Viewer) bool {
	if to.Master || len(m.To) == 0 {
		return true
	}
	for _, s := range to.Seats {
		if slices.Contains(m.To, s) {
			return true
		}
	}
	return false
}

// Write writes m in l with the game's dictionary d.
func (m Msg) Write(d game.Dictionary, l game.Lang) string {
	args := make([]any, len(m.A))
	for i, a := range m.A {
		if n, ok := m.N[i]; ok {
			args[i] = n.Write(d, l)
		} else {
			args[i] = word(d, l, a)
		}
	}
	f := m.F
	if d != nil {
		f = d.T(l, f)
	}
	if f == m.F {
		f = italian.T(l, f)
	}
	return fmt.Sprintf(verbsAsStrings(f), args...)
}

// word is an argument in l: the game's word, the engine's, or itself.
func word(d game.Dictionary, l game.Lang, w string) string {
	if d != nil {
		if x := d.T(l, w); x != w {
			return x
		}
	}
	return italian.T(l, w)
}

// verbsAsStrings writes every verb of a format as %s, with its flags and
// width, since a Msg's arguments are stored as strings: "%-6d" -> "%-6s".
func verbsAsStrings(f string) string {
	b := []byte(f)
	for i := 0; i < len(b); i++ {
		if b[i] != '%' {
			continue
		}
		i++
		for i < len(b) && (b[i] == '-' || b[i] == '+' || b[i] == ' ' || b[i] == '#' || b[i] == '0' || b[i] >= '1' && b[i] <= '9' || b[i] == '.') {
			i++
		}
		if i < len(b) && b[i] != '%' {
			b[i] = 's'
		}
	}
	return string(b)
}

// Text is m as a game.Text.
func (m Msg) Text(d game.Dictionary) game.Text {
	return func(l game.Lang) string { return m.Write(d, l) }
}

// Refuse is a refusal whose reason is m.
func Refuse(d game.Dictionary, m Msg) *game.Refusal { return &game.Refusal{Reason: m.Text(d)} }
