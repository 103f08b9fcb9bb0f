package italia

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

func mustRules(t testing.TB, settings map[string]string) *Rules {
	t.Helper()
	r, err := Configure(settings)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustStart(t testing.TB) *State {
	t.Helper()
	st, err := mustRules(t, nil).start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The provisional start (spec §1.4, R40): who holds what, with the
// table's yearly territory tax, the seed's treasuries (§3 C) and fleets.
func TestStart(t *testing.T) {
	st := mustStart(t)
	b := st.r.board
	tax := map[string]int{}
	count := map[string]int{}
	for i := range b.Territories {
		who := st.pos.Control[b.Areas[i].ID]
		tax[who] += b.Areas[i].Tax()
		count[who]++
	}
	for _, c := range []struct {
		power            string
		territories, tax int
		treasury, fleets int
	}{
		{"francia", 8, 27, 13, 2},
		{"aragonesi", 3, 9, 13, 2},
		{"impero", 4, 7, 13, 0},
		{"venezia", 10, 22, 13, 1},
		{"firenze", 4, 11, 18, 1},
		{"papato", 9, 22, 13, 1},
		{"ottomani", 5, 12, 0, 0},
		{"svizzeri", 1, 2, 0, 0},
		{"", 26, 52, 0, 0}, // independent
	} {
		if count[c.power] != c.territories || tax[c.power] != c.tax {
			t.Errorf("%q holds %d territories worth %d, want %d worth %d", c.power, count[c.power], tax[c.power], c.territories, c.tax)
		}
		if c.power == "" {
			continue
		}
		p := st.power(c.power)
		if p.Treasury != c.treasury || len(p.Fleets) != c.fleets {
			t.Errorf("%s: %d ducats, %d fleets; want %d, %d", c.power, p.Treasury, len(p.Fleets), c.treasury, c.fleets)
		}
		if a := p.army(); !powerByID(c.power).NPC && (a == nil || a.Elements.Troops() != maxOrdinaryTroop || a.Elements[CINC] != 1 || st.pos.Control[a.At] != c.power) {
			t.Errorf("%s: army %+v", c.power, a)
		}
	}
	if ph := st.Phase(); ph.ID != "P1499D" || ph.Kind != KindDiplomacy || ph.Title(game.Italian) != "Primavera 1499, diplomazia (P1499D)" {
		t.Errorf("first phase %+v %q", ph, ph.Title(game.Italian))
	}
	if got := st.Owing(); strings.Join(got, " ") != "francia aragonesi impero venezia firenze papato" {
		t.Errorf("owing %v", got)
	}
}

// The calendar of spec §2.2 read as players and the store write it.
func TestPhases(t *testing.T) {
	for _, c := range []struct{ text, id string }{
		{"P1500D", "P1500D"},
		{"e1500o", "E1500O"},
		{"Primavera 1500 Diplomazia", "P1500D"},
		{"PRIMAVERA 1500", "P1500O"},
		{"Spring 1500 operations", "P1500O"},
		{"Summer 1501", "E1501O"},
		{"Fall 1512", "A1512O"},
		{"Autunno 1499 Operazioni", "A1499O"},
		{"P1500", "P1500O"},
		{"Estate 1500 Diplomazia", ""},
		{"Inverno 1500", ""},
		{"Primavera 1513", ""},
		{"1500", ""},
	} {
		p, err := ParsePhase(c.text)
		if c.id == "" {
			if err == nil {
				t.Errorf("%q read as %s", c.text, p)
			}
			continue
		}
		if err != nil || p.String() != c.id {
			t.Errorf("%q read as %s, %v; want %s", c.text, p, err, c.id)
		}
	}
	p := Phase{Year: 1500, Step: SpringDiplomacy}
	var ids []string
	for range 5 {
		next := p.Next()
		if next.contract().Rank <= p.contract().Rank {
			t.Errorf("%s ranks after %s", p, next)
		}
		ids = append(ids, p.String())
		p = next
	}
	if got := strings.Join(ids, " "); got != "P1500D P1500O E1500O A1500O P1501D" {
		t.Errorf("the year runs %s", got)
	}
	if got := (Phase{Year: 1500, Step: SummerOps}).Title(game.English); got != "Summer 1500 operations (E1500O)" {
		t.Errorf("title %q", got)
	}
}

// A position reads back as it was written.
func TestEncodeDecode(t *testing.T) {
	st := mustStart(t)
	st.pos.Famine = []string{"padua"}
	st.pos.Revolts = []Revolt{{At: "bari", By: "papato", Secret: true}}
	st.pos.Sieges = []Siege{{At: "ferra", Power: "venezia", Counter: 1, Turns: 2}}
	st.pos.Alliances = [][2]string{{"venezia", "papato"}}
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := st.r.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if !bytes.Equal(data, again) {
		t.Errorf("read back as\n%s\nwant\n%s", again, data)
	}
}

// A position that breaks the board or the rules is no position.
func TestDecodeRefusals(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct{ json, want string }{
		{`{"phase":"X1500"}`, "expected a phase"},
		{`{"phase":"P1500O","powers":[{"id":"spagna"}]}`, `power "spagna"`},
		{`{"phase":"P1500O","powers":[{"id":"venezia","counters":[{"n":1,"kind":"army","at":"UA"}]}]}`, "counter #1"},
		{`{"phase":"P1500O","powers":[{"id":"venezia","fleets":[{"n":1,"at":"padua"}]}]}`, "fleet F1"},
		{`{"phase":"P1500O","powers":[{"id":"venezia","counters":[{"n":1,"kind":"army","at":"padua"},{"n":2,"kind":"army","at":"veron"}]}]}`, "2 armies"},
		{`{"phase":"P1500O","powers":[{"id":"venezia"}],"control":{"padua":"papato"}}`, "control"},
		{`{"phase":"P1500O","powers":[{"id":"venezia","reserve":{"XX":1}}]}`, "elements"},
	} {
		if _, err := r.Decode([]byte(c.json)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.json, err, c.want)
		}
	}
}

// The game's settings and seats (spec §1.1).
func TestConfigure(t *testing.T) {
	for _, c := range []struct {
		settings map[string]string
		want     string
	}{
		{map[string]string{"players": "5"}, "expected 6, 7"},
		{map[string]string{"lagoon": "drained"}, "merged or separate"},
		{map[string]string{"battles": "chess"}, "abstract or tactical"},
		{map[string]string{"colour": "red"}, `"colour" is no setting of Le Guerre d'Italia: its settings are players (6|7|8), lagoon (merged|separate) and battles (abstract|tactical)`},
	} {
		if _, err := Configure(c.settings); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.settings, err, c.want)
		}
	}
	// The board and the scenario are no settings (Label names them from
	// the ones there are): refused as any other, saying so, in the
	// reader's language.
	for key, value := range map[string]string{"variant": "italia-laguna", "rules": "1499-1512"} {
		_, err := Configure(map[string]string{key: value})
		r, ok := err.(*game.Refusal)
		if !ok {
			t.Fatalf("%s %s: %v", key, value, err)
		}
		en, it := r.Reason(game.English), r.Reason(game.Italian)
		if want := fmt.Sprintf("%q is no setting of Le Guerre d'Italia: its settings are players (6|7|8), lagoon (merged|separate) and battles (abstract|tactical); its board is italia (lagoon separate plays the Laguna as a sea of its own) and its scenario 1499-1512, the seed's only one", key); en != want {
			t.Errorf("%s: %s", key, en)
		}
		if want := fmt.Sprintf("%q non è un'impostazione di Le Guerre d'Italia: le sue sono players (6|7|8), lagoon (merged|separate) e battles (abstract|tactical); la sua mappa è italia", key); !strings.HasPrefix(it, want) {
			t.Errorf("%s: %s", key, it)
		}
	}
	if _, err := Configure(map[string]string{"players": "9"}); err == nil || err.(*game.Refusal).Reason(game.Italian) != `players "9": atteso 6, 7 (seduti gli Ottomani) o 8 (anche gli Svizzeri)` {
		t.Errorf("players 9: %v", err)
	}
	six, seven := mustRules(t, nil), mustRules(t, map[string]string{"players": "7"})
	for _, c := range []struct {
		r          *Rules
		name, seat string
	}{
		{six, "Venice", "venezia"},
		{six, "REPUBBLICA DI FIRENZE", "firenze"},
		{six, "Ottomani", ""},
		{seven, "Turchi", "ottomani"},
		{seven, "Svizzeri", ""},
		{six, "Ven", ""}, // a prefix names no seat
	} {
		if got, _ := c.r.Seat(c.name); got != c.seat {
			t.Errorf("%d players: Seat(%q) = %q, want %q", c.r.Players, c.name, got, c.seat)
		}
	}
	if r := mustRules(t, map[string]string{"battles": "Tactical"}); !r.Tactical {
		t.Error("battles tactical plays abstract battles")
	}
	if n := len(seven.Seats()); n != 7 {
		t.Errorf("7 players: %d seats", n)
	}
	if sep := mustRules(t, map[string]string{"lagoon": "separate"}); len(sep.board.Areas)-sep.board.Territories != 11 {
		t.Error("the separate lagoon plays 11 seas")
	}
}
