package italia

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

var (
	_ game.Editor     = (*State)(nil)
	_ game.EditHelper = Kind{}
)

// editForm is a form of the changes EDIT takes (spec §3.18: the arbiter
// applies the events, the tables and the cards the seed lacks, and runs
// the Swiss and the Ottomans; R56: every ruling is announced with its
// reason): the changes it makes, its words naming them, one for each
// change ("FAMINE|REVOLT|SACK"), and what follows them, in each language.
// HELP (EditForms), the refusal of other words (editUsage) and the words
// Edit reads (edits) are all this table's.
type editForm struct {
	changes string
	words   [game.Langs]string
	args    [game.Langs]string
}

var editTable = []editForm{
	{"control", [game.Langs]string{"CONTROL", "CONTROLLO"}, [game.Langs]string{"<territory> <power|INDEPENDENT>", "<territorio> <potenza|INDIPENDENTE>"}},
	{"treasury", [game.Langs]string{"TREASURY", "TESORO"}, [game.Langs]string{"<power> <n>", "<potenza> <n>"}},
	{"famine|revolt|sack", [game.Langs]string{"FAMINE|REVOLT|SACK", "CARESTIA|RIVOLTA|SACCHEGGIO"}, [game.Langs]string{"<territory> [NO]", "<territorio> [NO]"}},
	{"elements", [game.Langs]string{"ELEMENTS", "ELEMENTI"}, [game.Langs]string{"<power> #k <elements>", "<potenza> #k <elementi>"}},
	{"ottomani|svizzeri", [game.Langs]string{"OTTOMANS|SWISS", "OTTOMANI|SVIZZERI"}, [game.Langs]string{"ACTIVE|INACTIVE", "ATTIVI|INATTIVI"}},
}

// editForms are the changes EDIT takes, in each language, as HELP lists
// them: "CONTROL <territory> <power|INDEPENDENT>, ..., or OTTOMANS|SWISS
// ACTIVE|INACTIVE".
var editForms = func() [game.Langs]string {
	var out [game.Langs]string
	for l := range game.Langs {
		forms := make([]string, len(editTable))
		for i, e := range editTable {
			forms[i] = e.words[l] + " " + e.args[l]
		}
		last := len(forms) - 1
		forms[last] = t(l, "or") + " " + forms[last]
		out[l] = strings.Join(forms, ", ")
	}
	return out
}()

// EditForms are the changes EDIT takes (game.EditHelper).
func (Kind) EditForms() [game.Langs]string { return editForms }

// editUsage is the refusal of words that are no change EDIT takes.
var editUsage = &game.Refusal{Reason: func(l game.Lang) string {
	return f(l, "expected EDIT %s (or the same in the other language), then -- and the reason the players will read", editForms[l])
}}

// edits are EDIT's words, Italian and English, by the change they name.
var edits = func() map[string]string {
	out := map[string]string{}
	for _, e := range editTable {
		changes := strings.Split(e.changes, "|")
		for _, words := range e.words {
			for i, w := range strings.Split(words, "|") {
				out[machiavelli.Fold(w)] = changes[i]
			}
		}
	}
	return out
}()

// switches are the words that turn a marker or a power's activity on
// (true) or off.
var switches = map[string]bool{
	"attivi": true, "active": true, "si": true, "yes": true, "on": true,
	"inattivi": false, "inactive": false, "no": false, "off": false,
}

// refuse is a refusal of the arbiter's words, in each language.
func refuse(format string, args ...any) *game.Refusal {
	return &game.Refusal{Reason: tx(format, args...)}
}

// Edit changes the position for an arbiter's ruling (game.Editor):
// control of a territory, a treasury, a famine, revolt or sack marker, a
// counter's elements (plague, a card), the Ottomans' or the Swiss
// activity (R52). Words are EDIT's, without the reason.
func (s *State) Edit(words string, seat func(name string) (string, error)) (game.State, game.Text, error) {
	fields := strings.Fields(words)
	if len(fields) < 2 {
		return nil, nil, editUsage
	}
	what, ok := edits[machiavelli.Fold(fields[0])]
	if !ok {
		return nil, nil, editUsage
	}
	if s.pos.Battles != nil {
		// The round's position is the turn's halfway, which the turn's
		// resolution makes again from its start (tactical.go).
		return nil, nil, refuse("the turn waits for its battle tickets: EDIT the position once they are resolved, or ROLLBACK the operations to change where they started")
	}
	// Edited on a copy: the state is a value, and a refused edit leaves
	// it as it was.
	data, err := json.Marshal(s.pos)
	if err != nil {
		return nil, nil, err
	}
	pos := &Position{}
	if err := json.Unmarshal(data, pos); err != nil {
		return nil, nil, err
	}
	rd := s.r.reader()
	land := func(name string) (string, error) {
		a, why := rd.find(name, sTerr)
		if why != nil {
			return "", &game.Refusal{Reason: why}
		}
		return s.r.board.Areas[a.(machiavelli.Area)].ID, nil
	}
	// A power is a seat as the judge reads it, or one of the powers the
	// arbiter plays, by its exact name.
	power := func(name string) (string, error) {
		id, err := seat(name)
		if err == nil {
			return id, nil
		}
		if i, ok := powerNames[machiavelli.Fold(name)]; ok && !s.r.seated(powers[i].ID) {
			return powers[i].ID, nil
		}
		return "", err
	}
	args := fields[1:]
	var done game.Text
	switch what {
	case "control":
		if len(args) < 2 {
			return nil, nil, editUsage
		}
		id, err := land(strings.Join(args[:len(args)-1], " "))
		if err != nil {
			return nil, nil, err
		}
		who := ""
		if w := machiavelli.Fold(args[len(args)-1]); w != "indipendente" && w != "independent" {
			if who, err = power(args[len(args)-1]); err != nil {
				return nil, nil, err
			}
		}
		if who == "" {
			delete(pos.Control, id)
		} else {
			pos.Control[id] = who
		}
		done = func(l game.Lang) string { return f(l, "%s is held by %s", landName(s, id), powerName(l, who)) }
	case "treasury":
		if len(args) != 2 {
			return nil, nil, editUsage
		}
		id, err := power(args[0])
		if err != nil {
			return nil, nil, err
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 {
			return nil, nil, refuse("a treasury is 0 ducats or more, not %q", args[1])
		}
		p := pos.power(id)
		if p == nil {
			return nil, nil, refuse("%s is not in the game", id)
		}
		p.Treasury = n
		done = func(l game.Lang) string { return f(l, "the treasury of %s is %d ducats", powerName(l, id), n) }
	case "famine", "revolt", "sack":
		on := true
		if v, ok := switches[machiavelli.Fold(args[len(args)-1])]; ok && len(args) > 1 {
			on, args = v, args[:len(args)-1]
		}
		id, err := land(strings.Join(args, " "))
		if err != nil {
			return nil, nil, err
		}
		switch what {
		case "famine":
			pos.Famine = toggle(pos.Famine, id, on)
		case "sack":
			pos.Sack = toggle(pos.Sack, id, on)
		default:
			pos.Revolts = slices.DeleteFunc(pos.Revolts, func(r Revolt) bool { return r.At == id })
			if on {
				pos.Revolts = append(pos.Revolts, Revolt{At: id})
			}
		}
		marker := map[string]string{"famine": "famine", "revolt": "revolt", "sack": "sack"}[what]
		done = func(l game.Lang) string {
			if on {
				return f(l, "%s: %s", landName(s, id), t(l, marker))
			}
			return f(l, "%s: no more %s", landName(s, id), t(l, marker))
		}
	case "elements":
		if len(args) < 3 {
			return nil, nil, editUsage
		}
		id, err := power(args[0])
		if err != nil {
			return nil, nil, err
		}
		k, err := strconv.Atoi(strings.TrimPrefix(args[1], "#"))
		p := pos.power(id)
		if err != nil || p == nil || p.counter(k) == nil {
			return nil, nil, refuse("%s has no counter %s", id, args[1])
		}
		taken := rd.elements(tokenize(strings.Join(args[2:], " ")))
		if len(taken) == 0 {
			return nil, nil, refuse("%q: expected elements such as CINC, 3 GD, 8 PK", strings.Join(args[2:], " "))
		}
		es := taken[0].val.(Elements)
		ct := p.counter(k)
		ct.Elements = es
		if es.Total() == 0 {
			p.Counters = slices.DeleteFunc(p.Counters, func(c Counter) bool { return c.N == k })
		}
		done = func(l game.Lang) string { return f(l, "%s #%d: %s", powerName(l, id), k, es.String()) }
	case "ottomani", "svizzeri":
		on, ok := switches[machiavelli.Fold(args[0])]
		if !ok || len(args) != 1 {
			return nil, nil, editUsage
		}
		if what == "ottomani" {
			pos.OttomansActive = on
		} else {
			pos.SwissActive = on
		}
		done = func(l game.Lang) string {
			if on {
				return f(l, "the %s take the field (R52)", powerName(l, what))
			}
			return f(l, "the %s stand still (R52)", powerName(l, what))
		}
	}
	next, err := s.r.State(pos)
	if err != nil {
		return nil, nil, refuse("%s", err.Error())
	}
	return next, done, nil
}

// toggle puts id in list or takes it out.
func toggle(list []string, id string, on bool) []string {
	list = slices.DeleteFunc(slices.Clone(list), func(x string) bool { return x == id })
	if on {
		list = append(list, id)
	}
	return list
}

// landName is a territory's name.
func landName(s *State, id string) string { return s.r.board.Areas[s.area(id)].Italian }
