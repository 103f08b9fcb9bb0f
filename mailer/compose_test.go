package mailer_test

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
)

// outgoing is a typical results mail.
func outgoing() mailer.Outgoing {
	return mailer.Outgoing{
		From:      "Corriere <judge@example.org>",
		To:        "Nicolò Rossi <nicolo@example.it>",
		Cc:        []string{"observer@example.org"},
		Subject:   "[Corriere] Partita «Roma» – risultati Primavera 1901",
		MessageID: "outbox-42@judge.example.org",
		InReplyTo: "abc123@example.it",
		Date:      time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC),
		Text: "Perché la città è caduta?\n" +
			"From now on, this line starts with From.\n" +
			".\n" +
			". a line starting with a dot\n" +
			strings.Repeat("Una riga molto lunga con accenti àèìòù e simboli € = ", 5) + "\n" +
			"trailing spaces   \n" +
			"\ttab first\n" +
			"fine",
		Loop: "judge@example.org",
	}
}

func TestComposeRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		edit func(*mailer.Outgoing)
	}{
		{"plain", func(*mailer.Outgoing) {}},
		{"with attachments", func(o *mailer.Outgoing) {
			o.Attachments = []mailer.Attachment{
				{Filename: "mappa.png", ContentType: "image/png", Data: []byte("\x89PNG\r\n\x1a\nnot really")},
				{Filename: "risultati città.json", ContentType: "application/json", Data: []byte(`{"a":1}`)},
				{Filename: "", Data: []byte("no name, no type")},
			}
		}},
		{"text ending with a line end", func(o *mailer.Outgoing) { o.Text += "\n" }},
		{"crlf text", func(o *mailer.Outgoing) { o.Text = "uno\r\ndue\r\n" }},
		{"empty text", func(o *mailer.Outgoing) { o.Text = "" }},
		{"a From line at a soft break", func(o *mailer.Outgoing) {
			o.Text = strings.Repeat("x", 75) + "From here\n" + strings.Repeat("y", 75) + ".dot\n"
		}},
		{"no cc, no reply, ascii subject", func(o *mailer.Outgoing) {
			o.Cc, o.InReplyTo, o.Subject = nil, "", "Results"
		}},
		{"long ascii subject", func(o *mailer.Outgoing) {
			o.Subject = strings.Repeat("Spring 1901 movement results ", 6)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outgoing()
			tt.edit(&o)
			raw, err := mailer.Compose(o)
			if err != nil {
				t.Fatalf("Compose: %v", err)
			}
			m, err := mailer.Parse(raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			wantText := strings.ReplaceAll(o.Text, "\r\n", "\n")
			if m.Text != wantText {
				t.Errorf("text:\n got %q\nwant %q", m.Text, wantText)
			}
			if want := strings.Join(strings.Fields(o.Subject), " "); m.Subject != want {
				t.Errorf("subject = %q, want %q", m.Subject, want)
			}
			if m.MessageID != o.MessageID {
				t.Errorf("message id = %q, want %q", m.MessageID, o.MessageID)
			}
			if m.From != "judge@example.org" || m.To[0] != "nicolo@example.it" {
				t.Errorf("from %q to %q", m.From, m.To)
			}
			if !m.Date.Equal(o.Date) {
				t.Errorf("date = %v, want %v", m.Date, o.Date)
			}
			if o.InReplyTo != "" && (len(m.References) != 1 || m.References[0] != o.InReplyTo) {
				t.Errorf("references = %q, want [%q]", m.References, o.InReplyTo)
			}
			if !m.Automatic {
				t.Error("a composed mail must parse as Automatic: the judge must never answer itself")
			}
			for _, a := range o.Attachments {
				if !bytes.Contains(raw, []byte(base64.StdEncoding.EncodeToString(a.Data))) {
					t.Errorf("attachment %q is not in the raw message", a.Filename)
				}
				if strings.Contains(m.Text, string(a.Data)) {
					t.Errorf("attachment %q leaked into the text", a.Filename)
				}
			}
			checkWireFormat(t, raw)
		})
	}
}

// TestComposeAutoSubmitted: a reply to a mail is auto-replied, anything
// else the judge sends on its own is auto-generated (RFC 3834, 5).
func TestComposeAutoSubmitted(t *testing.T) {
	tests := []struct {
		name  string
		reply bool
		want  string
	}{
		{"reply", true, "auto-replied"},
		{"results, reminder, announcement", false, "auto-generated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outgoing()
			o.Reply = tt.reply
			raw, err := mailer.Compose(o)
			if err != nil {
				t.Fatal(err)
			}
			head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
			var got []string
			for _, line := range strings.Split(string(head), "\r\n") {
				if v, ok := strings.CutPrefix(line, "Auto-Submitted: "); ok {
					got = append(got, v)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("Auto-Submitted %q, want [%q]", got, tt.want)
			}
			if m, err := mailer.Parse(raw); err != nil || !m.Automatic {
				t.Errorf("parsed back: automatic %v, %v; the judge must never answer itself", m != nil && m.Automatic, err)
			}
		})
	}
}

// checkWireFormat checks what transports rely on: CRLF line ends, lines
// within limits, 7-bit data, no line that mbox or SMTP would alter.
func checkWireFormat(t *testing.T, raw []byte) {
	t.Helper()
	if !bytes.HasSuffix(raw, []byte("\r\n")) {
		t.Error("message does not end in CRLF")
	}
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for _, want := range []string{"\r\nAuto-Submitted: auto-", "\r\nX-Loop: judge@example.org\r\n", "\r\nMIME-Version: 1.0\r\n", "\r\nMessage-ID: <"} {
		if !bytes.Contains(append(append([]byte("\r\n"), head...), "\r\n"...), []byte(want)) {
			t.Errorf("header lacks %q:\n%s", want, head)
		}
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(raw), "\r\n"), "\r\n") {
		if strings.Contains(line, "\n") || strings.Contains(line, "\r") {
			t.Errorf("line %d has a bare CR or LF: %q", i, line)
		}
		if len(line) > 78 {
			t.Errorf("line %d is %d long: %q", i, len(line), line)
		}
		for _, c := range []byte(line) {
			if c >= 0x80 {
				t.Errorf("line %d is not 7-bit: %q", i, line)
				break
			}
		}
		if strings.HasPrefix(line, "From ") || strings.HasPrefix(line, ".") {
			t.Errorf("line %d would be altered in transport: %q", i, line)
		}
	}
}

func TestComposeDeterministic(t *testing.T) {
	o := outgoing()
	o.Attachments = []mailer.Attachment{{Filename: "a.txt", ContentType: "text/plain", Data: []byte("hello")}}
	first, err := mailer.Compose(o)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		again, err := mailer.Compose(o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatalf("Compose is not deterministic:\n%s\n---\n%s", first, again)
		}
	}
	o.MessageID = "outbox-43@judge.example.org"
	other, _ := mailer.Compose(o)
	if bytes.Equal(first, other) {
		t.Error("different outbox rows composed to the same bytes")
	}
}

func TestComposeLoopDefaultsToFrom(t *testing.T) {
	o := outgoing()
	o.Loop = ""
	raw, err := mailer.Compose(o)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("\r\nX-Loop: judge@example.org\r\n")) {
		t.Errorf("X-Loop is not the From address:\n%s", raw)
	}
}

func TestComposeErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(*mailer.Outgoing)
	}{
		{"no from", func(o *mailer.Outgoing) { o.From = "" }},
		{"bad to", func(o *mailer.Outgoing) { o.To = "not an address" }},
		{"bad cc", func(o *mailer.Outgoing) { o.Cc = []string{"x@"} }},
		{"no message id", func(o *mailer.Outgoing) { o.MessageID = "" }},
		{"message id with space", func(o *mailer.Outgoing) { o.MessageID = "a b@c" }},
		{"message id without @", func(o *mailer.Outgoing) { o.MessageID = "outbox-42" }},
		{"bad in-reply-to", func(o *mailer.Outgoing) { o.InReplyTo = "x y" }},
		{"no date", func(o *mailer.Outgoing) { o.Date = time.Time{} }},
		{"text not utf-8", func(o *mailer.Outgoing) { o.Text = "Perch\xe9" }},
		{"loop with line break", func(o *mailer.Outgoing) { o.Loop = "a\r\nBcc: x@example.org" }},
		{"bad attachment type", func(o *mailer.Outgoing) {
			o.Attachments = []mailer.Attachment{{Filename: "x", ContentType: "not a type", Data: []byte("x")}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := outgoing()
			tt.edit(&o)
			if raw, err := mailer.Compose(o); err == nil {
				t.Errorf("Compose succeeded, want an error:\n%s", raw)
			}
		})
	}
}

func TestComposeHeaderInjection(t *testing.T) {
	o := outgoing()
	o.Subject = "hello\r\nBcc: victim@example.org"
	raw, err := mailer.Compose(o)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(raw, []byte("\r\nBcc:")) {
		t.Errorf("a line break in the subject made a header field:\n%s", raw)
	}
}

func BenchmarkCompose(b *testing.B) {
	o := outgoing()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mailer.Compose(o); err != nil {
			b.Fatal(err)
		}
	}
}

// TestComposeBase64 checks an attachment's base64 lines: the data's
// base64 cut into lines of 76 characters, each ended by CRLF, whatever
// its length (around the 57 bytes a line holds); and an attachment
// encoded ahead (Encoded) makes the same message byte for byte.
func TestComposeBase64(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 56, 57, 58, 113, 114, 115, 1000, 200_000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*7 + i>>8)
		}
		enc := base64.StdEncoding.EncodeToString(data)
		var want strings.Builder
		for len(enc) > 0 {
			k := min(len(enc), 76)
			want.WriteString(enc[:k] + "\r\n")
			enc = enc[k:]
		}
		o := outgoing()
		o.Attachments = []mailer.Attachment{{Filename: "map.png", ContentType: "image/png", Data: data}}
		raw, err := mailer.Compose(o)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := bytes.Cut(raw, []byte("Content-Transfer-Encoding: base64\r\n\r\n"))
		if got, _, _ := bytes.Cut(body, []byte("\r\n--=_")); string(got) != want.String() {
			t.Errorf("%d bytes: the attachment is written\n%.200q\nwant\n%.200q", n, got, want.String())
		}
		o.Attachments[0] = mailer.Encoded(o.Attachments[0])
		again, err := mailer.Compose(o)
		if err != nil || !bytes.Equal(again, raw) {
			t.Errorf("%d bytes: encoded ahead, the message differs (%v)", n, err)
		}
	}
}
