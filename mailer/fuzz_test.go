package mailer

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// fuzzSeeds are the shapes of mail the judge meets; the fuzzer mutates
// them.
var fuzzSeeds = []string{
	"From: a@example.org\r\nSubject: hi\r\n\r\nA Rom H\r\n",
	"From: a@example.org\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n--b--\r\n",
	"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=o\r\n\r\n--o\r\nContent-Type: multipart/alternative; boundary=i\r\n\r\n--i\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nPerch=E9\r\n--i--\r\n--o\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename=a.png\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--o--\r\n",
	"From: =?UTF-8?B?w6k=?= <x@y>\r\nSubject: =?ISO-8859-1?Q?citt=E0?=\r\nContent-Type: text/html; charset=windows-1252\r\n\r\n<html><style>x</style><p>\x93a\x94 &euro;<br>b</p><script>1<2</script></html>",
	"From: MAILER-DAEMON\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=r\r\nReturn-Path: <>\r\n\r\n--r\r\n\r\nbounce\r\n--r\r\nContent-Type: message/rfc822\r\n\r\nFrom: x@y\r\n\r\nz\r\n--r--\r\n",
	"Subject: flowed\r\nContent-Type: text/plain; format=flowed; delsp=yes\r\n\r\nlong line \r\nwrapped\r\n> quoted \r\n>> deeper\r\n-- \r\nsig\r\n",
	"From: a@b\r\nContent-Transfer-Encoding: base64\r\n\r\nQSBSb20gSA=",
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=\"wrong\"\r\n\r\n--right\r\n\r\ntext\r\n--right--",
	" folded first\r\nX: y\r\n\r\n",
	"From: a@b\r\nContent-Type: text/html\r\n\r\n<p>A Par H</p><div class=\"gmail_quote\"><div class=gmail_attr>On 1 x wrote:</div><blockquote type=cite><pre>old\n\nx</pre></blockquote></div><div id=appendonsend></div>z",
	"From: a@b\r\n\r\nA\r\nOn Mon, 3 Mar 2025 J\r\nwrote:\r\n> q\r\nB\r\n________________\r\nFrom: x\r\nSent: y\r\nSubject: z\r\nold\r\n",
	"From: a@b\r\nContent-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\n\r\nA\r\n-- \r\nsig\r\n--m\r\nContent-Type: application/octet-stream; name=\"o.txt\"\r\n\r\nB\r\n--m\r\nContent-Disposition: attachment; filename*=utf-8''%E2%80%99.pdf\r\n\r\n%PDF\r\n--m--\r\n",
	// The shapes of the pathological mails of linear_test.go, small.
	"From: =?iso-8859-2?q?a?= =?iso-8859-2?b?YQ==?= <a@b>\r\nSubject: =?utf-8?q?a?= =?windows-1252?q?=E0?= =?x?q?\r\n x\r\n \r\n\ty\r\nReferences: <1@x> <2@x> <1@x>\r\nDate: Mon, 2 Jan 2006 15:04:05 (c)\r\n\r\nA\r\n\r\n\r\n\r\n> q\r\n\r\n\r\n\r\nB\r\n",
	"From: a@b\r\nContent-Type: text/html\r\n\r\n<blockquote type=cite><blockquote><div class=gmail_quote>q<br></div></div></div><br><br><p><pre>x  \n</pre><div>x</blockquote>&amp&#233;<style>y</styl",
	"From: a@b\r\nContent-Type: multipart/mixed\r\n\r\n------\r\n--x \r\n\r\nA\r\n--x\r\nContent-Type: multipart/mixed; boundary=y\r\n\r\n--y\r\n\r\nB\r\n--x--",
}

// FuzzParse checks that Parse never panics and that what it returns is
// consistent: valid UTF-8, the right size, and the same result twice.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	raw, err := Compose(Outgoing{
		From: "J <j@example.org>", To: "p@example.org", Subject: "Perché", MessageID: "1@j",
		Date: time.Unix(0, 0), Text: "From x\n.\nà", Attachments: []Attachment{{Filename: "a", Data: []byte("z")}},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)

	catchPanics = false // a panic must surface where it happens
	f.Cleanup(func() { catchPanics = true })
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := Parse(raw)
		if err != nil {
			return
		}
		if m.Size != len(raw) {
			t.Errorf("size %d, want %d", m.Size, len(raw))
		}
		for _, s := range append([]string{m.Text, m.Subject, m.From, m.ReplyTo, m.MessageID}, m.To...) {
			if !utf8.ValidString(s) {
				t.Errorf("not UTF-8: %q", s)
			}
		}
		if strings.Contains(m.Text, "\r") {
			t.Errorf("text has a CR: %q", m.Text)
		}
		if m.MessageID == "" {
			t.Error("empty message id")
		}
		again, _ := Parse(raw)
		if again.Text != m.Text || again.MessageID != m.MessageID {
			t.Error("Parse is not deterministic")
		}
	})
}

// FuzzComposeText checks that any UTF-8 text survives Compose and Parse
// unchanged (line ends aside): the quoted-printable encoder loses nothing.
func FuzzComposeText(f *testing.F) {
	for _, s := range []string{"", "a", "From x\n", ".\n", "a \n", "à\r\nb", strings.Repeat("=", 100), "x\ty \t\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		raw, err := Compose(Outgoing{From: "j@example.org", To: "p@example.org", MessageID: "1@j", Date: time.Unix(0, 0), Text: text})
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(text, "\r\n", "\n")
		want = strings.ReplaceAll(want, "\r", "\n")
		want = strings.TrimPrefix(want, "\uFEFF")
		if m.Text != want {
			t.Errorf("round trip:\n got %q\nwant %q", m.Text, want)
		}
		for _, line := range strings.Split(string(raw), "\r\n") {
			if len(line) > 78 {
				t.Errorf("line of %d: %q", len(line), line)
			}
		}
	})
}
