package mailer

import (
	"regexp"
	"strings"
)

// A reply carries the mail it answers, and a player's reply to the judge
// carries the judge's last answer with the old order list in it. The judge
// reads every line as a command or an order, so quoted text must not reach
// it: it would replace the new orders that come before it. Mail programs
// quote in one of a few ways, all recognised here:
//
//   - lines starting with ">" (and, in HTML, <blockquote type="cite"> and
//     Gmail's quote, which htmlToText renders as such lines), with the
//     attribution line above them ("On Mon, 3 Mar 2025 at 10:00, Francesca
//     <f@x.org> wrote:", "Il giorno ... ha scritto:"), which Gmail may
//     wrap over two lines. Text after a quoted block is the player's own
//     (an answer written between the quoted lines) and stays;
//   - Outlook's header block ("From:", "Sent:", "To:", "Subject:", or
//     "Da:", "Inviato:", "A:", "Oggetto:" in Italian), usually under a line
//     of underscores, followed by the whole old mail unquoted;
//   - "-----Original Message-----" ("-----Messaggio originale-----") and
//     its relatives, followed by the same.
//
// The last two quote without marking the lines, so everything from the
// marker on is taken for the quote; so is everything after an attribution
// line that no quoted line follows.

// quoteLine reports a quoted line: ">" first, after any indentation.
func quoteLine(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), ">")
}

// attribution matches the line that introduces a quote, in the languages
// players write (English, Italian, and the neighbours' languages mail
// programs use when set up in them). It must hold a digit (the date), so
// that a sentence of the player's that merely ends in "wrote:" is not
// taken for one.
var attribution = regexp.MustCompile(`(?i)^(?:` +
	`on\s.*\swrote|` + // Gmail, Apple Mail, Thunderbird
	`il\s.*\sha\sscritto|` + // Italian Gmail ("Il giorno ...") and Thunderbird ("Il 03/03/2025 ...")
	`am\s.*\sschrieb|` + // German
	`le\s.*\sa\s[ée]crit|` + // French
	`el\s.*\sescribi[óo]|` + // Spanish
	`em\s.*\sescreveu` + // Portuguese
	`)\s?:$`)

// attributionStart is a quick test that spares most lines the regexp: an
// attribution starts with one of its first words.
func attributionStart(line string) bool {
	line = strings.TrimLeft(line, " \t")
	if len(line) < 3 || (line[2] != ' ' && line[2] != '\t') {
		return false
	}
	switch strings.ToLower(line[:2]) {
	case "on", "il", "am", "le", "el", "em":
		return true
	}
	return false
}

// maxAttribution is the length of the longest attribution line, or
// separator line: longer lines are the player's text (and the regexps
// need not read them).
const maxAttribution = 400

func isAttribution(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) <= maxAttribution && strings.ContainsAny(s, "0123456789") && attribution.MatchString(s)
}

// originalMessage matches the separators of Outlook (desktop, plain text),
// BlackBerry and Android mail programs: "-----Original Message-----",
// "-------- Messaggio originale --------" and the like.
var originalMessage = regexp.MustCompile(`(?i)^-{2,}\s*(?:original message|messaggio originale|ursprüngliche nachricht|message d'origine|mensaje original|mensagem original)\s*-{2,}$`)

// underscores is Outlook's separator line above the header block.
var underscores = regexp.MustCompile(`^_{10,}$`)

// Outlook's header block: the labels of its lines, in the languages above.
// Bold labels may come as "*From:*" when HTML is turned into text.
var (
	headerFrom    = regexp.MustCompile(`(?i)^\*?(?:from|da|von|de|van)\s?:\*?(?:\s|$)`)
	headerSent    = regexp.MustCompile(`(?i)^\*?(?:sent|date|inviato|data|gesendet|envoyé|enviado|enviada|verzonden)\s?:\*?(?:\s|$)`)
	headerSubject = regexp.MustCompile(`(?i)^\*?(?:subject|oggetto|betreff|objet|asunto|assunto|onderwerp)\s?:\*?(?:\s|$)`)
)

// headerBlock reports whether lines[i] starts an Outlook header block: a
// From line, then within the next few lines a date and a subject. labels
// remembers which lines are date and subject lines, so that a text of
// many From lines has each line read once, not once for each of the six
// lines above it.
func headerBlock(lines []string, i int, labels *lineLabels) bool {
	l := strings.TrimSpace(lines[i])
	if !strings.Contains(l, ":") || !headerFrom.MatchString(l) {
		return false
	}
	sent, subject := false, false
	for k := i + 1; k < len(lines) && k <= i+6; k++ {
		ls := labels.of(lines, k)
		sent = sent || ls&labelSent != 0
		subject = subject || ls&labelSubject != 0
	}
	return sent && subject
}

// lineLabels holds, for each line of a text, whether it is a date line
// and a subject line of Outlook's header block, found when first asked.
type lineLabels []uint8

const (
	labelKnown uint8 = 1 << iota
	labelSent
	labelSubject
)

func (ll *lineLabels) of(lines []string, k int) uint8 {
	if *ll == nil {
		*ll = make(lineLabels, len(lines))
	}
	if (*ll)[k]&labelKnown == 0 {
		l := strings.TrimSpace(lines[k])
		v := labelKnown
		if headerSent.MatchString(l) {
			v |= labelSent
		}
		if headerSubject.MatchString(l) {
			v |= labelSubject
		}
		(*ll)[k] = v
	}
	return (*ll)[k]
}

// stripQuotes returns text without the quoted mail in it, and whether
// anything was left out. Text without quotes comes back unchanged.
func stripQuotes(text string) (string, bool) {
	lines := strings.Split(text, "\n")
	keep := make([]bool, len(lines))
	quoted := false
	cutAt := -1
	var labels lineLabels
	for i := 0; i < len(lines) && cutAt < 0; i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case quoteLine(line):
			quoted = true
			continue
		case strings.HasPrefix(trimmed, "--") && len(trimmed) <= maxAttribution && originalMessage.MatchString(trimmed):
			cutAt = i
			continue
		case headerBlock(lines, i, &labels):
			cutAt = i
			// The separator line and blank lines above belong to it.
			for k := i - 1; k >= 0; k-- {
				t := strings.TrimSpace(lines[k])
				if t != "" && !underscores.MatchString(t) {
					break
				}
				if t != "" {
					cutAt = k
				}
			}
			continue
		}
		if n := attributionLines(lines, i); n > 0 {
			quoted = true
			next := i + n
			for next < len(lines) && strings.TrimSpace(lines[next]) == "" {
				next++
			}
			if next < len(lines) && !quoteLine(lines[next]) {
				// An attribution with no quoted line under it: the old
				// mail follows unmarked.
				cutAt = i
				continue
			}
			i += n - 1
			continue
		}
		keep[i] = true
	}
	if cutAt >= 0 {
		quoted = true
		for k := cutAt; k < len(lines); k++ {
			keep[k] = false
		}
	}
	if !quoted {
		return text, false
	}
	out := make([]string, 0, len(lines))
	for i, l := range lines {
		if keep[i] {
			out = append(out, l)
		}
	}
	s := strings.Join(out, "\n")
	if strings.TrimSpace(s) == "" {
		return "", true
	}
	if cutAt >= 0 && !strings.HasSuffix(s, "\n") {
		s += "\n" // the line end of the last line kept
	}
	// The lines left out leave blank lines behind: at most one in a row.
	s = squeezeBlankLines(s)
	return strings.TrimLeft(s, "\n"), true
}

// squeezeBlankLines turns each run of three or more line ends into two,
// in one pass (replacing "\n\n\n" until none is left takes a pass for
// each third of the longest run).
func squeezeBlankLines(s string) string {
	if !strings.Contains(s, "\n\n\n") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			run++
			if run > 2 {
				continue
			}
		} else {
			run = 0
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// attributionLines returns how many lines from lines[i] make an
// attribution line: 1, or 2 when a mail program wrapped it (Gmail wraps
// plain text at 78 columns), or 0.
func attributionLines(lines []string, i int) int {
	if !attributionStart(lines[i]) {
		return 0
	}
	if isAttribution(lines[i]) {
		return 1
	}
	if i+1 < len(lines) {
		// Joined only when short enough for isAttribution to look at:
		// every line that starts like an attribution would otherwise be
		// copied whole, with the next.
		first, second := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		if first != "" && len(first)+1+len(second) <= maxAttribution && !quoteLine(lines[i+1]) &&
			isAttribution(first+" "+second) {
			return 2
		}
	}
	return 0
}
