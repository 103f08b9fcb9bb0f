package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/judge"
)

// hotwDemoGame is the game `corriere demo --game hotw` plays.
const hotwDemoGame = "mondo"

// hotwDemoMaster is the moderator's address: the game's setup and the
// event cards the data leaves to the moderator are its decisions.
const hotwDemoMaster = "moderator@players.test"

// hotwColours are the four seats; yellow writes its orders in Italian.
var hotwColours = []string{"red", "yellow", "green", "blue"}

// hotwDemoEpochs are the epochs the demo plays.
const hotwDemoEpochs = 2

// hotwDemoSeed fixes the game's dice, so that the demo plays the same
// game every time (the judge's seed is otherwise a secret random one).
var hotwDemoSeed = dice.Seed{0x48, 0x6f, 0x74, 0x57}

// demoHistory plays two epochs of History of the World by mail with the
// sample data: the moderator starts the game, each player answers the
// decision it owes as the judge's mails prompt it (the draft's keep or
// pass, a turn's whole script in one mail), the moderator rules on the
// event cards the data leaves to it. Each player reads only its own
// mails; every mail the judge sent is written to out, and the board
// after each step (map-<phase>.png).
func demoHistory(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error {
	var addrs []string
	for _, c := range hotwColours {
		addrs = append(addrs, seedPlayer(c))
	}
	env, err := newDemoEnv(ctx, out, log, append(addrs, hotwDemoMaster))
	if err != nil {
		return err
	}
	defer env.close()
	env.j.Seed = func() dice.Seed { return hotwDemoSeed }
	set := judge.DefaultSettings()
	set.Set("players", "4")
	// A decision is answered by mail as soon as its prompt arrives: the
	// deadlines are there only for a player who never answers.
	for _, kind := range []string{"setup", "draft", "turn", "event"} {
		set.Set(kind, "@every 1h")
	}
	set.Grace, set.Reminder = 0, 0
	pw, err := env.j.CreateWithMaster(ctx, hotwDemoGame, judge.Creation{Kind: "hotw", Settings: set}, hotwDemoMaster)
	if err != nil {
		return err
	}
	if err := seatAndStart(ctx, env.j, hotwDemoGame, hotwColours, func(c string) string { return "pw-" + c + "-2001" }); err != nil {
		return err
	}
	env.run(ctx, log)
	fmt.Fprintf(stdout, "Corriere demo: game %q, History of the World played by mail (sample data, %d epochs).\n", hotwDemoGame, hotwDemoEpochs)
	fmt.Fprintf(stdout, "IMAP on %s, SMTP on %s; each decision is resolved as soon as it is answered.\n\n", env.sys.IMAPAddr(), env.sys.SMTPAddr())
	d := &hotwDriver{env: env, master: pw}
	phase, phases := "E0-0", []string(nil)
	if err := d.send(ctx, hotwDemoMaster, "setup", "SIGNON master@"+hotwDemoGame+" "+pw+"\nRULE START"); err != nil {
		return err
	}
	for n := 0; ; n++ {
		// Red reads every results mail: the "Now:" line says whose
		// decision is owed next.
		m, err := awaitResults(ctx, env.sys, seedPlayer("red"), hotwDemoGame, phase)
		if err != nil {
			return err
		}
		now := hotwNowRE.FindStringSubmatch(m.Text)
		if now == nil {
			return fmt.Errorf("the results of %s say no decision owed:\n%s", phase, m.Text)
		}
		kind, seat, next := now[1], now[2], now[3]
		fmt.Fprintf(stdout, "%s processed. Next: %s of %s (%s).\n", phase, kind, seat, next)
		if ep, _ := strconv.Atoi(strings.TrimPrefix(strings.Split(next, "-")[0], "E")); ep > hotwDemoEpochs {
			break
		}
		if n > 100 {
			return fmt.Errorf("the game did not reach epoch %d in 100 decisions", hotwDemoEpochs+1)
		}
		if err := d.answer(ctx, phase, kind, seat, next); err != nil {
			return err
		}
		phases = append(phases, phase)
		phase = next
	}
	if err := writeMaps(ctx, env.j, hotwDemoGame, append(phases, phase), out); err != nil {
		return err
	}
	final, err := env.j.Status(ctx, hotwDemoGame)
	if err != nil {
		return err
	}
	env.stop()
	n, err := writeMails(env.sys, out, append(addrs, hotwDemoMaster))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%s\n%d mails from the judge written to %s, with the board after every step (map-*.png).\n", strings.TrimSpace(final), n, out)
	return nil
}

var (
	hotwNowRE     = regexp.MustCompile(`(?m)^Now: .*, (\w+) of (\w+) \(([A-Z0-9]+-\d+)\)\.$`)
	hotwAnswersRE = regexp.MustCompile(`(?m)^Answers: (.*)$`)
	hotwDrewRE    = regexp.MustCompile(`You drew the \w+ \(strength (\d+),`)
	hotwStartRE   = regexp.MustCompile(`armies to place from (\w+);`)
	hotwCardsRE   = regexp.MustCompile(`your cards ([^.]*)\. Send`)
	hotwLandsRE   = regexp.MustCompile(`Lands next to your armies: ([^.]*)\.`)
)

// hotwDriver plays the seats and the moderator: each answers from the
// mail the judge sent it, as a player would.
type hotwDriver struct {
	env    *demoEnv
	master string
	sent   int
}

// answer answers the decision of kind owed by seat at phase next, from
// the results mail of phase that seat read.
func (d *hotwDriver) answer(ctx context.Context, phase, kind, seat, next string) error {
	if seat == "master" {
		// An event card the data does not describe: the moderator would
		// apply it with EDIT; the demo rules it done.
		return d.send(ctx, hotwDemoMaster, next, "SIGNON master@"+hotwDemoGame+" "+d.master+"\nRULE DONE")
	}
	m, err := awaitResults(ctx, d.env.sys, seedPlayer(seat), hotwDemoGame, phase)
	if err != nil {
		return err
	}
	var lines []string
	switch kind {
	case "draft":
		answers := hotwAnswersRE.FindStringSubmatch(m.Text)
		drew := hotwDrewRE.FindStringSubmatch(m.Text)
		if answers == nil || drew == nil {
			return fmt.Errorf("%s's draft prompt is not in its mail:\n%s", seat, m.Text)
		}
		choices := strings.Split(answers[1], " | ")
		// A strong empire is kept; a weak one passed to the last who
		// has none.
		pick := choices[len(choices)-1]
		if s, _ := strconv.Atoi(drew[1]); s >= 5 && choices[0] == "KEEP" {
			pick = "KEEP"
		}
		lines = append(lines, pick)
	case "turn":
		start, cards, lands := hotwStartRE.FindStringSubmatch(m.Text), hotwCardsRE.FindStringSubmatch(m.Text), hotwLandsRE.FindStringSubmatch(m.Text)
		if start == nil || cards == nil || lands == nil {
			return fmt.Errorf("%s's turn prompt is not in its mail:\n%s", seat, m.Text)
		}
		// The whole turn in one mail: a card, an expansion over every
		// land next to the start, two armies at each, a fort at home.
		for _, c := range strings.Split(cards[1], ", ") {
			if strings.HasPrefix(c, "L") {
				lines = append(lines, "PLAY "+c)
				break
			}
		}
		if lands[1] != "-" {
			lines = append(lines, "1 EXPAND "+strings.ReplaceAll(lands[1], " ", "")+" TRY 2")
		}
		lines = append(lines, "FORT "+start[1], "DONE")
	default:
		return fmt.Errorf("the demo does not answer a decision of kind %s", kind)
	}
	body := strings.Join(lines, "\n")
	if seat == "yellow" {
		body = hotwInItalian(body)
	}
	return d.send(ctx, seedPlayer(seat), next, fmt.Sprintf("SIGNON %s@%s pw-%s-2001\n%s", seat, hotwDemoGame, seat, body))
}

// hotwInItalian writes a script with the Italian verbs, as yellow does.
func hotwInItalian(s string) string {
	return strings.NewReplacer("KEEP", "TIENI", "PASS ", "PASSA ", "PLAY ", "GIOCA ", "EXPAND ", "ESPANDI ", " TRY ", " PROVA ", "FORT ", "FORTE ", "DONE", "FINE").Replace(s)
}

// send mails body from addr, the subject naming the decision answered;
// the results of that decision are what the players wait for next.
func (d *hotwDriver) send(ctx context.Context, addr, phase, body string) error {
	d.sent++
	id := fmt.Sprintf("demo-hotw-%d@players.test", d.sent)
	if err := d.env.players.Send(ctx, addr, []string{demoJudge}, playerMail(addr, "answer for "+phase, id, body+"\n")); err != nil {
		return fmt.Errorf("%s mails its answer: %w", addr, err)
	}
	return nil
}
