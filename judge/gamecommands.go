package judge

import (
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/corriere/corriere/game"
)

// A game's own commands (game.Commander) join the judge's table: a verb
// of one game or of several is one row, which carries out the command of
// the signed-on game's kind, and refuses it in a game of another.

// table is the commands the judge reads: its own, and those of the games
// it hosts (tables).
func (j *Judge) table() *table {
	t, _ := j.tables()
	return t
}

// settings is the settings of a game on this judge (tables).
func (j *Judge) settings() []Setting {
	_, s := j.tables()
	return s
}

// hosted are the command and settings tables of the games a judge
// hosts, made once for its list of games, not at every mail.
type hosted struct {
	mu       sync.Mutex
	games    []game.Kind // the list they were made for
	commands *table
	settings []Setting
}

// tables are the judge's command and settings tables, made again only
// when Judge.Games is another list.
func (j *Judge) tables() (*table, []Setting) {
	h := &j.hosted
	h.mu.Lock()
	defer h.mu.Unlock()
	same := len(h.games) == len(j.Games) && (len(j.Games) == 0 || &h.games[0] == &j.Games[0])
	if h.commands == nil || !same {
		h.games, h.commands, h.settings = j.Games, commands, settingsFor(j.Games)
		if more := gameVerbs(j.Games); len(more) > 0 {
			h.commands = newTable(judgeVerbs(), more)
		}
	}
	return h.commands, h.settings
}

// gameVerbs are the rows of the games' own commands, in the order the
// games give them.
func gameVerbs(kinds []game.Kind) []verb {
	type key struct {
		name   string
		master bool
	}
	var out []verb
	seen := map[key]bool{}
	for _, k := range kinds {
		c, ok := k.(game.Commander)
		if !ok {
			continue
		}
		for _, cmd := range c.Commands() {
			ky := key{strings.ToUpper(cmd.Verb), cmd.Master}
			if seen[ky] {
				continue
			}
			seen[ky] = true
			v := verb{name: ky.name, who: player, states: underWay, block: cmd.Block, run: func(s *session, c command) error { return s.gameCommand(c, ky.master) }}
			part := playing
			if cmd.Master {
				v.who, part = gameMaster, forMasters
			}
			v.help = []usage{{part, cmd.Syntax[game.English], cmd.Help[game.English]}}
			v.italian = &[2]string{cmd.Syntax[game.Italian], cmd.Help[game.Italian]}
			out = append(out, v)
		}
	}
	return out
}

// gameCommand carries out a game's own command for the player (or, with
// master, the master) signed on: the game changes its state, which the
// judge stores, audits and, where the game gives a notice, announces.
func (s *session) gameCommand(c command, master bool) error {
	vw := s.vw
	var cmd *game.Command
	if k, err := s.j.kind(vw.g.Kind); err == nil {
		if cm, ok := k.(game.Commander); ok {
			all := cm.Commands()
			if i := slices.IndexFunc(all, func(x game.Command) bool { return strings.EqualFold(x.Verb, c.verb) && x.Master == master }); i >= 0 {
				cmd = &all[i]
			}
		}
	}
	if cmd == nil || vw.st == nil {
		s.printf("> %s\n  %s is no command of game %s. Nothing was changed.\n\n", firstLine(c.text, c.verb), c.verb, vw.g.Name)
		return nil
	}
	var side []string
	actor := "master"
	if !master {
		side, actor = s.side, s.seat
	}
	args, echo := strings.Join(c.args, " "), c.text
	if cmd.Block {
		args += "\n" + c.text
		echo = strings.TrimSpace(c.verb+" "+strings.Join(c.args, " ")) + " ..."
	}
	next, reply, notice, err := cmd.Do(vw.st, side, args)
	var refused *game.Refusal
	if errors.As(err, &refused) {
		s.printf("> %s\n  Refused: %s. Nothing was changed.\n\n", echo, refused.Reason(game.Lang(s.lang)))
		return nil
	}
	if err != nil {
		return err
	}
	if next != nil {
		b, err := next.Encode()
		if err != nil {
			return err
		}
		vw.st, vw.g.Position = next, string(b)
		if err := s.tx.UpdateGame(vw.g); err != nil {
			return err
		}
	}
	if err := s.tx.Audit(s.now, vw.g.ID, actor, strings.ToLower(c.verb), strings.Join(c.args, " ")); err != nil {
		return err
	}
	if reply != nil {
		s.printf("> %s\n  %s\n\n", echo, reply(game.Lang(s.lang)))
	}
	if notice != nil {
		err := s.j.announce(s.tx, vw, vw.g.Phase, func(l lang) (string, string) {
			return strings.ToLower(c.verb), notice(game.Lang(l))
		})
		if err != nil {
			return err
		}
	}
	// The command may have settled what the phase waited for.
	s.mayProcess()
	return nil
}
