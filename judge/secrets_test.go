package judge

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// A mail's passwords are not kept in the database: blanked where written
// plainly, the body withheld where encoded or too short to find; an
// oversized mail keeps its header only (issue 11.6, 11.3).
func TestKeptRaw(t *testing.T) {
	head := "From: f@x\r\nSubject: orders\r\n\r\n"
	for _, c := range []struct {
		name, body    string
		oversized     bool
		want, wantNot string
	}{
		{"plain", "SIGNON france@roma pw-france\r\nA Par-Bur\r\n", false, "SIGNON france@roma ********", "pw-france"},
		{"create and set password", "CREATE milano Arbitro-2026\r\nSET PASSWORD Tr3no-per-Lione\r\n", false, "CREATE milano ********", "Tr3no"},
		{"encoded", "U0lHTk9OIGZyYW5jZUByb21hIHB3LWZyYW5jZQ==\r\n", false, "is not kept", "U0lHTk9O"},
		{"a guess too short to find", "SIGNON france@roma a\r\nA Par-Bur\r\n", false, "is not kept", "Par-Bur"},
		{"no password", "LIST\r\n", false, "LIST", "is not kept"},
		{"oversized", strings.Repeat("x", 100), true, "Subject: orders", "xxx"},
	} {
		raw := []byte(head + c.body)
		text := c.body
		if c.name == "encoded" {
			text = "SIGNON france@roma pw-france"
		}
		got := string(keptRaw(raw, scan(text, commands, testTable), c.oversized))
		if !strings.Contains(got, c.want) || strings.Contains(got, c.wantNot) {
			t.Errorf("%s: kept %q", c.name, got)
		}
	}
}

// A seat mail's password leaves the outbox once the mail is sent.
func TestSentPasswordsForgotten(t *testing.T) {
	f := newFixture(t, nil)
	if _, err := f.j.SeatPlayer(context.Background(), "roma", "france", "nuova@x.test", "", true); err != nil {
		t.Fatal(err)
	}
	if err := f.j.Flush(context.Background(), discard{}); err != nil {
		t.Fatal(err)
	}
	for _, m := range f.outbox() {
		if m.Kind == "seat" && (strings.Contains(m.Body, "SIGNON") || !strings.Contains(m.Body, "not kept")) {
			t.Errorf("a sent seat mail keeps its body:\n%s", m.Body)
		}
		if m.Kind == "results" || m.Kind == "start" {
			if strings.Contains(m.Body, "not kept") {
				t.Errorf("a %s mail lost its body", m.Kind)
			}
		}
	}
}

// discard is a Sender that takes every mail.
type discard struct{}

func (discard) Send(context.Context, string, []string, []byte) error { return nil }

// Replies to a stranger are few and short; to a player, more (issue 11.9).
func TestRepliesCapped(t *testing.T) {
	f := newFixture(t, nil)
	for i := range strangerReplies + 3 {
		reply := f.send("victim@else.test", fmt.Sprintf("HELP\nLIST %d", i))
		if (reply != "") != (i < strangerReplies) {
			t.Errorf("mail %d to a stranger: replied %v", i+1, reply != "")
		}
		if len(reply) > strangerReplySize+100 {
			t.Errorf("a reply of %d bytes to a stranger", len(reply))
		}
	}
	long := "HELP\n" + strings.Repeat("A Par-Bur\n", 2000)
	if reply := f.send("other@else.test", long); !strings.Contains(reply, "left out: it was too long") || len(reply) > strangerReplySize+100 {
		t.Errorf("a long reply to a stranger: %d bytes", len(reply))
	}
	for i := range strangerReplies + 3 {
		if reply := f.order("france", "A Par-Bur"); reply == "" {
			t.Fatalf("the player's mail %d got no reply", i+1)
		}
	}
	f.clk.advance(time.Hour)
	if reply := f.send("victim@else.test", "HELP\nLIST again"); reply == "" {
		t.Errorf("no reply an hour later")
	}
}

// Password guessing by mail is locked out: after a few refused sign-ons
// in an hour from one address, or many for one seat, sign-ons from other
// addresses are refused unread, and the seat's own player never is
// (issue 11.5).
func TestSignonLockout(t *testing.T) {
	f := newFixture(t, nil)
	for i := range senderFailures {
		f.send("guesser@evil.test", fmt.Sprintf("SIGNON france@roma guess%d", i))
	}
	reply := f.send("guesser@evil.test", "SIGNON france@roma pw-france")
	mustContain(t, "locked sender", reply, "too many refused sign-ons")
	if strings.Contains(reply, "password is right") {
		t.Errorf("a locked-out sender learnt the password was right:\n%s", reply)
	}
	for i := range seatFailures {
		f.send(fmt.Sprintf("g%d@evil.test", i), "SIGNON france@roma nope")
	}
	mustContain(t, "locked seat", f.send("another@evil.test", "SIGNON france@roma pw-france"), "too many refused sign-ons")
	mustContain(t, "the player", f.order("france", "A Par-Bur"), "ok: A par - bur")
	f.clk.advance(time.Hour)
	if reply := f.send("guesser@evil.test", "SIGNON france@roma nope"); strings.Contains(reply, "too many") {
		t.Errorf("still locked an hour later:\n%s", reply)
	}
}

// The same mail from an unknown address, sent again soon under a new
// Message-ID, is answered once; a player's is answered each time
// (issue 11.9).
func TestSameMailAnsweredOnce(t *testing.T) {
	f := newFixture(t, nil)
	if f.send("loop@else.test", "HELP") == "" {
		t.Fatal("no first reply")
	}
	if reply := f.send("loop@else.test", "HELP"); reply != "" {
		t.Errorf("the same mail answered again:\n%s", reply)
	}
	f.clk.advance(repeatWindow)
	if f.send("loop@else.test", "HELP") == "" {
		t.Error("not answered after the window")
	}
	for range 2 {
		if f.order("france", "A Par-Bur") == "" {
			t.Error("a player's same mail not answered")
		}
	}
}

// Where the operator trusts a receiving server's Authentication-Results,
// a sign-on whose From it did not confirm is refused, and the verdict is
// audited (issue 11.7).
func TestSenderCheck(t *testing.T) {
	f := newFixture(t, nil)
	f.j.AuthServID = "mx.corriere.test"
	mail := func(id, auth string) string {
		return f.handleRaw("From: " + addr("france") + "\n" + auth + "Subject: x\nMessage-ID: <" + id + ">\n\nSIGNON france@roma pw-france\nA Par-Bur")
	}
	for _, c := range []struct{ name, auth, want string }{
		{"no verdict", "", "could not confirm that this mail comes from france@players.test (no verdict from mx.corriere.test)"},
		{"dmarc fails", "Authentication-Results: mx.corriere.test; dkim=pass; spf=pass; dmarc=fail\n", "(dmarc=fail dkim=pass spf=pass)"},
		{"another server's", "Authentication-Results: evil.test; dkim=pass; spf=pass; dmarc=pass\n", "no verdict from mx.corriere.test"},
		{"confirmed", "Authentication-Results: mx.corriere.test; dkim=pass header.d=players.test; dmarc=pass\n", "ok: A par - bur"},
	} {
		mustContain(t, c.name, mail(c.name, c.auth), c.want)
	}
	mustContain(t, "audit", strings.Join(f.audit("roma"), "\n"), "sender check")
}

// A guesser who waits out the hour's lockout meets the day's: the
// lockouts grow (issue 11.5).
func TestSignonLockoutGrows(t *testing.T) {
	f := newFixture(t, nil)
	guess := func(i int) string { return f.send("guesser@evil.test", fmt.Sprintf("SIGNON france@roma guess%d", i)) }
	for i := range senderFailures {
		guess(i)
	}
	mustContain(t, "the first lockout", guess(99), "too many refused sign-ons in the last hour")
	f.clk.advance(time.Hour + time.Minute)
	for i := range senderFailures {
		mustContain(t, "after the hour", guess(i), "Refused")
	}
	mustContain(t, "the second lockout", guess(99), "too many refused sign-ons in the last day; try again tomorrow")
	f.clk.advance(2 * time.Hour)
	mustContain(t, "still the day's", f.send("guesser@evil.test", "SIGNON france@roma pw-france"), "try again tomorrow")
	f.clk.advance(22 * time.Hour)
	mustContain(t, "a day later", f.send("guesser@evil.test", "SIGNON france@roma pw-france"), "The password is right")
}
