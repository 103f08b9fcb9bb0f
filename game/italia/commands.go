package italia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

var _ game.Commander = Kind{}

// Commands are the arbiter's own commands (game.Commander): SCENARIO,
// his word on battle tickets, ARBITRO and ARBITER (arbiter.go), and on
// the cards, CARTA and CARD (cardcmd.go).
func (Kind) Commands() []game.Command {
	return slices.Concat([]game.Command{scenarioCommand}, arbiterCommands(), cardCommands())
}

// stateCommand is a command's Do for a method of the game's State: the
// state it changed, the reply and the notice; nothing changed on an
// error.
func stateCommand(do func(s *State, args string) (*State, game.Text, game.Text, error)) func(game.State, []string, string) (game.State, game.Text, game.Text, error) {
	return func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
		s, ok := st.(*State)
		if !ok {
			return nil, nil, nil, fmt.Errorf("italia: the arbiter's command on a state of %T", st)
		}
		next, reply, notice, err := do(s, args)
		if err != nil {
			return nil, nil, nil, err
		}
		return next, reply, notice, nil
	}
}

// reasoned splits the words after ARBITRO or CARTA at their "--": the
// words of the arbiter's word, and the reason every player reads.
func reasoned(args string) (fields []string, reason string) {
	words, reason, _ := strings.Cut(args, "--")
	return strings.Fields(words), strings.TrimSpace(reason)
}

// noReason refuses an arbiter's word that gives no reason.
func noReason() error {
	return refuse("the arbiter's word carries its reason, which the players read: end the line with -- and the reason")
}

// scenarioCommand is the arbiter's SCENARIO ... ENDSCENARIO: the lines of
// a scenario file (scenario.txt's) that replace the parts they give. The
// judge takes a game's commands only once it has started, so the arbiter
// sends it in the spring 1499 diplomacy, the first phase; after it the
// scenario is fixed (a ruling: the spring's events were rolled on it
// once that phase is processed, the players plan on it, and a rollback
// would have to undo it; EDIT corrects the position instead).
var scenarioCommand = game.Command{
	Verb: "SCENARIO", Master: true, Block: true,
	Syntax: [game.Langs]string{"SCENARIO ... ENDSCENARIO", "SCENARIO ... ENDSCENARIO"},
	Help: [game.Langs]string{
		"replaces parts of the scenario, in the spring 1499 diplomacy: EVENT, FAMINE, PLAGUE, RAID, VICTORY, CARD, HAND, DISASTERS and CONFIRM lines, as game/italia/scenario.txt writes them",
		"sostituisce parti dello scenario, nella diplomazia della primavera 1499: righe EVENTO, CARESTIA, PESTE, RAID, VITTORIA, CARTA, MANO, DISASTRI e CONFERMA, come le scrive game/italia/scenario.txt",
	},
	Do: stateCommand((*State).supplyScenario),
}

// supplyScenario carries out SCENARIO with its block: the scenario with
// the parts the block gives, or a refusal saying each fault, and nothing
// changed.
func (s *State) supplyScenario(args string) (*State, game.Text, game.Text, error) {
	head, body, _ := strings.Cut(args, "\n")
	if first := (Phase{Year: FirstYear, Step: SpringDiplomacy}); s.phase != first {
		return nil, nil, nil, refuse("the scenario is fixed once %s is processed: its events were rolled on it and the players plan on it; EDIT corrects the position (now: %s)", game.Text(first.Title), game.Text(s.phase.Title))
	}
	if strings.TrimSpace(head) != "" {
		return nil, nil, nil, refuse("SCENARIO takes its lines below it, up to ENDSCENARIO, not %q on its own line", strings.TrimSpace(head))
	}
	add, errs := s.r.ReadScenario(body)
	if len(errs) > 0 {
		return nil, nil, nil, scenarioRefused(errs)
	}
	pos, err := s.pos.clone()
	if err != nil {
		return nil, nil, nil, err
	}
	pos.Scenario = pos.Scenario.with(add)
	// The hands are checked against the deck in force, which the block
	// may give or leave as it was.
	if errs := checkDeck(pos.Scenario.data()); len(errs) > 0 {
		return nil, nil, nil, scenarioRefused(errs)
	}
	var carried game.Text
	if cardsGiven(add) {
		// Nothing is drawn before this phase is processed: the deck and
		// the hands are dealt again as given, the arbiter's word on the
		// cards in this phase kept.
		if carried, err = pos.redeal(s.pos); err != nil {
			return nil, nil, nil, err
		}
	}
	next, err := s.r.State(pos)
	if err != nil {
		return nil, nil, nil, err
	}
	given := next.partsGiven(add)
	reply := func(l game.Lang) string {
		out := f(l, "the scenario now has from you: %s. %s", given(l), next.scenarioText(l))
		if carried != nil {
			out = strings.TrimRight(out, "\n") + "\n" + carried(l)
		}
		return out
	}
	notice := func(l game.Lang) string {
		return f(l, "The arbiter has supplied part of the scenario: %s (seed §2; STATUS says where the scenario stands).\n", given(l))
	}
	return next, reply, notice, nil
}

// scenarioRefused refuses a SCENARIO block for its faults.
func scenarioRefused(errs []game.Text) error {
	return &game.Refusal{Reason: func(l game.Lang) string {
		ws := make([]string, len(errs))
		for i, e := range errs {
			ws[i] = e(l)
		}
		return f(l, "the scenario is refused: %s", strings.Join(ws, "; "))
	}}
}

// partsGiven names the parts a SCENARIO block gave or confirmed.
func (s *State) partsGiven(add *Scenario) game.Text {
	return func(l game.Lang) string {
		var out []string
		for _, p := range tableParts {
			if add.supplied(p.part) && !slices.Contains(add.Confirmed, p.part) {
				out = append(out, p.name(l))
			}
		}
		if add.Disasters != "" {
			out = append(out, t(l, "the timing of the disaster tables"))
		}
		var sheets []string
		for _, pw := range powers {
			if _, ok := add.Victory[pw.ID]; ok {
				sheets = append(sheets, powerName(l, pw.ID))
			}
		}
		if len(sheets) > 0 {
			out = append(out, f(l, "the victory sheets of %s", strings.Join(sheets, ", ")))
		}
		for _, c := range add.Confirmed {
			out = append(out, f(l, "%s, kept as the judge ships it", partName(l, c)))
		}
		return strings.Join(out, "; ")
	}
}
