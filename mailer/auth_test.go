package mailer

import "testing"

// The verdict is read from the trusted server's Authentication-Results
// only, never from one a sender wrote under another id (issue 11.7).
func TestAuth(t *testing.T) {
	raw := "Authentication-Results: mx.corriere.test;\r\n dkim=pass header.d=players.test;\r\n spf=fail smtp.mailfrom=x;\r\n dmarc=pass header.from=players.test\r\n" +
		"Authentication-Results: evil.test; dkim=pass; spf=pass; dmarc=pass\r\n" +
		"From: f@players.test\r\nSubject: x\r\n\r\nbody\r\n"
	m, err := Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	v, ok := m.Auth("MX.corriere.test")
	if !ok || v != (Verdict{DMARC: "pass", DKIM: "pass", SPF: "fail"}) || !v.Passes() || v.String() != "dmarc=pass dkim=pass spf=fail" {
		t.Errorf("trusted verdict %+v %v", v, ok)
	}
	if _, ok := m.Auth("other.test"); ok {
		t.Error("a verdict from a server not named")
	}
	for _, c := range []struct {
		v    Verdict
		pass bool
	}{
		{Verdict{DMARC: "fail", DKIM: "pass", SPF: "pass"}, false},
		{Verdict{DKIM: "fail", SPF: "softfail"}, false},
		{Verdict{SPF: "pass"}, true},
		{Verdict{}, false},
	} {
		if c.v.Passes() != c.pass {
			t.Errorf("%v passes %v", c.v, c.v.Passes())
		}
	}
	forged, _ := Parse([]byte("Authentication-Results: mx.corriere.test; dmarc=fail\r\nFrom: f@players.test\r\n\r\nx"))
	if v, ok := forged.Auth("mx.corriere.test"); !ok || v.Passes() {
		t.Errorf("a failing verdict %+v %v", v, ok)
	}
}
