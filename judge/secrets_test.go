package judge

import (
	"context"
	"strings"
	"testing"
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
		got := string(keptRaw(raw, scan(text), c.oversized))
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
