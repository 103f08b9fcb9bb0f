package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/store"
)

// turns is a second game, written against the contract alone and known
// to the judge only as a registered Kind: the evidence that a game is a
// package to write and nothing in judge/ to change. Two seats take turns
// (only the active one owes orders); each holds a hand of cards, dealt
// by the game's dice and shown only to its holder; on its turn a seat
// plays a card, and a die is rolled and added to it. After four turns
// the most points win.
type turnsKind struct{}

func (turnsKind) Name() string { return "turns" }

func (turnsKind) Configure(settings map[string]string) (game.Rules, error) {
	for key := range settings {
		return nil, fmt.Errorf("%q is no setting of turns", key)
	}
	return turnsRules{}, nil
}

type turnsRules struct{}

// Commands are the game's own (game.Commander): a player GIVEs a card
// to the other at once, which everyone is told of but for the card; the
// master gives points (BONUS <seat> <points>).
func (turnsKind) Commands() []game.Command {
	return []game.Command{
		{Verb: "GIVE", Syntax: [game.Langs]string{"GIVE <card>", "GIVE <carta>"}, Help: [game.Langs]string{"give a card to the other player", "dai una carta all'altro giocatore"},
			Do: func(st game.State, side []string, args string) (game.State, game.Text, game.Text, error) {
				s := st.(*turnsState)
				card, err := strconv.Atoi(strings.TrimSpace(args))
				if err != nil || !slices.Contains(s.Hands[side[0]], card) {
					return nil, nil, nil, &game.Refusal{Reason: text("you hold no card %s", args)}
				}
				other := map[string]string{"red": "blue", "blue": "red"}[side[0]]
				next := s.clone()
				next.Hands[side[0]] = slices.DeleteFunc(next.Hands[side[0]], func(c int) bool { return c == card })
				next.Hands[other] = append(next.Hands[other], card)
				slices.Sort(next.Hands[other])
				return next, text("%d given to %s.", card, other), text("%s gave %s a card.\n", side[0], other), nil
			}},
		{Verb: "DECK", Master: true, Block: true, Syntax: [game.Langs]string{"DECK ... ENDDECK", "DECK ... ENDDECK"}, Help: [game.Langs]string{"the cards of a hand, a line each", "le carte di una mano, una per riga"},
			Do: func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
				head, body, _ := strings.Cut(args, "\n")
				next := st.(*turnsState).clone()
				var hand []int
				for _, l := range strings.Fields(body) {
					n, err := strconv.Atoi(l)
					if err != nil {
						return nil, nil, nil, &game.Refusal{Reason: text("%q is no card", l)}
					}
					hand = append(hand, n)
				}
				next.Hands[strings.TrimSpace(head)] = hand
				return next, text("%s holds %v.", head, hand), nil, nil
			}},
		{Verb: "BONUS", Master: true, Syntax: [game.Langs]string{"BONUS <seat> <points>", "BONUS <posto> <punti>"}, Help: [game.Langs]string{"give a seat points", "dai punti a un posto"},
			Do: func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
				f := strings.Fields(args)
				if len(f) != 2 {
					return nil, nil, nil, &game.Refusal{Reason: text("expected BONUS <seat> <points>")}
				}
				n, err := strconv.Atoi(f[1])
				if err != nil {
					return nil, nil, nil, &game.Refusal{Reason: text("expected BONUS <seat> <points>")}
				}
				next := st.(*turnsState).clone()
				next.Score[f[0]] += n
				return next, text("%s has %d points.", f[0], next.Score[f[0]]), nil, nil
			}},
	}
}

var turnSeats = []game.Seat{
	{ID: "red", Name: func(l game.Lang) string { return map[game.Lang]string{game.English: "Red", game.Italian: "Rosso"}[l] }},
	{ID: "blue", Name: func(l game.Lang) string { return map[game.Lang]string{game.English: "Blue", game.Italian: "Blu"}[l] }},
}

func (turnsRules) Seats() []game.Seat { return turnSeats }

func (turnsRules) Seat(name string) (string, bool) {
	for _, s := range turnSeats {
		for l := range game.Langs {
			if strings.EqualFold(name, s.ID) || strings.EqualFold(name, s.Name(l)) {
				return s.ID, true
			}
		}
	}
	return "", false
}

// Start deals three cards of ten to each seat, shuffled by the dice.
func (turnsRules) Start(absent []string, d *dice.Source) (game.State, error) {
	cards := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	d.Shuffle("the deck", len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	red, blue := slices.Clone(cards[:3]), slices.Clone(cards[3:6])
	slices.Sort(red)
	slices.Sort(blue)
	return &turnsState{Turn: 1, Hands: map[string][]int{"red": red, "blue": blue}, Score: map[string]int{}}, nil
}

func (turnsRules) Decode(data []byte) (game.State, error) {
	st := &turnsState{}
	return st, json.Unmarshal(data, st)
}

func (turnsRules) Phase(text string) (game.Phase, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(text)), "T"))
	if err != nil || !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(text)), "T") {
		return game.Phase{}, fmt.Errorf("expected a turn such as T2")
	}
	return turnPhase(n), nil
}

func turnPhase(n int) game.Phase {
	return game.Phase{ID: "T" + strconv.Itoa(n), Kind: "movement", Rank: n, Title: func(l game.Lang) string {
		if l == game.Italian {
			return fmt.Sprintf("turno %d (T%d)", n, n)
		}
		return fmt.Sprintf("turn %d (T%d)", n, n)
	}}
}

type turnsState struct {
	Turn  int              `json:"turn"`
	Hands map[string][]int `json:"hands"`
	Score map[string]int   `json:"score"`
}

func (s *turnsState) clone() *turnsState {
	out := &turnsState{Turn: s.Turn, Hands: map[string][]int{}, Score: map[string]int{}}
	for k, v := range s.Hands {
		out.Hands[k] = slices.Clone(v)
	}
	for k, v := range s.Score {
		out.Score[k] = v
	}
	return out
}

func (s *turnsState) active() string { return turnSeats[(s.Turn-1)%2].ID }

func (s *turnsState) Phase() game.Phase { return turnPhase(s.Turn) }

func (s *turnsState) Owing() []string { return []string{s.active()} }

func text(format string, args ...any) game.Text {
	return func(game.Lang) string { return fmt.Sprintf(format, args...) }
}

func (s *turnsState) Read(side []string, line string, _ []game.Order) ([]game.Reading, error) {
	f := strings.Fields(line)
	switch {
	case line == "CRASH": // a game's bug, for TestGameFaultSetAside
		panic("the test game crashes")
	case line == "FAIL":
		return nil, errors.New("the test game fails")
	case len(f) > 0 && strings.EqualFold(f[0], "SHEET"):
		// A heading: understood, and no order.
		return []game.Reading{{Written: line, Note: text("the sheet of %s", side[0])}}, nil
	case len(f) == 2 && strings.EqualFold(f[0], "STRATEGY"):
		// A standing instruction, which the next turn keeps.
		return []game.Reading{{Written: line, Order: game.Order{Seat: side[0], Key: "strategy", Text: "STRATEGY " + strings.ToLower(f[1])}}}, nil
	}
	if len(f) != 2 || !strings.EqualFold(f[0], "PLAY") {
		return []game.Reading{{Written: line, Refused: &game.Refusal{NotOrder: true}}}, nil
	}
	if !slices.Contains(side, s.active()) {
		return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: text("it is %s's turn, not yours", s.active())}}}, nil
	}
	card, err := strconv.Atoi(f[1])
	if err != nil || !slices.Contains(s.Hands[s.active()], card) {
		return []game.Reading{{Written: line, Refused: &game.Refusal{Reason: text("you hold no card %s", f[1])}}}, nil
	}
	return []game.Reading{{Written: line, Order: game.Order{Seat: s.active(), Key: "play", Text: "PLAY " + f[1]}}}, nil
}

func (s *turnsState) Missing(seat string, standing []game.Order) []game.Text {
	if seat == s.active() && len(standing) == 0 {
		return []game.Text{text("a card to play")}
	}
	return nil
}

// turnRecord is what a turn came to.
type turnRecord struct {
	Seat    string `json:"seat"`
	Card    int    `json:"card"`
	Roll    int    `json:"roll"`
	Default bool   `json:"default,omitempty"`
}

// Resolve plays the active seat's card (its lowest, when it played
// none) and rolls the die for it.
func (s *turnsState) Resolve(orders []game.Order, d *dice.Source) (*game.Outcome, error) {
	seat := s.active()
	rec := turnRecord{Seat: seat, Card: s.Hands[seat][0], Default: true}
	var carried []game.Order
	for _, o := range orders {
		if o.Key == "strategy" {
			carried = append(carried, o)
			continue
		}
		if o.Seat == seat {
			rec.Card, _ = strconv.Atoi(strings.TrimPrefix(o.Text, "PLAY "))
			rec.Default = false
		}
	}
	if d != nil {
		rec.Roll = d.Roll("the die", 6, true)
	}
	next := &turnsState{Turn: s.Turn + 1, Hands: map[string][]int{}, Score: map[string]int{}}
	for k, v := range s.Hands {
		next.Hands[k] = slices.DeleteFunc(slices.Clone(v), func(c int) bool { return k == seat && c == rec.Card })
	}
	for k, v := range s.Score {
		next.Score[k] = v
	}
	next.Score[seat] += rec.Card + rec.Roll
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	out := &game.Outcome{Next: next, Record: data, Carried: carried}
	if next.Turn > 4 {
		win := "red"
		if next.Score["blue"] > next.Score["red"] {
			win = "blue"
		}
		out.End = &game.Ending{Winners: []string{win}, Text: text("%s wins with %d points.\n", win, next.Score[win])}
	}
	return out, nil
}

func (s *turnsState) Results(data []byte, next game.State, to game.Viewer) (game.Report, error) {
	var rec turnRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return game.Report{}, err
	}
	how := ""
	if rec.Default {
		how = " (by default: no card was played)"
	}
	return game.Report{
		Orders:   text("%s played %d%s.\n", rec.Seat, rec.Card, how),
		Events:   text("The die rolled %d.\n", rec.Roll),
		Position: next.Position(to),
	}, nil
}

// Position shows the scores to everyone, and a hand to its holder and the
// master only.
func (s *turnsState) Position(to game.Viewer) game.Text {
	var b strings.Builder
	fmt.Fprintf(&b, "Scores: red %d, blue %d.\n", s.Score["red"], s.Score["blue"])
	for _, seat := range []string{"red", "blue"} {
		if to.Master || slices.Contains(to.Seats, seat) {
			fmt.Fprintf(&b, "Hand of %s: %v.\n", seat, s.Hands[seat])
		}
	}
	return func(game.Lang) string { return b.String() }
}

func (s *turnsState) Encode() ([]byte, error) { return json.Marshal(s) }

// newTurnsGame starts the second game, "carte", by mail: its master
// creates it, seats red and blue and starts it.
func newTurnsGame(t *testing.T) (*fixture, string) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), turnsKind{})
	const pw = "mazzo-7-rosso"
	reply := f.send("gm@x.test", "CREATE carte "+pw+"\ngame turns\ndeadline 0 20 * * *\ngrace 30m")
	mustContain(t, "CREATE", reply, "Game carte created (turns).", `Deadlines: every phase "0 20 * * *", UTC; grace 30m0s`)
	reply = f.send("gm@x.test", "CREATE altra "+pw+"\ngame turns\nplayers 3")
	mustContain(t, "a setting of another game", reply, `game altra: "players" is no setting of turns. The game was not created.`)
	reply = f.send("gm@x.test", "SIGNON master@carte "+pw+"\nSEAT red red@players.test\nSEAT blue blue@players.test\nSTART")
	mustContain(t, "the master's mail", reply, "Red: now played by red@players.test", "Game carte has started")
	return f, pw
}

// Only the active player owes orders; the other is told whose turn it
// is; each player sees their own hand and no other; the results read
// differently to each.
func TestSecondGameTurnByTurn(t *testing.T) {
	f, _ := newTurnsGame(t)
	start := map[string]string{}
	for _, seat := range []string{"red", "blue"} {
		start[seat] = f.lastMail("start", seat+"@players.test")
		mustContain(t, seat+"'s start mail", start[seat], "Game carte has started. You play "+strings.ToUpper(seat[:1])+seat[1:], "Hand of "+seat)
	}
	if strings.Contains(start["red"], "Hand of blue") || strings.Contains(start["blue"], "Hand of red") {
		t.Fatalf("a start mail shows another's hand:\n%s\n%s", start["red"], start["blue"])
	}
	red, blue := f.password("red@players.test"), f.password("blue@players.test")
	reply := f.send("blue@players.test", "SIGNON blue@carte "+blue+"\nPLAY 1")
	mustContain(t, "blue out of turn", reply, "refused: it is red's turn, not yours", "Nothing is due from you for turn 1 (T1) (carte): orders are due from Red.")
	var st turnsState
	if err := json.Unmarshal([]byte(f.gameByName("carte").Position), &st); err != nil {
		t.Fatal(err)
	}
	card := st.Hands["red"][1]
	reply = f.send("red@players.test", fmt.Sprintf("SIGNON red@carte %s\nPLAY 99\nPLAY %d", red, card))
	mustContain(t, "red's turn", reply, "refused: you hold no card 99", fmt.Sprintf("ok: PLAY %d", card), "Your orders are complete")
	f.clk.advance(12 * time.Hour)
	f.tick()
	results := map[string]string{}
	for _, seat := range []string{"red", "blue"} {
		results[seat] = f.lastMail("results", seat+"@players.test")
		mustContain(t, seat+"'s results", results[seat], fmt.Sprintf("red played %d.", card), "The die rolled", "Hand of "+seat, "Next: turn 2 (T2)")
	}
	if strings.Contains(results["red"], "Hand of blue") || strings.Contains(results["blue"], "Hand of red") {
		t.Fatalf("results show another's hand:\n%s\n%s", results["red"], results["blue"])
	}
	// The master reads them whole.
	mustContain(t, "the master's results", f.lastMail("results", "gm@x.test"), "Hand of red", "Hand of blue", "The die rolled")
	reply = f.send("red@players.test", "SIGNON red@carte "+red+"\nPLAY 2\nSTATUS carte")
	mustContain(t, "red after its turn", reply, "refused: it is blue's turn, not yours", "Hand of red")
	// A game's own commands take effect when read, for the player or the
	// master they are the command of.
	give := st.Hands["red"][0]
	if give == card {
		give = st.Hands["red"][2]
	}
	reply = f.send("red@players.test", fmt.Sprintf("SIGNON red@carte %s\nGIVE %d\nGIVE 99\nBONUS red 5", red, give))
	mustContain(t, "red's GIVE", reply, fmt.Sprintf("%d given to blue.", give), "Refused: you hold no card 99. Nothing was changed.", "BONUS is a game master's command")
	mustContain(t, "the notice", f.lastMail("announce", "blue@players.test"), "red gave blue a card.")
	if notice := f.lastMail("announce", "blue@players.test"); strings.Contains(notice, strconv.Itoa(give)) {
		t.Errorf("the notice tells the card:\n%s", notice)
	}
	reply = f.send("blue@players.test", "SIGNON blue@carte "+blue+"\nSTATUS carte")
	hand := append(slices.Clone(st.Hands["blue"]), give)
	slices.Sort(hand)
	mustContain(t, "blue's hand", reply, fmt.Sprintf("Hand of blue: %v", hand))
	reply = f.send("red@players.test", "HELP")
	mustContain(t, "HELP", reply, "GIVE <card>", "give a card to the other player", "BONUS <seat> <points>")
	reply = f.send("france@players.test", "SIGNON france@roma pw-france\nGIVE 1")
	mustContain(t, "a command of another game", reply, "GIVE is no command of game roma.")
	// A From alone proves nothing: STATUS unsigned shows no hand.
	if reply = f.send("red@players.test", "STATUS carte"); strings.Contains(reply, "Hand of") {
		t.Errorf("STATUS without a sign-on shows a hand:\n%s", reply)
	}
}

// rolled is the die of the last results of carte, as their mail says it.
func (f *fixture) rolled() string {
	f.t.Helper()
	text := f.lastMail("results", "red@players.test")
	_, after, ok := strings.Cut(text, "The die rolled ")
	if !ok {
		f.t.Fatalf("no roll in:\n%s", text)
	}
	return after[:1]
}

// The die comes out the same when the turn is processed again: after a
// rollback, and after a crash between the roll and the results mail (a
// transaction that never commits, as a kill -9 before the commit leaves
// it).
func TestSecondGameDiceReplay(t *testing.T) {
	f, master := newTurnsGame(t)
	// Killed after the roll, before anything was stored or mailed.
	var crashed string
	for _, m := range f.processKilled("carte") {
		if m.Kind == "results" {
			_, after, _ := strings.Cut(m.Body, "The die rolled ")
			crashed = after[:1]
		}
	}
	if crashed == "" {
		t.Fatalf("the crashed processing rolled nothing")
	}
	if g := f.gameByName("carte"); g.Phase != "T1" {
		t.Fatalf("the crash left the game at %s", g.Phase)
	}
	f.clk.advance(12 * time.Hour)
	f.tick()
	first := f.rolled()
	if first != crashed {
		t.Errorf("after the crash the die rolled %s, before it %s", first, crashed)
	}
	if audit := strings.Join(f.audit("carte"), "\n"); !strings.Contains(audit, "T1: the die: "+first+" of d6") {
		t.Errorf("the roll is not in the audit log:\n%s", audit)
	}
	reply := f.send("gm@x.test", "SIGNON master@carte "+master+"\nROLLBACK T1\nPROCESS T1")
	mustContain(t, "the rollback", reply, "Game carte is back at turn 1 (T1)", "T1 processed now")
	reply = f.send("gm@x.test", "SIGNON master@carte "+master+"\nBONUS blue 5\nBONUS blue")
	mustContain(t, "the master's command", reply, "blue has 5 points.", "Refused: expected BONUS <seat> <points>")
	reply = f.send("gm@x.test", "SIGNON master@carte "+master+"\nDECK blue\n3\n7\nENDDECK\nDECK red\nx\nENDDECK\nSTATUS carte")
	mustContain(t, "a block command", reply, "> DECK blue ...\n  blue holds [3 7].", "> DECK red ...\n  Refused: \"x\" is no card.", "Hand of blue: [3 7].")
	if again := f.rolled(); again != first {
		t.Errorf("after the rollback the die rolled %s, before it %s", again, first)
	}
}

// An eager game is resolved as soon as the orders it owes are complete;
// a sheet's heading is understood and orders nothing; a standing
// instruction stands for the next turn.
func TestSecondGameEager(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), eagerKind{})
	const pw = "mazzo-7-rosso"
	f.send("gm@x.test", "CREATE svelta "+pw+"\ngame eager")
	reply := f.send("gm@x.test", "SIGNON master@svelta "+pw+"\nSEAT red red@players.test\nSEAT blue blue@players.test\nSTART")
	mustContain(t, "the master's mail", reply, "Game svelta has started")
	var st turnsState
	if err := json.Unmarshal([]byte(f.gameByName("svelta").Position), &st); err != nil {
		t.Fatal(err)
	}
	red := f.password("red@players.test")
	reply = f.send("red@players.test", fmt.Sprintf("SIGNON red@svelta %s\nSHEET of red\nSTRATEGY Bold\nPLAY %d", red, st.Hands["red"][0]))
	mustContain(t, "red's turn", reply, "SHEET of red                 the sheet of red", "ok: STRATEGY bold", "Your orders are complete")
	mustContain(t, "the results, at once", f.lastMail("results", "blue@players.test"), fmt.Sprintf("red played %d.", st.Hands["red"][0]), "Next: turn 2 (T2)")
	if g := f.gameByName("svelta"); g.Phase != "T2" {
		t.Fatalf("the eager game is at %s, not T2, with its orders complete", g.Phase)
	}
	var carried []string
	f.j.Store.Read(context.Background(), func(tx *store.Tx) error {
		os, err := tx.Orders(f.gameByName("svelta").ID, "T2")
		for _, o := range os {
			carried = append(carried, o.Power+" "+o.Canonical)
		}
		return err
	})
	if !slices.Equal(carried, []string{"red STRATEGY bold"}) {
		t.Errorf("orders standing for T2: %q, want red's strategy", carried)
	}
}

// eagerKind is the turns game resolved as soon as its orders are in.
type eagerKind struct{ turnsKind }

func (eagerKind) Name() string { return "eager" }

func (eagerKind) Configure(map[string]string) (game.Rules, error) { return eagerRules{}, nil }

type eagerRules struct{ turnsRules }

func (r eagerRules) Start(absent []string, d *dice.Source) (game.State, error) {
	st, err := r.turnsRules.Start(absent, d)
	return eagerState{st.(*turnsState)}, err
}

func (r eagerRules) Decode(data []byte) (game.State, error) {
	st, err := r.turnsRules.Decode(data)
	return eagerState{st.(*turnsState)}, err
}

type eagerState struct{ *turnsState }

func (eagerState) Eager() bool { return true }

// A game's fault (an error of its own, a panic) while a mail is read sets
// that mail aside, answered, and changes nothing; the judge goes on with
// the next mail.
func TestGameFaultSetAside(t *testing.T) {
	f, _ := newTurnsGame(t)
	red := f.password("red@players.test")
	for _, line := range []string{"CRASH", "FAIL"} {
		reply := f.send("red@players.test", "SIGNON red@carte "+red+"\nSTRATEGY bold\n"+line)
		mustContain(t, line, reply, "The judge could not carry out your mail: game carte failed while reading it")
	}
	var strategies int
	f.j.Store.Read(context.Background(), func(tx *store.Tx) error {
		os, err := tx.Orders(f.gameByName("carte").ID, "T1")
		for _, o := range os {
			if o.Key == "strategy" {
				strategies++
			}
		}
		return err
	})
	if strategies != 0 {
		t.Errorf("a mail set aside left %d orders", strategies)
	}
	var audit []string
	f.j.Store.Read(context.Background(), func(tx *store.Tx) error {
		log, err := tx.AuditLog(0)
		for _, e := range log {
			audit = append(audit, e.Actor+" "+e.Action+" "+e.Detail)
		}
		return err
	})
	if all := strings.Join(audit, "\n"); !strings.Contains(all, "judge fault") || !strings.Contains(all, "panic: the test game crashes") {
		t.Errorf("the fault is not in the audit log:\n%.2000s", all)
	}
	reply := f.send("red@players.test", "SIGNON red@carte "+red+"\nSTRATEGY bold")
	mustContain(t, "the next mail", reply, "ok: STRATEGY bold")
}
