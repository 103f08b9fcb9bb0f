//go:build integration

package integration

import (
	"fmt"
	"html"
	"sort"
	"strings"
	"time"
)

// A player who answers the judge's reply with new orders sends the old
// orders back in the quote. These are the forms the integration test
// mails, as the mail programs write them: the player's new text on top,
// then the judge's reply quoted without ">" marks, which the judge must not
// read (its old order list would replace the new orders).
const (
	quoteOutlookPlain = "Outlook, plain text"
	quoteOutlookHTML  = "Outlook on the web, HTML only"
	quoteThunderbird  = "Thunderbird, HTML only"
)

// quotedReplies says which powers answer which phase (index in
// examples.Seed) with a quoted reply, and in which form.
var quotedReplies = map[int]map[string]string{
	0: {"france": quoteOutlookPlain},
	1: {"italy": quoteThunderbird, "england": quoteOutlookHTML},
}

// quotedPowers returns the powers of quotedReplies[phase], sorted.
func quotedPowers(phase int) []string {
	var ps []string
	for p := range quotedReplies[phase] {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// holdOrders turns a seed line of orders ("A Par-Bur, A Mar-Spa, F
// Bre-Pic.") into a hold for each unit ("A Par H\nA Mar H\nF Bre H"): the
// old orders the player replaces.
func holdOrders(line string) string {
	var out []string
	for _, o := range strings.Split(strings.TrimSuffix(strings.TrimSpace(line), "."), ",") {
		f := strings.Fields(o)
		if len(f) < 2 {
			continue
		}
		loc, _, _ := strings.Cut(f[1], "-")
		out = append(out, f[0]+" "+strings.TrimSuffix(loc, ".")+" H")
	}
	return strings.Join(out, "\n")
}

// quotedReply is a player's reply to the judge's mail answered, in the
// given form: newText (the player's lines, "\n" line ends) on top, then
// the judge's reply quoted whole.
type quotedReply struct {
	form              string
	from, to, subject string
	id, inReplyTo     string
	date              time.Time // the judge's clock, as for playerMail
	newText           string
	quotedFrom        string // the judge's address, as the header block shows it
	quotedText        string // the judge's reply, as the player received it
	quotedSubject     string
	quotedDate        time.Time
}

func (q quotedReply) raw() []byte {
	head := "From: " + q.from + "\r\nTo: " + q.to + "\r\nSubject: " + q.subject + "\r\nMessage-ID: <" + q.id + ">\r\n" +
		"In-Reply-To: <" + q.inReplyTo + ">\r\nReferences: <" + q.inReplyTo + ">\r\n" +
		"Date: " + q.date.UTC().Format(time.RFC1123Z) + "\r\nMIME-Version: 1.0\r\n"
	var body string
	switch q.form {
	case quoteOutlookPlain:
		// Outlook's line of underscores, its header block, the old mail
		// unmarked.
		body = q.newText + "\n" + strings.Repeat("_", 32) + "\n" +
			"From: Corriere <" + q.quotedFrom + ">\n" +
			"Sent: " + q.quotedDate.Format("Monday, January 2, 2006 3:04 PM") + "\n" +
			"To: " + q.from + "\n" +
			"Subject: " + q.quotedSubject + "\n\n" + q.quotedText
		head += "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: 8bit\r\n"
	case quoteOutlookHTML:
		var b strings.Builder
		b.WriteString("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head><body dir=\"ltr\">\n")
		for _, l := range strings.Split(strings.TrimRight(q.newText, "\n"), "\n") {
			if l == "" {
				b.WriteString("<div class=\"elementToProof\"><br></div>\n")
				continue
			}
			fmt.Fprintf(&b, "<div class=\"elementToProof\" style=\"font-family: Aptos, Calibri, sans-serif; font-size: 12pt;\">%s</div>\n", html.EscapeString(l))
		}
		b.WriteString("<div id=\"appendonsend\"></div>\n<hr style=\"display:inline-block;width:98%\" tabindex=\"-1\">\n")
		fmt.Fprintf(&b, "<div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri, sans-serif\" style=\"font-size:11pt\" color=\"#000000\"><b>From:</b> Corriere &lt;%s&gt;<br>\n<b>Sent:</b> %s<br>\n<b>To:</b> %s<br>\n<b>Subject:</b> %s</font>\n<div>&nbsp;</div></div>\n",
			html.EscapeString(q.quotedFrom), q.quotedDate.Format("Monday, January 2, 2006 3:04 PM"), html.EscapeString(q.from), html.EscapeString(q.quotedSubject))
		b.WriteString("<div class=\"BodyFragment\"><font size=\"2\"><span style=\"font-size:11pt;\"><div class=\"PlainText\">")
		for _, l := range strings.Split(q.quotedText, "\n") {
			b.WriteString(strings.ReplaceAll(html.EscapeString(l), "  ", "&nbsp; ") + "<br>\n")
		}
		b.WriteString("</div></span></font></div>\n</body></html>\n")
		body = b.String()
		head += "Content-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: 8bit\r\n"
	case quoteThunderbird:
		var b strings.Builder
		b.WriteString("<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n  </head>\n  <body>\n    <p>")
		b.WriteString(strings.ReplaceAll(html.EscapeString(strings.TrimRight(q.newText, "\n")), "\n", "<br>\n      "))
		b.WriteString("</p>\n")
		fmt.Fprintf(&b, "    <div class=\"moz-cite-prefix\">On %s, Corriere wrote:<br>\n    </div>\n", q.quotedDate.Format("02/01/2006 15:04"))
		fmt.Fprintf(&b, "    <blockquote type=\"cite\" cite=\"mid:%s\">\n      <pre class=\"moz-quote-pre\" wrap=\"\">%s</pre>\n    </blockquote>\n  </body>\n</html>\n",
			html.EscapeString(q.inReplyTo), html.EscapeString(q.quotedText))
		body = b.String()
		head += "Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\nUser-Agent: Mozilla Thunderbird\r\n"
	default:
		panic("unknown quoting form " + q.form)
	}
	return []byte(head + "\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}
