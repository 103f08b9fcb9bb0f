package judge

import (
	"bytes"
	"strings"
)

// secretKinds are the kinds of outbox mail that carry a password: their
// body is not kept once sent.
var secretKinds = map[string]bool{"seat": true}

// sentSecretBody replaces the body of a sent mail that carried a password.
const sentSecretBody = "[sent; the password it carried is not kept]\n"

// secrets are the passwords a mail's commands carry: SIGNON's, CREATE's
// and SET PASSWORD's.
func secrets(cmds []command) []string {
	var out []string
	for _, c := range cmds {
		switch {
		case c.verb == "SIGNON" && len(c.args) >= 2, c.verb == "CREATE" && len(c.args) >= 2:
			out = append(out, c.args[1])
		case c.verb == "SET" && len(c.args) >= 2 && strings.EqualFold(c.args[0], "PASSWORD"):
			out = append(out, c.args[1])
		}
	}
	return out
}

// keptRaw is what the store keeps of an inbound mail: the passwords its
// commands carry are blanked out, and a body that hides them (encoded)
// or is over the size the judge reads is not kept, only its header.
func keptRaw(raw []byte, cmds []command, oversized bool) []byte {
	if oversized {
		return headerOnly(raw, "[the body, over the size the judge reads, is not kept]")
	}
	out := raw
	for _, s := range secrets(cmds) {
		// A password too short to find alone, or not found as written,
		// takes the body with it.
		if len(s) < 4 || !bytes.Contains(out, []byte(s)) {
			return headerOnly(raw, "[the body, which held a password, is not kept]")
		}
		out = bytes.ReplaceAll(out, []byte(s), []byte("********"))
	}
	return out
}

// headerOnly is a mail's header with a note for its body, the header cut
// at 256 KiB.
func headerOnly(raw []byte, note string) []byte {
	end := len(raw)
	for _, sep := range []string{"\r\n\r\n", "\n\n"} {
		if i := bytes.Index(raw, []byte(sep)); i >= 0 && i < end {
			end = i
		}
	}
	end = min(end, 256<<10)
	out := append([]byte(nil), raw[:end]...)
	return append(out, []byte("\r\n\r\n"+note+"\r\n")...)
}
