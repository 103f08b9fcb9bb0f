package table

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/dice"
)

// Master owns the decisions that are the moderator's (a ruling, an event
// card the data does not describe): the game master answers them with
// RULE.
const Master = "master"

// A Decision is a step that waits for one owner's answer.
type Decision struct {
	// Seat owns it: a seat's ID, or Master.
	Seat string `json:"seat"`
	// Kind is the phase kind: the game's deadline setting for it, and
	// which queued or standing answers it takes.
	Kind string `json:"kind"`
	// Prompt is the question as the owner reads it.
	Prompt Msg `json:"prompt"`
	// Answers are the legal answers written out, canonical; none for a
	// free answer (a script) that the game reads.
	Answers []string `json:"answers,omitempty"`
	// Default is the answer the deadline applies ("" for none: the game's
	// Apply then acts as the rules say for a player who did nothing).
	Default string `json:"default,omitempty"`
	// Data is the game's own detail of the decision (the land attacked).
	Data string `json:"data,omitempty"`
}

// A Piece is a figure on the board.
type Piece struct {
	Kind  string `json:"kind"`
	Owner string `json:"owner,omitempty"`
	// Tag says more of it, for the game: the empire an army is of.
	Tag string `json:"tag,omitempty"`
}

func (p Piece) String() string {
	s := p.Kind
	if p.Owner != "" {
		s += " " + p.Owner
	}
	if p.Tag != "" {
		s += " (" + p.Tag + ")"
	}
	return s
}

// A Queued answer waits for its seat's next decision of its kind.
type Queued struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Table is the engine's part of a game's state; the game's state embeds
// it and adds its own.
type Table struct {
	// Stage names the part of the game the phases belong to ("E2"); the
	// phase ID is Stage-Step.
	Stage string `json:"stage"`
	// Step counts the decisions taken: the phase's rank.
	Step int `json:"step"`
	// Pending are the decisions waiting, the first owed now.
	Pending []Decision `json:"pending,omitempty"`
	// Order is the seats in turn order, which the moderator may change.
	Order []string `json:"order"`
	// Hands are each seat's cards, which only the seat sees.
	Hands map[string][]string `json:"hands,omitempty"`
	// Secrets are markers each seat holds and sees; Sealed are markers a
	// seat holds and nobody but the moderator sees (a pre-eminence
	// marker, hidden even from its holder).
	Secrets map[string][]string `json:"secrets,omitempty"`
	Sealed  map[string][]string `json:"sealed,omitempty"`
	// Decks are cards face down, top first; nobody but the moderator
	// sees their order.
	Decks map[string][]string `json:"decks,omitempty"`
	// Board is the pieces in each place.
	Board map[string][]Piece `json:"board,omitempty"`
	// Tracks are numbers by track and key: "score" -> seat -> points.
	Tracks map[string]map[string]int `json:"tracks,omitempty"`
	// Queue are answers sent ahead, per seat, in the order sent;
	// Standing are the answers that answer every decision of a kind, per
	// seat and kind.
	Queue    map[string][]Queued          `json:"queue,omitempty"`
	Standing map[string]map[string]string `json:"standing,omitempty"`
	// Auto are seats whose decisions the game's bot takes (Bot).
	Auto []string `json:"auto,omitempty"`
	// Ruling is the moderator's answer to a decision of Master's, given
	// with RULE, applied when the phase is resolved.
	Ruling string `json:"ruling,omitempty"`

	// events are what happened while resolving, for the record.
	events []Msg
}

// Now is the decision owed now; nil when none is pending.
func (t *Table) Now() *Decision {
	if len(t.Pending) == 0 {
		return nil
	}
	return &t.Pending[0]
}

// Ask queues a decision after the pending ones.
func (t *Table) Ask(d Decision) { t.Pending = append(t.Pending, d) }

// AskFirst puts a decision before the pending ones: an answer the
// current step needs before it goes on (a defender's forces).
func (t *Table) AskFirst(d Decision) { t.Pending = append([]Decision{d}, t.Pending...) }

// Log records an event for the results.
func (t *Table) Log(m Msg) { t.events = append(t.events, m) }

// Tell records an event only the seats named (and the moderator) read.
func (t *Table) Tell(seats []string, m Msg) {
	m.To = slices.Clone(seats)
	t.events = append(t.events, m)
}

// Roll rolls n dice of sides faces, for what, and logs public rolls:
// the faces, highest first.
func (t *Table) Roll(d *dice.Source, what string, n, sides int, public bool) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = d.Roll(what, sides, public)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(out)))
	if public {
		t.Log(M("Dice for %s: %s.", what, Ints(out)))
	}
	return out
}

// Ints writes numbers for a Msg argument: "6 3 1".
func Ints(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

// Shuffle puts a deck in a random order nobody sees.
func (t *Table) Shuffle(d *dice.Source, deck string) {
	cards := t.Decks[deck]
	d.Shuffle("shuffle "+deck, len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// Draw takes the top card of a deck; false when it is empty.
func (t *Table) Draw(deck string) (string, bool) {
	cards := t.Decks[deck]
	if len(cards) == 0 {
		return "", false
	}
	t.Decks[deck] = cards[1:]
	return cards[0], true
}

// Deal draws n cards of deck into seat's hand; false when it ran out.
func (t *Table) Deal(deck, seat string, n int) bool {
	for range n {
		c, ok := t.Draw(deck)
		if !ok {
			return false
		}
		t.Give(seat, c)
	}
	return true
}

// Give puts a card in a seat's hand.
func (t *Table) Give(seat, card string) {
	if t.Hands == nil {
		t.Hands = map[string][]string{}
	}
	t.Hands[seat] = append(t.Hands[seat], card)
}

// Take takes a card from a seat's hand; false when it holds none.
func (t *Table) Take(seat, card string) bool {
	i := slices.Index(t.Hands[seat], card)
	if i < 0 {
		return false
	}
	t.Hands[seat] = slices.Delete(t.Hands[seat], i, i+1)
	return true
}

// Add changes a track by n.
func (t *Table) Add(track, key string, n int) {
	if t.Tracks == nil {
		t.Tracks = map[string]map[string]int{}
	}
	if t.Tracks[track] == nil {
		t.Tracks[track] = map[string]int{}
	}
	t.Tracks[track][key] += n
}

// Get is a track's value for key.
func (t *Table) Get(track, key string) int { return t.Tracks[track][key] }

// Put places a piece.
func (t *Table) Put(place string, p Piece) {
	if t.Board == nil {
		t.Board = map[string][]Piece{}
	}
	t.Board[place] = append(t.Board[place], p)
}

// Remove removes the first piece in place that match accepts; false for
// none.
func (t *Table) Remove(place string, match func(Piece) bool) bool {
	i := slices.IndexFunc(t.Board[place], match)
	if i < 0 {
		return false
	}
	t.Board[place] = slices.Delete(t.Board[place], i, i+1)
	if len(t.Board[place]) == 0 {
		delete(t.Board, place)
	}
	return true
}

// Find is the first piece in place that match accepts.
func (t *Table) Find(place string, match func(Piece) bool) (Piece, bool) {
	i := slices.IndexFunc(t.Board[place], match)
	if i < 0 {
		return Piece{}, false
	}
	return t.Board[place][i], true
}

// Is matches pieces of a kind (and owner, where given).
func Is(kind, owner string) func(Piece) bool {
	return func(p Piece) bool { return p.Kind == kind && (owner == "" || p.Owner == owner) }
}

// Enqueue keeps an answer sent ahead for the seat's next decision of
// its kind.
func (t *Table) Enqueue(seat string, q Queued) {
	if t.Queue == nil {
		t.Queue = map[string][]Queued{}
	}
	t.Queue[seat] = append(t.Queue[seat], q)
}

// Stand keeps an answer for every decision of kind of the seat's;
// "" withdraws it.
func (t *Table) Stand(seat, kind, text string) {
	if t.Standing == nil {
		t.Standing = map[string]map[string]string{}
	}
	if t.Standing[seat] == nil {
		t.Standing[seat] = map[string]string{}
	}
	if text == "" {
		delete(t.Standing[seat], kind)
		return
	}
	t.Standing[seat][kind] = text
}

// queued takes the seat's queued answers of kind off the queue.
func (t *Table) queued(seat, kind string) []string {
	var out []string
	var keep []Queued
	for _, q := range t.Queue[seat] {
		if q.Kind == kind {
			out = append(out, q.Text)
		} else {
			keep = append(keep, q)
		}
	}
	if len(out) > 0 {
		t.Queue[seat] = keep
	}
	return out
}
