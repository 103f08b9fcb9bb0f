package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
)

// A guerreRequest is a turn of Le Guerre d'Italia to play outside the
// judge: the game's settings, the position as the judge stores it, each
// power's operation sheet as its player wrote it, and the dice to roll,
// in order.
type guerreRequest struct {
	Game     string            `json:"game"`
	Settings map[string]string `json:"settings"`
	Position json.RawMessage   `json:"position"`
	Sheets   map[string]string `json:"sheets"`
	Dice     []int             `json:"dice"`
}

// A guerreResponse is what the turn came to: each line of each sheet as
// read, the results as the arbiter reads them, every roll with its
// purpose, and the next position.
type guerreResponse struct {
	Phase    string                     `json:"phase"`
	Readings map[string][]guerreReading `json:"readings"`
	Results  string                     `json:"results"`
	Rolls    []guerreRoll               `json:"rolls"`
	Next     json.RawMessage            `json:"next"`
	End      string                     `json:"end,omitempty"`
}

type guerreReading struct {
	Line    string `json:"line"`
	Order   string `json:"order,omitempty"`
	Refused string `json:"refused,omitempty"`
}

type guerreRoll struct {
	What   string `json:"what"`
	Sides  int    `json:"sides,omitempty"`
	Result []int  `json:"result"`
	Public bool   `json:"public"`
}

// guerreGame reports whether a request names Le Guerre d'Italia.
func guerreGame(data []byte) bool {
	var probe struct {
		Game string `json:"game"`
	}
	json.Unmarshal(data, &probe)
	return slices.Contains([]string{"italia", "guerre"}, strings.ToLower(probe.Game))
}

// adjudicateGuerre plays a turn of Le Guerre d'Italia as the judge does:
// each sheet read line by line (a later line replacing an earlier one),
// the turn resolved with the dice given, then the seed's.
func adjudicateGuerre(data []byte) (*guerreResponse, error) {
	var req guerreRequest
	if err := decodeStrict(data, &req, "request "); err != nil {
		return nil, err
	}
	rules, err := italia.Kind{}.Configure(req.Settings)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	if len(bytes.TrimSpace(req.Position)) == 0 {
		return nil, fmt.Errorf("request: no position")
	}
	st, err := rules.Decode(req.Position)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	resp := &guerreResponse{Phase: st.Phase().ID, Readings: map[string][]guerreReading{}}
	var orders []game.Order
	for _, power := range slices.Sorted(maps.Keys(req.Sheets)) {
		if _, ok := rules.Seat(power); !ok {
			return nil, fmt.Errorf("sheets: %q is no power of the game", power)
		}
		var standing []game.Order
		for _, line := range strings.Split(req.Sheets[power], "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			readings, err := st.Read([]string{power}, line, standing)
			if err != nil {
				return nil, fmt.Errorf("sheet of %s: %w", power, err)
			}
			for _, r := range readings {
				out := guerreReading{Line: r.Written}
				switch {
				case r.Refused != nil && r.Refused.NotOrder:
					out.Refused = "not an order"
				case r.Refused != nil:
					out.Refused = r.Refused.Reason(game.English)
				case r.Order.Key != "":
					out.Order = r.Order.Text
					standing = append(slices.DeleteFunc(standing, func(o game.Order) bool { return o.Key == r.Order.Key }), r.Order)
				}
				resp.Readings[power] = append(resp.Readings[power], out)
			}
		}
		orders = append(orders, standing...)
	}
	d := dice.Given(req.Dice, dice.Seed{}, resp.Phase)
	outcome, err := st.Resolve(orders, d)
	if err != nil {
		return nil, err
	}
	rep, err := st.Results(outcome.Record, outcome.Next, game.Viewer{Master: true})
	if err != nil {
		return nil, err
	}
	for _, part := range []game.Text{rep.Orders, rep.Events, rep.Position} {
		if part != nil {
			resp.Results += part(game.English)
		}
	}
	for _, r := range d.Rolls() {
		resp.Rolls = append(resp.Rolls, guerreRoll{What: r.What, Sides: r.Sides, Result: r.Result, Public: r.Public})
	}
	if resp.Next, err = outcome.Next.Encode(); err != nil {
		return nil, err
	}
	if outcome.End != nil {
		resp.End = outcome.End.Text(game.English)
	}
	return resp, nil
}
