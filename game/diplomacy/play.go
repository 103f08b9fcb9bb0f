package diplomacy

import (
	"fmt"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Response is the outcome of one phase: a result for every order string
// submitted and the next position, ready to be sent back with new orders.
type Response struct {
	Phase   string                   `json:"phase"`
	Results map[string][]OrderResult `json:"results"`
	// Removed lists units taken off without an order of their own: no
	// retreat possible, no retreat ordered, civil disorder.
	Removed map[string][]string `json:"removed,omitempty"`
	Next    *Position           `json:"next"`
}

// OrderResult is what became of one order string.
type OrderResult struct {
	Order  string `json:"order"`            // as submitted
	Parsed string `json:"parsed,omitempty"` // as understood, canonical
	Result string `json:"result"`           // succeeds, fails or invalid
	Reason string `json:"reason"`
}

// Play resolves the phase of req (a position with orders). An error means
// the request itself is wrong (unknown variant or rules, a position that
// cannot be); unreadable or illegal orders are results, not errors.
func Play(req *Position) (*Response, error) {
	v, err := Variant(req.Variant)
	if err != nil {
		return nil, err
	}
	rules, err := adjudicator.ParseRules(req.Rules)
	if err != nil {
		return nil, err
	}
	pos, err := Decode(v, req)
	if err != nil {
		return nil, err
	}
	resp, _, err := playPos(v, rules, pos, req.Orders)
	return resp, err
}

// playPos is Play on a decoded position: it also returns the next
// position, so that the judge decodes a game's position once a deadline.
func playPos(v *variants.Variant, rules adjudicator.Rules, pos *adjudicator.Position, byPower map[string][]string) (*Response, *adjudicator.Position, error) {
	if err := pos.Validate(v); err != nil {
		return nil, nil, err
	}
	type slot struct {
		power variants.Power
		text  string
		order int // index into orders, -1 when unreadable
		err   error
	}
	n := 0
	for _, texts := range byPower {
		n += len(texts)
	}
	slots := make([]slot, 0, n)
	orders := make([]adjudicator.Order, 0, n)
	read := parser.NewOrderReader(v, pos)
	var keys [16]string
	for _, name := range sortedKeys(byPower, keys[:0]) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, nil, fmt.Errorf("orders: %w", err)
		}
		for _, text := range byPower[name] {
			o, err := read.Order(p, text)
			s := slot{power: p, text: text, order: -1, err: err}
			if err == nil {
				s.order = len(orders)
				orders = append(orders, o)
			}
			slots = append(slots, s)
		}
	}
	res, err := adjudicator.Resolve(v, rules, pos, orders)
	if err != nil {
		return nil, nil, err
	}
	out := &Response{Phase: pos.Phase.String(), Results: make(map[string][]OrderResult, len(byPower))}
	var buf [64]byte
	// The results in one array, each power's run of them its list.
	results := make([]OrderResult, len(slots))
	for i, s := range slots {
		r := &results[i]
		r.Order = s.text
		if s.order < 0 {
			r.Result, r.Reason = adjudicator.Invalid.String(), s.err.Error()
		} else {
			// A stored order is read as written: its text serves.
			r.Parsed = s.text
			if f := parser.AppendFormat(buf[:0], v, orders[s.order]); string(f) != s.text {
				r.Parsed = string(f)
			}
			r.Result = res.Results[s.order].Outcome.String()
			r.Reason = res.Results[s.order].Reason.String()
		}
	}
	for i := 0; i < len(slots); {
		j := i + 1
		for j < len(slots) && slots[j].power == slots[i].power {
			j++
		}
		// Two names of one power ("England", "england") give two runs.
		id := v.Powers[slots[i].power].ID
		if list, ok := out.Results[id]; ok {
			out.Results[id] = append(list, results[i:j]...)
		} else {
			out.Results[id] = results[i:j:j]
		}
		i = j
	}
	if len(res.Removed) > 0 {
		texts := unitTextTable(v)
		out.Removed = listByPower(v, len(res.Removed), false, func(i int) (variants.Power, string) {
			u := res.Removed[i]
			return u.Power, texts.text(v, u)
		})
	}
	out.Next = Encode(v, rules, &res.Next, res.Winner)
	return out, &res.Next, nil
}
