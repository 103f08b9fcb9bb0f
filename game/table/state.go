package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// Play is a game on the table: its state, which embeds a Table, and its
// rules. The engine clones it (by its JSON) before any change, so that a
// State stays a value.
type Play interface {
	// Table is the engine's part of the state.
	Base() *Table
	// Dict gives the Italian of the game's texts.
	Dict() game.Dictionary
	// Read reads one line a seat wrote. owed is the decision the seat
	// owes now, nil when it owes none (the line is then an answer sent
	// ahead, or a standing one). A refusal is a *game.Refusal, or a
	// Reject, whose reason a later reader reads in its own language.
	Read(seat string, owed *Decision, line string) (Answer, error)
	// Apply carries out a decision with its answers (a script's lines,
	// in order; the Default when byDefault), rolling d where the rules
	// roll, and asks the next decisions (Table.Ask). The decision is off
	// the queue already.
	Apply(dec Decision, answers []string, byDefault bool, d *dice.Source) error
	// Show writes the game's part of the report for a reader: the
	// board as a text table, the scores.
	Show(to game.Viewer, l game.Lang) string
	// Title is the stage as readers call it ("epoch II").
	Title(stage string) Msg
	// End is the end of the game, once the rules end it; nil before.
	End() *game.Ending
}

// A Bot takes the decisions of automated seats (Table.Auto), and those
// the rules leave no choice in.
type Bot interface {
	// Decide is the answer of the seat that owes dec; false when the bot
	// leaves it to the player.
	Decide(dec Decision) ([]string, bool)
}

// An Answer is how Play.Read read a line.
type Answer struct {
	// Kind is the kind of decision it answers; "" for the owed one's.
	Kind string
	// Text is the answer as the game reads it back, canonical.
	Text string
	// Standing makes it answer every decision of its kind until
	// withdrawn; Withdraw withdraws the standing answer of Kind.
	Standing, Withdraw bool
	// Note says how the line was understood, where that differs.
	Note *Msg
	// Line is a line understood that answers nothing (a heading).
	Line bool
}

// State is a Play as the judge's game.State.
type State struct {
	P Play
	// decode reads a Play back from its JSON: the game's own decoder.
	decode func([]byte) (Play, error)
}

// NewState wraps p; decode reads p's JSON back.
func NewState(p Play, decode func([]byte) (Play, error)) *State {
	return &State{P: p, decode: decode}
}

// Decoder reads a *P back from its JSON: NewState's decode for a game
// whose Play is a *P (table.Decoder[Play]).
func Decoder[P any, T interface {
	*P
	Play
}](b []byte) (Play, error) {
	p := T(new(P))
	return p, json.Unmarshal(b, p)
}

var (
	_ game.State  = (*State)(nil)
	_ game.Eager  = (*State)(nil)
	_ game.Editor = (*State)(nil)
)

// Clone is a deep copy, by the state's JSON: the state a command
// changes and returns, s left as it was.
func (s *State) Clone() (*State, error) {
	b, err := json.Marshal(s.P)
	if err != nil {
		return nil, err
	}
	p, err := s.decode(b)
	if err != nil {
		return nil, err
	}
	return &State{P: p, decode: s.decode}, nil
}

func (s *State) t() *Table { return s.P.Base() }

// Phase is the decision owed now: its stage and step ("E2-14").
func (s *State) Phase() game.Phase {
	t := s.t()
	id := PhaseID(t.Stage, t.Step)
	kind, owner := "end", ""
	if now := t.Now(); now != nil {
		kind, owner = now.Kind, now.Seat
	}
	stage := s.P.Title(t.Stage)
	d := s.P.Dict()
	return game.Phase{ID: id, Kind: kind, Rank: t.Step, Title: func(l game.Lang) string {
		return M("%s, step %s: %s of %s (%s)", stage.Write(d, l), t.Step, kind, owner, id).Write(d, l)
	}}
}

// PhaseID names a step: "E2-14".
func PhaseID(stage string, step int) string { return strings.ToUpper(stage) + "-" + strconv.Itoa(step) }

// ParsePhase reads a phase a player names ("E2-14"): its step is its
// rank.
func ParsePhase(text string) (game.Phase, error) {
	text = strings.ToUpper(strings.TrimSpace(text))
	i := strings.LastIndex(text, "-")
	n, err := strconv.Atoi(text[i+1:])
	if i <= 0 || err != nil {
		return game.Phase{}, fmt.Errorf("expected a step such as E2-14")
	}
	return game.Phase{ID: text, Kind: "", Rank: n, Title: func(game.Lang) string { return text }}, nil
}

// Owing is the seat that owes the decision now; none for the
// moderator's.
func (s *State) Owing() []string {
	if now := s.t().Now(); now != nil && now.Seat != Master {
		return []string{now.Seat}
	}
	return nil
}

// MasterOwes is the moderator's decision the game waits for, its prompt
// (game.MasterOwer), until RULE answers it.
func (s *State) MasterOwes() game.Text {
	if now := s.t().Now(); now != nil && now.Seat == Master && s.t().Ruling == "" {
		return now.Prompt.Text(s.P.Dict())
	}
	return nil
}

// Eager: a seat's decision is resolved as soon as it is answered; the
// moderator's once RULE has answered it.
func (s *State) Eager() bool {
	now := s.t().Now()
	return now != nil && (now.Seat != Master || s.t().Ruling != "")
}

// Read reads a line of a seat's mail: an answer to the decision it owes,
// or one sent ahead for a later decision, or a standing one.
func (s *State) Read(side []string, line string, standing []game.Order) ([]game.Reading, error) {
	line = strings.TrimSpace(line)
	d := s.P.Dict()
	t := s.t()
	seat := side[0]
	var owed *Decision
	if now := t.Now(); now != nil && slices.Contains(side, now.Seat) {
		seat, owed = now.Seat, now
	}
	a, err := s.P.Read(seat, owed, line)
	if err != nil {
		return []game.Reading{{Written: line, Refused: asRefusal(d, err)}}, nil
	}
	if a.Line {
		var note game.Text
		if a.Note != nil {
			note = a.Note.Text(d)
		}
		return []game.Reading{{Written: line, Note: note}}, nil
	}
	if a.Kind == "" {
		if owed == nil {
			return []game.Reading{{Written: line, Refused: Refuse(d, M("that answers nothing: nothing is due from you now"))}}, nil
		}
		a.Kind = owed.Kind
	}
	if owed != nil && a.Kind == owed.Kind && len(owed.Answers) > 0 && !a.Standing && !a.Withdraw && !slices.Contains(owed.Answers, a.Text) {
		return []game.Reading{{Written: line, Refused: Refuse(d, M("expected one of: %s", strings.Join(owed.Answers, " | ")))}}, nil
	}
	// The key carries the kind and how the answer stands; the text is
	// the answer as the player reads it back.
	o := game.Order{Seat: seat, Text: a.Text}
	switch {
	case a.Withdraw:
		o.Key, o.Text = a.Kind+"|withdraw", "WITHDRAW "+a.Kind
	case a.Standing:
		// A later standing answer of the kind replaces the earlier.
		o.Key = a.Kind + "|standing"
	case len(owed.answers()) > 0 && a.Kind == owed.Kind:
		// One answer to a question of choices: a later one replaces it.
		o.Key = a.Kind + "|ans"
	default:
		// A script's lines add up, in the order written.
		o.Key = fmt.Sprintf("%s|ans|%03d", a.Kind, len(standing)+1)
	}
	r := game.Reading{Written: line, Order: o}
	if a.Note != nil {
		r.Note = a.Note.Text(d)
	}
	return []game.Reading{r}, nil
}

// Words splits a line a player wrote into its words for a game's Read:
// upper case, a step's number before them dropped ("1.", "2)", "3"),
// and each word the game's verbs know read as its English ("PASSA" ->
// "PASS").
func Words(line string, verbs map[string]string) []string {
	f := strings.Fields(strings.ToUpper(line))
	if len(f) > 1 {
		if _, err := strconv.Atoi(f[0]); err == nil || strings.TrimRight(f[0], ".)") != f[0] {
			f = f[1:]
		}
	}
	for i, w := range f {
		if e, ok := verbs[w]; ok {
			f[i] = e
		}
	}
	return f
}

func (d *Decision) answers() []string {
	if d == nil {
		return nil
	}
	return d.Answers
}

// asRefusal is err as the judge's refusal, in the reader's language.
func asRefusal(d game.Dictionary, err error) *game.Refusal {
	var rj *rejection
	if errors.As(err, &rj) {
		return Refuse(d, rj.m)
	}
	if r, ok := err.(*game.Refusal); ok {
		return r
	}
	msg := err.Error()
	return &game.Refusal{Reason: func(game.Lang) string { return msg }}
}

// Reject is a refusal for Play.Read that keeps its reason as a Msg: told
// later (an answer sent ahead that no longer stands, in a results mail),
// the reason is then written in its reader's language too.
func Reject(m Msg) error { return &rejection{m} }

type rejection struct{ m Msg }

func (r *rejection) Error() string { return r.m.Write(nil, game.English) }

// reason is a refusal's reason as a Msg: a Reject's own, else its
// English.
func reason(err error) Msg {
	var rj *rejection
	if errors.As(err, &rj) {
		return rj.m
	}
	return M("%s", asRefusal(nil, err).Reason(game.English))
}

// decodeOrder is an order's kind, how it stands, and its answer.
func decodeOrder(o game.Order) (kind, how, answer string) {
	kind, rest, _ := strings.Cut(o.Key, "|")
	how, _, _ = strings.Cut(rest, "|")
	return kind, how, o.Text
}

// Missing: the owner of the decision owes an answer until it gives one.
func (s *State) Missing(seat string, standing []game.Order) []game.Text {
	now := s.t().Now()
	if now == nil || now.Seat != seat {
		return nil
	}
	for _, o := range standing {
		if kind, how, _ := decodeOrder(o); kind == now.Kind && how != "withdraw" {
			return nil
		}
	}
	return []game.Text{now.Prompt.Text(s.P.Dict())}
}
