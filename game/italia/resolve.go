package italia

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// Resolve plays a deadline in the order of spec §2.3, as far as this
// package resolves it exactly:
//
//   - the spring diplomacy: the start of the year (sack and famine
//     markers gone, R28 and R29; last year's alliances and transit
//     lapse, R12), the official alliances (mutual AMBASCIATORE, seed §3
//     A), transit permissions (R13), gifts, the council's spending;
//   - the operations: validation against the position (R10), gifts,
//     cessions, the spring expenses with the shortfall rule (R39), the
//     political and defensive operations (R8, R9; pacification on the
//     D6), deployment, standard moves (moves.go: the double roll, entry
//     attrition, meetings and battles, retreats, overrun,
//     the Ottoman activation roll, a contingent joining its army),
//     strategic moves, fleet moves, transports and sea assaults
//     (strategic.go), sieges and sacks, quelling; in autumn the taxes, the
//     lifting of sieges, supply, revolts turning independent and the lost
//     wars (war.go); the 30-territory victory and the victory sheets
//     (score.go);
//   - then, unless the game is over, the next turn's events (events.go).
//
// In a game of tactical battles an operations turn that meets a battle
// waits for a round of battle tickets, which Resolve resolves in turn
// (tactical.go).
func (s *State) Resolve(orders []game.Order, d *dice.Source) (*game.Outcome, error) {
	if s.pos.Battles != nil {
		return s.resolveBattles(d)
	}
	rs, err := s.resolution(orders, d)
	if err != nil {
		return nil, err
	}
	if s.phase.Diplomacy() {
		rs.diplomacy()
	} else {
		if rs.turn() {
			return rs.waitRound(orders, 0, true)
		}
		rs.twoCities()
	}
	return rs.outcome(orders, s.phase, 0, true)
}

// outcome is the outcome of a turn resolved: the next turn's position,
// and the record of phase here: the turn's events since those told
// before (told), its sheets where showOrders, its map.
func (rs *resolution) outcome(orders []game.Order, here Phase, told int, showOrders bool) (*game.Outcome, error) {
	s := rs.s
	// G, the victory, is checked on the turn as played; then, unless the
	// game is over, come the next turn's events (events.go).
	end := rs.end(rs.now())
	if end == nil {
		// The third Pope's death, by the arbiter's word in this phase
		// or by the next turn's event, ends the game (R33, cards.go).
		end = rs.popeEnding()
	}
	if end == nil {
		rs.nextEvents()
		if end = rs.popeEnding(); end == nil {
			rs.nextCards()
		}
	}
	rs.pos.Phase = s.phase.Next().String()
	next, err := s.r.State(rs.pos)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", here, err)
	}
	// The map draws no scenario, which each record would keep again.
	drawn := *rs.pos
	drawn.Scenario = nil
	rec := record{Phase: here.String(), Events: rs.events[told:], Orders: map[string][]string{}, Held: next.holdings(),
		Map: &mapRecord{Position: &drawn, Orders: rs.mapOrders(rs.pos), Battles: rs.battles}}
	if showOrders {
		for _, o := range orders {
			rec.Orders[o.Seat] = append(rec.Orders[o.Seat], o.Text)
		}
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	return &game.Outcome{Next: next, Record: data, Carried: rs.carried(orders, next), End: end}, nil
}

// standingVerbs are the standing instructions of spec §4.2: how a counter
// fights, concedes and retreats, the order of losses, the captives taken.
// They stand until changed.
var standingVerbs = []verbID{vAccept, vRefuse, vConcede, vYield, vRetreat, vLosses, vCaptives}

// carried are the standing instructions among orders that this phase kept
// and that still stand in next (a counter's, while it is on the board):
// the judge keeps them for the next phase as if sent again, so that a
// player need not write them on every sheet.
func (rs *resolution) carried(orders []game.Order, next *State) []game.Order {
	rd := rs.s.r.reader()
	checkers := map[string]*checker{}
	var out []game.Order
	for _, o := range orders {
		x, err := rd.parse(o.Text)
		if err != nil || !slices.Contains(standingVerbs, x.verb) || rs.sheets[o.Seat] == nil || rs.sheets[o.Seat].sheet[o.Key] == nil {
			continue
		}
		c := checkers[o.Seat]
		if c == nil {
			if c, _ = next.checker(o.Seat, nil); c == nil {
				continue
			}
			checkers[o.Seat] = c
		}
		if refuse, _ := c.check(x); refuse == nil {
			out = append(out, o)
		}
	}
	return out
}

// record is what a resolved phase keeps for its results.
type record struct {
	Phase  string  `json:"phase"`
	Events []event `json:"events"`
	// Orders are each power's orders as read; a sheet is secret (spec
	// §3.22): each power reads its own.
	Orders map[string][]string `json:"orders,omitempty"`
	// Held is each power's territories after the phase, in halves as
	// seed §11 counts them, for SUMMARY.
	Held map[string]int `json:"held,omitempty"`
	// Map is what the phase's map draws (maps.go); a record written
	// before the maps has none, and draws no map.
	Map *mapRecord `json:"map,omitempty"`
}

// event is one thing that happened, as the results tell it: a format of
// the dictionary and its arguments ("p:venezia" a power, "a:ferra" an
// area, the rest as written), for the powers in To (everyone when empty;
// the game master always).
type event struct {
	Text string   `json:"text"`
	Args []string `json:"args,omitempty"`
	To   []string `json:"to,omitempty"`
}

// resolution is a deadline being resolved: the position before (s), the
// one being made, the dice, each power's sheet as it stands after
// validation.
type resolution struct {
	s      *State
	pos    *Position
	d      *dice.Source
	sheets map[string]*checker
	events []event
	// ceded are the territories ceded this turn: no deployment there.
	ceded map[string]bool
	// strategicMoved are the counters that moved strategically this
	// turn: next turn they may not (seed §7).
	strategicMoved map[counterKey]bool
	// battles are the territories a battle was fought in, and joined
	// where each counter that joined another did, for the map.
	battles []string
	joined  map[counterKey]string
	// The battle tickets of a game of tactical battles (tactical.go):
	// the round resolved (0 for the operations themselves), the turn's
	// tickets known and those opened by this run, those met and those
	// met before the first opened, whose outcome the results tell; the
	// dice to roll again as they fell, every roll made, and what the
	// run kept when its first ticket opened.
	round     int
	tickets   []Ticket
	opened    []string
	met       map[string]bool
	published map[string]bool
	replay    []int
	rolled    []int
	wait      *waiting
	// cards is the scenario's deck, read once (cards.go).
	cards deck
}

// resolution validates each seat's orders against the position, in the
// order written: a line that no longer stands is dropped, costs nothing
// and is told to its power (R10).
func (s *State) resolution(orders []game.Order, d *dice.Source) (*resolution, error) {
	pos, err := s.pos.clone()
	if err != nil {
		return nil, err
	}
	rs := &resolution{s: s, pos: pos, d: d, sheets: map[string]*checker{}, ceded: map[string]bool{}, strategicMoved: map[counterKey]bool{}, joined: map[counterKey]string{},
		met: map[string]bool{}, published: map[string]bool{}}
	rd := s.r.reader()
	type parsed struct {
		game.Order
		x *order
	}
	for _, p := range s.pos.Powers {
		c := &checker{s: s, rd: rd, seat: p.ID, p: p, sheet: map[string]*order{}}
		rs.sheets[p.ID] = c
		var mine []parsed
		for _, o := range orders {
			if o.Seat != p.ID {
				continue
			}
			x, perr := rd.parse(o.Text)
			if perr != nil {
				return nil, fmt.Errorf("order %q of %s no longer reads", o.Text, p.ID)
			}
			mine = append(mine, parsed{o, x})
		}
		// The deployment first, which the other lines start from (a
		// move, a hire within 6 MP), then the rest in the verb table's
		// order, whatever order the lines were kept in.
		slices.SortStableFunc(mine, func(a, b parsed) int { return cmp.Compare(checkRank(a.x), checkRank(b.x)) })
		for _, m := range mine {
			o, x := m.Order, m.x
			if refuse, _ := c.check(x); refuse != nil {
				rs.tell([]string{p.ID}, "%s: not carried out: %s", o.Text, textArg(refuse))
				continue
			}
			c.put(rd.key(x), x)
		}
	}
	return rs, nil
}

// checkRank orders a sheet's lines for their validation.
func checkRank(o *order) int {
	if o.verb == vDeploy || o.verb == vDeployFleet {
		return 0
	}
	return 1 + int(o.verb)
}

// tell records an event for the powers in to (nil: everyone).
func (rs *resolution) tell(to []string, text string, args ...string) {
	rs.events = append(rs.events, newEvent(to, text, args...))
}

// newEvent is an event for the powers in to (nil: everyone).
func newEvent(to []string, text string, args ...string) event {
	return event{Text: text, Args: args, To: to}
}

// power is the power id in the position being made.
func (rs *resolution) power(id string) *Power { return rs.pos.power(id) }

// roll rolls a public D6 for what.
func (rs *resolution) roll(what string) int { return rs.die(what, 6, true) }

// die rolls a die of sides faces for what, public or not (a card drawn
// is not): in a round of battles, first the dice the turn rolled before,
// as they fell (tactical.go).
func (rs *resolution) die(what string, sides int, public bool) int {
	if !rs.s.r.Tactical {
		return rs.d.Roll(what, sides, public)
	}
	var n int
	if len(rs.replay) > 0 {
		n, rs.replay = rs.replay[0], rs.replay[1:]
	} else {
		n = rs.d.Roll(what, sides, public)
	}
	rs.rolled = append(rs.rolled, n)
	return n
}

// diplomacy resolves the spring diplomacy (spec §2.2).
func (rs *resolution) diplomacy() {
	// (0) The start of the year, and the Florentine council (council.go);
	// then the cards drawn, the conclave and the cards played in the
	// diplomacy (lottery.go).
	rs.pos.Famine, rs.pos.Sack = nil, nil
	rs.pos.Alliances, rs.pos.Transit = nil, nil
	rs.council()
	rs.cardsStart(whenDiplomacy)
	// (A) Alliances: both sides sent an ambassador (seed §3 A).
	for i, a := range powers {
		for _, b := range powers[i+1:] {
			ca, cb := rs.sheets[a.ID], rs.sheets[b.ID]
			if ca == nil || cb == nil {
				continue
			}
			if ca.sheet["ambasciatore "+b.Italian] != nil && cb.sheet["ambasciatore "+a.Italian] != nil {
				rs.pos.Alliances = append(rs.pos.Alliances, [2]string{a.ID, b.ID})
				rs.tell(nil, "%s and %s are allied for the year (seed §3 A)", "p:"+a.ID, "p:"+b.ID)
			}
		}
	}
	rs.transit()
	rs.gifts()
}

// transit records who lets whom through (R13): allies only.
func (rs *resolution) transit() {
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vTransit, vDenyTransit) {
			to := o.str("p")
			list := slices.DeleteFunc(slices.Clone(rs.pos.Transit[p.ID]), func(x string) bool { return x == to })
			if o.verb == vTransit && rs.allied(p.ID, to) {
				list = append(list, to)
			}
			if rs.pos.Transit == nil {
				rs.pos.Transit = map[string][]string{}
			}
			rs.pos.Transit[p.ID] = list
		}
	}
}

// allied reports whether a and b are allied in the position being made.
func (rs *resolution) allied(a, b string) bool { return rs.pos.allied(a, b) }

// spend takes n ducats from p for what if it has them, telling p; false
// if it has not, and the spending is dropped (R39).
func (rs *resolution) spend(p *Power, n int, what game.Text) bool {
	if n > p.Treasury {
		rs.tell([]string{p.ID}, "not paid, the treasury is short: %s", textArg(what))
		return false
	}
	p.Treasury -= n
	if n == 1 {
		rs.tell([]string{p.ID}, "1 ducat paid: %s", textArg(what))
		return true
	}
	rs.tell([]string{p.ID}, "%s ducats paid: %s", fmt.Sprint(n), textArg(what))
	return true
}

// gifts pays the gifts in power order (spec §2.3 step 2): a gift larger
// than the treasury fails entirely; giver and receiver are told.
func (rs *resolution) gifts() {
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vPay) {
			to := rs.power(o.str("p"))
			n := o.num("n")
			who := []string{p.ID, to.ID}
			if n > p.Treasury {
				rs.tell(who, "%s's gift of %s ducats to %s fails: the treasury is short", "p:"+p.ID, fmt.Sprint(n), "p:"+to.ID)
				continue
			}
			p.Treasury -= n
			to.Treasury += n
			rs.tell(who, "%s gives %s ducats to %s", "p:"+p.ID, fmt.Sprint(n), "p:"+to.ID)
		}
	}
}

// operations resolves an operations deadline (spec §2.3 steps 2-11).
func (rs *resolution) operations() {
	// The cards first: the decisions on those drawn, the conclave, the
	// cards played before the operations (lottery.go).
	rs.cardsStart(whenBefore)
	// The expenses (phase C) come before the operations (D), as seed §3
	// orders the phases and the ledger of spec §4.3 adds them up.
	if rs.s.phase.expensesDue() {
		rs.expenses()
	}
	rs.transit()
	rs.gifts()
	rs.cessions()
	rs.financial()
	if rs.s.phase.Step == SpringOps {
		rs.deploy()
	}
	rs.moves()
	rs.strategic()
	rs.maritime()
	for _, p := range rs.pos.Powers {
		for i := range p.Counters {
			p.Counters[i].Strategic = rs.strategicMoved[counterKey{p.ID, p.Counters[i].N}]
		}
	}
	rs.sieges()
	if rs.s.phase.Step == AutumnOps {
		rs.autumn()
	}
	rs.plays(whenAfter)
}

// cessions hands over the ceded territories (spec §2.3 step 3); the
// recipient may not deploy there this turn (seed §3 D).
func (rs *resolution) cessions() {
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vCede) {
			id := rs.s.r.board.Areas[o.area("t")].ID
			to := o.str("p")
			if rs.pos.Control[id] != p.ID || !rs.allied(p.ID, to) {
				continue
			}
			rs.pos.Control[id] = to
			rs.ceded[id] = true
			rs.tell(nil, "%s cedes %s to %s", "p:"+p.ID, "a:"+id, "p:"+to)
		}
	}
}

// textArg keeps a text in both languages as an event's argument.
func textArg(t game.Text) string {
	return "l:" + t(game.English) + "\x1f" + t(game.Italian)
}
