package mailer

import (
	"strings"

	"golang.org/x/net/publicsuffix"
)

// maxAuthResults is how many Authentication-Results fields are kept: the
// trusted one is added by the receiving server, at the top.
const maxAuthResults = 8

// Verdict is what was found of a mail's sender, by the receiving server
// (its Authentication-Results field, RFC 8601) or by the judge's own DKIM
// check: each method's result for the From's domain, such as "pass",
// "fail", "none", "temperror", or "" when the method was not reported.
// A result about another domain than the From's (a signature by
// another domain, the SPF of another envelope sender) is "policy": it
// neither confirms nor accuses the From.
type Verdict struct {
	DMARC, DKIM, SPF string
	// Note says what lies behind the results, for the audit and the
	// refusal: the domains that signed, why a signature did not verify.
	Note string
}

// Passes reports whether the verdict confirms the From: DMARC passes, or
// does not fail and DKIM or SPF passes for the From's domain.
func (v Verdict) Passes() bool {
	return v.DMARC == "pass" || v.DMARC != "fail" && (v.DKIM == "pass" || v.SPF == "pass")
}

// Fails reports whether the verdict shows the From forged: DMARC fails,
// or nothing passes and DKIM or SPF fails outright for the From's domain
// (a signature of that domain that does not verify, a server that
// domain's SPF excludes). SPF's softfail and neutral, an error (the DNS
// did not answer), a result about another domain, and no verdict at all
// prove nothing.
func (v Verdict) Fails() bool {
	return v.DMARC == "fail" || !v.Passes() && (v.DKIM == "fail" || v.SPF == "fail")
}

// String writes the verdict for the audit: "dmarc=pass dkim=pass
// spf=none", then the note in brackets.
func (v Verdict) String() string {
	or := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	s := "dmarc=" + or(v.DMARC) + " dkim=" + or(v.DKIM) + " spf=" + or(v.SPF)
	if v.Note != "" {
		s += " (" + v.Note + ")"
	}
	return s
}

// resultRank orders the results of one method given more than once (a
// mail with several signatures): one pass is enough; else a failure
// tells more than an error, an error more than a result about another
// domain.
var resultRank = map[string]int{"pass": 6, "fail": 5, "temperror": 4, "permerror": 3, "policy": 2, "neutral": 1, "softfail": 1}

// stronger is the result of a method reported as a and as b.
func stronger(a, b string) string {
	if resultRank[b] > resultRank[a] || a == "" {
		return b
	}
	return a
}

// Auth returns the verdict of the Authentication-Results field that the
// server named servID wrote (the first, the top one, with that
// authserv-id, compared without case), and whether there is one. A field
// of another id, which anyone can write, is never read.
//
// Where the server names the domain a result is about (DKIM's header.d
// or header.i, SPF's smtp.mailfrom or smtp.helo, DMARC's header.from),
// a result for a domain not aligned with the From's (see aligned) is
// "policy": a forger's own domain may pass DKIM and SPF. A result that
// names no domain is taken as the server wrote it.
func (m *Message) Auth(servID string) (Verdict, bool) {
	from := domainOf(m.From)
	for _, field := range m.authResults {
		// Comments go first: "(1024-bit key; unprotected)" holds a ';'.
		parts := strings.Split(uncomment(field), ";")
		id := strings.Fields(strings.TrimSpace(parts[0]))
		if len(id) == 0 || !strings.EqualFold(id[0], servID) {
			continue
		}
		var v Verdict
		var others []string
		for _, p := range parts[1:] {
			words := strings.Fields(p)
			if len(words) == 0 {
				continue
			}
			method, result, ok := strings.Cut(words[0], "=")
			if !ok {
				continue
			}
			method, result = strings.ToLower(method), strings.ToLower(result)
			props := map[string]string{}
			for _, w := range words[1:] {
				if k, val, ok := strings.Cut(w, "="); ok {
					props[strings.ToLower(k)] = strings.Trim(val, `"`)
				}
			}
			var about string
			match := aligned
			switch method {
			case "dmarc":
				// DMARC is about the From itself: its domain, exactly.
				about, match = props["header.from"], strings.EqualFold
			case "dkim":
				about = props["header.d"]
				if about == "" {
					about = domainOf(props["header.i"])
				}
			case "spf":
				about = domainOf(props["smtp.mailfrom"])
				if about == "" {
					about = props["smtp.helo"]
				}
			default:
				continue
			}
			if about != "" && !match(about, from) {
				others = append(others, method+"="+result+" for "+about)
				result = "policy"
			}
			switch method {
			case "dmarc":
				v.DMARC = stronger(v.DMARC, result)
			case "dkim":
				v.DKIM = stronger(v.DKIM, result)
			case "spf":
				v.SPF = stronger(v.SPF, result)
			}
		}
		if len(others) > 0 {
			v.Note = strings.Join(others, ", ") + ", not " + orNone(from)
		}
		return v, true
	}
	return Verdict{}, false
}

func orNone(s string) string {
	if s == "" {
		return "no From domain"
	}
	return s
}

// uncomment removes the comments, in brackets and nested (RFC 5322
// 3.2.2), of a header field's value, outside quoted strings. Its work is
// linear in the value's length.
func uncomment(s string) string {
	var b strings.Builder
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && (quoted || depth > 0):
			// A quoted-pair: the next character is itself.
			if depth == 0 {
				b.WriteByte(c)
				if i+1 < len(s) {
					b.WriteByte(s[i+1])
				}
			}
			i++
			continue
		case quoted:
			quoted = c != '"'
		case c == '(':
			depth++
			continue
		case c == ')' && depth > 0:
			depth--
			if depth == 0 {
				b.WriteByte(' ')
			}
			continue
		case depth > 0:
			continue
		case c == '"':
			quoted = true
		}
		b.WriteByte(c)
	}
	return b.String()
}

// domainOf is the domain of an address ("user@example.org", or
// "example.org" alone), lower case, without a final dot.
func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		addr = addr[i+1:]
	}
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(addr)), ".")
}

// aligned reports whether the domains a and b are aligned in DMARC's
// relaxed sense (RFC 7489 3.1): they have the same organisational domain,
// the one under a public suffix (mail.example.co.uk and example.co.uk
// are; example.co.uk and co.uk, or example.org and example.net, are
// not). A domain that is a public suffix itself is aligned only with
// itself.
func aligned(a, b string) bool {
	a, b = domainOf(a), domainOf(b)
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	oa, err := publicsuffix.EffectiveTLDPlusOne(a)
	if err != nil {
		return false
	}
	ob, err := publicsuffix.EffectiveTLDPlusOne(b)
	return err == nil && oa == ob
}
