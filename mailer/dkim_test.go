package mailer

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
)

// keys is a DNS of DKIM keys for tests: TXT records by name, and names
// whose lookup fails as a DNS that does not answer does.
type keys struct {
	txt  map[string]string
	down map[string]bool
}

func (k *keys) lookup(_ context.Context, name string) ([]string, error) {
	if k.down[name] {
		return nil, &net.DNSError{Err: "server misbehaving", Name: name, IsTemporary: true}
	}
	if t, ok := k.txt[name]; ok {
		return []string{t}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

// publish makes a key for domain under selector "sel" and returns it.
func (k *keys) publish(t *testing.T, domain string, rsaKey bool) crypto.Signer {
	t.Helper()
	var signer crypto.Signer
	var record string
	if rsaKey {
		key, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			t.Fatal(err)
		}
		der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		signer, record = key, "v=DKIM1; k=rsa; p="+base64.StdEncoding.EncodeToString(der)
	} else {
		pub, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		signer, record = key, "v=DKIM1; k=ed25519; p="+base64.StdEncoding.EncodeToString(pub)
	}
	if k.txt == nil {
		k.txt = map[string]string{}
	}
	k.txt["sel._domainkey."+domain] = record
	return signer
}

func sign(t *testing.T, mail string, domain string, key crypto.Signer) string {
	t.Helper()
	var b bytes.Buffer
	err := dkim.Sign(&b, strings.NewReader(strings.ReplaceAll(strings.ReplaceAll(mail, "\r\n", "\n"), "\n", "\r\n")), &dkim.SignOptions{
		Domain: domain, Selector: "sel", Signer: key,
		HeaderKeys: []string{"From", "To", "Subject", "Date", "Message-ID"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The judge's own DKIM check: a pass only for a valid signature of the
// From's organisational domain; the key comes from a DNS given to it,
// here a fake one (issue 11.7).
func TestDKIMVerify(t *testing.T) {
	dns := &keys{down: map[string]bool{"sel._domainkey.down.test": true}}
	players := dns.publish(t, "players.test", false)
	playersRSA := dns.publish(t, "mail.players.test", true)
	other := dns.publish(t, "other.test", false)
	suffix := dns.publish(t, "co.uk", false)
	down := dns.publish(t, "down.test", false)
	_, unpublished, err := ed25519.GenerateKey(rand.Reader) // a key in no DNS
	if err != nil {
		t.Fatal(err)
	}
	mail := func(from string) string {
		return "From: Francesca <" + from + ">\nTo: judge@corriere.test\nSubject: orders\nMessage-ID: <1@x>\nDate: Mon, 23 Nov 2026 09:00:00 +0000\n\nSIGNON france@roma pw\nA Par-Bur\n"
	}
	for _, c := range []struct {
		name, raw, from, dkim, note string
	}{
		{"signed", sign(t, mail("f@players.test"), "players.test", players), "f@players.test", "pass", "d=players.test pass"},
		{"signed by the parent domain", sign(t, mail("f@mail.players.test"), "players.test", players), "f@mail.players.test", "pass", "d=players.test pass"},
		{"signed by a subdomain, RSA", sign(t, mail("f@players.test"), "mail.players.test", playersRSA), "f@players.test", "pass", "d=mail.players.test pass"},
		{"tampered", strings.Replace(sign(t, mail("f@players.test"), "players.test", players), "A Par-Bur", "A Par-Pic", 1), "f@players.test", "fail", "body hash did not verify"},
		{"From changed", strings.Replace(sign(t, mail("f@players.test"), "players.test", players), "Francesca", "Francesco", 1), "f@players.test", "fail", "signature did not verify"},
		{"unsigned", strings.ReplaceAll(mail("f@players.test"), "\n", "\r\n"), "f@players.test", "none", "no DKIM signature"},
		{"another domain", sign(t, mail("f@players.test"), "other.test", other), "f@players.test", "policy", "d=other.test pass, not players.test"},
		{"a public suffix", sign(t, mail("f@example.co.uk"), "co.uk", suffix), "f@example.co.uk", "policy", "not example.co.uk"},
		{"DNS down", sign(t, mail("f@down.test"), "down.test", down), "f@down.test", "temperror", "key unavailable"},
		{"no key published", sign(t, mail("f@nokey.test"), "nokey.test", unpublished), "f@nokey.test", "permerror", "no key for signature"},
		{"a second From", "From: f@players.test\r\n" + sign(t, mail("x@other.test"), "other.test", other), "f@players.test", "fail", "2 From fields"},
		{"no From", "Subject: x\r\n\r\nx\r\n", "", "permerror", "no From address"},
	} {
		v, err := (&DKIMVerifier{LookupTXT: dns.lookup}).Verify(context.Background(), []byte(c.raw), c.from)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if v.DKIM != c.dkim || !strings.Contains(v.Note, c.note) || v.DMARC != "" || v.SPF != "" {
			t.Errorf("%s: verdict %q, want dkim=%s with a note saying %q", c.name, v, c.dkim, c.note)
		}
		if (v.DKIM == "pass") != v.Passes() || (v.DKIM == "fail") != v.Fails() {
			t.Errorf("%s: %q passes %v, fails %v", c.name, v, v.Passes(), v.Fails())
		}
	}
	// One valid signature of the From's domain is enough, whatever others say.
	both := sign(t, sign(t, mail("f@players.test"), "other.test", other), "players.test", players)
	if v, _ := (&DKIMVerifier{LookupTXT: dns.lookup}).Verify(context.Background(), []byte(both), "f@players.test"); v.DKIM != "pass" {
		t.Errorf("two signatures: %q", v)
	}
}

// A DNS that does not answer holds the judge for the timeout at most:
// the verdict is then a temperror, with an error that says so.
func TestDKIMVerifyTimeout(t *testing.T) {
	dns := &keys{}
	key := dns.publish(t, "players.test", false)
	raw := sign(t, "From: f@players.test\nSubject: x\n\nSIGNON france@roma pw\n", "players.test", key)
	hang := func(ctx context.Context, name string) ([]string, error) {
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond) // a lookup slow even to give up
		return nil, ctx.Err()
	}
	start := time.Now()
	v, err := (&DKIMVerifier{LookupTXT: hang, Timeout: 100 * time.Millisecond}).Verify(context.Background(), []byte(raw), "f@players.test")
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v for a timeout of 100ms", took)
	}
	if v.DKIM != "temperror" || v.Passes() || v.Fails() {
		t.Errorf("verdict %q", v)
	}
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "verify DKIM of players.test") {
		t.Errorf("error %v", err)
	}
}

func TestFromFields(t *testing.T) {
	for raw, want := range map[string]int{
		"From: a@x\r\nSubject: s\r\n\r\nFrom: in the body\r\n": 1,
		"from : a@x\nFROM:b@x\n\n":                             2,
		"Subject: s\r\n X-From: folded\r\n\r\n":                0,
		"Reply-To: a@x\nFrom: a@x":                             1,
	} {
		if got := fromFields([]byte(raw)); got != want {
			t.Errorf("%q: %d From fields, want %d", raw, got, want)
		}
	}
}

func TestAligned(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"players.test", "players.test", true},
		{"mail.players.test", "players.test", true},
		{"a.players.test", "b.players.test", true},
		{"Players.Test.", "players.test", true},
		{"players.test", "other.test", false},
		{"example.co.uk", "mail.example.co.uk", true},
		{"co.uk", "example.co.uk", false},
		{"example.org", "example.net", false},
		{"", "players.test", false},
	} {
		if got := aligned(c.a, c.b); got != c.want {
			t.Errorf("aligned(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
