package judge

import (
	"slices"
	"strings"
)

// A command is one thing a mail asks for: a command line, or an order line
// (verb "ORDER"), or a press message with its body.
type command struct {
	verb string   // upper case
	args []string // the words after the verb, as written
	text string   // the whole line as written; a press body for PRESS and BROADCAST
}

// orderVerb is the verb of a line that is no command: a line of orders.
const orderVerb = "ORDER"

// scan splits a mail body into commands. Quoted lines ("> ...") are
// skipped, a signature ("-- " line) ends the mail, and so does SIGNOFF.
// PRESS and BROADCAST take the lines up to ENDPRESS or ENDBROADCAST.
func scan(body string, commands *table, settings []Setting) []command {
	var out []command
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		raw := strings.TrimRight(lines[i], " \t\r")
		line := strings.TrimSpace(raw)
		if raw == "--" || raw == "-- " || line == "--" {
			break
		}
		if line == "" || strings.HasPrefix(line, ">") {
			continue
		}
		fields := strings.Fields(line)
		// njudge's two-word forms: "sign on Fgame pw", "sign off".
		if len(fields) > 1 && strings.EqualFold(fields[0], "sign") && (strings.EqualFold(fields[1], "on") || strings.EqualFold(fields[1], "off")) {
			fields = append([]string{fields[0] + fields[1]}, fields[2:]...)
		}
		verb := strings.ToUpper(strings.TrimRight(fields[0], ":"))
		if verb == "IF" && i+1 < len(lines) {
			// njudge's conditional orders, up to ENDIF: not supported, so
			// refused whole rather than taken unconditionally.
			if end := blockEnd(lines, i+1, "ENDIF"); end > 0 {
				var body []string
				for _, l := range lines[i : end+1] {
					body = append(body, strings.TrimSpace(l))
				}
				out = append(out, command{verb: "IF", text: strings.Join(body, "\n")})
				i = end
				continue
			}
		}
		if !commands.commandWords[verb] {
			out = append(out, command{verb: orderVerb, text: line})
			continue
		}
		c := command{verb: verb, args: fields[1:], text: line}
		if verb == "CREATE" {
			// The settings lines that follow, up to the first other line.
			var body []string
			for i+1 < len(lines) {
				if !namesSetting(settings, lines[i+1]) {
					break
				}
				i++
				body = append(body, strings.TrimSpace(lines[i]))
			}
			c.text = strings.Join(body, "\n")
		}
		if verb == "PRESS" || verb == "BROADCAST" || commands.blocks[verb] {
			end := "END" + verb
			var body []string
			for i++; i < len(lines); i++ {
				if strings.EqualFold(strings.TrimSpace(lines[i]), end) {
					break
				}
				body = append(body, strings.TrimRight(lines[i], " \t\r"))
			}
			c.text = strings.Trim(strings.Join(body, "\n"), "\n")
		}
		out = append(out, c)
		if verb == "SIGNOFF" {
			break
		}
	}
	return out
}

// blockEnd is the index of the first line from i on that is end alone,
// or -1.
func blockEnd(lines []string, i int, end string) int {
	for ; i < len(lines); i++ {
		if strings.EqualFold(strings.TrimSpace(lines[i]), end) {
			return i
		}
	}
	return -1
}

// subjectCommands reads a Subject such as "help" or "Re: STATUS roma" as
// its command.
func subjectCommands(subject string) []command {
	fields := strings.Fields(subject)
	for len(fields) > 0 && isReplyPrefix(fields[0]) {
		fields = fields[1:]
	}
	if len(fields) == 0 || len(fields) > 2 || !commands.subjectOnes[strings.ToUpper(fields[0])] {
		return nil
	}
	return []command{{verb: strings.ToUpper(fields[0]), args: fields[1:], text: strings.Join(fields, " ")}}
}

// withSubject puts the Subject's command before the body's, unless the
// body gives that command itself.
func withSubject(subject string, body []command) []command {
	sc := subjectCommands(subject)
	if len(sc) == 0 || slices.ContainsFunc(body, func(c command) bool { return c.verb == sc[0].verb }) {
		return body
	}
	return append(sc, body...)
}

// isReplyPrefix reads the "Re:" and "Fwd:" of mail programs, Italian
// ones included.
func isReplyPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "re:", "r:", "fw:", "fwd:", "i:", "aw:", "sv:", "rif:":
		return true
	}
	return false
}
