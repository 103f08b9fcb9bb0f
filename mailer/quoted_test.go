package mailer_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/corriere/corriere/mailer"
)

// readMail reads a raw mail from testdata with the CRLF line ends it
// travels with.
func readMail(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n", "\r\n"))
}

// The player's new orders, and the old ones the judge's last reply listed
// (which every quoted reply below carries).
var (
	newOrders = []string{"A Par - Bur", "A Mar - Spa", "F Bre - Pic"}
	oldOrders = []string{"A par H", "A mar H", "F bre H"}
)

// TestParseQuotedReplies reads a player's reply to the judge as each
// common mail program writes it, the judge's last answer (with the old
// orders) quoted: the new orders must be in Text, and nothing of the
// quote, attribution line included.
func TestParseQuotedReplies(t *testing.T) {
	tests := []struct {
		file string
		// notInText: lines of the quote besides the old orders, such as its
		// attribution line.
		notInText []string
	}{
		// Outlook (new Outlook, Outlook on the web, plain text): a line of
		// underscores, then the header block, then the old mail unmarked.
		{"outlook-plain.eml", []string{"____", "From:", "Sent:", "Subject:", "Signed on"}},
		{"outlook-plain-it.eml", []string{"____", "Da:", "Inviato:", "Oggetto:", "Signed on"}},
		// Outlook for Windows, plain text: "-----Original Message-----".
		{"outlook-original-message.eml", []string{"Original Message", "From:", "Signed on"}},
		{"outlook-original-message-it.eml", []string{"Messaggio originale", "Da:", "Signed on"}},
		// Outlook on the web, HTML only: appendonsend and divRplyFwdMsg.
		{"outlook-html-only.eml", []string{"From:", "Sent:", "Signed on"}},
		// Outlook for Windows in Italian, HTML only: the header block in a
		// bordered div, no id to go by.
		{"outlook-desktop-html-it.eml", []string{"Da:", "Inviato:", "Oggetto:", "Signed on"}},
		// Thunderbird, HTML only: moz-cite-prefix and <blockquote type="cite">.
		{"thunderbird-html-only.eml", []string{"wrote:", "Signed on"}},
		// Thunderbird in Italian, plain text, format=flowed.
		{"thunderbird-plain-it.eml", []string{"ha scritto", "Signed on"}},
		// Gmail, plain and HTML: the attribution wrapped over two lines.
		{"gmail.eml", []string{"On Mon", "wrote:", "Signed on"}},
		{"gmail-html-only.eml", []string{"On Mon", "wrote:", "Signed on"}},
		{"gmail-it.eml", []string{"Il giorno", "scritto:", "Signed on"}},
		// Apple Mail: the attribution inside the quote; <blockquote
		// type="cite"> in HTML.
		{"apple-mail.eml", []string{"wrote:", "Signed on"}},
		{"apple-mail-html-only.eml", []string{"wrote:", "Signed on"}},
		// An answer written between the quoted lines: what follows each
		// quoted block is the player's.
		{"inline-reply.eml", []string{"wrote:", "Signed on", "Deadline"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, err := mailer.Parse(readMail(t, filepath.Join("quoted", tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			if !m.Quoted {
				t.Errorf("Quoted is false")
			}
			if m.Automatic {
				t.Errorf("a player's reply taken for an automatic one")
			}
			lower := strings.ToLower(m.Text)
			for _, o := range append([]string{"SIGNON france@roma s3cret"}, newOrders...) {
				if !strings.Contains(m.Text, o) {
					t.Errorf("the new order %q is missing", o)
				}
			}
			for _, o := range append(oldOrders, tt.notInText...) {
				if strings.Contains(lower, strings.ToLower(o)) {
					t.Errorf("the quoted %q is still there", o)
				}
			}
			if t.Failed() {
				t.Logf("text:\n%s", m.Text)
			}
		})
	}
}

func TestParseInlineReplyKeepsOrder(t *testing.T) {
	m, err := mailer.Parse(readMail(t, "quoted/inline-reply.eml"))
	if err != nil {
		t.Fatal(err)
	}
	want := "SIGNON france@roma s3cret\nA Par - Bur\nA Mar - Spa\n\nF Bre - Pic\n\nFrancesca\n"
	if m.Text != want {
		t.Errorf("text:\n got %q\nwant %q", m.Text, want)
	}
}

// TestStripQuotes checks the plain-text rules one by one on small texts.
func TestStripQuotes(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		want   string
		quoted bool
	}{
		{"no quote is left alone", "A Par - Bur\n\n-- \nF\n", "A Par - Bur\n\n-- \nF\n", false},
		{"a line of underscores alone is the player's", "A Par - Bur\n__________________\nA Mar H\n", "A Par - Bur\n__________________\nA Mar H\n", false},
		{"a From line alone is the player's", "PRESS TO ALL\nFrom: the Sultan\nPeace.\nENDPRESS\n", "PRESS TO ALL\nFrom: the Sultan\nPeace.\nENDPRESS\n", false},
		{"wrote without a date is the player's", "On Monday you wrote:\nA Par H\n", "On Monday you wrote:\nA Par H\n", false},
		{"quote lines go, indented ones too", "A Par - Bur\n> A par H\n   > A mar H\n", "A Par - Bur\n", true},
		{"attribution and quote", "A Par - Bur\n\nOn Mon, 3 Mar 2025 at 10:00, J <j@x.org> wrote:\n\n> A par H\n", "A Par - Bur\n\n", true},
		{"attribution wrapped", "A Par - Bur\nOn Mon, 3 Mar 2025 at 10:00, Corriere <\nj@x.org> wrote:\n> A par H\n", "A Par - Bur\n", true},
		{"attribution with nothing quoted under it cuts the rest", "A Par - Bur\nIl 03/03/2025 10:00, Corriere ha scritto:\nA par H\n", "A Par - Bur\n", true},
		{"original message marker", "A Par - Bur\n----- Original Message -----\nA par H\n", "A Par - Bur\n", true},
		{"header block without separator", "A Par - Bur\n\nFrom: J <j@x.org>\nDate: 3 March 2025\nTo: f@x.org\nSubject: reply\n\nA par H\n", "A Par - Bur\n", true},
		{"bold header block", "A Par - Bur\n\n*From:* J <j@x.org>\n*Sent:* Monday\n*Subject:* reply\nA par H\n", "A Par - Bur\n", true},
		{"only a quote", "> A par H\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := "From: f@x.org\r\nTo: j@x.org\r\nSubject: s\r\nMessage-ID: <q@x.org>\r\n\r\n" + strings.ReplaceAll(tt.body, "\n", "\r\n")
			m, err := mailer.Parse([]byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if m.Text != tt.want || m.Quoted != tt.quoted {
				t.Errorf("got %q (quoted %v), want %q (quoted %v)", m.Text, m.Quoted, tt.want, tt.quoted)
			}
		})
	}
}

// TestParseAutomaticKeepsQuotes: the judge's own replies echo each command
// as a "> " line; read back (by the demo, the tests), they stay whole.
func TestParseAutomaticKeepsQuotes(t *testing.T) {
	body := "> SET NOWAIT\n  Done.\n"
	raw := "From: j@x.org\r\nTo: f@x.org\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <a@x.org>\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
	m, err := mailer.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if m.Text != body || m.Quoted {
		t.Errorf("got %q (quoted %v), want %q", m.Text, m.Quoted, body)
	}
}

// TestParseHTMLQuoteMarkup checks the HTML that is a quote and the HTML
// that only looks like one.
func TestParseHTMLQuoteMarkup(t *testing.T) {
	tests := []struct {
		name   string
		html   string
		want   string
		quoted bool
	}{
		{
			"gmail's indent button is the player's text",
			`<div dir="ltr">A Par - Bur<blockquote style="margin:0 0 0 40px;border:none;padding:0px"><div>A Mar - Spa</div></blockquote></div>`,
			"A Par - Bur\nA Mar - Spa", false,
		},
		{
			"a nested div inside a quote does not end it",
			`<p>A Par - Bur</p><div class="gmail_quote"><div>old</div><div>A par H</div></div><p>F Bre - Pic</p>`,
			"A Par - Bur\n\nF Bre - Pic", true,
		},
		{
			"text after a cited blockquote is the player's",
			`<blockquote type="cite">A par H<br>A mar H</blockquote><div>A Par - Bur</div>`,
			"A Par - Bur", true,
		},
		{
			"nested citations",
			`<div>A Par - Bur</div><blockquote type="cite">x<blockquote type="cite">A par H</blockquote>A mar H</blockquote>`,
			"A Par - Bur", true,
		},
		{
			"preformatted quote",
			"<div>A Par - Bur</div><blockquote type=\"cite\"><pre>A par H\n\nA mar H</pre></blockquote>",
			"A Par - Bur\n", true,
		},
		{
			"outlook's divRplyFwdMsg ends the text",
			`<div>A Par - Bur</div><hr><div id="divRplyFwdMsg"><b>From:</b> x</div><div>A par H</div>`,
			"A Par - Bur", true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := "From: f@x.org\r\nTo: j@x.org\r\nMessage-ID: <h@x.org>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + tt.html
			m, err := mailer.Parse([]byte(raw))
			if err != nil {
				t.Fatal(err)
			}
			if m.Text != tt.want || m.Quoted != tt.quoted {
				t.Errorf("got %q (quoted %v), want %q (quoted %v)", m.Text, m.Quoted, tt.want, tt.quoted)
			}
		})
	}
}

// TestParseAttachments: text attachments are read after the body (quoted
// text left out of them too); the others are listed by name and type.
func TestParseAttachments(t *testing.T) {
	tests := []struct {
		file     string
		text     string
		quoted   bool
		attached []mailer.FileInfo
		unread   []mailer.FileInfo
	}{
		{
			// The body's signature would stop the judge before the
			// attachment; the logo in multipart/related is no attachment.
			file:     "outlook-txt-and-pdf.eml",
			text:     "SIGNON france@roma s3cret\n\nOrdini in allegato.\n\nA Par - Bur\nA Mar - Spa\nF Bre - Pic\n",
			attached: []mailer.FileInfo{{Name: "ordini.txt", Type: "text/plain", Size: 39}},
			unread:   []mailer.FileInfo{{Name: "Piano di guerra – 1901.pdf", Type: "application/pdf", Size: 52}},
		},
		{
			// Any *.txt, whatever its type; its quote is left out.
			file:     "gmail-octet-stream-txt.eml",
			text:     "SIGNON france@roma s3cret\n\nA Par - Bur\nA Mar - Spa\nF Bre - Pic\n",
			quoted:   true,
			attached: []mailer.FileInfo{{Name: "ordini.TXT", Type: "application/octet-stream", Size: 129}},
		},
		{
			// Apple Mail attaches inline, with RFC 2231 names.
			file:     "apple-inline-txt-and-photo.eml",
			text:     "SIGNON france@roma s3cret\n\nA Par - Bur\nA Mar - Spa\nF Bre - Pic\n",
			attached: []mailer.FileInfo{{Name: "ordini d’attacco.txt", Type: "text/plain", Size: 39}},
			unread:   []mailer.FileInfo{{Name: "IMG_0042.jpeg", Type: "image/jpeg", Size: 57}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m, err := mailer.Parse(readMail(t, filepath.Join("attach", tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			if m.Text != tt.text {
				t.Errorf("text:\n got %q\nwant %q", m.Text, tt.text)
			}
			if m.Quoted != tt.quoted {
				t.Errorf("Quoted = %v, want %v", m.Quoted, tt.quoted)
			}
			if !reflect.DeepEqual(m.Attached, tt.attached) {
				t.Errorf("Attached = %+v, want %+v", m.Attached, tt.attached)
			}
			if !reflect.DeepEqual(m.Unread, tt.unread) {
				t.Errorf("Unread = %+v, want %+v", m.Unread, tt.unread)
			}
		})
	}
}
