package mailer

import (
	"html"
	"strings"
)

// Elements whose content is never shown: skipped up to their end tag.
var hiddenElements = map[string]bool{
	"script": true, "style": true, "title": true, "template": true,
	"xml": true, // Outlook's office settings
}

// Elements that stand on lines of their own.
var blockElements = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true,
	"caption": true, "center": true, "dd": true, "div": true, "dl": true,
	"dt": true, "fieldset": true, "figcaption": true, "figure": true,
	"footer": true, "form": true, "header": true, "hr": true, "li": true,
	"main": true, "nav": true, "ol": true, "pre": true, "section": true,
	"table": true, "tr": true, "ul": true,
}

// Elements set off by an empty line.
var paragraphElements = map[string]bool{
	"p": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

// htmlToText renders HTML as the text a reader sees: tags dropped, script
// and style left out, entities decoded, white space collapsed as a browser
// does, and line breaks where <br>, paragraphs, divs, list items and table
// rows put them. It is a scanner, not a parser: mail HTML is often broken,
// and all the judge needs is the lines the player typed.
//
// Quoted mail is marked as plain text marks it, so that one set of rules
// (stripQuotes) removes it whatever the mail's form: the lines of a
// citation (<blockquote type="cite">, Gmail's and Yahoo's quote containers,
// Thunderbird's attribution line) come out prefixed with "> ". Where
// Outlook on the web starts the message it answers (its appendonsend and
// divRplyFwdMsg divs) nothing after it is rendered, and cut is true.
func htmlToText(s string) (text string, cut bool) {
	var t textBuilder
	pre := 0 // depth of <pre>: white space kept as written
	// The open div and blockquote elements, to know which end tag closes a
	// quote: a scanner sees tags, not a tree.
	var open openElements
	for i := 0; i < len(s); {
		if s[i] != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				j = len(s) - i
			}
			t.text(s[i:i+j], pre > 0)
			i += j
			continue
		}
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				i = len(s)
			} else {
				i += 4 + end + 3
			}
			continue
		case strings.HasPrefix(rest, "<!") || strings.HasPrefix(rest, "<?"):
			// Doctype, CDATA, conditional comment ends, processing
			// instructions.
			i += tagEnd(rest, 2)
			continue
		}
		j := 1
		closing := false
		if j < len(rest) && rest[j] == '/' {
			closing = true
			j++
		}
		if j >= len(rest) || !isASCIILetter(rest[j]) {
			t.text("<", pre > 0) // a lone '<' is text
			i++
			continue
		}
		start := j
		for j < len(rest) && (isASCIILetter(rest[j]) || '0' <= rest[j] && rest[j] <= '9' || rest[j] == ':' || rest[j] == '-') {
			j++
		}
		name := strings.ToLower(rest[start:j])
		end := tagEnd(rest, j)
		attrs := rest[j:end]
		i += end

		if (name == "div" || name == "blockquote") && !closing {
			if name == "div" && outlookReplyStart(attrs) {
				return t.String(), true
			}
			q := isQuoteElement(name, attrs)
			t.block(1)
			open.push(name, q)
			if q {
				t.quote++
			}
			continue
		}
		if (name == "div" || name == "blockquote") && closing {
			t.block(1)
			// Close up to the last element of that name; end tags of
			// elements never opened are ignored.
			t.quote -= open.close(name)
			continue
		}

		switch {
		case hiddenElements[name] && !closing:
			i += skipTo(s[i:], "</"+name)
		case name == "br":
			t.lineBreak()
		case name == "pre":
			t.block(1)
			if closing {
				pre = max(pre-1, 0)
			} else {
				pre++
			}
		case paragraphElements[name]:
			t.block(2)
		case blockElements[name]:
			t.block(1)
		case (name == "td" || name == "th") && !closing:
			t.space()
		}
	}
	return t.String(), false
}

// openElements is a stack of open div and blockquote elements that finds
// the last one of a name at once: searching the stack for each end tag
// would make a mail of many open blockquotes and stray </div> tags
// quadratic.
type openElements struct {
	quote []bool      // for each open element, whether it is a quote
	at    [2][]uint32 // for div (0) and blockquote (1), the indices of theirs in quote
}

func elementIndex(name string) int {
	if name == "div" {
		return 0
	}
	return 1
}

func (o *openElements) push(name string, quote bool) {
	k := elementIndex(name)
	o.at[k] = append(o.at[k], uint32(len(o.quote)))
	o.quote = append(o.quote, quote)
}

// close pops the stack down to the last element named name, that one
// included, and returns how many of the elements popped were quotes;
// nothing when none is named name.
func (o *openElements) close(name string) (quotes int) {
	idx := o.at[elementIndex(name)]
	if len(idx) == 0 {
		return 0
	}
	k := idx[len(idx)-1]
	for _, q := range o.quote[k:] {
		if q {
			quotes++
		}
	}
	// The elements popped are the last of their names still open: the
	// tops of their indices.
	for i := range o.at {
		for len(o.at[i]) > 0 && o.at[i][len(o.at[i])-1] >= k {
			o.at[i] = o.at[i][:len(o.at[i])-1]
		}
	}
	o.quote = o.quote[:k]
	return quotes
}

// quoteClasses are the class names of the elements that hold a quoted
// mail or its attribution line: Gmail's (gmail_quote, and gmail_attr for
// "On ... wrote:"), Thunderbird's attribution (moz-cite-prefix), Yahoo's.
var quoteClasses = []string{"gmail_quote", "gmail_quote_container", "gmail_attr", "moz-cite-prefix", "yahoo_quoted"}

// isQuoteElement reports a div or blockquote that holds quoted mail. A
// blockquote without type="cite" or Gmail's class is only indentation
// (Gmail's indent button writes one), which is the player's own text.
func isQuoteElement(name, attrs string) bool {
	if name == "blockquote" && strings.EqualFold(attrValue(attrs, "type"), "cite") {
		return true
	}
	for _, c := range strings.Fields(attrValue(attrs, "class")) {
		for _, q := range quoteClasses {
			if strings.EqualFold(c, q) {
				return true
			}
		}
	}
	return false
}

// outlookReplyStart reports the div where Outlook (on the web, the new
// Outlook for Windows and Mac) starts the mail being answered, its header
// block and its text, with no quoting markup of its own.
func outlookReplyStart(attrs string) bool {
	switch strings.ToLower(attrValue(attrs, "id")) {
	case "appendonsend", "divrplyfwdmsg", "mail-editor-reference-message-container":
		return true
	}
	return false
}

// attrValue returns the value of the attribute named key (lower case) in
// the attributes of a tag as written (after its name, up to and with the
// closing '>'), entities not decoded; "" when absent.
func attrValue(attrs, key string) string {
	i := 0
	for i < len(attrs) {
		for i < len(attrs) && (isHTMLSpace(attrs[i]) || attrs[i] == '/') {
			i++
		}
		if i >= len(attrs) || attrs[i] == '>' {
			return ""
		}
		start := i
		for i < len(attrs) && !isHTMLSpace(attrs[i]) && attrs[i] != '=' && attrs[i] != '>' {
			i++
		}
		name := attrs[start:i]
		for i < len(attrs) && isHTMLSpace(attrs[i]) {
			i++
		}
		value := ""
		if i < len(attrs) && attrs[i] == '=' {
			i++
			for i < len(attrs) && isHTMLSpace(attrs[i]) {
				i++
			}
			if i < len(attrs) && (attrs[i] == '"' || attrs[i] == '\'') {
				q := attrs[i]
				k := strings.IndexByte(attrs[i+1:], q)
				if k < 0 {
					k = len(attrs) - i - 1
				}
				value = attrs[i+1 : i+1+k]
				i += k + 2
			} else {
				start := i
				for i < len(attrs) && !isHTMLSpace(attrs[i]) && attrs[i] != '>' {
					i++
				}
				value = attrs[start:i]
			}
		}
		if strings.EqualFold(name, key) {
			return value
		}
	}
	return ""
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// tagEnd returns the index just past the '>' that closes the tag starting
// at s[0], looking from s[from] on and skipping quoted attribute values;
// len(s) if the tag never closes.
func tagEnd(s string, from int) int {
	var quote byte
	for k := from; k < len(s); k++ {
		c := s[k]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return k + 1
		}
	}
	return len(s)
}

// skipTo returns the index just past the end tag that starts with endTag
// (case-insensitive), or len(s) when there is none.
func skipTo(s, endTag string) int {
	k := indexFold(s, endTag)
	if k < 0 {
		return len(s)
	}
	return k + tagEnd(s[k:], len(endTag))
}

// indexFold is strings.Index ignoring ASCII case in s; sub is lower case.
func indexFold(s, sub string) int {
	for k := 0; k+len(sub) <= len(s); k++ {
		if strings.EqualFold(s[k:k+len(sub)], sub) {
			return k
		}
	}
	return -1
}

// maxQuoteDepth bounds the '>' that start a quoted line: a mail of
// thousands of nested quotes and thousands of lines would otherwise render
// as their product. One '>' is all stripQuotes needs; mail programs
// rarely nest a few dozen.
const maxQuoteDepth = 32

// quoteMarks are the '>' a quoted line may start with, written once.
var quoteMarks = strings.Repeat(">", maxQuoteDepth)

// textBuilder accumulates rendered text; block boundaries ask for a number
// of line ends rather than adding them, so nested blocks do not pile up
// empty lines.
type textBuilder struct {
	b     strings.Builder
	quote int // depth of quoting: lines start with as many '>' (at most maxQuoteDepth)
	// What block needs to know of the text so far, kept up to date by
	// write, since looking at the text for each block would make the work
	// grow with the square of its length.
	hasText bool // something other than white space was written
	trailNL int  // the line ends in the run of line ends and spaces that ends the text
}

// write adds s to the text.
func (t *textBuilder) write(s string) {
	t.b.WriteString(s)
	k, nl := len(s), 0
	for k > 0 && (s[k-1] == '\n' || s[k-1] == ' ') {
		if s[k-1] == '\n' {
			nl++
		}
		k--
	}
	if k == 0 {
		t.trailNL += nl
	} else {
		t.trailNL = nl
	}
	if !t.hasText && strings.TrimSpace(s) != "" {
		t.hasText = true
	}
}

func (t *textBuilder) text(raw string, pre bool) {
	if pre {
		s := normalizeNewlines(html.UnescapeString(raw))
		if t.quote == 0 {
			t.write(s)
			return
		}
		for k, line := range strings.Split(s, "\n") {
			if k > 0 {
				t.write("\n")
			}
			if line != "" {
				t.quotePrefix()
				t.write(line)
			}
		}
		return
	}
	s := html.UnescapeString(collapseSpace(raw))
	s = strings.ReplaceAll(s, "\u00a0", " ") // &nbsp; is a space to the judge
	if s == "" {
		return
	}
	if s[0] == ' ' && t.atLineStartOrSpace() {
		s = s[1:]
	}
	if s == "" {
		return
	}
	t.quotePrefix()
	t.write(s)
}

// quotePrefix starts a quoted line with its "> ", as a plain-text mail
// program quotes.
func (t *textBuilder) quotePrefix() {
	if t.quote <= 0 {
		return
	}
	if s := t.b.String(); s != "" && s[len(s)-1] != '\n' {
		return
	}
	t.write(quoteMarks[:min(t.quote, maxQuoteDepth)])
	t.write(" ")
}

// collapseSpace turns each run of HTML white space into one space.
func collapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
			if !space {
				b.WriteByte(' ')
			}
			space = true
		default:
			b.WriteByte(s[i])
			space = false
		}
	}
	return b.String()
}

func (t *textBuilder) atLineStartOrSpace() bool {
	s := t.b.String()
	return s == "" || s[len(s)-1] == '\n' || s[len(s)-1] == ' '
}

func (t *textBuilder) space() {
	if !t.atLineStartOrSpace() {
		t.write(" ")
	}
}

func (t *textBuilder) lineBreak() { t.write("\n") }

// block makes sure the text so far ends with at least n line ends.
func (t *textBuilder) block(n int) {
	if !t.hasText {
		return
	}
	for have := t.trailNL; have < n; have++ {
		t.write("\n")
	}
}

// String returns the text with trailing spaces and leading indentation
// removed from each line, at most one empty line in a row, and no empty
// lines at either end.
func (t *textBuilder) String() string {
	lines := strings.Split(t.b.String(), "\n")
	out := make([]string, 0, len(lines))
	empty := 0
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			empty++
			if empty > 1 {
				continue
			}
		} else {
			empty = 0
		}
		out = append(out, l)
	}
	return strings.Trim(strings.Join(out, "\n"), "\n")
}
