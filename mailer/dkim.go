package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-msgauth/dkim"
)

// DefaultDKIMTimeout bounds one DKIM verification, its DNS lookups
// included: the judge reads no other mail meanwhile.
const DefaultDKIMTimeout = 10 * time.Second

// maxSignatures is how many of a mail's DKIM signatures are checked: each
// may cost a DNS lookup, and a forger may add as many as he likes.
const maxSignatures = 5

// DKIMVerifier checks a mail's DKIM signatures against its From: the
// judge's own verdict where no receiving server gives one. Only DKIM is
// checked: SPF is about the server that handed the mail over, which only
// the receiving server saw.
type DKIMVerifier struct {
	// LookupTXT answers the DNS TXT queries for the signers' keys
	// (<selector>._domainkey.<domain>); net.DefaultResolver's when nil.
	LookupTXT func(ctx context.Context, name string) ([]string, error)
	// Timeout bounds one verification; DefaultDKIMTimeout when 0.
	Timeout time.Duration
}

// Verify checks the DKIM signatures of raw, a whole mail, for from, the
// address of its From. DKIM passes when a signature verifies and its
// signing domain (d=) is aligned with the From's (aligned: the same
// organisational domain); it fails when a signature of the From's
// domain does not verify (the mail was changed, or forged), and is a
// temperror when the DNS did not answer, "policy" when only other
// domains signed, "none" when nobody did. A mail with more than one From
// field fails: which one was signed cannot be told. DMARC and SPF are
// not reported.
//
// The error is for a verification that did not end in time (ctx, or
// the Timeout): the verdict is then a temperror too.
func (dv *DKIMVerifier) Verify(ctx context.Context, raw []byte, from string) (Verdict, error) {
	domain := domainOf(from)
	if domain == "" {
		return Verdict{DKIM: "permerror", Note: "no From address"}, nil
	}
	if n := fromFields(raw); n != 1 {
		return Verdict{DKIM: "fail", Note: fmt.Sprintf("%d From fields", n)}, nil
	}
	timeout := dv.Timeout
	if timeout <= 0 {
		timeout = DefaultDKIMTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	lookup := dv.LookupTXT
	if lookup == nil {
		lookup = net.DefaultResolver.LookupTXT
	}
	type outcome struct {
		verifs []*dkim.Verification
		err    error
	}
	done := make(chan outcome, 1)
	go func() {
		verifs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{
			MaxVerifications: maxSignatures,
			LookupTXT: func(name string) ([]string, error) {
				if err := ctx.Err(); err != nil {
					// context.DeadlineExceeded is a temporary net.Error:
					// go-msgauth calls it a temperror.
					return nil, err
				}
				return lookup(ctx, name)
			},
		})
		done <- outcome{verifs, err}
	}()
	var out outcome
	select {
	case out = <-done:
	case <-ctx.Done():
		// A lookup that ignores ctx is left to end on its own: the
		// judge does not wait for it.
		return Verdict{DKIM: "temperror", Note: "not verified within " + timeout.String()}, fmt.Errorf("verify DKIM of %s: %w", domain, ctx.Err())
	}
	if out.err != nil && !errors.Is(out.err, dkim.ErrTooManySignatures) {
		return Verdict{DKIM: "permerror", Note: out.err.Error()}, nil
	}
	if len(out.verifs) == 0 {
		return Verdict{DKIM: "none", Note: "no DKIM signature"}, nil
	}
	var v Verdict
	var notes []string
	for _, sig := range out.verifs {
		result := dkimResult(sig.Err)
		note := "d=" + sig.Domain + " " + result
		if sig.Err != nil {
			note += ": " + strings.TrimPrefix(sig.Err.Error(), "dkim: ")
		}
		if !aligned(sig.Domain, domain) {
			note += ", not " + domain
			result = "policy"
		}
		v.DKIM = stronger(v.DKIM, result)
		notes = append(notes, note)
	}
	v.Note = strings.Join(notes, "; ")
	return v, nil
}

// dkimResult is RFC 8601's name for a signature's outcome.
func dkimResult(err error) string {
	switch {
	case err == nil:
		return "pass"
	case dkim.IsTempFail(err):
		return "temperror"
	case dkim.IsPermFail(err):
		return "permerror"
	}
	return "fail"
}

// fromFields counts the From fields of a mail's header. Its work is
// linear in the header's length.
func fromFields(raw []byte) int {
	n := 0
	for len(raw) > 0 {
		line := raw
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, raw = raw[:i], raw[i+1:]
		} else {
			raw = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break // the end of the header
		}
		if line[0] == ' ' || line[0] == '\t' {
			continue // a folded line
		}
		if name, _, ok := bytes.Cut(line, []byte(":")); ok && bytes.EqualFold(bytes.TrimRight(name, " \t"), []byte("from")) {
			n++
		}
	}
	return n
}
