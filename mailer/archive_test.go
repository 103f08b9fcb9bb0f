package mailer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
)

// TestArchive moves handled mail out of the INBOX, with MOVE and with the
// fallback for servers without it, into a folder made on first use.
func TestArchive(t *testing.T) {
	tests := []struct {
		name   string
		noMove bool
	}{
		{"move", false},
		{"copy, delete, expunge", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sys, err := memmail.StartOptions(memmail.Options{Log: quiet, WithoutMove: tt.noMove})
			if err != nil {
				t.Fatal(err)
			}
			defer sys.Close()
			for _, u := range [][2]string{{judgeAddr, judgePass}, {playerAddr, playerPass}} {
				if err := sys.AddUser(u[0], u[1]); err != nil {
					t.Fatal(err)
				}
			}
			sendOrders(t, sys, 4)
			cfg := judgeIMAP(sys)
			cfg.Archive = "Corriere/handled"
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			in, err := mailer.DialInbox(ctx, cfg, quiet)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			got, err := in.Since(ctx, 0, 0)
			if err != nil || len(got) != 4 {
				t.Fatalf("Since: %d messages, %v", len(got), err)
			}
			// The first two handled and seen, then moved as a batch; then
			// the third, as after a crash, through its UID.
			if err := in.MarkSeen(ctx, got[0].UID, got[1].UID); err != nil {
				t.Fatal(err)
			}
			if err := in.Archive(ctx, got[0].UID, got[1].UID); err != nil {
				t.Fatalf("Archive: %v", err)
			}
			checkFolders(t, sys, []string{"orders 2", "orders 3"}, []string{"orders 0", "orders 1"})
			// The cursor past the moved mail still finds the rest.
			rest, err := in.Since(ctx, got[1].UID, 0)
			if err != nil || len(rest) != 2 || rest[0].UID != got[2].UID {
				t.Fatalf("Since after the move: %d messages, %v", len(rest), err)
			}
			if err := in.MarkSeen(ctx, got[2].UID); err != nil {
				t.Fatal(err)
			}
			if err := in.ArchiveThrough(ctx, got[2].UID); err != nil {
				t.Fatalf("ArchiveThrough: %v", err)
			}
			checkFolders(t, sys, []string{"orders 3"}, []string{"orders 0", "orders 1", "orders 2"})
			// Nothing left to move up to there: no error.
			if err := in.ArchiveThrough(ctx, got[2].UID); err != nil {
				t.Errorf("ArchiveThrough again: %v", err)
			}
		})
	}
}

// checkFolders checks the subjects in the judge's INBOX and archive.
func checkFolders(t *testing.T, sys *memmail.System, inbox, archive []string) {
	t.Helper()
	for _, f := range []struct {
		name string
		want []string
	}{{"INBOX", inbox}, {"Corriere/handled", archive}} {
		msgs, err := sys.Folder(judgeAddr, f.name)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range msgs {
			p, err := mailer.Parse(m.Raw)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, p.Subject)
			if f.name != "INBOX" && !m.Seen {
				t.Errorf("%s in the archive is not seen", p.Subject)
			}
		}
		if strings.Join(got, ", ") != strings.Join(f.want, ", ") {
			t.Errorf("%s holds [%s], want [%s]", f.name, strings.Join(got, ", "), strings.Join(f.want, ", "))
		}
	}
}

func TestArchiveNotConfigured(t *testing.T) {
	sys := startSystem(t)
	sendOrders(t, sys, 1)
	in := dialJudge(t, sys)
	ctx := context.Background()
	got, err := in.Since(ctx, 0, 0)
	if err != nil || len(got) != 1 {
		t.Fatalf("Since: %d, %v", len(got), err)
	}
	if err := in.Archive(ctx, got[0].UID); err != nil {
		t.Fatal(err)
	}
	if err := in.ArchiveThrough(ctx, got[0].UID); err != nil {
		t.Fatal(err)
	}
	if msgs, err := sys.Messages(judgeAddr); err != nil || len(msgs) != 1 {
		t.Errorf("INBOX holds %d messages (%v), want the one left there", len(msgs), err)
	}
}

func TestArchiveIsNotTheMailbox(t *testing.T) {
	sys := startSystem(t)
	for _, archive := range []string{"INBOX", "inbox", "/INBOX/"} {
		cfg := judgeIMAP(sys)
		cfg.Archive = archive
		if in, err := mailer.DialInbox(context.Background(), cfg, quiet); err == nil {
			in.Close()
			t.Errorf("archive %q: DialInbox accepted the mailbox itself as the archive", archive)
		}
	}
}
