//go:build integration

package integration

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// What every game played through the servers needs: empty mailboxes, the
// judge's daemon on its clock, the players' mailboxes read as they fill,
// and the judge's outbox drained. TestSeedByMail proved these first; the
// other games' tests play through the same.

// emptyMailboxes empties the judge's and the powers' mailboxes, and the
// judge's archive folder: the mailboxes outlive a run.
func emptyMailboxes(ctx context.Context, t *testing.T, e env, powers []string) {
	t.Helper()
	for _, u := range append([]string{e.judge}, mapSlice(powers, e.player)...) {
		pw := e.playerPassword
		if u == e.judge {
			pw = e.judgePassword
		}
		n, err := emptyMailbox(ctx, e.imap, u, pw)
		if err != nil {
			e.logTails(t)
			t.Fatalf("IMAP login to %s at %s: %v", u, e.imap, err)
		}
		if u == e.judge {
			a, err := emptyFolder(ctx, e.imap, u, pw, archiveFolder)
			if err != nil {
				t.Fatalf("empty the judge's archive folder: %v", err)
			}
			n += a
		}
		if n > 0 {
			t.Logf("emptied the mailbox of %s (%d messages of an earlier run)", u, n)
		}
	}
}

// seatAndStart seats each power's player at <power>@<player domain>, with
// the password pw-<power>, and starts game name.
func seatAndStart(ctx context.Context, t *testing.T, e env, j *judge.Judge, name string, powers []string) {
	t.Helper()
	for _, p := range powers {
		if err := j.Seat(ctx, name, p, e.player(p), "pw-"+p); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Start(ctx, name); err != nil {
		t.Fatal(err)
	}
}

// judgeStore opens the judge's store in the test's temporary folder,
// closed when the test ends, and makes the judge's log, kept in logs at
// debug level, and the clock the test moves the deadlines with.
func judgeStore(ctx context.Context, t *testing.T) (*store.Store, *logBuffer, *slog.Logger, *clock) {
	t.Helper()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return st, logs, log, &clock{}
}

// keepLog writes the judge's log to the servers' log folder after the
// test, and into the test's output when it failed.
func keepLog(t *testing.T, e env, logs *logBuffer) {
	t.Cleanup(func() {
		if e.logs != "" {
			// Kept for a look after the run; a folder that cannot be
			// written only loses the copy.
			if err := os.WriteFile(filepath.Join(e.logs, "judge.log"), []byte(logs.String()), 0o644); err == nil {
				t.Logf("the judge's log: %s", filepath.Join(e.logs, "judge.log"))
			}
		}
		if t.Failed() {
			t.Logf("the judge's log:\n%s", logs.String())
			e.logTails(t)
		}
	})
}

// runJudge runs the judge's daemon on the servers, its mailbox on clk;
// stop stops it (again, it does nothing).
func runJudge(ctx context.Context, t *testing.T, e env, j *judge.Judge, clk *clock, log *slog.Logger) (stop func()) {
	judgeIMAP := mailer.IMAPConfig{Addr: e.imap, Security: "none", Username: e.judge, Password: e.judgePassword, Archive: archiveFolder, MaxSize: judge.DefaultMaxSize}
	judgeDomain := e.judge[strings.LastIndex(e.judge, "@")+1:]
	runCtx, stopJudge := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- j.Run(runCtx, judge.RunOptions{
			Dial: func(ctx context.Context) (judge.Inbox, error) {
				in, err := mailer.DialInbox(ctx, judgeIMAP, log)
				if err != nil {
					return nil, err
				}
				return onClock{in, clk}, nil
			},
			Sender: mailer.NewSender(mailer.SMTPConfig{Addr: e.smtp, Security: "none", Hello: judgeDomain}),
			Poll:   300 * time.Millisecond,
		})
	}()
	judgeRunning := true
	return func() {
		if !judgeRunning {
			return
		}
		judgeRunning = false
		stopJudge()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("judge.Run: %v", err)
			}
		case <-time.After(time.Minute):
			t.Errorf("the judge did not stop within a minute of its context's end")
		}
	}
}

// openMailboxes are the powers' mailboxes, read through Dovecot as they
// fill; closeMailboxes closes them.
func openMailboxes(e env, powers []string) map[string]*mailbox {
	quiet := slog.New(slog.DiscardHandler)
	boxes := map[string]*mailbox{}
	for _, p := range powers {
		boxes[p] = &mailbox{owner: e.player(p), log: quiet,
			cfg: mailer.IMAPConfig{Addr: e.imap, Security: "none", Username: e.player(p), Password: e.playerPassword}}
	}
	return boxes
}

func closeMailboxes(boxes map[string]*mailbox) {
	for _, b := range boxes {
		b.close()
	}
}

// awaitMail polls every mailbox until ready says yes; after phaseTimeout
// it fails the test with what ready says is missing.
func awaitMail(ctx context.Context, t *testing.T, boxes map[string]*mailbox, what string, ready func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(phaseTimeout)
	var lastErr error
	for {
		for _, b := range boxes {
			if err := b.poll(ctx); err != nil {
				lastErr = err
			}
		}
		ok, missing := ready()
		if ok {
			return
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("%s: still waiting after %v: %s (last IMAP error: %v)", what, phaseTimeout, missing, lastErr)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// phaseRecords are the phases of game name the judge has processed.
func phaseRecords(ctx context.Context, t *testing.T, st *store.Store, name string) []store.PhaseRecord {
	t.Helper()
	var recs []store.PhaseRecord
	err := st.Tx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		recs, err = tx.Phases(g.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// sentOutbox waits until every mail the judge queued has gone out, and
// checks that each went at the first attempt and none failed.
func sentOutbox(ctx context.Context, t *testing.T, st *store.Store) []store.Mail {
	t.Helper()
	var outbox []store.Mail
	deadline := time.Now().Add(phaseTimeout)
	for {
		err := st.Tx(ctx, func(tx *store.Tx) (err error) {
			outbox, err = tx.Outbox()
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		pending := 0
		for _, m := range outbox {
			if m.FailedAt.IsZero() && m.SentAt.IsZero() {
				pending++
			}
		}
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d outbox mails still unsent", pending, len(outbox))
		}
		time.Sleep(250 * time.Millisecond)
	}
	for _, m := range outbox {
		if !m.FailedAt.IsZero() || m.Attempts != 1 {
			t.Errorf("outbox mail %d to %s (%s): %d attempts, failed at %v: %s", m.ID, m.Recipient, m.Subject, m.Attempts, m.FailedAt, m.LastError)
		}
	}
	return outbox
}

// checkGameAt checks that game name is active at phase.
func checkGameAt(ctx context.Context, t *testing.T, st *store.Store, name, phase string) {
	t.Helper()
	err := st.Tx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		if g.Phase != phase || g.State != store.Active {
			t.Errorf("game %s is %s at %s, want active at %s", name, g.State, g.Phase, phase)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
