package mailer

import "strings"

// maxAuthResults is how many Authentication-Results fields are kept: the
// trusted one is added by the receiving server, at the top.
const maxAuthResults = 8

// Verdict is what a receiving server found of a mail's sender, from its
// Authentication-Results field (RFC 8601): each method's result, such as
// "pass", "fail", "none", "" when the method was not reported.
type Verdict struct {
	DMARC, DKIM, SPF string
}

// Passes reports whether the sender is who the From says: DMARC does not
// fail, and DKIM or SPF passes.
func (v Verdict) Passes() bool {
	return v.DMARC != "fail" && (v.DKIM == "pass" || v.SPF == "pass")
}

// String writes the verdict for the audit: "dmarc=pass dkim=pass spf=none".
func (v Verdict) String() string {
	or := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	return "dmarc=" + or(v.DMARC) + " dkim=" + or(v.DKIM) + " spf=" + or(v.SPF)
}

// Auth returns the verdict of the Authentication-Results field that the
// server named servID wrote (the first, the top one, with that
// authserv-id, compared without case), and whether there is one. A field
// of another id, which anyone can write, is never read.
func (m *Message) Auth(servID string) (Verdict, bool) {
	for _, field := range m.authResults {
		parts := strings.Split(field, ";")
		id := strings.Fields(strings.TrimSpace(parts[0]))
		if len(id) == 0 || !strings.EqualFold(id[0], servID) {
			continue
		}
		var v Verdict
		for _, p := range parts[1:] {
			method, rest, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok {
				continue
			}
			result := strings.ToLower(strings.Fields(rest + " ")[0])
			switch strings.ToLower(strings.TrimSpace(method)) {
			case "dmarc":
				v.DMARC = result
			case "dkim":
				// One passing signature is enough.
				if v.DKIM != "pass" {
					v.DKIM = result
				}
			case "spf":
				v.SPF = result
			}
		}
		return v, true
	}
	return Verdict{}, false
}
