//go:build integration

package integration

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
)

// italiaPowers are the six seats of Le Guerre d'Italia.
var italiaPowers = []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"}

// TestItaliaByMail plays the year 1499 of Le Guerre d'Italia by real
// mail, with the demo's sheets and dice (examples.ItaliaYear): the
// players mail their sheets, in Italian and English, through Postfix; the
// judge reads its Dovecot mailbox over IMAP and mails back through
// Postfix; every sheet is answered once with each line accepted (but the
// one the spring refuses on purpose), and every player receives each
// phase's results, in his language, with his own map; the Pope's state
// what examples.ItaliaYear says, and never Venice's dummy.
func TestItaliaByMail(t *testing.T) {
	e := loadEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	began := time.Now()
	emptyMailboxes(ctx, t, e, italiaPowers)

	st, logs, log, clk := judgeStore(ctx, t)
	j := &judge.Judge{Games: []game.Kind{italia.Kind{}}, Store: st, Address: e.judge, Now: clk.Now, Log: log,
		// The sheets are written for the positions these dice leave.
		Seed: func() dice.Seed { return examples.ItaliaDice }}
	name := fmt.Sprintf("guerra%x", time.Now().Unix())
	set := judge.DefaultSettings()
	every := "@every " + deadlineEvery.String()
	set.Set("diplomacy", every)
	set.Set("operations", every)
	// No early processing: every phase waits for the deadline the test
	// passes once every sheet is answered, so that none is processed while
	// sheets are still on their way.
	set.Grace, set.Reminder, set.Early = 0, 0, false
	if _, err := j.CreateWithMaster(ctx, name, judge.Creation{Kind: "italia", Settings: set}, ""); err != nil {
		t.Fatal(err)
	}
	seatAndStart(ctx, t, e, j, name, italiaPowers)
	keepLog(t, e, logs)

	judgeDomain := e.judge[strings.LastIndex(e.judge, "@")+1:]
	stop := runJudge(ctx, t, e, j, clk, log)
	defer stop()
	boxes := openMailboxes(e, italiaPowers)
	defer closeMailboxes(boxes)
	await := func(what string, ready func() (bool, string)) {
		t.Helper()
		awaitMail(ctx, t, boxes, what, ready)
	}
	// A phase's results, in whichever language the player reads: a mail
	// that names the game and the phase and answers none of his.
	isResults := func(subject, phase string) bool {
		return strings.HasPrefix(subject, "Corriere "+name+": ") && strings.Contains(subject, phase)
	}
	resultsOf := func(p, phase string) []stored {
		var out []stored
		for _, s := range boxes[p].mails {
			if s.inRe == "" && isResults(s.msg.Subject, phase) {
				out = append(out, s)
			}
		}
		return out
	}
	await("the start of the game", func() (bool, string) {
		for _, p := range italiaPowers {
			if len(boxes[p].withSubject(fmt.Sprintf("Corriere %s: the game starts", name))) == 0 {
				return false, "no start mail for " + p
			}
		}
		return true, ""
	})

	players := mailer.NewSender(mailer.SMTPConfig{Addr: e.smtp, Security: "none", Hello: e.playerDomain})
	var sent []sentMail
	var phaseNames []string
	for i, ph := range examples.ItaliaYear {
		phaseNames = append(phaseNames, ph.Phase)
		var now []sentMail
		for _, p := range italiaPowers {
			sheet, ok := ph.Sheets[p]
			if !ok {
				continue
			}
			m := sentMail{phase: i, power: p, id: fmt.Sprintf("%s-%d-%s@%s", name, i, p, e.playerDomain), line: strings.TrimSpace(sheet)}
			body := fmt.Sprintf("SIGNON %s@%s pw-%s\n%s\n", p, name, p, m.line)
			raw := playerMail(e.player(p), e.judge, "sheet for "+ph.Phase, m.id, body, clk.Now())
			if err := players.Send(ctx, e.player(p), []string{e.judge}, raw); err != nil {
				t.Fatalf("%s: %s mails its sheet through Postfix: %v", ph.Phase, p, err)
			}
			now = append(now, m)
		}
		sent = append(sent, now...)

		// Every sheet is answered once, every line understood: a refusal
		// is a sheet gone stale, save the spring's expenses, which Venice
		// writes to show the rule (seed §3 C).
		await(ph.Phase+": the replies to the sheets", func() (bool, string) {
			for _, m := range now {
				if len(boxes[m.power].replies(m.id)) == 0 {
					return false, "no reply yet to " + m.id
				}
			}
			return true, ""
		})
		for _, m := range now {
			replies := boxes[m.power].replies(m.id)
			if len(replies) != 1 {
				t.Errorf("%s: %s's sheet has %d replies, want 1", ph.Phase, m.power, len(replies))
			}
			r := replies[0]
			if !r.msg.Automatic {
				t.Errorf("%s: the reply to %s is not marked automatic (Auto-Submitted, X-Loop)", ph.Phase, m.power)
			}
			for _, line := range strings.Split(r.msg.Text, "\n") {
				if (strings.Contains(line, "refused:") || strings.Contains(line, "rifiutato:")) && !strings.HasPrefix(strings.TrimSpace(line), "MANTIENI TUTTO") ||
					strings.Contains(line, "Still missing") || strings.Contains(line, "Mancano ancora") {
					t.Errorf("%s: the reply to %s's sheet: %s", ph.Phase, m.power, line)
				}
			}
		}

		// Every sheet is in the store: the deadline passes.
		if recs := phaseRecords(ctx, t, st, name); len(recs) != i {
			t.Fatalf("%s: %d phases processed before its deadline, want %d", ph.Phase, len(recs), i)
		}
		clk.Advance(deadlineEvery + time.Minute)

		// The results reach every player, each his own, with his map.
		await(ph.Phase+": the results", func() (bool, string) {
			for _, p := range italiaPowers {
				if len(resultsOf(p, ph.Phase)) == 0 {
					return false, "no results of " + ph.Phase + " for " + p
				}
			}
			return true, ""
		})
		recs := phaseRecords(ctx, t, st, name)
		if len(recs) != i+1 || recs[i].Phase != ph.Phase {
			t.Fatalf("%s: %d phases processed, the last %s; want %d, the last %s", ph.Phase, len(recs), recs[len(recs)-1].Phase, i+1, ph.Phase)
		}
		for _, p := range italiaPowers {
			got := resultsOf(p, ph.Phase)
			if len(got) != 1 {
				t.Errorf("%s: %s has %d results mails, want 1", ph.Phase, p, len(got))
			}
			m := got[0]
			if !m.msg.Automatic {
				t.Errorf("%s: %s's results mail is not marked automatic", ph.Phase, p)
			}
			pngs, err := pngAttachments(m.raw)
			if err != nil {
				t.Errorf("%s: %s's results mail: %v", ph.Phase, p, err)
			} else if _, ok := pngs["map-"+ph.Phase+".png"]; !ok || len(pngs) != 1 {
				t.Errorf("%s: %s's results mail carries the maps %v, want map-%s.png", ph.Phase, p, mapKeys(pngs), ph.Phase)
			}
			if p != "papato" {
				continue
			}
			for _, want := range ph.PopeReads {
				if !strings.Contains(m.msg.Text, want) {
					t.Errorf("%s: the Pope's results lack %q:\n%s", ph.Phase, want, m.msg.Text)
				}
			}
			if strings.Contains(m.msg.Text, "FINTO") || strings.Contains(m.msg.Text, "DUMMY") {
				t.Errorf("%s: the Pope reads Venice's dummy:\n%s", ph.Phase, m.msg.Text)
			}
		}
		if t.Failed() {
			t.FailNow() // later phases build on this one
		}
		t.Logf("%s: replies and results checked in all %d players' mailboxes", ph.Phase, len(italiaPowers))
	}

	// The year is over: the game stands at the next spring's diplomacy.
	checkGameAt(ctx, t, st, name, "P1500D")
	outbox := sentOutbox(ctx, t, st)
	stop()
	auditMailboxes(ctx, t, e, italiaPowers, judgeDomain, sent, outbox, phaseNames, isResults)
	t.Logf("played %d phases of Le Guerre d'Italia by mail in %v: %d sheets, %d mails from the judge",
		len(examples.ItaliaYear), time.Since(began).Round(time.Millisecond), len(sent), len(outbox))
}
