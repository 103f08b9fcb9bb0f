package mailer

import "testing"

// The verdict is read from the trusted server's Authentication-Results
// only, never from one a sender wrote under another id (issue 11.7).
func TestAuth(t *testing.T) {
	raw := "Authentication-Results: mx.corriere.test;\r\n dkim=pass header.d=players.test;\r\n spf=fail smtp.mailfrom=f@players.test;\r\n dmarc=pass header.from=players.test\r\n" +
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

// A result the server gives about another domain than the From's (a
// forger's own signature or envelope) is "policy": it neither confirms
// nor accuses the From. Comments, which may hold ';', are no results.
func TestAuthAlignment(t *testing.T) {
	for _, c := range []struct {
		name, field string
		want        Verdict
		pass, fail  bool
	}{
		{"OpenDKIM's comment", "mx.corriere.test; dkim=pass (1024-bit key; unprotected) header.d=players.test header.i=@players.test header.b=abc",
			Verdict{DKIM: "pass"}, true, false},
		{"Gmail's header.i", "mx.corriere.test; dkim=pass header.i=@mail.players.test header.s=s; spf=pass (google.com: domain of f@players.test designates 1.2.3.4 as permitted sender) smtp.mailfrom=f@players.test",
			Verdict{DKIM: "pass", SPF: "pass"}, true, false},
		{"a forger's own domain", "mx.corriere.test; dkim=pass header.d=evil.test; spf=pass smtp.mailfrom=x@evil.test; dmarc=none header.from=players.test",
			Verdict{DMARC: "none", DKIM: "policy", SPF: "policy", Note: "dkim=pass for evil.test, spf=pass for evil.test, not players.test"}, false, false},
		{"DMARC of another From", "mx.corriere.test; dmarc=pass header.from=evil.test",
			Verdict{DMARC: "policy", Note: "dmarc=pass for evil.test, not players.test"}, false, false},
		{"a failure of another domain", "mx.corriere.test; dkim=fail header.d=list.test; spf=pass smtp.mailfrom=players.test",
			Verdict{DKIM: "policy", SPF: "pass", Note: "dkim=fail for list.test, not players.test"}, true, false},
		{"a failure of the From's domain", "mx.corriere.test; dkim=fail header.d=players.test; spf=none smtp.helo=mx.evil.test",
			Verdict{DKIM: "fail", SPF: "policy", Note: "spf=none for mx.evil.test, not players.test"}, false, true},
		{"SPF excludes the server", "mx.corriere.test; spf=fail smtp.mailfrom=f@players.test",
			Verdict{SPF: "fail"}, false, true},
		{"softfail proves nothing", "mx.corriere.test; spf=softfail smtp.mailfrom=f@players.test",
			Verdict{SPF: "softfail"}, false, false},
		{"DMARC passes", "mx.corriere.test; dmarc=pass (p=reject) header.from=players.test",
			Verdict{DMARC: "pass"}, true, false},
		{"no domain named", "mx.corriere.test; dkim=pass; spf=fail",
			Verdict{DKIM: "pass", SPF: "fail"}, true, false},
		{"a quoted ';'", `mx.corriere.test; dkim=pass header.d="players.test" x="a;b"; spf=pass smtp.mailfrom=players.test`,
			Verdict{DKIM: "pass", SPF: "pass"}, true, false},
	} {
		m, err := Parse([]byte("Authentication-Results: " + c.field + "\r\nFrom: Francesca <f@players.test>\r\nSubject: x\r\n\r\nbody\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		v, ok := m.Auth("mx.corriere.test")
		if !ok || v != c.want || v.Passes() != c.pass || v.Fails() != c.fail {
			t.Errorf("%s: verdict %+v (passes %v, fails %v), want %+v (%v, %v)", c.name, v, v.Passes(), v.Fails(), c.want, c.pass, c.fail)
		}
	}
}

// Fails is the judge's sender_check not_failed: only a verdict that
// shows the From forged.
func TestVerdictFails(t *testing.T) {
	for _, c := range []struct {
		v    Verdict
		fail bool
	}{
		{Verdict{DMARC: "fail", DKIM: "pass", SPF: "pass"}, true},
		{Verdict{DKIM: "fail"}, true},
		{Verdict{DKIM: "fail", SPF: "pass"}, false},
		{Verdict{DKIM: "none", SPF: "fail"}, true},
		{Verdict{DKIM: "fail", SPF: "softfail"}, true},
		{Verdict{DKIM: "none", SPF: "softfail"}, false},
		{Verdict{DKIM: "temperror"}, false},
		{Verdict{DKIM: "policy", SPF: "policy"}, false},
		{Verdict{}, false},
	} {
		if c.v.Fails() != c.fail {
			t.Errorf("%v fails %v", c.v, c.v.Fails())
		}
	}
	if s := (Verdict{DKIM: "pass", Note: "d=players.test pass"}).String(); s != "dmarc=none dkim=pass spf=none (d=players.test pass)" {
		t.Errorf("String %q", s)
	}
}

func TestUncomment(t *testing.T) {
	for in, want := range map[string]string{
		"a (b; c) d":        "a   d",
		"a (b (c) d) e":     "a   e",
		`a "(not; one)" b`:  `a "(not; one)" b`,
		`a (b \) c) d`:      "a   d",
		`a "q\"(" (x) b`:    `a "q\"("   b`,
		"a (unclosed; x":    "a ",
		"no comment at all": "no comment at all",
	} {
		if got := uncomment(in); got != want {
			t.Errorf("uncomment(%q) = %q, want %q", in, got, want)
		}
	}
}
