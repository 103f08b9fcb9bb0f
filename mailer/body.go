package mailer

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"slices"
	"strings"
	"unicode/utf8"

	// Registers go-message's charsets for the libraries that read mail
	// with go-message (the IMAP client), as before lookupEncoding.
	_ "github.com/emersion/go-message/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
)

// Limits that keep a hostile message from costing more than a real one.
const (
	maxDepth = 16  // nested multiparts
	maxParts = 256 // parts in a message
)

// textKind says what a part's text came from; plain text beats HTML.
type textKind int

const (
	kindNone textKind = iota
	kindHTML
	kindPlain
)

// text is the readable text of an entity.
type text struct {
	s    string
	kind textKind
	cut  bool // HTML rendering stopped where a quoted mail begins
}

// FileInfo describes an attachment of an inbound mail.
type FileInfo struct {
	// Name is the file name the mail gives it (RFC 2231 and RFC 2047
	// decoded), "" when it gives none.
	Name string
	// Type is the media type, lower case, without parameters
	// ("application/pdf").
	Type string
	// Size is the attachment's length in bytes, once decoded.
	Size int
}

// attachedText is a text attachment read as part of the mail.
type attachedText struct {
	info FileInfo
	text string
}

// walker walks a MIME tree held in memory. It splits multiparts itself
// instead of using a streaming reader, so that a missing closing boundary,
// a malformed part header or a wrong boundary parameter loses as little
// text as possible.
type walker struct {
	parts    int
	attached []attachedText // text attachments, in mail order
	unread   []FileInfo     // the other attachments
}

// signatureTypes are parts that sign or encrypt a mail rather than
// attach a file to it.
var signatureTypes = map[string]bool{
	"application/pgp-signature": true, "application/pkcs7-signature": true,
	"application/x-pkcs7-signature": true, "application/pgp-encrypted": true,
}

// entity returns the readable text of an entity with header h and raw body.
// top is true for the message itself, whose Content-Disposition is not
// taken to make it an attachment; related is true inside a
// multipart/related, where named parts are the pictures an HTML body
// shows (a signature's logo), not attachments.
//
// Attachments are recorded in w: text/plain ones, and any *.txt file, as
// text to read after the body (players attach their orders); the others
// by name and type only, for the judge to say it did not read them.
func (w *walker) entity(h header, body []byte, depth int, top, related bool) text {
	w.parts++
	if w.parts > maxParts || depth > maxDepth {
		return text{}
	}
	mt, params := parseContentType(h.get("Content-Type"))
	if strings.HasPrefix(mt, "multipart/") {
		return w.multipart(mt, params["boundary"], body, depth, related)
	}
	disposition, name := parseDisposition(h.get("Content-Disposition"), params)
	attachment := disposition == "attachment" && !top
	textType := mt == "text/plain" || mt == "text/html"
	switch {
	case top && textType:
		// The message's own text, whatever its disposition says.
	case mt == "text/plain" && (attachment || name != "") || hasSuffixFold(name, ".txt"):
		b := decodeTransfer(h.get("Content-Transfer-Encoding"), body)
		s := normalizeNewlines(toUTF8(params["charset"], b))
		w.attached = append(w.attached, attachedText{FileInfo{Name: name, Type: mt, Size: len(b)}, s})
		return text{}
	case attachment || top || (name != "" && !related && mt != "text/html" && !signatureTypes[mt]):
		if !signatureTypes[mt] {
			b := decodeTransfer(h.get("Content-Transfer-Encoding"), body)
			w.unread = append(w.unread, FileInfo{Name: name, Type: mt, Size: len(b)})
		}
		return text{}
	}
	switch mt {
	case "text/plain", "text/html":
		b := decodeTransfer(h.get("Content-Transfer-Encoding"), body)
		s := normalizeNewlines(toUTF8(params["charset"], b))
		if mt == "text/html" {
			s, cut := htmlToText(s)
			return text{s, kindHTML, cut}
		}
		if strings.EqualFold(params["format"], "flowed") {
			s = unflow(s, strings.EqualFold(params["delsp"], "yes"))
		}
		return text{s: s, kind: kindPlain}
	}
	return text{}
}

// parseDisposition returns a part's disposition ("attachment", "inline"
// or "", lower case) and its file name: the disposition's filename, else
// the content type's name parameter, RFC 2047 words decoded (Outlook and
// Gmail write them there although RFC 2231 is the standard way, which
// mime.ParseMediaType decodes).
func parseDisposition(v string, ctParams map[string]string) (disposition, name string) {
	d, params, err := mime.ParseMediaType(v)
	if err != nil {
		d, _, _ = strings.Cut(v, ";")
		d = strings.ToLower(strings.TrimSpace(d))
		params = nil
	}
	name = params["filename"]
	if name == "" {
		name = ctParams["name"]
	}
	return d, strings.TrimSpace(decodeWords(name))
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

func (w *walker) multipart(mt, boundary string, body []byte, depth int, related bool) text {
	parts, ok := splitMultipart(body, boundary)
	if !ok {
		// The boundary parameter is missing or wrong (a mail program or a
		// filter rewrote one side only): guess it from the body.
		if guess := guessBoundary(body); guess != "" && guess != boundary {
			parts, ok = splitMultipart(body, guess)
		}
	}
	if !ok {
		// No structure at all: the body itself is the best text there is.
		return text{s: normalizeNewlines(toUTF8("", body)), kind: kindPlain}
	}
	related = related || mt == "multipart/related"

	var results []text
	for _, p := range parts {
		if w.parts >= maxParts {
			break // the rest would not be read
		}
		head, pbody := splitHeader(p, true)
		ph := parseHeader(head)
		if len(ph) == 0 && len(bytes.TrimSpace(head)) != 0 {
			// Not a header: a part without one starts straight with its
			// body (RFC 2046 allows an empty header, some programs drop
			// the empty line too).
			pbody = p
		}
		r := w.entity(ph, pbody, depth+1, false, related)
		if r.kind != kindNone && strings.TrimSpace(r.s) != "" {
			results = append(results, r)
		}
	}
	if len(results) == 0 {
		return text{}
	}

	isPlain := func(r text) bool { return r.kind == kindPlain }
	if mt == "multipart/alternative" {
		// The same content in several forms: take the plain one if any,
		// else the first readable.
		if i := slices.IndexFunc(results, isPlain); i >= 0 {
			return results[i]
		}
		return results[0]
	}

	// mixed, related, signed, report...: the parts follow each other. Plain
	// parts win over HTML ones (an HTML footer added to a plain mail, say).
	best := kindHTML
	if slices.ContainsFunc(results, isPlain) {
		best = kindPlain
	}
	var texts []string
	cut := false
	for _, r := range results {
		if r.kind == best {
			texts = append(texts, r.s)
			cut = cut || r.cut
		}
	}
	if len(texts) == 1 {
		return text{texts[0], best, cut}
	}
	for i := range texts {
		texts[i] = strings.TrimRight(texts[i], "\n")
	}
	return text{strings.Join(texts, "\n\n") + "\n", best, cut}
}

// splitMultipart returns the parts of a multipart body, at most maxParts
// of them (no more are read). ok is false when no delimiter line is found.
// A part cut short (no closing delimiter) runs to the end of the body.
func splitMultipart(body []byte, boundary string) (parts [][]byte, ok bool) {
	if boundary == "" {
		return nil, false
	}
	delim := []byte("--" + boundary)
	start := -1 // start of the current part, -1 in the preamble
	pos := 0
	for line := range bytes.Lines(body) {
		next := pos + len(line)
		if bytes.HasPrefix(line, delim) {
			rest := bytes.TrimRight(line[len(delim):], " \t\r\n")
			closing := bytes.Equal(rest, []byte("--"))
			if closing || len(rest) == 0 {
				ok = true
				if start >= 0 {
					parts = append(parts, trimDelimiterEOL(body[start:pos]))
				}
				if closing || len(parts) == maxParts {
					return parts, true
				}
				start = next
			}
		}
		pos = next
	}
	if start >= 0 {
		parts = append(parts, body[start:])
	}
	return parts, ok
}

// trimDelimiterEOL removes the line end that, by RFC 2046, belongs to the
// delimiter after a part rather than to the part.
func trimDelimiterEOL(p []byte) []byte {
	p = bytes.TrimSuffix(p, []byte("\n"))
	return bytes.TrimSuffix(p, []byte("\r"))
}

// guessBoundary returns the first thing in body that looks like a
// delimiter line and comes back at least once more, or "". Lines of dashes
// alone, which people draw in plain text, are not taken for delimiters.
//
// A delimiter line is "--", 1 to 70 characters that a boundary may hold
// (RFC 2046, less the space), then only spaces or tabs, and a CR, to the
// end of the line. The first 16 such lines are tried. The lines are read
// by hand rather than by a regexp, which costs some thirty times more per
// byte, and a nested multipart may be read at each of its levels.
func guessBoundary(body []byte) string {
	tried := 0
	for line := range bytes.Lines(body) {
		if tried == 16 {
			break
		}
		r, ok := delimiterLine(line)
		if !ok {
			continue
		}
		tried++
		b := strings.TrimSuffix(string(r), "--")
		if strings.Trim(b, "-") == "" {
			continue
		}
		if atLeastTwice(body, []byte("--"+b)) {
			return b
		}
	}
	return ""
}

// delimiterLine returns the boundary of a delimiter line (see
// guessBoundary), with its closing "--" if it has one.
func delimiterLine(line []byte) ([]byte, bool) {
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if !bytes.HasPrefix(line, []byte("--")) {
		return nil, false
	}
	n := 2
	for n < len(line) && boundaryChar(line[n]) {
		n++
	}
	if n == 2 || n-2 > 70 {
		return nil, false
	}
	for _, c := range line[n:] {
		if c != ' ' && c != '\t' {
			return nil, false
		}
	}
	return line[2:n], true
}

// boundaryChar reports the characters a boundary may hold, but the space.
func boundaryChar(c byte) bool {
	switch {
	case '0' <= c && c <= '9', 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z':
		return true
	}
	return strings.IndexByte("'()+_,./:=?-", c) >= 0
}

// atLeastTwice reports whether sub occurs twice in s without overlapping.
func atLeastTwice(s, sub []byte) bool {
	i := bytes.Index(s, sub)
	return i >= 0 && bytes.Contains(s[i+len(sub):], sub)
}

// parseContentType parses a Content-Type leniently. A missing or unreadable
// type is text/plain, as RFC 2045 says.
func parseContentType(v string) (string, map[string]string) {
	if strings.TrimSpace(v) == "" {
		return "text/plain", map[string]string{}
	}
	mt, params, err := mime.ParseMediaType(v)
	if err != nil || params == nil {
		// Duplicate or malformed parameters: read what can be read.
		parts := strings.Split(v, ";")
		mt = strings.ToLower(strings.TrimSpace(parts[0]))
		params = map[string]string{}
		for _, p := range parts[1:] {
			k, val, found := strings.Cut(p, "=")
			if !found {
				continue
			}
			k = strings.ToLower(strings.TrimSpace(k))
			if _, dup := params[k]; !dup {
				params[k] = strings.Trim(strings.TrimSpace(val), `"`)
			}
		}
	}
	if !strings.Contains(mt, "/") {
		mt = "text/plain"
	}
	return mt, params
}

// decodeTransfer undoes a Content-Transfer-Encoding. Both decoders are
// lenient: whatever is broken is passed through or dropped, never fatal.
func decodeTransfer(cte string, b []byte) []byte {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "quoted-printable":
		return decodeQP(b)
	case "base64":
		return decodeBase64(b)
	}
	return b
}

func decodeQP(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for line := range bytes.Lines(b) {
		eol := ""
		switch {
		case bytes.HasSuffix(line, []byte("\r\n")):
			eol, line = "\r\n", line[:len(line)-2]
		case bytes.HasSuffix(line, []byte("\n")):
			eol, line = "\n", line[:len(line)-1]
		}
		// Trailing white space was added in transport (RFC 2045, 6.7).
		line = bytes.TrimRight(line, " \t")
		soft := false
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c != '=' {
				out = append(out, c)
				continue
			}
			if i == len(line)-1 {
				soft = true
				break
			}
			if i+2 < len(line) {
				var v [1]byte
				if _, err := hex.Decode(v[:], line[i+1:i+3]); err == nil {
					out = append(out, v[0])
					i += 2
					continue
				}
			}
			out = append(out, c) // a stray '=': keep it
		}
		if !soft {
			out = append(out, eol...)
		}
	}
	return out
}

func decodeBase64(b []byte) []byte {
	// Padding ends the data; anything after it is garbage.
	if pad := bytes.IndexByte(b, '='); pad >= 0 {
		b = b[:pad]
	}
	clean := make([]byte, 0, len(b))
	for _, c := range b {
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		}
	}
	if len(clean)%4 == 1 {
		clean = clean[:len(clean)-1] // a lone sextet holds no whole byte
	}
	out := make([]byte, base64.RawStdEncoding.DecodedLen(len(clean)))
	n, _ := base64.RawStdEncoding.Decode(out, clean)
	return out[:n]
}

// latin1Labels are the names of ISO-8859-1. Mail so labelled is decoded as
// Windows-1252, as browsers do: the two differ only in 0x80-0x9F, control
// codes in ISO-8859-1 that nobody types, where Windows-1252 has the curly
// quotes and the euro sign that Outlook writes under the ISO-8859-1 label.
var latin1Labels = map[string]bool{
	"iso-8859-1": true, "iso8859-1": true, "iso_8859-1": true, "latin1": true,
	"latin-1": true, "l1": true, "cp819": true, "ibm819": true, "iso-ir-100": true,
	"iso_8859-1:1987": true, "csisolatin1": true,
}

func charsetReader(label string, r io.Reader) (io.Reader, error) {
	enc, err := lookupEncoding(label)
	if err != nil {
		return nil, err
	}
	return enc.NewDecoder().Reader(r), nil
}

// lookupEncoding returns the encoding of a charset label: Windows-1252 for
// ISO-8859-1 (see latin1Labels), else the one go-message's
// charset.Reader would use (its quirks, then IANA's MIME names, with or
// without "cs", then the WHATWG's labels). It is charset.Reader's lookup
// without the reader, whose buffers cost more than a short text does.
func lookupEncoding(label string) (encoding.Encoding, error) {
	l := strings.ToLower(label)
	if latin1Labels[l] {
		return charmap.Windows1252, nil
	}
	switch l {
	case "ansi_x3.110-1983":
		return charmap.ISO8859_1, nil
	case "x-utf_8j":
		return unicode.UTF8, nil
	}
	enc, err := ianaindex.MIME.Encoding(label)
	if enc == nil {
		enc, err = ianaindex.MIME.Encoding("cs" + label)
	}
	if enc == nil {
		enc, err = htmlindex.Get(label)
	}
	if err != nil {
		return nil, fmt.Errorf("charset %q: %v", label, err)
	}
	if enc == nil {
		return nil, fmt.Errorf("charset %q: unsupported charset", label)
	}
	return enc, nil
}

// toUTF8 converts b from the named charset to valid UTF-8. Unknown or
// missing charsets, and bytes that are not what the label says, fall back
// to UTF-8 if the bytes are valid UTF-8, else to Windows-1252, which
// decodes any byte.
func toUTF8(label string, b []byte) string {
	label = strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`))
	switch label {
	case "", "us-ascii", "ascii", "utf-8", "utf8", "unicode-1-1-utf-8":
	default:
		if r, err := charsetReader(label, bytes.NewReader(b)); err == nil {
			if out, err := io.ReadAll(r); err == nil && utf8.Valid(out) {
				return string(out)
			}
		}
	}
	if utf8.Valid(b) {
		return string(b)
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return string(out)
}

// toUTF8String is toUTF8 of unlabelled text held in a string: the
// string itself when it is valid UTF-8, without a copy.
func toUTF8String(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return toUTF8("", []byte(s))
}

// normalizeNewlines turns CRLF and lone CR into LF and drops a byte order
// mark.
func normalizeNewlines(s string) string {
	s = strings.TrimPrefix(s, "\uFEFF")
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// unflow undoes format=flowed (RFC 3676): a line ending in a space goes on
// in the next line of the same quote depth, and a leading space was added
// to protect the line (space-stuffing).
func unflow(s string, delsp bool) string {
	lines := strings.Split(s, "\n")
	var b strings.Builder
	b.Grow(len(s))
	open := false // the previous line was flowed into this one
	openDepth := 0
	for i, line := range lines {
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		content := strings.TrimPrefix(line[depth:], " ")
		if open && depth != openDepth {
			// A flowed line followed by one of another depth: RFC 3676
			// says to end the paragraph there.
			b.WriteByte('\n')
			open = false
		}
		if !open && depth > 0 {
			b.WriteString(strings.Repeat(">", depth))
			b.WriteByte(' ')
		}
		flowed := strings.HasSuffix(content, " ") && content != "-- "
		if flowed && delsp {
			content = content[:len(content)-1]
		}
		b.WriteString(content)
		if flowed && i < len(lines)-1 {
			open, openDepth = true, depth
			continue
		}
		open = false
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
