package judge

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// A mail counts from its arrival at the mail server, whenever the judge
// reads it: orders that arrived in time behind 60 other mails are in
// their phase, orders that arrived in the grace are late but taken, and
// orders that arrived after the deadline and its grace are not taken for
// the phase, nor for the next, even when read before the phase was
// processed (issue 11.1).
func TestMailCountsFromItsArrival(t *testing.T) {
	f := newFixture(t, nil)
	ms := newMailSystem(t, f.clk.now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	f.clk.set(time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC))
	for i := range 60 {
		ms.send(fmt.Sprintf("fan%d@x.test", i), "x", fmt.Sprintf("fan%d@x.test", i), "LIST")
	}
	f.clk.set(time.Date(2026, 11, 23, 19, 30, 0, 0, time.UTC)) // in time
	ms.send(addr("france"), "x", "fr@players.test", "SIGNON france@roma pw-france\nA Par-Bur")
	f.clk.set(time.Date(2026, 11, 23, 20, 30, 0, 0, time.UTC)) // in the grace
	ms.send(addr("italy"), "x", "it@players.test", "SIGNON italy@roma pw-italy\nA Rom-Apu")
	f.clk.set(time.Date(2026, 11, 23, 21, 30, 0, 0, time.UTC)) // after the grace
	ms.send(addr("germany"), "x", "de@players.test", "SIGNON germany@roma pw-germany\nA Ber-Kie")
	f.clk.set(time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC)) // the judge comes back
	done := make(chan error, 1)
	go func() {
		done <- f.j.Run(ctx, RunOptions{Sender: discard{}, Batch: 5, Poll: 20 * time.Millisecond, Dial: ms.dialer()})
	}()
	reply := func(id string) string {
		for _, m := range f.outbox() {
			if m.InReplyTo == id {
				return m.Body
			}
		}
		return ""
	}
	for reply("de@players.test") == "" {
		select {
		case <-ctx.Done():
			t.Fatal("Germany's mail was never answered")
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	<-done
	if g := f.game(); g.Phase != "F1901M" {
		t.Fatalf("the game is at %s, want F1901M", g.Phase)
	}
	results := f.lastResults()
	mustContain(t, "results", results, "A par - bur", "A rom - apu")
	if strings.Contains(results, "A ber - kie") {
		t.Errorf("orders that arrived after the deadline are in its results:\n%s", results)
	}
	mustContain(t, "Germany's reply", reply("de@players.test"), "reached the judge on Mon 2026-11-23 21:30 UTC, before the current phase began", "were not read for Fall 1901")
	for _, o := range f.orders("F1901M") {
		if o.Power == "germany" {
			t.Errorf("Germany's late order was taken for the next phase: %s", o.Canonical)
		}
	}
}

// orders returns the standing orders of a phase of game roma.
func (f *fixture) orders(phase string) []store.Order {
	f.t.Helper()
	var out []store.Order
	err := f.j.Store.Read(context.Background(), func(tx *store.Tx) (err error) {
		out, err = tx.Orders(f.game().ID, phase)
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

// An older mail never overwrites a newer one's orders: an old mail sent
// again under a new Message-ID (a replay) is refused, and the orders of
// the newer mail stand (issue 11.8).
func TestOlderMailNeverOverwrites(t *testing.T) {
	f := newFixture(t, nil)
	f.clk.set(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	signon := "SIGNON france@roma pw-france\n"
	ten, eleven := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)
	mustContain(t, "the first mail", f.mailDated(addr("france"), ten, signon+"A Par-Bur"), "ok: A par - bur")
	mustContain(t, "the correction", f.mailDated(addr("france"), eleven, signon+"A Par-Pic"), "ok: A par - pic")
	reply := f.mailDated(addr("france"), ten, signon+"A Par-Bur")
	mustContain(t, "the replay", reply, "is older than the orders you sent for Spring 1901", "nothing was changed", "> A Par-Bur")
	standing := func() string {
		for _, o := range f.orders("S1901M") {
			if o.Key == "par" {
				return o.Canonical
			}
		}
		return ""
	}
	if got := standing(); got != "A par - pic" {
		t.Errorf("after the replay Paris stands as %q, want the correction", got)
	}
	// A Date ahead of the arrival is a wrong clock: it counts as the
	// arrival, and does not lock out the player's later mail.
	mustContain(t, "a mail from the future", f.mailDated(addr("france"), ten.Add(24*time.Hour), signon+"A Par-Gas"), "ok: A par - gas")
	f.clk.advance(time.Minute)
	mustContain(t, "the next mail", f.mailDated(addr("france"), f.clk.now(), signon+"A Par-Pic"), "ok: A par - pic")
	if got := standing(); got != "A par - pic" {
		t.Errorf("Paris stands as %q", got)
	}
}

// While the mailbox cannot be read, a due game waits, and its master and
// the operator are told once (issue 11.1).
func TestDeadlineWaitsForTheMailbox(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Access.Operator = "op@judge.test"
	f.clk.set(time.Date(2026, 11, 23, 21, 10, 0, 0, time.UTC)) // ten minutes past the grace
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	dials := 0
	err := f.j.Run(ctx, RunOptions{Sender: discard{}, Poll: 20 * time.Millisecond, Dial: func(context.Context) (Inbox, error) {
		dials++
		return nil, fmt.Errorf("connection refused")
	}})
	if err != nil {
		t.Fatal(err)
	}
	if dials < 2 {
		t.Fatalf("%d dials, want the retries", dials)
	}
	if g := f.game(); g.Phase != "S1901M" {
		t.Errorf("the game was processed while its mail could not be read: %s", g.Phase)
	}
	var notices []store.Mail
	for _, m := range f.outbox() {
		if m.Kind == "notice" {
			notices = append(notices, m)
		}
	}
	if len(notices) != 1 || notices[0].Recipient != "op@judge.test" {
		t.Fatalf("notices: %+v, want one to the operator", notices)
	}
	mustContain(t, "the notice", notices[0].Body, "The deadline of Spring 1901 movement (S1901M) in game roma was Mon 2026-11-23 20:00 UTC", "cannot read its mailbox")
}

// hangingInbox opens, then never answers a fetch: a mail server that
// hangs.
type hangingInbox struct{ fetches *atomic.Int32 }

func (hangingInbox) UIDValidity() uint32 { return 1 }
func (h hangingInbox) Since(ctx context.Context, _ uint32, _ int) ([]mailer.Fetched, error) {
	h.fetches.Add(1)
	<-ctx.Done()
	return nil, ctx.Err()
}
func (hangingInbox) MarkSeen(context.Context, ...uint32) error     { return nil }
func (hangingInbox) MarkSeenThrough(context.Context, uint32) error { return nil }
func (hangingInbox) Wait(context.Context, time.Duration) error     { return nil }
func (hangingInbox) Close() error                                  { return nil }

// A mailbox server that hangs holds the judge no longer than its timeout:
// the daemon opens the mailbox again, processes nothing meanwhile, and
// tells the operator (issue 11.1, 11.2).
func TestHangingMailboxIsDown(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Access.Operator = "op@judge.test"
	f.clk.set(time.Date(2026, 11, 23, 21, 10, 0, 0, time.UTC)) // ten minutes past the grace
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	var fetches atomic.Int32
	err := f.j.Run(ctx, RunOptions{Sender: discard{}, Poll: 20 * time.Millisecond, Timeout: 50 * time.Millisecond,
		Dial: func(context.Context) (Inbox, error) { return hangingInbox{&fetches}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if n := fetches.Load(); n < 2 {
		t.Errorf("%d fetches: the hanging fetch was not given up and tried again", n)
	}
	if g := f.game(); g.Phase != "S1901M" {
		t.Errorf("the game was processed while its mail could not be read: %s", g.Phase)
	}
	n := 0
	for _, m := range f.outbox() {
		if m.Kind == "notice" && m.Recipient == "op@judge.test" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d notices to the operator, want 1", n)
	}
}

// In the second a phase begins, arrival times cannot tell a mail that
// arrived before from one that arrived after: the mail the daemon had
// fetched when the phase began arrived before it and is late, the mail it
// fetches after is for the new phase (issue 11.1).
func TestSecondThePhaseBegan(t *testing.T) {
	f := newFixture(t, nil)
	ms := newMailSystem(t, f.clk.now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	f.clk.set(time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)) // the deadline and its grace end
	ms.send(addr("germany"), "x", "de@players.test", "SIGNON germany@roma pw-germany\nA Ber-Kie")
	done := make(chan error, 1)
	go func() {
		done <- f.j.Run(ctx, RunOptions{Sender: discard{}, Poll: 20 * time.Millisecond, Dial: ms.dialer()})
	}()
	wait := func(id string) string {
		for {
			for _, m := range f.outbox() {
				if m.InReplyTo == id {
					return m.Body
				}
			}
			select {
			case <-ctx.Done():
				t.Fatalf("%s was never answered", id)
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	mustContain(t, "Germany's reply", wait("de@players.test"), "before the current phase began", "were not read for Fall 1901")
	ms.send(addr("italy"), "x", "it@players.test", "SIGNON italy@roma pw-italy\nA Rom-Apu")
	mustContain(t, "Italy's reply", wait("it@players.test"), "Orders for Fall 1901", "ok: A rom - apu")
	cancel()
	<-done
	g := f.game()
	if g.Phase != "F1901M" || !g.PhaseBegan.Equal(f.clk.now()) || g.BeganMark.UID == 0 {
		t.Fatalf("the game is at %s, began %v at mark %v", g.Phase, g.PhaseBegan, g.BeganMark)
	}
}
