package judge

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
)

// mailSystem is a memmail system with the fixture's judge and France,
// and ways to mail the judge and to open its mailbox.
type mailSystem struct {
	t   *testing.T
	sys *memmail.System
	n   int
}

// Its servers run on the clock now, as the judge does.
func newMailSystem(t *testing.T, now func() time.Time) *mailSystem {
	t.Helper()
	sys, err := memmail.StartOptions(memmail.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	for _, u := range []string{"judge@corriere.test", addr("france")} {
		if err := sys.AddUser(u, "pw"); err != nil {
			t.Fatal(err)
		}
	}
	return &mailSystem{t: t, sys: sys}
}

// mail sends the judge a HELP from France, which it answers.
func (a *mailSystem) mail(n int) {
	a.t.Helper()
	for range n {
		a.n++
		a.send(addr("france"), fmt.Sprintf("help %d", a.n), fmt.Sprintf("a%d@players.test", a.n), "HELP")
	}
}

// send delivers a mail to the judge's mailbox through SMTP.
func (a *mailSystem) send(from, subject, id, body string) {
	a.t.Helper()
	raw := "From: " + from + "\r\nTo: judge@corriere.test\r\nSubject: " + subject + "\r\nMessage-ID: <" + id + ">\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n") + "\r\n"
	err := mailer.NewSender(mailer.SMTPConfig{Addr: a.sys.SMTPAddr(), Security: "none"}).Send(context.Background(), from, []string{"judge@corriere.test"}, []byte(raw))
	if err != nil {
		a.t.Fatal(err)
	}
}

// imap is the judge's mailbox.
func (a *mailSystem) imap() mailer.IMAPConfig {
	return mailer.IMAPConfig{Addr: a.sys.IMAPAddr(), Security: "none", Username: "judge@corriere.test", Password: "pw"}
}

// dialer opens the judge's mailbox for Run.
func (a *mailSystem) dialer() func(context.Context) (Inbox, error) {
	return func(ctx context.Context) (Inbox, error) {
		return mailer.DialInbox(ctx, a.imap(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
}

// dial opens the judge's mailbox, archiving into archive ("" for none).
func (a *mailSystem) dial(archive string) *mailer.Inbox {
	a.t.Helper()
	cfg := a.imap()
	cfg.Archive = archive
	in, err := mailer.DialInbox(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		a.t.Fatal(err)
	}
	a.t.Cleanup(func() { in.Close() })
	return in
}
