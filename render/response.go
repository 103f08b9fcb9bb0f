package render

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// outcomes are the outcomes a response names, by their String.
var outcomes = []adjudicator.Outcome{adjudicator.Succeeds, adjudicator.Fails, adjudicator.Invalid}

// ResponseOrders reads the orders of a phase from its diplomacy.Response (what
// diplomacy.Play returns and `corriere adjudicate` writes), for drawing over the
// response's next position: each result's order as understood, with its
// outcome, and the units removed. Orders that could not be read have
// nothing to draw and are left out.
func ResponseOrders(v *variants.Variant, resp *diplomacy.Response) (*Orders, error) {
	ph, err := adjudicator.ParsePhase(resp.Phase)
	if err != nil {
		return nil, fmt.Errorf("render: response: %w", err)
	}
	// Canonical orders name every unit and place, so an empty position of
	// the right phase is enough to read them.
	pos := &adjudicator.Position{Phase: ph, Centers: make([]variants.Power, len(v.Locs))}
	out := &Orders{Phase: ph, Results: []adjudicator.Result{}}
	for _, name := range slices.Sorted(maps.Keys(resp.Results)) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, fmt.Errorf("render: response results: %w", err)
		}
		for _, r := range resp.Results[name] {
			if r.Parsed == "" {
				continue
			}
			o, err := parser.Order(v, pos, p, r.Parsed)
			if err != nil {
				return nil, fmt.Errorf("render: response results of %s: %q: %w", v.Powers[p].ID, r.Parsed, err)
			}
			i := slices.IndexFunc(outcomes, func(oc adjudicator.Outcome) bool { return oc.String() == r.Result })
			if i < 0 {
				return nil, fmt.Errorf("render: response results of %s: %q: unknown result %q", v.Powers[p].ID, r.Parsed, r.Result)
			}
			out.Orders = append(out.Orders, o)
			out.Results = append(out.Results, adjudicator.Result{Outcome: outcomes[i]})
		}
	}
	removed, err := diplomacy.DecodeUnits(v, resp.Removed)
	if err != nil {
		return nil, fmt.Errorf("render: response removed: %w", err)
	}
	out.Removed = removed
	return out, nil
}

// ResponsePNG draws a phase's results from its diplomacy.Response, as the
// judge attaches them to the results mail: the next position with the
// phase's orders and their outcomes, titled with the game's name and the
// time the phase was processed.
func ResponsePNG(resp *diplomacy.Response, title string, at time.Time) ([]byte, error) {
	if resp.Next == nil {
		return nil, fmt.Errorf("render: response without a next position")
	}
	v, err := diplomacy.Variant(resp.Next.Variant)
	if err != nil {
		return nil, err
	}
	pos, err := diplomacy.Decode(v, resp.Next)
	if err != nil {
		return nil, err
	}
	last, err := ResponseOrders(v, resp)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := PNG(&buf, v, pos, Options{Game: title, Date: at, Last: last}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
