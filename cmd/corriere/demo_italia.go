package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
)

// italiaDemoGame is the game `corriere demo --game italia` plays.
const italiaDemoGame = "guerra"

// italiaPowers are the six seats of Le Guerre d'Italia.
var italiaPowers = []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"}

// demoItalia plays the year 1499 of Le Guerre d'Italia by mail, as demo
// plays the rulebook's Diplomacy: loopback servers, the judge's daemon,
// six players at <power>@players.test. In the spring Venice writes in
// Italian, the Pope in English, Florence in Italian, the others are
// silent (their forces hold, R34); in the summer and the autumn all six
// march, each in its language (examples.ItaliaYear). Every mail the
// judge sent is written to out, and the public map of each phase
// (map-<phase>.png).
func demoItalia(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error {
	addrs := seedPlayers(italiaPowers)
	env, err := newDemoEnv(ctx, out, log, addrs)
	if err != nil {
		return err
	}
	defer env.close()
	// Fixed dice: the same year every time, for which the scripted
	// sheets are written.
	env.j.Seed = func() dice.Seed { return examples.ItaliaDice }
	set := judge.DefaultSettings()
	// Deadlines compressed to seconds: a phase waits at most this long.
	set.Set("diplomacy", "@every 5s")
	set.Set("operations", "@every 5s")
	set.Grace, set.Reminder = 0, 0
	if _, err := env.j.CreateWithMaster(ctx, italiaDemoGame, judge.Creation{Kind: "italia", Settings: set}, ""); err != nil {
		return err
	}
	if err := seatAndStart(ctx, env.j, italiaDemoGame, italiaPowers, func(p string) string { return "pw-" + p }); err != nil {
		return err
	}
	env.run(ctx, log)
	fmt.Fprintf(stdout, "Corriere demo: game %q, the year 1499 of Le Guerre d'Italia played by mail.\n", italiaDemoGame)
	fmt.Fprintf(stdout, "IMAP on %s, SMTP on %s, deadlines every 5 seconds.\n\n", env.sys.IMAPAddr(), env.sys.SMTPAddr())
	for i, ph := range examples.ItaliaYear {
		for _, p := range italiaPowers {
			sheet, ok := ph.Sheets[p]
			if !ok {
				continue
			}
			body := fmt.Sprintf("SIGNON %s@%s pw-%s\n%s\n", p, italiaDemoGame, p, strings.TrimSpace(sheet))
			raw := playerMail(seedPlayer(p), "sheet for "+ph.Phase, fmt.Sprintf("demo-%d-%s@players.test", i, p), body)
			if err := env.players.Send(ctx, seedPlayer(p), []string{demoJudge}, raw); err != nil {
				return fmt.Errorf("%s mails its sheet: %w", p, err)
			}
		}
		results, err := awaitResults(ctx, env.sys, seedPlayer("francia"), italiaDemoGame, ph.Phase)
		if err != nil {
			return err
		}
		// Every player's results are in before the next sheets, and
		// before the judge stops.
		for _, addr := range addrs {
			if err := awaitPhaseMail(ctx, env, addr, ph.Phase); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "%s processed. %s\n", ph.Phase, summaryLine(results))
	}
	var phases []string
	for _, ph := range examples.ItaliaYear {
		phases = append(phases, ph.Phase)
	}
	if err := writeMaps(ctx, env.j, italiaDemoGame, phases, out); err != nil {
		return err
	}
	final, err := env.j.Status(ctx, italiaDemoGame)
	if err != nil {
		return err
	}
	env.stop()
	n, err := writeMails(env.sys, out, addrs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%s\n%d mails from the judge written to %s, with the public map of every phase (map-*.png); each player's own is attached to his results.\n", strings.TrimSpace(final), n, out)
	return nil
}

// awaitPhaseMail waits until the player at addr has the judge's results
// of phase, in whichever language he reads: a mail that names the phase
// and answers none of his.
func awaitPhaseMail(ctx context.Context, env *demoEnv, addr, phase string) error {
	_, err := awaitMail(ctx, env.sys, addr, fmt.Sprintf("no results of %s for %s", phase, addr), func(m *mailer.Message) bool {
		return strings.Contains(m.Subject, phase) && !strings.HasPrefix(m.Subject, "Re:")
	})
	return err
}
