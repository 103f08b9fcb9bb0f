package render

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/variants"
)

// seedOrders are the orders of the Italian rulebook's worked game after
// its opening (../examples/s1901-seed-opening.json), as the rulebook
// prints them; examples/seed_test.go checks that the judge plays them as
// the rulebook says.
var seedOrders = map[string]map[string][]string{
	"F1901M": {
		"Inghilterra": {"A Yor-Nwy", "F Nth Sea C A Yor-Nwy", "F Nrg-Bar"},
		"Germania":    {"A Kie-Hol", "A Ruh-Bel", "F Stands"},
		"Russia":      {"A Ukr S F Sev-Rum", "A War-Gal", "F Bot-Swe", "F Sev-Rum"},
		"Turchia":     {"A Bul-Ser", "A Con-Bul", "F Ank-Bla"},
		"Austria":     {"A Tri Stands", "A Bud-Ser", "F Alb-Gre"},
		"Italia":      {"A Ven Stands", "A Pie-Mar", "F Ion-Tun"},
		"Francia":     {"A Bur-Mar", "A Spa-Por", "F Pic-Bel"},
	},
	"W1901A": {
		"Inghilterra": {"Build F Edi"}, "Germania": {"Build F Kie", "Build A Mun"},
		"Russia": {"Build A StP", "Build A Sev"}, "Turchia": {"Build A Smy"},
		"Austria": {"Build A Vie"}, "Italia": {"Build F Nap"}, "Francia": {"Build F Mar"},
	},
	"S1902M": {
		"Germania":    {"A Hol-Bel", "A Ruh S Hol-Bel", "A Mun-Bur", "F Den Stands", "F Kie-Hol"},
		"Russia":      {"A Ukr S F Rum", "A Gal-Bud", "A StP-Nwy", "A Sev S F Rum", "F Swe S StP-Nwy", "F Rum Stands"},
		"Turchia":     {"A Bul-Rum", "A Con-Bul", "A Smy-Arm", "F Bla S Bul-Rum"},
		"Austria":     {"A Tri-Bud", "A Vie-Bud", "A Bud-Ser", "F Stands"},
		"Italia":      {"A Ven Stands", "A Pie-Mar", "F Tun-Wes", "F Nap-Tyr"},
		"Francia":     {"A Bur S F Pic-Bel", "A Por-Spa", "F Pic-Bel", "F Mar Stands"},
		"Inghilterra": {"A Nwy-StP", "F Nth-Nwy", "F Bar S Nwy-StP", "F Edi-Nth"},
	},
	"F1902M": {
		"Germania":    {"A Ruh-Bur", "A Mun S Ruh-Bur", "A Bel S Ruh-Bur", "F Den-Swe", "F Hol S A Bel"},
		"Russia":      {"A StP-Nwy", "F Swe S StP-Nwy", "F Rum S A Sev", "A Sev S F Rum", "A Gal S F Rum", "A Ukr S A Sev"},
		"Turchia":     {"A Bul-Rum", "A Con-Bul", "A Arm-Sev", "F S A Bul-Rum"},
		"Austria":     {"A Vie-Gal", "A Tri-Bud", "A Ser S Turk A Bul-Rum", "F Stands"},
		"Italia":      {"A Ven-Pie-Mar", "F Wes-Mid", "F Tyr-Gul"},
		"Francia":     {"A Bur-Bel", "F Pic S Bur-Bel", "A Spa S F Mar", "F Mar S A Spa"},
		"Inghilterra": {"A Nwy-StP", "F Bar S Nwy-StP", "F Nth-Nwy", "F Edi-Nth"},
	},
	"F1902R": {"Russia": {"A StP-Mos"}, "Francia": {"A Bur-Gas"}},
	"W1902A": {
		"Germania": {"Build F Kiel"}, "Russia": {"Remove A Gal"}, "Turchia": {"Build F Smyrne"},
		"Austria": {"Build A Tri"}, "Francia": {"Build A Paris"}, "Inghilterra": {"Build F Lon"},
	},
}

// seedGame plays the worked game and returns every phase's request and
// response, by the request's phase.
func seedGame(t testing.TB) (reqs map[string]*diplomacy.Position, resps map[string]*diplomacy.Response) {
	t.Helper()
	data, err := os.ReadFile("../examples/s1901-seed-opening.json")
	if err != nil {
		t.Fatal(err)
	}
	var req *diplomacy.Position
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatal(err)
	}
	req.Rules = "1971"
	reqs, resps = map[string]*diplomacy.Position{}, map[string]*diplomacy.Response{}
	for req != nil {
		resp, err := diplomacy.Play(req)
		if err != nil {
			t.Fatalf("%s: %v", req.Phase, err)
		}
		reqs[resp.Phase], resps[resp.Phase] = req, resp
		next := resp.Next
		orders, ok := seedOrders[next.Phase]
		if !ok {
			break
		}
		next.Orders = orders
		req = next
	}
	return reqs, resps
}

// afterPhase returns the position after phase ph of the worked game with
// ph's orders and results, as the judge draws it for the results mail.
func afterPhase(t testing.TB, ph string) (*variants.Variant, *adjudicator.Position, Options) {
	t.Helper()
	_, resps := seedGame(t)
	resp, ok := resps[ph]
	if !ok {
		t.Fatalf("the worked game has no phase %s", ph)
	}
	v, err := diplomacy.Variant(resp.Next.Variant)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := diplomacy.Decode(v, resp.Next)
	if err != nil {
		t.Fatal(err)
	}
	last, err := ResponseOrders(v, resp)
	if err != nil {
		t.Fatal(err)
	}
	return v, pos, Options{Game: "Rulebook example", Last: last}
}
