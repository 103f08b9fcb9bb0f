package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/versailles"
)

// demoVersailles plays the first four turns of Versailles 1919 by mail
// with the sample data: the first player deploys a unit and places
// Influence (in Italian); the next settles an Issue, the settle's steps
// and any insurrection answered by their owners; each later player
// settles what it can, else takes the default.
func demoVersailles(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error {
	next := func(pos string) (string, string, bool, error) {
		p := &versailles.Play{}
		if err := json.Unmarshal([]byte(pos), p); err != nil {
			return "", "", false, err
		}
		if p.Round == len(p.Order) || p.Over || len(p.Pending) == 0 {
			return "", "", true, nil
		}
		dec := p.Pending[0]
		switch {
		case dec.Seat == "master" && dec.Kind == "data":
			return demoMaster, "RULE START", false, nil
		case dec.Seat == "master":
			return demoMaster, "RULE DONE", false, nil
		case dec.Kind == "turn" && p.Round == 0:
			return seedPlayer(dec.Seat), "SCHIERA africa 6\nPONI " + p.OnTable[0] + " 3 " + p.Waiting[0] + " 1", false, nil
		case dec.Kind == "bid":
			return seedPlayer(dec.Seat), "PASS", false, nil
		case dec.Default == "":
			return seedPlayer(dec.Seat), dec.Answers[0], false, nil
		}
		return seedPlayer(dec.Seat), dec.Default, false, nil
	}
	return demoTable(ctx, tableDemo{kind: "versailles", name: "pace", title: "a round of turns of Versailles 1919", seats: []string{"uk", "fr", "us", "it"}, seed: versaillesDemoSeed, next: next}, out, stdout, log)
}

// versaillesDemoSeed fixes the demo's dice, so that it plays the same
// round every time.
var versaillesDemoSeed = dice.Seed{0x56, 0x31, 0x39, 0x00}
