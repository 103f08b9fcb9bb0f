package mailer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Message is an inbound mail reduced to what the judge reads.
type Message struct {
	// MessageID is the Message-ID without angle brackets. A mail without one
	// gets "sha256-<hex of raw>@corriere.invalid", so that the same bytes
	// always get the same id and a mail fetched twice is recognised.
	MessageID string
	// From is the bare address of the From header, domain lower-cased.
	From string
	// ReplyTo is where to answer: the Reply-To address if there is one,
	// else From.
	ReplyTo string
	// To holds the bare addresses of the To header.
	To []string
	// Subject is the decoded subject (RFC 2047), spaces trimmed.
	Subject string
	// Date is the Date header; the zero time when missing or unreadable.
	Date time.Time
	// References holds the ids of In-Reply-To, then of References, without
	// angle brackets or repetitions: the thread the mail answers.
	References []string
	// Text is what the sender wrote, as plain UTF-8 text with "\n" line
	// ends: the text/plain part when there is one, else the text/html part
	// rendered as text; then, after an empty line, the text of each text
	// attachment (see Attached), in mail order.
	//
	// Quoted mail is left out (see Quoted): ">" lines and the attribution
	// line above them ("On ..., Francesca <f@x.org> wrote:"), HTML quotes
	// (<blockquote type="cite">, Gmail's), and, for Outlook's header block
	// ("From:", "Sent:", "Subject:" or "Da:", "Inviato:", "Oggetto:",
	// usually under a line of underscores) or "-----Original Message-----",
	// everything from there on. Text written after a ">" block (an answer
	// between quoted lines) stays. When attachment text follows, the body's
	// signature ("-- " and what follows) is left out, since the judge stops
	// reading at a signature.
	//
	// Automatic mail keeps its text whole: the judge never reads it, and
	// the judge's own replies, which quote each command as a "> " line,
	// read back as they were sent.
	Text string
	// Quoted reports that quoted text was left out of Text, so that the
	// judge can tell the player it read only what they wrote.
	Quoted bool
	// Attached lists the text attachments (text/plain, or any file named
	// *.txt) whose text follows the body in Text.
	Attached []FileInfo
	// Unread lists the other attachments (a PDF, a picture, a Word file),
	// which the judge does not read, so that it can say so ("your
	// attachment orders.pdf was not read"). Pictures that an HTML body
	// shows (in multipart/related) and signatures (PGP, S/MIME) are not
	// listed.
	Unread []FileInfo
	// Automatic reports an auto-reply, a bounce or a list mail: the judge
	// must never answer it, or two robots would answer each other forever.
	Automatic bool
	// Size is the length of the raw message in bytes.
	Size int
	// authResults are the Authentication-Results fields, top first.
	authResults []string
}

// syntheticIDDomain is the right-hand side of the ids Parse makes up for
// mail without a Message-ID; .invalid is reserved (RFC 2606), so such an id
// can never collide with a real one.
const syntheticIDDomain = "corriere.invalid"

// catchPanics makes Parse turn a panic into an error. The fuzz test turns
// it off so that a panic is reported where it happens.
var catchPanics = true

// maxHeaderSize bounds the part of a header (the message's, or a MIME
// part's) whose fields are read: fields beyond it are not. Real headers,
// even with a long trail of Received and DKIM fields, are a few tens of
// kilobytes; a bound keeps a header of millions of fields from costing
// more than a real one.
const maxHeaderSize = 256 << 10

// maxDateSize bounds the Date fields that are read as dates: a real one is
// some thirty bytes, and net/mail tries every layout it knows on it.
const maxDateSize = 1 << 10

// Parse reads a raw RFC 5322 message. It never panics: a broken MIME
// structure still yields what can be read (header fields, whatever body
// text survives), and the error is reserved for mail whose header cannot be
// read at all.
//
// Its work and the memory it allocates grow linearly with len(raw),
// whatever the mail holds; only the first 256 KiB of a header are read.
// To refuse an oversized mail without reading its body, use ParseLimit.
func Parse(raw []byte) (msg *Message, err error) {
	return ParseLimit(raw, 0)
}

// ParseLimit is Parse for a reader that refuses mail larger than max
// bytes: when max > 0 and len(raw) > max, it reads the header only (at
// most its first 256 KiB) and returns a Message whose header fields
// (MessageID, From, ReplyTo, To, Subject, Date, References, Automatic)
// and Size are what Parse would return, with no Text, Quoted, Attached or
// Unread: the body is not looked at. Its work is then bounded by the
// header's size (and one SHA-256 of raw for a mail without a
// Message-ID), whatever the body holds. With max <= 0, or a mail of at
// most max bytes, it is Parse.
//
// The caller tells an oversized mail, whose body was not read, by
// m.Size > max.
func ParseLimit(raw []byte, max int) (msg *Message, err error) {
	if catchPanics {
		defer func() {
			if r := recover(); r != nil {
				msg, err = nil, fmt.Errorf("parse message: internal error: %v", r)
			}
		}()
	}

	oversized := max > 0 && len(raw) > max
	head, body := splitHeader(raw, !oversized)
	h := parseHeader(head)
	if len(h) == 0 {
		return nil, errors.New("parse message: no readable header field")
	}

	m := &Message{
		MessageID:  messageID(h.get("Message-Id"), raw),
		From:       bareAddress(h.get("From")),
		Subject:    strings.TrimSpace(decodeWords(h.get("Subject"))),
		References: referenceIDs(h.get("In-Reply-To"), h.get("References")),
		Size:       len(raw),
	}
	m.ReplyTo = m.From
	if rt := bareAddress(h.get("Reply-To")); rt != "" {
		m.ReplyTo = rt
	}
	m.To = addressList(h.get("To"))
	if v := strings.TrimSpace(h.get("Date")); v != "" && len(v) <= maxDateSize {
		// An unreadable date is not worth refusing a message for: the judge
		// goes by the time it received the mail anyway.
		if d, err := mail.ParseDate(v); err == nil {
			m.Date = d
		}
	}
	m.Automatic = isAutomatic(h, m.From, m.Subject)
	for _, f := range h {
		if strings.EqualFold(f.key, "Authentication-Results") && len(m.authResults) < maxAuthResults {
			m.authResults = append(m.authResults, f.value)
		}
	}
	if oversized {
		return m, nil
	}

	w := walker{}
	t := w.entity(h, body, 0, true, false)
	m.Quoted = t.cut
	pieces := []string{t.s}
	for _, a := range w.attached {
		m.Attached = append(m.Attached, a.info)
		pieces = append(pieces, a.text)
	}
	m.Unread = w.unread
	if !m.Automatic {
		for i, p := range pieces {
			s, quoted := stripQuotes(p)
			pieces[i] = s
			m.Quoted = m.Quoted || quoted
		}
	}
	m.Text = joinTexts(pieces)
	return m, nil
}

// joinTexts puts the body and the attachments' texts one after the other,
// an empty line between them. A signature ends each but the last: the
// judge stops reading at a signature, and must read on.
func joinTexts(pieces []string) string {
	var keep []string
	for _, p := range pieces {
		if strings.TrimSpace(p) != "" {
			keep = append(keep, p)
		}
	}
	switch len(keep) {
	case 0:
		return pieces[0]
	case 1:
		return keep[0]
	}
	for i := range keep {
		if i < len(keep)-1 {
			keep[i] = cutSignature(keep[i])
		}
		keep[i] = strings.Trim(keep[i], "\n")
	}
	return strings.Join(keep, "\n\n") + "\n"
}

// cutSignature returns text up to its signature line ("-- ", or "--" as
// mail programs that strip trailing spaces write it), as the judge's
// reading of a mail stops there.
func cutSignature(text string) string {
	pos := 0
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == "--" {
			return text[:pos]
		}
		pos += len(line)
	}
	return text
}

// splitHeader cuts raw at the first empty line. Without one the whole
// message is header, which is how a truncated mail looks. head is cut to
// maxHeaderSize: the fields beyond it are not read. Without needBody the
// search for the empty line stops there too, and body may be nil when
// there is one: ParseLimit, which reads no body of an oversized mail, asks
// for that.
func splitHeader(raw []byte, needBody bool) (head, body []byte) {
	pos := 0
	for pos < len(raw) && (needBody || pos <= maxHeaderSize) {
		// pos is the start of a line.
		if raw[pos] == '\n' {
			return capHeader(raw[:pos]), raw[pos+1:]
		}
		if raw[pos] == '\r' && pos+1 < len(raw) && raw[pos+1] == '\n' {
			return capHeader(raw[:pos]), raw[pos+2:]
		}
		nl := bytes.IndexByte(raw[pos:], '\n')
		if nl < 0 {
			break
		}
		pos += nl + 1
	}
	return capHeader(raw), nil
}

// capHeader returns at most maxHeaderSize bytes of head.
func capHeader(head []byte) []byte {
	if len(head) > maxHeaderSize {
		return head[:maxHeaderSize]
	}
	return head
}

type field struct{ key, value string }

// header is a list of fields in message order.
type header []field

// get returns the value of the first field named key (case-insensitive),
// "" when there is none.
func (h header) get(key string) string {
	for _, f := range h {
		if strings.EqualFold(f.key, key) {
			return f.value
		}
	}
	return ""
}

// parseHeader reads header fields leniently: folded lines are unfolded, and
// lines that are no field (no colon, a key with spaces, a continuation with
// nothing to continue, such as an mbox "From " line) are skipped rather than
// ending the header, since a mail program that writes one bad line usually
// writes the rest well.
func parseHeader(head []byte) header {
	// Room for every field at once: each line with a colon may be one.
	h := make(header, 0, min(bytes.Count(head, []byte("\n")), bytes.Count(head, []byte(":")))+1)
	// Unfolding: the value of a folded field is its trimmed pieces joined
	// by one space, empty pieces left out. They are gathered in folded
	// and the value made once, as appending each piece to the value
	// would copy the value again for each line.
	var folded strings.Builder
	unfold := func() {
		if folded.Len() > 0 {
			h[len(h)-1].value = folded.String()
			folded = strings.Builder{}
		}
	}
	for line := range strings.Lines(string(head)) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if len(h) > 0 {
				piece := strings.TrimSpace(line)
				if piece == "" {
					continue
				}
				if folded.Len() == 0 {
					folded.WriteString(h[len(h)-1].value)
				}
				if folded.Len() > 0 {
					folded.WriteByte(' ')
				}
				folded.WriteString(piece)
			}
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 {
			continue
		}
		key := strings.TrimRight(line[:colon], " \t")
		if !validFieldName(key) {
			continue
		}
		unfold()
		h = append(h, field{key: key, value: strings.TrimSpace(line[colon+1:])})
	}
	unfold()
	// Raw 8-bit bytes (RFC 6532 UTF-8, or a careless mail program's
	// Latin-1) become UTF-8 here, so that no field yields invalid text.
	for i := range h {
		h[i].value = toUTF8String(h[i].value)
	}
	return h
}

func validFieldName(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; c < 33 || c > 126 || c == ':' {
			return false
		}
	}
	return true
}

// wordDecoder decodes RFC 2047 encoded words in every charset go-message
// knows.
var wordDecoder = &mime.WordDecoder{CharsetReader: wordCharsetReader}

// wordCharsetReader is charsetReader for the few bytes of one encoded
// word. It converts them at once and returns a bytes.Reader, which
// io.Copy (in mime.WordDecoder) writes out without a buffer: a reader of
// golang.org/x/text's, read by io.Copy, costs some 40 KB of buffers for
// each word, and a subject may hold thousands of words.
func wordCharsetReader(label string, r io.Reader) (io.Reader, error) {
	enc, err := lookupEncoding(label)
	if err != nil {
		return nil, err
	}
	var in []byte
	if br, ok := r.(*bytes.Reader); ok {
		in = make([]byte, br.Len())
		_, _ = io.ReadFull(br, in)
	} else if in, err = io.ReadAll(r); err != nil {
		return nil, err
	}
	out, err := enc.NewDecoder().Bytes(in)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(out), nil
}

// decodeWords decodes the encoded words of an unstructured field. Raw 8-bit
// text (RFC 6532, or a mail program that never heard of RFC 2047) is taken
// as UTF-8 when it is, else as Windows-1252.
func decodeWords(v string) string {
	if d, err := wordDecoder.DecodeHeader(v); err == nil {
		v = d
	}
	return toUTF8String(v)
}

var addressParser = mail.AddressParser{WordDecoder: wordDecoder}

// looseAddress finds something shaped like an address in a field that
// net/mail cannot parse (unquoted dots or commas in names, missing angle
// brackets, and the like).
var looseAddress = regexp.MustCompile(`[^\s<>"(),;:\[\]]+@[^\s<>"(),;:\[\]]+`)

// maxAddressField bounds the address fields net/mail parses; longer ones
// are searched with looseAddress. net/mail joins adjacent encoded words of
// a display name by appending each to the others, which for a field of
// thousands of them costs the square of its length. A From field is
// rarely a hundred bytes; a To field of a hundred recipients some 4 KB.
const maxAddressField = 4 << 10

// bareAddress returns the first address of an address field, with the
// domain lower-cased, or "" when there is none.
func bareAddress(v string) string {
	if strings.TrimSpace(v) == "" {
		return ""
	}
	if len(v) > maxAddressField {
		return normalizeAddress(looseAddress.FindString(v))
	}
	if a, err := addressParser.Parse(v); err == nil {
		return normalizeAddress(a.Address)
	}
	if l, err := addressParser.ParseList(v); err == nil && len(l) > 0 {
		return normalizeAddress(l[0].Address)
	}
	return normalizeAddress(looseAddress.FindString(v))
}

// addressList returns the bare addresses of an address field.
func addressList(v string) []string {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	var out []string
	if len(v) > maxAddressField {
		// See maxAddressField.
	} else if l, err := addressParser.ParseList(v); err == nil {
		for _, a := range l {
			out = append(out, normalizeAddress(a.Address))
		}
		return out
	}
	for _, a := range looseAddress.FindAllString(v, -1) {
		out = append(out, normalizeAddress(a))
	}
	return out
}

// normalizeAddress lower-cases the domain: domains are case-insensitive,
// local parts in principle are not, so the judge compares addresses in
// this one form.
func normalizeAddress(a string) string {
	a = strings.TrimSpace(a)
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return a
	}
	return a[:at+1] + strings.ToLower(a[at+1:])
}

var bracketed = regexp.MustCompile(`<([^<>]*)>`)

// messageID returns the id in a Message-ID field, or the synthetic id of
// raw when there is none.
func messageID(v string, raw []byte) string {
	if m := bracketed.FindStringSubmatch(v); m != nil {
		if id := strings.TrimSpace(m[1]); id != "" {
			return id
		}
	}
	// Some mail programs leave out the brackets.
	if v = strings.TrimSpace(v); v != "" && !strings.ContainsAny(v, " \t<>") {
		return v
	}
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:]) + "@" + syntheticIDDomain
}

// referenceIDs gathers the ids of In-Reply-To and References, in that
// order, without repetitions.
func referenceIDs(inReplyTo, references string) []string {
	var ids []string
	seen := map[string]bool{} // a slice searched for each id would make a long References quadratic
	add := func(id string) {
		id = strings.TrimSpace(id)
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, v := range []string{inReplyTo, references} {
		found := bracketed.FindAllStringSubmatch(v, -1)
		for _, m := range found {
			add(m[1])
		}
		if found == nil {
			if v = strings.TrimSpace(v); v != "" && !strings.ContainsAny(v, " \t") {
				add(v)
			}
		}
	}
	return ids
}

// robotLocalParts are the senders of bounces and of mail nobody reads.
var robotLocalParts = []string{
	"mailer-daemon", "postmaster", "no-reply", "noreply", "do-not-reply", "donotreply",
}

// autoReplySubjects begin the subjects of automatic replies.
var autoReplySubjects = []string{"Automatic reply:", "Risposta automatica:", "Out of Office:", "Auto:"}

// automaticFields are the header fields whose presence marks automatic
// mail, whatever their value.
var automaticFields = []string{
	"x-loop", "list-id", "list-unsubscribe",
	// Exchange's and Outlook's out-of-office replies carry this (asking
	// other robots not to answer) and no Auto-Submitted.
	"x-auto-response-suppress",
	// Headers that other auto-responders and bounce generators set
	// instead of Auto-Submitted.
	"x-autoreply", "x-autorespond", "x-autogenerated", "x-failed-recipients",
}

// isAutomatic reports whether the header marks an auto-reply, a bounce or
// a list mail (RFC 3834 and common practice); from is the bare From
// address, subject the decoded subject.
func isAutomatic(h header, from, subject string) bool {
	for _, f := range h {
		// The key is compared ignoring case, and the value lowered only
		// when it matters: lowering every field would allocate for each
		// of a header's fields, of which there may be many thousands.
		lowerValue := func() string { return strings.ToLower(strings.TrimSpace(f.value)) }
		switch key := f.key; {
		case strings.EqualFold(key, "auto-submitted"):
			kind, _, _ := strings.Cut(lowerValue(), ";")
			if strings.TrimSpace(kind) != "no" {
				return true
			}
		case strings.EqualFold(key, "precedence"):
			switch lowerValue() {
			case "bulk", "junk", "list", "auto_reply":
				return true
			}
		case slices.ContainsFunc(automaticFields, func(k string) bool { return strings.EqualFold(key, k) }):
			return true
		case strings.EqualFold(key, "return-path"):
			if strings.Join(strings.Fields(f.value), "") == "<>" {
				return true
			}
		case strings.EqualFold(key, "content-type"):
			if mt, _ := parseContentType(f.value); mt == "multipart/report" {
				return true
			}
		}
	}
	// Exchange's out-of-office replies, when they lack the headers above:
	// by the subject its servers give them, in English and Italian.
	for _, prefix := range autoReplySubjects {
		if len(subject) >= len(prefix) && strings.EqualFold(subject[:len(prefix)], prefix) {
			return true
		}
	}
	// "MAILER-DAEMON" often comes without a domain, which net/mail refuses.
	if strings.Contains(strings.ToLower(h.get("From")), "mailer-daemon") {
		return true
	}
	if from != "" {
		local := strings.ToLower(from)
		if at := strings.LastIndexByte(local, '@'); at >= 0 {
			local = local[:at]
		}
		if slices.Contains(robotLocalParts, local) {
			return true
		}
	}
	return false
}
