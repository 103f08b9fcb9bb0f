package table

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
)

// A DataLine is one line of a group's data file (the components of its
// own copy of a game: map, sheets, cards), as ReadData splits it.
type DataLine struct {
	// N is the line's number, from 1, for refusals.
	N int
	// Key is its first word, upper case; Words the others that are not
	// key=value; Opts those, by lower-case key.
	Key   string
	Words []string
	Opts  map[string]string
}

// ReadData splits a data file into its lines: what follows # is a
// comment, and a comment that says "placeholder" marks a line made up
// (a sample's), which placeholders counts; blank lines are none.
func ReadData(text string) (lines []DataLine, placeholders int) {
	for i, raw := range strings.Split(text, "\n") {
		line, comment, _ := strings.Cut(raw, "#")
		if strings.Contains(strings.ToLower(comment), "placeholder") {
			placeholders++
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		l := DataLine{N: i + 1, Key: strings.ToUpper(f[0]), Opts: map[string]string{}}
		for _, w := range f[1:] {
			if k, v, ok := strings.Cut(w, "="); ok {
				l.Opts[strings.ToLower(k)] = v
			} else {
				l.Words = append(l.Words, w)
			}
		}
		lines = append(lines, l)
	}
	return lines, placeholders
}

// DataCommand is the moderator's DATA ... ENDDATA for a game on the
// table: load reads the file's lines (the block's body) into the
// game's next state, or refuses them with every reason (up to ten);
// the reply is load's, and every player is told that the data is
// loaded.
func DataCommand(help [game.Langs]string, load func(s *State, body string) (next Play, reply Msg, placeholders int, errs []Msg)) game.Command {
	return game.Command{
		Verb: "DATA", Master: true, Block: true,
		Syntax: [game.Langs]string{"DATA ... ENDDATA", "DATA ... ENDDATA"},
		Help:   help,
		Do: func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
			s := st.(*State)
			d := s.P.Dict()
			_, body, _ := strings.Cut(args, "\n")
			next, reply, placeholders, errs := load(s, body)
			if len(errs) > 0 {
				return nil, nil, nil, &game.Refusal{Reason: func(l game.Lang) string {
					ws := make([]string, len(errs))
					for i, e := range errs {
						ws[i] = e.Write(d, l)
					}
					return M("the data file is refused: %s", strings.Join(ws, "; ")).Write(d, l)
				}}
			}
			// The moderator's pending ask for the data counts the new
			// file's placeholders, not the sample's.
			if b := next.Base(); b.Now() != nil && b.Now().Seat == Master && b.Now().Prompt.F == dataPrompt {
				b.Pending = slices.Clone(b.Pending)
				b.Pending[0].Prompt = M(dataPrompt, placeholders)
			}
			return NewState(next, s.decode), reply.Text(d), M("The moderator has loaded the game's data.\n").Text(d), nil
		},
	}
}

// DataErrors are a data file's refusals to show: those of its lines,
// in the lines' order (their first argument is the line's number), then
// those of the whole file, ten at most.
func DataErrors(lines, file []Msg) []Msg {
	slices.SortStableFunc(lines, func(a, b Msg) int { x, _ := strconv.Atoi(a.A[0]); y, _ := strconv.Atoi(b.A[0]); return x - y })
	out := append(lines, file...)
	return out[:min(len(out), 10)]
}

// DataRefusals collect a data file's refusals as its reader finds them:
// a line's, after "line <n>: ", and the whole file's, after "the file: "
// (DataItalian gives a game's reasons after both in Italian).
type DataRefusals struct{ lines, file []Msg }

// Line refuses line n for a reason.
func (r *DataRefusals) Line(n int, format string, args ...any) {
	r.lines = append(r.lines, M("line %s: "+format, append([]any{n}, args...)...))
}

// File refuses the whole file for a reason.
func (r *DataRefusals) File(format string, args ...any) {
	r.file = append(r.file, M("the file: "+format, args...))
}

// Msgs are the refusals to show (DataErrors).
func (r *DataRefusals) Msgs() []Msg { return DataErrors(r.lines, r.file) }

// DataItalian puts in d the Italian of a game's data refusals: each
// reason of reasons after "line %s: " and after "the file: ", as
// DataRefusals write them.
func DataItalian(d game.Dictionary, reasons map[string]string) {
	for k, v := range reasons {
		d["line %s: "+k] = "riga %s: " + v
		d["the file: "+k] = "il file: " + v
	}
}

// AskData asks the moderator, before the setup, for the group's data
// file, or to start with the data loaded (a sample, whose placeholder
// lines are counted): RULE START.
func (t *Table) AskData(kind string, placeholders int) {
	t.Ask(Decision{Seat: Master, Kind: kind, Answers: []string{"START"}, Default: "START", Prompt: M(dataPrompt, placeholders)})
}

// dataPrompt is the moderator's ask for the data (AskData), which DATA
// counts again.
const dataPrompt = "Send your copy's data with DATA ... ENDDATA, then RULE START; or RULE START to play with the data loaded (%s lines of it are placeholders)"

// Calendar is a game's calendar of decision kinds, each with a daily
// deadline by default, named in the reader's language by d.
func Calendar(d game.Dictionary, kinds ...string) []game.PhaseKind {
	var out []game.PhaseKind
	for _, k := range kinds {
		out = append(out, game.PhaseKind{Name: k, Default: "0 20 * * *", Show: func(l game.Lang, spec string) string { return fmt.Sprintf("%s %q", word(d, l, k), spec) }})
	}
	return out
}

// Rank orders seats by key, highest first, comparing its numbers in
// turn (points, then the tie-breaks); winners are those equal to the
// first.
func Rank(seats []string, key func(string) []int) (ranked, winners []string) {
	ranked = slices.Clone(seats)
	slices.SortStableFunc(ranked, func(a, b string) int { return -slices.Compare(key(a), key(b)) })
	for _, s := range ranked {
		if slices.Equal(key(s), key(ranked[0])) {
			winners = append(winners, s)
		}
	}
	return ranked, winners
}

// Top are the keys of the highest score, in their order: the best
// choices a rule leaves tied (a bot's Issues, the Powers a card may
// target).
func Top(keys []string, score func(string) int) []string {
	var out []string
	best := 0
	for _, k := range keys {
		switch v := score(k); {
		case len(out) == 0 || v > best:
			best, out = v, []string{k}
		case v == best:
			out = append(out, k)
		}
	}
	return out
}
