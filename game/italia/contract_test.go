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

// The game's own settings are the ones Configure takes, each with its
// default, and no other: the board and the scenario are no settings of
// the game (Label names them).
func TestSettings(t *testing.T) {
	kind := italia.Kind{}
	all := map[string]string{}
	for _, s := range kind.Settings() {
		all[s.Names[0]] = s.Default
	}
	r, err := kind.Configure(all)
	if err != nil {
		t.Fatal(err)
	}
	if board, edition := r.(game.Labeled).Label(); board != "italia" || edition != "1499-1512" {
		t.Errorf("label %s %s", board, edition)
	}
	for _, bad := range []map[string]string{{"battles": "chess"}, {"players": "5"}, {"variant": "standard"}, {"variant": "italia"}, {"rules": "1499-1512"}, {"missing": "hold"}} {
		if _, err := kind.Configure(bad); err == nil {
			t.Errorf("%v taken", bad)
		}
	}
	if len(kind.Calendar()) != 3 || kind.Calendar()[2].Name != italia.KindTickets {
		t.Errorf("calendar %v", kind.Calendar())
	}
	prose := r.(game.Prose)
	if !prose.Prose("Ciao a tutti, buona partita") || prose.Prose("#1 - Ferrara") {
		t.Error("prose")
	}
}

// The arbiter's rulings (spec §3.18, R56): each edit changes the position
// and says what changed; words that make no edit are refused with what
// EDIT takes, and change nothing.
func TestEdit(t *testing.T) {
	rules, err := italia.Kind{}.Configure(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	seat := func(name string) (string, error) {
		if id, ok := rules.Seat(name); ok {
			return id, nil
		}
		return "", &game.Refusal{Reason: func(game.Lang) string { return "no seat " + name }}
	}
	// A treasury is its power's secret (R57): the players read that it
	// changed, the arbiter (Edit's master text) how much it is.
	for _, c := range []struct{ words, done, secret, json string }{
		{"CONTROLLO Ferrara Venezia", "Ferrara is held by Venice", "", `"ferra":"venezia"`},
		{"TREASURY Florence 30", "the treasury of Florence changed", "the treasury of Florence is 30 ducats", `"treasury":30`},
		{"CARESTIA Padova", "Padova: famine", "", `"famine":["padua"]`},
		{"ELEMENTI Venezia #1 CINC, 3 GD, 8 PK", "Venice #1: its elements changed", "", `"GD":3`},
		{"OTTOMANI ATTIVI", "the Ottomans take the field", "", `"ottomans_active":true`},
	} {
		next, done, secret, err := st.(game.Editor).Edit(c.words, seat)
		if err != nil {
			t.Errorf("%s: %v", c.words, err)
			continue
		}
		if got := done(game.English); !strings.Contains(got, c.done) || strings.Contains(got, "30") || !strings.Contains(string(must(next.Encode())), c.json) {
			t.Errorf("%s: %q\n%s", c.words, got, must(next.Encode()))
		}
		if (secret == nil) != (c.secret == "") || secret != nil && secret(game.English) != c.secret {
			t.Errorf("%s: the arbiter reads %v", c.words, secret)
		}
	}
	for _, bad := range []string{"", "CONTROLLO Atlantide Venezia", "TESORO Venezia molti", "ELEMENTI Venezia #3 GD", "PIOGGIA Roma"} {
		if _, _, _, err := st.(game.Editor).Edit(bad, seat); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
}
