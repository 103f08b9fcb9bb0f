package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
)

// failingSeen is an inbox whose MarkSeen fails, as when the connection
// breaks right after a mail was handled.
type failingSeen struct{ *mailer.Inbox }

func (failingSeen) MarkSeen(context.Context, ...uint32) error { return errors.New("connection lost") }

func TestHandledMailIsMarkedSeenAfterAFailure(t *testing.T) {
	f := newFixture(t, nil)
	ms := newMailSystem(t, f.clk.now)
	ctx := context.Background()
	ms.mail(1)
	in := ms.dial("")
	if _, err := f.j.readMail(ctx, failingSeen{in}, 10, 0); err == nil {
		t.Fatal("readMail did not report the failed MarkSeen")
	}
	in.Close()
	in = ms.dial("")
	if unseen, _ := in.Unseen(ctx, 0); len(unseen) != 1 {
		t.Fatalf("%d unseen before the catch-up, want the handled mail", len(unseen))
	}
	if err := f.j.catchUpSeen(ctx, in, 0); err != nil {
		t.Fatal(err)
	}
	if unseen, _ := in.Unseen(ctx, 0); len(unseen) != 0 {
		t.Errorf("%d unseen after the catch-up, want none", len(unseen))
	}
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 0 {
		t.Errorf("the handled mail was read again: %d, %v", r.handled, err)
	}
}

// hangingSender never delivers: it waits until its context ends, as an
// SMTP server that accepts the connection and says nothing.
type hangingSender struct{ calls chan struct{} }

func (h hangingSender) Send(ctx context.Context, _ string, _ []string, _ []byte) error {
	h.calls <- struct{}{}
	<-ctx.Done()
	return ctx.Err()
}

// A hanging SMTP server delays neither the reading of mail nor the
// processing of deadlines: sending runs apart, each send with a deadline
// (issue 11.2).
func TestHangingSenderStallsNothing(t *testing.T) {
	f := newFixture(t, nil)
	ms := newMailSystem(t, f.clk.now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hang := hangingSender{calls: make(chan struct{}, 100)}
	run := make(chan error, 1)
	go func() {
		run <- f.j.Run(ctx, RunOptions{Sender: hang, Poll: 50 * time.Millisecond, Dial: ms.dialer()})
	}()
	<-hang.calls // the start mails are being sent, and hang
	ms.send(addr("france"), "orders", "o1@players.test", "SIGNON france@roma pw-france\nA Par-Bur")
	// The mail is read and answered (queued) while the sender hangs.
	for {
		var n int
		for _, m := range f.outbox() {
			if m.InReplyTo == "o1@players.test" {
				n++
			}
		}
		if n == 1 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("the order mail was not read while the sender hung")
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	if err := <-run; err != nil {
		t.Fatal(err)
	}
}

// refusingSender fails every send, as a server that is down.
type refusingSender struct{}

func (refusingSender) Send(context.Context, string, []string, []byte) error {
	return errors.New("connection refused")
}

// A mail that cannot be sent is tried at most maxAttempts times, never
// more than maxRetryWait apart, then recorded as failed (issue 11.10).
func TestUnsendableMailGivenUp(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	for range maxAttempts + 5 {
		if err := f.j.Flush(ctx, refusingSender{}); err != nil {
			t.Fatal(err)
		}
		f.clk.advance(maxRetryWait)
	}
	for _, m := range f.outbox() {
		if m.Kind != "undeliverable" && (m.FailedAt.IsZero() || m.Attempts != maxAttempts) {
			t.Errorf("mail %d to %s: %d attempts, failed %v", m.ID, m.Recipient, m.Attempts, m.FailedAt)
		}
	}
}

// The operator and the game's master are told of a mail given up, without
// its text (issue 11.10).
func TestGivenUpMailTold(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Access.Operator = "op@judge.test"
	ctx := context.Background()
	for range maxAttempts {
		if err := f.j.Flush(ctx, refusingSender{}); err != nil {
			t.Fatal(err)
		}
		f.clk.advance(maxRetryWait)
	}
	told := 0
	for _, m := range f.outbox() {
		if m.Kind == "undeliverable" {
			told++
			if m.Recipient != "op@judge.test" || !strings.Contains(m.Body, "gave up sending a mail after 20 tries") || strings.Contains(m.Body, "Sign on") {
				t.Errorf("notice to %s:\n%s", m.Recipient, m.Body)
			}
		}
	}
	if told != 7 { // the seven start mails
		t.Errorf("%d notices, want 7", told)
	}
}

// After an outage, all the mail waiting is read before a deadline that
// passed meanwhile is processed: orders that arrived in time behind many
// other mails are in their phase (issue 11.1).
func TestWaitingMailReadBeforeTheDeadline(t *testing.T) {
	f := newFixture(t, nil)
	ms := newMailSystem(t, f.clk.now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i := range 12 {
		ms.send(fmt.Sprintf("fan%d@x.test", i), "x", fmt.Sprintf("fan%d@x.test", i), "LIST")
	}
	ms.send(addr("france"), "x", "fr@players.test", "SIGNON france@roma pw-france\nA Par-Bur")
	f.clk.advance(13 * time.Hour) // the deadline and its grace have passed
	done := make(chan error, 1)
	go func() {
		done <- f.j.Run(ctx, RunOptions{Sender: discard{}, Batch: 5, Poll: 20 * time.Millisecond, Dial: ms.dialer()})
	}()
	for f.game().Phase == "S1901M" {
		select {
		case <-ctx.Done():
			t.Fatal("the phase was never processed")
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	<-done
	mustContain(t, "results", f.lastResults(), "A par - bur")
}

// A mail over the judge's size, fetched by its header only, is refused as
// oversized, not read as an empty mail (issue 11.3).
func TestOversizedMailFetchedByHeader(t *testing.T) {
	f := newFixture(t, nil)
	f.j.MaxSize = 2000
	ms := newMailSystem(t, f.clk.now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ms.send(addr("france"), "big", "big@players.test", "SIGNON france@roma pw-france\nA Par-Bur\n"+strings.Repeat("x\n", 5000))
	cfg := ms.imap()
	cfg.MaxSize = 2000
	in, err := mailer.DialInbox(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 1 {
		t.Fatalf("readMail: %d, %v", r.handled, err)
	}
	var reply string
	for _, m := range f.outbox() {
		if m.InReplyTo == "big@players.test" {
			reply = m.Body
		}
	}
	mustContain(t, "reply", reply, "larger than the 2000 bytes")
	if strings.Contains(reply, "ok: A par") {
		t.Errorf("an oversized mail's orders were read:\n%s", reply)
	}
}
