package judge

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
)

// failingSeen is an inbox whose MarkSeen fails, as when the connection
// breaks right after a mail was handled.
type failingSeen struct{ *mailer.Inbox }

func (failingSeen) MarkSeen(context.Context, ...uint32) error { return errors.New("connection lost") }

func TestHandledMailIsMarkedSeenAfterAFailure(t *testing.T) {
	f := newFixture(t, nil)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	sys, err := memmail.Start(quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	sys.AddUser("judge@corriere.test", "pw")
	sys.AddUser("france@players.test", "pw")
	ctx := context.Background()
	raw := []byte("From: france@players.test\r\nTo: judge@corriere.test\r\nSubject: help\r\nMessage-ID: <h1@players.test>\r\n\r\nHELP\r\n")
	if err := mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none"}).Send(ctx, "france@players.test", []string{"judge@corriere.test"}, raw); err != nil {
		t.Fatal(err)
	}
	dial := func() *mailer.Inbox {
		in, err := mailer.DialInbox(ctx, mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: "judge@corriere.test", Password: "pw"}, quiet)
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	in := dial()
	if _, err := f.j.readMail(ctx, failingSeen{in}, 10); err == nil {
		t.Fatal("readMail did not report the failed MarkSeen")
	}
	in.Close()
	in = dial()
	defer in.Close()
	if unseen, _ := in.Unseen(ctx, 0); len(unseen) != 1 {
		t.Fatalf("%d unseen before the catch-up, want the handled mail", len(unseen))
	}
	if err := f.j.catchUpSeen(ctx, in); err != nil {
		t.Fatal(err)
	}
	if unseen, _ := in.Unseen(ctx, 0); len(unseen) != 0 {
		t.Errorf("%d unseen after the catch-up, want none", len(unseen))
	}
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 0 {
		t.Errorf("the handled mail was read again: %d, %v", n, err)
	}
}
