package judge

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
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
	fresh := &Judge{Store: f.j.Store, Now: f.j.Now, Log: f.j.Log}
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
