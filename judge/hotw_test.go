package judge

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game/history"
	"github.com/corriere/corriere/store"
)

// hotwSeats are the four colours of a game of History of the World.
var hotwSeats = []string{"red", "yellow", "green", "blue"}

// hotwNow is the game's state as stored: the decision pending, the
// stage.
func (f *fixture) hotwNow(name string) *history.Play { return storedAs[history.Play](f, name) }

// An epoch of History of the World by mail: the moderator starts it
// with the sample data; the draft's prompts go to each drawer alone;
// turns are scripts; a mail out of turn is told whose decision it is; a
// hand is never shown to another seat; everything is resolved as soon as
// it is answered.
func TestHistoryOfTheWorldByMail(t *testing.T) {
	f, pw := newHotwGame(t)
	reply := f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nDATA\nFLY away\nENDDATA\nRULE START")
	mustContain(t, "the moderator's mail", reply, "line 1: FLY is no line of a data file", "Ruling taken: START.")
	p := f.hotwNow("mondo")
	if p.Stage != "E1" || len(p.Pending) == 0 || p.Pending[0].Kind != "draft" {
		t.Fatalf("after RULE START: stage %s, pending %+v", p.Stage, p.Pending)
	}
	drawer := p.Pending[0].Seat
	other := hotwSeats[(slices.Index(hotwSeats, drawer)+1)%4]
	reply = f.send(other+"@players.test", "SIGNON "+other+"@mondo "+pw[other]+"\nKEEP")
	mustContain(t, "a mail out of turn", reply, "orders are due from")
	for _, s := range hotwSeats {
		mail := f.lastMail("results", s+"@players.test")
		for _, o := range hotwSeats {
			if o != s && strings.Contains(mail, "Hand of "+o) {
				t.Errorf("%s reads %s's hand:\n%s", s, o, mail)
			}
		}
		if !strings.Contains(mail, "Hand of "+s) {
			t.Errorf("%s does not read its own hand:\n%s", s, mail)
		}
		if got := strings.Contains(mail, "You drew the"); got != (s == drawer) {
			t.Errorf("%s reads the draft prompt: %v\n%s", s, got, mail)
		}
	}
	// The draft and the epoch's turns, each answered by its owner.
	for i := 0; i < 40; i++ {
		p = f.hotwNow("mondo")
		if p.Stage != "E1" || len(p.Pending) == 0 {
			break
		}
		dec := p.Pending[0]
		switch dec.Kind {
		case "draft":
			f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\n"+dec.Answers[len(dec.Answers)-1])
		case "turn":
			f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\nGIOCA "+p.Hands[dec.Seat][0]+"\n1 ESPANDI "+strings.Join(frontier(p, dec.Data), ",")+" PROVA 2\nFORT "+startOf(p, dec.Data))
		default:
			f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nRULE DONE")
		}
	}
	p = f.hotwNow("mondo")
	if p.Stage != "E2" {
		t.Fatalf("epoch I did not end: stage %s, pending %+v", p.Stage, p.Pending)
	}
	mail := f.lastMail("results", "red@players.test")
	mustContain(t, "red's results", mail, "Epoch II begins.")
	scored := 0
	for _, s := range hotwSeats {
		scored += p.Get("score", s)
	}
	if scored == 0 {
		t.Errorf("nobody scored in epoch I: %v", p.Tracks)
	}
}

// newHotwGame is game mondo of History of the World for four, started,
// its setup (the moderator's) pending; the seats' passwords.
func newHotwGame(t *testing.T) (*fixture, map[string]string) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), history.Kind{})
	reply := f.send("gm@x.test", "CREATE mondo epoca-7-storia\ngame hotw\nplayers 4")
	mustContain(t, "CREATE", reply, "Game mondo created")
	reply = f.seatAll("mondo", "epoca-7-storia", hotwSeats, "players.test")
	mustContain(t, "START", reply, "Game mondo has started")
	pw := map[string]string{}
	for _, s := range hotwSeats {
		pw[s] = f.password(s + "@players.test")
	}
	return f, pw
}

// hotwDice are the rolls a results mail prints, in order, and the hand
// its reader was dealt (a shuffle).
func hotwDice(mail string) []string {
	var out []string
	for _, line := range strings.Split(mail, "\n") {
		if strings.HasPrefix(line, "Dice for ") || strings.HasPrefix(line, "Hand of ") {
			out = append(out, line)
		}
	}
	return out
}

// The dice of History of the World come out the same after a crash
// (the setup's draw-order rolls and shuffles, processed at its deadline
// in a transaction that is killed, then again) and after the master's
// ROLLBACK of a turn with a battle, processed again.
func TestHistoryOfTheWorldDiceReplay(t *testing.T) {
	f, pw := newHotwGame(t)
	var crashed []string
	for _, m := range f.processKilled("mondo") {
		if m.Kind == "results" && m.Recipient == "red@players.test" {
			crashed = hotwDice(m.Body)
		}
	}
	if len(crashed) != 5 {
		t.Fatalf("the crashed setup rolled %q", crashed)
	}
	if g := f.gameByName("mondo"); g.Phase != "E0-0" {
		t.Fatalf("the crash left the game at %s", g.Phase)
	}
	// The setup's deadline: the default (START) applies, as it did in
	// the crashed transaction.
	f.clk.advance(25 * time.Hour)
	f.tick()
	if got := hotwDice(f.lastMail("results", "red@players.test")); !slices.Equal(got, crashed) {
		t.Errorf("after the crash the setup rolled\n%q\nbefore it\n%q", got, crashed)
	}
	// The draft, each keeping or passing, up to the first turn; then the
	// moderator puts an army of another colour next to its start, so
	// that the turn has a battle.
	var p *history.Play
	for range 8 {
		p = f.hotwNow("mondo")
		dec := p.Pending[0]
		if dec.Kind != "draft" {
			break
		}
		f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\n"+dec.Answers[0])
	}
	dec := p.Pending[0]
	if dec.Kind != "turn" {
		t.Fatalf("after the draft: %+v", p.Pending)
	}
	target := frontier(p, dec.Data)[0]
	other := hotwSeats[(slices.Index(hotwSeats, dec.Seat)+1)%4]
	reply := f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nEDIT PUT "+target+" army "+other+" -- a defender for the test")
	mustContain(t, "the moderator's EDIT", reply, "army "+other+" put in "+target)
	phase := f.gameByName("mondo").Phase
	f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\nEXPAND "+target+" TRY 3\nDONE")
	first := hotwDice(f.lastMail("results", "red@players.test"))
	if len(first) < 3 || !strings.HasPrefix(first[0], "Dice for attack on "+target) {
		t.Fatalf("the turn rolled no battle: %q", first)
	}
	reply = f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nROLLBACK "+phase+"\nPROCESS "+phase)
	mustContain(t, "the rollback", reply, "is back at", phase+" processed now")
	if again := hotwDice(f.lastMail("results", "red@players.test")); !slices.Equal(again, first) {
		t.Errorf("after the rollback the turn rolled\n%q\nbefore it\n%q", again, first)
	}
}

// processKilled processes game name's pending phase in a transaction
// killed (kill -9) before it commits: the mails it would have sent.
func (f *fixture) processKilled(name string) []store.Mail {
	f.t.Helper()
	var mails []store.Mail
	killed := errors.New("kill -9")
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		vw, err := f.j.loadView(tx, name)
		if err != nil {
			return err
		}
		if err := f.j.process(tx, vw); err != nil {
			return err
		}
		if mails, err = tx.Outbox(); err != nil {
			return err
		}
		return killed
	})
	if !errors.Is(err, killed) {
		f.t.Fatalf("the killed processing of %s: %v", name, err)
	}
	return mails
}

// frontier is a land next to the empire's start, from the sample data.
func frontier(p *history.Play, empire string) []string {
	start := startOf(p, empire)
	var out []string
	for _, b := range p.Data.Borders {
		if b.A == start && !p.Data.Lands[b.B].Barren {
			out = append(out, b.B)
		} else if b.B == start && !p.Data.Lands[b.A].Barren {
			out = append(out, b.A)
		}
	}
	return out
}

func startOf(p *history.Play, empire string) string {
	for _, e := range p.Data.Empires {
		if e.ID == empire {
			return e.Start
		}
	}
	return ""
}

// A moderator's decision the game waits for is reminded to the master at
// the reminder's hour, with its prompt, as a player's orders are to him
// (game.MasterOwer); once RULE has answered it nothing is reminded.
func TestModeratorReminded(t *testing.T) {
	f, _ := newHotwGame(t)
	f.clk.set(f.gameByName("mondo").Deadline.Add(-time.Minute))
	f.tick()
	mustContain(t, "the moderator's reminder", f.lastMail("reminder", "gm@x.test"), "Game mondo, ", "the phase waits for your word as its master: Send your copy's data with DATA ... ENDDATA, then RULE START")
	for _, s := range hotwSeats {
		if m := f.lastMail("reminder", s+"@players.test"); m != "" {
			t.Errorf("%s is reminded of the moderator's decision:\n%s", s, m)
		}
	}
}
