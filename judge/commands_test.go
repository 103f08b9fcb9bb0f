package judge

import (
	"strings"
	"testing"
)

// find picks the form of a verb that the words after it name, for the
// sender's role, else the verb's own.
func TestFind(t *testing.T) {
	for _, tc := range []struct {
		line  string
		roles []role
		want  string // the form's name and first sub word; "" for none
	}{
		{"LIST", []role{anyone}, "LIST"},
		{"LIST roma", []role{anyone}, "LIST"},
		{"CLEAR", []role{anyone}, ""},
		{"CLEAR", []role{player, ownPlayer}, "CLEAR"},
		{"SET WAIT", []role{player, ownPlayer}, "SET WAIT"},
		{"set wait", []role{player, ownPlayer}, "SET WAIT"},
		{"SET WAIT 5", []role{player, ownPlayer}, "SET"},
		{"SET DRAW France Italy", []role{player, ownPlayer}, "SET DRAW"},
		{"SET LINGUA italiano", []role{player, ownPlayer}, "SET LANGUAGE"},
		{"SET COLOUR red", []role{player, ownPlayer}, "SET"},
		{"SET", []role{player, ownPlayer}, "SET"},
		{"SET DEADLINE 2026-12-01 20:00", []role{gameMaster}, "SET DEADLINE"},
		{"SET DEADLINE", []role{gameMaster}, "SET"},
		{"SET SENDER-CHECK off", []role{gameMaster}, "SET SENDER_CHECK"},
		{"SET NOABSENCE", []role{gameMaster}, "SET ABSENCE"},
		{"SET WAIT", []role{gameMaster}, "SET"},
		{"PAUSE", []role{player, ownPlayer}, ""},
		{"PAUSE", []role{gameMaster}, "PAUSE"},
		{"ORDER", []role{anyone}, "ORDER"},
	} {
		cs := scan(tc.line, commands, testTable)
		c := command{verb: orderVerb, text: tc.line}
		if len(cs) == 1 {
			c = cs[0]
		}
		got := ""
		if v := commands.find(c, tc.roles...); v != nil {
			got = v.name
			if len(v.sub) > 0 {
				got += " " + v.sub[0]
			}
		}
		if got != tc.want {
			t.Errorf("%q for %v: %q, want %q", tc.line, tc.roles, got, tc.want)
		}
	}
}

// The table is whole: every command has a handler; the master's usages,
// and only theirs, are the operator's (MasterCommands); a command that
// moves a game's state is taken only in the states it moves it from.
func TestCommandTable(t *testing.T) {
	for _, v := range commands.verbs {
		if v.run == nil {
			t.Errorf("%s %v: no handler", v.name, v.sub)
		}
		if v.notYours != nil && v.who != ownPlayer {
			t.Errorf("%s %v: notYours for a command that is not the player's own", v.name, v.sub)
		}
		roles := []role{v.who}
		if v.who == player || v.who == ownPlayer {
			roles = []role{player, ownPlayer}
		}
		if v.sub != nil && commands.find(command{verb: v.name}, roles...) == nil {
			t.Errorf("%s %v: no form of %s answers the other words", v.name, v.sub, v.name)
		}
		if v.notNow != nil && v.states == nil {
			t.Errorf("%s %v: notNow for a command taken in any state", v.name, v.sub)
		}
		for _, u := range v.help {
			if (u.part == mastering) != (v.who == gameMaster) {
				t.Errorf("%s: the usage %q is in part %d", v.name, u.syntax, u.part)
			}
			if !strings.HasPrefix(u.syntax, v.name) && !v.implicit {
				t.Errorf("%s: the usage %q is not the verb's", v.name, u.syntax)
			}
		}
	}
	// And a master's command that moves a game is taken where it may.
	for _, m := range moves {
		for _, by := range m.by {
			if v := commands.find(command{verb: by}, gameMaster); v != nil && v.states != nil && !m.from.in(v.states...) {
				t.Errorf("%s moves a game %s to %s, but is not taken in a game %s", by, m.from, m.to, m.from)
			}
		}
	}
	// HELP names every master's command in the line of SIGNON master@.
	for _, l := range []lang{english, italian} {
		summary := l.t(masterHelp)
		for _, c := range MasterCommands {
			name := c.Verb
			if f := strings.Fields(c.Syntax); c.Verb == "SET" && len(f) > 1 {
				name = "SET " + f[1] // each SET form, not the verb alone
			}
			if !strings.Contains(summary, name) {
				t.Errorf("HELP in %s does not name %s", l, name)
			}
		}
	}
}

// Every text of HELP has its Italian; a syntax has one where it names
// what to write (<power>).
func TestHelpIsItalian(t *testing.T) {
	texts := []string{helpHead, helpTail, "For game masters:"}
	for _, v := range commands.verbs {
		for _, u := range v.help {
			if u.part == mastering {
				continue // the operator's, in English
			}
			texts = append(texts, u.what)
			if strings.Contains(u.syntax, "<") {
				texts = append(texts, u.syntax)
			}
		}
	}
	for _, text := range texts {
		if _, ok := italianText[text]; !ok {
			t.Errorf("no Italian for %q", text)
		}
	}
}

// A game's verbs join the judge's; one that answers the same words as a
// verb of the judge, for the same senders, is refused at once.
func TestNewTable(t *testing.T) {
	extra := []verb{{name: "ROLL", who: player, run: (*session).signoff, help: []usage{{playing, "ROLL", "roll the dice"}}}}
	tb := newTable(judgeVerbs(), extra)
	if v := tb.find(command{verb: "ROLL"}, player); v == nil || v.name != "ROLL" {
		t.Errorf("a game's verb is not found: %+v", v)
	}
	if !tb.words()["ROLL"] {
		t.Error("a game's verb is not read as a command")
	}
	for _, dup := range []verb{
		{name: "SET", sub: []string{"LINGUA"}, who: ownPlayer},
		{name: "SET", who: player},
		{name: "LIST", who: anyone},
		{name: "LIST", who: gameMaster},
		{name: "CLEAR", who: anyone},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s %v given twice, and taken", dup.name, dup.sub)
				}
			}()
			newTable(judgeVerbs(), []verb{dup})
		}()
	}
	// Forms for other senders, or other words, are no duplicates.
	newTable(judgeVerbs(), []verb{{name: "SET", sub: []string{"DICE"}, who: player}, {name: "CLEAR", who: gameMaster}})
}
