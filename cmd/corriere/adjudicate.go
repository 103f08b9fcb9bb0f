package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/corriere/corriere/game/diplomacy"
)

// maxRequest bounds what adjudicate reads: a position with orders is a few
// kilobytes.
const maxRequest = 8 << 20

const adjudicateUsage = `usage: corriere adjudicate < request.json > response.json

Reads a position with orders as JSON on stdin and writes, as JSON on
stdout, one result per order (succeeds, fails or invalid, with the reason)
and the next position. The request:
  {"variant": "standard", "rules": "2023"|"1971", "phase": "S1901M",
   "units": {"england": ["F nth", "A lon"]}, "centers": {...},
   "dislodged": {...}, "contested": [...], "disorder": [...], "closed": [...],
   "orders": {"england": ["F nth - pic"]}}
A turn of Le Guerre d'Italia is played the same way:
  {"game": "italia", "settings": {"players": "6"},
   "position": <the position as the judge stores it>,
   "sheets": {"venezia": "the operation sheet, a line each"},
   "dice": [3, 5, ...]}
and answered with each sheet line as read, the results as the arbiter
reads them, every roll with what it was for, and the next position; the
dice fall as given, in order, then as a fixed seed says.
A malformed request exits with status 2 and one line on stderr.
`

func runAdjudicate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprint(stdout, adjudicateUsage)
		return 0
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "corriere adjudicate: takes no arguments (the request comes on stdin), got %q\n", strings.Join(args, " "))
		return 2
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxRequest+1))
	if err != nil {
		fmt.Fprintf(stderr, "corriere adjudicate: read request: %v\n", err)
		return 2
	}
	if len(data) > maxRequest {
		fmt.Fprintf(stderr, "corriere adjudicate: request larger than %d bytes\n", maxRequest)
		return 2
	}
	resp, err := adjudicate(data)
	if err != nil {
		fmt.Fprintf(stderr, "corriere adjudicate: %s\n", oneLine(err.Error()))
		return 2
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(resp); err != nil {
		fmt.Fprintf(stderr, "corriere adjudicate: write response: %v\n", err)
		return 1
	}
	return 0
}

func adjudicate(data []byte) (any, error) {
	if guerreGame(data) {
		return adjudicateGuerre(data)
	}
	var req *diplomacy.Position
	if err := decodeStrict(data, &req, "request "); err != nil {
		return nil, err
	}
	if req == nil {
		return nil, fmt.Errorf("bad request JSON: expected an object with the position and orders, got null")
	}
	return diplomacy.Play(req)
}

// decodeStrict decodes data, one JSON value without unknown fields, into
// v. Its errors read "bad <what>JSON: ...".
func decodeStrict(data []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad %sJSON: %w", what, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("bad %sJSON: something follows the %sobject", what, what)
	}
	return nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
