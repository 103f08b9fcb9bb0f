package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants/standard"
)

const (
	demoJudge    = "judge@corriere.test"
	demoPassword = "demo"
	demoGame     = "seed"
)

// demoPlay is a game `corriere demo` plays: its name for --game, what it
// plays, and the play.
type demoPlay struct {
	name, about string
	play        func(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error
}

// demos are the games `corriere demo` plays, the first by default: one
// table, which the usage, the flag's help and the refusal read.
var demos = []demoPlay{
	{"diplomacy", "the Italian rulebook's worked game: seven players, 1901 to 1902", demo},
	{"italia", "the year 1499 of Le Guerre d'Italia: six players, diplomacy and three turns of operations, sheets in Italian and English", demoItalia},
	{"hotw", "epochs I and II of History of the World: four players and a moderator", demoHistory},
	{"lbe", "the setup and turn 1 of La Belle Époque, with a contest", demoLBE},
	{"versailles", "four turns of Versailles 1919, with two settles", demoVersailles},
}

// demoNames are the demos' names, as the usage writes them: "a|b|c".
func demoNames() string {
	names := make([]string, len(demos))
	for i, d := range demos {
		names[i] = d.name
	}
	return strings.Join(names, "|")
}

var demoSyntax = "demo [--out DIR] [-v] [--timeout 5m] [--game " + demoNames() + "]"

// demoUsage is demo's usage, with what each game's demo plays.
func demoUsage() string {
	var b strings.Builder
	b.WriteString("usage: corriere " + demoSyntax + `

Plays a game by mail: loopback IMAP and SMTP servers, the judge's daemon,
scripted players (and moderator); checks the outcomes and writes every
mail the judge sent to DIR, with the map of every phase as
map-<phase>.png (for a game with secrets the public copy; each player's
own is attached to his results). The games:
`)
	for _, d := range demos {
		fmt.Fprintf(&b, "  %-11s %s\n", d.name, d.about)
	}
	return b.String()
}

// runDemo plays the rulebook's worked game by mail, with everything in
// this process: an IMAP and an SMTP server on loopback, the judge's
// daemon against them, and seven scripted players who mail the rulebook's
// orders and wait for the results.
func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	out := fs.String("out", "demo-mail", "the folder for the judge's mails (.eml)")
	verbose := fs.Bool("v", false, "log the judge's work on stderr")
	timeout := fs.Duration("timeout", 5*time.Minute, "give up after this long")
	which := fs.String("game", demos[0].name, "the `game` to play: "+strings.ReplaceAll(demoNames(), "|", ", "))
	if code, stop := parseNoArgs(fs, args, demoUsage(), stdout, stderr); stop {
		return code
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	i := slices.IndexFunc(demos, func(d demoPlay) bool { return d.name == *which })
	if i < 0 {
		fmt.Fprintf(stderr, "corriere demo: --game %q: expected one of %s\n", *which, strings.ReplaceAll(demoNames(), "|", ", "))
		return 2
	}
	play := demos[i].play
	if err := play(ctx, *out, stdout, log); err != nil {
		fmt.Fprintf(stderr, "corriere demo: %v\n", err)
		return 1
	}
	return 0
}

// seedPlayer is the address of the player of power in the rulebook's game.
func seedPlayer(power string) string { return power + "@players.test" }

// createSeedGame creates and starts the game the rulebook's worked example
// is played in: the 1971 rules, a deadline every `every` with no grace and
// no reminders, each power seated at seedPlayer with the password
// pw-<power>.
func createSeedGame(ctx context.Context, j *judge.Judge, name, every string) error {
	set := judge.DefaultSettings()
	for _, kind := range []string{"movement", "retreat", "adjustment"} {
		set.Set(kind, every)
	}
	set.Grace, set.Reminder = 0, 0
	if err := j.CreateGame(ctx, name, "standard", "1971", set); err != nil {
		return err
	}
	return seatAndStart(ctx, j, name, seedPowers(), func(p string) string { return "pw-" + p })
}

// seedPowers are the ids of the standard board's powers, in its order.
func seedPowers() []string {
	var ids []string
	for _, p := range standard.Variant().Powers {
		ids = append(ids, p.ID)
	}
	return ids
}

// seedPlayers are the addresses of the players of seats (seedPlayer).
func seedPlayers(seats []string) []string {
	addrs := make([]string, len(seats))
	for i, s := range seats {
		addrs[i] = seedPlayer(s)
	}
	return addrs
}

// seatAndStart seats each of seats in the created game name, at
// seedPlayer with the password password gives it, and starts the game.
func seatAndStart(ctx context.Context, j *judge.Judge, name string, seats []string, password func(seat string) string) error {
	for _, s := range seats {
		if err := j.Seat(ctx, name, s, seedPlayer(s), password(s)); err != nil {
			return err
		}
	}
	return j.Start(ctx, name)
}

// demoEnv is a demo's world: loopback mail servers with the judge's and
// the players' mailboxes, the judge's store in a temporary folder, and
// the judge.
type demoEnv struct {
	sys     *memmail.System
	st      *store.Store
	j       *judge.Judge
	players *mailer.Sender
	closers []func()
	stop    func()
}

// newDemoEnv makes a demo's world for the players, with out made for the
// judge's mails.
func newDemoEnv(ctx context.Context, out string, log *slog.Logger, players []string) (env *demoEnv, err error) {
	env = &demoEnv{stop: func() {}}
	defer func() {
		if err != nil {
			env.close()
		}
	}()
	if err := os.MkdirAll(out, 0o755); err != nil {
		return env, err
	}
	if env.sys, err = memmail.Start(log); err != nil {
		return env, fmt.Errorf("start mail servers: %w", err)
	}
	env.closers = append(env.closers, func() { env.sys.Close() })
	for _, addr := range append([]string{demoJudge}, players...) {
		if err := env.sys.AddUser(addr, demoPassword); err != nil {
			return env, err
		}
	}
	dir, err := os.MkdirTemp("", "corriere-demo-")
	if err != nil {
		return env, err
	}
	env.closers = append(env.closers, func() { os.RemoveAll(dir) })
	db := filepath.Join(dir, "judge.db")
	lock, err := store.Acquire(db) // a daemon runs on it, as under serve
	if err != nil {
		return env, err
	}
	env.closers = append(env.closers, func() { lock.Release() })
	if env.st, err = store.Open(ctx, db); err != nil {
		return env, err
	}
	env.closers = append(env.closers, func() { env.st.Close() })
	env.j = &judge.Judge{Games: games, Store: env.st, Address: demoJudge, Log: log}
	env.players = mailer.NewSender(mailer.SMTPConfig{Addr: env.sys.SMTPAddr(), Security: "none", Hello: "players.test"})
	return env, nil
}

// run starts the judge's daemon on the loopback servers; stop stops it.
func (env *demoEnv) run(ctx context.Context, log *slog.Logger) {
	imapCfg := mailer.IMAPConfig{Addr: env.sys.IMAPAddr(), Security: "none", Username: demoJudge, Password: demoPassword}
	smtpCfg := mailer.SMTPConfig{Addr: env.sys.SMTPAddr(), Security: "none", Username: demoJudge, Password: demoPassword, Hello: "localhost"}
	runCtx, stopJudge := context.WithCancel(ctx)
	done := make(chan error, 1)
	var once sync.Once
	env.stop = func() { once.Do(func() { stopJudge(); <-done }) }
	go func() {
		done <- env.j.Run(runCtx, judge.RunOptions{
			Dial:   dialInbox(imapCfg, log),
			Sender: mailer.NewSender(smtpCfg),
			Poll:   200 * time.Millisecond,
		})
	}()
}

// close stops the judge and takes the world down, last made first.
func (env *demoEnv) close() {
	env.stop()
	for i := len(env.closers) - 1; i >= 0; i-- {
		env.closers[i]()
	}
}

func demo(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error {
	v := standard.Variant()
	addrs := seedPlayers(seedPowers())
	env, err := newDemoEnv(ctx, out, log, addrs)
	if err != nil {
		return err
	}
	defer env.close()
	sys, st, j, players := env.sys, env.st, env.j, env.players
	// Deadlines compressed to seconds: a phase waits at most this long.
	if err := createSeedGame(ctx, j, demoGame, "@every 5s"); err != nil {
		return err
	}
	env.run(ctx, log)
	stop := env.stop
	fmt.Fprintf(stdout, "Corriere demo: game %q, the Italian rulebook's worked example played by mail.\n", demoGame)
	fmt.Fprintf(stdout, "IMAP on %s, SMTP on %s, deadlines every 5 seconds.\n\n", sys.IMAPAddr(), sys.SMTPAddr())
	for i, ph := range examples.Seed {
		for _, line := range strings.Split(ph.Orders, "\n") {
			label, orders, _ := strings.Cut(line, ":")
			p, err := parser.Power(v, label)
			if err != nil {
				return err
			}
			id := v.Powers[p].ID
			body := fmt.Sprintf("SIGNON %s@%s pw-%s\nSET NOWAIT\n%s\nSIGNOFF\n\n-- \n%s\n", id, demoGame, id, strings.TrimSpace(orders), v.Powers[p].Name)
			raw := playerMail(seedPlayer(id), fmt.Sprintf("%s orders for %s", v.Powers[p].Name, ph.Phase), fmt.Sprintf("demo-%d-%s@players.test", i, id), body)
			if err := players.Send(ctx, seedPlayer(id), []string{demoJudge}, raw); err != nil {
				return fmt.Errorf("%s mails its orders: %w", v.Powers[p].Name, err)
			}
		}
		results, err := awaitResults(ctx, sys, seedPlayer("england"), demoGame, ph.Phase)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s processed. %s\n", ph.Phase, summaryLine(results))
	}
	if err := checkSeed(ctx, st, stdout); err != nil {
		return err
	}
	var phases []string
	for _, ph := range examples.Seed {
		phases = append(phases, ph.Phase)
	}
	if err := writeMaps(ctx, j, demoGame, phases, out); err != nil {
		return err
	}
	final, err := j.Status(ctx, demoGame)
	if err != nil {
		return err
	}
	stop()
	n, err := writeMails(sys, out, addrs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n%s\n%d mails from the judge written to %s, with the map of every phase (map-*.png).\n", strings.TrimSpace(final), n, out)
	return nil
}

// writeMaps writes the map of each of game's phases to out as
// map-<phase>.png: the one the judge draws for an observer.
func writeMaps(ctx context.Context, j *judge.Judge, game string, phases []string, out string) error {
	for _, ph := range phases {
		png, err := j.Map(ctx, game, ph)
		if err != nil {
			return fmt.Errorf("map of %s: %w", ph, err)
		}
		if err := os.WriteFile(filepath.Join(out, "map-"+ph+".png"), png, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// awaitResults waits until the player has the results mail of game's
// phase.
func awaitResults(ctx context.Context, sys *memmail.System, player, game, phase string) (*mailer.Message, error) {
	subject := fmt.Sprintf("Corriere %s: %s results", game, phase)
	return awaitMail(ctx, sys, player, "no results for "+phase+" arrived", func(m *mailer.Message) bool { return m.Subject == subject })
}

// awaitMail waits until the mailbox at addr has a mail that is, and
// returns it; missing says what did not arrive, when ctx ends first.
func awaitMail(ctx context.Context, sys *memmail.System, addr, missing string, is func(*mailer.Message) bool) (*mailer.Message, error) {
	for {
		msgs, err := sys.Messages(addr)
		if err != nil {
			return nil, err
		}
		for _, raw := range msgs {
			m, err := mailer.Parse(raw)
			if err == nil && is(m) {
				return m, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%s: %w", missing, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

var nextRE = regexp.MustCompile(`(?m)^Next: (.*)$`)

func summaryLine(m *mailer.Message) string {
	if s := nextRE.FindStringSubmatch(m.Text); s != nil {
		return "Next: " + s[1]
	}
	return ""
}

// writeMails writes every mail the judge sent, as the players received
// them, to out as NNN-recipient-subject.eml, numbered in the order sent;
// the recipient is the address's local part.
func writeMails(sys *memmail.System, out string, players []string) (int, error) {
	type sent struct {
		n    int
		to   string
		subj string
		raw  []byte
	}
	var all []sent
	for _, addr := range players {
		msgs, err := sys.Messages(addr)
		if err != nil {
			return 0, err
		}
		for _, raw := range msgs {
			m, err := mailer.Parse(raw)
			if err != nil || !strings.EqualFold(m.From, demoJudge) {
				continue
			}
			n := 0
			fmt.Sscanf(m.MessageID, "corriere-%d@", &n)
			local, _, _ := strings.Cut(addr, "@")
			all = append(all, sent{n, local, m.Subject, raw})
		}
	}
	sort.Slice(all, func(a, b int) bool { return all[a].n < all[b].n })
	clean := regexp.MustCompile(`[^A-Za-z0-9]+`)
	for i, m := range all {
		name := fmt.Sprintf("%03d-%s-%s.eml", i+1, m.to, strings.Trim(clean.ReplaceAllString(m.subj, "-"), "-"))
		if err := os.WriteFile(filepath.Join(out, name), m.raw, 0o644); err != nil {
			return i, err
		}
	}
	return len(all), nil
}

// playerMail writes a mail as a player's mail client would: plain UTF-8
// text, no automatic-reply markers (mailer.Compose adds those, being the
// judge's own writer).
func playerMail(from, subject, id, body string) []byte {
	return []byte("From: " + from + "\r\nTo: " + demoJudge + "\r\nSubject: " + subject + "\r\nMessage-ID: <" + id + ">\r\n" +
		"Date: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n" +
		"Content-Transfer-Encoding: 8bit\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

// checkSeed compares every processed phase with what the rulebook states.
func checkSeed(ctx context.Context, st *store.Store, stdout io.Writer) error {
	var records []store.PhaseRecord
	err := st.Tx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(demoGame)
		if err != nil {
			return err
		}
		records, err = tx.Phases(g.ID)
		return err
	})
	if err != nil {
		return err
	}
	if len(records) != len(examples.Seed) {
		return fmt.Errorf("%d phases processed, the rulebook plays %d", len(records), len(examples.Seed))
	}
	var diffs []string
	for i, ph := range examples.Seed {
		var resp diplomacy.Response
		if err := json.Unmarshal([]byte(records[i].Result), &resp); err != nil {
			return err
		}
		diffs = append(diffs, ph.Check(&resp)...)
	}
	if len(diffs) > 0 {
		return fmt.Errorf("the game departs from the rulebook:\n  %s", strings.Join(diffs, "\n  "))
	}
	fmt.Fprintf(stdout, "\nEvery move, retreat, build and removal came out as the rulebook states.\n")
	return nil
}
