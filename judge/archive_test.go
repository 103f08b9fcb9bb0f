package judge

import (
	"context"
	"errors"
	"testing"

	"github.com/corriere/corriere/mailer"
)

// archiveFolder is where these tests have handled mail moved.
const archiveFolder = "Corriere/handled"

// count returns how many messages a folder holds, and how many are seen.
func (a *mailSystem) count(folder string) (all, seen int) {
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

func (a *mailSystem) want(inbox, archived int) {
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
	a := newMailSystem(t, f.clk.now)
	ctx := context.Background()
	a.mail(3)
	in := a.dial(archiveFolder)
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 3 {
		t.Fatalf("readMail: %d, %v", r.handled, err)
	}
	a.want(0, 3)
	if got := archiveReplies(f); got != 3 {
		t.Errorf("%d replies, want 3", got)
	}
	// Mail that comes later, with the INBOX emptied under the cursor.
	a.mail(1)
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 1 {
		t.Fatalf("readMail after the move: %d, %v", r.handled, err)
	}
	a.want(0, 4)
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 0 {
		t.Errorf("readMail with nothing new: %d, %v", r.handled, err)
	}
}

// TestArchiveAfterACrash: mail handled but not moved (the judge stopped in
// between, or its inbox could not move mail) is moved when the mailbox is
// opened again, and is not handled a second time.
func TestArchiveAfterACrash(t *testing.T) {
	f := newFixture(t, nil)
	a := newMailSystem(t, f.clk.now)
	ctx := context.Background()
	a.mail(2)
	if r, err := f.j.readMail(ctx, withoutArchive{a.dial(archiveFolder)}, 10, 0); err != nil || r.handled != 2 {
		t.Fatalf("readMail without archiving: %d, %v", r.handled, err)
	}
	a.want(2, 0)
	a.mail(1)
	in := a.dial(archiveFolder)
	if err := f.j.catchUpSeen(ctx, in, 0); err != nil {
		t.Fatalf("catchUpSeen: %v", err)
	}
	a.want(1, 2)
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 1 {
		t.Fatalf("readMail after the catch-up: %d, %v; want the new mail alone", r.handled, err)
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
	a := newMailSystem(t, f.clk.now)
	ctx := context.Background()
	a.mail(2)
	if r, err := f.j.readMail(ctx, failingArchive{a.dial(archiveFolder)}, 10, 0); err != nil || r.handled != 2 {
		t.Fatalf("readMail: %d, %v", r.handled, err)
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
	a := newMailSystem(t, f.clk.now)
	ctx := context.Background()
	a.mail(2)
	in := a.dial("")
	if r, err := f.j.readMail(ctx, in, 10, 0); err != nil || r.handled != 2 {
		t.Fatalf("readMail: %d, %v", r.handled, err)
	}
	if err := f.j.catchUpSeen(ctx, in, 0); err != nil {
		t.Fatal(err)
	}
	if n, seen := a.count("INBOX"); n != 2 || seen != 2 {
		t.Errorf("INBOX holds %d mails, %d seen; want 2, both seen", n, seen)
	}
}
