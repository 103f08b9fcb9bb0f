//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants/standard"
)

// Generous limits: a phase on these machines takes a second or two. The
// test asserts outcomes; these only keep a broken run from hanging.
const (
	phaseTimeout = 2 * time.Minute
	testTimeout  = 20 * time.Minute
	// The deadlines are an hour apart on the judge's clock, which the test
	// moves forward only when a phase's orders leave it waiting.
	deadlineEvery = time.Hour
	// The phase (index in examples.Seed) during which the server closes
	// the judge's IMAP connection, when the test can ask Dovecot to.
	kickPhase = 3
)

// sentMail is an order mail a player sent to the judge.
type sentMail struct {
	phase int // index in the phases played (examples.Seed, examples.ItaliaYear)
	power string
	id    string // Message-ID without angle brackets
	line  string // the seed's orders, as mailed
}

// TestSeedByMail plays the Italian rulebook's worked game (examples.Seed)
// by real mail: seven players mail their orders through Postfix, the judge
// reads its Dovecot mailbox over IMAP and mails back through Postfix, and
// the replies and results are read from the players' Dovecot mailboxes
// and checked against what the rulebook states.
func TestSeedByMail(t *testing.T) {
	e := loadEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	began := time.Now()

	v := standard.Variant()
	var powers []string
	names := map[string]string{} // power id -> name
	for _, p := range v.Powers {
		powers = append(powers, p.ID)
		names[p.ID] = p.Name
	}

	emptyMailboxes(ctx, t, e, powers)

	// The judge, with its store, its clock and its log.
	st, logs, log, clk := judgeStore(ctx, t)
	j := &judge.Judge{Games: []game.Kind{diplomacy.Kind{Draw: render.ResponsePNG}}, Store: st, Address: e.judge, Now: clk.Now, Log: log}
	name := fmt.Sprintf("seed%x", time.Now().Unix())
	set := judge.DefaultSettings()
	every := "@every " + deadlineEvery.String()
	for _, kind := range []string{"movement", "retreat", "adjustment"} {
		set.Set(kind, every)
	}
	set.Grace, set.Reminder, set.Early = 0, 0, true
	if err := j.CreateGame(ctx, name, "standard", "1971", set); err != nil {
		t.Fatal(err)
	}
	seatAndStart(ctx, t, e, j, name, powers)
	keepLog(t, e, logs)

	judgeDomain := e.judge[strings.LastIndex(e.judge, "@")+1:]
	stop := runJudge(ctx, t, e, j, clk, log)
	defer stop()

	boxes := openMailboxes(e, powers)
	defer closeMailboxes(boxes)
	await := func(what string, ready func() (bool, string)) {
		t.Helper()
		awaitMail(ctx, t, boxes, what, ready)
	}
	subjectIn := func(subject string) func() (bool, string) {
		return func() (bool, string) {
			var without []string
			for _, p := range powers {
				if len(boxes[p].withSubject(subject)) == 0 {
					without = append(without, p)
				}
			}
			return len(without) == 0, fmt.Sprintf("no %q for %s", subject, strings.Join(without, ", "))
		}
	}
	phases := func() []store.PhaseRecord {
		t.Helper()
		return phaseRecords(ctx, t, st, name)
	}

	startSubject := fmt.Sprintf("Corriere %s: the game starts", name)
	await("the start of the game", subjectIn(startSubject))

	players := mailer.NewSender(mailer.SMTPConfig{Addr: e.smtp, Security: "none", Hello: e.playerDomain})
	var sent []sentMail
	var early, byDeadline []string
	kicked := false
	for i, ph := range examples.Seed {
		// Some players first mail other orders (each unit holds), then
		// answer the judge's reply with the rulebook's orders, the reply
		// with the old ones quoted below them (quoted_test.go).
		quoted := map[string][]byte{}
		for _, p := range quotedPowers(i) {
			var orders string
			for _, line := range strings.Split(ph.Orders, "\n") {
				label, o, _ := strings.Cut(line, ":")
				if pw, err := parser.Power(v, label); err == nil && v.Powers[pw].ID == p {
					orders = strings.TrimSpace(o)
				}
			}
			old := sentMail{phase: i, power: p, id: fmt.Sprintf("%s-%d-%s-old@%s", name, i, p, e.playerDomain), line: holdOrders(orders)}
			raw := playerMail(e.player(p), e.judge, fmt.Sprintf("%s orders for %s", names[p], ph.Phase), old.id,
				// SET WAIT: the SET NOWAIT of an earlier phase still stands,
				// and these complete orders must not end the phase.
				fmt.Sprintf("SIGNON %s@%s pw-%s\nSET WAIT\n%s\nSIGNOFF\n", p, name, p, old.line), clk.Now())
			if err := players.Send(ctx, e.player(p), []string{e.judge}, raw); err != nil {
				t.Fatalf("%s: %s mails its first orders: %v", ph.Phase, names[p], err)
			}
			await(ph.Phase+": the reply to "+names[p]+"'s first orders", func() (bool, string) {
				return len(boxes[p].replies(old.id)) > 0, "no reply yet to " + old.id
			})
			r := boxes[p].replies(old.id)[0]
			if !strings.Contains(strings.ToLower(r.msg.Text), strings.ToLower(strings.SplitN(old.line, "\n", 2)[0])) {
				t.Fatalf("%s: the reply to %s's first orders does not list them:\n%s", ph.Phase, names[p], r.msg.Text)
			}
			sent = append(sent, old)
			q := quotedReply{
				form: quotedReplies[i][p], from: e.player(p), to: e.judge, subject: "RE: " + r.msg.Subject,
				id: fmt.Sprintf("%s-%d-%s@%s", name, i, p, e.playerDomain), inReplyTo: r.msgID, date: clk.Now(),
				newText:    fmt.Sprintf("SIGNON %s@%s pw-%s\nSET NOWAIT\n%s\n\n%s\n", p, name, p, orders, names[p]),
				quotedFrom: e.judge, quotedText: r.msg.Text, quotedSubject: r.msg.Subject, quotedDate: r.msg.Date,
			}
			quoted[p] = q.raw()
			t.Logf("%s: %s answers the judge's reply in the form of %s, its old orders (%s) quoted", ph.Phase, names[p], q.form, strings.ReplaceAll(old.line, "\n", ", "))
		}

		// Each power with orders in the rulebook mails them.
		var now []sentMail
		for k, line := range strings.Split(ph.Orders, "\n") {
			if i == kickPhase && k == 3 {
				// Midway through a phase's mail, the judge's IMAP
				// connection breaks: it must dial again and lose nothing.
				kicked = e.kick(t, e.judge)
				t.Logf("%s: Dovecot closed the judge's IMAP connection: %v", ph.Phase, kicked)
			}
			label, orders, _ := strings.Cut(line, ":")
			pw, err := parser.Power(v, label)
			if err != nil {
				t.Fatalf("%s: power %q: %v", ph.Phase, label, err)
			}
			p := v.Powers[pw].ID
			body := fmt.Sprintf("SIGNON %s@%s pw-%s\nSET NOWAIT\n%s\nSIGNOFF\n\n-- \n%s\n", p, name, p, strings.TrimSpace(orders), names[p])
			m := sentMail{phase: i, power: p, id: fmt.Sprintf("%s-%d-%s@%s", name, i, p, e.playerDomain), line: strings.TrimSpace(orders)}
			raw := playerMail(e.player(p), e.judge, fmt.Sprintf("%s orders for %s", names[p], ph.Phase), m.id, body, clk.Now())
			if q, ok := quoted[p]; ok {
				raw = q
			}
			if err := players.Send(ctx, e.player(p), []string{e.judge}, raw); err != nil {
				t.Fatalf("%s: %s mails its orders through Postfix: %v", ph.Phase, names[p], err)
			}
			now = append(now, m)
		}
		sent = append(sent, now...)

		// Every order mail is answered.
		await(ph.Phase+": the replies to the orders", func() (bool, string) {
			var missing []string
			for _, m := range now {
				if len(boxes[m.power].replies(m.id)) == 0 {
					missing = append(missing, names[m.power])
				}
			}
			return len(missing) == 0, "no reply yet to " + strings.Join(missing, ", ")
		})
		var incomplete []string
		for _, m := range now {
			replies := boxes[m.power].replies(m.id)
			checkReply(t, ph, m, replies, name, names[m.power])
			if _, ok := quoted[m.power]; ok && len(replies) > 0 {
				checkQuotedReply(t, ph, replies[0].msg.Text, m.line, names[m.power])
			}
			if len(replies) > 0 && !strings.Contains(replies[0].msg.Text, "Your orders are complete.") {
				incomplete = append(incomplete, names[m.power])
			}
		}

		// Every reply is in, so every order is in the store: the phase has
		// been processed at once if every power with orders to give was
		// ready with complete orders; otherwise its deadline is due.
		// Every power that owes orders in the rulebook's game mails them,
		// so the replies tell which it must be.
		switch recs := phases(); len(recs) {
		case i + 1:
			early = append(early, ph.Phase)
			if len(incomplete) > 0 {
				t.Errorf("%s: processed before the deadline, though the judge told %s their orders were not complete", ph.Phase, strings.Join(incomplete, ", "))
			}
		case i:
			byDeadline = append(byDeadline, ph.Phase)
			if len(incomplete) == 0 {
				t.Errorf("%s: every power sent SET NOWAIT and was told its orders were complete, yet the phase waits for its deadline", ph.Phase)
			}
			t.Logf("%s: orders not complete (%s); moving the judge's clock past the deadline", ph.Phase, strings.Join(incomplete, ", "))
			clk.Advance(deadlineEvery + time.Minute)
		default:
			t.Fatalf("%s: %d phases processed before this one's results, want %d", ph.Phase, len(recs), i)
		}

		// The results reach every player.
		subject := fmt.Sprintf("Corriere %s: %s results", name, ph.Phase)
		await(ph.Phase+": the results", subjectIn(subject))
		recs := phases()
		if len(recs) != i+1 {
			t.Fatalf("%s: %d phases processed, want %d", ph.Phase, len(recs), i+1)
		}
		next := "S1903M"
		if i+1 < len(examples.Seed) {
			next = examples.Seed[i+1].Phase
		}
		checkResults(t, ph, recs[i], next, name, names, func(p string) []stored { return boxes[p].withSubject(subject) })
		if t.Failed() {
			t.FailNow() // later phases build on this one
		}
		t.Logf("%s: results checked in all %d players' mailboxes", ph.Phase, len(powers))
	}

	// The game stands where the rulebook's example ends.
	checkGameAt(ctx, t, st, name, "S1903M")

	if kicked {
		if n := logs.count("imap mailbox open"); n < 2 {
			t.Errorf("the judge's IMAP connection was closed by the server, and the judge opened its mailbox %d times, want at least 2", n)
		}
	}

	outbox := sentOutbox(ctx, t, st)

	// The judge stops; then the mailboxes are read whole, as the servers
	// keep them.
	stop()
	var seedPhases []string
	for _, ph := range examples.Seed {
		seedPhases = append(seedPhases, ph.Phase)
	}
	auditMailboxes(ctx, t, e, powers, judgeDomain, sent, outbox, seedPhases, func(subject, phase string) bool {
		return subject == fmt.Sprintf("Corriere %s: %s results", name, phase)
	})

	t.Logf("played %d phases by mail in %v: %d order mails, %d mails from the judge; processed at once: %s; at the deadline: %s",
		len(examples.Seed), time.Since(began).Round(time.Millisecond), len(sent), len(outbox),
		strings.Join(early, " "), orNone(byDeadline))
}

// checkQuotedReply checks the judge's reply to a mail that quoted the old
// orders below the new: the judge's list of the player's orders is the new
// one, none of the old holds.
func checkQuotedReply(t *testing.T, ph examples.SeedPhase, text, orders, powerName string) {
	t.Helper()
	_, list, ok := strings.Cut(text, "\nYour orders for ")
	if !ok {
		t.Errorf("%s: the reply to %s's quoted reply lists no orders:\n%s", ph.Phase, powerName, text)
		return
	}
	list, _, _ = strings.Cut(list, "\nDeadline:")
	list = strings.ToLower(list)
	for _, o := range strings.Split(strings.TrimSuffix(orders, "."), ",") {
		if f := strings.Fields(o); len(f) > 0 && (f[len(f)-1] == "Stands" || f[len(f)-1] == "H") {
			continue // the new order holds too
		}
		hold := holdOrders(o)
		if strings.Contains(list, "  "+strings.ToLower(hold)+"\n") {
			t.Errorf("%s: %s's quoted old order %q stands; the new orders above it must:\n%s", ph.Phase, powerName, hold, text)
		}
	}
	if strings.Contains(text, "Signed on as "+powerName) && strings.Count(text, "Signed on as") > 1 {
		t.Errorf("%s: the judge read the quoted reply's text as commands:\n%s", ph.Phase, text)
	}
}

// checkReply checks the judge's reply to one order mail.
func checkReply(t *testing.T, ph examples.SeedPhase, m sentMail, replies []stored, name, powerName string) {
	t.Helper()
	if len(replies) != 1 {
		t.Errorf("%s: %s's order mail has %d replies, want 1", ph.Phase, powerName, len(replies))
		if len(replies) == 0 {
			return
		}
	}
	r := replies[0]
	text := r.msg.Text
	if want := fmt.Sprintf("Signed on as %s in game %s.", powerName, name); !strings.Contains(text, want) {
		t.Errorf("%s: the reply to %s lacks %q:\n%s", ph.Phase, powerName, want, text)
	}
	if !strings.Contains(text, "> SET NOWAIT") {
		t.Errorf("%s: the reply to %s does not acknowledge SET NOWAIT:\n%s", ph.Phase, powerName, text)
	}
	if !r.msg.Automatic {
		t.Errorf("%s: the reply to %s is not marked automatic (Auto-Submitted, X-Loop)", ph.Phase, powerName)
	}
	// The orders refused are exactly those the rulebook refuses.
	var refused []string
	for line := range strings.Lines(text) {
		if k := strings.Index(line, " refused: "); k > 0 && strings.HasPrefix(line, "  ") {
			refused = append(refused, strings.TrimSpace(line[:k]))
		}
	}
	for _, bad := range ph.Invalid {
		if strings.Contains(m.line, bad) && !slices.Contains(refused, bad) {
			t.Errorf("%s: %s's order %q was not refused; the rulebook refuses it. Reply:\n%s", ph.Phase, powerName, bad, text)
		}
	}
	for _, r := range refused {
		if !slices.Contains(ph.Invalid, r) {
			t.Errorf("%s: %s's order %q was refused; the rulebook takes it. Reply:\n%s", ph.Phase, powerName, r, text)
		}
	}
}

var nextRE = regexp.MustCompile(`(?m)^Next: .*\(([A-Z0-9]+)\), deadline `)

// checkResults checks a processed phase: the judge's stored results against
// the rulebook, and the results mail each player received against those.
func checkResults(t *testing.T, ph examples.SeedPhase, rec store.PhaseRecord, next, name string, names map[string]string, mails func(power string) []stored) {
	t.Helper()
	if rec.Phase != ph.Phase {
		t.Fatalf("the judge processed %s, the rulebook plays %s", rec.Phase, ph.Phase)
	}
	var resp diplomacy.Response
	if err := json.Unmarshal([]byte(rec.Result), &resp); err != nil {
		t.Fatalf("%s: stored result: %v", ph.Phase, err)
	}
	for _, d := range ph.Check(&resp) {
		t.Errorf("the judge departs from the rulebook: %s", d)
	}
	if resp.Next == nil || resp.Next.Phase != next {
		t.Errorf("%s: the next phase is %v, the rulebook plays %s", ph.Phase, resp.Next, next)
	}

	var text string // the results mail, the same for everyone
	for _, p := range slices.Sorted(maps.Keys(names)) {
		got := mails(p)
		if len(got) != 1 {
			t.Errorf("%s: %s has %d results mails, want 1", ph.Phase, names[p], len(got))
			if len(got) == 0 {
				continue
			}
		}
		m := got[0]
		if text == "" {
			text = m.msg.Text
		} else if m.msg.Text != text {
			t.Errorf("%s: %s's results mail differs from the others':\n%s", ph.Phase, names[p], m.msg.Text)
		}
		if !m.msg.Automatic {
			t.Errorf("%s: %s's results mail is not marked automatic", ph.Phase, names[p])
		}
		pngs, err := pngAttachments(m.raw)
		if err != nil {
			t.Errorf("%s: %s's results mail: %v", ph.Phase, names[p], err)
		} else if _, ok := pngs["map-"+ph.Phase+".png"]; !ok || len(pngs) != 1 {
			t.Errorf("%s: %s's results mail carries the maps %v, want map-%s.png", ph.Phase, names[p], mapKeys(pngs), ph.Phase)
		}
	}
	if text == "" {
		return
	}
	if want := fmt.Sprintf("Game %s: results of ", name); !strings.HasPrefix(text, want) || !strings.Contains(strings.SplitN(text, "\n", 2)[0], "("+ph.Phase+")") {
		t.Errorf("%s: the results mail starts %q, want %q...(%s)", ph.Phase, strings.SplitN(text, "\n", 2)[0], want, ph.Phase)
	}
	// Each move the rulebook says takes place, as the mail words it.
	for _, mv := range ph.Moved {
		if !regexp.MustCompile(`(?m)^ +` + regexp.QuoteMeta(mv) + ` +succeeds$`).MatchString(text) {
			t.Errorf("%s: the results mail has no line %q ... succeeds:\n%s", ph.Phase, mv, text)
		}
	}
	// Every stored result, as the mail words it.
	for _, p := range slices.Sorted(maps.Keys(resp.Results)) {
		for _, r := range resp.Results[p] {
			order := r.Parsed
			if order == "" {
				order = r.Order
			}
			outcome := r.Result
			if r.Reason != "" {
				outcome += ": " + r.Reason
			}
			if !strings.Contains(text, fmt.Sprintf("  %-28s %s\n", order, outcome)) {
				t.Errorf("%s: the results mail lacks %s's %q %s", ph.Phase, p, order, outcome)
			}
		}
	}
	// Units lost without an order of their own.
	_, removed, _ := strings.Cut(text, "\nRemoved without orders")
	removed, _, _ = strings.Cut(removed, "\n\n")
	for _, u := range ph.Removed {
		if !strings.Contains(removed, " "+u) {
			t.Errorf("%s: the results mail does not list %s as removed:\n%s", ph.Phase, u, text)
		}
	}
	if len(ph.Removed) == 0 && removed != "" {
		t.Errorf("%s: the results mail lists removals the rulebook has not:\n%s", ph.Phase, text)
	}
	if s := nextRE.FindStringSubmatch(text); s == nil || s[1] != next {
		t.Errorf("%s: the results mail does not announce %s next:\n%s", ph.Phase, next, text)
	}
}

// auditMailboxes reads every mailbox whole once the judge has stopped:
// each player holds exactly the mails the judge sent to it, each once;
// each order mail has exactly one reply; the judge's INBOX is empty and
// its archive folder holds exactly the order mails, each read (\Seen) and
// none answered twice.
//
// phases are the phases played, by sentMail.phase; isResults says
// whether a mail's subject is that of a phase's results.
func auditMailboxes(ctx context.Context, t *testing.T, e env, powers []string, judgeDomain string, sent []sentMail, outbox []store.Mail, phases []string, isResults func(subject, phase string) bool) {
	t.Helper()
	for _, p := range powers {
		addr := e.player(p)
		all, err := fetchAll(ctx, e.imap, addr, e.playerPassword)
		if err != nil {
			t.Fatalf("read the mailbox of %s: %v", addr, err)
		}
		have := map[string]int{}
		for _, s := range all {
			have[s.msgID]++
			if s.msg.From != e.judge {
				t.Errorf("%s holds a mail from %s (%q), not from the judge", addr, s.msg.From, s.msg.Subject)
			}
		}
		for id, n := range have {
			if n > 1 {
				t.Errorf("%s holds %d copies of the mail %s", addr, n, id)
			}
		}
		var want []string
		for _, m := range outbox {
			if strings.EqualFold(m.Recipient, addr) {
				// The Message-ID it went out under: one message serves the
				// readers of the same text (outbox.sent_as).
				id := m.SentAs
				if id == "" {
					id = fmt.Sprintf("corriere-%d@%s", m.ID, judgeDomain)
				}
				want = append(want, id)
			}
		}
		for _, id := range want {
			if have[id] == 0 {
				t.Errorf("%s never received the judge's mail %s", addr, id)
			}
		}
		if len(all) != len(want) {
			t.Errorf("%s holds %d mails, the judge sent it %d", addr, len(all), len(want))
		}
		for _, m := range sent {
			if m.power != p {
				continue
			}
			n := 0
			for _, s := range all {
				if s.inRe == m.id {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s: the order mail %s has %d replies in %s, want 1", phases[m.phase], m.id, n, addr)
			}
		}
		for _, ph := range phases {
			n := 0
			for _, s := range all {
				if isResults(s.msg.Subject, ph) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s holds %d results mails of %s, want 1", addr, n, ph)
			}
		}
	}

	// Every mail the judge handled was moved out of its INBOX into the
	// archive folder, which the judge made (Dovecot's Maildir++ names it
	// with "." between levels).
	inbox, err := fetchAll(ctx, e.imap, e.judge, e.judgePassword)
	if err != nil {
		t.Fatalf("read the judge's mailbox: %v", err)
	}
	for _, s := range inbox {
		t.Errorf("the judge's INBOX still holds %s from %s (%q): handled mail is moved to %s", s.msgID, s.msg.From, s.msg.Subject, archiveFolder)
	}
	all, err := fetchFolder(ctx, e.imap, e.judge, e.judgePassword, archiveFolder)
	if err != nil {
		t.Fatalf("read the judge's archive folder: %v", err)
	}
	have := map[string]int{}
	for _, s := range all {
		have[s.msgID]++
		if !s.seen {
			t.Errorf("the judge's archive holds an unread mail: %s from %s (%q)", s.msgID, s.msg.From, s.msg.Subject)
		}
	}
	for _, m := range sent {
		if have[m.id] != 1 {
			t.Errorf("the judge's archive holds %d copies of the order mail %s", have[m.id], m.id)
		}
	}
	if len(all) != len(sent) {
		t.Errorf("the judge's archive holds %d mails, the players sent %d", len(all), len(sent))
	}
}

func mapSlice(xs []string, f func(string) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func mapKeys(m map[string][]byte) []string { return slices.Sorted(maps.Keys(m)) }

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, " ")
}
