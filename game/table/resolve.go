package table

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// record is what a resolution came to: the events, each for its readers;
// and, for a Pictured game, what its picture is drawn from.
type record struct {
	Events  []Msg           `json:"events"`
	Picture json.RawMessage `json:"picture,omitempty"`
}

// A Pictured Play gives what a picture of the state after a resolution
// is drawn from (the board); the record keeps it, since a game's
// game.Mapper draws a phase's results from its record alone.
type Pictured interface {
	Picture() any
}

// Picture is what a record's Play gave for its picture; nil for none.
func Picture(rec []byte) (json.RawMessage, error) {
	var r record
	if err := json.Unmarshal(rec, &r); err != nil {
		return nil, err
	}
	return r.Picture, nil
}

// chain bounds the decisions one resolution takes by itself (answers
// sent ahead, bots, forced choices): a game that asks forever is a bug,
// not a reason to hang the judge.
const chain = 1000

// Resolve takes the decision owed with its owner's answers (or the
// moderator's RULE, or a standing answer, or the default), and then
// every decision after it that needs nobody now: those answered ahead,
// by a standing answer, by a bot, or with one legal answer. Answers of
// other seats, or of other kinds, wait in the queue for their moment.
func (s *State) Resolve(orders []game.Order, d *dice.Source) (*game.Outcome, error) {
	next, err := s.Clone()
	if err != nil {
		return nil, err
	}
	t := next.t()
	dec := t.Now()
	if dec == nil {
		return nil, errors.New("table: no decision is pending")
	}
	orders = slices.Clone(orders)
	slices.SortStableFunc(orders, func(a, b game.Order) int { return strings.Compare(a.Key, b.Key) })
	var answers []string
	for _, o := range orders {
		kind, how, ans := decodeOrder(o)
		switch {
		case how == "withdraw":
			t.Stand(o.Seat, kind, "")
		case how == "standing":
			t.Stand(o.Seat, kind, ans)
		case o.Seat == dec.Seat && kind == dec.Kind:
			answers = append(answers, ans)
		default:
			t.Enqueue(o.Seat, Queued{Kind: kind, Text: ans})
		}
	}
	if dec.Seat == Master && t.Ruling != "" {
		answers, t.Ruling = []string{t.Ruling}, ""
	}
	for range chain {
		cur := t.Pending[0]
		t.Pending = t.Pending[1:]
		byDefault := false
		if len(answers) == 0 {
			if st := t.Standing[cur.Seat][cur.Kind]; st != "" {
				answers = []string{st}
				t.Tell([]string{cur.Seat}, M("Your standing answer: %s.", st))
			}
		}
		if len(answers) == 0 {
			byDefault = true
			if cur.Default != "" {
				answers = []string{cur.Default}
			}
			t.Log(M("%s did not answer: the default applies (%s).", cur.Seat, orNothing(cur.Default)))
		}
		if err := next.P.Apply(cur, answers, byDefault, d); err != nil {
			return nil, err
		}
		t.Step++
		if next.P.End() != nil || t.Now() == nil {
			break
		}
		if answers = next.ahead(); answers == nil {
			break
		}
	}
	r := record{Events: t.events}
	if pp, ok := next.P.(Pictured); ok {
		if pic := pp.Picture(); pic != nil {
			if r.Picture, err = json.Marshal(pic); err != nil {
				return nil, err
			}
		}
	}
	rec, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	t.events = nil
	return &game.Outcome{Next: next, Record: rec, End: next.P.End()}, nil
}

func orNothing(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

// ahead is the answer to the decision now that needs nobody now: the
// owner's answers sent ahead (each read again, as of now), a standing
// answer, a bot's, or the one legal answer; nil when it waits for its
// owner.
func (s *State) ahead() []string {
	t := s.t()
	dec := t.Now()
	if dec.Seat == Master {
		return nil
	}
	var out []string
	for _, line := range t.queued(dec.Seat, dec.Kind) {
		a, err := s.P.Read(dec.Seat, dec, line)
		if err == nil && len(dec.Answers) > 0 && !slices.Contains(dec.Answers, a.Text) {
			err = Reject(M("expected one of: %s", strings.Join(dec.Answers, " | ")))
		}
		if err != nil {
			t.Tell([]string{dec.Seat}, M("Your answer sent ahead, %s, no longer stands: %s.", line, reason(err)))
			continue
		}
		out = append(out, a.Text)
	}
	if len(out) > 0 {
		t.Tell([]string{dec.Seat}, M("Your answers sent ahead were applied: %s.", strings.Join(out, "; ")))
		return out
	}
	if st := t.Standing[dec.Seat][dec.Kind]; st != "" {
		t.Tell([]string{dec.Seat}, M("Your standing answer: %s.", st))
		return []string{st}
	}
	if bot, ok := s.P.(Bot); ok {
		if slices.Contains(t.Auto, dec.Seat) || len(dec.Answers) == 1 {
			if a, ok := bot.Decide(*dec); ok {
				return a
			}
		}
	}
	if len(dec.Answers) == 1 {
		return dec.Answers
	}
	return nil
}

// Results are the events of the resolution the reader may read, and the
// position it led to.
func (s *State) Results(data []byte, next game.State, to game.Viewer) (game.Report, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return game.Report{}, err
	}
	d := s.P.Dict()
	events := func(l game.Lang) string {
		var b strings.Builder
		for _, m := range rec.Events {
			if m.For(to) {
				b.WriteString(m.Write(d, l))
				b.WriteByte('\n')
			}
		}
		return b.String()
	}
	return game.Report{Orders: func(game.Lang) string { return "" }, Events: events, Position: next.Position(to)}, nil
}

// Encode writes the game's state.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s.P) }
