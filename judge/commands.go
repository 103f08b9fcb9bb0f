package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The judge's commands are one table (judgeVerbs): each verb, or each
// form of one (SET WAIT, SET DEADLINE), with who may use it, in which
// states of a game, how it is written and what it does, and what carries
// it out. The scanner tells commands from orders by it, a mail's commands
// are dispatched by it (session.do), and HELP and MasterCommands (which
// corriere gm lists) are written from it: a command is added in one
// place, and the games' own commands (game.Commander) join the judge's
// (newTable, gamecommands.go).

// A role is who may use a command.
type role uint8

const (
	// anyone: no sign-on needed, strangers too. The command itself tells
	// whom it serves (a line of orders is read only after a sign-on).
	anyone role = iota
	// player: the player of a power signed on, or the master who has
	// become one (BECOME <power>).
	player
	// ownPlayer: the player of a power only; the master, even as a power,
	// is refused (verb.notYours).
	ownPlayer
	// gameMaster: the game's master signed on (SIGNON master@<game>), or
	// the operator from the shell (corriere gm), who needs no password.
	gameMaster
)

// arity is what a form of a verb takes after the word that names it.
type arity uint8

const (
	anyArgs  arity = iota // SET DRAW, SET DRAW France Italy
	noArgs                // SET WAIT: the word ends the command; SET WAIT 5 is no such form
	someArgs              // SET DEADLINE <date>: without one, the verb's own form answers
)

// helpPart is where HELP lists a usage.
type helpPart uint8

const (
	playing    helpPart = iota // the players' commands
	asking                     // what anyone may ask about games
	forMasters                 // under "For game masters:"
	// mastering: a master's command, which corriere gm lists one by one
	// (MasterCommands) and HELP names in the line of SIGNON master@.
	mastering
)

// A usage is one line of help: how a command is written and what it does,
// in English. italianText has both in Italian, but for mastering, which
// the operator reads.
type usage struct {
	part         helpPart
	syntax, what string
}

// A verb is one command of the table.
type verb struct {
	name string // the command's first word, upper case
	// sub, for a verb of several forms (SET), is the word after it that
	// names this form, with its aliases; nil for the verb itself, which a
	// verb of several forms has too, to answer every other word.
	sub  []string
	args arity
	// implicit is a command the scanner makes of what is not written as
	// one: a line of orders (ORDER), a block IF ... ENDIF.
	implicit bool
	// subject is a command read from a mail's Subject too: one that only
	// asks, so that a Subject never changes a game.
	subject bool
	// block is a command that takes the lines after it up to END<name>
	// (a game's, game.Command.Block), kept in its text.
	block bool
	who   role
	// states are the game states the command is taken in; nil: any.
	states []state
	// notNow answers the command in another state; nil: the refusal of
	// the master's commands ("game roma is finished").
	notNow func(*session, command)
	// notYours answers the master who tries an ownPlayer command; nil:
	// "Only a power's own player may ...".
	notYours func(*session, command)
	run      func(*session, command) error
	help     []usage
	// italian is a game's own command's one usage in Italian, syntax and
	// what, which the game gives (italianText has the judge's).
	italian *[2]string
}

// takes reports whether args, the words after the verb, are this form's.
func (v *verb) takes(args []string) bool {
	if len(args) == 0 || !slices.ContainsFunc(v.sub, func(w string) bool { return strings.EqualFold(w, args[0]) }) {
		return false
	}
	switch v.args {
	case noArgs:
		return len(args) == 1
	case someArgs:
		return len(args) > 1
	}
	return true
}

// table is the commands the judge reads, in the order HELP lists them.
type table struct {
	verbs  []verb
	byName map[string][]*verb
	// commandWords are the words the scanner reads as commands,
	// subjectOnes those read from a mail's Subject too, blocks those that
	// take the lines after them.
	commandWords, subjectOnes, blocks map[string]bool
}

// newTable makes the table of the judge's own verbs and, after them, a
// game's: the seam by which a game adds verbs of its own, or forms of
// the judge's (a SET of its own), that the scanner, the dispatch and HELP
// then know like the judge's. A form that would answer the same words
// from the same sender as another is the programmer's error.
func newTable(own []verb, more ...[]verb) *table {
	t := &table{verbs: slices.Concat(append([][]verb{own}, more...)...), byName: map[string][]*verb{}}
	for i := range t.verbs {
		v := &t.verbs[i]
		for _, w := range t.byName[v.name] {
			if sameSender(w.who, v.who) && sameForm(w.sub, v.sub) {
				panic(fmt.Sprintf("judge: command %s %v given twice", v.name, v.sub))
			}
		}
		t.byName[v.name] = append(t.byName[v.name], v)
	}
	t.commandWords, t.subjectOnes, t.blocks = t.words(), t.subjectWords(), map[string]bool{}
	for _, v := range t.verbs {
		if v.block {
			t.blocks[v.name] = true
		}
	}
	return t
}

// sameForm reports whether two forms of a verb answer the same words: both
// the verb's own, or forms that share a word.
func sameForm(a, b []string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return slices.ContainsFunc(a, func(w string) bool { return slices.Contains(b, w) })
}

// sameSender reports whether forms for a and b may answer one sender:
// anyone's answers everyone, and a player's form is also the player's own.
func sameSender(a, b role) bool {
	players := []role{player, ownPlayer}
	return a == anyone || b == anyone || a == b || slices.Contains(players, a) && slices.Contains(players, b)
}

// find is the form of c's verb for whoever of roles: the one its next
// word names, else the verb's own; nil when none is theirs.
func (t *table) find(c command, roles ...role) *verb {
	var own *verb
	for _, v := range t.byName[c.verb] {
		switch {
		case !slices.Contains(roles, v.who):
		case v.sub == nil:
			own = v
		case v.takes(c.args):
			return v
		}
	}
	return own
}

// has reports whether a verb has a form for any of roles.
func (t *table) has(name string, roles ...role) bool {
	return slices.ContainsFunc(t.byName[name], func(v *verb) bool { return slices.Contains(roles, v.who) })
}

// words are the words the scanner reads as commands.
func (t *table) words() map[string]bool {
	m := map[string]bool{}
	for _, v := range t.verbs {
		if !v.implicit {
			m[v.name] = true
		}
	}
	return m
}

// subjectWords are the commands read from a mail's Subject too.
func (t *table) subjectWords() map[string]bool {
	m := map[string]bool{}
	for _, v := range t.verbs {
		if v.subject {
			m[v.name] = true
		}
	}
	return m
}

// commands is the table the judge reads mail by. It is made in init,
// since HELP, one of its commands, is written from it.
var commands *table

func init() {
	commands = newTable(judgeVerbs())
	MasterCommands = commands.masterCommands()
}

// MasterCommand is one of the game master's commands.
type MasterCommand struct {
	Verb   string // as the judge reads it
	Syntax string
	What   string
}

// MasterCommands are the commands the judge takes from a game master only,
// by mail after SIGNON master@<game> or from the shell (corriere gm): the
// usages of the table's master's commands.
var MasterCommands []MasterCommand

func (t *table) masterCommands() []MasterCommand {
	var out []MasterCommand
	for _, v := range t.verbs {
		for _, u := range v.help {
			if u.part == mastering {
				out = append(out, MasterCommand{v.name, u.syntax, u.what})
			}
		}
	}
	return out
}

// do carries out one command of a mail by the table: the form of its verb
// for whoever signed on, or the reason they may not use it, or not in the
// game's state.
func (s *session) do(c command) error {
	commands := s.j.table()
	if v := commands.find(c, anyone); v != nil {
		return v.run(s, c)
	}
	// The master's own form, unless the master has become a power and the
	// verb is a player's too (SET).
	if s.master && (s.seat == "" || !commands.has(c.verb, player, ownPlayer)) {
		if v := commands.find(c, gameMaster); v != nil {
			return s.signed(v, c)
		}
	}
	v := commands.find(c, player, ownPlayer)
	switch {
	case v == nil:
		s.printf("> %s\n  %s is a game master's command: sign on as SIGNON master@<game> <password> first. Nothing was changed.\n\n", c.text, c.verb)
	case s.master && v.who == ownPlayer && v.notYours != nil:
		v.notYours(s, c)
	case s.master && v.who == ownPlayer:
		s.printf("> %s\n  Only a power's own player may %s. Nothing was changed.\n\n", c.text, strings.ToLower(c.verb))
	case s.master && s.seat == "":
		s.needBecome(c)
	case s.vw == nil:
		s.printf("> %s\n  %s needs you to sign on first (SIGNON <power>@<game> <password>).\n\n", firstLine(c.text, c.verb), c.verb)
	default:
		return s.signed(v, c)
	}
	return nil
}

// signed carries out v for the player or master signed on: on the game as
// the mail's earlier commands left it, in the states v is taken in.
func (s *session) signed(v *verb, c command) error {
	if err := s.reload(); err != nil {
		return err
	}
	switch {
	case v.states == nil || s.vw.state().in(v.states...):
		return v.run(s, c)
	case v.notNow != nil:
		v.notNow(s, c)
	default:
		s.refused(c, badRequest("game %s is %s", s.vw.g.Name, word(s.vw.g.State)))
	}
	return nil
}

// refused tells the master that a command was refused, and why.
func (s *session) refused(c command, why error) {
	s.printf("> %s\n  Refused: %s. Nothing was changed.\n\n", c.text, why)
}

// needBecome tells the master that a player's command needs a power.
func (s *session) needBecome(c command) {
	s.printf("> %s\n  The game master does this for a power after BECOME <power>.\n\n", firstLine(c.text, c.verb))
}

// audited is a master's command whose refusals (badRequest) are told as
// such, and which, done, is in the audit log as the master's.
func audited(run func(*session, command) error) func(*session, command) error {
	return func(s *session, c command) error {
		err := run(s, c)
		if isRefusal(err) {
			s.refused(c, err)
			return nil
		}
		if err != nil {
			return err
		}
		return s.tx.Audit(s.now, s.vw.g.ID, "master", strings.ToLower(c.verb), strings.Join(c.args, " "))
	}
}

// aboutGame is a command of anyone about the game it names, or the one
// signed on to.
func aboutGame(run func(*session, string) error) func(*session, command) error {
	return func(s *session, c command) error { return run(s, s.gameArg(c)) }
}

// help is HELP in l: the usages of the table, in columns, with CREATE's
// settings described from settingTable.
func (l lang) help(commands *table, table []Setting, kinds []game.Kind) string {
	var b strings.Builder
	b.WriteString(l.t(helpHead))
	for _, part := range []helpPart{playing, asking, forMasters} {
		b.WriteString("\n")
		if part == forMasters {
			b.WriteString(l.t("For game masters:") + "\n")
		}
		for _, v := range commands.verbs {
			for _, u := range v.help {
				if u.part == part {
					syntax, what := l.t(u.syntax), l.t(u.what)
					if l == italian && v.italian != nil {
						syntax, what = v.italian[0], v.italian[1]
					}
					writeUsage(&b, syntax, what)
				}
			}
		}
	}
	b.WriteString("\n" + l.t(helpTail))
	return withEditHelp(l, kinds, withSettingsHelp(l, table, b.String()))
}

// writeUsage writes a line of HELP: the syntax, and what it does from
// helpColumn (further after a longer syntax), its further lines under it.
func writeUsage(b *strings.Builder, syntax, what string) {
	for i, line := range strings.Split(what, "\n") {
		if i == 0 {
			fmt.Fprintf(b, "  %-*s  %s\n", helpColumn-4, syntax, line)
		} else {
			fmt.Fprintf(b, "%*s%s\n", helpColumn, "", line)
		}
	}
}

// The states commands are taken in.
var (
	underWay = []state{active, paused}
	started  = []state{active, paused, finished}
)

// judgeVerbs are the judge's own commands, in the order HELP lists them.
// CREATE comes first for HELP to list it before SIGNON master@ under "For
// game masters:".
func judgeVerbs() []verb {
	return []verb{
		{name: "CREATE", who: anyone, run: (*session).create,
			help: []usage{{forMasters, "CREATE <game> <password>", createHelp}}},
		{name: "SIGNON", who: anyone, run: (*session).signonLine,
			help: []usage{
				{playing, "SIGNON <power>@<game> <password>", `sign on (also SIGNON <initial><game> <password>, njudge's "sign on")`},
				{forMasters, "SIGNON master@<game> <password>", masterHelp},
			}},
		{name: "PHASE", who: anyone, run: (*session).phaseLine,
			help: []usage{{playing, "PHASE <phase>", "the orders below are for that phase (S1903M, Fall 1903): a later\none's are kept until it begins, a past one's are refused"}}},
		{name: orderVerb, implicit: true, who: anyone, run: (*session).order,
			help: []usage{{playing, "<orders>", "e.g. A Par-Bur, F Nth C A Lon-Bel, A Mun S A Ber,\nBUILD F StP/nc, REMOVE A War, WAIVE; English or Italian"}}},
		{name: "IF", implicit: true, who: anyone, run: (*session).conditional},
		{name: "CLEAR", who: player, states: []state{active}, notNow: (*session).nothingToClear, run: (*session).clear,
			help: []usage{{playing, "CLEAR", "drop your orders for this phase"}}},
		{name: "SET", sub: []string{"NOWAIT"}, args: noArgs, who: player, run: (*session).setNoWait,
			help: []usage{{playing, "SET NOWAIT / SET WAIT", "ready to process early / wait for the deadline"}}},
		{name: "SET", sub: []string{"WAIT"}, args: noArgs, who: player, run: (*session).setWait},
		{name: "SET", sub: []string{"DRAW"}, who: player, states: []state{active}, notNow: (*session).noDrawVote, run: (*session).setDraw,
			help: []usage{
				{playing, "SET DRAW / SET NODRAW", "vote for a draw of all survivors (secret, for this phase)"},
				{playing, "SET DRAW <powers>", "vote for a draw of those powers only, where the game allows it"},
			}},
		{name: "SET", sub: []string{"NODRAW"}, args: noArgs, who: player, run: (*session).setNoDraw},
		{name: "CONCEDE", who: ownPlayer, states: []state{active}, notNow: (*session).concedeUsage, run: (*session).concede,
			help: []usage{{playing, "CONCEDE <power>", "concede the game to a power (it wins when all others do)"}}},
		{name: "RESIGN", who: ownPlayer, run: (*session).resign,
			help: []usage{{playing, "RESIGN", "give up your seat"}}},
		{name: "SET", sub: []string{"ABSENCE"}, who: ownPlayer, states: underWay, notNow: (*session).absenceNotNow, notYours: (*session).absenceNotYours, run: (*session).absence,
			help: []usage{{playing, "SET ABSENCE <from> TO <to>", "away those days (YYYY-MM-DD, or one date): deadlines inside move past them"}}},
		{name: "SET", sub: []string{"NOABSENCE"}, who: ownPlayer, notYours: (*session).absenceNotYours, run: (*session).noAbsence,
			help: []usage{{playing, "SET NOABSENCE", "cancel your absences not yet begun (the game limits the days)"}}},
		{name: "PRESS", who: ownPlayer, notYours: (*session).pressNotYours, run: (*session).press,
			help: []usage{{playing, "PRESS TO <powers> ... ENDPRESS", "a message to some powers (PRESS TO ANONYMOUS France ... in grey-press games)"}}},
		{name: "BROADCAST", who: ownPlayer, notYours: (*session).pressNotYours, run: (*session).press,
			help: []usage{{playing, "BROADCAST ... ENDBROADCAST", "a message to everyone in the game"}}},
		{name: "SET", sub: []string{"ADDRESS"}, who: ownPlayer, notYours: (*session).credentialNotYours, run: (*session).setCredential,
			help: []usage{{playing, "SET ADDRESS <address>", "play from another address (sent from the registered one)"}}},
		{name: "SET", sub: []string{"PASSWORD"}, who: ownPlayer, notYours: (*session).credentialNotYours, run: (*session).setCredential,
			help: []usage{{playing, "SET PASSWORD <password>", "choose a new password (8 characters or more, not one kind only)"}}},
		{name: "SET", sub: []string{"LANGUAGE", "LINGUA"}, who: player, run: (*session).setLanguage,
			help: []usage{{playing, "SET LANGUAGE ENGLISH|ITALIAN", "the language the judge writes to you in"}}},
		{name: "SET", who: player, run: (*session).unknownSetting},
		{name: "SIGNOFF", who: anyone, run: (*session).signoff,
			help: []usage{{playing, "SIGNOFF", "end of commands (the rest of the mail is ignored)"}}},

		{name: "LIST", subject: true, who: anyone, run: (*session).listCmd,
			help: []usage{
				{asking, "LIST", "the games this judge runs"},
				{asking, "LIST <game> or STATUS <game>", "the position, who has ordered, the deadline"},
			}},
		{name: "STATUS", subject: true, who: anyone, run: aboutGame((*session).status)},
		{name: "OBSERVE", who: anyone, run: aboutGame((*session).observe),
			help: []usage{{asking, "OBSERVE <game>", "receive the game's results (where it takes observers)"}}},
		{name: "HISTORY", subject: true, who: anyone, run: aboutGame((*session).history),
			help: []usage{{asking, "HISTORY <game>", "the results of every processed phase"}}},
		{name: "SUMMARY", subject: true, who: anyone, run: aboutGame((*session).summary),
			help: []usage{{asking, "SUMMARY <game>", "supply centres year by year"}}},
		{name: "HELP", subject: true, who: anyone, run: (*session).help,
			help: []usage{{asking, "HELP", "this text"}}},

		{name: "SEAT", who: gameMaster, run: audited((*session).masterSeat),
			help: []usage{{mastering, "SEAT <power> <address>", "give a free power to a player, who is mailed a password"}}},
		{name: "REPLACE", who: gameMaster, run: audited((*session).masterSeat),
			help: []usage{{mastering, "REPLACE <power> <address>", "give a power to another player; everyone is told"}}},
		{name: "EJECT", who: gameMaster, run: audited((*session).masterEject),
			help: []usage{{mastering, "EJECT <power>", "take a power from its player; its units hold until SEAT or REPLACE"}}},
		{name: "START", who: gameMaster, states: movedBy("START"), run: audited((*session).masterStart),
			help: []usage{{mastering, "START", "start a forming game whose powers all have players"}}},
		{name: "PAUSE", who: gameMaster, states: movedBy("PAUSE"), run: audited((*session).masterPause),
			help: []usage{{mastering, "PAUSE", "stop the clock until RESUME"}}},
		{name: "RESUME", who: gameMaster, states: movedBy("RESUME"), run: audited((*session).masterResume),
			help: []usage{{mastering, "RESUME", "run a paused game again"}}},
		{name: "EXTEND", who: gameMaster, states: underWay, run: audited((*session).masterExtend),
			help: []usage{{mastering, "EXTEND <duration>", "move the deadline later, e.g. EXTEND 24h"}}},
		{name: "SET", sub: []string{"DEADLINE"}, args: someArgs, who: gameMaster, states: underWay, notNow: (*session).badDeadline, run: (*session).setDeadline,
			help: []usage{{mastering, "SET DEADLINE <YYYY-MM-DD HH:MM>", "set the deadline, in the game's time zone"}}},
		{name: "SET", sub: []string{"GRACE"}, args: someArgs, who: gameMaster, run: (*session).setGrace,
			help: []usage{{mastering, "SET GRACE <duration>", "orders taken this long after the deadline"}}},
		{name: "SET", sub: []string{"SENDER_CHECK", "SENDER-CHECK"}, args: someArgs, who: gameMaster, run: (*session).setSenderCheck,
			help: []usage{{mastering, "SET SENDER_CHECK confirmed|not_failed|off", "how sure the judge must be that a sign-on comes from its From: confirmed (the default), not_failed (only a sender shown forged is refused) or off (recorded, never refused); the players are told"}}},
		{name: "SET", sub: []string{"ABSENCE", "NOABSENCE"}, who: gameMaster, run: (*session).absencesArePlayers},
		{name: "SET", who: gameMaster, run: (*session).unknownMasterSetting},
		{name: "PROCESS", who: gameMaster, states: underWay, run: audited((*session).masterProcess),
			help: []usage{{mastering, "PROCESS <phase>", "process the current phase now (named, so that it is processed once)"}}},
		{name: "PREVIEW", who: gameMaster, run: audited((*session).masterPreview),
			help: []usage{{mastering, "PREVIEW", "the results the current orders would give; nothing is stored"}}},
		{name: "ROLLBACK", who: gameMaster, states: started, run: audited((*session).masterRollback),
			help: []usage{{mastering, "ROLLBACK <phase>", "go back to a processed phase, with the orders it had"}}},
		{name: "BECOME", who: gameMaster, states: underWay, run: audited((*session).masterBecome),
			help: []usage{{mastering, "BECOME <power>", "the orders that follow are that power's, marked as the master's"}}},
		{name: "EDIT", who: gameMaster, states: underWay, run: audited((*session).masterEdit),
			help: []usage{{mastering, "EDIT <change> -- <reason>", "change the position in the words of the game's EDIT (HELP lists them; a wrong one is answered with them); the reason is announced"}}},
		{name: "DECLARE", who: gameMaster, states: movedBy("DECLARE"), run: audited((*session).masterDeclare),
			help: []usage{{mastering, "DECLARE WINNER <power> | DECLARE DRAW <powers>", "end the game with a winner or a draw"}}},
		{name: "TERMINATE", who: gameMaster, states: movedBy("TERMINATE"), run: audited((*session).masterTerminate),
			help: []usage{{mastering, "TERMINATE", "end the game"}}},
	}
}
