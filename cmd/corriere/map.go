package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/variants"
)

const mapSyntax = "map --in position.json --out map.png|map.svg|- [--format png|svg] [--game NAME] [--date YYYY-MM-DD]"

const mapUsage = "usage: corriere " + mapSyntax + `

Draws a position: what corriere adjudicate reads (its orders, if any, are
drawn as given) or writes (its next position, with the orders just
resolved and their results).
`

// runMap draws a position: `corriere map --in position.json --out map.png`.
// The input is what `corriere adjudicate` reads (a position, with orders
// to draw if it has them) or writes (a response: its next position is
// drawn with the orders just resolved and their results).
func runMap(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("map", flag.ContinueOnError)
	in := fs.String("in", "-", "the position or response JSON (- for stdin)")
	out := fs.String("out", "", "the picture to write: NAME.png or NAME.svg (- for stdout)")
	format := fs.String("format", "", "png or svg (default: from the --out extension, png for stdout)")
	gameName := fs.String("game", "", "the game's name, for the title")
	date := fs.String("date", "", "a date for the title, YYYY-MM-DD")
	extra, code, stop := parseFlags(fs, args, mapUsage, stdout, stderr)
	if stop {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "corriere map: %s\n", oneLine(fmt.Sprintf(format, a...)))
		return 2
	}
	if len(extra) > 0 {
		return fail("unexpected arguments %q", strings.Join(extra, " "))
	}
	if *out == "" {
		return fail("--out is required (map.png or map.svg)")
	}
	kind := strings.ToLower(*format)
	if kind == "" {
		kind = strings.TrimPrefix(strings.ToLower(filepath.Ext(*out)), ".")
		if *out == "-" {
			kind = "png"
		}
	}
	if kind != "png" && kind != "svg" {
		return fail("cannot tell the format of %q: use a .png or .svg name, or --format", *out)
	}
	opts := render.Options{Game: *gameName}
	if *date != "" {
		d, err := time.Parse("2006-01-02", *date)
		if err != nil {
			return fail("--date %q: want YYYY-MM-DD", *date)
		}
		opts.Date = d
	}

	var r io.Reader = stdin
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return fail("%v", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxRequest+1))
	if err != nil {
		return fail("read %s: %v", *in, err)
	}
	if len(data) > maxRequest {
		return fail("input larger than %d bytes", maxRequest)
	}
	v, pos, last, warnings, err := mapInput(data)
	if err != nil {
		return fail("%v", err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "corriere map: %s\n", oneLine(w))
	}
	opts.Last = last

	var buf bytes.Buffer
	if kind == "svg" {
		err = render.SVG(&buf, v, pos, opts)
	} else {
		err = render.PNG(&buf, v, pos, opts)
	}
	if err != nil {
		return fail("%v", err)
	}
	if *out == "-" {
		_, err = stdout.Write(buf.Bytes())
	} else {
		err = os.WriteFile(*out, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "corriere map: write: %s\n", oneLine(err.Error()))
		return 1
	}
	return 0
}

// mapInput reads a position (orders optional) or a response. Orders that
// cannot be read are not drawn; each gives a warning.
func mapInput(data []byte) (v *variants.Variant, pos *adjudicator.Position, last *render.Orders, warnings []string, err error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, nil, nil, nil, fmt.Errorf("bad JSON: %w", err)
	}
	if probe == nil {
		return nil, nil, nil, nil, errors.New("bad JSON: expected an object, a position or a response, got null")
	}
	if _, isResponse := probe["next"]; isResponse {
		var resp diplomacy.Response
		if err := decodeStrict(data, &resp, ""); err != nil {
			return nil, nil, nil, nil, err
		}
		if resp.Next == nil {
			return nil, nil, nil, nil, errors.New("response: \"next\" is null")
		}
		v, pos, err := decodePosition(resp.Next)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("response: next: %w", err)
		}
		last, err := render.ResponseOrders(v, &resp)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		return v, pos, last, nil, nil
	}
	var j diplomacy.Position
	if err := decodeStrict(data, &j, ""); err != nil {
		return nil, nil, nil, nil, err
	}
	v, pos, err = decodePosition(&j)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if len(j.Orders) == 0 {
		return v, pos, nil, nil, nil
	}
	last = &render.Orders{Phase: pos.Phase}
	for _, name := range slices.Sorted(maps.Keys(j.Orders)) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("orders: %w", err)
		}
		for _, text := range j.Orders[name] {
			o, err := parser.Order(v, pos, p, text)
			if err != nil {
				warnings = append(warnings, fmt.Sprintf("order %q of %s not drawn: %v", text, v.Powers[p].ID, err))
				continue
			}
			last.Orders = append(last.Orders, o)
		}
	}
	return v, pos, last, warnings, nil
}

func decodePosition(j *diplomacy.Position) (*variants.Variant, *adjudicator.Position, error) {
	v, err := diplomacy.Variant(j.Variant)
	if err != nil {
		return nil, nil, err
	}
	pos, err := diplomacy.Decode(v, j)
	if err != nil {
		return nil, nil, err
	}
	if err := pos.Validate(v); err != nil {
		return nil, nil, err
	}
	return v, pos, nil
}
