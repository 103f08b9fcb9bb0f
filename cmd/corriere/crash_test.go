package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/mailer/memmail"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants/standard"
)

// TestCrashAndRestart is issue 3's promise, "nothing lost, nothing
// doubled", tested the hard way. The judge's daemon (`corriere serve`, this
// test binary run again, see TestMain) is a child process working against
// IMAP and SMTP servers in this process, and is killed with SIGKILL again
// and again while the players of the rulebook's worked game
// (examples.Seed) mail their orders phase by phase. Each run of the child
// ends in one of these ways, drawn at random:
//
//   - timer: killed 20 to 400 ms after it starts, wherever it is;
//   - delivery: killed the moment the SMTP server has taken its n-th mail,
//     before the server's 250 reaches it, so that the mail goes out again
//     on the next start (the one double no mail system can avoid);
//   - log: killed 0 to 8 ms after it logs that it fetched mail, processed
//     a phase (inside the transaction) or marked mail seen;
//   - long: left to work for a second or two, then killed.
//
// The event-driven ends are drawn when work waits for the child, the
// timer otherwise (see crashChooseMode). The players mail a phase's
// orders while the child lies dead (three phases in four) or whenever it
// comes, and go on to the next phase once the results have reached them
// all and the child has been killed at least crashMinKills times during
// the phase. After every kill, with the child down, the test fails at once
// on anything lost: a mail marked \Seen on the server, or behind the
// judge's read cursor, that is not committed in the database; an outbox
// row marked sent that is not in its recipient's mailbox.
//
// The outcome does not depend on timing. The deadlines are an hour away,
// so a phase ends by early processing (every power SET NOWAIT with
// complete orders), except Fall 1902, in which the rulebook's Italy leaves
// units without orders: once all its orders are committed the test, as the
// operator, moves the deadline to the past while the child is down, and
// the daemon's own tick processes the phase.
//
// At the end the child runs undisturbed until every mail is handled and
// every outbox row sent, and is stopped with SIGTERM. Then: every phase is
// stored once, with the same position, orders, results and late powers as
// an undisturbed judge fed the same mails in this process, and as the
// rulebook states; every outbox row reached its recipient, and nothing
// else did; every order mail has one reply, every player one start mail
// and one results mail per phase; a mail that reached a mailbox twice is
// the same mail byte for byte (counted and logged, not an error).
//
// CORRIERE_CRASH_SEED=<n> repeats a run's random choices (not its
// timing); CORRIERE_CRASH_VERBOSE=1 logs each run of the daemon.
func TestCrashAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and restarts a daemon a few dozen times; skipped with -short")
	}
	began := time.Now()
	seed := crashSeed(t, "CORRIERE_CRASH_SEED")
	rng := rand.New(rand.NewPCG(seed, 1))
	verbose := os.Getenv("CORRIERE_CRASH_VERBOSE") != "" // a line per run

	// The test asserts nothing about time.
	ctx, cancel := crashContext(t, 5*time.Minute)
	defer cancel()

	dir := t.TempDir()
	d := newCrashDaemon(t)

	sys, err := memmail.Start(slog.New(crashDeliveryHook{d.onDelivery}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sys.Close() })
	v := standard.Variant()
	if err := sys.AddUser(crashJudge, crashPassword); err != nil {
		t.Fatal(err)
	}
	for _, p := range v.Powers {
		if err := sys.AddUser(seedPlayer(p.ID), crashMailPassword(p.ID)); err != nil {
			t.Fatal(err)
		}
	}

	// The game, created in the daemon's database before it first starts.
	dbPath := filepath.Join(dir, "judge.db")
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := crashWithStore(ctx, dbPath, func(st *store.Store) error {
		return crashCreateGame(ctx, &judge.Judge{Games: games, Store: st, Address: crashJudge, Log: quiet})
	}); err != nil {
		t.Fatal(err)
	}
	d.configure(t, dir, dbPath, sys, "")

	mails := crashMails(t)
	pl := &crashPlayers{sys: sys, mails: mails, rng: rand.New(rand.NewPCG(seed, 2)), done: make(chan struct{}), kills: make([]int, len(mails))}
	go pl.play(ctx)

	// The killer: start, kill, look, start again, until the players have
	// seen the results of the last phase.
	stats := &crashStats{}
	lastPhase, cycles := 0, 0
loop:
	for {
		select {
		case <-pl.done:
			break loop
		default:
		}
		phase := pl.phase()
		if phase != lastPhase {
			lastPhase, cycles = phase, 0
		}
		// Work waiting for the child decides which ends the run may have.
		pl.gate.Lock()
		var busy bool
		err := crashTx(ctx, dbPath, func(tx *store.Tx) error {
			unread, unsent, err := crashPending(tx, pl.sentIDs())
			busy = unread > 0 || unsent > 0
			return err
		})
		if err != nil {
			pl.gate.Unlock()
			t.Fatal(err)
		}
		mode := crashChooseMode(rng, pl.killsIn(phase), cycles, busy, d.startupCost())
		cycles++
		runBegan := time.Now()
		err = d.cycle(ctx, mode)
		pl.gate.Unlock()
		if verbose {
			t.Logf("run %d, %s, work waiting %v: %s after %s", d.runs, examples.Seed[phase].Phase, busy, d.lastKill(), time.Since(runBegan).Round(time.Millisecond))
		}
		if err != nil {
			t.Fatalf("daemon run %d (%s): %v", d.runs, mode, err)
		}
		pl.killed(phase)
		if bad := d.badLines(); len(bad) > 0 {
			t.Fatalf("the daemon reported:\n%s", strings.Join(bad, "\n"))
		}
		// The child is down: look at what it left, and play the operator.
		boxes, err := crashMailboxes(sys)
		if err != nil {
			t.Fatalf("after daemon run %d: %v", d.runs, err)
		}
		err = crashWithStore(ctx, dbPath, func(st *store.Store) error {
			return stats.afterKill(ctx, t, st, boxes, pl.sentIDs(), mails[phase], examples.Seed[phase].Phase)
		})
		if err != nil {
			t.Fatalf("after daemon run %d (%s): %v", d.runs, mode, err)
		}
	}
	if err := pl.error(); err != nil {
		t.Fatalf("players: %v", err)
	}

	// The last run: undisturbed until every mail is handled and every
	// outbox row sent, then stopped as an operator would.
	var all []string
	for _, phase := range mails {
		for _, m := range phase {
			all = append(all, m.id)
		}
	}
	if err := d.drain(ctx, crashDrained(ctx, dbPath, all)); err != nil {
		t.Fatalf("last run: %v", err)
	}
	if bad := d.badLines(); len(bad) > 0 {
		t.Fatalf("the daemon reported:\n%s", strings.Join(bad, "\n"))
	}

	resends := crashCheckOutcome(ctx, t, sys, dbPath, mails, filepath.Join(dir, "reference.db"))

	// Mail committed but never marked seen (killed between the commit and
	// the STORE) is not lost, the database being the record; it only
	// looks unread to a person opening the judge's mailbox.
	inbox, _, err := crashMailbox(sys.IMAPAddr(), crashJudge, crashPassword)
	if err != nil {
		t.Fatal(err)
	}
	unseen := 0
	for _, m := range inbox {
		if !m.seen {
			unseen++
		}
	}
	if len(inbox) != len(all)+pl.again {
		t.Errorf("the judge's mailbox holds %d mails, the players sent %d", len(inbox), len(all)+pl.again)
	}

	redone, fetched := d.workRedone()
	t.Logf("%d runs of the daemon, %d killed (%s); kills while each phase was played: %v; kills that left mail unhandled or unsent: %d (unhandled %d, unsent %d)",
		d.runs, d.kills, d.killText(), pl.killsPerPhase(), stats.busy, stats.unread, stats.unsent)
	t.Logf("work redone after kills: %d phase transactions killed before their commit; %d mails fetched for the %d the players sent (%d of them a second copy); %d of the judge's %d deliveries were byte-identical resends (killed after the server took the mail, before the outbox recorded it)",
		redone, fetched, len(all)+pl.again, pl.again, resends, d.deliveredTotal())
	t.Logf("%d deadline moved by the operator; %d handled mails left without \\Seen in the judge's mailbox; a run took up to %s to send its first results mail; %s",
		stats.forced, unseen, d.startupCost().Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
	if d.deliveredTotal() == 0 {
		t.Errorf(`the SMTP server's "memmail delivered" log line was never seen: the delivery kills did not happen`)
	}
}

const (
	crashJudge    = demoJudge // the address playerMail writes to
	crashPassword = "judge-mail"
	crashGame     = "crash"
)

func crashMailPassword(power string) string { return "mail-" + power }

// crashSeed is the seed of a test's random choices: the number in the
// environment variable env, to repeat a run's choices (not its timing),
// else a new one. It is logged, to be repeated.
func crashSeed(t *testing.T, env string) uint64 {
	t.Helper()
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv(env); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: %v", env, s, err)
		}
		seed = n
	}
	t.Logf("seed %d (%s=%d repeats the random choices)", seed, env, seed)
	return seed
}

// crashContext bounds a test that runs the daemon to limit, or to 30
// seconds before the test binary's deadline when that comes first: a
// generous bound that only turns a hang into a report.
func crashContext(t *testing.T, limit time.Duration) (context.Context, context.CancelFunc) {
	if dl, ok := t.Deadline(); ok && time.Until(dl)-30*time.Second < limit {
		limit = time.Until(dl) - 30*time.Second
	}
	return context.WithTimeout(context.Background(), limit)
}

func crashResultsSubject(phase string) string {
	return fmt.Sprintf("Corriere %s: %s results", crashGame, phase)
}

// crashCreateGame creates the game with deadlines an hour away, so that
// only early processing (on by default) or the operator ends a phase.
func crashCreateGame(ctx context.Context, j *judge.Judge) error {
	return createSeedGame(ctx, j, crashGame, "@every 1h")
}

func crashWithStore(ctx context.Context, path string, f func(*store.Store) error) error {
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	err = f(st)
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	return err
}

// crashTx runs fn in a transaction of the database at path.
func crashTx(ctx context.Context, path string, fn func(*store.Tx) error) error {
	return crashWithStore(ctx, path, func(st *store.Store) error { return st.Tx(ctx, fn) })
}

// crashPending counts the work waiting for the daemon: the mails of ids
// not stored, the outbox rows not sent.
func crashPending(tx *store.Tx, ids []string) (unread, unsent int, err error) {
	if unread, err = crashUnread(tx, ids); err != nil {
		return 0, 0, err
	}
	unsent, err = crashUnsent(tx)
	return unread, unsent, err
}

// crashDrained is drain's ready for the daemon on the database at path:
// no work waits for it, every mail of ids stored and every outbox row
// sent.
func crashDrained(ctx context.Context, path string, ids []string) func() (bool, string, error) {
	return func() (ok bool, state string, err error) {
		err = crashTx(ctx, path, func(tx *store.Tx) error {
			unread, unsent, err := crashPending(tx, ids)
			ok, state = unread == 0 && unsent == 0, fmt.Sprintf("%d mails not stored, %d outbox rows not sent", unread, unsent)
			return err
		})
		return ok, state, err
	}
}

// crashUnread counts the mails of ids not stored.
func crashUnread(tx *store.Tx, ids []string) (int, error) {
	n := 0
	for _, id := range ids {
		ok, err := tx.HasMessage(id)
		if err != nil {
			return 0, err
		}
		if !ok {
			n++
		}
	}
	return n, nil
}

// crashUnsent counts the outbox rows not sent.
func crashUnsent(tx *store.Tx) (int, error) {
	out, err := tx.Outbox()
	n := 0
	for _, m := range out {
		if m.SentAt.IsZero() {
			n++
		}
	}
	return n, err
}

// crashOrderMail is one player's mail of orders.
type crashOrderMail struct {
	phase int    // index in examples.Seed
	power string // power id
	id    string // Message-ID without angle brackets
	raw   []byte
}

// crashMails writes the players' mails, one per line of each seed phase.
func crashMails(t *testing.T) [][]crashOrderMail {
	v := standard.Variant()
	out := make([][]crashOrderMail, len(examples.Seed))
	for i, ph := range examples.Seed {
		for _, line := range strings.Split(ph.Orders, "\n") {
			label, orders, _ := strings.Cut(line, ":")
			p, err := parser.Power(v, label)
			if err != nil {
				t.Fatalf("%s: %v", ph.Phase, err)
			}
			id := v.Powers[p].ID
			mid := fmt.Sprintf("crash-%s-%s@players.test", ph.Phase, id)
			// Written before the game reaches the phase (and dated so), the
			// mail names its phase, as a player's scripted mail would:
			// else the judge takes it for one written for an earlier phase.
			body := fmt.Sprintf("SIGNON %s@%s pw-%s\nSET NOWAIT\nPHASE %s\n%s\nSIGNOFF\n", id, crashGame, id, ph.Phase, strings.TrimSpace(orders))
			raw := playerMail(seedPlayer(id), v.Powers[p].Name+" orders for "+ph.Phase, mid, body)
			out[i] = append(out[i], crashOrderMail{phase: i, power: id, id: mid, raw: raw})
		}
	}
	return out
}

// crashMinKills is the least number of kills while each phase is played:
// the daemon does a phase's work (its mails read, their replies and the
// results sent) in a few hundred milliseconds, and a run may do it all.
const crashMinKills = 5

// crashPlayers mail each phase's orders, a few milliseconds apart (and,
// in half the phases, one of the mails again), and go on once the results
// have reached every player and the killer has struck crashMinKills times
// during the phase. For three phases in four, drawn at random, they mail
// while the daemon is down (holding gate, which the killer holds for each
// run), so that its next runs find a phase's whole work waiting; for the
// others, whenever it comes.
type crashPlayers struct {
	sys   *memmail.System
	mails [][]crashOrderMail
	rng   *rand.Rand
	done  chan struct{} // closed at the end, or on error
	gate  sync.Mutex

	mu    sync.Mutex
	cur   int   // the phase being played
	kills []int // kills while each phase was played
	sent  []string
	again int // mails sent a second time
	err   error
}

func (pl *crashPlayers) play(ctx context.Context) {
	defer close(pl.done)
	sender := mailer.NewSender(mailer.SMTPConfig{Addr: pl.sys.SMTPAddr(), Security: "none", Hello: "players.test"})
	for i, phase := range pl.mails {
		pl.mu.Lock()
		pl.cur = i
		pl.mu.Unlock()
		down := pl.rng.IntN(4) != 0
		if down {
			pl.gate.Lock()
		}
		for _, m := range phase {
			time.Sleep(time.Duration(pl.rng.IntN(30)) * time.Millisecond)
			if err := sender.Send(ctx, seedPlayer(m.power), []string{crashJudge}, m.raw); err != nil {
				if down {
					pl.gate.Unlock()
				}
				pl.fail(fmt.Errorf("%s mails its orders for %s: %w", m.power, examples.Seed[i].Phase, err))
				return
			}
			pl.mu.Lock()
			pl.sent = append(pl.sent, m.id)
			pl.mu.Unlock()
		}
		if pl.rng.IntN(2) == 0 {
			// A mail client that sends again: the same mail, Message-ID
			// and all, which the judge must not handle twice.
			m := phase[pl.rng.IntN(len(phase))]
			if err := sender.Send(ctx, seedPlayer(m.power), []string{crashJudge}, m.raw); err != nil {
				if down {
					pl.gate.Unlock()
				}
				pl.fail(fmt.Errorf("%s mails its orders for %s again: %w", m.power, examples.Seed[i].Phase, err))
				return
			}
			pl.mu.Lock()
			pl.again++
			pl.mu.Unlock()
		}
		if down {
			pl.gate.Unlock()
		}
		if err := pl.awaitResults(ctx, examples.Seed[i].Phase); err != nil {
			pl.fail(err)
			return
		}
		for pl.killsIn(i) < crashMinKills {
			select {
			case <-ctx.Done():
				pl.fail(ctx.Err())
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
}

// awaitResults waits until every player has the results of phase.
func (pl *crashPlayers) awaitResults(ctx context.Context, phase string) error {
	subject := crashResultsSubject(phase)
	for _, p := range standard.Variant().Powers {
		for {
			box, _, err := crashMailbox(pl.sys.IMAPAddr(), seedPlayer(p.ID), crashMailPassword(p.ID))
			if err != nil {
				return err
			}
			found := false
			for _, m := range box {
				found = found || m.subject == subject
			}
			if found {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("the results of %s have not reached %s: %w", phase, p.Name, ctx.Err())
			case <-time.After(40 * time.Millisecond):
			}
		}
	}
	return nil
}

func (pl *crashPlayers) fail(err error) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.err = err
}

func (pl *crashPlayers) error() error {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.err
}

func (pl *crashPlayers) sentIDs() []string {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return append([]string(nil), pl.sent...)
}

func (pl *crashPlayers) phase() int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.cur
}

func (pl *crashPlayers) killed(phase int) {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.kills[phase]++
}

func (pl *crashPlayers) killsIn(phase int) int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.kills[phase]
}

func (pl *crashPlayers) killsPerPhase() []int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return append([]int(nil), pl.kills...)
}

// crashBoxMail is a mail as an IMAP client lists it.
type crashBoxMail struct {
	uid                uint32
	messageID, subject string
	seen               bool
}

// crashBoxes are the mailboxes as they stand, by address.
type crashBoxes struct {
	judge         []crashBoxMail
	judgeValidity uint32
	players       map[string][]crashBoxMail
}

func crashMailboxes(sys *memmail.System) (*crashBoxes, error) {
	b := &crashBoxes{players: map[string][]crashBoxMail{}}
	var err error
	if b.judge, b.judgeValidity, err = crashMailbox(sys.IMAPAddr(), crashJudge, crashPassword); err != nil {
		return nil, fmt.Errorf("the judge's mailbox: %w", err)
	}
	for _, p := range standard.Variant().Powers {
		addr := seedPlayer(p.ID)
		if b.players[addr], _, err = crashMailbox(sys.IMAPAddr(), addr, crashMailPassword(p.ID)); err != nil {
			return nil, fmt.Errorf("the mailbox of %s: %w", addr, err)
		}
	}
	return b, nil
}

// crashMailbox lists a mailbox's mails (envelope and flags only: the
// results mails carry a map of some 200 KB), with its UIDVALIDITY.
func crashMailbox(addr, user, password string) ([]crashBoxMail, uint32, error) {
	c, err := imapclient.DialInsecure(addr, &imapclient.Options{Dialer: &net.Dialer{Timeout: 10 * time.Second}})
	if err != nil {
		return nil, 0, err
	}
	defer c.Close()
	watchdog := time.AfterFunc(time.Minute, func() { c.Close() })
	defer watchdog.Stop()
	if err := c.Login(user, password).Wait(); err != nil {
		return nil, 0, fmt.Errorf("login as %s: %w", user, err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, 0, err
	}
	if sel.NumMessages == 0 {
		return nil, sel.UIDValidity, nil
	}
	var all imap.SeqSet
	all.AddRange(1, sel.NumMessages)
	bufs, err := c.Fetch(all, &imap.FetchOptions{UID: true, Envelope: true, Flags: true}).Collect()
	if err != nil {
		return nil, 0, err
	}
	out := make([]crashBoxMail, 0, len(bufs))
	for _, b := range bufs {
		m := crashBoxMail{uid: uint32(b.UID)}
		if b.Envelope != nil {
			m.messageID, m.subject = strings.Trim(b.Envelope.MessageID, "<>"), b.Envelope.Subject
		}
		for _, f := range b.Flags {
			m.seen = m.seen || f == imap.FlagSeen
		}
		out = append(out, m)
	}
	c.Logout().Wait()
	return out, sel.UIDValidity, nil
}

// crashKillMode says how a run of the daemon ends.
type crashKillMode struct {
	name     string
	after    time.Duration // killed after this long at the latest
	delivery int           // killed when its n-th mail is delivered
	logMatch string        // killed when it logs a line of this kind...
	logDelay time.Duration // ...this long after
}

func (m crashKillMode) String() string {
	switch m.name {
	case "delivery":
		return fmt.Sprintf("delivery %d, at most %s", m.delivery, m.after)
	case "log":
		return fmt.Sprintf("log %s +%s, at most %s", m.logMatch, m.logDelay, m.after)
	}
	return fmt.Sprintf("%s %s", m.name, m.after)
}

// crashLogKinds are the child's log lines a run may be killed after. The
// patterns are loose on purpose: the mailer's debug lines change.
var crashLogKinds = map[string]func(line string) bool{
	"fetched":   func(l string) bool { return strings.Contains(l, `msg="imap `) && strings.Contains(l, " fetched=") },
	"processed": func(l string) bool { return strings.Contains(l, `msg="phase processed"`) },
	"seen":      func(l string) bool { return strings.Contains(l, `msg="imap marked seen"`) },
}

// crashChooseMode draws how the next run ends. When work waits for the
// daemon, most runs wait for an event of that work (the n-th of some 14
// mails a phase sends, a log line); when none does, the run is killed on a
// timer, the players having their next mails to send. A run is left to
// work for a while only once the phase has seen crashMinKills kills, and
// always after 12 runs that did not end the phase. Those waits grow with
// startup, the longest a run has needed to send its first results mail: a
// new process spends some 200 ms drawing its first map (seconds with
// -race).
func crashChooseMode(rng *rand.Rand, kills, cycles int, busy bool, startup time.Duration) crashKillMode {
	ms := func(lo, hi int) time.Duration { return time.Duration(lo+rng.IntN(hi-lo+1)) * time.Millisecond }
	if cycles >= 12 {
		return crashKillMode{name: "stuck", after: 5*time.Second + 3*startup}
	}
	x := rng.IntN(100)
	switch {
	case !busy && kills < crashMinKills:
		x = 0
	case !busy:
		x = []int{0, 0, 0, 99}[rng.IntN(4)]
	case kills < crashMinKills:
		x = rng.IntN(85)
	}
	switch {
	case x < 25:
		return crashKillMode{name: "timer", after: ms(20, 400)}
	case x < 55:
		return crashKillMode{name: "delivery", after: ms(300, 1200) + startup, delivery: 1 + rng.IntN(14)}
	case x < 85:
		kinds := []string{"fetched", "processed", "seen"}
		return crashKillMode{name: "log", after: ms(300, 1200) + startup, logMatch: kinds[rng.IntN(len(kinds))], logDelay: ms(0, 8)}
	default:
		return crashKillMode{name: "long", after: ms(800, 1500) + 2*startup}
	}
}

// crashDaemon is the judge's process, started and killed by the test.
type crashDaemon struct {
	exe string
	env []string

	mu        sync.Mutex
	proc      *os.Process // the running child; nil between runs
	runs      int
	cur       crashRun
	kills     int
	killsBy   map[string]int
	processed map[string]int // "phase processed" lines, by phase
	fetched   int            // mails fetched, by the mailer's debug lines
	delivered int            // mails from the judge the SMTP server took
	startup   time.Duration  // the longest a run took to send its first results mail
	tail      []string
	bad       []string
	expected  []string // ERROR lines containing one of these are no fault of the judge's
}

// newCrashDaemon returns the daemon, neither configured nor started; the
// test's end kills it if left running, and logs its last lines on
// failure.
func newCrashDaemon(t *testing.T) *crashDaemon {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	d := &crashDaemon{exe: exe, killsBy: map[string]int{}, processed: map[string]int{}}
	t.Cleanup(d.stop)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last lines of the daemon's log:\n%s", d.tailText())
		}
	})
	return d
}

// configure writes the daemon's configuration into dir: the judge
// crashJudge on the database dbPath, reading and sending through sys,
// with judgeLines added to the [judge] table.
func (d *crashDaemon) configure(t *testing.T, dir, dbPath string, sys *memmail.System, judgeLines string) {
	t.Helper()
	cfgPath := writeServeConfig(t, dir, dbPath, sys, "poll = \"500ms\"\n"+judgeLines, "debug")
	for _, kv := range os.Environ() {
		// Passwords in the environment would override the file's.
		if !strings.HasPrefix(kv, "CORRIERE_") {
			d.env = append(d.env, kv)
		}
	}
	d.env = append(d.env, crashChildEnv+"=serve", crashConfigEnv+"="+cfgPath)
}

// writeServeConfig writes into dir the configuration of `corriere serve`
// as the judge crashJudge on the database dbPath, reading and sending
// through sys, with judgeLines in its [judge] table and logging at
// level, and returns its path.
func writeServeConfig(t testing.TB, dir, dbPath string, sys *memmail.System, judgeLines, level string) string {
	t.Helper()
	cfgPath := filepath.Join(dir, "corriere.toml")
	cfg := fmt.Sprintf(`[judge]
address = %q
database = %q
%s
[imap]
addr = %q
security = "none"
username = %q
password = %q

[smtp]
addr = %q
security = "none"
username = %q
password = %q
hello = "localhost"

[log]
level = %q
`, crashJudge, dbPath, judgeLines, sys.IMAPAddr(), crashJudge, crashPassword, sys.SMTPAddr(), crashJudge, crashPassword, level)
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfgPath
}

// crashRun is the state of one run of the child.
type crashRun struct {
	n         int
	mode      crashKillMode
	killedBy  string
	delivered int
	started   bool // logged "judge starting": SIGTERM is handled from then on
	at        time.Time
	big       bool // a results mail was delivered
}

func (d *crashDaemon) start(mode crashKillMode) (*exec.Cmd, chan error, error) {
	cmd := exec.Command(d.exe)
	cmd.Env = d.env
	d.mu.Lock()
	d.runs++
	d.cur = crashRun{n: d.runs, mode: mode, at: time.Now()}
	w := &crashChildLog{d: d, run: d.runs}
	d.mu.Unlock()
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	d.mu.Lock()
	d.proc = cmd.Process
	d.mu.Unlock()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	return cmd, exited, nil
}

// cycle starts the daemon and kills it as mode says.
func (d *crashDaemon) cycle(ctx context.Context, mode crashKillMode) error {
	_, exited, err := d.start(mode)
	if err != nil {
		return err
	}
	timer := time.NewTimer(mode.after)
	defer timer.Stop()
	select {
	case <-timer.C:
		why := mode.name
		if mode.name == "delivery" || mode.name == "log" {
			why = "no " + mode.name + " event"
		}
		d.kill(why)
		err = <-exited
	case err = <-exited:
	case <-ctx.Done():
		d.kill("end")
		<-exited
		return ctx.Err()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.proc = nil
	if d.cur.killedBy == "" {
		return fmt.Errorf("the daemon ended by itself: %v", err)
	}
	d.kills++
	d.killsBy[d.cur.killedBy]++
	return nil
}

// drain runs the daemon until ready says so, then stops it with SIGTERM
// and expects it to end cleanly.
func (d *crashDaemon) drain(ctx context.Context, ready func() (bool, string, error)) error {
	cmd, exited, err := d.start(crashKillMode{name: "drain"})
	if err != nil {
		return err
	}
	state := ""
	for {
		ok, s, err := ready()
		if err != nil {
			d.kill("end")
			<-exited
			return err
		}
		d.mu.Lock()
		started := d.cur.started
		d.mu.Unlock()
		if ok && started {
			break
		}
		state = s
		select {
		case <-ctx.Done():
			d.kill("end")
			<-exited
			return fmt.Errorf("%w: still %s", ctx.Err(), state)
		case err := <-exited:
			return fmt.Errorf("the daemon ended by itself: %v", err)
		case <-time.After(100 * time.Millisecond):
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	err = <-exited
	d.mu.Lock()
	d.proc = nil
	d.mu.Unlock()
	if err != nil {
		return fmt.Errorf("after SIGTERM the daemon ended with %v, want exit status 0", err)
	}
	return nil
}

func (d *crashDaemon) kill(why string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.killLocked(why)
}

func (d *crashDaemon) killLocked(why string) {
	if d.proc == nil || d.cur.killedBy != "" {
		return
	}
	d.cur.killedBy = why
	d.proc.Kill()
}

// stop kills a child left running by a failed test.
func (d *crashDaemon) stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.proc != nil {
		d.proc.Kill()
	}
}

// onDelivery is called by the SMTP server for each mail it has taken,
// before it answers 250.
func (d *crashDaemon) onDelivery(from string, size int64) {
	if !strings.EqualFold(from, crashJudge) {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.delivered++
	if d.proc == nil {
		return
	}
	if size > 50_000 && !d.cur.big { // a results mail, with its map
		d.cur.big = true
		d.startup = max(d.startup, time.Since(d.cur.at))
	}
	d.cur.delivered++
	if d.cur.mode.delivery > 0 && d.cur.delivered == d.cur.mode.delivery {
		d.killLocked("delivery")
	}
}

var (
	crashPhaseRE   = regexp.MustCompile(` phase=(\S+)`)
	crashFetchedRE = regexp.MustCompile(` fetched=(\d+)`)
)

func (d *crashDaemon) onLine(run int, line string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.tail = append(d.tail, fmt.Sprintf("[run %d] %s", run, line))
	if len(d.tail) > 400 {
		d.tail = d.tail[len(d.tail)-200:]
	}
	if strings.Contains(line, "DATA RACE") || strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "fatal error:") ||
		(strings.Contains(line, "level=ERROR") && !strings.Contains(line, "context canceled") && !d.expectedLocked(line)) {
		d.bad = append(d.bad, fmt.Sprintf("[run %d] %s", run, line))
	}
	if run != d.cur.n {
		return
	}
	if crashLogKinds["processed"](line) {
		if m := crashPhaseRE.FindStringSubmatch(line); m != nil {
			d.processed[m[1]]++
		}
	}
	if crashLogKinds["fetched"](line) {
		if m := crashFetchedRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			d.fetched += n
		}
	}
	if strings.Contains(line, `msg="judge starting"`) {
		d.cur.started = true
	}
	m := d.cur.mode
	if m.logMatch == "" || d.cur.killedBy != "" || !crashLogKinds[m.logMatch](line) {
		return
	}
	why := "log " + m.logMatch
	if m.logDelay == 0 {
		d.killLocked(why)
		return
	}
	time.AfterFunc(m.logDelay, func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.cur.n == run {
			d.killLocked(why)
		}
	})
}

// expect makes the ERROR lines that contain one of these strings expected
// from now on (none: no ERROR line is): a test that breaks a mail server
// on purpose expects the judge to say so.
func (d *crashDaemon) expect(lines ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.expected = lines
}

func (d *crashDaemon) expectedLocked(line string) bool {
	for _, e := range d.expected {
		if strings.Contains(line, e) {
			return true
		}
	}
	return false
}

// workRedone counts the phase transactions begun again because a kill
// came before their commit, and the mails fetched in all.
func (d *crashDaemon) workRedone() (phases, fetched int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, n := range d.processed {
		phases += n - 1
	}
	return phases, d.fetched
}

func (d *crashDaemon) badLines() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.bad...)
}

func (d *crashDaemon) tailText() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	t := d.tail
	if len(t) > 120 {
		t = t[len(t)-120:]
	}
	return strings.Join(t, "\n")
}

func (d *crashDaemon) killText() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(d.killsBy)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, d.killsBy[k]))
	}
	return strings.Join(parts, ", ")
}

func (d *crashDaemon) lastKill() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return fmt.Sprintf("%s (%s), %d delivered", d.cur.killedBy, d.cur.mode, d.cur.delivered)
}

func (d *crashDaemon) startupCost() time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.startup
}

func (d *crashDaemon) deliveredTotal() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.delivered
}

// crashChildLog receives the child's output, line by line.
type crashChildLog struct {
	d   *crashDaemon
	run int
	buf []byte
}

func (w *crashChildLog) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.d.onLine(w.run, string(w.buf[:i]))
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

// crashDeliveryHook is the mail servers' log handler: it passes each
// delivery on and drops the rest (mostly complaints about the connections
// a killed daemon left).
type crashDeliveryHook struct{ f func(from string, size int64) }

func (h crashDeliveryHook) Enabled(context.Context, slog.Level) bool { return true }

func (h crashDeliveryHook) Handle(_ context.Context, r slog.Record) error {
	if r.Message != "memmail delivered" {
		return nil
	}
	var from string
	var size int64
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "from":
			from = a.Value.String()
		case "bytes":
			size = a.Value.Int64()
		}
		return true
	})
	h.f(from, size)
	return nil
}

func (h crashDeliveryHook) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h crashDeliveryHook) WithGroup(string) slog.Handler      { return h }

// crashStats describes what the kills left.
type crashStats struct {
	busy, unread, unsent, forced int
}

// afterKill looks at what the killed daemon left, and fails at once on
// mail lost: a mail marked seen on the server, or behind the judge's read
// cursor, must be in the database; an outbox row marked sent must be in
// its recipient's mailbox. As the operator, it moves the deadline of the
// phase being played to the past once all the phase's orders are in and
// it is still not processed (early processing cannot end a phase in which
// a power leaves units without orders).
func (s *crashStats) afterKill(ctx context.Context, t *testing.T, st *store.Store, boxes *crashBoxes, sent []string, phaseMails []crashOrderMail, phase string) error {
	return st.Tx(ctx, func(tx *store.Tx) error {
		if err := crashCheckLost(tx, boxes); err != nil {
			return err
		}
		unread, unsent, err := crashPending(tx, sent)
		if err != nil {
			return err
		}
		if unread > 0 {
			s.unread++
		}
		if unsent > 0 {
			s.unsent++
		}
		if unread > 0 || unsent > 0 {
			s.busy++
		}

		g, err := tx.Game(crashGame)
		if err != nil {
			return err
		}
		if g.Phase != phase || !g.Deadline.After(time.Now()) {
			return nil
		}
		var ids []string
		for _, m := range phaseMails {
			ids = append(ids, m.id)
		}
		if n, err := crashUnread(tx, ids); err != nil || n > 0 {
			return err
		}
		// Now, to the second the judge keeps times in: the orders all came
		// before it, so only the power that left units unordered is late.
		g.Deadline = time.Now().UTC().Truncate(time.Second)
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		s.forced++
		t.Logf("all orders for %s are in and it waits for its deadline: the operator moves the deadline to now", phase)
		return tx.Audit(time.Now(), g.ID, "test", "deadline", "moved to now")
	})
}

// crashCheckLost fails on mail lost by a killed daemon: a mail marked
// seen on the server, or behind the judge's read cursor, that is not in
// the database; an outbox row marked sent that is not in its recipient's
// mailbox (boxes.players, by address).
func crashCheckLost(tx *store.Tx, boxes *crashBoxes) error {
	// The cursor is the judge's record of where it stopped reading
	// ("inbox" is the name judge.readMail keeps it under).
	validity, last, err := tx.Cursor("inbox")
	if err != nil {
		return err
	}
	for _, m := range boxes.judge {
		behind := validity == boxes.judgeValidity && m.uid <= last
		if !m.seen && !behind {
			continue
		}
		ok, err := tx.HasMessage(m.messageID)
		if err != nil {
			return err
		}
		switch {
		case !ok && m.seen:
			return fmt.Errorf("mail %s (%q) is marked seen on the server but not stored in the database", m.messageID, m.subject)
		case !ok:
			return fmt.Errorf("mail %s (%q, UID %d) is behind the judge's read cursor (UID %d) but not stored in the database: lost", m.messageID, m.subject, m.uid, last)
		}
	}
	out, err := tx.Outbox()
	if err != nil {
		return err
	}
	domain := crashJudge[strings.Index(crashJudge, "@")+1:]
	for _, m := range out {
		if m.SentAt.IsZero() {
			continue
		}
		id := crashSentAs(m, domain)
		found := false
		for _, b := range boxes.players[m.Recipient] {
			found = found || b.messageID == id
		}
		if !found {
			return fmt.Errorf("outbox row %d (%s to %s, %q) is marked sent but %s is not in the mailbox: lost", m.ID, m.Kind, m.Recipient, m.Subject, id)
		}
	}
	return nil
}

// crashReference plays the same mails through a judge in this process,
// undisturbed and with a clock of its own: the phases a crash must not
// change.
func crashReference(ctx context.Context, path string, mails [][]crashOrderMail) ([]store.PhaseRecord, error) {
	var out []store.PhaseRecord
	err := crashWithStore(ctx, path, func(st *store.Store) error {
		now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
		j := &judge.Judge{Games: games, Store: st, Address: crashJudge, Now: func() time.Time { return now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		if err := crashCreateGame(ctx, j); err != nil {
			return err
		}
		for i, phase := range mails {
			for _, m := range phase {
				now = now.Add(time.Minute)
				if err := j.Handle(ctx, m.raw); err != nil {
					return err
				}
			}
			var current string
			err := st.Tx(ctx, func(tx *store.Tx) error {
				g, err := tx.Game(crashGame)
				if err == nil {
					current = g.Phase
				}
				return err
			})
			if err != nil {
				return err
			}
			if current == examples.Seed[i].Phase {
				now = now.Add(2 * time.Hour)
				if err := j.Tick(ctx); err != nil {
					return err
				}
			}
		}
		return st.Tx(ctx, func(tx *store.Tx) error {
			g, err := tx.Game(crashGame)
			if err != nil {
				return err
			}
			out, err = tx.Phases(g.ID)
			return err
		})
	})
	return out, err
}

// crashCheckMailbox checks the mailbox of addr at the end: every outbox
// row for addr reached it, once or as byte-identical copies, and nothing
// else did. It returns its mails by Message-ID, their IDs sorted and the
// number of extra copies.
func crashCheckMailbox(t *testing.T, sys *memmail.System, addr string, outbox []store.Mail) (parsed map[string]*mailer.Message, ids []string, resends int) {
	t.Helper()
	domain := crashJudge[strings.Index(crashJudge, "@")+1:]
	msgs, err := sys.Messages(addr)
	if err != nil {
		t.Fatal(err)
	}
	copies := map[string][][]byte{}
	parsed = map[string]*mailer.Message{}
	for _, raw := range msgs {
		m, err := mailer.Parse(raw)
		if err != nil {
			t.Errorf("%s: unreadable mail: %v", addr, err)
			continue
		}
		if m.From != crashJudge {
			t.Errorf("%s: a mail from %s", addr, m.From)
		}
		copies[m.MessageID] = append(copies[m.MessageID], raw)
		parsed[m.MessageID] = m
	}
	for id, cs := range copies {
		for _, c := range cs[1:] {
			if !bytes.Equal(c, cs[0]) {
				t.Errorf("%s: two different mails with Message-ID %s:\n%.3000s\n----\n%.3000s", addr, id, cs[0], c)
			}
		}
		resends += len(cs) - 1
	}
	expected := map[string]bool{}
	for _, m := range outbox {
		if m.Recipient != addr {
			continue
		}
		id := crashSentAs(m, domain)
		expected[id] = true
		if pm := parsed[id]; pm == nil {
			t.Errorf("%s never received %s (%s, %q)", addr, id, m.Kind, m.Subject)
		} else if pm.Subject != m.Subject {
			t.Errorf("%s: mail %s has the subject %q, its outbox row %q", addr, id, pm.Subject, m.Subject)
		}
	}
	for id := range parsed {
		ids = append(ids, id)
		if !expected[id] {
			t.Errorf("%s received %s (%q), which is no mail of the outbox", addr, id, parsed[id].Subject)
		}
	}
	sort.Strings(ids)
	return parsed, ids, resends
}

// crashSentAs is the Message-ID outbox row m went out under: its own, or
// that of the one message it shared with other rows of the same text.
func crashSentAs(m store.Mail, domain string) string {
	if m.SentAs != "" {
		return m.SentAs
	}
	return fmt.Sprintf("corriere-%d@%s", m.ID, domain)
}

// crashCount counts the mails of a mailbox (parsed, as crashCheckMailbox
// returns it) that match.
func crashCount(parsed map[string]*mailer.Message, match func(*mailer.Message) bool) int {
	n := 0
	for _, m := range parsed {
		if match(m) {
			n++
		}
	}
	return n
}

// crashCheckOutbox checks the outbox at the end: every row sent, as many
// rows of each kind as want says, and one reply queued to each mail of
// ids.
func crashCheckOutbox(t *testing.T, outbox []store.Mail, ids []string, want map[string]int) {
	t.Helper()
	kinds := map[string]int{}
	replies := map[string]int{}
	for _, m := range outbox {
		kinds[m.Kind]++
		if m.Kind == "reply" {
			replies[m.InReplyTo]++
		}
		if m.SentAt.IsZero() || !m.FailedAt.IsZero() {
			t.Errorf("outbox row %d (%s to %s, %q) not sent: %d attempts, last error %q", m.ID, m.Kind, m.Recipient, m.Subject, m.Attempts, m.LastError)
		}
	}
	for _, id := range ids {
		if replies[id] != 1 {
			t.Errorf("%d replies queued to %s, want 1", replies[id], id)
		}
	}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("the outbox holds %v, want %v", kinds, want)
	}
}

// crashResponse reads a phase record's stored results.
func crashResponse(t *testing.T, rec store.PhaseRecord) *diplomacy.Response {
	t.Helper()
	var resp diplomacy.Response
	if err := json.Unmarshal([]byte(rec.Result), &resp); err != nil {
		t.Fatalf("%s: stored result: %v", rec.Phase, err)
	}
	return &resp
}

// crashCheckOutcome checks the game and the mailboxes at the end, and
// returns the number of byte-identical resends.
func crashCheckOutcome(ctx context.Context, t *testing.T, sys *memmail.System, dbPath string, mails [][]crashOrderMail, refPath string) int {
	t.Helper()
	var (
		g      *store.Game
		recs   []store.PhaseRecord
		outbox []store.Mail
		stored = map[string]bool{}
	)
	err := crashTx(ctx, dbPath, func(tx *store.Tx) error {
		var err error
		if g, err = tx.Game(crashGame); err != nil {
			return err
		}
		if recs, err = tx.Phases(g.ID); err != nil {
			return err
		}
		if outbox, err = tx.Outbox(); err != nil {
			return err
		}
		for _, phase := range mails {
			for _, m := range phase {
				if stored[m.id], err = tx.HasMessage(m.id); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// The game: every phase once, as the rulebook and an undisturbed judge
	// have it.
	if g.Phase != "S1903M" || g.State != store.Active {
		t.Errorf("the game is %s at %s, want active at S1903M", g.State, g.Phase)
	}
	var got, want []string
	for _, r := range recs {
		got = append(got, r.Phase)
	}
	for _, ph := range examples.Seed {
		want = append(want, ph.Phase)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("phases processed: %v, want each of %v once", got, want)
	}
	ref, err := crashReference(ctx, refPath, mails)
	if err != nil {
		t.Fatalf("reference run: %v", err)
	}
	if len(ref) != len(recs) {
		t.Fatalf("the reference run processed %d phases, want %d", len(ref), len(recs))
	}
	for i, r := range recs {
		for _, diff := range examples.Seed[i].Check(crashResponse(t, r)) {
			t.Errorf("%s", diff)
		}
		for _, f := range []struct{ name, got, want string }{
			{"position", r.Position, ref[i].Position},
			{"orders", r.Orders, ref[i].Orders},
			{"result", r.Result, ref[i].Result},
			{"late powers", r.Late, ref[i].Late},
		} {
			if f.got != f.want {
				t.Errorf("%s: the %s differ from an undisturbed run's:\n got: %s\nwant: %s", r.Phase, f.name, f.got, f.want)
			}
		}
	}
	for _, phase := range mails {
		for _, m := range phase {
			if !stored[m.id] {
				t.Errorf("the mail %s was never stored", m.id)
			}
		}
	}

	// The outbox: for each player one start mail, one reply per order mail
	// and one results mail per phase, all sent.
	v := standard.Variant()
	var orders []string
	for _, phase := range mails {
		for _, m := range phase {
			orders = append(orders, m.id)
		}
	}
	crashCheckOutbox(t, outbox, orders, map[string]int{"start": len(v.Powers), "reply": len(orders), "results": len(v.Powers) * len(examples.Seed)})

	// The mailboxes: every outbox row arrived, once or as identical
	// copies, and nothing else did.
	resends := 0
	for _, p := range v.Powers {
		addr := seedPlayer(p.ID)
		parsed, ids, n := crashCheckMailbox(t, sys, addr, outbox)
		resends += n
		if n := crashCount(parsed, func(m *mailer.Message) bool { return m.Subject == "Corriere "+crashGame+": the game starts" }); n != 1 {
			t.Errorf("%s received %d start mails, want 1", addr, n)
		}
		for _, ph := range examples.Seed {
			if n := crashCount(parsed, func(m *mailer.Message) bool { return m.Subject == crashResultsSubject(ph.Phase) }); n != 1 {
				t.Errorf("%s received %d results mails for %s, want 1", addr, n, ph.Phase)
			}
		}
		for _, phase := range mails {
			for _, om := range phase {
				if om.power != p.ID {
					continue
				}
				var rs []*mailer.Message
				for _, id := range ids {
					if m := parsed[id]; len(m.References) > 0 && m.References[0] == om.id {
						rs = append(rs, m)
					}
				}
				if len(rs) != 1 {
					t.Errorf("%s received %d replies to %s, want 1", addr, len(rs), om.id)
					continue
				}
				if !strings.Contains(rs[0].Text, "Signed on as "+p.Name) {
					t.Errorf("the reply to %s does not sign %s on:\n%s", om.id, p.Name, rs[0].Text)
				}
			}
		}
	}
	return resends
}
