package mailer

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Attachment is a file sent along with an outgoing mail.
type Attachment struct {
	Filename    string
	ContentType string // "application/octet-stream" when empty
	Data        []byte
	// lines are Data as base64 lines, when encoded ahead (Encoded).
	lines []byte
}

// Encoded returns a with its data encoded ahead, as Compose writes it:
// an attachment that goes into several mails (a map its players read in
// two languages) is encoded once. a.Data must not change after.
func Encoded(a Attachment) Attachment {
	a.lines = make([]byte, 0, base64Len(len(a.Data)))
	a.lines = appendBase64(a.lines, a.Data)
	return a
}

// base64Len is the length of n bytes as base64 lines.
func base64Len(n int) int {
	enc := base64.StdEncoding.EncodedLen(n)
	return enc + 2*((enc+75)/76)
}

// appendBase64 appends data as base64 lines of 76 characters (57
// bytes, whose encoding needs no padding), each ended by CRLF (RFC
// 2045, 6.8).
func appendBase64(out, data []byte) []byte {
	const in = 57
	for len(data) > 0 {
		n := min(len(data), in)
		out = base64.StdEncoding.AppendEncode(out, data[:n])
		out = append(out, '\r', '\n')
		data = data[n:]
	}
	return out
}

// Outgoing is a mail the judge sends.
type Outgoing struct {
	// From, To and Cc are addresses, with or without a display name
	// ("Corriere <judge@example.org>").
	From, To string
	Cc       []string
	Subject  string
	// MessageID is the id without angle brackets, stable for the outbox
	// row ("outbox-42@judge.example.org"): the same row always yields the
	// same Message-ID, so a mail sent twice is recognised as one.
	MessageID string
	// InReplyTo is the id of the mail answered, if any.
	InReplyTo string
	Date      time.Time
	// Text is the body, UTF-8 plain text; "\n" or "\r\n" line ends.
	Text        string
	Attachments []Attachment
	// Loop is the judge's own X-Loop value, its address; the bare From
	// address when empty.
	Loop string
	// Reply says the mail answers one (the judge's reply to a player's
	// mail): it is marked "Auto-Submitted: auto-replied". Any other mail
	// the judge sends of its own accord (results, reminders, press,
	// announcements) is "auto-generated", as RFC 3834 (section 5) asks.
	Reply bool
}

// autoSubmitted returns the Auto-Submitted value that marks the judge's
// mail as automatic (RFC 3834), so that vacation responders stay silent.
func (o Outgoing) autoSubmitted() string {
	if o.Reply {
		return "auto-replied"
	}
	return "auto-generated"
}

// Undisclosed is the To of a mail sent to several recipients who must not
// see each other's addresses: an empty group (RFC 5322, 3.4), their
// addresses only in the envelope.
const Undisclosed = "undisclosed-recipients:;"

// Compose writes o as an RFC 5322 message: text/plain in UTF-8, quoted-
// printable, inside multipart/mixed when there are attachments. The bytes
// depend on o alone (no clock, no randomness: the MIME boundary derives
// from MessageID), so an outbox row composed again is byte for byte the
// mail sent before. Every mail carries Auto-Submitted and X-Loop, which
// Parse reads as Automatic: the judge never answers itself.
func Compose(o Outgoing) ([]byte, error) {
	from, err := formatAddress(o.From)
	if err != nil {
		return nil, fmt.Errorf("compose: from: %w", err)
	}
	to := Undisclosed
	if o.To != Undisclosed {
		if to, err = formatAddress(o.To); err != nil {
			return nil, fmt.Errorf("compose: to: %w", err)
		}
	}
	var cc []string
	for _, a := range o.Cc {
		f, err := formatAddress(a)
		if err != nil {
			return nil, fmt.Errorf("compose: cc: %w", err)
		}
		cc = append(cc, f)
	}
	id, err := checkID(o.MessageID)
	if err != nil {
		return nil, fmt.Errorf("compose: message id: %w", err)
	}
	var inReplyTo string
	if o.InReplyTo != "" {
		if inReplyTo, err = checkID(o.InReplyTo); err != nil {
			return nil, fmt.Errorf("compose: in-reply-to: %w", err)
		}
	}
	if o.Date.IsZero() {
		// Filling in time.Now would make the bytes differ on each call.
		return nil, errors.New("compose: date is required")
	}
	if !utf8.ValidString(o.Text) || !utf8.ValidString(o.Subject) {
		return nil, errors.New("compose: text and subject must be UTF-8")
	}
	loop := o.Loop
	if loop == "" {
		a, _ := mail.ParseAddress(o.From) // already checked by formatAddress
		loop = a.Address
	}
	if strings.ContainsAny(loop, "\r\n") {
		return nil, errors.New("compose: loop: line break in value")
	}

	// The message's size is known closely ahead: its text, its
	// attachments' base64 and a few kilobytes of headers.
	size := 2048 + len(o.Text) + len(o.Text)/4
	for _, a := range o.Attachments {
		size += 512 + base64Len(len(a.Data))
	}
	var b bytes.Buffer
	b.Grow(size)
	writeField(&b, "Date", o.Date.Format(time.RFC1123Z))
	writeField(&b, "From", from)
	writeField(&b, "To", to)
	if len(cc) > 0 {
		writeField(&b, "Cc", strings.Join(cc, ", "))
	}
	writeField(&b, "Subject", encodeText(o.Subject))
	writeField(&b, "Message-ID", "<"+id+">")
	if inReplyTo != "" {
		writeField(&b, "In-Reply-To", "<"+inReplyTo+">")
		writeField(&b, "References", "<"+inReplyTo+">")
	}
	writeField(&b, "MIME-Version", "1.0")
	writeField(&b, "Auto-Submitted", o.autoSubmitted())
	writeField(&b, "X-Loop", loop)

	if len(o.Attachments) == 0 {
		writeTextPart(&b, o.Text)
		return b.Bytes(), nil
	}

	// "=_" never occurs in quoted-printable or base64 text, so this
	// boundary cannot clash with the content.
	sum := sha256.Sum256([]byte("boundary\x00" + id))
	boundary := "=_corriere_" + hex.EncodeToString(sum[:12])
	writeField(&b, "Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": boundary}))
	b.WriteString("\r\n")
	b.WriteString("--" + boundary + "\r\n")
	writeTextPart(&b, o.Text)
	for i, a := range o.Attachments {
		b.WriteString("\r\n--" + boundary + "\r\n")
		if err := writeAttachment(&b, a); err != nil {
			return nil, fmt.Errorf("compose: attachment %d (%q): %w", i, a.Filename, err)
		}
	}
	b.WriteString("\r\n--" + boundary + "--\r\n")
	return b.Bytes(), nil
}

// formatAddress parses an address, with or without a display name, and
// writes it back in RFC 5322 form (a non-ASCII name RFC 2047 encoded).
func formatAddress(s string) (string, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", fmt.Errorf("address %q: %w", s, err)
	}
	if a.Name != "" && !isASCII(a.Name) {
		// net/mail would encode too, but in one long word.
		name := a.Name
		a.Name = ""
		return encodeText(name) + " " + a.String(), nil
	}
	return a.String(), nil
}

// checkID accepts a message id with or without angle brackets and returns
// it without them.
func checkID(id string) (string, error) {
	id = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(id), "<"), ">")
	switch {
	case id == "":
		return "", errors.New("missing")
	case strings.ContainsAny(id, " \t\r\n<>\"()"):
		return "", fmt.Errorf("%q: not a message id", id)
	case !strings.Contains(id, "@"):
		return "", fmt.Errorf("%q: no @ in message id", id)
	}
	return id, nil
}

// encodeText encodes a header text as RFC 2047 "Q" words when it is not
// plain printable ASCII. The words are short enough that a header line
// holding one stays within 78 characters, which mime.QEncoding's 75-byte
// words do not after a field name.
func encodeText(s string) string {
	s = strings.Join(strings.Fields(s), " ") // no line breaks in a header
	plain := true
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			plain = false
			break
		}
	}
	if plain && !strings.Contains(s, "=?") {
		return s
	}
	const (
		prefix  = "=?utf-8?q?"
		suffix  = "?="
		maxWord = 60
	)
	var words []string
	var w strings.Builder
	for _, r := range s {
		var enc string
		switch {
		case r == ' ':
			enc = "_"
		case r < 0x80 && (isASCIILetter(byte(r)) || '0' <= r && r <= '9' || strings.ContainsRune("!*+-/", r)):
			enc = string(r)
		default:
			var buf [utf8.UTFMax]byte
			for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
				enc += qpEscape(c)
			}
		}
		if w.Len() > 0 && len(prefix)+w.Len()+len(enc)+len(suffix) > maxWord {
			words = append(words, prefix+w.String()+suffix)
			w.Reset()
		}
		w.WriteString(enc)
	}
	words = append(words, prefix+w.String()+suffix)
	return strings.Join(words, " ")
}

// writeField writes "Key: value", folded at spaces to keep lines within 78
// characters where the value allows it (RFC 5322, 2.1.1).
func writeField(b *bytes.Buffer, key, value string) {
	const limit = 78
	b.WriteString(key)
	b.WriteString(":")
	col := len(key) + 1
	for i, word := range strings.Split(value, " ") {
		if i > 0 && word != "" && col+1+len(word) > limit {
			b.WriteString("\r\n")
			col = 0
		}
		b.WriteByte(' ')
		b.WriteString(word)
		col += 1 + len(word)
	}
	b.WriteString("\r\n")
}

func writeTextPart(b *bytes.Buffer, text string) {
	writeField(b, "Content-Type", "text/plain; charset=utf-8")
	writeField(b, "Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	writeQP(b, text)
}

func writeAttachment(b *bytes.Buffer, a Attachment) error {
	ct := a.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("content type %q: %w", ct, err)
	}
	disposition := "attachment"
	if a.Filename != "" {
		params["name"] = a.Filename
		disposition = mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename})
	}
	ctValue := mime.FormatMediaType(mt, params)
	if ctValue == "" || disposition == "" {
		return fmt.Errorf("filename %q cannot be written in a header", a.Filename)
	}
	writeField(b, "Content-Type", ctValue)
	writeField(b, "Content-Disposition", disposition)
	writeField(b, "Content-Transfer-Encoding", "base64")
	b.WriteString("\r\n")
	if a.lines != nil {
		b.Write(a.lines)
		return nil
	}
	b.Grow(base64Len(len(a.Data)))
	b.Write(appendBase64(b.AvailableBuffer(), a.Data))
	return nil
}

// writeQP writes text as quoted-printable with CRLF line ends. Besides
// RFC 2045 it protects lines that transports damage: a line starting with
// "From " (which mbox delivery turns into ">From ") gets its F encoded, and
// a leading "." (which a broken SMTP hop may eat) is encoded too. Text
// without a final line end ends in a soft line break, so that the body ends
// in CRLF and still decodes to exactly text.
func writeQP(b *bytes.Buffer, text string) {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		last := i == len(lines)-1
		if last && line == "" {
			break // text ended with a line end
		}
		if !last {
			line = strings.TrimSuffix(line, "\r") // CRLF is a line end too
		}
		encodeQPLine(b, line)
		if last {
			b.WriteString("=\r\n")
		} else {
			b.WriteString("\r\n")
		}
	}
}

func encodeQPLine(b *bytes.Buffer, line string) {
	const maxLine = 75 // plus the "=" of a soft line break: 76 (RFC 2045)
	col := 0
	for i := 0; i < len(line); i++ {
		tok := qpToken(line, i, col == 0)
		if col+len(tok) > maxLine {
			b.WriteString("=\r\n")
			col = 0
			tok = qpToken(line, i, true)
		}
		b.WriteString(tok)
		col += len(tok)
	}
}

const hexDigits = "0123456789ABCDEF"

// qpToken encodes line[i]; lineStart says it opens an encoded line.
func qpToken(line string, i int, lineStart bool) string {
	c := line[i]
	literal := c >= 33 && c <= 126 && c != '='
	switch {
	case c == ' ' || c == '\t':
		literal = i < len(line)-1 // trailing white space would be stripped
	case lineStart && c == '.':
		literal = false
	case lineStart && c == 'F' && strings.HasPrefix(line[i:], "From "):
		literal = false
	}
	if literal {
		return line[i : i+1]
	}
	return qpEscape(c)
}

// qpEscape writes c as "=XX", in the upper-case hex that RFC 2045 and
// RFC 2047 require.
func qpEscape(c byte) string {
	return string([]byte{'=', hexDigits[c>>4], hexDigits[c&15]})
}
