package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/parser"
)

// FuzzAdjudicate feeds arbitrary requests to "corriere adjudicate". Whatever
// the input, run must not panic and must exit 0 or 2:
//
//   - on 0 the request was JSON, stdout is one JSON response with exactly
//     one result per submitted order string per power (the order as
//     submitted), every invalid or failed order says why, and next can be
//     fed straight back;
//   - on 2 stdout is empty and stderr is one line.
func FuzzAdjudicate(f *testing.F) {
	examples, _ := filepath.Glob("../../examples/*.json")
	for _, name := range examples {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(readmeRequest(f)))
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, req []byte) {
		checkAdjudicateProperty(t, req, true)
	})
}

var fuzzSeeds = []string{
	// Broken or odd JSON.
	``,
	`{`,
	`null`,
	`[]`,
	`"S1901M"`,
	`{} {}`,
	`{"phase": "S1901M", "ordres": {}}`,
	`{"orders": {"england": "F lon - nth"}}`,
	`{"units": {"england": [1, null, {}]}}`,
	// Unknown variant, rules, phase.
	`{"variant": "chaos", "rules": "1982"}`,
	`{"phase": "W1901M"}`,
	`{"phase": "F9998M", "rules": "1971"}`,
	// Impossible positions.
	`{"units": {"england": ["F lon", "A lon"], "germany": ["F mun"], "france": ["F spa"]}}`,
	`{"centers": {"england": ["lon", "yor"], "france": ["Londra"]}}`,
	// Names in every form; several keys for one power.
	`{"units": {"Inghilterra": ["A Londra", "F Mare del Nord"], "FRA": ["F Spagna (costa sud)"], "Turk": ["F StP (costa nord)"]},
	 "centers": {"Russia": ["Mosca", "StP"], "Francia": ["Parigi"]},
	 "orders": {"Francia": ["F spa/sc - wes"], "ENG": ["A lon H"], "england": ["F nth - nwg"], "narnia": ["A par H"]}}`,
	`{"orders": {"Austria-Ungheria": ["A Vie-Tri", "A Bud-Gal"], "AUS": ["F Tri-Alb."], "TÜRKEI": ["A con - bul"], "nar\nnia": []}}`,
	// Empty and huge orders.
	`{"orders": {"england": [], "france": [""], "italy": ["   ", ",", ";\n;"]}}`,
	`{"orders": {"france": ["` + strings.Repeat("A par - bur ", 300) + `", "` + strings.Repeat("x", 5000) + `"]}}`,
	`{"orders": {"germany": ["A mun - bur, A ber - kie; F kie - den\nA mun - ruh", "\u0000\u0001", "%!d(MISSING) %v", "A ber - 99999999999999999999", "build A ber", "A mun disband"]}}`,
	// DATC 6.G.2 under the 1971 rules.
	`{"rules": "1971", "phase": "S1901M",
	 "units": {"england": ["A nwy"], "russia": ["F swe"], "germany": ["F ska"]},
	 "orders": {"england": ["A nwy - swe"], "russia": ["F swe - nwy"], "germany": ["F ska C A nwy - swe"]}}`,
	// A retreat phase.
	`{"phase": "F1901R", "units": {"italy": ["A tri"], "russia": ["A vie"], "france": ["A mun"]},
	 "dislodged": {"austria": [{"unit": "F tri", "attacker_from": "ven"}, {"unit": "A vie", "attacker_from": "gal", "via_convoy": true}],
	               "germany": [{"unit": "A mun", "attacker_from": "bur"}]},
	 "contested": ["alb"],
	 "orders": {"austria": ["F tri - alb", "A vie - boh", "F tri disband"], "germany": ["A mun - boh", "A mun S A vie"], "italy": ["A tri - ven"]}}`,
	// An adjustment phase.
	`{"phase": "W1901A",
	 "units": {"france": ["A spa", "F mao", "A bur"], "russia": ["A ukr"], "england": ["F nth", "A lon", "F bar", "F nwg"]},
	 "centers": {"france": ["bre", "mar", "par", "spa", "por"], "russia": ["mos", "sev", "stp", "war"], "england": ["lon", "edi"]},
	 "orders": {"france": ["build A por", "build A par", "build F bre", "build A mar", "waive"],
	            "russia": ["build F stp", "build F stp/nc", "build A mos", "build F war", "remove A ukr"],
	            "england": ["remove F nth", "remove F nth", "build A edi"]}}`,
	// A movement that dislodges, via convoy.
	`{"phase": "S1901M", "units": {"england": ["A lon", "F eng", "F nth"], "france": ["A bel"], "germany": ["A hol", "A ruh", "F hel"]},
	 "orders": {"england": ["A lon - bel", "F eng C A lon - bel", "F nth S A lon - bel"], "france": ["A bel H"]}}`,
}

// checkAdjudicateProperty runs req and checks the property stated on
// FuzzAdjudicate. With again set, a successful response's next is run
// once more (without orders).
func checkAdjudicateProperty(t *testing.T, req []byte, again bool) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"adjudicate"}, bytes.NewReader(req), &stdout, &stderr)

	var in tPosition
	decodeErr := json.Unmarshal(req, &in)

	switch code {
	case 2:
		if stdout.Len() != 0 {
			t.Errorf("exit 2 with output on stdout: %.200q", stdout.String())
		}
		checkOneLine(t, stderr.String())
		return
	case 0:
	default:
		t.Fatalf("exit %d (want 0 or 2); stderr %q", code, stderr.String())
	}

	if decodeErr != nil {
		t.Fatalf("the request is not valid JSON (%v) but exit 0; stdout %.300q", decodeErr, stdout.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("exit 0 with stderr %q", stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(stdout.Bytes()))
	var resp tResponse
	if err := dec.Decode(&resp); err != nil {
		t.Fatalf("stdout is not a JSON response: %v\n%.500s", err, stdout.String())
	}
	if _, err := dec.Token(); err == nil {
		t.Fatalf("stdout holds more than one JSON value")
	}
	if resp.Next == nil {
		t.Fatalf("response without next")
	}

	// One result per submitted order string, per power, as submitted.
	v, err := diplomacy.Variant(in.Variant)
	if err != nil {
		t.Fatalf("exit 0 for variant %q: %v", in.Variant, err)
	}
	want := map[string][]string{}
	for name, orders := range in.Orders {
		p, err := parser.Power(v, name)
		if err != nil {
			t.Fatalf("exit 0 though orders name the unknown power %q", name)
		}
		id := v.Powers[p].ID
		want[id] = append(want[id], orders...)
	}
	for id, orders := range want {
		var got []string
		for _, r := range resp.Results[id] {
			got = append(got, r.Order)
		}
		if !sameMultiset(got, orders) {
			t.Fatalf("%s: results for %q, submitted %q", id, got, orders)
		}
	}
	for id, rs := range resp.Results {
		if _, ok := want[id]; !ok && len(rs) > 0 {
			t.Fatalf("results for %s, which submitted no orders", id)
		}
		for _, r := range rs {
			switch r.Result {
			case "succeeds":
			case "fails", "invalid":
				if strings.TrimSpace(r.Reason) == "" {
					t.Errorf("%s %q: %s without a reason", id, r.Order, r.Result)
				}
				for _, bad := range []string{"%!", "strconv", "<nil>", "&{", "runtime error"} {
					if strings.Contains(r.Reason, bad) && !strings.Contains(r.Order, bad) {
						t.Errorf("%s %q: reason %q is not in a player's words (%q)", id, r.Order, r.Reason, bad)
					}
				}
			default:
				t.Errorf("%s %q: result %q", id, r.Order, r.Result)
			}
		}
	}

	if !again {
		return
	}
	// next is a position in the request's schema: it can be sent back.
	next, err := json.Marshal(resp.Next)
	if err != nil {
		t.Fatal(err)
	}
	var out2, err2 bytes.Buffer
	if code := run([]string{"adjudicate"}, bytes.NewReader(next), &out2, &err2); code != 0 {
		t.Fatalf("next fed back: exit %d: %s\nnext: %s", code, strings.TrimSpace(err2.String()), next)
	}
}
