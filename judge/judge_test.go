package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/store"
)

// clock is a fake clock the tests move by hand.
// clock is the tests' clock, which the mail servers may read too.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

type fixture struct {
	t   *testing.T
	j   *Judge
	clk *clock
	n   int
}

var powers = []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

func addr(power string) string { return power + "@players.test" }

// newFixture starts a game "roma" with every seat filled, deadlines at 20:00
// UTC every day, an hour's grace and a reminder 12 hours before.
func newFixture(t *testing.T, edit func(*Settings)) *fixture {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	f := &fixture{t: t, j: &Judge{Games: testGames, Store: st, Address: "judge@corriere.test", Now: clk.now, Log: quiet}, clk: clk}
	f.j.Access = Access{Create: []string{"gm@x.test"}}
	set := DefaultSettings()
	everyDay(&set)
	set.Early = true
	if edit != nil {
		edit(&set)
	}
	ctx := context.Background()
	if err := f.j.CreateGame(ctx, "roma", "standard", "2023", set); err != nil {
		t.Fatal(err)
	}
	for _, p := range powers {
		if err := f.j.Seat(ctx, "roma", p, addr(p), "pw-"+p); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.j.Start(ctx, "roma"); err != nil {
		t.Fatal(err)
	}
	return f
}

// send delivers a mail to the judge and returns the reply it queued.
func (f *fixture) send(from, body string) string {
	f.t.Helper()
	f.n++
	return f.sendID(from, body, fmt.Sprintf("m%d@players.test", f.n))
}

func (f *fixture) sendID(from, body, id string) string {
	f.t.Helper()
	before := len(f.outbox())
	raw := "From: " + from + "\r\nTo: judge@corriere.test\r\nSubject: orders\r\nMessage-ID: <" + id + ">\r\n" +
		"Date: " + f.clk.now().Format(time.RFC1123Z) + "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		f.t.Fatal(err)
	}
	for _, m := range f.outbox()[before:] {
		if m.Kind == "reply" && m.InReplyTo == id {
			return m.Body
		}
	}
	return ""
}

func (f *fixture) outbox() []store.Mail {
	f.t.Helper()
	var out []store.Mail
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) (err error) {
		out, err = tx.Outbox()
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

func (f *fixture) game() *store.Game { return f.gameByName("roma") }

func (f *fixture) tick() {
	f.t.Helper()
	if err := f.j.Tick(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

func mustContain(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func TestOrdersAreReadStoredAndProcessedAtTheDeadline(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), "Hello judge,\n\nSIGNON france@roma pw-france\nA Par-Bur\nA Mar-Spa, F Bre-Pic\nSIGNOFF\n\n-- \nFrancesco")
	mustContain(t, "reply", reply, "Signed on as France", "ok: A par - bur", "ok: A mar - spa", "ok: F bre - pic", "Your orders are complete", "Deadline: Mon 2026-11-23 20:00 UTC")
	reply = f.send(addr("italy"), "SIGNON italy@roma pw-italy\nA Ven-Pie\nF Nap-Tyr\n> A Rom-Ven (quoted, ignored)")
	mustContain(t, "reply", reply, "ok: F nap - tys", "Still missing: A rom")

	f.clk.advance(11 * time.Hour) // 20:00, the deadline: grace runs for an hour
	f.tick()
	if g := f.game(); g.Phase != "S1901M" {
		t.Fatalf("processed at the deadline, before the grace ended: %s", g.Phase)
	}
	f.clk.advance(time.Hour)
	f.tick()
	g := f.game()
	if g.Phase != "F1901M" {
		t.Fatalf("phase %s after the grace, want F1901M", g.Phase)
	}
	if want := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC); !g.Deadline.Equal(want) {
		t.Errorf("next deadline %s, want %s", g.Deadline, want)
	}
	var results []store.Mail
	for _, m := range f.outbox() {
		if m.Kind == "results" {
			results = append(results, m)
		}
	}
	if len(results) != 7 {
		t.Fatalf("%d results mails, want one per player", len(results))
	}
	mustContain(t, "results", results[0].Body, "results of Spring 1901 movement (S1901M)", "A par - bur", "succeeds",
		"F nap - tys", "Late (orders missing or incomplete at the deadline): Austria, England, Germany, Italy, Russia, Turkey",
		"Next: Fall 1901 movement (F1901M), deadline Tue 2026-11-24 20:00 UTC", "Supply centres")
	reply = f.send("fan@x.test", "HISTORY roma\nSUMMARY roma")
	mustContain(t, "history", reply, "Spring 1901 movement (S1901M), processed Mon 2026-11-23 21:00 UTC", "France   A par - bur", "succeeds", "(no year completed yet)")
}

func TestAuthentication(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct{ name, from, body string }{
		{"wrong password", addr("france"), "SIGNON france@roma nope\nA Par-Bur"},
		{"another power's address", addr("germany"), "SIGNON france@roma pw-france\nA Par-Bur"},
		{"unknown game", addr("france"), "SIGNON france@milano pw-france\nA Par-Bur"},
	} {
		reply := f.send(tc.from, tc.body)
		if !strings.Contains(reply, "Refused") && !strings.Contains(reply, "no game") {
			t.Errorf("%s: reply does not refuse:\n%s", tc.name, reply)
		}
		if strings.Contains(reply, "ok: A par - bur") {
			t.Errorf("%s: an order was taken:\n%s", tc.name, reply)
		}
	}
	reply := f.send(addr("france"), "SIGNON Froma pw-france\nA Par-Bur")
	mustContain(t, "njudge-style sign-on", reply, "Signed on as France", "ok: A par - bur")
}

func TestLaterOrderReplacesEarlierAndClear(t *testing.T) {
	f := newFixture(t, nil)
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur")
	reply := f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Pic\nA Mar - Lyo")
	mustContain(t, "reply", reply, "ok: A par - pic", "refused: the unit cannot reach that destination")
	if strings.Contains(reply, "A par - bur") {
		t.Errorf("the earlier order for Paris is still listed:\n%s", reply)
	}
	reply = f.send(addr("france"), "SIGNON france@roma pw-france\nCLEAR")
	mustContain(t, "reply", reply, "cleared", "(none)", "Still missing: A mar, A par, F bre")
}

func TestSameMessageOnce(t *testing.T) {
	f := newFixture(t, nil)
	body := "SIGNON france@roma pw-france\nA Par-Bur"
	f.sendID(addr("france"), body, "same@players.test")
	n := len(f.outbox())
	if reply := f.sendID(addr("france"), body, "same@players.test"); reply != "" || len(f.outbox()) != n {
		t.Errorf("the same Message-ID was handled twice")
	}
}

func TestNeverAnswered(t *testing.T) {
	f := newFixture(t, nil)
	n := len(f.outbox())
	for _, hdr := range []string{"Auto-Submitted: auto-replied", "Precedence: bulk", "X-Loop: other@x", "List-Id: <l.x>"} {
		f.n++
		raw := "From: someone@x\r\nTo: judge@corriere.test\r\nSubject: away\r\n" + hdr + "\r\nMessage-ID: <auto" + fmt.Sprint(f.n) + "@x>\r\n\r\nI am away.\r\n"
		if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	raw := "From: MAILER-DAEMON@x\r\nTo: judge@corriere.test\r\nSubject: Undelivered\r\nMessage-ID: <bounce@x>\r\n\r\nbounce\r\n"
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		t.Fatal(err)
	}
	if got := len(f.outbox()); got != n {
		t.Errorf("%d mails queued for automatic mail, want none", got-n)
	}
}

func TestOversized(t *testing.T) {
	f := newFixture(t, nil)
	f.j.MaxSize = 2000
	reply := f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur\n"+strings.Repeat("x", 3000))
	mustContain(t, "reply", reply, "larger than the 2000 bytes")
	reply = f.send(addr("france"), "SIGNON france@roma pw-france")
	mustContain(t, "reply", reply, "(none)")
}

func TestEarlyProcessingWhenAllReady(t *testing.T) {
	f := newFixture(t, nil)
	orders := map[string]string{
		"austria": "A vie H\nA bud H\nF tri H", "england": "F lon H\nF edi H\nA lvp H", "france": "F bre H\nA par H\nA mar H",
		"germany": "F kie H\nA ber H\nA mun H", "italy": "F nap H\nA rom H\nA ven H", "russia": "F stp H\nA mos H\nA war H\nF sev H",
		"turkey": "F ank H\nA con H\nA smy H",
	}
	for i, p := range powers {
		f.send(addr(p), fmt.Sprintf("SIGNON %s@roma pw-%s\nSET NOWAIT\n%s", p, p, orders[p]))
		want := "S1901M"
		if i == len(powers)-1 {
			want = "F1901M"
		}
		if g := f.game(); g.Phase != want {
			t.Fatalf("after %s is ready: phase %s, want %s", p, g.Phase, want)
		}
	}
}

func TestReminder(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Reminder = Duration(6 * time.Hour) })
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur\nA Mar-Spa\nF Bre-Pic")
	f.tick()
	count := func() (n int, toFrance bool) {
		for _, m := range f.outbox() {
			if m.Kind == "reminder" {
				n++
				toFrance = toFrance || m.Recipient == addr("france")
			}
		}
		return
	}
	if n, _ := count(); n != 0 {
		t.Fatalf("%d reminders 11 hours before the deadline, want none yet (6 hours before)", n)
	}
	f.clk.set(time.Date(2026, 11, 23, 14, 0, 0, 0, time.UTC)) // 6 hours before the 20:00 deadline
	f.tick()
	if n, toFrance := count(); n != 6 || toFrance {
		t.Fatalf("%d reminders (France among them: %v), want 6, not France", n, toFrance)
	}
	f.tick()
	if n, _ := count(); n != 6 {
		t.Fatalf("reminders sent again: %d", n)
	}
}

func TestPress(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Press = "grey" })
	reply := f.send(addr("france"), "SIGNON france@roma pw-france\nPRESS TO Italy Germany\nShall we share Switzerland?\nENDPRESS\nBROADCAST\nPeace!\nENDBROADCAST")
	mustContain(t, "reply", reply, "Delivered to Italy, Germany", "Delivered to everyone")
	var press []store.Mail
	for _, m := range f.outbox() {
		if m.Kind == "press" {
			press = append(press, m)
		}
	}
	if len(press) != 9 {
		t.Fatalf("%d press mails, want 2 + 7", len(press))
	}
	mustContain(t, "press", press[0].Body, "from France to Italy, Germany", "Switzerland")
	reply = f.send(addr("france"), "SIGNON france@roma pw-france\nPRESS TO ANONYMOUS Italy\nboo\nENDPRESS")
	mustContain(t, "reply", reply, "Delivered to Italy")
	out := f.outbox()
	mustContain(t, "anonymous press", out[len(out)-2].Body+out[len(out)-1].Body, "from an anonymous power")

	g := newFixture(t, func(s *Settings) { s.Press = "none" })
	reply = g.send(addr("france"), "SIGNON france@roma pw-france\nPRESS TO Italy\nhi\nENDPRESS")
	mustContain(t, "reply", reply, "without press: nothing was delivered")
}

func TestInformationCommands(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("stranger@x.test", "LIST\nSTATUS roma\nHISTORY roma\nSUMMARY roma\nHELP\nA Par-Bur")
	mustContain(t, "reply", reply, "roma", "active", "Phase: Spring 1901 movement", "Orders received:", "France   none",
		"No phase of roma has been processed yet", "(no year completed yet)", "SIGNON <power>@<game> <password>", "Not read: sign on first")
	reply = f.send("stranger@x.test", "Hi, how do I play?")
	mustContain(t, "reply", reply, "no commands", "Send HELP", `1 line was not read as an order: "Hi, how do I play?"`)
	reply = f.send("stranger@x.test", "")
	mustContain(t, "reply", reply, "no commands")
}

func (f *fixture) position() *diplomacy.Position {
	f.t.Helper()
	var pj diplomacy.Position
	if err := json.Unmarshal([]byte(f.game().Position), &pj); err != nil {
		f.t.Fatal(err)
	}
	return &pj
}

func TestCivilDisorderSetting(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Set("missing", "disorder") })
	for _, p := range powers {
		if p != "italy" {
			f.send(addr(p), "SIGNON "+p+"@roma pw-"+p+"\nSET NOWAIT")
		}
	}
	f.clk.advance(13 * time.Hour)
	f.tick()
	if got := f.position().Disorder; !slices.Equal(got, powers) {
		// Nobody ordered anything: every power is in disorder.
		t.Fatalf("disorder after a phase without orders: %v", got)
	}
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur")
	f.clk.advance(24 * time.Hour)
	f.tick()
	got := f.position().Disorder
	if slices.Contains(got, "france") || !slices.Contains(got, "italy") {
		t.Errorf("disorder %v: France ordered again and leaves it, Italy stays", got)
	}

	h := newFixture(t, nil) // the default: missing orders hold, no disorder
	h.clk.advance(13 * time.Hour)
	h.tick()
	if got := h.position().Disorder; len(got) != 0 {
		t.Errorf("disorder %v in a game where missing orders hold", got)
	}
}

func TestEndDate(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.End = "2026-11-23 12:00" })
	f.tick()
	if g := f.game(); g.State != store.Active {
		t.Fatalf("ended before its date: %s", g.State)
	}
	f.clk.advance(3 * time.Hour) // 12:00
	f.tick()
	if g := f.game(); g.State != store.Finished {
		t.Fatalf("state %s at the end date", g.State)
	}
	var ann string
	for _, m := range f.outbox() {
		if m.Kind == "announce" && m.Recipient == addr("russia") {
			ann = m.Body
		}
	}
	mustContain(t, "end announcement", ann, "reached its end date (2026-11-23 12:00): Russia wins with 4 units")
	if err := (&Settings{Game: map[string]string{"deadline": "@every 1h"}, TimeZone: "UTC", Press: "white", End: "soon"}).Validate([]game.PhaseKind{oneDeadline}); err == nil {
		t.Error("an unreadable end date was accepted")
	}
}

// everyDay sets Diplomacy's deadlines at 20:00 every day.
func everyDay(set *Settings) {
	for _, kind := range []string{"movement", "retreat", "adjustment"} {
		set.Set(kind, "0 20 * * *")
	}
}

// diplomacyCalendar is Diplomacy's calendar, for Settings.Validate.
var diplomacyCalendar = diplomacy.Kind{}.Calendar()

// testGames are the games the tests' judges host: Diplomacy, with its
// maps drawn as corriere serve draws them.
var testGames = []game.Kind{diplomacy.Kind{Draw: render.ResponsePNG}}
