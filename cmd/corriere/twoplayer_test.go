package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
	"github.com/corriere/corriere/store"
)

// TestTwoPlayerGameByMail plays the rulebook's two-player game (seed
// XIV.2) end to end: the daemon against in-memory IMAP and SMTP servers,
// a game master and two players who only mail. It goes through the coin
// toss, Italy joining the allies in 1915, and the master's rollback to
// before the toss, after which the same toss stands.
func TestTwoPlayerGameByMail(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	sys, err := memmail.Start(quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	const gm, allies, central = "gm@players.test", "allies@players.test", "central@players.test"
	for _, a := range []string{demoJudge, gm, allies, central} {
		if err := sys.AddUser(a, demoPassword); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The game's dice toss the coin in Fall 1914 for England's side.
	seed := dice.SeedWhere("F1914M", func(d *dice.Source) bool { return d.Roll("coin", 2, true) == 1 })
	j := &judge.Judge{Games: games, Store: st, Address: demoJudge, Log: quiet, Seed: func() dice.Seed { return seed }}
	j.Access = judge.Access{Create: []string{gm}}
	imapCfg := mailer.IMAPConfig{Addr: sys.IMAPAddr(), Security: "none", Username: demoJudge, Password: demoPassword}
	smtpCfg := mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Username: demoJudge, Password: demoPassword, Hello: "localhost"}
	runCtx, stopJudge := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- j.Run(runCtx, judge.RunOptions{
			Dial:   dialInbox(imapCfg, quiet),
			Sender: mailer.NewSender(smtpCfg),
			Poll:   100 * time.Millisecond,
		})
	}()
	defer func() {
		stopJudge()
		if err := <-done; err != nil && ctx.Err() == nil {
			t.Errorf("judge: %v", err)
		}
	}()

	sender := mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Hello: "players.test"})
	n := 0
	// mail sends body from addr and waits for the judge's mail to addr
	// whose subject contains want.
	mail := func(from, body, want string) *mailer.Message {
		t.Helper()
		n++
		before, _ := sys.Messages(from)
		raw := playerMail(from, "duo", fmt.Sprintf("duo-%d@players.test", n), body)
		if err := sender.Send(ctx, from, []string{demoJudge}, raw); err != nil {
			t.Fatal(err)
		}
		return await(ctx, t, sys, from, len(before), want)
	}
	// Deadlines far away: phases are processed when both players are ready.
	mail(gm, "CREATE duo pw-master\nplayers 2\nmovement @every 240h\nretreat @every 240h\nadjustment @every 240h\n", "Re:")
	mail(gm, "SIGNON master@duo pw-master\nSEAT england "+allies+"\nSEAT germany "+central+"\nSTART\n", "Re:")
	pw := func(addr string) string {
		msgs, _ := sys.Messages(addr)
		for _, raw := range msgs {
			if m, err := mailer.Parse(raw); err == nil && strings.Contains(m.Subject, "you play") {
				_, after, _ := strings.Cut(m.Text, "SIGNON ")
				line, _, _ := strings.Cut(after, "\n")
				_, p, _ := strings.Cut(strings.TrimSpace(line), " ")
				return p
			}
		}
		t.Fatalf("no seat mail to %s", addr)
		return ""
	}
	alliesOn := "SIGNON england@duo " + pw(allies) + "\nSET NOWAIT\n"
	centralOn := "SIGNON germany@duo " + pw(central) + "\nSET NOWAIT\n"
	alliesHold := "F lon H\nF edi H\nA lvp H\nA par H\nA mar H\nF bre H\nA war H\nA mos H\nF sev H\nF stp/sc H\n"
	centralHold := "F kie H\nA ber H\nA mun H\nA vie H\nA bud H\nF tri H\nF ank H\nA con H\nA smy H\n"

	reply := mail(allies, alliesOn+"A mar - pie\n"+alliesHold, "Re:")
	mustHave(t, "allies' reply", reply.Text, "Signed on as England, France and Russia in game duo",
		"A mar - pie                  refused: that province is neutral: no unit may enter it", "Your orders are complete.")
	mail(central, centralOn+centralHold, "S1914M results")
	mail(allies, alliesOn+alliesHold, "Re:")
	res := mail(central, centralOn+centralHold, "F1914M results")
	mustHave(t, "Fall 1914 results", res.Text, "The judge has tossed the coin: Italy joins England, France and Russia from Spring 1915.",
		"Next: Spring 1915 movement (S1915M)")
	if !bytes.Contains(rawOf(t, sys, central, res.MessageID), []byte("image/png")) {
		t.Error("the results mail has no map")
	}

	// 1915: Italy plays for the allies.
	reply = mail(allies, alliesOn+alliesHold+"A ven - tyr\nA rom H\nF nap H\n", "Re:")
	mustHave(t, "allies with Italy", reply.Text, "Signed on as England, France, Russia and Italy", "ok: Italy: A ven - tyr", "Your orders are complete.")
	mail(central, centralOn+centralHold, "S1915M results")

	// The master rolls back to Fall 1914: Italy is neutral again, and the
	// toss made stands when Fall 1914 is processed again.
	mail(gm, "SIGNON master@duo pw-master\nROLLBACK F1914M\n", "Re:")
	mark, _ := sys.Messages(central)
	await(ctx, t, sys, central, len(mark)-1, "rolled back to F1914M")
	// The orders of Fall 1914 are back, complete: the allies' next mail
	// makes both players ready again.
	reply = mail(allies, alliesOn, "Re:")
	mustHave(t, "allies after the rollback", reply.Text, "Signed on as England, France and Russia in game duo", "Fall 1914 movement", "F lon H")
	res = await(ctx, t, sys, central, len(mark), "F1914M results")
	mustHave(t, "Fall 1914 again", res.Text, "As the coin decided when it was tossed before the rollback: Italy joins England, France and Russia from Spring 1915.")
}

// await waits for a mail to addr, after the first skip, whose subject
// contains want ("" takes the judge's reply to anything).
func await(ctx context.Context, t *testing.T, sys *memmail.System, addr string, skip int, want string) *mailer.Message {
	t.Helper()
	for {
		msgs, err := sys.Messages(addr)
		if err != nil {
			t.Fatal(err)
		}
		for _, raw := range msgs[min(skip, len(msgs)):] {
			if m, err := mailer.Parse(raw); err == nil && strings.Contains(m.Subject, want) {
				return m
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no mail %q reached %s", want, addr)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// rawOf is the mail with the given Message-ID in addr's mailbox.
func rawOf(t *testing.T, sys *memmail.System, addr, id string) []byte {
	t.Helper()
	msgs, err := sys.Messages(addr)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range msgs {
		if m, err := mailer.Parse(raw); err == nil && m.MessageID == id {
			return raw
		}
	}
	return nil
}

func mustHave(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}
