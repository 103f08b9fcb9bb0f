package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
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

// TestFaultsAcrossDeadlines is issue 11's fault-injection test: the
// judge's daemon (`corriere serve`, this test binary run again, as in
// TestCrashAndRestart) runs on the real clock against the in-process mail
// servers, with real deadlines a few seconds away, while the servers fail
// on purpose, and is killed with SIGKILL again and again. Three games on
// one database, one scenario each, played one after the other:
//
//  1. outage: the IMAP server goes down; four powers mail their Spring
//     1901 orders (they reach the mailbox, which cannot be read); the
//     deadline passes while the daemon runs and is killed; three more
//     powers mail theirs after the deadline, still down; the server comes
//     back and the daemon is killed at random (on a timer, on a log line,
//     on the n-th mail it sends) until all is read. After every kill while
//     the server is down the phase must still wait; at the end the four
//     powers' orders are in the phase's results, the three late ones are
//     neither there nor in Fall 1901 and were answered as late, and the
//     phase was processed once.
//  2. hang: the SMTP server hangs on every mail from the judge; all seven
//     powers mail their orders, which the daemon reads with kills at
//     random, their replies hanging. The deadline is set two seconds
//     ahead and one run crosses it, its sending stuck on a hung mail: it
//     must process the phase (the record exists while the server still
//     hangs, and nothing of the judge's has been delivered). Another run,
//     once its sending hangs, must read a Fall 1901 mail sent then, and
//     take its orders for Fall 1901; then more kills at random. The hang
//     ends while the daemon is down, and it is killed at random while it
//     sends what waited.
//  3. queue: with the daemon down, 60 strangers' mails (LIST) reach the
//     mailbox ahead of all seven powers' orders, then the deadline passes;
//     the daemon, which reads 50 mails at a time, is started only after
//     it. Its first run is killed just after fetching its first batch,
//     the second left to work until the phase is processed (so that it
//     reads a whole batch of 50 and must go on to the next before the
//     deadline is processed), the others killed at random. The phase is
//     processed once, with every order, as the rulebook has it; Fall 1901
//     has no orders.
//
// After every kill with the IMAP server up, nothing may be lost (as in
// TestCrashAndRestart: mail seen or behind the read cursor is stored, an
// outbox row marked sent is in its recipient's mailbox). At the end the
// daemon runs undisturbed until everything is read and sent, then: each
// game has one phase record, for Spring 1901; the outbox holds one start
// mail per player and game, one reply per mail received and one results
// mail per player and game, all sent; every mailbox holds exactly its
// outbox rows, once by Message-ID (a resend after a kill at the delivery
// moment is the same bytes, counted, not an error).
//
// The test waits for real deadlines to pass and asserts no time: the
// outcome does not depend on when the kills fall. Generous bounds only
// turn a hang into a report: three minutes for the whole test, and 30
// seconds for a run left to do a piece of work that takes a second or
// two (a judge whose reading waited on a hung SMTP server would wait a
// minute per mail).
// CORRIERE_FAULT_SEED=<n> repeats a run's random choices (not its timing);
// CORRIERE_FAULT_VERBOSE=1 logs each run of the daemon.
func TestFaultsAcrossDeadlines(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a daemon across real deadlines with the mail servers failing; skipped with -short")
	}
	began := time.Now()
	seed := crashSeed(t, "CORRIERE_FAULT_SEED")
	ctx, cancel := crashContext(t, 3*time.Minute)
	defer cancel()

	dir := t.TempDir()
	d := newCrashDaemon(t)
	hung := new(atomic.Int64)
	sys, err := memmail.Start(slog.New(faultHook{crashDeliveryHook{d.onDelivery}, hung}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	f := &faultTest{
		t: t, ctx: ctx, d: d, sys: sys, hung: hung,
		dbPath:    filepath.Join(dir, "judge.db"),
		rng:       rand.New(rand.NewPCG(seed, 3)),
		sender:    mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Hello: "players.test"}),
		passwords: map[string]string{},
		verbose:   os.Getenv("CORRIERE_FAULT_VERBOSE") != "",
		stages:    map[string]int{},
	}
	if err := sys.AddUser(crashJudge, crashPassword); err != nil {
		t.Fatal(err)
	}
	for _, p := range standard.Variant().Powers {
		f.addUser(seedPlayer(p.ID), crashMailPassword(p.ID))
	}
	for i := range faultStrangers {
		f.addUser(faultStranger(i), "mail-stranger")
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	err = crashWithStore(ctx, f.dbPath, func(st *store.Store) error {
		j := &judge.Judge{Games: games, Store: st, Address: crashJudge, Log: quiet}
		for _, g := range faultGames {
			// Deadlines an hour away: the test sets each phase's.
			if err := createSeedGame(ctx, j, g, "@every 1h"); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	d.configure(t, dir, f.dbPath, sys, "")

	f.outage()
	f.hang()
	f.queue()

	// The last run: undisturbed until every mail is read and every outbox
	// row sent, then stopped as an operator would.
	if err := d.drain(ctx, crashDrained(ctx, f.dbPath, f.ids(nil))); err != nil {
		t.Fatalf("last run: %v", err)
	}
	if bad := d.badLines(); len(bad) > 0 {
		t.Fatalf("the daemon reported:\n%s", strings.Join(bad, "\n"))
	}
	resends := f.checkEnd()

	var stages []string
	for _, s := range faultStages {
		stages = append(stages, fmt.Sprintf("%s %d", s, f.stages[s]))
	}
	t.Logf("%d runs of the daemon, %d killed (%s); kills by stage: %s", d.runs, d.kills, d.killText(), strings.Join(stages, ", "))
	// workRedone counts the "phase processed" lines by phase: each game
	// processed Spring 1901 once.
	redone, fetched := d.workRedone()
	redone -= len(faultGames) - 1
	t.Logf("%d phase transactions killed before their commit; %d mails fetched for the %d sent; %d of the judge's %d deliveries were byte-identical resends; %s",
		redone, fetched, len(f.mails), resends, d.deliveredTotal(), time.Since(began).Round(time.Millisecond))
}

// The games, one per scenario, and the stages the kills are counted in.
const (
	faultOutage = "outage"
	faultHang   = "hang"
	faultQueue  = "queue"

	faultStrangers = 60
)

var (
	faultGames  = []string{faultOutage, faultHang, faultQueue}
	faultStages = []string{stageDownBefore, stageDownAfter, stageBack, stageHang, stageHangAcross, stageHangNext, stageUnhung, stageQueue}
)

const (
	stageDownBefore = "IMAP down before the deadline"
	stageDownAfter  = "IMAP down after it"
	stageBack       = "IMAP back"
	stageHang       = "SMTP hangs before the deadline"
	stageHangAcross = "SMTP hangs across it"
	stageHangNext   = "SMTP hangs after it"
	stageUnhung     = "SMTP answers again"
	stageQueue      = "60 mails ahead of the orders"
)

func faultStranger(i int) string { return fmt.Sprintf("stranger%02d@elsewhere.test", i) }

// faultHook is the mail servers' log handler: deliveries go to the
// daemon's driver, as in TestCrashAndRestart, and the mails the SMTP
// server hangs on are counted.
type faultHook struct {
	crashDeliveryHook
	hung *atomic.Int64
}

func (h faultHook) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == "memmail hangs" {
		h.hung.Add(1)
	}
	return h.crashDeliveryHook.Handle(ctx, r)
}

func (h faultHook) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h faultHook) WithGroup(string) slog.Handler      { return h }

// faultMail is a mail the test sent to the judge.
type faultMail struct {
	game  string
	power string // power id; "" for a stranger
	from  string
	id    string // Message-ID without angle brackets
	// kind: "in time" (orders that arrived before the deadline of
	// Spring 1901), "late" (after it), "next" (Fall 1901 orders, after
	// Spring 1901 was processed), "stranger".
	kind   string
	orders []string // the order texts, as written
}

type faultTest struct {
	t         *testing.T
	ctx       context.Context
	d         *crashDaemon
	sys       *memmail.System
	dbPath    string
	rng       *rand.Rand
	sender    *mailer.Sender
	passwords map[string]string // mailbox passwords, by address
	verbose   bool
	hung      *atomic.Int64 // mails the SMTP server hung on

	mails    []faultMail
	imapDown bool
	stages   map[string]int // kills, by stage
}

func (f *faultTest) addUser(addr, password string) {
	if err := f.sys.AddUser(addr, password); err != nil {
		f.t.Fatal(err)
	}
	f.passwords[addr] = password
}

func (f *faultTest) ms(lo, hi int) time.Duration {
	return time.Duration(lo+f.rng.IntN(hi-lo+1)) * time.Millisecond
}

// faultSeedOrders returns the rulebook's orders for examples.Seed[i], by
// power id, one order a string as written there.
func faultSeedOrders(t *testing.T, i int) map[string][]string {
	t.Helper()
	v := standard.Variant()
	out := map[string][]string{}
	for _, line := range strings.Split(examples.Seed[i].Orders, "\n") {
		label, orders, _ := strings.Cut(line, ":")
		p, err := parser.Power(v, label)
		if err != nil {
			t.Fatalf("%s: %v", examples.Seed[i].Phase, err)
		}
		for _, o := range strings.Split(strings.TrimSuffix(strings.TrimSpace(orders), "."), ",") {
			out[v.Powers[p].ID] = append(out[v.Powers[p].ID], strings.TrimSpace(o))
		}
	}
	return out
}

// sendOrders mails a power's orders for game: no PHASE line (what keeps a
// late mail out of the next phase is its arrival, not its text) and no
// SET NOWAIT (a phase ends at its deadline, never early).
func (f *faultTest) sendOrders(gameName, power, kind string, orders []string) {
	f.t.Helper()
	m := faultMail{game: gameName, power: power, from: seedPlayer(power), id: fmt.Sprintf("fault-%s-%s-%s@players.test", gameName, strings.ReplaceAll(kind, " ", ""), power), kind: kind, orders: orders}
	body := fmt.Sprintf("SIGNON %s@%s pw-%s\n%s\nSIGNOFF\n", power, gameName, power, strings.Join(orders, "\n"))
	f.send(m, playerMail(m.from, "Orders of "+power, m.id, body))
}

func (f *faultTest) send(m faultMail, raw []byte) {
	f.t.Helper()
	if err := f.sender.Send(f.ctx, m.from, []string{crashJudge}, raw); err != nil {
		f.t.Fatalf("%s mails the judge: %v", m.from, err)
	}
	f.mails = append(f.mails, m)
}

func (f *faultTest) ids(match func(faultMail) bool) []string {
	var out []string
	for _, m := range f.mails {
		if match == nil || match(m) {
			out = append(out, m.id)
		}
	}
	return out
}

func (f *faultTest) read(fn func(*store.Tx) error) error {
	return crashTx(f.ctx, f.dbPath, fn)
}

// setDeadline sets the deadline of game's current phase, as an operator
// would, with the daemon down.
func (f *faultTest) setDeadline(name string, at time.Time) {
	f.t.Helper()
	err := f.read(func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		if g.Phase != "S1901M" {
			return fmt.Errorf("game %s is at %s, want S1901M", name, g.Phase)
		}
		g.Deadline = at.UTC()
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		return tx.Audit(time.Now(), g.ID, "test", "deadline", at.UTC().Format(time.RFC3339))
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

// sleepUntil waits until the clock passes at.
func (f *faultTest) sleepUntil(at time.Time) {
	select {
	case <-f.ctx.Done():
		f.t.Fatalf("waiting for %s: %v", at.Format(time.TimeOnly), f.ctx.Err())
	case <-time.After(time.Until(at)):
	}
}

// faultChooser draws how the next run ends, from the kills and runs so
// far in the stage and whether work waits for the daemon.
type faultChooser func(kills int, busy bool) crashKillMode

// onTimer kills each run 100 to 700 ms after it starts, wherever it is:
// the kills while the mailbox cannot be read, when no event of the work
// can come.
func (f *faultTest) onTimer(int, bool) crashKillMode {
	return crashKillMode{name: "timer", after: f.ms(100, 700)}
}

// atRandom draws as TestCrashAndRestart does: on a timer, at the n-th
// mail delivered, just after a log line (a batch fetched, a phase
// processed, mail marked seen), or after a second or two; a run left to
// work longer after 12 runs that did not finish the stage.
func (f *faultTest) atRandom(kills int, busy bool) crashKillMode {
	return crashChooseMode(f.rng, kills, kills, busy, f.d.startupCost())
}

// cycles runs the daemon again and again, each run killed as choose
// says, until done holds (looked at with the daemon down) and the stage
// has seen at least minKills kills.
func (f *faultTest) cycles(stage string, minKills int, choose faultChooser, done func(*store.Tx) (bool, string, error)) {
	t := f.t
	t.Helper()
	state := ""
	for kills := 0; ; kills++ {
		var ok, busy bool
		err := f.read(func(tx *store.Tx) error {
			var err error
			if ok, state, err = done(tx); err != nil {
				return err
			}
			unread, unsent, err := crashPending(tx, f.ids(nil))
			busy = unread > 0 || unsent > 0
			return err
		})
		if err != nil {
			t.Fatalf("%s, after %d kills: %v", stage, kills, err)
		}
		if ok && kills >= minKills {
			return
		}
		mode := choose(kills, busy)
		runBegan := time.Now()
		if err := f.d.cycle(f.ctx, mode); err != nil {
			t.Fatalf("%s: daemon run %d (%s): %v; still %s", stage, f.d.runs, mode, err, state)
		}
		f.stages[stage]++
		if f.verbose {
			t.Logf("%s: run %d, work waiting %v: %s after %s", stage, f.d.runs, busy, f.d.lastKill(), time.Since(runBegan).Round(time.Millisecond))
		}
		f.afterKill(stage)
	}
}

// faultRunLimit bounds a run left to do a piece of work (runUntil): far
// longer than the work takes (a second or two, several under -race), it
// only turns a daemon stuck for good into a report.
const faultRunLimit = 30 * time.Second

// runUntil starts the daemon, does act (when given) once it has started,
// and kills it once done holds, looked at while it runs. A run that does
// not get there within faultRunLimit fails the test: the daemon is stuck.
func (f *faultTest) runUntil(stage string, act func(), done func(*store.Tx) (bool, string, error)) {
	t := f.t
	t.Helper()
	f.d.mu.Lock()
	run := f.d.runs + 1 // the run started below
	f.d.mu.Unlock()
	limit := faultRunLimit + 5*f.d.startupCost()
	mode := crashKillMode{name: "stuck", after: limit}
	ended := make(chan error, 1)
	go func() { ended <- f.d.cycle(f.ctx, mode) }()
	fail := func(format string, args ...any) {
		t.Helper()
		f.d.kill("end")
		<-ended
		t.Fatalf(stage+": "+format, args...)
	}
	started, state := false, "not started"
	for {
		if !started {
			f.d.mu.Lock()
			started = f.d.cur.n == run && f.d.cur.started
			f.d.mu.Unlock()
			if started && act != nil {
				act()
			}
		}
		if started {
			var ok bool
			err := f.read(func(tx *store.Tx) (err error) {
				ok, state, err = done(tx)
				return err
			})
			if err != nil {
				fail("while daemon run %d worked: %v", run, err)
			}
			if ok {
				f.d.kill("work done")
				break
			}
		}
		select {
		case err := <-ended:
			if err == nil { // killed at the limit
				err = fmt.Errorf("the daemon is stuck: not done after %s", limit)
			}
			t.Fatalf("%s: daemon run %d: %v; still %s", stage, run, err, state)
		case <-time.After(20 * time.Millisecond):
		}
	}
	if err := <-ended; err != nil {
		t.Fatalf("%s: daemon run %d: %v", stage, run, err)
	}
	f.stages[stage]++
	if f.verbose {
		t.Logf("%s: run %d: %s", stage, run, f.d.lastKill())
	}
	f.afterKill(stage)
}

// waitFor waits until cond holds.
func (f *faultTest) waitFor(what string, cond func() bool) {
	f.t.Helper()
	for !cond() {
		select {
		case <-f.ctx.Done():
			f.t.Fatalf("waiting for %s: %v", what, f.ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// afterKill fails at once on what the killed daemon reported or lost.
// The mailboxes cannot be listed while the IMAP server is down: nothing
// can be marked seen then either.
func (f *faultTest) afterKill(stage string) {
	t := f.t
	t.Helper()
	if bad := f.d.badLines(); len(bad) > 0 {
		t.Fatalf("%s: the daemon reported:\n%s", stage, strings.Join(bad, "\n"))
	}
	if f.imapDown {
		return
	}
	boxes, err := crashMailboxes(f.sys)
	if err != nil {
		t.Fatalf("%s, after daemon run %d: %v", stage, f.d.runs, err)
	}
	err = f.read(func(tx *store.Tx) error {
		// The strangers' mailboxes too, where mail was sent to them.
		out, err := tx.Outbox()
		if err != nil {
			return err
		}
		for _, m := range out {
			if _, listed := boxes.players[m.Recipient]; listed || m.SentAt.IsZero() {
				continue
			}
			pw, ok := f.passwords[m.Recipient]
			if !ok {
				return fmt.Errorf("outbox row %d (%s, %q) is for %s, who has no mailbox", m.ID, m.Kind, m.Subject, m.Recipient)
			}
			if boxes.players[m.Recipient], _, err = crashMailbox(f.sys.IMAPAddr(), m.Recipient, pw); err != nil {
				return err
			}
		}
		return crashCheckLost(tx, boxes)
	})
	if err != nil {
		t.Fatalf("%s, after daemon run %d (%s): %v", stage, f.d.runs, f.d.lastKill(), err)
	}
}

// stored says whether every mail that matches has been stored.
func (f *faultTest) stored(tx *store.Tx, match func(faultMail) bool) (bool, string, error) {
	n, err := crashUnread(tx, f.ids(match))
	return n == 0, fmt.Sprintf("%d mails not read", n), err
}

func (f *faultTest) ofGame(name string) func(faultMail) bool {
	return func(m faultMail) bool { return m.game == name }
}

// faultPhases returns a game and its processed phases.
func faultPhases(tx *store.Tx, name string) (*store.Game, []store.PhaseRecord, error) {
	g, err := tx.Game(name)
	if err != nil {
		return nil, nil, err
	}
	recs, err := tx.Phases(g.ID)
	return g, recs, err
}

// faultProcessed says whether Spring 1901 of game has been processed; more
// than one record of it, or of anything else, is an error at once.
func faultProcessed(tx *store.Tx, name string) (bool, error) {
	_, recs, err := faultPhases(tx, name)
	if err != nil {
		return false, err
	}
	switch {
	case len(recs) == 0:
		return false, nil
	case len(recs) == 1 && recs[0].Phase == "S1901M":
		return true, nil
	}
	var got []string
	for _, r := range recs {
		got = append(got, r.Phase)
	}
	return false, fmt.Errorf("game %s: phases processed %v, want S1901M once", name, got)
}

// faultWaits fails unless game is still in Spring 1901, unprocessed.
func faultWaits(tx *store.Tx, name string) error {
	g, recs, err := faultPhases(tx, name)
	if err != nil {
		return err
	}
	if g.Phase != "S1901M" || len(recs) > 0 {
		return fmt.Errorf("game %s was processed while its mailbox could not be read (now at %s, %d phase records): the orders waiting in the mailbox missed their phase", name, g.Phase, len(recs))
	}
	return nil
}

// outage is scenario 1: the IMAP server down across the deadline, with
// orders waiting that arrived before it and more that arrived after it.
func (f *faultTest) outage() {
	t := f.t
	spring := faultSeedOrders(t, 0)
	inTime, late := []string{"england", "russia", "austria", "france"}, []string{"germany", "italy", "turkey"}

	f.sys.SetIMAPDown(true)
	f.imapDown = true
	f.d.expect("deadlines wait", "mailbox wait") // the judge says it cannot read its mail
	for _, p := range inTime {
		f.sendOrders(faultOutage, p, "in time", spring[p])
	}
	// Every mail so far reached the server before this second ended.
	deadline := time.Now().Truncate(time.Second).Add(2 * time.Second)
	f.setDeadline(faultOutage, deadline)
	f.cycles(stageDownBefore, 3, f.onTimer, func(tx *store.Tx) (bool, string, error) {
		if err := faultWaits(tx, faultOutage); err != nil {
			return false, "", err
		}
		return time.Now().After(deadline.Add(time.Second / 2)), "before the deadline", nil
	})
	// The deadline has passed, to the second: these arrive after it.
	for _, p := range late {
		f.sendOrders(faultOutage, p, "late", spring[p])
	}
	f.cycles(stageDownAfter, 2, f.onTimer, func(tx *store.Tx) (bool, string, error) {
		return true, "", faultWaits(tx, faultOutage)
	})

	f.sys.SetIMAPDown(false)
	f.imapDown = false
	f.d.expect()
	f.afterKill("IMAP brought back")
	f.cycles(stageBack, 4, f.atRandom, func(tx *store.Tx) (bool, string, error) {
		ok, state, err := f.stored(tx, f.ofGame(faultOutage))
		if err != nil || !ok {
			return false, state, err
		}
		done, err := faultProcessed(tx, faultOutage)
		return done, "Spring 1901 not processed", err
	})

	f.checkSpring(faultOutage, deadline, late, nil, map[string][]string{
		"in time": {"Orders for Spring 1901", "ok: "},
		"late":    {"before the current phase began", "were not read for Fall 1901"},
	})
}

// hang is scenario 2: the SMTP server hangs on the judge's mail across
// the deadline.
func (f *faultTest) hang() {
	t := f.t
	spring, fall := faultSeedOrders(t, 0), faultSeedOrders(t, 1)
	v := standard.Variant()

	f.sys.SetSMTPHang(true, crashJudge)
	delivered := f.d.deliveredTotal()
	for _, p := range v.Powers {
		f.sendOrders(faultHang, p.ID, "in time", spring[p.ID])
	}
	// The orders are read, and their replies wait, with kills at random.
	f.cycles(stageHang, 3, f.atRandom, func(tx *store.Tx) (bool, string, error) {
		return f.stored(tx, f.ofGame(faultHang))
	})
	// One run crosses the deadline, its sending stuck on a reply: it
	// must process the phase all the same. It is killed once it has.
	deadline := time.Now().Truncate(time.Second).Add(2 * time.Second)
	f.setDeadline(faultHang, deadline)
	hung := f.hung.Load()
	f.runUntil(stageHangAcross, nil, func(tx *store.Tx) (bool, string, error) {
		if f.hung.Load() == hung {
			return false, "no mail of the judge's hung yet", nil
		}
		done, err := faultProcessed(tx, faultHang)
		return done, "Spring 1901 not processed", err
	})
	// Mail is still read while a run's sending hangs: orders for the
	// phase that began.
	hung = f.hung.Load()
	f.runUntil(stageHangNext, func() {
		f.waitFor("a mail of the judge's to hang", func() bool { return f.hung.Load() > hung })
		f.sendOrders(faultHang, "england", "next", fall["england"])
	}, func(tx *store.Tx) (bool, string, error) {
		return f.stored(tx, f.ofGame(faultHang))
	})
	f.cycles(stageHangNext, 2, f.atRandom, func(*store.Tx) (bool, string, error) { return true, "", nil })

	// Still hanging: nothing of the judge's went out, everything waits.
	if n := f.d.deliveredTotal() - delivered; n > 0 {
		t.Fatalf("hang: %d mails from the judge were delivered while the SMTP server hung on them", n)
	}
	err := f.read(func(tx *store.Tx) error {
		unsent, err := crashUnsent(tx)
		if err == nil && unsent == 0 {
			t.Errorf("hang: no outbox row waits while the SMTP server hangs")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	f.checkSpring(faultHang, deadline, nil, map[string]string{"england": fmt.Sprintf("fault-%s-next-england@players.test", faultHang)}, map[string][]string{
		"in time": {"Orders for Spring 1901", "ok: "},
		"next":    {"Orders for Fall 1901", "ok: "},
	})

	// The hang ends while the daemon is down (a mail hung in a run that
	// lived on would be tried again only a minute later), and the daemon
	// is killed at random while it sends what waited.
	f.sys.SetSMTPHang(false)
	f.cycles(stageUnhung, 3, f.atRandom, func(tx *store.Tx) (bool, string, error) {
		n, err := crashUnsent(tx)
		return n == 0, fmt.Sprintf("%d outbox rows not sent", n), err
	})
}

// queue is scenario 3: 60 mails ahead of the orders, all before the
// deadline, and the daemon started only after it.
func (f *faultTest) queue() {
	t := f.t
	spring := faultSeedOrders(t, 0)
	v := standard.Variant()
	for i := range faultStrangers {
		m := faultMail{game: faultQueue, from: faultStranger(i), id: fmt.Sprintf("fault-stranger-%02d@elsewhere.test", i), kind: "stranger"}
		f.send(m, playerMail(m.from, "What games are there?", m.id, "LIST\n"))
	}
	for _, p := range v.Powers {
		f.sendOrders(faultQueue, p.ID, "in time", spring[p.ID])
	}
	deadline := time.Now().Truncate(time.Second).Add(time.Second)
	f.setDeadline(faultQueue, deadline)
	f.sleepUntil(deadline.Add(time.Second / 2)) // the daemon down at the deadline

	// The first run is killed just after fetching its first batch of 50,
	// having handled a few at most; the second is left to work until the
	// phase is processed, so that it reads a whole batch of 50 and goes on
	// to the next (the phase must wait for it); the others at random.
	first := crashKillMode{name: "log", after: 5*time.Second + 3*f.d.startupCost(), logMatch: "fetched", logDelay: f.ms(0, 3)}
	f.cycles(stageQueue, 1, func(int, bool) crashKillMode { return first }, func(*store.Tx) (bool, string, error) { return true, "", nil })
	f.runUntil(stageQueue, nil, func(tx *store.Tx) (bool, string, error) {
		done, err := faultProcessed(tx, faultQueue)
		return done, "Spring 1901 not processed", err
	})
	f.cycles(stageQueue, 2, f.atRandom, func(tx *store.Tx) (bool, string, error) {
		return f.stored(tx, f.ofGame(faultQueue))
	})

	f.checkSpring(faultQueue, deadline, nil, nil, map[string][]string{
		"in time":  {"Orders for Spring 1901", "ok: "},
		"stranger": {},
	})
}

// checkSpring checks a game at the end of its scenario, the same for all
// three: it is at Fall 1901; Spring 1901 was processed after its
// deadline, with every power's orders but the late powers', which it
// names late (where none was, its results are the rulebook's); the
// orders standing for Fall 1901 are those of the mails next names, by
// power; and each mail of the game has one reply, which says what says
// gives for its kind.
func (f *faultTest) checkSpring(name string, deadline time.Time, late []string, next map[string]string, says map[string][]string) {
	t := f.t
	t.Helper()
	spring := faultSeedOrders(t, 0)
	err := f.read(func(tx *store.Tx) error {
		g, recs, err := faultPhases(tx, name)
		if err != nil {
			return err
		}
		if g.Phase != "F1901M" {
			t.Errorf("%s: the game is at %s, want F1901M", name, g.Phase)
		}
		rec := recs[0]
		if rec.ProcessedAt.Before(deadline) {
			t.Errorf("%s: Spring 1901 processed at %s, before its deadline %s", name, rec.ProcessedAt, deadline)
		}
		resp := crashResponse(t, rec)
		if len(late) == 0 {
			for _, diff := range examples.Seed[0].Check(resp) {
				t.Errorf("%s: %s", name, diff)
			}
		}
		for _, p := range standard.Variant().Powers {
			faultOrdersIn(t, name+": Spring 1901 results", rec, resp, p.ID, spring[p.ID], !slices.Contains(late, p.ID))
		}
		faultLate(t, name, rec, late)
		faultNoOrders(t, tx, name, g, "F1901M", next)
		return f.checkReplies(tx, name, says)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// faultOrdersIn checks that each of a power's orders, read as the
// parser reads them in the phase's position, is (want) or is not among
// the phase's results.
func faultOrdersIn(t *testing.T, what string, rec store.PhaseRecord, resp *diplomacy.Response, power string, orders []string, want bool) {
	t.Helper()
	v := standard.Variant()
	var pj diplomacy.Position
	if err := json.Unmarshal([]byte(rec.Position), &pj); err != nil {
		t.Fatalf("%s: stored position: %v", rec.Phase, err)
	}
	pos, err := diplomacy.Decode(v, &pj)
	if err != nil {
		t.Fatalf("%s: stored position: %v", rec.Phase, err)
	}
	p, err := parser.Power(v, power)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range resp.Results[power] {
		if r.Result != "invalid" {
			got = append(got, r.Order)
		}
	}
	for _, text := range orders {
		o, err := parser.Order(v, pos, p, text)
		if err != nil {
			t.Fatalf("%s: %s's order %q: %v", what, power, text, err)
		}
		order := parser.Format(v, o)
		if in := slices.Contains(got, order); in != want {
			verb, when := "missing from", "before"
			if in {
				verb, when = "in", "after"
			}
			t.Errorf("%s: %s's order %q (%s), which arrived %s the deadline, is %s them (%s has %q)", what, power, text, order, when, verb, power, got)
		}
	}
}

// faultLate checks the powers the phase record names late: exactly these.
func faultLate(t *testing.T, what string, rec store.PhaseRecord, powers []string) {
	t.Helper()
	var got []string
	if err := json.Unmarshal([]byte(rec.Late), &got); err != nil {
		t.Fatalf("%s: late powers %q: %v", what, rec.Late, err)
	}
	v := standard.Variant()
	want := []string{}
	for _, id := range powers {
		for _, p := range v.Powers {
			if p.ID == id {
				want = append(want, p.Name)
			}
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: %s names late %q, want %q", what, rec.Phase, got, want)
	}
}

// faultNoOrders checks that a phase's standing orders are exactly those
// of the mails given (by power), none of any other.
func faultNoOrders(t *testing.T, tx *store.Tx, what string, g *store.Game, phase string, from map[string]string) {
	t.Helper()
	orders, err := tx.Orders(g.ID, phase)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, o := range orders {
		seen[o.Power] = true
		if id, ok := from[o.Power]; !ok || o.MessageID != id {
			t.Errorf("%s: %s stands for %s in %s, from mail %s", what, o.Canonical, o.Power, phase, o.MessageID)
		}
	}
	for p := range from {
		if !seen[p] {
			t.Errorf("%s: no order of %s stands in %s", what, p, phase)
		}
	}
}

// checkReplies checks that each mail of the game name (of the kinds
// given) has one reply queued, which says what is given for its kind.
func (f *faultTest) checkReplies(tx *store.Tx, name string, says map[string][]string) error {
	out, err := tx.Outbox()
	if err != nil {
		return err
	}
	for _, m := range f.mails {
		if m.game != name {
			continue
		}
		want, ok := says[m.kind]
		if !ok {
			f.t.Errorf("%s: no check for the replies to %s mails", name, m.kind)
			continue
		}
		var replies []store.Mail
		for _, r := range out {
			if r.Kind == "reply" && r.InReplyTo == m.id {
				replies = append(replies, r)
			}
		}
		if len(replies) != 1 {
			f.t.Errorf("%s: %d replies queued to %s, want 1", name, len(replies), m.id)
			continue
		}
		if replies[0].Recipient != m.from {
			f.t.Errorf("%s: the reply to %s is for %s, want %s", name, m.id, replies[0].Recipient, m.from)
		}
		for _, s := range want {
			if !strings.Contains(replies[0].Body, s) {
				f.t.Errorf("%s: the reply to the %s mail %s does not say %q:\n%s", name, m.kind, m.id, s, replies[0].Body)
			}
		}
		if m.kind != "late" && strings.Contains(replies[0].Body, "not read") {
			f.t.Errorf("%s: the reply to the %s mail %s refuses orders:\n%s", name, m.kind, m.id, replies[0].Body)
		}
	}
	return nil
}

// checkEnd checks the games, the outbox and every mailbox at the end, and
// returns the number of byte-identical resends.
func (f *faultTest) checkEnd() int {
	t := f.t
	v := standard.Variant()
	var outbox []store.Mail
	err := f.read(func(tx *store.Tx) error {
		for _, name := range faultGames {
			if _, err := faultProcessed(tx, name); err != nil {
				return err
			}
			g, recs, err := faultPhases(tx, name)
			if err != nil {
				return err
			}
			if len(recs) != 1 || g.Phase != "F1901M" || g.State != store.Active {
				t.Errorf("game %s is %s at %s with %d phase records, want active at F1901M with 1", name, g.State, g.Phase, len(recs))
			}
		}
		var err error
		outbox, err = tx.Outbox()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	// The outbox: per player and game one start mail and one results
	// mail, one reply per mail received; all sent.
	per := len(v.Powers) * len(faultGames)
	crashCheckOutbox(t, outbox, f.ids(nil), map[string]int{"start": per, "reply": len(f.mails), "results": per})

	// The judge's mailbox holds what was sent to it, once.
	inbox, _, err := crashMailbox(f.sys.IMAPAddr(), crashJudge, crashPassword)
	if err != nil {
		t.Fatal(err)
	}
	if len(inbox) != len(f.mails) {
		t.Errorf("the judge's mailbox holds %d mails, the test sent %d", len(inbox), len(f.mails))
	}

	// Every mailbox: its outbox rows, once by Message-ID; one start and
	// one results mail per game for each player, one reply per mail.
	resends := 0
	boxes := map[string]map[string]*mailer.Message{} // by address, then Message-ID
	addrs := make([]string, 0, len(f.passwords))
	for a := range f.passwords {
		addrs = append(addrs, a)
	}
	slices.Sort(addrs)
	for _, addr := range addrs {
		parsed, _, n := crashCheckMailbox(t, f.sys, addr, outbox)
		resends += n
		boxes[addr] = parsed
		if !strings.HasSuffix(addr, "@players.test") {
			continue
		}
		for _, name := range faultGames {
			if n := crashCount(parsed, func(m *mailer.Message) bool { return m.Subject == "Corriere "+name+": the game starts" }); n != 1 {
				t.Errorf("%s received %d start mails for game %s, want 1", addr, n, name)
			}
			subject := fmt.Sprintf("Corriere %s: S1901M results", name)
			if n := crashCount(parsed, func(m *mailer.Message) bool { return m.Subject == subject }); n != 1 {
				t.Errorf("%s received %d results mails for %s S1901M, want 1", addr, n, name)
			}
		}
	}
	for _, m := range f.mails {
		n := crashCount(boxes[m.from], func(pm *mailer.Message) bool { return len(pm.References) > 0 && pm.References[0] == m.id })
		if n != 1 {
			t.Errorf("%s received %d replies to %s, want 1", m.from, n, m.id)
		}
	}
	return resends
}
