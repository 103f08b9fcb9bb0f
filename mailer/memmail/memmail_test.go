package memmail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func start(t *testing.T) *memmail.System {
	t.Helper()
	sys, err := memmail.Start(quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	return sys
}

func send(t *testing.T, sys *memmail.System, cfg mailer.SMTPConfig, from string, to []string, raw string) error {
	t.Helper()
	cfg.Addr, cfg.Security = sys.SMTPAddr(), "none"
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return mailer.NewSender(cfg).Send(ctx, from, to, []byte(raw))
}

func TestLoopbackOnly(t *testing.T) {
	sys := start(t)
	for _, addr := range []string{sys.IMAPAddr(), sys.SMTPAddr()} {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			t.Fatal(err)
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			t.Errorf("listening on %s, want loopback", addr)
		}
	}
}

func TestAddUser(t *testing.T) {
	sys := start(t)
	tests := []struct {
		address string
		wantErr bool
	}{
		{"judge@example.org", false},
		{"Player@Example.org", false},
		{"JUDGE@example.org", true}, // the same mailbox as the first
		{"not an address", true},
		{"", true},
		{"<x@example.org>", true},
	}
	for _, tt := range tests {
		err := sys.AddUser(tt.address, "pw")
		if (err != nil) != tt.wantErr {
			t.Errorf("AddUser(%q) = %v, want error %v", tt.address, err, tt.wantErr)
		}
	}
}

func TestDelivery(t *testing.T) {
	sys := start(t)
	for _, u := range []string{"judge@example.org", "Mario@Example.it", "anna@example.it"} {
		if err := sys.AddUser(u, u+"-pw"); err != nil {
			t.Fatal(err)
		}
	}
	mailN := func(n int) string {
		return fmt.Sprintf("From: judge@example.org\r\nSubject: n%d\r\nMessage-ID: <%d@example.org>\r\n\r\nbody %d\r\n", n, n, n)
	}

	// Authenticated, to two users, one written in another case.
	auth := mailer.SMTPConfig{Username: "judge@example.org", Password: "judge@example.org-pw"}
	if err := send(t, sys, auth, "judge@example.org", []string{"mario@example.it", "anna@example.it"}, mailN(1)); err != nil {
		t.Fatalf("authenticated send: %v", err)
	}
	// Unauthenticated, from loopback.
	if err := send(t, sys, mailer.SMTPConfig{}, "", []string{"Mario@Example.it", "mario@example.it"}, mailN(2)); err != nil {
		t.Fatalf("unauthenticated send: %v", err)
	}

	mario, err := sys.Messages("mario@example.it")
	if err != nil {
		t.Fatal(err)
	}
	if len(mario) != 2 {
		t.Fatalf("mario has %d messages, want 2 (one copy each, in order)", len(mario))
	}
	for i, raw := range mario {
		if !bytes.Contains(raw, []byte(fmt.Sprintf("Subject: n%d\r\n", i+1))) {
			t.Errorf("message %d out of order:\n%s", i, raw)
		}
	}
	if !bytes.HasPrefix(mario[0], []byte("Return-Path: <judge@example.org>\r\n")) {
		t.Errorf("no Return-Path from the envelope:\n%s", mario[0])
	}
	// A mail with the empty envelope sender reads as a bounce.
	if m, err := mailer.Parse(mario[1]); err != nil || !m.Automatic {
		t.Errorf("mail from <> is not automatic: %v %+v", err, m)
	}

	anna, _ := sys.Messages("anna@example.it")
	judge, _ := sys.Messages("judge@example.org")
	if len(anna) != 1 || len(judge) != 0 {
		t.Errorf("anna has %d, judge %d messages; want 1 and 0", len(anna), len(judge))
	}
	if _, err := sys.Messages("nobody@example.org"); err == nil {
		t.Error("Messages of an unknown user succeeded")
	}

	// Reading them did not mark them seen.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	in, err := mailer.DialInbox(ctx, mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: "Mario@Example.it", Password: "Mario@Example.it-pw"}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if unseen, err := in.Unseen(ctx, 0); err != nil || len(unseen) != 2 {
		t.Errorf("unseen after Messages: %d, %v; want 2", len(unseen), err)
	}
}

func TestRefusals(t *testing.T) {
	sys := start(t)
	if err := sys.AddUser("judge@example.org", "pw"); err != nil {
		t.Fatal(err)
	}
	raw := "Subject: x\r\n\r\nx\r\n"
	err := send(t, sys, mailer.SMTPConfig{}, "judge@example.org", []string{"nobody@example.org"}, raw)
	if !errors.Is(err, mailer.ErrPermanent) || !strings.Contains(err.Error(), "550") {
		t.Errorf("unknown recipient: %v, want a permanent 550", err)
	}
	err = send(t, sys, mailer.SMTPConfig{Username: "judge@example.org", Password: "wrong"}, "judge@example.org", []string{"judge@example.org"}, raw)
	if !errors.Is(err, mailer.ErrAuth) {
		t.Errorf("wrong password: %v, want ErrAuth", err)
	}
	err = send(t, sys, mailer.SMTPConfig{Username: "nobody@example.org", Password: "pw"}, "judge@example.org", []string{"judge@example.org"}, raw)
	if !errors.Is(err, mailer.ErrAuth) {
		t.Errorf("unknown login: %v, want ErrAuth", err)
	}
}

func TestCloseTwice(t *testing.T) {
	sys, err := memmail.Start(quiet)
	if err != nil {
		t.Fatal(err)
	}
	if err := sys.Close(); err != nil {
		t.Errorf("first close: %v", err)
	}
	if err := sys.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	if c, err := net.Dial("tcp", sys.SMTPAddr()); err == nil {
		c.Close()
		t.Error("SMTP still accepts connections after Close")
	}
}

// Example shows the demo's use: a judge and a player on one in-memory
// system, a mail from one to the other, and the receiver's mailbox read
// back.
func Example() {
	sys, err := memmail.Start(quiet)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sys.Close()
	sys.AddUser("judge@example.org", "judge-pw")
	sys.AddUser("mario@example.it", "mario-pw")

	sender := mailer.NewSender(mailer.SMTPConfig{
		Addr: sys.SMTPAddr(), Security: "none", Username: "mario@example.it", Password: "mario-pw",
	})
	raw := "From: mario@example.it\r\nTo: judge@example.org\r\nSubject: ordini\r\n\r\nA Ven - Tyr\r\n"
	if err := sender.Send(context.Background(), "mario@example.it", []string{"judge@example.org"}, []byte(raw)); err != nil {
		fmt.Println(err)
		return
	}
	msgs, _ := sys.Messages("judge@example.org")
	m, _ := mailer.Parse(msgs[0])
	fmt.Printf("%d message, %q from %s: %q\n", len(msgs), m.Subject, m.From, m.Text)
	// Output: 1 message, "ordini" from mario@example.it: "A Ven - Tyr\n"
}

// TestIMAPDown: a mailbox server that goes down drops its clients and
// lets no new one in, while mail still arrives; back up, it has it all.
func TestIMAPDown(t *testing.T) {
	sys := start(t)
	for _, u := range []string{"judge@example.org", "mario@example.it"} {
		if err := sys.AddUser(u, u+"-pw"); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: "judge@example.org", Password: "judge@example.org-pw"}
	in, err := mailer.DialInbox(ctx, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	mail := func(n int) string {
		return fmt.Sprintf("From: mario@example.it\r\nSubject: n%d\r\nMessage-ID: <%d@example.it>\r\n\r\nbody %d\r\n", n, n, n)
	}
	if err := send(t, sys, mailer.SMTPConfig{}, "mario@example.it", []string{"judge@example.org"}, mail(1)); err != nil {
		t.Fatal(err)
	}

	sys.SetIMAPDown(true)
	if _, err := in.Since(ctx, 0, 10); err == nil {
		t.Error("a connection open when the server went down still reads mail")
	}
	if c, err := mailer.DialInbox(ctx, cfg, quiet); err == nil {
		c.Close()
		t.Error("a new connection was let in while the server is down")
	}
	if _, err := sys.Messages("judge@example.org"); err == nil {
		t.Error("Messages read the mailbox while the server is down")
	}
	// The SMTP side still delivers.
	if err := send(t, sys, mailer.SMTPConfig{}, "mario@example.it", []string{"judge@example.org"}, mail(2)); err != nil {
		t.Fatalf("sending while IMAP is down: %v", err)
	}

	sys.SetIMAPDown(false)
	again, err := mailer.DialInbox(ctx, cfg, quiet)
	if err != nil {
		t.Fatalf("back up: %v", err)
	}
	defer again.Close()
	got, err := again.Since(ctx, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !bytes.Contains(got[1].Raw, []byte("Subject: n2\r\n")) {
		t.Errorf("back up, the mailbox holds %d mails, want both, the one sent while down last", len(got))
	}
}

// hangLog passes the servers' "memmail hangs" lines to a channel, so that
// a test knows a mail is hung before it acts.
type hangLog struct{ hung chan string }

func (h hangLog) Enabled(context.Context, slog.Level) bool { return true }

func (h hangLog) Handle(_ context.Context, r slog.Record) error {
	if r.Message == "memmail hangs" {
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "from" {
				h.hung <- a.Value.String()
			}
			return true
		})
	}
	return nil
}

func (h hangLog) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h hangLog) WithGroup(string) slog.Handler      { return h }

// TestSMTPHang: a hung SMTP server never answers a mail's data and never
// delivers it, for the senders named only; a client still waiting when
// the hang ends is told to try again, and then its mail goes through.
func TestSMTPHang(t *testing.T) {
	h := hangLog{make(chan string, 10)}
	sys, err := memmail.Start(slog.New(h))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	for _, u := range []string{"judge@example.org", "mario@example.it"} {
		if err := sys.AddUser(u, u+"-pw"); err != nil {
			t.Fatal(err)
		}
	}
	mail := func(subject string) string {
		return "From: judge@example.org\r\nSubject: " + subject + "\r\n\r\nbody\r\n"
	}
	sendAsync := func(ctx context.Context, from, to, subject string) chan error {
		done := make(chan error, 1)
		go func() {
			done <- mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none"}).Send(ctx, from, []string{to}, []byte(mail(subject)))
		}()
		return done
	}
	subjects := func(addr string) []string {
		msgs, err := sys.Messages(addr)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, raw := range msgs {
			m, err := mailer.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m.Subject)
		}
		return out
	}

	sys.SetSMTPHang(true, "Judge@Example.org")
	// A client that gives up: its mail is not delivered, then or later.
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := sendAsync(ctx, "judge@example.org", "mario@example.it", "given up")
	if from := <-h.hung; from != "judge@example.org" {
		t.Fatalf("hung mail from %q", from)
	}
	cancel()
	if err := <-gaveUp; err == nil {
		t.Error("a hung send succeeded")
	}
	// Other senders' mail goes through meanwhile.
	if err := send(t, sys, mailer.SMTPConfig{}, "mario@example.it", []string{"judge@example.org"}, mail("from mario")); err != nil {
		t.Fatalf("another sender's mail while the judge's hang: %v", err)
	}
	// A client still waiting when the hang ends.
	waiting := sendAsync(context.Background(), "judge@example.org", "mario@example.it", "waited")
	<-h.hung
	sys.SetSMTPHang(false)
	err = <-waiting
	if err == nil || errors.Is(err, mailer.ErrPermanent) || !strings.Contains(err.Error(), "451") {
		t.Errorf("a mail hung until the hang ended: %v, want a temporary 451", err)
	}
	if got := subjects("mario@example.it"); len(got) != 0 {
		t.Errorf("mario received %q while the judge's mail hung, want nothing", got)
	}
	if err := send(t, sys, mailer.SMTPConfig{}, "judge@example.org", []string{"mario@example.it"}, mail("waited")); err != nil {
		t.Fatalf("after the hang: %v", err)
	}
	if got := subjects("mario@example.it"); len(got) != 1 || got[0] != "waited" {
		t.Errorf("mario received %q, want the mail sent again after the hang, once", got)
	}
	if got := subjects("judge@example.org"); len(got) != 1 || got[0] != "from mario" {
		t.Errorf("the judge received %q, want mario's mail", got)
	}

	// Hanging everyone, and Close ends the hang.
	sys.SetSMTPHang(true)
	hung := sendAsync(context.Background(), "mario@example.it", "judge@example.org", "at close")
	<-h.hung
	if err := sys.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-hung; err == nil {
		t.Error("a mail hung at Close was answered as sent")
	}
}
