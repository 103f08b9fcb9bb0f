package mailer_test

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
	"github.com/corriere/corriere/mailer/memmail"
)

const (
	judgeAddr  = "judge@example.org"
	judgePass  = "judge-secret"
	playerAddr = "mario@example.it"
	playerPass = "mario-secret"

	// generous is how long a test waits for something that should happen
	// at once: long enough for a loaded CI machine, and never asserted.
	generous = time.Minute
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// startSystem starts a memmail system with a judge and a player.
func startSystem(t *testing.T) *memmail.System {
	t.Helper()
	sys, err := memmail.Start(quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sys.Close(); err != nil {
			t.Errorf("close memmail: %v", err)
		}
	})
	for _, u := range [][2]string{{judgeAddr, judgePass}, {playerAddr, playerPass}} {
		if err := sys.AddUser(u[0], u[1]); err != nil {
			t.Fatal(err)
		}
	}
	return sys
}

func judgeIMAP(sys *memmail.System) mailer.IMAPConfig {
	return mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: judgeAddr, Password: judgePass}
}

func dialJudge(t *testing.T, sys *memmail.System) *mailer.Inbox {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	in, err := mailer.DialInbox(ctx, judgeIMAP(sys), quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := in.Close(); err != nil {
			t.Errorf("close inbox: %v", err)
		}
	})
	return in
}

// sendOrders mails n numbered orders from the player to the judge,
// logged in as the player.
func sendOrders(t *testing.T, sys *memmail.System, n int) {
	t.Helper()
	s := mailer.NewSender(mailer.SMTPConfig{
		Addr: sys.SMTPAddr(), Security: "none", Username: playerAddr, Password: playerPass, Hello: "player.example.it",
	})
	for i := range n {
		raw := []byte(mail([]string{
			"From: Mario <" + playerAddr + ">",
			"To: " + judgeAddr,
			fmt.Sprintf("Subject: orders %d", i),
			fmt.Sprintf("Message-ID: <orders-%d-%d@example.it>", time.Now().UnixNano(), i),
		}, "A Ven - Tyr\n"))
		ctx, cancel := context.WithTimeout(context.Background(), generous)
		err := s.Send(ctx, playerAddr, []string{judgeAddr}, raw)
		cancel()
		if err != nil {
			t.Fatalf("send: %v", err)
		}
	}
}

func unseenSubjects(t *testing.T, in *mailer.Inbox, limit int) ([]string, []uint32) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	got, err := in.Unseen(ctx, limit)
	if err != nil {
		t.Fatalf("unseen: %v", err)
	}
	var subjects []string
	var uids []uint32
	for _, f := range got {
		m, err := mailer.Parse(f.Raw)
		if err != nil {
			t.Fatalf("parse uid %d: %v", f.UID, err)
		}
		subjects = append(subjects, m.Subject)
		uids = append(uids, f.UID)
	}
	return subjects, uids
}

func TestSendReceiveMarkSeen(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)
	if in.UIDValidity() == 0 {
		t.Error("UIDValidity is 0")
	}
	if subjects, _ := unseenSubjects(t, in, 0); len(subjects) != 0 {
		t.Fatalf("new mailbox has unseen mail: %q", subjects)
	}

	sendOrders(t, sys, 3)
	subjects, uids := unseenSubjects(t, in, 0)
	if want := []string{"orders 0", "orders 1", "orders 2"}; strings.Join(subjects, "|") != strings.Join(want, "|") {
		t.Fatalf("unseen = %q, want %q", subjects, want)
	}
	for i := 1; i < len(uids); i++ {
		if uids[i] <= uids[i-1] {
			t.Errorf("uids not in order: %v", uids)
		}
	}
	// Fetching did not mark anything seen.
	if again, _ := unseenSubjects(t, in, 0); len(again) != 3 {
		t.Fatalf("after fetching, unseen = %q, want all three again", again)
	}

	first, _ := unseenSubjects(t, in, 2)
	if strings.Join(first, "|") != "orders 0|orders 1" {
		t.Errorf("unseen with limit 2 = %q, want the first two", first)
	}

	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	if err := in.MarkSeen(ctx, uids[0], uids[2]); err != nil {
		t.Fatalf("mark seen: %v", err)
	}
	if rest, _ := unseenSubjects(t, in, 0); strings.Join(rest, "|") != "orders 1" {
		t.Errorf("after marking 0 and 2 seen, unseen = %q, want [orders 1]", rest)
	}
	if err := in.MarkSeen(ctx); err != nil {
		t.Errorf("mark seen of nothing: %v", err)
	}

	// A second connection sees the same state: \Seen is stored on the
	// server, not in the Inbox.
	in2 := dialJudge(t, sys)
	if rest, _ := unseenSubjects(t, in2, 0); strings.Join(rest, "|") != "orders 1" {
		t.Errorf("new connection: unseen = %q, want [orders 1]", rest)
	}
}

func TestSince(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	since := func(after uint32, limit int) []uint32 {
		t.Helper()
		got, err := in.Since(ctx, after, limit)
		if err != nil {
			t.Fatalf("since %d: %v", after, err)
		}
		var uids []uint32
		for _, f := range got {
			uids = append(uids, f.UID)
		}
		return uids
	}
	if got := since(0, 0); len(got) != 0 {
		t.Fatalf("empty mailbox: since 0 = %v", got)
	}
	sendOrders(t, sys, 3)
	all := since(0, 0)
	if len(all) != 3 {
		t.Fatalf("since 0 = %v, want three uids", all)
	}
	// \Seen does not matter: a mail a person read in the judge's mailbox
	// is still found.
	if err := in.MarkSeen(ctx, all...); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		after uint32
		limit int
		want  []uint32
	}{
		{0, 0, all},
		{0, 2, all[:2]},
		{all[0], 0, all[1:]},
		{all[1], 1, all[2:]},
		{all[2], 0, nil}, // "n:*" matches the last message even below n
		{all[2] + 100, 0, nil},
	}
	for _, tt := range tests {
		if got := since(tt.after, tt.limit); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("since %d limit %d = %v, want %v", tt.after, tt.limit, got, tt.want)
		}
	}
}

func TestWaitWakesOnNewMail(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)

	done := make(chan error, 1)
	go func() {
		// max is far beyond the test's patience: if Wait returns, it is
		// because the mail arrived.
		done <- in.Wait(context.Background(), time.Hour)
	}()
	sendOrders(t, sys, 1)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("wait: %v", err)
		}
	case <-time.After(generous):
		t.Fatal("Wait did not return after new mail arrived")
	}
	if subjects, _ := unseenSubjects(t, in, 0); len(subjects) != 1 {
		t.Errorf("after wake-up, unseen = %q, want one", subjects)
	}
}

func TestWaitReturnsForMailReportedEarlier(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)
	unseenSubjects(t, in, 0)
	sendOrders(t, sys, 1)
	// The EXISTS for this mail reaches the client with the next command's
	// answer (or as soon as IDLE starts); either way Wait must not sleep
	// through it.
	done := make(chan error, 1)
	go func() { done <- in.Wait(context.Background(), time.Hour) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("wait: %v", err)
		}
	case <-time.After(generous):
		t.Fatal("Wait slept through mail that arrived before it was called")
	}
}

func TestWaitEnds(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)
	unseenSubjects(t, in, 0)

	// max elapses: nil, and the connection still works.
	if err := in.Wait(context.Background(), 10*time.Millisecond); err != nil {
		t.Fatalf("wait with short max: %v", err)
	}
	sendOrders(t, sys, 1)
	if subjects, _ := unseenSubjects(t, in, 0); len(subjects) != 1 {
		t.Fatalf("after a timed-out wait, unseen = %q, want one", subjects)
	}
	// ctx ends: nil.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- in.Wait(ctx, time.Hour) }()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("wait with cancelled ctx: %v", err)
		}
	case <-time.After(generous):
		t.Fatal("Wait did not return after its context was cancelled")
	}
}

func TestWaitReportsBrokenConnection(t *testing.T) {
	sys := startSystem(t)
	in := dialJudge(t, sys)
	unseenSubjects(t, in, 0)
	done := make(chan error, 1)
	go func() { done <- in.Wait(context.Background(), time.Hour) }()
	sys.Close() // the server goes away under the IDLE
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("Wait returned nil on a broken connection")
		}
	case <-time.After(generous):
		t.Fatal("Wait did not notice the connection break")
	}
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	if _, err := in.Unseen(ctx, 0); err == nil {
		t.Error("Unseen on a broken connection succeeded")
	}
}

func TestDialInboxErrors(t *testing.T) {
	sys := startSystem(t)
	tests := []struct {
		name     string
		edit     func(*mailer.IMAPConfig)
		wantAuth bool
		wantText string
	}{
		{"wrong password", func(c *mailer.IMAPConfig) { c.Password = "nope" }, true, "login as"},
		{"unknown user", func(c *mailer.IMAPConfig) { c.Username = "nobody@example.org" }, true, "login as"},
		{"unknown mailbox", func(c *mailer.IMAPConfig) { c.Mailbox = "Archive" }, false, "select"},
		{"unknown security", func(c *mailer.IMAPConfig) { c.Security = "ssl" }, false, "security"},
		{"no address", func(c *mailer.IMAPConfig) { c.Addr = "" }, false, "address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := judgeIMAP(sys)
			tt.edit(&cfg)
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			in, err := mailer.DialInbox(ctx, cfg, quiet)
			if err == nil {
				in.Close()
				t.Fatal("DialInbox succeeded")
			}
			if errors.Is(err, mailer.ErrAuth) != tt.wantAuth {
				t.Errorf("errors.Is(err, ErrAuth) = %v, want %v: %v", !tt.wantAuth, tt.wantAuth, err)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error %q does not mention %q", err, tt.wantText)
			}
		})
	}
}

func TestDialInboxCancelled(t *testing.T) {
	sys := startSystem(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if in, err := mailer.DialInbox(ctx, judgeIMAP(sys), quiet); err == nil {
		in.Close()
		t.Fatal("DialInbox with a cancelled context succeeded")
	} else if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v is not context.Canceled", err)
	}
}

func TestSendErrors(t *testing.T) {
	sys := startSystem(t)
	raw := []byte(mail([]string{"From: " + judgeAddr, "To: x@example.org", "Subject: x"}, "x\n"))
	tests := []struct {
		name          string
		cfg           mailer.SMTPConfig
		to            []string
		wantPermanent bool
		wantAuth      bool
	}{
		{
			name:          "unknown recipient",
			cfg:           mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Username: judgeAddr, Password: judgePass},
			to:            []string{"nobody@example.org"},
			wantPermanent: true,
		},
		{
			name:          "one unknown among known recipients",
			cfg:           mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none"},
			to:            []string{playerAddr, "nobody@example.org"},
			wantPermanent: true,
		},
		{
			name:     "wrong password",
			cfg:      mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Username: judgeAddr, Password: "nope"},
			to:       []string{playerAddr},
			wantAuth: true,
		},
		{
			name: "no recipients",
			cfg:  mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none"},
		},
		{
			name: "unknown security",
			cfg:  mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "ssl"},
			to:   []string{playerAddr},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			err := mailer.NewSender(tt.cfg).Send(ctx, judgeAddr, tt.to, raw)
			if err == nil {
				t.Fatal("Send succeeded")
			}
			if errors.Is(err, mailer.ErrPermanent) != tt.wantPermanent {
				t.Errorf("errors.Is(err, ErrPermanent) = %v, want %v: %v", !tt.wantPermanent, tt.wantPermanent, err)
			}
			if errors.Is(err, mailer.ErrAuth) != tt.wantAuth {
				t.Errorf("errors.Is(err, ErrAuth) = %v, want %v: %v", !tt.wantAuth, tt.wantAuth, err)
			}
		})
	}
	// All or nothing: the known recipient of the refused mail got nothing.
	if msgs, err := sys.Messages(playerAddr); err != nil || len(msgs) != 0 {
		t.Errorf("player's inbox after refused sends: %d messages, %v", len(msgs), err)
	}
}

func TestSendUnreachableIsTemporary(t *testing.T) {
	sys := startSystem(t)
	addr := sys.SMTPAddr()
	sys.Close()
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	err := mailer.NewSender(mailer.SMTPConfig{Addr: addr, Security: "none"}).Send(ctx, judgeAddr, []string{playerAddr}, []byte("Subject: x\r\n\r\nx\r\n"))
	if err == nil || errors.Is(err, mailer.ErrPermanent) {
		t.Errorf("send to a closed server: %v, want a temporary error", err)
	}
}

// TestJudgeRoundTrip is the judge's loop in small: a composed mail goes
// out over SMTP, comes in over IMAP, and parses back as the judge's own,
// automatic mail.
func TestJudgeRoundTrip(t *testing.T) {
	sys := startSystem(t)
	raw, err := mailer.Compose(mailer.Outgoing{
		From: "Corriere <" + judgeAddr + ">", To: playerAddr, Subject: "Risultati – città",
		MessageID: "outbox-1@example.org", Date: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC),
		Text: "Perché no?\n.\nFrom here\n", Loop: judgeAddr,
	})
	if err != nil {
		t.Fatal(err)
	}
	s := mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Username: judgeAddr, Password: judgePass, Hello: "judge.example.org"})
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	if err := s.Send(ctx, judgeAddr, []string{playerAddr}, raw); err != nil {
		t.Fatal(err)
	}
	in, err := mailer.DialInbox(ctx, mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: playerAddr, Password: playerPass}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	got, err := in.Unseen(ctx, 0)
	if err != nil || len(got) != 1 {
		t.Fatalf("unseen: %d messages, %v", len(got), err)
	}
	m, err := mailer.Parse(got[0].Raw)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Risultati – città" || m.Text != "Perché no?\n.\nFrom here\n" || m.MessageID != "outbox-1@example.org" || !m.Automatic {
		t.Errorf("received %+v", m)
	}
}
