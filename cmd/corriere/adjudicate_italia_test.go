package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
)

// A turn of Le Guerre d'Italia played outside the judge: the spring's
// sheets read line by line, the turn resolved, every roll told, the next
// position written; the same request gives the same response, and the
// dice given are the dice rolled.
func TestAdjudicateGuerre(t *testing.T) {
	rules, err := italia.Kind{}.Configure(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.Start(nil, dice.New(dice.Seed{}, ""))
	if err != nil {
		t.Fatal(err)
	}
	start, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	// Spring's diplomacy first, as the judge plays it, then its operations.
	var pos json.RawMessage = start
	for _, ph := range examples.ItaliaSpring {
		req, _ := json.Marshal(map[string]any{"game": "italia", "position": pos, "sheets": ph.Sheets, "dice": []int{6, 6, 6, 6, 6, 6}})
		code, out, errs := cli(string(req), "adjudicate")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", ph.Phase, code, errs)
		}
		var resp guerreResponse
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatalf("%s: %v\n%s", ph.Phase, err, out)
		}
		if resp.Phase != ph.Phase || len(resp.Next) == 0 || resp.Results == "" {
			t.Fatalf("%s: response %+v", ph.Phase, resp)
		}
		// Every sheet is read, and gives orders (a line may be refused
		// with its reason, as the judge would refuse it).
		for power := range ph.Sheets {
			read := 0
			for _, r := range resp.Readings[power] {
				if r.Order != "" {
					read++
				}
				if r.Order == "" && r.Refused == "" && !strings.HasPrefix(strings.ToUpper(r.Line), "FOGLIO") && !strings.HasPrefix(strings.ToUpper(r.Line), "SHEET") {
					t.Errorf("%s: %s's %q neither read nor refused", ph.Phase, power, r.Line)
				}
			}
			if read == 0 {
				t.Errorf("%s: no order read from %s's sheet: %+v", ph.Phase, power, resp.Readings[power])
			}
		}
		for _, r := range resp.Rolls {
			if r.Sides == 6 && r.Result[0] != 6 && len(resp.Rolls) <= 6 {
				t.Errorf("%s: %s rolled %v, given 6", ph.Phase, r.What, r.Result)
			}
		}
		if _, again, _ := cli(string(req), "adjudicate"); again != out {
			t.Errorf("%s: the same request answered otherwise", ph.Phase)
		}
		pos = resp.Next
	}
	code, _, errs := cli(`{"game": "italia", "position": {}, "sheets": {"narnia": "FERMO"}}`, "adjudicate")
	if code != 2 || !strings.Contains(errs, "position") && !strings.Contains(errs, "narnia") {
		t.Errorf("a bad request: exit %d, %q", code, errs)
	}
}
