package italia

import (
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
// HELP (EditForms), the refusals (editUsage, usageOf) and the words Edit
// reads (edits) are all this table's.
type editForm struct {
	changes string
	words   [game.Langs]string
	args    [game.Langs]string
}

// in is the form as l writes it.
func (e editForm) in(l game.Lang) string { return e.words[l] + " " + e.args[l] }

var editTable = []editForm{
	{"control", [game.Langs]string{"CONTROL", "CONTROLLO"}, [game.Langs]string{"<territory> <power|INDEPENDENT>", "<territorio> <potenza|INDIPENDENTE>"}},
	{"treasury", [game.Langs]string{"TREASURY", "TESORO"}, [game.Langs]string{"<power> <n>", "<potenza> <n>"}},
	{"famine|revolt|sack", [game.Langs]string{"FAMINE|REVOLT|SACK", "CARESTIA|RIVOLTA|SACCHEGGIO"}, [game.Langs]string{"<territory> [NO]", "<territorio> [NO]"}},
	{"elements", [game.Langs]string{"ELEMENTS", "ELEMENTI"}, [game.Langs]string{"<power> #k <elements>", "<potenza> #k <elementi>"}},
	// A counter or a fleet made or taken away, for the powers the
	// arbiter plays above all (the Ottomans and the Swiss start with
	// none): written as the sheet's deployment line (spec §4.2).
	{"add", [game.Langs]string{"ADD", "AGGIUNGI"}, [game.Langs]string{"<power> #k ARMY|CONTINGENT IN <territory>: <elements>", "<potenza> #k ESERCITO|CONTINGENTE IN <territorio>: <elementi>"}},
	{"add", [game.Langs]string{"ADD", "AGGIUNGI"}, [game.Langs]string{"<power> F<k> IN <sea>", "<potenza> F<k> IN <mare>"}},
	{"remove", [game.Langs]string{"REMOVE", "RIMUOVI"}, [game.Langs]string{"<power> #k|F<k>", "<potenza> #k|F<k>"}},
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
			forms[i] = e.in(l)
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

// usageOf is the refusal of a change's words that do not make it: the
// forms that make it, in the reader's language.
func usageOf(change string) *game.Refusal {
	return &game.Refusal{Reason: func(l game.Lang) string {
		var forms []string
		for _, e := range editTable {
			if slices.Contains(strings.Split(e.changes, "|"), change) {
				forms = append(forms, e.in(l))
			}
		}
		return f(l, "expected EDIT %s, then -- and the reason the players will read", strings.Join(forms, " "+t(l, "or")+" "))
	}}
}

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
// control of a territory, a treasury, a famine,
// revolt or sack marker, a counter's elements (plague, a card), a counter
// or a fleet added or removed, the Ottomans' or the Swiss activity (R52).
// Words are EDIT's, without the reason. It returns what everyone reads of
// the change and, where it differs, what the arbiter alone reads: a
// treasury is its power's secret (R57), so the players read that it
// changed, the arbiter how much it is.
func (s *State) Edit(words string, seat func(name string) (string, error)) (game.State, game.Text, game.Text, error) {
	fields := strings.Fields(words)
	if len(fields) == 0 {
		return nil, nil, nil, editUsage
	}
	what, ok := edits[machiavelli.Fold(fields[0])]
	if !ok {
		return nil, nil, nil, editUsage
	}
	if len(fields) < 2 {
		return nil, nil, nil, usageOf(what)
	}
	if s.pos.Battles != nil {
		// The round's position is the turn's halfway, which the turn's
		// resolution makes again from its start (tactical.go).
		return nil, nil, nil, refuse("the turn waits for its battle tickets: EDIT the position once they are resolved, or ROLLBACK the operations to change where they started")
	}
	// Edited on a copy: the state is a value, and a refused edit leaves
	// it as it was.
	pos, err := s.pos.clone()
	if err != nil {
		return nil, nil, nil, err
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
	var done, secret game.Text
	switch what {
	case "control":
		if len(args) < 2 {
			return nil, nil, nil, usageOf(what)
		}
		id, err := land(strings.Join(args[:len(args)-1], " "))
		if err != nil {
			return nil, nil, nil, err
		}
		who := ""
		if w := machiavelli.Fold(args[len(args)-1]); w != "indipendente" && w != "independent" {
			if who, err = power(args[len(args)-1]); err != nil {
				return nil, nil, nil, err
			}
		}
		if who == "" {
			delete(pos.Control, id)
		} else {
			pos.Control[id] = who
		}
		done = func(l game.Lang) string {
			if who == "" {
				return f(l, "%s is independent", landName(s, id))
			}
			return f(l, "%s is held by %s", landName(s, id), powerName(l, who))
		}
	case "treasury":
		if len(args) != 2 {
			return nil, nil, nil, usageOf(what)
		}
		id, err := power(args[0])
		if err != nil {
			return nil, nil, nil, err
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 {
			return nil, nil, nil, refuse("a treasury is 0 ducats or more, not %q", args[1])
		}
		p := pos.power(id)
		if p == nil {
			return nil, nil, nil, refuse("%s is not in the game", id)
		}
		p.Treasury = n
		done = func(l game.Lang) string { return f(l, "the treasury of %s changed", powerName(l, id)) }
		secret = func(l game.Lang) string { return f(l, "the treasury of %s is %d ducats", powerName(l, id), n) }
	case "famine", "revolt", "sack":
		on := true
		if v, ok := switches[machiavelli.Fold(args[len(args)-1])]; ok && len(args) > 1 {
			on, args = v, args[:len(args)-1]
		}
		id, err := land(strings.Join(args, " "))
		if err != nil {
			return nil, nil, nil, err
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
		// The change's name is the marker's ("famine", the dictionary's).
		done = func(l game.Lang) string {
			if on {
				return f(l, "%s: %s", landName(s, id), t(l, what))
			}
			return f(l, "%s: no more %s", landName(s, id), t(l, what))
		}
	case "elements":
		if len(args) < 3 {
			return nil, nil, nil, usageOf(what)
		}
		id, err := power(args[0])
		if err != nil {
			return nil, nil, nil, err
		}
		k, err := strconv.Atoi(strings.TrimPrefix(args[1], "#"))
		p := pos.power(id)
		if err != nil || p == nil || p.counter(k) == nil {
			return nil, nil, nil, refuse("%s has no counter %s", id, args[1])
		}
		taken := rd.elements(tokenize(strings.Join(args[2:], " ")))
		if len(taken) == 0 {
			return nil, nil, nil, refuse("%q: expected elements such as CINC, 3 GD, 8 PK", strings.Join(args[2:], " "))
		}
		es := taken[0].val.(Elements)
		ct := p.counter(k)
		if es.Total() == 0 {
			// Nothing left: the counter goes, as REMOVE takes it.
			dropCounter(pos, id, k)
		} else if why := elementsFault(ct.Kind, es); why != nil {
			return nil, nil, nil, why
		} else {
			ct.Elements = es
		}
		// Only the counter is named, not what it holds (R57: a
		// composition is its power's, and the arbiter's in STATUS).
		gone := es.Total() == 0
		done = func(l game.Lang) string {
			if gone {
				return f(l, "%s #%s is no more", powerName(l, id), strconv.Itoa(k))
			}
			return f(l, "%s #%d: its elements changed", powerName(l, id), k)
		}
	case "add":
		id, err := power(args[0])
		if err != nil {
			return nil, nil, nil, err
		}
		if done, err = s.add(pos, id, strings.Join(args[1:], " ")); err != nil {
			return nil, nil, nil, err
		}
	case "remove":
		if len(args) != 2 {
			return nil, nil, nil, usageOf(what)
		}
		id, err := power(args[0])
		if err != nil {
			return nil, nil, nil, err
		}
		if done, err = s.remove(pos, id, args[1]); err != nil {
			return nil, nil, nil, err
		}
	case "ottomani", "svizzeri":
		on, ok := switches[machiavelli.Fold(args[0])]
		if !ok || len(args) != 1 {
			return nil, nil, nil, usageOf(what)
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
		return nil, nil, nil, refuse("%s", err.Error())
	}
	return next, done, secret, nil
}

// toggle puts id in list or takes it out.
func toggle(list []string, id string, on bool) []string {
	list = slices.DeleteFunc(slices.Clone(list), func(x string) bool { return x == id })
	if on {
		list = append(list, id)
	}
	return list
}

// landName is a territory's or a sea's name.
func landName(s *State, id string) string { return s.r.board.Areas[s.area(id)].Italian }

// add makes power id a counter or a fleet in pos, from the words of ADD
// after the power: a deployment line of the sheet (spec §4.2), "#2
// CONTINGENTE IN Verona: 2 CL, 2 FT" or "F1 IN Mar Ligure". The
// position's rules hold (one army, counters #1 to #3, a fleet at sea);
// where the power may stand does not bind the arbiter, who plays the
// Ottomans in their closed lands (seed §7). The announcement says where
// the counter stands, not what it is, which only its power and the
// arbiter read (R57).
func (s *State) add(pos *Position, id, line string) (game.Text, error) {
	p := pos.power(id)
	if p == nil {
		return nil, refuse("%s is not in the game", id)
	}
	who := game.Text(func(l game.Lang) string { return powerName(l, id) })
	if _, es, ok := strings.Cut(line, ":"); ok && s.r.reader().elements(tokenize(es)) == nil {
		return nil, refuse("%q: expected elements such as CINC, 3 GD, 8 PK", strings.TrimSpace(es))
	}
	o, why := s.r.reader().deployment(line)
	switch {
	case why != nil:
		return nil, &game.Refusal{Reason: why}
	case o == nil:
		return nil, usageOf("add")
	case o.verb == vDeployFleet:
		n, sea := o.num("f"), s.r.board.Areas[o.area("s")].ID
		if p.fleet(n) != nil {
			return nil, refuse("%s has a fleet F%d already: REMOVE takes it away", who, n)
		}
		p.Fleets = append(p.Fleets, Fleet{N: n, At: sea})
		slices.SortFunc(p.Fleets, func(a, b Fleet) int { return a.N - b.N })
		return func(l game.Lang) string { return f(l, "%s F%d placed in %s", powerName(l, id), n, landName(s, sea)) }, nil
	}
	n, kind, es, at := o.num("k"), o.vals["kind"].(CounterKind), o.elems(), s.r.board.Areas[o.area("t")].ID
	switch ct := p.counter(n); {
	case kind == Dummy:
		return nil, elementsFault(kind, es)
	case n < 1 || n > maxCounters:
		return nil, refuse("a power's land counters are #1 to #%d, not #%d", maxCounters, n)
	case ct != nil:
		return nil, refuse("%s has #%d already, in %s: ELEMENTS changes it, REMOVE takes it away", who, n, landName(s, ct.At))
	case kind == Army && p.army() != nil:
		return nil, refuse("%s has an army already, #%d: a power has one (seed §4)", who, p.army().N)
	}
	if why := elementsFault(kind, es); why != nil {
		return nil, why
	}
	p.Counters = append(p.Counters, Counter{N: n, Kind: kind, At: at, Elements: es})
	slices.SortFunc(p.Counters, func(a, b Counter) int { return a.N - b.N })
	return func(l game.Lang) string { return f(l, "%s #%d placed in %s", powerName(l, id), n, landName(s, at)) }, nil
}

// elementsFault is what is wrong with elements es for a counter of kind,
// as ADD makes it and ELEMENTS changes it: the arbiter's counters are
// armies and contingents, which are their troops, a contingent without
// the CINC (spec §3.5); a dummy is a player's bluff and holds nothing.
func elementsFault(kind CounterKind, es Elements) *game.Refusal {
	switch {
	case kind == Dummy:
		return refuse("a dummy is a player's bluff at his deployment, with no elements (spec §3.5): EDIT adds an army or a contingent, and REMOVE takes a dummy away")
	case es.Troops() == 0:
		return refuse("an army or a contingent is its troops, not its commanders alone: such as CINC, 3 GD, 8 PK")
	case kind == Contingent && es[CINC] > 0:
		return refuse("a contingent has no CINC: the commander-in-chief leads the army (spec §3.5)")
	}
	return nil
}

// dropCounter takes power id's counter #n off the board in pos, and ends
// the siege it laid.
func dropCounter(pos *Position, id string, n int) {
	pos.power(id).drop(n)
	pos.Sieges = slices.DeleteFunc(pos.Sieges, func(sg Siege) bool { return sg.Power == id && sg.Counter == n })
}

// remove takes power id's counter #k or fleet F<k> off the board in pos,
// with its elements, and ends the siege the counter laid.
func (s *State) remove(pos *Position, id, unit string) (game.Text, error) {
	p := pos.power(id)
	if p == nil {
		return nil, refuse("%s is not in the game", id)
	}
	who := game.Text(func(l game.Lang) string { return powerName(l, id) })
	toks := tokenize(unit)
	if len(toks) != 1 || toks[0].kind != tCounter && toks[0].kind != tFleet {
		return nil, usageOf("remove")
	}
	n := toks[0].n
	if toks[0].kind == tFleet {
		fl := p.fleet(n)
		if fl == nil {
			return nil, refuse("%s has no fleet F%d", who, n)
		}
		at := fl.At
		p.Fleets = slices.DeleteFunc(p.Fleets, func(x Fleet) bool { return x.N == n })
		return func(l game.Lang) string { return f(l, "%s F%d removed from %s", powerName(l, id), n, landName(s, at)) }, nil
	}
	ct := p.counter(n)
	if ct == nil {
		return nil, refuse("%s has no counter #%d", who, n)
	}
	at := ct.At
	dropCounter(pos, id, n)
	return func(l game.Lang) string { return f(l, "%s #%d removed from %s", powerName(l, id), n, landName(s, at)) }, nil
}

// deployment reads words as a deployment line of the sheet (spec §4.2):
// a counter's or a fleet's, its names resolved; nil and no reason where
// they are neither, the reason where a name is wrong (no such place, a
// sea for a territory).
func (rd *reader) deployment(line string) (*order, game.Text) {
	toks := tokenize(line)
	for _, strict := range []bool{true, false} {
		for _, v := range []verbID{vDeploy, vDeployFleet} {
			for _, form := range verbs[v].compiled {
				vals, ok := rd.match(form, toks, map[string]any{}, strict)
				if !ok {
					continue
				}
				o := &order{verb: v, vals: vals}
				if err := rd.resolve(o); err != nil {
					return nil, err.reason
				}
				return o, nil
			}
		}
	}
	return nil, nil
}
