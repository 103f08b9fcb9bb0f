package italia

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

var _ game.Commander = Kind{}

// The arbiter's word on the battle tickets of a game of tactical battles
// (spec §3.10, §3.18, R17, R18), as commands of the game master's beside
// EDIT: the result of a battle fought off the board, and his ruling on
// comparability. The spec writes the result "BATTAGLIA <id> ESITO ...";
// BATTAGLIA begins the sheet's stance line (BATTAGLIA ACCETTA), and the
// judge tells a command from a sheet's line by its first word, so here
// both are lines of ARBITRO (in English ARBITER), as the spec's own
// ARBITRO CONFRONTABILI is. Each ends with "--" and the reason, which
// the players read in the round's results; the judge audits the command
// as it does the master's others.
//
// They are taken in a round of battles only: in a game of abstract
// battles the judge decides comparability (R17) and fights the battle
// (Appendix C) at the operations' deadline, and opens no tickets; the
// arbiter changes what came of a battle there with ROLLBACK and EDIT.

// arbiterUsage is what ARBITRO takes.
const arbiterUsage = "expected ARBITRO BATTAGLIA <ticket> ESITO <winner|NESSUNO> ROTTA|TEMPO PERDITE <power> <n> <power> <n> [RINFORZI <power> #k|F<k> ...], " +
	"ARBITRO BATTAGLIA <ticket> ASTRATTA, or ARBITRO CONFRONTABILI <ticket> SI|NO (in English: ARBITER BATTLE <ticket> RESULT <winner|NONE> ROUT|TIME LOSSES ... [REINFORCEMENTS ...], ARBITER BATTLE <ticket> ABSTRACT, ARBITER COMPARABLE <ticket> YES|NO), " +
	"then -- and the reason the players will read"

// arbiterWords are ARBITRO's words, Italian and English, by meaning.
var arbiterWords = map[string]string{
	"battaglia": "battle", "battle": "battle",
	"confrontabili": "comparable", "comparable": "comparable",
	"esito": "result", "result": "result",
	"nessuno": "none", "none": "none",
	"rotta": "rout", "rout": "rout",
	"tempo": "time", "time": "time",
	"perdite": "losses", "losses": "losses",
	"rinforzi": "reinforcements", "reinforcements": "reinforcements",
	"astratta": "abstract", "abstract": "abstract",
	"si": "yes", "yes": "yes", "no": "no",
}

// arbiterCommands are ARBITRO and ARBITER.
func arbiterCommands() []game.Command {
	do := stateCommand(func(s *State, args string) (*State, game.Text, game.Text, error) {
		next, reply, err := s.arbitrate(args)
		return next, reply, nil, err
	})
	return []game.Command{
		{Verb: "ARBITRO", Master: true, Do: do,
			Syntax: [game.Langs]string{"ARBITRO BATTAGLIA|CONFRONTABILI <ticket> ... -- <reason>", "ARBITRO BATTAGLIA|CONFRONTABILI <biglietto> ... -- <motivo>"},
			Help:   [game.Langs]string{"the arbiter's word on a battle ticket (battles tactical), as the ticket writes it, in Italian", "la parola dell'arbitro su un biglietto di battaglia (battles tactical), come la scrive il biglietto"}},
		{Verb: "ARBITER", Master: true, Do: do,
			Syntax: [game.Langs]string{"ARBITER BATTLE|COMPARABLE <ticket> ... -- <reason>", "ARBITER BATTLE|COMPARABLE <biglietto> ... -- <motivo>"},
			Help:   [game.Langs]string{"the arbiter's word on a battle ticket (battles tactical), as the ticket writes it", "come ARBITRO, in inglese"}},
	}
}

// arbitrate carries out the words after ARBITRO: the round with the
// arbiter's word on a ticket, and the reply that says what it came to;
// a refusal that says what was wrong, and nothing changed.
func (s *State) arbitrate(args string) (*State, game.Text, error) {
	fields, reason := reasoned(args)
	if len(fields) < 3 {
		return nil, nil, refuse(arbiterUsage)
	}
	what := arbiterWords[machiavelli.Fold(fields[0])]
	if what != "battle" && what != "comparable" {
		return nil, nil, refuse(arbiterUsage)
	}
	if reason == "" {
		return nil, nil, noReason()
	}
	if !s.r.Tactical {
		return nil, nil, refuse("this game's battles are abstract (battles abstract): the judge decides comparability by R17 and fights each battle by Appendix C at the operations' deadline, and opens no battle tickets; to change what came of a battle, ROLLBACK the phase and EDIT the position")
	}
	if s.pos.Battles == nil {
		return nil, nil, refuse("no battle ticket is open now: tickets open when an operations turn brings two armies together")
	}
	next, err := s.changeable()
	if err != nil {
		return nil, nil, err
	}
	tk := next.ticket(fields[1])
	if tk == nil || tk.Done {
		return nil, nil, refuse("no open battle ticket %s: open are %s", fields[1], ticketIDs(s.openTickets()))
	}
	var done game.Text
	if what == "battle" {
		done, err = next.enterResult(tk, fields[2:], reason)
	} else {
		done, err = next.rule(tk, fields[2:], reason)
	}
	if err != nil {
		return nil, nil, err
	}
	still := tx("Every open ticket has your word: the round is resolved without waiting for its deadline")
	if open := next.awaited(); len(open) > 0 {
		still = tx("Still waiting for your word: %s", ticketIDs(open))
	}
	return next, func(l game.Lang) string { return done(l) + ". " + still(l) + "." }, nil
}

// ticketIDs lists tickets by their ids: "1500E-1, 1500E-2".
func ticketIDs(tks []*Ticket) string {
	ids := make([]string, len(tks))
	for i, tk := range tks {
		ids[i] = tk.ID
	}
	return strings.Join(ids, ", ")
}

// enterResult reads ESITO's words onto ticket tk: the winner, the rout or
// the time limit, each side's losses, the reinforcements that came.
func (s *State) enterResult(tk *Ticket, words []string, reason string) (game.Text, error) {
	if len(words) == 1 && arbiterWords[machiavelli.Fold(words[0])] == "abstract" {
		return s.leaveAbstract(tk, reason)
	}
	if len(words) < 4 || arbiterWords[machiavelli.Fold(words[0])] != "result" || arbiterWords[machiavelli.Fold(words[3])] != "losses" {
		return nil, refuse(arbiterUsage)
	}
	if !tk.fought() {
		return nil, refuse("%s: no battle is fought in %s: %s", tk.ID, landName(s, tk.At), s.noBattle(tk))
	}
	sideOf := func(name string) (int, error) {
		id, others := lookupPower(name)
		if id == "" || len(others) > 0 {
			return 0, refuse("%s: %q names no side of the battle: the sides are %s and %s", tk.ID, name, powerText(tk.Sides[0].Power), powerText(tk.Sides[1].Power))
		}
		for i, sd := range tk.Sides {
			if sd.Power == id {
				return i, nil
			}
		}
		return 0, refuse("%s: %s does not fight in %s: the sides are %s and %s", tk.ID, powerText(id), landName(s, tk.At), powerText(tk.Sides[0].Power), powerText(tk.Sides[1].Power))
	}
	res := &BattleResult{}
	if arbiterWords[machiavelli.Fold(words[1])] != "none" {
		i, err := sideOf(words[1])
		if err != nil {
			return nil, err
		}
		res.Winner = tk.Sides[i].Power
	}
	switch arbiterWords[machiavelli.Fold(words[2])] {
	case "rout":
		res.Rout = true
		if res.Winner == "" {
			return nil, refuse("a rout has a winner: name the side that put the other to flight (seed §8); a battle nobody won ended by TEMPO")
		}
	case "time":
		if res.Winner != "" {
			return nil, refuse("a battle ended by time has no winner (seed §8: only a rout wins a battle, Precisazione 2): write NESSUNO TEMPO")
		}
	default:
		return nil, refuse(arbiterUsage)
	}
	rest := words[4:]
	given := [2]bool{}
	for range 2 {
		if len(rest) < 2 {
			return nil, refuse("PERDITE takes each side once: %s <n> %s <n>", powerText(tk.Sides[0].Power), powerText(tk.Sides[1].Power))
		}
		i, err := sideOf(rest[0])
		if err != nil {
			return nil, err
		}
		n, nerr := strconv.Atoi(rest[1])
		if nerr != nil || n < 0 {
			return nil, refuse("%q is no number of elements lost", rest[1])
		}
		if given[i] {
			return nil, refuse("PERDITE takes each side once: %s <n> %s <n>", powerText(tk.Sides[0].Power), powerText(tk.Sides[1].Power))
		}
		given[i], res.Losses[i] = true, n
		rest = rest[2:]
	}
	if len(rest) > 0 {
		if arbiterWords[machiavelli.Fold(rest[0])] != "reinforcements" || len(rest) == 1 {
			return nil, refuse(arbiterUsage)
		}
		for rest = rest[1:]; len(rest) > 0; rest = rest[2:] {
			u, err := s.reinforcementNamed(tk, rest)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(res.Arrived, u) {
				res.Arrived = append(res.Arrived, u)
			}
		}
	}
	for i, sd := range tk.Sides {
		troops, rl := sd.Elements.Troops(), routLevel(sd.Elements)
		for _, r := range sd.Reinforcements {
			if slices.Contains(res.Arrived, r.Unit) && !r.Fleet {
				troops += r.Elements.Troops()
			}
		}
		n := res.Losses[i]
		switch {
		case n > troops:
			return nil, refuse("%s cannot lose %d elements: its army and the reinforcements come have %d", powerText(sd.Power), n, troops)
		case !res.Rout && n >= rl:
			return nil, refuse("%s lost %d elements, its rout level (%d): it routed, and a battle ended by TEMPO has no side routed", powerText(sd.Power), n, rl)
		case res.Rout && sd.Power == res.Winner && n >= rl:
			return nil, refuse("%s lost %d elements, its rout level (%d): the winner cannot have routed", powerText(sd.Power), n, rl)
		}
	}
	again := tk.Result != nil || tk.Abstract
	tk.Result, tk.ResultReason, tk.Abstract = res, reason, false
	return func(l game.Lang) string {
		out := f(l, "%s, %s: result entered: %s", tk.ID, landName(s, tk.At), s.resultText(l, tk))
		if again {
			out += " " + t(l, "(it replaces the result entered before)")
		}
		return out
	}, nil
}

// leaveAbstract leaves ticket tk's battle to the abstract battle now, as
// the deadline would (spec §3.10).
func (s *State) leaveAbstract(tk *Ticket, reason string) (game.Text, error) {
	if !tk.fought() {
		return nil, refuse("%s: no battle is fought in %s: %s", tk.ID, landName(s, tk.At), s.noBattle(tk))
	}
	again := tk.Result != nil
	tk.Result, tk.ResultReason, tk.Abstract = nil, reason, true
	return func(l game.Lang) string {
		out := f(l, "%s, %s: the abstract battle decides (Appendix C)", tk.ID, landName(s, tk.At))
		if again {
			out += " " + t(l, "(it replaces the result entered before)")
		}
		return out
	}, nil
}

// reinforcementNamed reads "<power> #k" or "<power> F<k>" at the head of
// words as a reinforcement of the ticket's.
func (s *State) reinforcementNamed(tk *Ticket, words []string) (Unit, error) {
	var listed []Unit
	for _, sd := range tk.Sides {
		for _, r := range sd.Reinforcements {
			listed = append(listed, r.Unit)
		}
	}
	none := func(name string) error {
		if len(listed) == 0 {
			return refuse("%s: %q is no reinforcement of the battle, which has none", tk.ID, name)
		}
		return refuse("%s: %q is no reinforcement of the battle: they are %s", tk.ID, name, game.Text(func(l game.Lang) string {
			names := make([]string, len(listed))
			for i, u := range listed {
				names[i] = unitText(l, u)
			}
			return strings.Join(names, ", ")
		}))
	}
	if len(words) < 2 {
		return Unit{}, none(strings.Join(words, " "))
	}
	written := words[0] + " " + words[1]
	id, others := lookupPower(words[0])
	num := strings.ToUpper(words[1])
	fleet := strings.HasPrefix(num, "F")
	n, err := strconv.Atoi(strings.TrimLeft(num, "#F"))
	if id == "" || len(others) > 0 || err != nil {
		return Unit{}, none(written)
	}
	if u := (Unit{Power: id, N: n, Fleet: fleet}); slices.Contains(listed, u) {
		return u, nil
	}
	return Unit{}, none(written)
}

// rule reads CONFRONTABILI's word onto ticket tk: the arbiter's verdict
// on comparability, which replaces R17's (seed §7, §8).
func (s *State) rule(tk *Ticket, words []string, reason string) (game.Text, error) {
	if len(words) != 1 {
		return nil, refuse(arbiterUsage)
	}
	var yes bool
	switch arbiterWords[machiavelli.Fold(words[0])] {
	case "yes":
		yes = true
	case "no":
	default:
		return nil, refuse(arbiterUsage)
	}
	tk.Ruling, tk.RulingReason = &yes, reason
	dropped := false
	if !tk.fought() && (tk.Result != nil || tk.Abstract) {
		tk.Result, tk.ResultReason, tk.Abstract, dropped = nil, "", false, true
	}
	return func(l game.Lang) string {
		var out string
		switch {
		case yes && tk.fought():
			out = f(l, "%s, %s: ruled comparable: a battle, whose result you enter", tk.ID, landName(s, tk.At))
		case yes:
			out = f(l, "%s, %s: ruled comparable: %s", tk.ID, landName(s, tk.At), s.noBattle(tk)(l))
		default:
			out = f(l, "%s, %s: ruled not comparable: %s, the weaker, withdraws paying attrition (seed §7)", tk.ID, landName(s, tk.At), powerName(l, tk.weaker().Power))
		}
		if dropped {
			out += " " + t(l, "(the result entered before is dropped: no battle is fought)")
		}
		return out
	}, nil
}

// noBattle says why a ticket's armies fight no battle, and what follows.
func (s *State) noBattle(tk *Ticket) game.Text {
	a, d := tk.Sides[0], tk.Sides[1]
	comparable := tk.comparableNow()
	switch {
	case !comparable && tk.Ruling != nil:
		return tx("the arbiter ruled the armies not comparable: %s, the weaker, withdraws paying attrition (seed §7)", powerText(tk.weaker().Power))
	case !comparable:
		return tx("the judge finds the armies not comparable (%d against %d, R17); rule them comparable first with ARBITRO CONFRONTABILI %s SI", a.Potential, d.Potential, tk.ID)
	}
	if !a.Accepts && !d.Accepts {
		return tx("both refuse battle (BATTAGLIA RIFIUTA on their sheets, R34) and withdraw (seed §8)")
	}
	refusing := a
	if a.Accepts {
		refusing = d
	}
	return tx("%s refuses battle (BATTAGLIA RIFIUTA on its sheet, R34), and withdraws paying attrition (seed §8)", powerText(refusing.Power))
}

// weaker is the side with the lower potential strength (R17); on a tie
// the first in the seed's order, as the meeting withdraws it (armies).
func (tk *Ticket) weaker() TicketSide {
	x, y := tk.Sides[0], tk.Sides[1]
	if powerIndex(y.Power) < powerIndex(x.Power) {
		x, y = y, x
	}
	if y.Potential < x.Potential {
		return y
	}
	return x
}
