package judge

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants/standard"
)

// After a ROLLBACK the phase is played again with other orders: its map
// must be drawn anew, not taken from the cache of the first playing.
func TestMapAfterRollback(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur")
	if _, err := f.j.Master(ctx, "roma", "PROCESS S1901M"); err != nil {
		t.Fatal(err)
	}
	first, err := f.j.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	if reply, err := f.j.Master(ctx, "roma", "ROLLBACK S1901M"); err != nil {
		t.Fatal(err, reply)
	}
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Pic")
	if _, err := f.j.Master(ctx, "roma", "PROCESS S1901M"); err != nil {
		t.Fatal(err)
	}
	again, err := f.j.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	fresh := &Judge{Games: testGames, Store: f.j.Store, Now: f.j.Now, Log: f.j.Log}
	want, err := fresh.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(first, again) || !bytes.Equal(again, want) {
		t.Errorf("the map after the rollback is the old one (same as before: %v; same as freshly drawn: %v)", bytes.Equal(first, again), bytes.Equal(again, want))
	}
}

// openings are complete Spring 1901 orders for every power.
var openings = map[string]string{
	"austria": "A Vie-Gal\nA Bud-Ser\nF Tri-Alb",
	"england": "F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor",
	"france":  "A Par-Bur\nA Mar-Spa\nF Bre-Mao",
	"germany": "A Ber-Kie\nA Mun-Ruh\nF Kie-Den",
	"italy":   "A Ven-Tyr\nA Rom-Apu\nF Nap-Ion",
	"russia":  "A Mos-Ukr\nA War-Gal\nF Sev-Bla\nF Stp/sc-Bot",
	"turkey":  "A Con-Bul\nA Smy-Con\nF Ank-Bla",
}

func (f *fixture) order(power, orders string) string {
	f.t.Helper()
	return f.send(addr(power), "SIGNON "+power+"@roma pw-"+power+"\n"+orders)
}

func (f *fixture) lastResults() string {
	f.t.Helper()
	var body string
	for _, m := range f.outbox() {
		if m.Kind == "results" {
			body = m.Body
		}
	}
	return body
}

// Late names exactly the powers whose orders were missing at the deadline
// (an order replaced in grace does not make a power late), and says who
// used the grace period and who never completed.
func TestLateIsAtTheDeadline(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Early = false })
	for _, p := range []string{"austria", "germany", "italy", "russia", "turkey"} {
		f.order(p, openings[p])
	}
	f.order("france", "A Par-Bur") // incomplete at the deadline
	f.clk.advance(11*time.Hour + 20*time.Minute)
	f.tick() // 20:20, in grace
	f.order("france", "A Mar-Spa\nF Bre-Mao")
	f.order("germany", "A Mun-Bur") // a change in grace: Germany was complete
	f.clk.advance(40 * time.Minute)
	f.tick()
	if f.game().Phase != "F1901M" {
		t.Fatalf("not processed: %s", f.game().Phase)
	}
	res := f.lastResults()
	mustContain(t, "results", res,
		"Late (orders missing or incomplete at the deadline): England, France.",
		"Completed in the grace period: France.",
		"Still missing or incomplete when processed: England.")
	if strings.Contains(res, "Germany.") || strings.Contains(res, "Processed before") {
		t.Errorf("results:\n%s", res)
	}
}

// A master's PROCESS before the deadline names nobody late: it says whose
// orders were missing when it was processed.
func TestEarlyProcessNamesNobodyLate(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range powers {
		if p != "italy" {
			f.order(p, openings[p])
		}
	}
	if _, err := f.j.Master(context.Background(), "roma", "PROCESS S1901M"); err != nil {
		t.Fatal(err)
	}
	res := f.lastResults()
	mustContain(t, "results", res, "Processed before the deadline; orders missing or incomplete: Italy.")
	if strings.Contains(res, "Late") {
		t.Errorf("an early PROCESS named powers late:\n%s", res)
	}
}

// processS1901 plays Spring 1901 with the openings, at its deadline.
func (f *fixture) processS1901() {
	f.t.Helper()
	for _, p := range powers {
		f.order(p, openings[p])
	}
	f.clk.advance(12 * time.Hour)
	f.tick()
	if f.game().Phase != "F1901M" {
		f.t.Fatalf("phase %s, want F1901M", f.game().Phase)
	}
}

// mailDated sends a mail with a Date header of its own.
func (f *fixture) mailDated(from string, date time.Time, body string) string {
	f.t.Helper()
	f.n++
	id := fmt.Sprintf("d%d@players.test", f.n)
	raw := "From: " + from + "\r\nTo: judge@corriere.test\r\nSubject: orders\r\nMessage-ID: <" + id + ">\r\n" +
		"Date: " + date.Format(time.RFC1123Z) + "\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		f.t.Fatal(err)
	}
	for _, m := range f.outbox() {
		if m.InReplyTo == id {
			return m.Body
		}
	}
	return ""
}

// A mail written before the phase was processed, arriving after, is not
// taken for the next phase; a PHASE line decides where one says.
func TestLateMailAndPhaseLine(t *testing.T) {
	f := newFixture(t, nil)
	written := f.clk.now().Add(11*time.Hour + 59*time.Minute) // 19:59, a minute before the deadline
	f.processS1901()
	signon := "SIGNON france@roma pw-france\n"
	reply := f.mailDated(addr("france"), written, signon+"A Bur-Mun")
	mustContain(t, "a spring mail read in fall", reply, "came too late for it", "were not read for Fall 1901 movement (F1901M)", "PHASE F1901M", "> A Bur-Mun")
	if strings.Contains(reply, "complete") || strings.Contains(reply, "ok:") {
		t.Errorf("the late mail was applied:\n%s", reply)
	}
	reply = f.mailDated(addr("france"), written, signon+"PHASE S1901M\nA Bur-Mun")
	mustContain(t, "PHASE of a past phase", reply, "for Spring 1901 movement (S1901M), which is over", "nothing was changed")
	reply = f.mailDated(addr("france"), written, signon+"PHASE F1901M\nA Bur-Mun")
	mustContain(t, "PHASE of the current phase", reply, "ok: A bur - mun")
	reply = f.send(addr("france"), signon+"PHASE Fall 1901 Movement\nA Spa-Por\nphase s1902m\nA Mun-Ber\nphase W1901\nbuild A par")
	mustContain(t, "PHASE lines", reply, "ok: A spa - por", "Orders for Spring 1902 movement (S1902M), a later phase, kept", "A Mun-Ber", "Orders for Winter 1901 adjustments (W1901A)")
	reply = f.send(addr("france"), signon+"PHASE Summer 1901\nA Mao-Por")
	mustContain(t, "a bad PHASE line", reply, "expected a phase such as PHASE S1903M", "were not read")
	if strings.Contains(reply, "ok: F mao") {
		t.Errorf("orders under a bad PHASE line were read:\n%s", reply)
	}
	// A mail without a Date is read for the current phase.
	reply = f.handleRaw("From: " + addr("france") + "\nSubject: x\nMessage-ID: <nodate@p>\n\n" + signon + "F Mao-Por")
	mustContain(t, "undated", reply, "ok: F mao - por")
}

// Orders sent ahead are read when their phase begins and the player gets
// the report; orders for a phase that never came are dropped with a word.
func TestOrdersAhead(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.order("france", "PHASE F1901M\nA Bur-Mun\nPHASE F1901R\nA Mun-Ruh\nPHASE F1901M\nA Spa-Por")
	mustContain(t, "ahead", reply, "Fall 1901 movement (F1901M), a later phase", "Fall 1901 retreats (F1901R), a later phase")
	f.processS1901()
	mail := f.lastMail("ahead", addr("france"))
	mustContain(t, "ahead report", mail, "Fall 1901 movement (F1901M) has begun", "ok: A bur - mun", "ok: A spa - por", "Still missing: F mao")
	var orders []string
	id := f.game().ID
	f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		rows, _ := tx.Orders(id, "F1901M")
		for _, r := range rows {
			orders = append(orders, r.Canonical)
		}
		return nil
	})
	if !slices.Equal(orders, []string{"A bur - mun", "A spa - por"}) {
		t.Errorf("F1901M orders %v", orders)
	}
	for _, p := range powers {
		f.order(p, "PHASE F1901M\nWAIVE")
	}
	f.clk.advance(24 * time.Hour)
	f.tick() // F1901M processed; no retreats: W1901A
	if g := f.game(); g.Phase != "W1901A" {
		t.Fatalf("phase %s", g.Phase)
	}
	mustContain(t, "dropped", f.lastMail("ahead", addr("france")), "were not used: game roma went on to Winter 1901 adjustments (W1901A) without that phase", "> A Mun-Ruh")
}

// handleRaw hands the judge a raw mail, its lines ended with CRLF, and
// returns the reply to it.
func (f *fixture) handleRaw(raw string) string {
	f.t.Helper()
	return f.handleExact(strings.ReplaceAll(raw, "\n", "\r\n"))
}

// Players manage their own seat: SET ADDRESS and SET PASSWORD, with a
// notice to the registered address; a player writing from another
// address is told which one is registered; the owner hears of refused
// sign-ons from others, once an hour at most.
func TestPlayersManageThemselves(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("francesca@home.test", "SIGNON france@roma pw-france\nA Par-Bur")
	mustContain(t, "from another address", reply, "Refused", "The password is right, but France is played from f…e@players.test")
	if strings.Contains(reply, "ok: A par") {
		t.Errorf("orders taken from an unregistered address:\n%s", reply)
	}
	mustContain(t, "owner's notice", f.lastMail("notice", addr("france")), "francesca@home.test tried to sign on as France")
	n := len(f.outbox())
	reply = f.send("stranger@x.test", "SIGNON france@roma guess")
	if strings.Contains(reply, addr("france")) {
		t.Errorf("a wrong password learnt the registered address:\n%s", reply)
	}
	for _, m := range f.outbox()[n:] {
		if m.Kind == "notice" {
			t.Errorf("a second notice within the hour: %s", m.Body)
		}
	}

	reply = f.order("france", "SET PASSWORD abc")
	mustContain(t, "weak password", reply, "Refused: the password", "too short")
	reply = f.order("france", "SET PASSWORD Tr3no-per-Lione")
	mustContain(t, "password", reply, "Your password for France is changed")
	if strings.Contains(reply, "Tr3no-per-Lione") {
		t.Errorf("the reply repeats the password:\n%s", reply)
	}
	mustContain(t, "password notice", f.lastMail("notice", addr("france")), "The password of France in game roma was changed")
	reply = f.send(addr("france"), "SIGNON france@roma Tr3no-per-Lione\nSET ADDRESS <francesca@home.test>")
	mustContain(t, "address", reply, "France is now played from francesca@home.test")
	mustContain(t, "old address told", f.lastMail("notice", addr("france")), "moved the seat from "+addr("france")+" to francesca@home.test")
	mustContain(t, "new address told", f.lastMail("notice", "francesca@home.test"), "moved the seat")
	reply = f.send("francesca@home.test", "SIGNON france@roma Tr3no-per-Lione\nA Par-Bur")
	mustContain(t, "from the new address", reply, "ok: A par - bur")
	reply = f.send("francesca@home.test", "SIGNON france@roma Tr3no-per-Lione\nSET ADDRESS nobody")
	mustContain(t, "bad address", reply, "is not a mail address")
}

// njudge's ways of writing: "sign on", M and O initials, IF ... ENDIF
// refused whole; a Subject of help is answered.
func TestNjudgeMailForms(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), "sign on Froma pw-france\nA Par-Bur\nsign off\nA Mar-Spa")
	mustContain(t, "sign on", reply, "Signed on as France", "ok: A par - bur")
	if strings.Contains(reply, "A Mar-Spa") {
		t.Errorf("read past sign off:\n%s", reply)
	}
	reply = f.send("fan@x.test", "SIGNON Oroma whatever")
	mustContain(t, "observer initial", reply, "You will receive the results of game roma")
	reply = f.order("germany", "IF Italy moves to Tyrolia\nA Mun-Tyr\nELSE\nA Mun-Bur\nENDIF\nA Ber-Kie")
	mustContain(t, "IF", reply, "Conditional orders (IF ... ELSE ... ENDIF) are not taken", "none of the 5 lines", "ok: A ber - kie")
	if strings.Contains(reply, "A mun - ") {
		t.Errorf("a conditional order was taken:\n%s", reply)
	}
	reply = f.handleRaw("From: someone@x.test\nSubject: help\nMessage-ID: <help@x>\n\n")
	mustContain(t, "Subject help", reply, "SIGNON <power>@<game> <password>")
	reply = f.handleRaw("From: someone@x.test\nSubject: Re: status roma\nMessage-ID: <st@x>\n\nthanks")
	mustContain(t, "Subject status", reply, "roma")
}

// An order that writes the wrong unit type names the real unit, and says so.
func TestWrongUnitTypeNamesTheRealUnit(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.order("france", "F Mar-Spa\nA Par-Bur\nA Mar S F Par-Bur\nA Bre-Mao")
	mustContain(t, "reply", reply,
		"ok: A mar - spa (you wrote F mar, but the unit in mar is an army)",
		"ok: A mar S A par - bur (you wrote F par, but the unit in par is an army)",
		"ok: F bre - mao (you wrote A bre, but the unit in bre is a fleet)")
	if strings.Contains(reply, "F mar - spa") {
		t.Errorf("the order names a fleet that is not there:\n%s", reply)
	}
}

// Seconds are shown where the grace is of seconds; builds left unordered
// are said to be not made, not waived.
func TestDeadlineSecondsAndUnorderedBuilds(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Grace = Duration(30 * time.Second) })
	reply := f.order("france", "A Par-Bur")
	mustContain(t, "deadline", reply, "Deadline: Mon 2026-11-23 20:00:00 UTC (orders taken until Mon 2026-11-23 20:00:30 UTC)")

	f.processS1901()
	f.order("france", "F Mao-Por\nA Spa H\nA Bur H")
	f.clk.advance(24 * time.Hour)
	f.tick()
	f.order("france", "BUILD A par")
	f.clk.advance(24 * time.Hour)
	f.tick()
	if g := f.game(); g.Phase != "S1902M" {
		t.Fatalf("phase %s", g.Phase)
	}
	res := f.lastResults()
	mustContain(t, "winter results", res, "Builds not ordered, and so not made: ", "France 1")
	if strings.Contains(res, "France 2") || strings.Contains(strings.ToLower(res), "waived") {
		t.Errorf("winter results:\n%s", res)
	}
}

// Greetings, sign-offs and "On ... wrote:" lines are passed over and told
// once, not refused one by one; a misspelt power is no heading; orders
// under another power's heading are refused.
func TestNoiseIsPassedOverAndTold(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), "Hi GM,\n\nSIGNON france@roma pw-france\nHere are my orders:\nA Par-Bur\nFrancesca\nF Bre-Mao\n\nThanks, and good luck to all\nSent from my iPhone")
	mustContain(t, "reply", reply, "ok: A par - bur", "ok: F bre - mao", "lines were not read as orders:", `"Hi GM,"`, `"Francesca"`, `"Thanks, and good luck to all"`, `"Sent from my iPhone"`)
	if strings.Contains(reply, "refused") || strings.Count(reply, "not read as orders") != 1 {
		t.Errorf("noise refused, or told more than once:\n%s", reply)
	}
	reply = f.order("france", "England:\nF Lon-Nth\nFrance:\nA Mar-Spa")
	mustContain(t, "foreign heading", reply, "F Lon-Nth", "refused: it stands under the heading England, a power you do not play", "ok: A mar - spa")
	reply = f.order("france", "Francesca\nA Mar-Bur")
	mustContain(t, "a name is no heading", reply, "ok: A mar - bur", `not read as an order: "Francesca"`)
}

// A player who writes Italian is answered in Italian, and the judge's
// results and reminders follow the seat's language; SET LANGUAGE fixes it.
func TestRepliesInThePlayersLanguage(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), "Ciao, ecco i miei ordini per la primavera:\nSIGNON france@roma pw-france\nA Par-Bor\nA Mar S A Par-Pic\nGrazie, Francesca")
	mustContain(t, "Italian reply", reply, "Collegato come Francia nella partita roma", "Ordini per Primavera 1901, movimento (S1901M):",
		"ok: A par - bur", "rifiutato: l'unità che sostiene non potrebbe muovere lì essa stessa", "I tuoi ordini per Primavera 1901, movimento (S1901M) (roma):",
		"Mancano ancora: A mar, F bre.", "Scadenza: lun 2026-11-23 20:00 UTC (ordini accettati fino a lun 2026-11-23 21:00 UTC).",
		"non sono state lette come ordini")
	reply = f.order("france", "Ciao, ancora:\nA Mar-Brg")
	mustContain(t, "an Italian refusal from the parser", reply, `A Mar-Brg`, `rifiutato: "Brg"?`)
	if strings.Contains(reply, "no such place") {
		t.Errorf("the parser's refusal in English:\n%s", reply)
	}
	reply = f.send(addr("england"), "Hi judge, here are my orders:\nSIGNON england@roma pw-england\nF Lon-Nth")
	mustContain(t, "English reply", reply, "Signed on as England in game roma", "Still missing")
	reply = f.send("curioso@x.test", "Ciao, come si gioca?\nHELP")
	mustContain(t, "Italian HELP", reply, "Scrivi un comando per riga", "SET LANGUAGE ITALIAN|ENGLISH")

	f.clk.advance(8 * time.Hour) // 17:00: the reminder, 12 hours before, is due
	f.tick()
	mustContain(t, "Italian reminder", f.lastMail("reminder", addr("france")), "i tuoi ordini non sono completi", "Come Francia, mancano ancora: A mar, F bre.")
	mustContain(t, "English reminder", f.lastMail("reminder", addr("england")), "your orders are not complete")

	f.clk.advance(4 * time.Hour)
	f.tick()
	fr, en := f.lastMail("results", addr("france")), f.lastMail("results", addr("england"))
	mustContain(t, "Italian results", fr, "Partita roma: risultati di Primavera 1901, movimento (S1901M).", "Francia:", "A par - bur", "riuscito",
		"In ritardo (ordini mancanti o incompleti alla scadenza): Austria, Inghilterra, Francia, Germania, Italia, Russia, Turchia.",
		"Centri di rifornimento e unità:", "Inghilterra", "Prossima fase: Autunno 1901, movimento (F1901M), scadenza mar 2026-11-24 20:00 UTC")
	mustContain(t, "English results", en, "Game roma: results of Spring 1901 movement (S1901M).", "France:", "succeeds")

	// A mail of orders alone says nothing of its language: the seat's holds.
	reply = f.order("france", "A Par-Pic")
	mustContain(t, "the seat's language", reply, "Ordini per Autunno 1901, movimento (F1901M):")
	reply = f.order("france", "SET LANGUAGE ENGLISH")
	mustContain(t, "SET LANGUAGE", reply, "The judge writes to you in English from now on.")
	reply = f.send(addr("france"), "Ciao, grazie mille a tutti!\nSIGNON france@roma pw-france\nA Bur-Pic")
	mustContain(t, "fixed language", reply, "Signed on as France", "Orders for Fall 1901 movement (F1901M)")
}

// A game whose language is Italian writes to its players in Italian until
// one writes otherwise.
func TestGameLanguage(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Language = "italian" })
	reply := f.order("germany", "A Ber-Kie")
	mustContain(t, "game language", reply, "Collegato come Germania", "Ordini per Primavera 1901, movimento (S1901M):")
	reply = f.send("fan@x.test", "STATUS roma")
	mustContain(t, "status", reply, "Game roma: active")
}

// Orders in a .txt attachment are read; another attachment is named as
// not read; quoted text is said to be left out.
func TestAttachmentsAndQuotesAreTold(t *testing.T) {
	f := newFixture(t, nil)
	raw := "From: " + addr("france") + "\nTo: judge@corriere.test\nSubject: orders\nMessage-ID: <att@p>\nMIME-Version: 1.0\n" +
		"Content-Type: multipart/mixed; boundary=XX\n\n--XX\nContent-Type: text/plain\n\nSIGNON france@roma pw-france\n" +
		"--XX\nContent-Type: text/plain; name=orders.txt\nContent-Disposition: attachment; filename=orders.txt\n\nA Par-Bur\nF Bre-Mao\n" +
		"--XX\nContent-Type: application/pdf; name=map.pdf\nContent-Disposition: attachment; filename=map.pdf\nContent-Transfer-Encoding: base64\n\nJVBERi0=\n--XX--\n"
	reply := f.handleRaw(raw)
	mustContain(t, "reply", reply, "ok: A par - bur", "ok: F bre - mao", "The attachment orders.txt was read", "The attachment map.pdf (application/pdf) was not read")
	reply = f.handleRaw("From: " + addr("france") + "\nSubject: Re: orders\nMessage-ID: <q@p>\n\nSIGNON france@roma pw-france\nA Mar-Spa\n\nOn Mon, 23 Nov 2026 at 10:00, Judge <judge@corriere.test> wrote:\n> A mar - bur\n")
	mustContain(t, "quoted", reply, "ok: A mar - spa", "The quoted text of your mail was not read")
	if strings.Contains(reply, "A mar - bur") {
		t.Errorf("quoted order read:\n%s", reply)
	}
}

// Orders sent while the game is paused are kept for after RESUME.
func TestOrdersDuringPause(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	if _, err := f.j.Master(ctx, "roma", "PAUSE"); err != nil {
		t.Fatal(err)
	}
	reply := f.order("france", "A Par-Bur")
	mustContain(t, "paused", reply, "ok: A par - bur")
	if _, err := f.j.Master(ctx, "roma", "RESUME"); err != nil {
		t.Fatal(err)
	}
	reply = f.order("france", "A Mar-Spa")
	mustContain(t, "resumed", reply, "A par - bur", "A mar - spa", "Still missing: F bre")
}

// The master of an Italian game is answered in Italian, refusals too.
func TestMasterInItalian(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Language = "italian" })
	reply := f.send("gm@x.test", "CREATE milano Arbitro-2026\nlanguage italian\ntimezone Europe/Rome")
	mustContain(t, "create", reply, "Partita milano creata")
	reply = f.send("gm@x.test", "SIGNON master@milano Arbitro-2026\nEXTEND\nSTART")
	mustContain(t, "master", reply, "Collegato come arbitro di milano", "Rifiutato: la partita milano è in formazione", "la partita milano non può cominciare: nessun giocatore per")
}

// The master's power names are exact everywhere, as in SEAT: a misspelt
// one is refused with the valid ones, never read as the nearest.
func TestMasterPowerNamesExactEverywhere(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	for _, cmd := range []string{"BECOME prussia", "DECLARE WINNER prussia", "EDIT ADD prussia A boh -- test", "EDIT CENTRE bel prussia -- test"} {
		reply, _ := f.j.Master(ctx, "roma", cmd)
		mustContain(t, cmd, reply, `"prussia" is not a power of game roma`)
	}
	reply, _ := f.j.Master(ctx, "roma", "EDIT CENTRE bel Francia -- a ruling")
	mustContain(t, "Italian name", reply, "the centre bel given to France")
}

// A phase nobody ordered says so, with no empty heading; every mail
// answered is one log line.
func TestNoOrdersAndTheLogLine(t *testing.T) {
	f := newFixture(t, nil)
	var log strings.Builder
	f.j.Log = slog.New(slog.NewTextHandler(&log, nil))
	f.send("fan@x.test", "STATUS roma")
	if n := strings.Count(log.String(), `msg="mail answered"`); n != 1 || !strings.Contains(log.String(), "from=fan@x.test") {
		t.Errorf("%d log lines for one mail:\n%s", n, log.String())
	}
	f.clk.advance(12 * time.Hour)
	f.tick()
	mustContain(t, "results", f.lastResults(), "Orders: none.\n")
}

// A deadline schedule that never falls due is refused when set (issue 11.10).
func TestNeverFiringScheduleRefused(t *testing.T) {
	set := withDeadlines(DefaultSettings(), diplomacy.Kind{})
	set.Set("movement", "0 20 30 2 *")
	if err := set.Validate(diplomacyCalendar); err == nil || !strings.Contains(err.Error(), `movement deadline "0 20 30 2 *" never falls due`) {
		t.Errorf("Validate = %v", err)
	}
	set.Set("movement", "0 20 29 2 *") // every four years: it does
	if err := set.Validate(diplomacyCalendar); err != nil {
		t.Errorf("Validate = %v", err)
	}
}

// One sign-on a mail: a mail cannot try passwords by the thousand, nor
// learn which worked. A forged From with a Reply-To never gets the
// player's confirmation: it goes to the registered address (issue 11.5, 11.7).
func TestOneSignonAndConfirmationToTheSeat(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("stranger@x.test", "SIGNON france@roma guess1\nSIGNON france@roma pw-france\nA Par-Bur")
	mustContain(t, "two sign-ons", reply, "Refused: one sign-on a mail")
	if strings.Contains(reply, "ok: A par") || strings.Contains(reply, "Signed on") {
		t.Errorf("the second sign-on was tried:\n%s", reply)
	}
	raw := "From: " + addr("france") + "\nReply-To: forger@evil.test\nSubject: orders\nMessage-ID: <forged@p>\n\nSIGNON france@roma pw-france\nA Par-Pic"
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		t.Fatal(err)
	}
	raw = "From: " + addr("france") + "\nReply-To: forger@evil.test\nSubject: orders\nMessage-ID: <guess@p>\n\nSIGNON france@roma guess\nA Par-Pic"
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		t.Fatal(err)
	}
	replies := 0
	for _, m := range f.outbox() {
		if m.InReplyTo == "forged@p" || m.InReplyTo == "guess@p" {
			replies++
			if m.Recipient != addr("france") {
				t.Errorf("the reply to %s went to %s", m.InReplyTo, m.Recipient)
			}
		}
	}
	if replies != 2 {
		t.Errorf("%d replies, want 2", replies)
	}
}

// After a ROLLBACK, a mail written before it is still late: the phase it
// was written for is not the one the game is at again.
func TestLateMailAfterRollback(t *testing.T) {
	f := newFixture(t, nil)
	f.processS1901()
	written := f.clk.now().Add(time.Hour) // during Fall 1901
	f.clk.advance(2 * time.Hour)
	if reply, err := f.j.Master(context.Background(), "roma", "ROLLBACK S1901M"); err != nil {
		t.Fatal(err, reply)
	}
	reply := f.mailDated(addr("england"), written, "SIGNON england@roma pw-england\nF Lon-Eng")
	mustContain(t, "a fall mail read after the rollback", reply, "came too late for it")
	if strings.Contains(reply, "ok: F lon") {
		t.Errorf("applied to the phase rolled back to:\n%s", reply)
	}
}

// Orders sent ahead survive a player's SET ADDRESS, go with the seat when
// it changes hands, and their report tells of lines passed over.
func TestOrdersAheadAndTheSeat(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range powers {
		f.order(p, openings[p])
	}
	f.order("france", "PHASE F1901M\nA Bur-Mun\nSee you in the fall")
	f.order("france", "SET ADDRESS francesca@home.test")
	f.order("italy", "PHASE F1901M\nA Ven-Tri")
	if reply, err := f.j.Master(context.Background(), "roma", "REPLACE italy nuovo@x.test"); err != nil || !strings.Contains(reply, "now played by") {
		t.Fatal(err, reply)
	}
	f.clk.advance(12 * time.Hour)
	f.tick()
	mustContain(t, "France's report", f.lastMail("ahead", "francesca@home.test"), "ok: A bur - mun", `not read as an order: "See you in the fall"`)
	if m := f.lastMail("ahead", "nuovo@x.test") + f.lastMail("ahead", addr("italy")); m != "" {
		t.Errorf("the old player's orders were read for the new one:\n%s", m)
	}
}

// holds are orders for every unit of a power's start to hold.
func holds(power string) string {
	v := standard.Variant()
	var lines []string
	for _, u := range v.StartUnits {
		if v.Powers[u.Power].ID == power {
			lines = append(lines, v.UnitText(u)+" H")
		}
	}
	return strings.Join(lines, "\n")
}

// A mail that makes a phase ready processes that phase once: orders sent
// ahead that make the next phase ready do not process it in the same
// mail, however the mail's lines are ordered (found in review).
func TestEarlyProcessingOnePhaseAMail(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range powers {
		f.order(p, "SET NOWAIT\nPHASE F1901M\n"+holds(p))
		if p != "france" {
			f.order(p, holds(p))
		}
	}
	f.order("france", "A par H\nSET NOWAIT\nA mar H\nF bre H")
	if g := f.game(); g.Phase != "F1901M" {
		t.Errorf("after one mail the game is at %s, want F1901M", g.Phase)
	}
}

// Builds a power could not make (no free home centre) are not said to be
// left unordered (found in review).
func TestNoUnorderedBuildsWithoutRoom(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range powers {
		f.order(p, holds(p))
	}
	f.clk.advance(12 * time.Hour)
	f.tick()
	ctx := context.Background()
	for _, c := range []string{"EDIT CENTRE bel france -- test", "EDIT CENTRE hol france -- test", "EDIT REMOVE kie -- test"} {
		if reply, err := f.j.Master(ctx, "roma", c); err != nil || !strings.Contains(reply, "Done") {
			t.Fatal(err, reply)
		}
	}
	for _, p := range powers {
		f.order(p, holds(p))
	}
	f.clk.advance(24 * time.Hour)
	f.tick()
	if g := f.game(); g.Phase != "W1901A" {
		t.Fatalf("phase %s", g.Phase)
	}
	f.clk.advance(24 * time.Hour)
	f.tick()
	res := f.lastResults()
	mustContain(t, "winter results", res, "Builds not ordered, and so not made: Germany 1.")
	if strings.Contains(res, "France 2") {
		t.Errorf("France, with no free home centre, is said to have left builds unordered:\n%s", res)
	}
}
