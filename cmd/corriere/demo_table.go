package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/store"
)

// demoMaster is the address of the moderator of a demo on the table.
const demoMaster = "gm@players.test"

// A tableDemo is a game on the table engine played by mail for a demo:
// its kind, name and seats, and who mails what next. next reads the
// stored state and says who mails which lines (the moderator's signed
// on as master); done when the demo has played what it shows.
type tableDemo struct {
	kind, name, title string
	seats             []string
	// seed fixes the game's dice, so that the demo plays the same game
	// every time (the judge's seed is otherwise a secret random one).
	seed dice.Seed
	next func(position string) (from, body string, done bool, err error)
}

// demoTable plays d by mail: loopback servers, the judge's daemon, the
// players and the moderator at <seat>@players.test and gm@players.test,
// each mail sent when its decision is owed and the next one awaited in
// the store; every mail the judge sent is written to out.
func demoTable(ctx context.Context, d tableDemo, out string, stdout io.Writer, log *slog.Logger) error {
	addrs := []string{demoMaster}
	for _, s := range d.seats {
		addrs = append(addrs, seedPlayer(s))
	}
	env, err := newDemoEnv(ctx, out, log, addrs)
	if err != nil {
		return err
	}
	defer env.close()
	env.j.Seed = func() dice.Seed { return d.seed }
	pw, err := env.j.CreateWithMaster(ctx, d.name, judge.Creation{Kind: d.kind, Settings: judge.DefaultSettings()}, demoMaster)
	if err != nil {
		return err
	}
	if err := seatAndStart(ctx, env.j, d.name, d.seats, func(s string) string { return "pw-" + s + "-1919" }); err != nil {
		return err
	}
	env.run(ctx, log)
	fmt.Fprintf(stdout, "Corriere demo: game %q, %s played by mail.\n", d.name, d.title)
	fmt.Fprintf(stdout, "IMAP on %s, SMTP on %s; each decision is resolved as soon as it is answered.\n\n", env.sys.IMAPAddr(), env.sys.SMTPAddr())
	for i := 0; ; i++ {
		pos, err := demoPosition(ctx, env.st, d.name)
		if err != nil {
			return err
		}
		from, body, done, err := d.next(pos)
		if err != nil {
			return err
		}
		if done {
			break
		}
		sign := fmt.Sprintf("SIGNON %s@%s pw-%s-1919\n", strings.TrimSuffix(from, "@players.test"), d.name, strings.TrimSuffix(from, "@players.test"))
		if from == demoMaster {
			sign = fmt.Sprintf("SIGNON master@%s %s\n", d.name, pw)
		}
		raw := playerMail(from, d.name, fmt.Sprintf("demo-%d@players.test", i), sign+body+"\n")
		if err := env.players.Send(ctx, from, []string{demoJudge}, raw); err != nil {
			return fmt.Errorf("%s mails: %w", from, err)
		}
		fmt.Fprintf(stdout, "%s: %s\n", from, strings.ReplaceAll(strings.TrimSpace(body), "\n", " / "))
		if err := awaitChange(ctx, env.st, d.name, pos); err != nil {
			return fmt.Errorf("after %s's mail %q: %w", from, body, err)
		}
	}
	status, err := env.j.Status(ctx, d.name)
	if err != nil {
		return err
	}
	time.Sleep(time.Second) // the last results reach the mailboxes
	env.stop()
	n, err := writeMails(env.sys, out, addrs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%s\n%d mails from the judge written to %s.\n", strings.TrimSpace(status), n, out)
	return nil
}

// demoPosition is the game's stored state.
func demoPosition(ctx context.Context, st *store.Store, name string) (string, error) {
	var pos string
	err := st.Read(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err == nil {
			pos = g.Position
		}
		return err
	})
	return pos, err
}

// awaitChange waits until the judge has read the mail: the state moved.
func awaitChange(ctx context.Context, st *store.Store, name, was string) error {
	for range 300 {
		pos, err := demoPosition(ctx, st, name)
		if err != nil || pos != was {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("the game did not move")
}
