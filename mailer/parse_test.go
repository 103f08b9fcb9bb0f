package mailer_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/corriere/corriere/mailer"
)

// mail joins header lines and a body into a raw message with CRLF line
// ends, as mail travels.
func mail(header []string, body string) string {
	return strings.Join(header, "\r\n") + "\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
}

// baseHeader is a player's ordinary mail to the judge.
var baseHeader = []string{
	"From: Mario Rossi <mario.rossi@Example.IT>",
	"To: Corriere <judge@example.org>",
	"Subject: Ordini",
	"Date: Mon, 02 Mar 2026 10:15:00 +0100",
	"Message-ID: <abc123@example.it>",
}

func withHeader(extra ...string) []string {
	return append(append([]string{}, baseHeader...), extra...)
}

var baseDate = time.Date(2026, 3, 2, 10, 15, 0, 0, time.FixedZone("", 3600))

// want is the Message of a mail with baseHeader and the given text.
func want(text string) mailer.Message {
	return mailer.Message{
		MessageID: "abc123@example.it",
		From:      "mario.rossi@example.it",
		ReplyTo:   "mario.rossi@example.it",
		To:        []string{"judge@example.org"},
		Subject:   "Ordini",
		Date:      baseDate,
		Text:      text,
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want mailer.Message
	}{
		{
			name: "plain",
			raw:  mail(withHeader("Content-Type: text/plain; charset=us-ascii"), "A Ven - Tyr\nF Nap - Ion\n"),
			want: want("A Ven - Tyr\nF Nap - Ion\n"),
		},
		{
			name: "no content type at all",
			raw:  mail(baseHeader, "A Rom H\n"),
			want: want("A Rom H\n"),
		},
		{
			name: "multipart alternative prefers text",
			raw: mail(withHeader("MIME-Version: 1.0", `Content-Type: multipart/alternative; boundary="b1"`), `--b1
Content-Type: text/plain; charset=UTF-8

A Ven - Tyr
--b1
Content-Type: text/html; charset=UTF-8

<div>A Ven - Tyr (html)</div>
--b1--
`),
			want: want("A Ven - Tyr"),
		},
		{
			name: "multipart alternative with an empty text part takes the html",
			raw: mail(withHeader(`Content-Type: multipart/alternative; boundary=b1`), `--b1
Content-Type: text/plain; charset=UTF-8

 
--b1
Content-Type: text/html; charset=UTF-8

<p>A Ven - Tyr</p>
--b1--
`),
			want: want("A Ven - Tyr"),
		},
		{
			name: "html only",
			raw: mail(withHeader("Content-Type: text/html; charset=utf-8"), `<!DOCTYPE html>
<html><head><title>Ordini</title>
<style type="text/css">p { color: red; } .x > .y { }</style>
<script>if (a < b) { document.write("<p>no</p>"); }</script>
</head>
<body>
<p>Ciao   arbitro,<br>ecco i miei ordini&nbsp;per la   primavera:</p>
<ul>
  <li>A Ven &ndash; Tyr</li>
  <li>F Nap - Ion</li>
</ul>
<div>Perch&eacute; &quot;no&quot;? Costa 5&euro; &amp; altro &#233;&#x20AC;</div>
<!-- a comment with <p>tags</p> -->
<table><tr><td>A Rom</td><td>H</td></tr></table>
<p>Mario</p>
</body></html>
`),
			want: want("Ciao arbitro,\necco i miei ordini per la primavera:\n\nA Ven – Tyr\nF Nap - Ion\nPerché \"no\"? Costa 5€ & altro é€\nA Rom H\n\nMario"),
		},
		{
			name: "gmail style html divs",
			raw: mail(withHeader("Content-Type: text/html; charset=UTF-8"),
				`<div dir="ltr">A Ven - Tyr<div>F Nap - Ion</div><div><br></div><div>Mario</div></div>`),
			want: want("A Ven - Tyr\nF Nap - Ion\n\nMario"),
		},
		{
			name: "quoted-printable utf-8 with soft breaks",
			raw: mail(withHeader("Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"),
				"Perch=C3=A9 la citt=C3=A0 =3D Roma? Una riga molto lunga che il programma di=\n posta ha spezzato.\nFine   \n"),
			want: want("Perché la città = Roma? Una riga molto lunga che il programma di posta ha spezzato.\nFine\n"),
		},
		{
			name: "base64 utf-8",
			raw: mail(withHeader("Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: base64"),
				"UGVyY2jDqSBsYSBjaXR0w6A/CkEgVmVuIC0gVHlyCg==\n"),
			want: want("Perché la città?\nA Ven - Tyr\n"),
		},
		{
			name: "iso-8859-1 quoted-printable",
			raw: mail(withHeader("Content-Type: text/plain; charset=ISO-8859-1", "Content-Transfer-Encoding: quoted-printable"),
				"Perch=E9 la citt=E0 =E8 bella\n"),
			want: want("Perché la città è bella\n"),
		},
		{
			name: "iso-8859-1 8bit with the Windows-1252 quotes Outlook writes",
			raw: mail(withHeader("Content-Type: text/plain; charset=\"iso-8859-1\"", "Content-Transfer-Encoding: 8bit"),
				"\x93Perch\xe9?\x94 disse, 5\x80.\n"),
			want: want("“Perché?” disse, 5€.\n"),
		},
		{
			name: "windows-1252 8bit",
			raw: mail(withHeader("Content-Type: text/plain; charset=windows-1252", "Content-Transfer-Encoding: 8bit"),
				"Citt\xe0 \x93eterna\x94 \x96 costa 10\x80 \x85\n"),
			want: want("Città “eterna” – costa 10€ …\n"),
		},
		{
			name: "undeclared 8-bit text falls back to windows-1252",
			raw:  mail(baseHeader, "Perch\xe9 no\n"),
			want: want("Perché no\n"),
		},
		{
			name: "unknown charset that is valid utf-8",
			raw:  mail(withHeader("Content-Type: text/plain; charset=x-unknown-thing"), "città\n"),
			want: want("città\n"),
		},
		{
			name: "rfc 2047 subject, folded, two charsets",
			raw: mail([]string{
				"From: =?ISO-8859-1?Q?Nicol=F2?= <nicolo@example.it>",
				"To: judge@example.org",
				"Subject: =?UTF-8?Q?Ordini_per_la_citt=C3=A0_=E2=80=93?=",
				" =?ISO-8859-1?B?UGVyY2jp?= ok",
				"Message-ID: <s@example.it>",
			}, "x\n"),
			want: mailer.Message{
				MessageID: "s@example.it",
				From:      "nicolo@example.it",
				ReplyTo:   "nicolo@example.it",
				To:        []string{"judge@example.org"},
				Subject:   "Ordini per la città –Perché ok",
				Text:      "x\n",
			},
		},
		{
			name: "nested multipart with a png attachment",
			raw: mail(withHeader("MIME-Version: 1.0", `Content-Type: multipart/mixed; boundary="outer"`), `This is a multi-part message in MIME format.
--outer
Content-Type: multipart/alternative; boundary="inner"

--inner
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

A Ven - Tyr
F Nap - Ion
--inner
Content-Type: text/html; charset="utf-8"

<p>A Ven - Tyr<br>F Nap - Ion</p>
--inner--

--outer
Content-Type: image/png; name="map.png"
Content-Disposition: attachment; filename="map.png"
Content-Transfer-Encoding: base64

iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
--outer--
`),
			want: func() mailer.Message {
				m := want("A Ven - Tyr\nF Nap - Ion")
				m.Unread = []mailer.FileInfo{{Name: "map.png", Type: "image/png", Size: 70}}
				return m
			}(),
		},
		{
			name: "text attachment is read after the body",
			raw: mail(withHeader(`Content-Type: multipart/mixed; boundary=b`), `--b
Content-Type: text/plain

A Rom H
--b
Content-Type: text/plain; name=notes.txt
Content-Disposition: attachment; filename=notes.txt

secret notes
--b--
`),
			want: func() mailer.Message {
				m := want("A Rom H\n\nsecret notes\n")
				m.Attached = []mailer.FileInfo{{Name: "notes.txt", Type: "text/plain", Size: 12}}
				return m
			}(),
		},
		{
			name: "two inline text parts follow each other",
			raw: mail(withHeader(`Content-Type: multipart/mixed; boundary=b`), `--b
Content-Type: text/plain

A Rom H
--b
Content-Type: text/html

<p>list footer</p>
--b
Content-Type: text/plain

-- 
Mario
--b--
`),
			want: want("A Rom H\n\n-- \nMario\n"),
		},
		{
			name: "format flowed",
			raw: mail(withHeader("Content-Type: text/plain; charset=utf-8; format=flowed; delsp=no"),
				"A Ven - Tyr, and this long line was \nwrapped by the mail program.\n>> quoted \n>> text\n\n-- \nMario\n"),
			// The quoted lines, joined by unflow, are left out as quotes.
			want: func() mailer.Message {
				m := want("A Ven - Tyr, and this long line was wrapped by the mail program.\n\n-- \nMario\n")
				m.Quoted = true
				return m
			}(),
		},
		{
			name: "reply headers",
			raw: mail([]string{
				`From: "Rossi, Mario" <Mario@EXAMPLE.it>`,
				"Reply-To: Mario Altro <altro@Example.com>",
				"To: judge@example.org, Other <other@example.org>",
				"Subject: Re: [Corriere] Risultati",
				"Message-ID: <r1@example.it>",
				"In-Reply-To: <outbox-42@judge.example.org>",
				"References: <outbox-1@judge.example.org>",
				"  <outbox-42@judge.example.org>",
			}, "ok\n"),
			want: mailer.Message{
				MessageID:  "r1@example.it",
				From:       "Mario@example.it",
				ReplyTo:    "altro@example.com",
				To:         []string{"judge@example.org", "other@example.org"},
				Subject:    "Re: [Corriere] Risultati",
				References: []string{"outbox-42@judge.example.org", "outbox-1@judge.example.org"},
				Text:       "ok\n",
			},
		},
		{
			name: "unparsable from still yields the address",
			raw: mail([]string{
				"From: Mario Rossi, Roma mario@example.it",
				"Message-ID: no-brackets@example.it",
			}, "x"),
			want: mailer.Message{
				MessageID: "no-brackets@example.it",
				From:      "mario@example.it",
				ReplyTo:   "mario@example.it",
				Text:      "x",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := mailer.Parse([]byte(tt.raw))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			tt.want.Size = len(tt.raw)
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("Parse:\n got %#v\nwant %#v", *got, tt.want)
				if got.Text != tt.want.Text {
					t.Errorf("text:\n got %q\nwant %q", got.Text, tt.want.Text)
				}
			}
		})
	}
}

func TestParseSyntheticMessageID(t *testing.T) {
	raw := []byte(mail([]string{"From: a@example.org", "Subject: no id"}, "hello\n"))
	m1, err := mailer.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := mailer.Parse(append([]byte{}, raw...))
	if m1.MessageID != m2.MessageID {
		t.Errorf("synthetic ids differ for the same raw: %q, %q", m1.MessageID, m2.MessageID)
	}
	if !strings.HasPrefix(m1.MessageID, "sha256-") || !strings.HasSuffix(m1.MessageID, "@corriere.invalid") || len(m1.MessageID) != len("sha256-")+64+len("@corriere.invalid") {
		t.Errorf("synthetic id %q: want sha256-<64 hex>@corriere.invalid", m1.MessageID)
	}
	other, _ := mailer.Parse([]byte(mail([]string{"From: a@example.org", "Subject: no id"}, "hello!\n")))
	if other.MessageID == m1.MessageID {
		t.Errorf("different raws got the same synthetic id %q", m1.MessageID)
	}
}

func TestParseAutomatic(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		want   bool
	}{
		{"ordinary mail", baseHeader, false},
		{"auto-submitted no", withHeader("Auto-Submitted: no"), false},
		{"auto-submitted auto-replied", withHeader("Auto-Submitted: auto-replied"), true},
		{"auto-submitted auto-generated with parameter", withHeader("Auto-Submitted: Auto-Generated; owner-email=x@example.org"), true},
		{"auto-submitted auto-notified", withHeader("Auto-Submitted: auto-notified"), true},
		{"precedence bulk", withHeader("Precedence: bulk"), true},
		{"precedence junk", withHeader("Precedence: JUNK"), true},
		{"precedence list", withHeader("Precedence: list"), true},
		{"precedence first-class", withHeader("Precedence: first-class"), false},
		{"x-loop", withHeader("X-Loop: someone@example.org"), true},
		{"list-id", withHeader("List-Id: Diplomacy players <dip.lists.example.org>"), true},
		{"list-unsubscribe", withHeader("List-Unsubscribe: <mailto:leave@lists.example.org>"), true},
		{"x-autoreply", withHeader("X-Autoreply: yes"), true},
		{"x-failed-recipients", withHeader("X-Failed-Recipients: gone@example.org"), true},
		{"empty return-path", withHeader("Return-Path: <>"), true},
		{"empty return-path with spaces", withHeader("Return-Path: < >"), true},
		{"real return-path", withHeader("Return-Path: <mario.rossi@example.it>"), false},
		{"multipart/report", withHeader(`Content-Type: multipart/report; report-type=delivery-status; boundary="x"`), true},
		{"mailer-daemon with domain", []string{"From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.org>", "Subject: Undelivered"}, true},
		{"mailer-daemon without domain", []string{"From: MAILER-DAEMON", "Subject: Undelivered"}, true},
		{"postmaster", []string{"From: postmaster@example.org", "Subject: Undelivered"}, true},
		{"no-reply", []string{"From: Servizio <No-Reply@example.org>", "Subject: Avviso"}, true},
		{"noreply", []string{"From: noreply@example.org", "Subject: Avviso"}, true},
		{"name that only looks like a robot", []string{"From: Postmaster General <pg@example.org>", "Subject: hi"}, false},
		// Exchange's out-of-office replies, which carry no Auto-Submitted.
		{"x-auto-response-suppress", withHeader("X-Auto-Response-Suppress: All"), true},
		{"x-auto-response-suppress empty", withHeader("X-Auto-Response-Suppress:"), true},
		{"precedence auto_reply", withHeader("Precedence: auto_reply"), true},
		{"subject automatic reply", []string{"From: f@example.org", "Subject: Automatic reply: Corriere roma: results"}, true},
		{"subject risposta automatica", []string{"From: f@example.org", "Subject: Risposta automatica: Corriere roma: results"}, true},
		{"subject out of office", []string{"From: f@example.org", "Subject: Out of Office: Corriere roma"}, true},
		{"subject auto", []string{"From: f@example.org", "Subject: Auto: Corriere roma"}, true},
		{"subject encoded, lower case", []string{"From: f@example.org", "Subject: =?utf-8?Q?risposta_automatica:_ordini?="}, true},
		{"subject that only mentions it", []string{"From: f@example.org", "Subject: Re: my automatic reply: sorry"}, false},
		{"subject autumn", []string{"From: f@example.org", "Subject: Autumn orders"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := mailer.Parse([]byte(mail(tt.header, "body\n")))
			if err != nil {
				t.Fatal(err)
			}
			if m.Automatic != tt.want {
				t.Errorf("Automatic = %v, want %v", m.Automatic, tt.want)
			}
		})
	}
}

// TestParseMalformed feeds broken mail: Parse must not panic, must read
// what can be read, and must fail only when there is no header.
func TestParseMalformed(t *testing.T) {
	tests := []struct {
		name     string
		raw      string
		wantErr  bool
		wantText string // a substring the text must contain
		noText   string // a substring the text must not contain
	}{
		{name: "empty", raw: "", wantErr: true},
		{name: "no header", raw: "just some text\nand more\n", wantErr: true},
		{name: "binary junk", raw: "\x00\x01\x02\xff\xfe", wantErr: true},
		{
			name:     "header only, no empty line",
			raw:      "From: a@example.org\r\nSubject: cut",
			wantText: "",
		},
		{
			name:     "bad lines in the header are skipped",
			raw:      "From a@example.org Mon Mar  2 10:15:00 2026\r\nFrom: a@example.org\r\nthis is no field\r\nBad Key: x\r\nSubject: ok\r\n\r\nA Rom H\r\n",
			wantText: "A Rom H",
		},
		{
			name: "boundary parameter does not match the body",
			raw: mail(withHeader(`Content-Type: multipart/alternative; boundary="declared"`), `--actual
Content-Type: text/plain

A Ven - Tyr
--actual
Content-Type: text/html

<p>html</p>
--actual--
`),
			wantText: "A Ven - Tyr",
			noText:   "Content-Type",
		},
		{
			name: "multipart without boundary parameter",
			raw: mail(withHeader(`Content-Type: multipart/mixed`), `--zzz
Content-Type: text/plain

A Ven - Tyr
--zzz--
`),
			wantText: "A Ven - Tyr",
			noText:   "--zzz",
		},
		{
			name:     "multipart with no structure at all",
			raw:      mail(withHeader(`Content-Type: multipart/mixed; boundary=nope`), "A Ven - Tyr\n-----\nMario\n"),
			wantText: "A Ven - Tyr\n-----\nMario",
		},
		{
			name: "truncated multipart",
			raw: mail(withHeader(`Content-Type: multipart/mixed; boundary="b"`), `--b
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

A Ven - Tyr
F Nap - Io=`),
			wantText: "A Ven - Tyr\nF Nap - Io",
		},
		{
			name:     "truncated base64",
			raw:      mail(withHeader("Content-Transfer-Encoding: base64"), "QSBWZW4gLSBUeXIKRiBOYXAgLSBJ"),
			wantText: "A Ven - Tyr\nF Nap - ",
		},
		{
			name:     "base64 with garbage",
			raw:      mail(withHeader("Content-Transfer-Encoding: base64"), "QSBW*ZW4g!LSBU\neXI=garbage"),
			wantText: "A Ven - Tyr",
		},
		{
			name:     "quoted-printable with bad escapes",
			raw:      mail(withHeader("Content-Transfer-Encoding: quoted-printable"), "a =ZZ b = c =4\n"),
			wantText: "a =ZZ b = c =4",
		},
		{
			name:     "malformed content type parameters",
			raw:      mail(withHeader(`Content-Type: text/plain; charset=utf-8; charset=latin1; format="`), "città\n"),
			wantText: "città",
		},
		{
			name:     "content type without slash is text/plain",
			raw:      mail(withHeader(`Content-Type: text`), "A Rom H\n"),
			wantText: "A Rom H",
		},
		{
			name:     "unclosed html tag and comment",
			raw:      mail(withHeader("Content-Type: text/html"), "<p>A Rom H</p><a href=\"x>broken <!-- never closed"),
			wantText: "A Rom H",
		},
		{
			// Every delimiter belongs to the outer multipart: the parts are
			// siblings, not nested.
			name:     "parts that reuse their parent's boundary",
			raw:      mail(withHeader(`Content-Type: multipart/mixed; boundary=b`), strings.Repeat("--b\nContent-Type: multipart/mixed; boundary=b\n\n", 100)+"--b\n\nA Rom H\n"),
			wantText: "A Rom H",
		},
		{
			name:     "nesting within the limit",
			raw:      mail(withHeader(`Content-Type: multipart/mixed; boundary=b0`), nestedBody(10, "A Rom H")),
			wantText: "A Rom H",
		},
		{
			name:   "deep nesting is cut off",
			raw:    mail(withHeader(`Content-Type: multipart/mixed; boundary=b0`), nestedBody(100, "A Rom H")),
			noText: "A Rom H",
		},
		{
			name:   "too many parts are cut off",
			raw:    mail(withHeader(`Content-Type: multipart/mixed; boundary=b`), strings.Repeat("--b\n\nx\n", 300)+"--b\n\nA Rom H\n"),
			noText: "A Rom H",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := mailer.Parse([]byte(tt.raw))
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Parse succeeded (%+v), want an error", m)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !strings.Contains(m.Text, tt.wantText) {
				t.Errorf("text %q does not contain %q", m.Text, tt.wantText)
			}
			if tt.noText != "" && strings.Contains(m.Text, tt.noText) {
				t.Errorf("text %q contains %q", m.Text, tt.noText)
			}
			if !utf8.ValidString(m.Text) || !utf8.ValidString(m.Subject) {
				t.Errorf("text or subject is not UTF-8: %q %q", m.Text, m.Subject)
			}
		})
	}
}

// nestedBody is the body of a multipart/mixed with boundary b0 that holds
// levels multiparts, each inside the one before, the innermost holding
// text.
func nestedBody(levels int, text string) string {
	body := fmt.Sprintf("--b%d\nContent-Type: text/plain\n\n%s\n--b%d--\n", levels-1, text, levels-1)
	for i := levels - 2; i >= 0; i-- {
		body = fmt.Sprintf("--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n%s--b%d--\n", i, i+1, body, i)
	}
	return body
}

func BenchmarkParse(b *testing.B) {
	raw := []byte(mail(withHeader("MIME-Version: 1.0", `Content-Type: multipart/alternative; boundary="b1"`), `--b1
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: quoted-printable

A Ven - Tyr
F Nap - Ion
A Rom - Apu
--b1
Content-Type: text/html; charset=UTF-8

<div dir="ltr">A Ven - Tyr<div>F Nap - Ion</div><div>A Rom - Apu</div></div>
--b1--
`))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mailer.Parse(raw); err != nil {
			b.Fatal(err)
		}
	}
}
