package history

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// Decision kinds, each a phase kind with its own deadline.
const (
	kindSetup = "setup"
	kindDraft = "draft"
	kindTurn  = "turn"
	kindEvent = "event"
)

// Play is a game of History of the World between two decisions.
type Play struct {
	table.Table
	Data  *Data `json:"data"`
	Epoch int   `json:"epoch"`
	// DrawOrder is the epoch's draft order; Drawn how many have drawn.
	DrawOrder []string `json:"draw_order,omitempty"`
	Drawn     int      `json:"drawn"`
	// Empire is each seat's empire this epoch; Received marks a card
	// passed, which its holder may not look at before the draft ends.
	Empire   map[string]string `json:"empire,omitempty"`
	Received map[string]bool   `json:"received,omitempty"`
	// Led are the empires each seat led, an epoch each, for the ties.
	Led map[string][]string `json:"led,omitempty"`
	// Called counts the epoch's empires called so far.
	Called int   `json:"called"`
	Turn   *Turn `json:"turn,omitempty"`
	Over   bool  `json:"over,omitempty"`
}

// Turn is what an empire's turn keeps while it is played.
type Turn struct {
	Seat    string   `json:"seat"`
	Empire  string   `json:"empire"`
	Supply  int      `json:"supply"`
	Lost    int      `json:"lost"`
	Coins   int      `json:"coins"`
	Leader  bool     `json:"leader,omitempty"`
	Weapons bool     `json:"weapons,omitempty"`
	Fleets  []string `json:"fleets,omitempty"`
	Played  []string `json:"played,omitempty"`
	Placed  bool     `json:"placed,omitempty"`
	// Rest is the script's lines after a card the moderator applies,
	// run once it has.
	Rest []string `json:"rest,omitempty"`
}

func (p *Play) Base() *table.Table    { return &p.Table }
func (p *Play) Dict() game.Dictionary { return italian }

func (p *Play) Title(stage string) table.Msg {
	if stage == "E0" {
		return table.M("setup")
	}
	return table.M("epoch %s", roman(p.Epoch))
}

func roman(n int) string {
	return [...]string{"0", "I", "II", "III", "IV", "V", "VI", "VII"}[min(max(n, 0), 7)]
}

// decodePlay reads a Play back from its JSON.
var decodePlay = table.Decoder[Play]

// newPlay is a game before its setup: the sample data, and the
// moderator asked to send the group's data or to start.
func newPlay(seats []string, data *Data) *Play {
	p := &Play{Table: table.Table{Stage: "E0", Order: seats}, Data: data}
	p.askSetup()
	return p
}

// askSetup asks the moderator for the group's data, or to start.
func (p *Play) askSetup() { p.AskData(kindSetup, p.Data.Placeholders) }

// Apply carries out a decision.
func (p *Play) Apply(dec table.Decision, answers []string, byDefault bool, d *dice.Source) error {
	switch dec.Kind {
	case kindSetup:
		return p.setup(d)
	case kindDraft:
		p.draft(dec, answers[0], d)
	case kindTurn:
		p.turn(answers, d)
	case kindEvent:
		// The moderator has applied the card by EDIT: the turn goes on.
		if p.Turn != nil {
			p.turn(p.Turn.Rest, d)
		}
	}
	return nil
}

// setup deals each seat 3 greater and 7 lesser events, shuffles the
// pre-eminence markers, and rolls epoch I's draw order (Cap. II, III).
func (p *Play) setup(d *dice.Source) error {
	if errs := p.Data.Fit(len(p.Order)); len(errs) > 0 {
		for _, e := range errs {
			p.Log(e)
		}
		p.Log(table.M("The data does not fit the game: send DATA again."))
		p.askSetup()
		return nil
	}
	p.Decks = map[string][]string{}
	for _, id := range mapsKeys(p.Data.Events) {
		deck := "lesser"
		if p.Data.Events[id].Greater {
			deck = "greater"
		}
		p.Decks[deck] = append(p.Decks[deck], id)
	}
	for _, v := range p.Data.Preeminence {
		p.Decks["preeminence"] = append(p.Decks["preeminence"], strconv.Itoa(v))
	}
	for _, deck := range []string{"greater", "lesser", "preeminence"} {
		p.Shuffle(d, deck)
	}
	for _, s := range p.Order {
		p.Deal("greater", s, 3)
		p.Deal("lesser", s, 7)
	}
	// Epoch I: each rolls two dice; the highest draws first, then
	// clockwise. The rulebook leaves ties open: the earlier seat of the
	// tied wins.
	best, first := 0, 0
	for i, s := range p.Order {
		r := p.Roll(d, "draw order: "+s, 2, 6, true)
		if r[0]+r[1] > best {
			best, first = r[0]+r[1], i
		}
	}
	p.DrawOrder = append(slices.Clone(p.Order[first:]), p.Order[:first]...)
	p.Led = map[string][]string{}
	p.startEpoch(1, d)
	return nil
}

func mapsKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// startEpoch shuffles the epoch's empire cards and asks the first draw.
func (p *Play) startEpoch(ep int, d *dice.Source) {
	p.Epoch, p.Stage, p.Drawn, p.Called = ep, "E"+strconv.Itoa(ep), 0, 0
	p.Empire, p.Received = map[string]string{}, map[string]bool{}
	p.Decks["empires"] = nil
	for _, e := range p.Data.epoch(ep) {
		p.Decks["empires"] = append(p.Decks["empires"], e.ID)
	}
	p.Shuffle(d, "empires")
	p.Log(table.M("Epoch %s begins. Draw order: %s.", roman(ep), strings.Join(p.DrawOrder, ", ")))
	p.askDraw()
}

// askDraw draws the next drawer's card and asks what to do with it:
// keep it (with none yet) or pass it face down to a seat with none.
func (p *Play) askDraw() {
	drawer := p.DrawOrder[p.Drawn]
	card, _ := p.Draw("empires")
	var answers []string
	if p.Empire[drawer] == "" {
		answers = append(answers, "KEEP")
	}
	for _, s := range p.DrawOrder {
		if s != drawer && p.Empire[s] == "" {
			answers = append(answers, "PASS "+s)
		}
	}
	e := p.Data.empire(card)
	p.Ask(table.Decision{Seat: drawer, Kind: kindDraft, Data: card, Answers: answers, Default: answers[0],
		Prompt: table.M("You drew the %s (strength %s, start %s). Keep the card, or pass it face down to a player who has none.", e.ID, e.Strength, e.Start)})
}

func (p *Play) draft(dec table.Decision, answer string, d *dice.Source) {
	card := dec.Data
	if p.Empire == nil {
		p.Empire = map[string]string{}
	}
	if p.Received == nil {
		p.Received = map[string]bool{}
	}
	if to, ok := strings.CutPrefix(answer, "PASS "); ok {
		p.Empire[to], p.Received[to] = card, true
		p.Log(table.M("%s passed a card face down to %s.", dec.Seat, to))
		p.Tell([]string{dec.Seat}, table.M("You passed the %s to %s.", card, to))
	} else {
		p.Empire[dec.Seat] = card
		p.Log(table.M("%s kept a card.", dec.Seat))
	}
	p.Drawn++
	if p.Drawn < len(p.DrawOrder) {
		p.askDraw()
		return
	}
	// The draft is over: each looks at the card held; the rest go back
	// to the box unseen.
	p.Decks["empires"] = nil
	for _, s := range p.Order {
		p.Tell([]string{s}, table.M("%s leads the %s in epoch %s.", s, p.Empire[s], roman(p.Epoch)))
		if p.Led == nil {
			p.Led = map[string][]string{}
		}
		p.Led[s] = append(p.Led[s], p.Empire[s])
	}
	p.Received = nil
	p.callNext(d)
}

// callNext calls the epoch's empires in their order: the holder of the
// next reveals it and plays its turn; when none is left, the epoch ends.
func (p *Play) callNext(d *dice.Source) {
	order := p.Data.epoch(p.Epoch)
	for p.Called < len(order) {
		e := order[p.Called]
		p.Called++
		for _, s := range p.Order {
			if p.Empire[s] == e.ID {
				p.prepare(s, e)
				return
			}
		}
	}
	p.endEpoch(d)
}

// prepare is Cap. V "Preparazione": the supply, the fleets, the capital
// and the first army in the start land.
func (p *Play) prepare(seat string, e Empire) {
	t := &Turn{Seat: seat, Empire: e.ID, Supply: e.Strength}
	for _, s := range e.Seas {
		t.Fleets = appendNew(t.Fleets, s)
		if sea := p.Data.Seas[s]; sea != nil && sea.Ocean {
			for _, l := range sea.Links {
				t.Fleets = appendNew(t.Fleets, l)
			}
		}
	}
	p.Turn = t
	p.Log(table.M("The %s (strength %s) are called: %s plays them.", e.ID, e.Strength, seat))
	// The start land is cleared of armies and forts; monuments stay. A
	// capital or city there gives way to the new capital (a ruling).
	start := e.Start
	for p.Remove(start, func(pc table.Piece) bool { return pc.Kind != "monument" }) {
	}
	if e.Capital {
		p.Put(start, table.Piece{Kind: "capital", Owner: seat, Tag: e.ID})
	}
	p.Put(start, table.Piece{Kind: "army", Owner: seat, Tag: e.ID})
	t.Supply--
	hand := p.Hands[seat]
	p.Ask(table.Decision{Seat: seat, Kind: kindTurn, Data: e.ID,
		Prompt: table.M("Your turn with the %s: %s armies to place from %s; fleets in %s; your cards %s. Send the turn's script, a line each, cards first: PLAY <card>; EXPAND <land>[,<land>...] [FROM <land>] [TRY <n>]; SEA <land> [TRY <n>]; FORT <land>; DONE. Lands next to your armies: %s.",
			e.ID, t.Supply, start, orNone(t.Fleets), orNone(hand), orNone(p.frontier())), Default: "DONE"})
}

func orNone(ws []string) string {
	if len(ws) == 0 {
		return "-"
	}
	return strings.Join(ws, ", ")
}

func appendNew(ws []string, w string) []string {
	if slices.Contains(ws, w) {
		return ws
	}
	return append(ws, w)
}

// active reports whether the land holds an army of the empire played.
func (p *Play) active(land string) bool {
	_, ok := p.Find(land, func(pc table.Piece) bool {
		return pc.Kind == "army" && pc.Tag == p.Turn.Empire && pc.Owner == p.Turn.Seat
	})
	return ok
}

// frontier are the lands an army of the active empire may enter by land.
func (p *Play) frontier() []string {
	var out []string
	for _, id := range mapsKeys(p.Data.Lands) {
		if !p.active(id) && !p.Data.Lands[id].Barren && len(p.sources(id)) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// sources are the lands holding an active army next to land.
func (p *Play) sources(land string) []string {
	var out []string
	for _, b := range p.Data.Borders {
		other := ""
		switch land {
		case b.A:
			other = b.B
		case b.B:
			other = b.A
		}
		if other != "" && p.active(other) {
			out = append(out, other)
		}
	}
	slices.Sort(out)
	return out
}

// bySea reports whether land can be reached from an active army by a
// chain of seas holding the empire's fleets.
func (p *Play) bySea(land string) bool {
	l := p.Data.Lands[land]
	if l == nil {
		return false
	}
	reach := map[string]bool{}
	var queue []string
	for _, id := range mapsKeys(p.Data.Lands) {
		if p.active(id) {
			for _, s := range p.Data.Lands[id].Coast {
				if slices.Contains(p.Turn.Fleets, s) && !reach[s] {
					reach[s] = true
					queue = append(queue, s)
				}
			}
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, n := range p.Data.Seas[s].Links {
			if slices.Contains(p.Turn.Fleets, n) && !reach[n] {
				reach[n] = true
				queue = append(queue, n)
			}
		}
	}
	return slices.ContainsFunc(l.Coast, func(s string) bool { return reach[s] })
}

// endEpoch gives the sole leader a sealed pre-eminence marker, and
// starts the next epoch's draft, or ends the game after epoch VII.
func (p *Play) endEpoch(d *dice.Source) {
	p.Turn = nil
	lead, best, tied := "", -1, false
	for _, s := range p.Order {
		switch v := p.Get("score", s); {
		case v > best:
			lead, best, tied = s, v, false
		case v == best:
			tied = true
		}
	}
	if tied {
		p.Log(table.M("Epoch %s ends with the lead tied: no pre-eminence marker.", roman(p.Epoch)))
	} else if m, ok := p.Draw("preeminence"); ok {
		if p.Sealed == nil {
			p.Sealed = map[string][]string{}
		}
		p.Sealed[lead] = append(p.Sealed[lead], m)
		p.Log(table.M("Epoch %s ends: %s leads and draws a sealed pre-eminence marker.", roman(p.Epoch), lead))
	}
	if p.Epoch == Epochs {
		p.Over = true
		return
	}
	// Fewest points first; then the lower strength played last epoch;
	// then whoever played earlier in it.
	last := func(s string) Empire { return p.Data.empire(p.Empire[s]) }
	order := slices.Clone(p.Order)
	slices.SortStableFunc(order, func(a, b string) int {
		if x, y := p.Get("score", a), p.Get("score", b); x != y {
			return x - y
		}
		if x, y := last(a).Strength, last(b).Strength; x != y {
			return x - y
		}
		return last(a).Order - last(b).Order
	})
	p.DrawOrder = order
	p.startEpoch(p.Epoch+1, d)
}

// End: after epoch VII the markers are revealed, and the most points
// win; ties go to the lower total strength led, then the more
// pre-eminence points, then the lower strength in epoch VII.
func (p *Play) End() *game.Ending {
	if !p.Over {
		return nil
	}
	total := map[string]int{}
	pre := map[string]int{}
	strength := map[string]int{}
	for _, s := range p.Order {
		for _, m := range p.Sealed[s] {
			n, _ := strconv.Atoi(m)
			pre[s] += n
		}
		total[s] = p.Get("score", s) + pre[s]
		for _, e := range p.Led[s] {
			strength[s] += p.Data.empire(e).Strength
		}
	}
	ranked := slices.Clone(p.Order)
	slices.SortStableFunc(ranked, func(a, b string) int {
		if total[a] != total[b] {
			return total[b] - total[a]
		}
		if strength[a] != strength[b] {
			return strength[a] - strength[b]
		}
		if pre[a] != pre[b] {
			return pre[b] - pre[a]
		}
		return p.Data.empire(p.Empire[a]).Strength - p.Data.empire(p.Empire[b]).Strength
	})
	w := ranked[0]
	var parts []string
	for _, s := range ranked {
		parts = append(parts, fmt.Sprintf("%s %d", s, total[s]))
	}
	m := table.M("%s wins with %s points, pre-eminence markers revealed (%s)", w, total[w], strings.Join(parts, ", "))
	return &game.Ending{Winners: []string{w}, Text: m.Text(italian)}
}
