package table

import (
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
func DataCommand(help [game.Langs]string, load func(s *State, body string) (Play, Msg, []Msg)) game.Command {
	return game.Command{
		Verb: "DATA", Master: true, Block: true,
		Syntax: [game.Langs]string{"DATA ... ENDDATA", "DATA ... ENDDATA"},
		Help:   help,
		Do: func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
			s := st.(*State)
			d := s.P.Dict()
			_, body, _ := strings.Cut(args, "\n")
			next, reply, errs := load(s, body)
			if len(errs) > 0 {
				return nil, nil, nil, &game.Refusal{Reason: func(l game.Lang) string {
					ws := make([]string, len(errs))
					for i, e := range errs {
						ws[i] = e.Write(d, l)
					}
					return M("the data file is refused: %s", strings.Join(ws, "; ")).Write(d, l)
				}}
			}
			return NewState(next, s.decode), reply.Text(d), M("The moderator has loaded the game's data.\n").Text(d), nil
		},
	}
}
