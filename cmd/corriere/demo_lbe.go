package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/belleepoque"
	"github.com/corriere/corriere/game/dice"
)

// demoLBE plays the setup and the first turn of La Belle Époque by mail
// with the sample data: the placements (France and Russia in Italian),
// the first Power buys armies and contests a cube in Europe, resolving
// it in its next round; the others invest and pass.
func demoLBE(ctx context.Context, out string, stdout io.Writer, log *slog.Logger) error {
	target, space := "", 0
	next := func(pos string) (string, string, bool, error) {
		p := &belleepoque.Play{}
		if err := json.Unmarshal([]byte(pos), p); err != nil {
			return "", "", false, err
		}
		if p.Turn == 2 || p.Over || len(p.Pending) == 0 {
			return "", "", true, nil
		}
		dec := p.Pending[0]
		italian := dec.Seat == "fr" || dec.Seat == "ru"
		say := func(en, it string) string {
			if italian {
				return it
			}
			return en
		}
		switch {
		case dec.Seat == "master" && dec.Kind == "data":
			return demoMaster, "RULE START", false, nil
		case dec.Seat == "master":
			return demoMaster, "EDIT TRACK money " + p.Order[0] + " +1 -- the card's effect, as ruled\nRULE DONE", false, nil
		case dec.Kind == "setup" && italian:
			return seedPlayer(dec.Seat), strings.Replace(dec.Default, "SETUP", "PIAZZA", 1), false, nil
		case dec.Kind == "contest":
			return seedPlayer(dec.Seat), say("COMMIT ", "IMPIEGA ") + strconv.Itoa(len(dec.Answers)-1), false, nil
		case dec.Kind == "round" && dec.Seat == p.Order[0] && p.Powers[dec.Seat].Bought == 0:
			target, space = contestable(p, dec.Seat)
			if target != "" {
				return seedPlayer(dec.Seat), say("BUY 2A\nSEND ", "COMPRA 2E\nINVIA ") + target + say(" ON ", " SU ") + strconv.Itoa(space), false, nil
			}
		case dec.Kind == "round" && dec.Seat == p.Order[0] && target != "" && !slices.Contains(p.Passed, dec.Seat):
			t := target
			target = ""
			return seedPlayer(dec.Seat), say("RESOLVE ", "RISOLVI ") + t + " " + strconv.Itoa(space) + say("\nPASS", "\nPASSA"), false, nil
		case dec.Kind == "round":
			return seedPlayer(dec.Seat), say("INVEST\nPASS", "INVESTI\nPASSA"), false, nil
		}
		return seedPlayer(dec.Seat), dec.Default, false, nil
	}
	return demoTable(ctx, tableDemo{kind: "lbe", name: "epoque", title: "the setup and first turn of La Belle Époque", seats: []string{"gb", "fr", "ru", "ic"}, seed: lbeDemoSeed, next: next}, out, stdout, log)
}

// contestable is a European territory with another Power's cube, and
// its space.
func contestable(p *belleepoque.Play, seat string) (string, int) {
	for _, id := range []string{"belgio", "bulgaria", "grecia", "impero_ottomano", "italia", "olanda", "portogallo", "romania", "serbia", "spagna"} {
		for _, pc := range p.Board[id] {
			if pc.Kind == "md" && pc.Owner != seat && slices.Contains(p.Order, pc.Owner) {
				n, _ := strconv.Atoi(pc.Tag)
				return id, n
			}
		}
	}
	return "", 0
}

// lbeDemoSeed fixes the demo's dice: the turn order it draws puts Great
// Britain first, who buys armies, contests and resolves (in English).
var lbeDemoSeed = dice.Seed{0x4c, 0x42, 0x45, 0x00}
