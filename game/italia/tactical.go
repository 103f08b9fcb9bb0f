package italia

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/variants/machiavelli"
)

// The tactical battles of SET BATTLES TACTICAL (spec §3.10, R17, R18):
// where two armies of powers not allied meet, the judge opens a battle
// ticket instead of fighting the abstract battle, and the turn waits for
// the arbiter, who enters the battle's result or rules on comparability
// (arbiter.go); at the deadline the rules decide what he left open: R17's
// ratio, the stances, the abstract battle of Appendix C.
//
// The resolution of a turn is one run of code (spec §2.3's order), and a
// battle stands in its middle: the moves before it, its retreats, and
// the sieges, the taxes and the control after it. So a turn that meets
// a battle stops at the end of the meetings where the ticket opened
// (meetings in other territories of the same step open their tickets
// too, so that battles fought at once wait together), and the turn waits
// in a round of battles (phase "P1500B1", kind "battles"). The round
// keeps the position the turn started from, its sheets, and the dice it
// rolled before the first ticket opened; at the round's deadline the turn
// is resolved again from its start, the dice rolling as they fell up to
// that ticket, each ticket decided as the arbiter said (or by the rules),
// the rest with the round's own dice. A battle met that has no ticket yet
// opens the next round. The same round, decisions and dice always give
// the same turn, so ROLLBACK and PREVIEW work as for any phase.

// BattleRound is what a round of battle tickets keeps to finish its turn.
type BattleRound struct {
	// Start is the position the turn started from (its phase the turn's,
	// "P1500O"), and Orders the sheets it is resolved with.
	Start  *Position   `json:"start"`
	Orders []TurnOrder `json:"orders,omitempty"`
	// Rolls are the dice the turn rolled before the round's first ticket
	// opened, which the turn rolls again as they fell.
	Rolls []int `json:"rolls,omitempty"`
	// Told is how many of the turn's events the results before this
	// round have told.
	Told int `json:"told"`
	// Tickets are the turn's tickets, in the order they opened.
	Tickets []Ticket `json:"tickets"`
}

// TurnOrder is an order of the turn's sheets (game.Order).
type TurnOrder struct {
	Seat     string `json:"seat"`
	Key      string `json:"key"`
	Text     string `json:"text"`
	ByMaster bool   `json:"by_master,omitempty"`
}

// Ticket is one meeting of two armies that the arbiter decides (spec
// §3.10): the forces, their reinforcements, R17's verdict, the stances,
// who builds the terrain, and the arbiter's word when he gave it.
type Ticket struct {
	// ID is the turn's year and season and the ticket's number in it:
	// "1500E-3" (spec §3.10).
	ID string `json:"id"`
	At string `json:"at"`
	// Sides are the two armies, the attacker first (seed §8).
	Sides [2]TicketSide `json:"sides"`
	// Terrain says who builds the terrain and picks the side (seed §8).
	Terrain Terrain `json:"terrain"`
	// Comparable is R17's verdict on the potential strengths.
	Comparable bool `json:"comparable"`
	// Ruling is the arbiter's verdict on comparability, when he gave one
	// (ARBITRO CONFRONTABILI), with its reason.
	Ruling       *bool  `json:"ruling,omitempty"`
	RulingReason string `json:"ruling_reason,omitempty"`
	// Result is the battle's outcome as the arbiter entered it (ARBITRO
	// BATTAGLIA), with its reason.
	Result       *BattleResult `json:"result,omitempty"`
	ResultReason string        `json:"result_reason,omitempty"`
	// Abstract marks a ticket the arbiter leaves to the abstract battle
	// before the deadline (ARBITRO BATTAGLIA <id> ASTRATTA), with its
	// reason in ResultReason.
	Abstract bool `json:"abstract,omitempty"`
	// Round is the round of battles the ticket opened for: that round
	// waits for the arbiter's word on it.
	Round int `json:"round"`
	// Done marks a ticket whose outcome the results have told: the
	// arbiter's word on it is no longer taken.
	Done bool `json:"done,omitempty"`
}

// Terrain is who builds a battle's terrain (seed §8).
type Terrain string

const (
	// OwnLand: the defender is attacked in its own territory, and builds
	// the terrain and picks the side.
	OwnLand Terrain = "own"
	// Defender: the defender (the side that did not move) builds the
	// terrain; the attacker picks the side (a ruling: seed §8 is silent).
	Defender Terrain = "defender"
	// Meeting: a meeting engagement; the higher D6 attacked, the arbiter
	// builds the terrain and the sides are drawn at random.
	Meeting Terrain = "meeting"
)

// TicketSide is one army of a ticket.
type TicketSide struct {
	Power string `json:"power"`
	N     int    `json:"n"`
	// From is where it came from; "" for an army that stood.
	From     string   `json:"from,omitempty"`
	Elements Elements `json:"elements"`
	// Potential is its strength with every reinforcement that may come
	// (R17).
	Potential int  `json:"potential"`
	Accepts   bool `json:"accepts"`
	// Reinforcements are the forces that may come to it (seed §8).
	Reinforcements []TicketReinforcement `json:"reinforcements,omitempty"`
}

// TicketReinforcement is a force that may come to a side (seed §8).
type TicketReinforcement struct {
	Unit
	At       string   `json:"at"`
	Army     bool     `json:"army,omitempty"`
	Elements Elements `json:"elements"`
	// Need is the D6 it arrives on at the end of each battle turn, or
	// more.
	Need int `json:"need"`
}

// Unit names a counter ("#2") or a fleet ("F1") of a power.
type Unit struct {
	Power string `json:"power"`
	N     int    `json:"n"`
	Fleet bool   `json:"fleet,omitempty"`
}

// BattleResult is a battle as the arbiter entered it (spec §3.10).
type BattleResult struct {
	// Winner is the power that routed the other; "" for none, the battle
	// ended by time (seed §8, Precisazione 2: only a rout wins).
	Winner string `json:"winner,omitempty"`
	Rout   bool   `json:"rout"`
	// Losses are the elements each side lost, in the ticket's order of
	// the sides.
	Losses [2]int `json:"losses"`
	// Arrived are the reinforcements that came.
	Arrived []Unit `json:"arrived,omitempty"`
}

// waitForBattles stops a turn's resolution at the end of the meetings in
// which a ticket opened: what follows depends on its battle.
type waitForBattles struct{}

// waiting is what a run keeps from the moment its first ticket opened:
// the dice rolled and the events told before it, the position then.
type waiting struct {
	rolls   []int
	told    int
	pos     *Position
	battles []string
}

// fight is how the armies meeting in at are decided: by the ticket found
// for them, or, a new ticket opened, not now (nil, false). In a game of
// abstract battles there are no tickets (nil, true).
func (rs *resolution) fight(at string, a, d counterKey, ra, rd []*reinforcement, pa, pd int, origins map[counterKey]string) (*Ticket, bool) {
	if !rs.s.r.Tactical {
		return nil, true
	}
	for i := range rs.tickets {
		tk := &rs.tickets[i]
		if tk.At != at || rs.met[tk.ID] || !tk.between(a, d) {
			continue
		}
		rs.met[tk.ID] = true
		if rs.wait == nil {
			rs.published[tk.ID] = true
		}
		return tk, true
	}
	rs.open(at, a, d, ra, rd, pa, pd, origins)
	return nil, false
}

// between reports whether the ticket's sides are the counters a and d.
func (tk *Ticket) between(a, d counterKey) bool {
	x, y := tk.Sides[0].key(), tk.Sides[1].key()
	return x == a && y == d || x == d && y == a
}

func (s TicketSide) key() counterKey { return counterKey{s.Power, s.N} }

// open opens a ticket for armies a and d meeting in at: the first of the
// run keeps the dice and the position so far, for the round that waits.
func (rs *resolution) open(at string, a, d counterKey, ra, rd []*reinforcement, pa, pd int, origins map[counterKey]string) {
	if rs.wait == nil {
		snap, _ := rs.pos.clone() // a position just written reads back
		rs.wait = &waiting{rolls: slices.Clone(rs.rolled), told: len(rs.events), pos: snap, battles: slices.Clone(rs.battles)}
	}
	if !slices.Contains(rs.wait.battles, at) {
		rs.wait.battles = append(rs.wait.battles, at)
	}
	owner := rs.pos.Control[at]
	sides := rs.sides(at, a, d, ra, rd, origins)
	terrain := Defender
	switch {
	case owner == sides[1].key.power:
		terrain = OwnLand
	case origins[a] != "" && origins[d] != "":
		terrain = Meeting
	}
	ph := rs.s.phase
	tk := Ticket{
		ID:         fmt.Sprintf("%d%s-%d", ph.Year, seasons[ph.Season()].Letter, len(rs.tickets)+1),
		At:         at,
		Terrain:    terrain,
		Comparable: max(pa, pd) < 2*min(pa, pd),
	}
	potential := map[counterKey]int{a: pa, d: pd}
	for i, sd := range sides {
		k := sd.key
		ts := TicketSide{Power: k.power, N: k.n, From: origins[k], Elements: rs.counterOf(k).Elements, Potential: potential[k], Accepts: rs.accepts(k)}
		for _, r := range sd.reinf {
			tr := TicketReinforcement{Unit: Unit{Power: r.key.power, N: r.key.n, Fleet: r.fleet}, Army: r.army, Need: r.need}
			if r.fleet {
				tr.At = rs.power(r.key.power).fleet(r.key.n).At
				tr.Elements[ART] = 1
			} else {
				ct := rs.counterOf(r.key)
				tr.At, tr.Elements = ct.At, ct.Elements
			}
			ts.Reinforcements = append(ts.Reinforcements, tr)
		}
		tk.Sides[i] = ts
	}
	rs.tickets = append(rs.tickets, tk)
	rs.opened = append(rs.opened, tk.ID)
}

// ticketSides are a ticket's sides for the abstract battle or the
// arbiter's result, the attacker first and the other the defender, with
// the reinforcements of a and d.
func (rs *resolution) ticketSides(tk *Ticket, a, d counterKey, ra, rd []*reinforcement) []*side {
	att, def := &side{key: a, reinf: ra}, &side{key: d, reinf: rd}
	if tk.Sides[0].key() == d {
		att, def = def, att
	}
	def.defender = true
	return []*side{att, def}
}

// ruled tells the arbiter's ruling on a ticket's comparability, and
// returns it.
func (rs *resolution) ruled(tk *Ticket) bool {
	verdict := textArg(func(l game.Lang) string { return verdictText(l, *tk.Ruling) })
	rs.tell(nil, "%s, %s: the arbiter rules the armies %s (R17 gives %s against %s). Reason: %s",
		tk.ID, "a:"+tk.At, verdict, fmt.Sprint(tk.Sides[0].Potential), fmt.Sprint(tk.Sides[1].Potential), tk.RulingReason)
	return *tk.Ruling
}

// foughtByArbiter applies the result the arbiter entered for a battle
// (seed §8): the reinforcements that came, each side's losses (its army
// first, then the contingents come to it), then the rout and its retreat
// and the territory, or, ended by time, both drawing off with attrition
// within the rout level (Precisazione 1), as afterBattle does for the
// abstract battle.
func (rs *resolution) foughtByArbiter(at string, tk *Ticket, a, d counterKey, ra, rd []*reinforcement, origins map[counterKey]string) {
	if !slices.Contains(rs.battles, at) {
		rs.battles = append(rs.battles, at)
	}
	sides := rs.ticketSides(tk, a, d, ra, rd)
	res := tk.Result
	winner := -1
	for i, s := range sides {
		s.rl = routLevel(rs.counterOf(s.key).Elements)
		for _, r := range s.reinf {
			r.arrived = slices.Contains(res.Arrived, Unit{Power: r.key.power, N: r.key.n, Fleet: r.fleet})
		}
		if res.Rout && s.key.power == res.Winner {
			winner = i
		}
	}
	rs.tell(nil, "%s, battle in %s: the arbiter enters its result (spec §3.10). Reason: %s", tk.ID, "a:"+at, tk.ResultReason)
	for i, s := range sides {
		rs.battleLoss(s, res.Losses[i])
	}
	rs.afterBattle(at, sides, winner, origins)
}

// untold marks the tickets whose meeting the turn never came to (the
// forces no longer met after the battles before them), at its end.
func (rs *resolution) untold() {
	for _, tk := range rs.tickets {
		if !rs.met[tk.ID] {
			rs.tell(nil, "%s: the armies no longer meet in %s, and nothing is fought there", tk.ID, "a:"+tk.At)
		}
	}
}

// turn resolves an operations turn, and reports whether it stopped to
// wait for a round of battle tickets.
func (rs *resolution) turn() (waits bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(waitForBattles); !ok {
				panic(r)
			}
			waits = true
		}
	}()
	rs.operations()
	return false
}

// waitHere stops the turn if a ticket opened in the meetings just
// resolved.
func (rs *resolution) waitHere() {
	if rs.wait != nil {
		panic(waitForBattles{})
	}
}

// waitRound is the outcome of a turn that waits for battles: the round
// that follows this phase (its position as it stood when the first
// ticket opened), and the results of this phase: the events up to then
// (since those told before, told), the tickets opened, and orders, the
// turn's sheets, which the operations' results show.
func (rs *resolution) waitRound(orders []game.Order, told int, showOrders bool) (*game.Outcome, error) {
	w := rs.wait
	here := rs.s.phase
	if w.told < told {
		return nil, fmt.Errorf("resolve %s: a ticket opened before the battles of the round before", here)
	}
	pos := w.pos
	pos.Phase = Phase{Year: here.Year, Step: here.Step, Round: rs.round + 1}.String()
	br := &BattleRound{Start: rs.s.pos, Rolls: w.rolls, Told: w.told, Tickets: slices.Clone(rs.tickets)}
	for _, o := range orders {
		br.Orders = append(br.Orders, TurnOrder{Seat: o.Seat, Key: o.Key, Text: o.Text, ByMaster: o.ByMaster})
	}
	for i := range br.Tickets {
		tk := &br.Tickets[i]
		tk.Done = tk.Done || rs.published[tk.ID]
		if slices.Contains(rs.opened, tk.ID) {
			tk.Round = rs.round + 1
		}
	}
	pos.Battles = br
	next, err := rs.s.r.State(pos)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", here, err)
	}
	events := slices.Clone(rs.events[told:w.told])
	for _, id := range rs.opened {
		events = append(events, next.ticketEvents(next.ticket(id))...)
	}
	here.Round = rs.round
	rec := record{Phase: here.String(), Events: events, Orders: map[string][]string{}}
	if showOrders {
		for _, o := range orders {
			rec.Orders[o.Seat] = append(rec.Orders[o.Seat], o.Text)
		}
	}
	mp := *w.pos
	mp.Battles, mp.Scenario = nil, nil
	rec.Map = &mapRecord{Position: &mp, Orders: rs.mapOrders(&mp), Battles: w.battles}
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	return &game.Outcome{Next: next, Record: data}, nil
}

// resolveBattles resolves a round of battle tickets: the turn again from
// its start, with the dice it rolled, each ticket as decided, and this
// round's dice for the rest; it ends the turn, or waits for the next
// round. The orders the judge passes are none: the turn's are the
// round's.
func (s *State) resolveBattles(d *dice.Source) (*game.Outcome, error) {
	br := s.pos.Battles
	pos, err := br.Start.clone()
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", s.phase, err)
	}
	start, err := s.r.State(pos)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", s.phase, err)
	}
	orders := make([]game.Order, len(br.Orders))
	for i, o := range br.Orders {
		orders[i] = game.Order{Seat: o.Seat, Key: o.Key, Text: o.Text, ByMaster: o.ByMaster}
	}
	rs, err := start.resolution(orders, d)
	if err != nil {
		return nil, err
	}
	rs.round, rs.replay, rs.tickets = s.phase.Round, slices.Clone(br.Rolls), slices.Clone(br.Tickets)
	waits := rs.turn()
	if len(rs.replay) > 0 {
		// The turn rolls as it did up to the round's tickets, or it is
		// not the turn the tickets were opened in.
		return nil, fmt.Errorf("resolve %s: the turn played again left %d of its dice unrolled", s.phase, len(rs.replay))
	}
	if waits {
		return rs.waitRound(orders, br.Told, false)
	}
	rs.untold()
	rs.twoCities()
	return rs.outcome(orders, s.phase, br.Told, false)
}

// ticket is the ticket with id in the round, nil for none.
func (s *State) ticket(id string) *Ticket {
	if br := s.pos.Battles; br != nil {
		for i := range br.Tickets {
			if strings.EqualFold(br.Tickets[i].ID, id) {
				return &br.Tickets[i]
			}
		}
	}
	return nil
}

// open are the round's tickets the arbiter may still decide.
func (s *State) openTickets() []*Ticket {
	var out []*Ticket
	if br := s.pos.Battles; br != nil {
		for i := range br.Tickets {
			if !br.Tickets[i].Done {
				out = append(out, &br.Tickets[i])
			}
		}
	}
	return out
}

// MasterOwes is the arbiter's word the round waits for (game.MasterOwer):
// for each ticket without it, what he writes and what the rules do at the
// deadline without it. A ticket with no battle as it stands (a side
// refuses, or R17 finds the armies not comparable) takes no result and
// is no abstract battle's: it waits for his CONFRONTABILI only.
func (s *State) MasterOwes() game.Text {
	tks := s.awaited()
	if s.pos.Battles == nil || len(tks) == 0 {
		return nil
	}
	return func(l game.Lang) string {
		owed := make([]string, len(tks))
		for i, tk := range tks {
			if tk.fought() {
				owed[i] = f(l, "%s (ARBITRO BATTAGLIA %s ESITO ... or ASTRATTA; without it, at the deadline the abstract battle decides)", tk.ID, tk.ID)
			} else {
				owed[i] = f(l, "%s (no battle as it stands: ARBITRO CONFRONTABILI %s SI|NO; without it, at the deadline: %s)", tk.ID, tk.ID, s.byRules(l, tk))
			}
		}
		return f(l, "your word on battle tickets: %s", strings.Join(owed, "; "))
	}
}

// Eager: a round of battles goes on as soon as the arbiter has given his
// word on each of the tickets it opened for (game.Eager); other phases
// wait for their deadline, or for every player's SET NOWAIT.
func (s *State) Eager() bool {
	return s.pos.Battles != nil && len(s.awaited()) == 0
}

// awaited are the tickets the round opened for that still wait for the
// arbiter's word. A ticket of an earlier round whose battle the turn has
// not come to again (it followed one that opened this round) is open to
// his word, but the round does not wait for it: its deadline passed.
func (s *State) awaited() []*Ticket {
	var out []*Ticket
	for _, tk := range s.openTickets() {
		if tk.Round == s.phase.Round && !tk.settled() {
			out = append(out, tk)
		}
	}
	return out
}

// comparableNow reports whether the ticket's armies are comparable: by
// the arbiter's ruling, else by R17's verdict.
func (tk *Ticket) comparableNow() bool {
	if tk.Ruling != nil {
		return *tk.Ruling
	}
	return tk.Comparable
}

// fought reports whether the ticket's armies fight a battle: comparable,
// and both sides accepting it.
func (tk *Ticket) fought() bool {
	return tk.comparableNow() && tk.Sides[0].Accepts && tk.Sides[1].Accepts
}

// settled reports whether the arbiter has said all the ticket needs: the
// result of a battle fought, or a ruling after which none is.
func (tk *Ticket) settled() bool {
	return tk.Result != nil || tk.Abstract || tk.Ruling != nil && !tk.fought()
}

// involved are the powers a ticket concerns: its sides and the powers of
// their reinforcements.
func (tk *Ticket) involved() []string {
	var out []string
	for _, sd := range tk.Sides {
		out = append(out, sd.Power)
		for _, r := range sd.Reinforcements {
			out = append(out, r.Power)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ticketEvents announce a ticket: to everyone, where and between whom;
// to the powers it concerns (and the arbiter), the ticket whole.
func (s *State) ticketEvents(tk *Ticket) []event {
	a, d := tk.Sides[0], tk.Sides[1]
	return []event{
		newEvent(nil, "%s: %s #%s and %s #%s meet in %s; the arbiter decides (spec §3.10)", tk.ID, "p:"+a.Power, fmt.Sprint(a.N), "p:"+d.Power, fmt.Sprint(d.N), "a:"+tk.At),
		{Text: "%s", Args: []string{textArg(func(l game.Lang) string { return s.ticketText(l, tk) })}, To: tk.involved()},
	}
}

// ticketText writes a ticket whole (spec §3.10): the forces, their
// reinforcements and arrival chances, R17's verdict, the stances, who
// builds the terrain, what the arbiter writes, and what the rules decide
// without him.
func (s *State) ticketText(l game.Lang, tk *Ticket) string {
	var b strings.Builder
	place := landName(s, tk.At)
	b.WriteString(f(l, "Battle ticket %s, %s (spec §3.10):", tk.ID, place) + "\n")
	for i, sd := range tk.Sides {
		role := "attacker"
		if i == 1 {
			role = "defender"
		}
		from := t(l, "it stood")
		if sd.From != "" {
			from = f(l, "from %s", landName(s, sd.From))
		}
		b.WriteString("  " + f(l, "%s: %s #%d, %s: %s (%d elements, rout level %d, worth %d)",
			t(l, role), powerName(l, sd.Power), sd.N, from, sd.Elements.String(), sd.Elements.Troops(), routLevel(sd.Elements), value(sd.Elements, false)) + "\n")
		for _, r := range sd.Reinforcements {
			b.WriteString("    " + f(l, "reinforcement: %s", s.reinforcementText(l, r)) + "\n")
		}
	}
	b.WriteString("  " + f(l, "potential strength (R17): %d against %d: %s", tk.Sides[0].Potential, tk.Sides[1].Potential, verdictText(l, tk.Comparable)) + "\n")
	stance := func(sd TicketSide) string {
		if sd.Accepts {
			return f(l, "%s accepts battle", powerName(l, sd.Power))
		}
		return f(l, "%s refuses battle", powerName(l, sd.Power))
	}
	b.WriteString("  " + f(l, "stances (R34): %s; %s", stance(tk.Sides[0]), stance(tk.Sides[1])) + "\n")
	att, def := powerName(l, tk.Sides[0].Power), powerName(l, tk.Sides[1].Power)
	switch tk.Terrain {
	case OwnLand:
		b.WriteString("  " + f(l, "terrain: %s builds it and picks the side, attacked in its own territory (seed §8)", def) + "\n")
	case Meeting:
		b.WriteString("  " + f(l, "terrain: a meeting engagement, %s attacks (the higher D6); the arbiter builds the terrain and draws the sides at random (seed §8)", att) + "\n")
	default:
		b.WriteString("  " + f(l, "terrain: %s, the defender, builds it (seed §8); %s picks the side", def, att) + "\n")
	}
	b.WriteString("  " + f(l, "the arbiter writes: %s", arbiterSyntax(l, tk)) + "\n")
	b.WriteString("  " + f(l, "without his word by the deadline: %s", s.byRules(l, tk)) + "\n")
	return strings.TrimRight(b.String(), "\n")
}

// routLevel is an army's rout level: a third of its troops, rounded up
// (seed §8).
func routLevel(es Elements) int { return (es.Troops() + 2) / 3 }

// verdictText is R17's verdict, or the arbiter's ruling, in l.
func verdictText(l game.Lang, comparable bool) string {
	if comparable {
		return t(l, "comparable")
	}
	return t(l, "not comparable")
}

// reinforcementText writes a reinforcement with its arrival chance.
func (s *State) reinforcementText(l game.Lang, r TicketReinforcement) string {
	where := landName(s, r.At)
	switch {
	case r.Fleet:
		return f(l, "%s F%d in %s, one artillery, on a D6 of 6 at the end of each battle turn", powerName(l, r.Power), r.N, where)
	case r.Army:
		return f(l, "%s #%d, allied army in %s (%s), on a D6 of 6 at the end of each battle turn: it ends the battle won for the allies, unless the enemy has Swiss or Ottomans (seed §8)", powerName(l, r.Power), r.N, where, r.Elements.String())
	}
	return f(l, "%s #%d, contingent in %s (%s), on a D6 of %d-6 at the end of each battle turn", powerName(l, r.Power), r.N, where, r.Elements.String(), r.Need)
}

// byRules says what decides a ticket without the arbiter's word.
func (s *State) byRules(l game.Lang, tk *Ticket) string {
	a, d := tk.Sides[0], tk.Sides[1]
	switch {
	case !tk.Comparable:
		return f(l, "%s, the weaker, withdraws paying attrition (seed §7, R17)", powerName(l, tk.weaker().Power))
	case !a.Accepts || !d.Accepts:
		return t(l, "no battle: who refuses withdraws (seed §8)")
	}
	return t(l, "the abstract battle (Appendix C)")
}

// arbiterSyntax is what the arbiter writes for a ticket, in l, with its
// sides' names.
func arbiterSyntax(l game.Lang, tk *Ticket) string {
	a, d := powerName(l, tk.Sides[0].Power), powerName(l, tk.Sides[1].Power)
	if l == game.Italian {
		return fmt.Sprintf("ARBITRO BATTAGLIA %s ESITO %s|%s|NESSUNO ROTTA|TEMPO PERDITE %s <n> %s <n> [RINFORZI ...] -- <motivo>, o ARBITRO CONFRONTABILI %s SI|NO -- <motivo>", tk.ID, a, d, a, d, tk.ID)
	}
	return fmt.Sprintf("ARBITER BATTLE %s RESULT %s|%s|NONE ROUT|TIME LOSSES %s <n> %s <n> [REINFORCEMENTS ...] -- <reason>, or ARBITER COMPARABLE %s YES|NO -- <reason>", tk.ID, a, d, a, d, tk.ID)
}

// ticketsText lists the round's open tickets, for the position: where
// and between whom (the results that opened a ticket gave it whole to
// the powers it concerns), and to the arbiter his word so far.
func (s *State) ticketsText(l game.Lang, to game.Viewer) string {
	var b strings.Builder
	for _, tk := range s.openTickets() {
		b.WriteString("  " + s.eventText(l, s.ticketEvents(tk)[0]) + "\n")
		if to.Master {
			b.WriteString("    " + s.wordText(l, tk) + "\n")
		}
	}
	return b.String()
}

// wordText is what the arbiter has said of a ticket so far, for him.
func (s *State) wordText(l game.Lang, tk *Ticket) string {
	var said []string
	if tk.Ruling != nil {
		said = append(said, f(l, "ruled %s", verdictText(l, *tk.Ruling)))
	}
	if tk.Result != nil {
		said = append(said, f(l, "result: %s", s.resultText(l, tk)))
	}
	if tk.Abstract {
		said = append(said, t(l, "the abstract battle decides"))
	}
	if len(said) == 0 {
		return t(l, "your word: none yet")
	}
	return f(l, "your word: %s", strings.Join(said, "; "))
}

// resultText writes a ticket's result: "Venice routs Florence, losses 2
// and 7".
func (s *State) resultText(l game.Lang, tk *Ticket) string {
	res := tk.Result
	a, d := tk.Sides[0], tk.Sides[1]
	losses := f(l, "losses %s %d, %s %d", powerName(l, a.Power), res.Losses[0], powerName(l, d.Power), res.Losses[1])
	var arrived []string
	for _, u := range res.Arrived {
		arrived = append(arrived, unitText(l, u))
	}
	if len(arrived) > 0 {
		losses += "; " + f(l, "reinforcements come: %s", strings.Join(arrived, ", "))
	}
	if !res.Rout {
		return f(l, "ended by time, nobody wins (%s)", losses)
	}
	loser := a.Power
	if loser == res.Winner {
		loser = d.Power
	}
	return f(l, "%s routs %s (%s)", powerName(l, res.Winner), powerName(l, loser), losses)
}

// unitText writes a unit: "Papacy #2", "Venice F1".
func unitText(l game.Lang, u Unit) string {
	if u.Fleet {
		return fmt.Sprintf("%s F%d", powerName(l, u.Power), u.N)
	}
	return fmt.Sprintf("%s #%d", powerName(l, u.Power), u.N)
}

// checkBattles says what is wrong with a round's stored position.
func (r *Rules) checkBattles(ph Phase, pos *Position) error {
	br := pos.Battles
	switch {
	case ph.Battles() != (br != nil):
		return fmt.Errorf("phase %s with battle tickets: %v", pos.Phase, br != nil)
	case br == nil:
		return nil
	case br.Start == nil:
		return fmt.Errorf("battle round %s: no start", pos.Phase)
	}
	start, err := parsePhase(br.Start.Phase, LastYear)
	if err != nil || start != ph.Turn() || br.Start.Battles != nil {
		return fmt.Errorf("battle round %s: the turn starts at %q", pos.Phase, br.Start.Phase)
	}
	if err := r.check(br.Start); err != nil {
		return fmt.Errorf("battle round %s: start: %w", pos.Phase, err)
	}
	for _, tk := range br.Tickets {
		if r.board.ByID(tk.At) == machiavelli.NoArea {
			return fmt.Errorf("battle ticket %s in %q", tk.ID, tk.At)
		}
	}
	return nil
}
