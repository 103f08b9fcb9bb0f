package italia_test

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
)

// The first spring played through the contract alone, as the judge would
// play it: the diplomacy, then the operations, each line read, the phases
// resolved, their results written and the state stored and read back.
func TestThroughTheContract(t *testing.T) {
	var kind game.Kind = italia.Kind{}
	rules, err := kind.Configure(map[string]string{"players": "6"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	step := func(seat, line, next string) {
		t.Helper()
		rs, err := st.Read([]string{seat}, line, nil)
		if err != nil || rs[0].Refused != nil {
			t.Fatalf("%q: %v %+v", line, err, rs[0].Refused)
		}
		out, err := st.Resolve([]game.Order{rs[0].Order}, dice.New(dice.Seed{}, st.Phase().ID))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := st.Results(out.Record, out.Next, game.Viewer{Seats: []string{seat}})
		if err != nil || rep.Events == nil || rep.Position == nil {
			t.Fatalf("results %v", err)
		}
		data, err := out.Next.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if st, err = rules.Decode(data); err != nil || st.Phase().ID != next {
			t.Fatalf("read back as %v, %v; want %s", st, err, next)
		}
	}
	step("venezia", "AMBASCIATORE Papato", "P1499O")
	if m := st.Missing("venezia", nil); len(m) != 2 || m[0](game.Italian) != "un ordine per #1 in Padova" {
		t.Errorf("missing %v", m)
	}
	step("venezia", "#1 - Vicenza", "E1499O")
	if pos := st.(*italia.State).Pos(); !strings.Contains(string(must(st.Encode())), `"at":"vicen"`) || pos.Powers[3].Treasury != 13 {
		t.Errorf("after the spring: %s", must(st.Encode()))
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
