package italia

import (
	"fmt"
	"slices"
	"sync"

	"github.com/corriere/corriere/game"
)

// readers are the sheet readers of the boards, made once each.
var readers sync.Map // *machiavelli.Board -> *reader

// reader is the sheet reader of the game's board.
func (r *Rules) reader() *reader {
	if rd, ok := readers.Load(r.board); ok {
		return rd.(*reader)
	}
	rd, _ := readers.LoadOrStore(r.board, newReader(r.board))
	return rd.(*reader)
}

// checker reads back seat's standing lines; nil for a seat that is no
// power of the game. A standing line that no longer reads is the game's
// failure (an error), not the player's.
func (s *State) checker(seat string, standing []game.Order) (*checker, error) {
	p := s.power(seat)
	if p == nil {
		return nil, nil
	}
	rd := s.r.reader()
	c := &checker{s: s, rd: rd, seat: seat, p: p, sheet: map[string]*order{}}
	for _, o := range standing {
		if o.Seat != seat {
			continue
		}
		x, err := rd.parse(o.Text)
		if err != nil {
			return nil, fmt.Errorf("stored order %q no longer reads: %s", o.Text, err.reason)
		}
		c.put(o.Key, x)
	}
	return c, nil
}

// Read reads one line of an operation sheet (spec §4) for the powers of
// side: one Reading, so that the judge answers line by line. The line is
// taken for the first power of side it makes a good line for, side[0]
// first; a refused line says side[0]'s reason. A heading (FOGLIO) is
// checked against the side and the phase: a good one orders nothing, and
// its reading says whose sheet it heads.
//
// In a round of battles no sheet is taken: the turn's were, and the
// arbiter decides (tactical.go).
func (s *State) Read(side []string, line string, standing []game.Order) ([]game.Reading, error) {
	rd := s.r.reader()
	o, perr := rd.parse(line)
	if perr != nil {
		return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: perr.reason, NotOrder: perr.notOrder}}}, nil
	}
	if s.phase.Battles() {
		next := game.Text(s.phase.Next().Title)
		return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: tx("no sheet is taken now: the turn waits for the arbiter's battle tickets (spec §3.10); write the sheet for the phase after them (%s, unless another round of battles comes first)", next)}}}, nil
	}
	if o.verb == vSheet {
		// A good heading orders nothing: the reply shows what it was
		// taken for, among the lines read (game.Reading).
		note, refused := s.heading(side, o)
		return []game.Reading{{Written: line, Note: note, Refused: refused}}, nil
	}
	var first game.Text
	for i, seat := range side {
		c, err := s.checker(seat, standing)
		if err != nil {
			return nil, err
		}
		if c == nil {
			continue
		}
		refuse, note := c.check(o)
		if refuse == nil {
			key := rd.key(o)
			c.put(key, o)
			if spent := c.spends(o); spent {
				note = join(note, c.left())
			}
			if note != nil {
				// The judge writes a note right after the order.
				inner := note
				note = func(l game.Lang) string { return " (" + inner(l) + ")" }
			}
			return []game.Reading{{Written: line, Order: game.Order{Seat: seat, Key: key, Text: rd.format(o)}, Note: note}}, nil
		}
		if i == 0 {
			first = refuse
		}
	}
	if first == nil {
		first = tx("you hold no power of this game")
	}
	return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: first}}}, nil
}

// heading judges a sheet's heading: a power of the side, the phase now.
// A good one is a note saying whose sheet it heads; a bad one a refusal.
func (s *State) heading(side []string, o *order) (game.Text, *game.Refusal) {
	p := o.str("p")
	ph, err := ParsePhase(o.str("rest"))
	switch {
	case !slices.Contains(side, p):
		return nil, &game.Refusal{Reason: tx("this sheet is for %s, which you do not hold", powerText(p))}
	case err != nil:
		return nil, &game.Refusal{Reason: tx("the heading names no phase: %s", err.Error())}
	case ph != s.phase:
		return nil, &game.Refusal{Reason: tx("this sheet is for %s, and the phase now is %s: nothing below is taken for it", game.Text(ph.Title), game.Text(s.phase.Title))}
	}
	return tx("sheet of %s for %s", powerText(p), game.Text(s.phase.Title)), nil
}

// spends reports whether o costs ducats, so that its reading tells what
// the treasury keeps.
func (c *checker) spends(o *order) bool {
	switch o.verb {
	case vCouncil, vPay, vFamine, vPacify, vBribe, vRevolt, vDefend, vRecruit, vBuildFleet, vHireSwiss, vHireLandsknechts, vHireCompany, vDisband, vDisbandFleet, vMaintain:
		return true
	}
	return false
}

// left says what the treasury keeps after the sheet so far.
func (c *checker) left() game.Text {
	lg := c.ledger()
	if lg.Left < 0 {
		return tx("the sheet now commits %d ducats of your %d: what cannot be paid is dropped (R39)", lg.Committed, lg.Treasury)
	}
	return tx("the sheet now commits %d ducats of your %d; %d left", lg.Committed, lg.Treasury, lg.Left)
}

// join joins two notes, either of which may be nil.
func join(a, b game.Text) game.Text {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(l game.Lang) string { return a(l) + "; " + b(l) }
}

// Missing says what seat still owes this phase: in the operations, an
// order for each counter and fleet (without one it holds, R34); and what
// the sheet asks that cannot be had: more ducats than the treasury holds,
// more elements than the deployment has.
func (s *State) Missing(seat string, standing []game.Order) []game.Text {
	if s.phase.Battles() {
		return nil
	}
	c, err := s.checker(seat, standing)
	if err != nil || c == nil {
		return nil
	}
	var out []game.Text
	if !s.phase.Diplomacy() {
		ks := map[int]bool{}
		for _, ct := range c.p.Counters {
			ks[ct.N] = true
		}
		for _, d := range c.lines(vDeploy) {
			ks[d.num("k")] = true
		}
		for k := 1; k <= maxCounters; k++ {
			if ks[k] && c.sheet["#"+fmt.Sprint(k)] == nil {
				out = append(out, tx("an order for #%d in %s", k, c.name(c.where(k))))
			}
		}
		for _, fl := range c.p.Fleets {
			if c.sheet["F"+fmt.Sprint(fl.N)] == nil {
				out = append(out, tx("an order for F%d in %s", fl.N, c.name(c.sea(fl.N))))
			}
		}
	}
	if lg := c.ledger(); lg.Left < 0 {
		out = append(out, tx("%d ducats: the sheet commits %d of %d", -lg.Left, lg.Committed, lg.Treasury))
	}
	var used Elements
	for _, d := range c.lines(vDeploy) {
		used = used.Plus(d.elems())
	}
	if over := excess(used, c.poolAfter(nil)); over != "" {
		out = append(out, tx("elements for the deployment: %s more than you have", over))
	}
	return out
}
