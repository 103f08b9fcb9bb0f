package italia

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// tacticalAt is a position of a game of tactical battles (SET BATTLES
// TACTICAL) at phase: the start, changed.
func tacticalAt(t *testing.T, phase string, change func(*Position)) *State {
	t.Helper()
	r := mustRules(t, map[string]string{"battles": "tactical"})
	st, err := r.start(nil)
	if err != nil {
		t.Fatal(err)
	}
	st.pos.Phase = phase
	if change != nil {
		change(st.pos)
	}
	next, err := r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

// sheetOrders are the orders of each power's sheet, every line taken.
func sheetOrders(t *testing.T, st *State, sheets map[string]string) []game.Order {
	t.Helper()
	var orders []game.Order
	for _, seat := range []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"} {
		if sheets[seat] == "" {
			continue
		}
		rs, standing := readSheet(t, st, seat, sheets[seat])
		for _, r := range rs {
			if r.Refused != nil {
				t.Fatalf("%s: %q refused: %s", seat, r.Written, r.Refused.Reason(game.English))
			}
		}
		orders = append(orders, standing...)
	}
	return orders
}

// resolveWith resolves st with orders and dice that fall as rolls, all
// of them and no more; it returns the outcome, the next state and the
// results' events as the arbiter reads them in English.
func resolveWith(t *testing.T, st *State, orders []game.Order, rolls ...int) (*game.Outcome, *State, []string) {
	t.Helper()
	seed := dice.SeedWhere("test", func(d *dice.Source) bool {
		for _, want := range rolls {
			if d.Roll("", 6, true) != want {
				return false
			}
		}
		return true
	})
	d := dice.New(seed, "test")
	out, err := st.Resolve(orders, d)
	if err != nil {
		t.Fatalf("%s: %v", st.phase, err)
	}
	if len(d.Rolls()) != len(rolls) {
		t.Errorf("%s: rolled %v, want %d rolls", st.phase, d.Rolls(), len(rolls))
	}
	rep, err := st.Results(out.Record, out.Next, game.Viewer{Master: true})
	if err != nil {
		t.Fatal(err)
	}
	return out, out.Next.(*State), strings.Split(rep.Events(game.English), "\n")
}

// arbiter carries out an arbiter's line (ARBITRO or ARBITER ...) as the
// judge does: the game's command of its first word.
func arbiter(t *testing.T, st *State, line string) (*State, string, error) {
	t.Helper()
	verb, args, _ := strings.Cut(line, " ")
	for _, c := range (Kind{}).Commands() {
		if strings.EqualFold(c.Verb, verb) && c.Master {
			next, reply, notice, err := c.Do(st, nil, args)
			if notice != nil {
				t.Errorf("%q: a notice to everyone: %s", line, notice(game.English))
			}
			if err != nil {
				return nil, "", err
			}
			return next.(*State), reply(game.English), nil
		}
	}
	t.Fatalf("no command %s", verb)
	return nil, "", nil
}

// mustArbiter is arbiter for a line that must be taken.
func mustArbiter(t *testing.T, st *State, line string) *State {
	t.Helper()
	next, _, err := arbiter(t, st, line)
	if err != nil {
		t.Fatalf("%q refused: %v", line, err)
	}
	return next
}

// ferraraBattle is the battle of TestMeetings in a game of tactical
// battles, at phase: Venice's army (35, 20 elements) moves from Padova
// into independent Ferrara, where the Pope's army stands (CINC, 4 GD, 3
// PK: 18, 7 elements, rout level 3), with a contingent in Bologna (3 PK,
// 1 FT) ordered to support it; and what change says.
func ferraraBattle(t *testing.T, phase string, change func(*Position)) (*State, []game.Order) {
	t.Helper()
	st := tacticalAt(t, phase, func(p *Position) {
		p.Powers[5].Counters = []Counter{
			{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 4, PK: 3}},
			{N: 2, Kind: Contingent, At: "bolog", Elements: Elements{PK: 3, FT: 1}},
		}
		if change != nil {
			change(p)
		}
	})
	return st, sheetOrders(t, st, map[string]string{"venezia": "#1 - Ferrara", "papato": "#1 FERMO\n#2 FERMO SUPPORTA #1"})
}

// The operations meet a battle: the turn waits in a round of battles
// (phase E1500B1, nobody owing a sheet) for ticket 1500E-1, whose
// contents are the spec's (§3.10): the two forces, the reinforcements
// with their chances, R17's verdict, the stances, who builds the terrain.
// The two powers read it whole, the others where and between whom.
func TestTicketOpened(t *testing.T) {
	st, orders := ferraraBattle(t, "E1500O", nil)
	out, round, events := resolveWith(t, st, orders)
	if got := round.Phase(); got.ID != "E1500B1" || got.Kind != KindBattles || got.Title(game.Italian) != "Estate 1500, battaglie (E1500B1)" {
		t.Fatalf("phase %+v", got)
	}
	if round.Phase().Rank <= st.Phase().Rank || round.Phase().Rank >= at(t, "A1500O", nil).Phase().Rank {
		t.Errorf("the round ranks %d, between %d and the autumn's", round.Phase().Rank, st.Phase().Rank)
	}
	if len(round.Owing()) != 0 || round.Eager() || out.End != nil || len(out.Carried) != 0 {
		t.Errorf("owing %v, eager %v", round.Owing(), round.Eager())
	}
	tk := round.ticket("1500e-1")
	if tk == nil {
		t.Fatalf("no ticket 1500E-1 in %+v", round.pos.Battles)
	}
	want := Ticket{ID: "1500E-1", At: "ferra", Terrain: Defender, Comparable: true, Sides: [2]TicketSide{
		{Power: "venezia", N: 1, From: "padua", Elements: Elements{CINC: 1, GD: 4, CL: 2, PK: 6, FT: 7, ART: 1}, Potential: 35, Accepts: true},
		{Power: "papato", N: 1, Elements: Elements{CINC: 1, GD: 4, PK: 3}, Potential: 25, Accepts: true,
			Reinforcements: []TicketReinforcement{{Unit: Unit{Power: "papato", N: 2}, At: "bolog", Elements: Elements{PK: 3, FT: 1}, Need: 5}}},
	}}
	if got, w := marshal(t, tk), marshal(t, &want); got != w {
		t.Errorf("ticket\n%s\nwant\n%s", got, w)
	}
	// The position waits halfway: Venice's army stands in Ferrara facing
	// the Pope's, Ferrara is nobody's yet.
	if ct := round.power("venezia").counter(1); ct.At != "ferra" || round.pos.Control["ferra"] != "" {
		t.Errorf("halfway: Venice #1 in %s, Ferrara %q", ct.At, round.pos.Control["ferra"])
	}
	for _, e := range []string{"Venice #1: Padova -> Ferrara", "1500E-1: Venice #1 and Papacy #1 meet in Ferrara; the arbiter decides (spec §3.10)", "Battle ticket 1500E-1, Ferrara (spec §3.10):"} {
		if !has(events, e) {
			t.Errorf("no %q in\n%s", e, strings.Join(events, "\n"))
		}
	}
	read := func(to game.Viewer, l game.Lang) string {
		rep, err := st.Results(out.Record, out.Next, to)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Events(l) + rep.Position(l)
	}
	venice, pope, florence := read(game.Viewer{Seats: []string{"venezia"}}, game.English), read(game.Viewer{Seats: []string{"papato"}}, game.Italian), read(game.Viewer{Seats: []string{"firenze"}}, game.English)
	for _, want := range []string{
		"  attacker: Venice #1, from Padova: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART (20 elements, rout level 7, worth 35)",
		"  defender: Papacy #1, it stood: CINC, 4 GD, 3 PK (7 elements, rout level 3, worth 18)",
		"    reinforcement: Papacy #2, contingent in Bologna (3 PK, 1 FT), on a D6 of 5-6 at the end of each battle turn",
		"  potential strength (R17): 35 against 25: comparable",
		"  stances (R34): Venice accepts battle; Papacy accepts battle",
		"  terrain: Papacy, the defender, builds it (seed §8); Venice picks the side",
		"  the arbiter writes: ARBITER BATTLE 1500E-1 RESULT Venice|Papacy|NONE ROUT|TIME LOSSES Venice <n> Papacy <n> [REINFORCEMENTS ...] -- <reason>, or ARBITER COMPARABLE 1500E-1 YES|NO -- <reason>",
		"  without his word by the deadline: the abstract battle (Appendix C)",
		"Battle tickets of Summer 1500 operations (E1500O), for the arbiter:",
	} {
		if !strings.Contains(venice, want) {
			t.Errorf("Venice reads no %q:\n%s", want, venice)
		}
	}
	for _, want := range []string{
		"Biglietto di battaglia 1500E-1, Ferrara (spec §3.10):",
		"  attaccante: Venezia #1, da Padova: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART (20 elementi, livello di rotta 7, valore 35)",
		"  terreno: lo costruisce Papato, il difensore (seed §8); Venezia sceglie il lato",
		"  l'arbitro scrive: ARBITRO BATTAGLIA 1500E-1 ESITO Venezia|Papato|NESSUNO ROTTA|TEMPO PERDITE Venezia <n> Papato <n> [RINFORZI ...] -- <motivo>",
	} {
		if !strings.Contains(pope, want) {
			t.Errorf("the Pope reads no %q:\n%s", want, pope)
		}
	}
	if !strings.Contains(florence, "1500E-1: Venice #1 and Papacy #1 meet in Ferrara; the arbiter decides") || strings.Contains(florence, "worth") || strings.Contains(florence, "Battle ticket 1500E-1") {
		t.Errorf("Florence reads:\n%s", florence)
	}
	// No sheet is taken in the round; the position reads back.
	if rs, _ := round.Read([]string{"venezia"}, "#1 - Padova", nil); rs[0].Refused == nil || !strings.Contains(rs[0].Refused.Reason(game.English), "no sheet is taken now") {
		t.Errorf("a sheet in the round: %+v", rs[0])
	}
	back, err := round.r.Decode([]byte(marshal(t, round.pos)))
	if err != nil || marshal(t, back.(*State).pos) != marshal(t, round.pos) {
		t.Errorf("the round reads back: %v", err)
	}
}

// marshal writes v as the store does.
func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
