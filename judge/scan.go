package judge

import (
	"strings"
)

// A command is one thing a mail asks for: a command line, or an order line
// (verb "ORDER"), or a press message with its body.
type command struct {
	verb string   // upper case
	args []string // the words after the verb, as written
	text string   // the whole line as written; a press body for PRESS and BROADCAST
}

var verbs = map[string]bool{
	"SIGNON": true, "SIGNOFF": true, "LIST": true, "STATUS": true, "HISTORY": true, "SUMMARY": true,
	"HELP": true, "CLEAR": true, "SET": true, "PRESS": true, "BROADCAST": true, "CONCEDE": true, "RESIGN": true, "OBSERVE": true,
	// The game master's.
	"CREATE": true, "START": true, "SEAT": true, "REPLACE": true, "EJECT": true, "PAUSE": true,
	"RESUME": true, "EXTEND": true, "PROCESS": true, "PREVIEW": true, "TERMINATE": true,
	"ROLLBACK": true, "DECLARE": true, "BECOME": true, "EDIT": true,
}

// scan splits a mail body into commands. Quoted lines ("> ...") are
// skipped, a signature ("-- " line) ends the mail, and so does SIGNOFF.
// PRESS and BROADCAST take the lines up to ENDPRESS or ENDBROADCAST.
func scan(body string) []command {
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
		verb := strings.ToUpper(strings.TrimRight(fields[0], ":"))
		if !verbs[verb] {
			out = append(out, command{verb: "ORDER", text: line})
			continue
		}
		c := command{verb: verb, args: fields[1:], text: line}
		if verb == "CREATE" {
			// The settings lines that follow, up to the first other line.
			var body []string
			for i+1 < len(lines) {
				f := strings.Fields(lines[i+1])
				if len(f) == 0 || createLines[settingKey(f[0])] == nil {
					break
				}
				i++
				body = append(body, strings.TrimSpace(lines[i]))
			}
			c.text = strings.Join(body, "\n")
		}
		if verb == "PRESS" || verb == "BROADCAST" {
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
