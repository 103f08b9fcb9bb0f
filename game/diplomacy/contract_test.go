package diplomacy_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/diplomacy"
)

// A Spring 1901 played through the contract alone, as the judge plays it:
// who owes, what is missing, a line read (a wrong unit type corrected,
// another power's unit refused, a greeting passed over), the phase
// resolved and its results written in both languages.
func TestThroughTheContract(t *testing.T) {
	var kind game.Kind = diplomacy.Kind{}
	rules, err := kind.Configure(map[string]string{"variant": "standard", "rules": "2023", "missing": "hold"})
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := rules.Seat("Francia"); !ok || id != "france" {
		t.Errorf("Seat(Francia) = %q, %v", id, ok)
	}
	if _, ok := rules.Seat("Francesca"); ok {
		t.Error("a misspelt power names a seat")
	}
	st, err := rules.Start(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ph := st.Phase(); ph.ID != "S1901M" || ph.Kind != "movement" || ph.Title(game.Italian) != "Primavera 1901, movimento (S1901M)" {
		t.Errorf("phase %+v, %q", ph, ph.Title(game.Italian))
	}
	if got := st.Owing(); len(got) != 7 {
		t.Errorf("owing %v, want the seven powers", got)
	}
	if got := st.Missing("france", nil); len(got) != 3 || got[0](game.English) != "F bre" {
		t.Errorf("France misses %v", got)
	}
	readings, err := st.Read([]string{"france"}, "F Par-Bur, A Mar S A Par-Bur, A Ber-Kie", nil)
	if err != nil || len(readings) != 3 {
		t.Fatalf("%d readings: %+v", len(readings), readings)
	}
	if r := readings[0]; r.Refused != nil || r.Order.Text != "A par - bur" || r.Order.Key != "par" || r.Note == nil ||
		!strings.Contains(r.Note(game.English), "the unit in par is an army") {
		t.Errorf("first reading %+v", r)
	}
	if r := readings[1]; r.Refused != nil || r.Order.Text != "A mar S A par - bur" {
		t.Errorf("second reading %+v", r)
	}
	if r := readings[2]; r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), "another power") {
		t.Errorf("third reading %+v", r)
	}
	if r, err := st.Read([]string{"france"}, "Ciao a tutti", nil); err != nil || len(r) != 1 || r[0].Refused == nil || !r[0].Refused.NotOrder {
		t.Errorf("a greeting read as %+v", r)
	}
	var standing []game.Order
	for _, r := range readings[:2] {
		standing = append(standing, r.Order)
	}
	standing = append(standing, game.Order{Seat: "germany", Key: "mun", Text: "A mun - ruh", ByMaster: true})
	if got := st.Missing("france", standing); len(got) != 1 || got[0](game.English) != "F bre" {
		t.Errorf("France still misses %v", got)
	}
	out, err := st.Resolve(standing, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.Next.Phase().ID != "F1901M" || out.End != nil {
		t.Errorf("next %s, end %v", out.Next.Phase().ID, out.End)
	}
	rep, err := st.Results(out.Record, out.Next, game.Viewer{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"France:\n  A par - bur                  succeeds", "A mun - ruh                  succeeds (entered by the game master)"} {
		if !strings.Contains(rep.Orders(game.English), want) {
			t.Errorf("results lack %q:\n%s", want, rep.Orders(game.English))
		}
	}
	if !strings.Contains(rep.Position(game.English), "A bur, A mar, F bre") || rep.Events != nil {
		t.Errorf("position after:\n%s", rep.Position(game.English))
	}
	if it := rep.Orders(game.Italian) + rep.Position(game.Italian); !strings.Contains(it, "Francia:") || !strings.Contains(it, "Centri") {
		t.Errorf("Italian results:\n%s", it)
	}
	// From the record alone, as HISTORY reads a phase.
	if again, err := st.Results(out.Record, nil, game.Viewer{}); err != nil || again.Position(game.English) != rep.Position(game.English) {
		t.Errorf("the record alone gives %v", err)
	}
	// The state the store keeps reads back as the same state.
	data, err := out.Next.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := rules.Decode(data)
	if err != nil || back.Phase().ID != "F1901M" || !slices.Equal(back.Owing(), out.Next.Owing()) {
		t.Errorf("decoded %v, %v", back, err)
	}
}

// Diplomacy's own settings are checked when the rules are configured.
func TestConfigureRefusals(t *testing.T) {
	for _, c := range []struct {
		settings map[string]string
		want     string
	}{
		{map[string]string{"variant": "chaos"}, `unknown variant "chaos"`},
		{map[string]string{"rules": "1982"}, "1982"},
		{map[string]string{"missing": "pass"}, `missing orders "pass": expected hold or disorder`},
		{map[string]string{"players": "8"}, "players 8: expected 7, 6 (Italy absent)"},
		{map[string]string{"players": "3", "alternative": "3"}, "alternative 3: expected 1 (Russia; England, France and Germany; Austria, Italy and Turkey) or 2"},
		{map[string]string{"alternative": "1"}, "alternative 1: only the three-player game has alternatives"},
		{map[string]string{"colour": "red"}, `"colour" is no setting of Diplomacy`},
	} {
		if _, err := (diplomacy.Kind{}).Configure(c.settings); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.settings, err, c.want)
		}
	}
}

// A standing order that no longer reads is the game's failure, not the
// player's: Read says so instead of refusing the new order.
func TestReadWithAStoredOrderThatNoLongerReads(t *testing.T) {
	rules, err := (diplomacy.Kind{}).Configure(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := rules.Start(nil, nil)
	_, err = st.Read([]string{"france"}, "A Par-Bur", []game.Order{{Seat: "france", Key: "xyz", Text: "A xyz - abc"}})
	if err == nil || !strings.Contains(err.Error(), `stored order "A xyz - abc" no longer reads`) {
		t.Errorf("error %v", err)
	}
}

// At the end date the most units win, a tie shares the victory; the
// survivors are the powers with units or centres.
func TestEndNowAndSurvivors(t *testing.T) {
	rules, err := diplomacy.Configure(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.State(&diplomacy.Position{Phase: "S1905M",
		Units:   map[string][]string{"france": {"A par", "A mar"}, "germany": {"A ber", "A mun"}, "italy": {"A rom"}},
		Centers: map[string][]string{"france": {"par", "mar"}, "germany": {"ber", "mun"}, "italy": {"rom"}, "austria": {"vie"}}})
	if err != nil {
		t.Fatal(err)
	}
	var s game.State = st
	end := s.(game.Ender).EndNow()
	if !end.Draw || !slices.Equal(end.Winners, []string{"france", "germany"}) || end.Text(game.English) != "France; Germany share the victory with 2 units each" {
		t.Errorf("end %+v: %q", end, end.Text(game.English))
	}
	if got := s.(game.Survivors).Survivors(); !slices.Equal(got, []string{"austria", "france", "germany", "italy"}) {
		t.Errorf("survivors %v", got)
	}
}
