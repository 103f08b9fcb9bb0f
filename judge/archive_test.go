package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
)

// archiveFolder is where these tests have handled mail moved.
const archiveFolder = "Corriere/handled"

// archiveSystem is a memmail system with the fixture's judge and France,
// and a way to mail the judge and to open its mailbox.
type archiveSystem struct {
	t   *testing.T
	sys *memmail.System
	n   int
}

func newArchiveSystem(t *testing.T) *archiveSystem {
	t.Helper()
	sys, err := memmail.Start(slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	for _, u := range []string{"judge@corriere.test", addr("france")} {
		if err := sys.AddUser(u, "pw"); err != nil {
			t.Fatal(err)
		}
	}
	return &archiveSystem{t: t, sys: sys}
}

// mail sends the judge a HELP from France, which it answers.
func (a *archiveSystem) mail(n int) {
	a.t.Helper()
	for range n {
		a.n++
		raw := fmt.Appendf(nil, "From: %s\r\nTo: judge@corriere.test\r\nSubject: help %d\r\nMessage-ID: <a%d@players.test>\r\n\r\nHELP\r\n", addr("france"), a.n, a.n)
		err := mailer.NewSender(mailer.SMTPConfig{Addr: a.sys.SMTPAddr(), Security: "none"}).Send(context.Background(), addr("france"), []string{"judge@corriere.test"}, raw)
		if err != nil {
			a.t.Fatal(err)
		}
	}
}

// dial opens the judge's mailbox, archiving into archive ("" for none).
func (a *archiveSystem) dial(archive string) *mailer.Inbox {
	a.t.Helper()
	in, err := mailer.DialInbox(context.Background(), mailer.IMAPConfig{
		Addr: a.sys.IMAPAddr(), Security: "none", Username: "judge@corriere.test", Password: "pw", Archive: archive,
	}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		a.t.Fatal(err)
	}
	a.t.Cleanup(func() { in.Close() })
	return in
}

// count returns how many messages a folder holds, and how many are seen.
func (a *archiveSystem) count(folder string) (all, seen int) {
	a.t.Helper()
	msgs, err := a.sys.Folder("judge@corriere.test", folder)
	if err != nil {
		if folder != "INBOX" {
			return 0, 0 // not made yet
		}
		a.t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Seen {
			seen++
		}
	}
	return len(msgs), seen
}

func (a *archiveSystem) want(inbox, archived int) {
	a.t.Helper()
	if n, _ := a.count("INBOX"); n != inbox {
		a.t.Errorf("INBOX holds %d mails, want %d", n, inbox)
	}
	n, seen := a.count(archiveFolder)
	if n != archived || seen != n {
		a.t.Errorf("the archive holds %d mails (%d seen), want %d, all seen", n, seen, archived)
	}
}

// archiveReplies counts the judge's replies to mail, leaving out the game's
// announcements.
func archiveReplies(f *fixture) int {
	n := 0
	for _, m := range f.outbox() {
		if m.Kind == "reply" {
			n++
		}
	}
	return n
}

// withoutArchive hides the Archiver of an Inbox: an inbox that cannot
// move mail, or a judge that crashed before it could.
type withoutArchive struct{ Inbox }

// failingArchive is an inbox whose moves fail.
type failingArchive struct{ *mailer.Inbox }

func (failingArchive) Archive(context.Context, ...uint32) error { return errors.New("no such folder") }

func TestHandledMailIsArchived(t *testing.T) {
	f := newFixture(t, nil)
	a := newArchiveSystem(t)
	ctx := context.Background()
	a.mail(3)
	in := a.dial(archiveFolder)
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 3 {
		t.Fatalf("readMail: %d, %v", n, err)
	}
	a.want(0, 3)
	if got := archiveReplies(f); got != 3 {
		t.Errorf("%d replies, want 3", got)
	}
	// Mail that comes later, with the INBOX emptied under the cursor.
	a.mail(1)
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 1 {
		t.Fatalf("readMail after the move: %d, %v", n, err)
	}
	a.want(0, 4)
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 0 {
		t.Errorf("readMail with nothing new: %d, %v", n, err)
	}
}

// TestArchiveAfterACrash: mail handled but not moved (the judge stopped in
// between, or its inbox could not move mail) is moved when the mailbox is
// opened again, and is not handled a second time.
func TestArchiveAfterACrash(t *testing.T) {
	f := newFixture(t, nil)
	a := newArchiveSystem(t)
	ctx := context.Background()
	a.mail(2)
	if n, err := f.j.readMail(ctx, withoutArchive{a.dial(archiveFolder)}, 10); err != nil || n != 2 {
		t.Fatalf("readMail without archiving: %d, %v", n, err)
	}
	a.want(2, 0)
	a.mail(1)
	in := a.dial(archiveFolder)
	if err := f.j.catchUpSeen(ctx, in); err != nil {
		t.Fatalf("catchUpSeen: %v", err)
	}
	a.want(1, 2)
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 1 {
		t.Fatalf("readMail after the catch-up: %d, %v; want the new mail alone", n, err)
	}
	a.want(0, 3)
	if got := archiveReplies(f); got != 3 {
		t.Errorf("%d replies to 3 mails: a mail was handled twice or not at all", got)
	}
}

// TestArchiveFailureIsNoMailboxFailure: a folder that cannot be used does
// not stop the judge reading its mail.
func TestArchiveFailureIsNoMailboxFailure(t *testing.T) {
	f := newFixture(t, nil)
	a := newArchiveSystem(t)
	ctx := context.Background()
	a.mail(2)
	if n, err := f.j.readMail(ctx, failingArchive{a.dial(archiveFolder)}, 10); err != nil || n != 2 {
		t.Fatalf("readMail: %d, %v", n, err)
	}
	a.want(2, 0)
	if got := archiveReplies(f); got != 2 {
		t.Errorf("%d replies, want 2", got)
	}
}

// TestNoArchiveFolder: without a folder configured, mail stays in the
// INBOX, as before archiving existed.
func TestNoArchiveFolder(t *testing.T) {
	f := newFixture(t, nil)
	a := newArchiveSystem(t)
	ctx := context.Background()
	a.mail(2)
	in := a.dial("")
	if n, err := f.j.readMail(ctx, in, 10); err != nil || n != 2 {
		t.Fatalf("readMail: %d, %v", n, err)
	}
	if err := f.j.catchUpSeen(ctx, in); err != nil {
		t.Fatal(err)
	}
	if n, seen := a.count("INBOX"); n != 2 || seen != 2 {
		t.Errorf("INBOX holds %d mails, %d seen; want 2, both seen", n, seen)
	}
}
