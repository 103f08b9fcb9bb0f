package judge

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// Each value of sender_check against the verdicts a sign-on may carry:
// confirmed takes only a confirmed From, not_failed refuses only one
// shown forged, off refuses nothing (issue 11.7).
func TestSenderCheckLevels(t *testing.T) {
	for _, c := range []struct {
		name string
		v    mailer.Verdict
		// refused under confirmed, not_failed, off
		confirmed, notFailed bool
	}{
		{"DKIM passes", mailer.Verdict{DKIM: "pass"}, false, false},
		{"SPF passes", mailer.Verdict{SPF: "pass", DKIM: "none"}, false, false},
		{"DMARC passes", mailer.Verdict{DMARC: "pass"}, false, false},
		{"DMARC fails", mailer.Verdict{DMARC: "fail", DKIM: "pass", SPF: "pass"}, true, true},
		{"DKIM fails", mailer.Verdict{DKIM: "fail"}, true, true},
		{"SPF fails, no signature", mailer.Verdict{DKIM: "none", SPF: "fail"}, true, true},
		{"DKIM fails, SPF passes", mailer.Verdict{DKIM: "fail", SPF: "pass"}, false, false},
		{"softfail", mailer.Verdict{SPF: "softfail"}, true, false},
		{"unsigned", mailer.Verdict{DKIM: "none"}, true, false},
		{"signed by another domain", mailer.Verdict{DKIM: "policy"}, true, false},
		{"DNS down", mailer.Verdict{DKIM: "temperror"}, true, false},
		{"no key", mailer.Verdict{DKIM: "permerror"}, true, false},
		{"no verdict", mailer.Verdict{}, true, false},
	} {
		for level, want := range map[string]bool{"": c.confirmed, "confirmed": c.confirmed, "not_failed": c.notFailed, "off": false} {
			set := Settings{SenderCheck: level}
			if got := set.senderCheck().refuses(c.v); got != want {
				t.Errorf("%s under %q: refused %v, want %v", c.name, level, got, want)
			}
		}
	}
	var set Settings
	for in, want := range map[string]string{"Not-Failed": "not_failed", "OFF": "off", " confirmed ": "confirmed"} {
		if err := set.SetSenderCheck(in); err != nil || set.SenderCheck != want {
			t.Errorf("SetSenderCheck(%q): %q, %v", in, set.SenderCheck, err)
		}
	}
	if err := set.SetSenderCheck("strict"); err == nil || err.Error() != `sender_check "strict": expected confirmed, not_failed or off` {
		t.Errorf("a bad value: %v", err)
	}
	bad := DefaultSettings()
	bad.SenderCheck = "Off"
	if err := bad.Validate(nil); err == nil {
		t.Error("a stored value the judge does not know is valid")
	}
}

// dnsKeys is a DNS of DKIM keys for tests: TXT records by name; a name in
// down fails as a DNS that does not answer does.
type dnsKeys struct {
	txt  map[string]string
	down map[string]bool
}

func (d *dnsKeys) lookup(_ context.Context, name string) ([]string, error) {
	if d.down[name] {
		return nil, &net.DNSError{Err: "server misbehaving", Name: name, IsTemporary: true}
	}
	if t, ok := d.txt[name]; ok {
		return []string{t}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// publish makes a key for domain under the selector "sel".
func (d *dnsKeys) publish(t *testing.T, domain string) ed25519.PrivateKey {
	t.Helper()
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	d.txt["sel._domainkey."+domain] = "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
	return key
}

// dkimFixture is the game roma on a judge that checks DKIM itself, with
// keys for players.test (the players' domain), other.test and down.test
// (whose DNS does not answer).
func dkimFixture(t *testing.T) (*fixture, map[string]ed25519.PrivateKey) {
	t.Helper()
	f := newFixture(t, nil)
	dns := &dnsKeys{txt: map[string]string{}, down: map[string]bool{"sel._domainkey.down.test": true}}
	keys := map[string]ed25519.PrivateKey{}
	for _, d := range []string{"players.test", "other.test", "down.test"} {
		keys[d] = dns.publish(t, d)
	}
	f.j.Verifier = &mailer.DKIMVerifier{LookupTXT: dns.lookup, Timeout: 5 * time.Second}
	return f, keys
}

// signed is a mail from from with body, signed for domain with key (nil:
// unsigned), CRLF throughout.
func (f *fixture) signed(from, body, domain string, key ed25519.PrivateKey) string {
	f.t.Helper()
	f.n++
	raw := "From: " + from + "\r\nTo: judge@corriere.test\r\nSubject: orders\r\nMessage-ID: <dkim" + fmt.Sprint(f.n) + "@players.test>\r\n" +
		"Date: " + f.clk.now().Format(time.RFC1123Z) + "\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
	if key == nil {
		return raw
	}
	var b bytes.Buffer
	if err := dkim.Sign(&b, strings.NewReader(raw), &dkim.SignOptions{Domain: domain, Selector: "sel", Signer: key}); err != nil {
		f.t.Fatal(err)
	}
	return b.String()
}

// handleExact hands the judge a mail whose bytes must not change (a
// signed one) and returns the reply to it.
func (f *fixture) handleExact(raw string) string {
	f.t.Helper()
	before := len(f.outbox())
	if err := f.j.Handle(context.Background(), []byte(raw)); err != nil {
		f.t.Fatal(err)
	}
	for _, m := range f.outbox()[before:] {
		if m.Kind == "reply" {
			return m.Body
		}
	}
	return ""
}

// The judge checks DKIM itself where the operator asks it to (verify_dkim):
// a mail signed by the From's domain signs on; one changed on the way,
// unsigned, or signed by another domain does not under the default
// sender_check, and only the changed one is refused under not_failed. An
// unanswering DNS refuses under confirmed and passes under not_failed.
// Every verdict is audited with its source.
func TestSenderCheckDKIM(t *testing.T) {
	f, keys := dkimFixture(t)
	from := addr("france")
	orders := "SIGNON france@roma pw-france\nA Par-Bur\n"
	tampered := func() string {
		return strings.Replace(f.signed(from, orders, "players.test", keys["players.test"]), "A Par-Bur", "A Par-Pic", 1)
	}
	cases := []struct {
		name string
		mail func() string // a new one each time: its Message-ID is signed
		// the reply's words under confirmed, then under not_failed
		confirmed, notFailed []string
	}{
		{"signed", func() string { return f.signed(from, orders, "players.test", keys["players.test"]) },
			[]string{"Signed on as France", "ok: A par - bur"}, []string{"Signed on as France"}},
		{"tampered", tampered,
			[]string{"Refused: the judge's check of the DKIM signature could not confirm that this mail comes from france@players.test (dmarc=none dkim=fail spf=none (d=players.test fail: body hash did not verify))", "SET SENDER_CHECK not_failed"},
			[]string{"Refused: the judge's check of the DKIM signature found that this mail does not come from france@players.test (", "dkim=fail"}},
		{"unsigned", func() string { return f.signed(from, orders, "", nil) },
			[]string{"could not confirm", "dkim=none", "no DKIM signature", "takes a sign-on only from a confirmed sender"}, []string{"Signed on as France"}},
		{"another domain", func() string { return f.signed(from, orders, "other.test", keys["other.test"]) },
			[]string{"could not confirm", "dkim=policy", "d=other.test pass, not players.test"}, []string{"Signed on as France"}},
		{"DNS down", func() string {
			// A wrong password, another each time: a stranger's same mail
			// again would not be answered.
			return f.signed("france@down.test", strings.Replace(orders, "pw-france", fmt.Sprint("pw-", f.n), 1), "down.test", keys["down.test"])
		}, []string{"could not confirm", "dkim=temperror", "key unavailable"}, []string{"Refused: this address and password are not those of France"}},
	}
	for _, level := range []string{"confirmed", "not_failed"} {
		if _, err := f.j.Master(context.Background(), "roma", "SET SENDER_CHECK "+level); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			want := c.confirmed
			if level == "not_failed" {
				want = c.notFailed
			}
			mustContain(t, level+": "+c.name, f.handleExact(c.mail()), want...)
		}
	}
	audit := strings.Join(f.audit("roma"), "\n")
	mustContain(t, "audit", audit,
		"france@players.test sender check judge DKIM check: dmarc=none dkim=pass spf=none (d=players.test pass); sender_check confirmed: accepted",
		"sender check judge DKIM check: dmarc=none dkim=fail spf=none (d=players.test fail: body hash did not verify); sender_check not_failed: refused",
		"france@down.test sender check judge DKIM check: dmarc=none dkim=temperror spf=none (d=down.test temperror: key unavailable: lookup sel._domainkey.down.test: server misbehaving); sender_check not_failed: accepted",
		"dkim=none spf=none (no DKIM signature); sender_check confirmed: refused")
	// Under off the forged mail passes, and is audited all the same.
	if _, err := f.j.Master(context.Background(), "roma", "SET SENDER_CHECK off"); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "off", f.handleExact(tampered()), "Signed on as France", "ok: A par - pic")
	mustContain(t, "audit under off", strings.Join(f.audit("roma"), "\n"), "sender_check off: accepted")
}

// The refusal is in the player's language, and so is what is expected.
func TestSenderCheckRefusalInItalian(t *testing.T) {
	f, keys := dkimFixture(t)
	body := "Ciao arbitro, ecco i miei ordini per questo turno.\nSIGNON france@roma pw-france\nA Par-Bur\n"
	reply := f.handleExact(f.signed(addr("france"), body, "other.test", keys["other.test"]))
	mustContain(t, "confirmed", reply, "Rifiutato: la verifica della firma DKIM fatta dal giudice non ha potuto confermare che questa mail venga da france@players.test (",
		"la partita roma accetta un collegamento solo da un mittente confermato", "chiedi all'arbitro di usare SET SENDER_CHECK not_failed")
	if _, err := f.j.Master(context.Background(), "roma", "SET SENDER_CHECK not_failed"); err != nil {
		t.Fatal(err)
	}
	raw := strings.Replace(f.signed(addr("france"), body, "players.test", keys["players.test"]), "A Par-Bur", "A Par-Pic", 1)
	mustContain(t, "not_failed", f.handleExact(raw), "Rifiutato: la verifica della firma DKIM fatta dal giudice ha trovato che questa mail non viene da france@players.test", "il mittente è falso")
}

// countingVerifier counts its calls and tries the database meanwhile: a
// verifier that may wait on the DNS must never run inside the mail's
// transaction, which would hold every other writer up.
type countingVerifier struct {
	st    *store.Store
	calls int
	err   error // of the database, tried during the call
}

func (c *countingVerifier) Verify(ctx context.Context, raw []byte, from string) (mailer.Verdict, error) {
	c.calls++
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	c.err = errors.Join(c.err, c.st.Tx(ctx, func(*store.Tx) error { return nil }))
	return mailer.Verdict{DKIM: "pass", Note: "d=players.test pass"}, nil
}

// Where the receiving server wrote a verdict it is the one used: it saw
// SPF and DMARC, which the judge cannot check. The judge's own check is
// used where the server wrote none, only for a mail that signs on, and
// outside the mail's transaction; a failure of the check is a temperror.
func TestSenderVerdictSource(t *testing.T) {
	f := newFixture(t, nil)
	v := &countingVerifier{st: f.j.Store}
	f.j.AuthServID, f.j.Verifier = "mx.corriere.test", v
	mail := func(auth, body string) string {
		f.n++
		return f.handleRaw("From: " + addr("france") + "\n" + auth + "Subject: x\nMessage-ID: <src" + fmt.Sprint(f.n) + ">\n\n" + body)
	}
	orders := "SIGNON france@roma pw-france\nA Par-Bur"
	mustContain(t, "the server's verdict", mail("Authentication-Results: mx.corriere.test; dkim=fail header.d=players.test; spf=fail smtp.mailfrom=players.test\n", orders),
		"Refused: the receiving mail server could not confirm that this mail comes from france@players.test (dmarc=none dkim=fail spf=fail)")
	mail("", "LIST")
	if v.calls != 0 {
		t.Errorf("the judge checked DKIM %d times: where the server gave a verdict, or for a mail without a sign-on", v.calls)
	}
	// An auto-reply quoting a sign-on is passed over: no check for it.
	mail("Auto-Submitted: auto-replied\n", orders)
	if v.calls != 0 {
		t.Errorf("the judge checked DKIM for an auto-reply")
	}
	mustContain(t, "the judge's verdict", mail("Authentication-Results: evil.test; dmarc=pass\n", orders), "Signed on as France", "ok: A par - bur")
	if v.calls != 1 || v.err != nil {
		t.Errorf("%d checks; the database during the check: %v", v.calls, v.err)
	}
	mustContain(t, "audit", strings.Join(f.audit("roma"), "\n"),
		"sender check server mx.corriere.test: dmarc=none dkim=fail spf=fail; sender_check confirmed: refused",
		"sender check judge DKIM check: dmarc=none dkim=pass spf=none (d=players.test pass); sender_check confirmed: accepted")

	// A verifier that cannot finish gives a temperror: refused under
	// confirmed, as no proof.
	f.j.AuthServID = ""
	f.j.Verifier = &mailer.DKIMVerifier{Timeout: 50 * time.Millisecond, LookupTXT: func(ctx context.Context, _ string) ([]string, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	key := (&dnsKeys{txt: map[string]string{}}).publish(t, "players.test")
	reply := f.handleExact(f.signed(addr("france"), orders, "players.test", key))
	mustContain(t, "timeout", reply, "could not confirm", "dkim=temperror")
}

// The master's sign-on is checked as the players' are, under the game's
// sender_check: the master's password and address are no more than a
// player's. The setting is made at CREATE, changed by SET SENDER_CHECK
// (announced to the players), and shown with the other settings.
func TestSenderCheckSetting(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("gm@x.test", "CREATE milano s3cret-gm\nsender_check not_failed\n")
	mustContain(t, "create", reply, "Game milano created", "Sender check: not_failed (a sign-on is refused only from a sender shown to be forged).")
	mustContain(t, "bad value", f.send("gm@x.test", "CREATE napoli s3cret-gm\nsender-check strict\n"), `sender_check "strict": expected confirmed, not_failed or off. The game was not created.`)

	f.j.AuthServID = "mx.corriere.test"
	master := func(auth, body string) string {
		f.n++
		return f.handleRaw("From: gm@x.test\n" + auth + "Subject: x\nMessage-ID: <gm" + fmt.Sprint(f.n) + ">\n\nSIGNON master@milano s3cret-gm\n" + body)
	}
	const forged = "Authentication-Results: mx.corriere.test; dmarc=fail header.from=x.test\n"
	mustContain(t, "a forged master", master(forged, "TERMINATE"), "Refused: the receiving mail server found that this mail does not come from gm@x.test (dmarc=fail dkim=none spf=none)")
	if g := f.milano(); g.State == store.Finished {
		t.Fatal("a forged master's mail ended the game")
	}
	// Unconfirmed is not forged: the master signs on under not_failed.
	reply = master("", "SET SENDER_CHECK confirmed\nSET SENDER_CHECK lax\nSET SENDER_CHECK")
	mustContain(t, "set", reply, "Signed on as the game master of milano",
		"> SET SENDER_CHECK confirmed\n  Done. Sender check: confirmed (a sign-on is taken only from a sender that the mail's DKIM signature, SPF or DMARC confirms).",
		"> SET SENDER_CHECK lax\n  Refused: expected SET SENDER_CHECK confirmed, not_failed or off.",
		"> SET SENDER_CHECK\n  Expected SET DEADLINE <YYYY-MM-DD HH:MM>, SET GRACE <duration> or SET SENDER_CHECK confirmed|not_failed|off.")
	mustContain(t, "now confirmed", master("", "START"), "Refused: the receiving mail server could not confirm that this mail comes from gm@x.test (no verdict from mx.corriere.test)")
	mustContain(t, "audit", strings.Join(f.audit("milano"), "\n"), "master set sender_check confirmed",
		"gm@x.test sender check server mx.corriere.test: no verdict from mx.corriere.test; sender_check confirmed: refused")

	// roma's players are told of a change, in their language; STATUS shows it.
	if _, err := f.j.Master(context.Background(), "roma", "SET SENDER_CHECK off"); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "announcement", f.lastMail("announce", addr("france")), "The game master has set the sender check to off: senders are recorded, never refused.")
	mustContain(t, "status", f.send("someone@x.test", "STATUS roma"), "Sender check: off (senders are recorded, never refused).")
}
