package italia

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game"
)

// tacticalAt is a position of a game of tactical battles (SET BATTLES
// TACTICAL) at phase: the start, changed, with no scenario, so that no
// events are rolled, as at() (TestItaliaTacticalBattleByMail plays a
// round with them).
func tacticalAt(t *testing.T, phase string, change func(*Position)) *State {
	t.Helper()
	return started(t, mustRules(t, map[string]string{"battles": "tactical"}), func(p *Position) {
		p.Phase = phase
		p.Scenario = nil
	}, change)
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
	d := falling(rolls...)
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

// arbiter carries out an arbiter's line (ARBITRO or ARBITER ...), which
// sends no notice to everyone: the next state and the reply in English.
func arbiter(t *testing.T, st *State, line string) (*State, string, error) {
	t.Helper()
	next, reply, notice, err := command(t, st, line)
	if notice != nil {
		t.Errorf("%q: a notice to everyone: %s", line, notice(game.English))
	}
	if err != nil {
		return nil, "", err
	}
	return next, reply(game.English), nil
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
// 1 FT) ordered to support it; and what change says, with sheets (nil:
// Venice's move, the Pope's support).
func ferraraBattle(t *testing.T, phase string, change func(*Position), sheets map[string]string) (*State, []game.Order) {
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
	if sheets == nil {
		sheets = map[string]string{"venezia": "#1 - Ferrara", "papato": "#1 FERMO\n#2 FERMO SUPPORTA #1"}
	}
	return st, sheetOrders(t, st, sheets)
}

// The operations meet a battle: the turn waits in a round of battles
// (phase E1500B1, nobody owing a sheet) for ticket 1500E-1, whose
// contents are the spec's (§3.10): the two forces, the reinforcements
// with their chances, R17's verdict, the stances, who builds the terrain.
// The two powers read it whole, the others where and between whom.
func TestTicketOpened(t *testing.T) {
	st, orders := ferraraBattle(t, "E1500O", nil, nil)
	out, round, events := resolveWith(t, st, orders)
	if got := round.Phase(); got.ID != "E1500B1" || got.Kind != KindTickets || got.Title(game.Italian) != "Estate 1500, battaglie (E1500B1)" {
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
	want := Ticket{ID: "1500E-1", At: "ferra", Terrain: Defender, Comparable: true, Round: 1, Sides: [2]TicketSide{
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
	venice, pope, florence := read(seat("venezia"), game.English), read(seat("papato"), game.Italian), read(seat("firenze"), game.English)
	mustHave(t, "Venice's results", venice,
		"  attacker: Venice #1, from Padova: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART (20 elements, rout level 7, worth 35)",
		"  defender: Papacy #1, it stood: CINC, 4 GD, 3 PK (7 elements, rout level 3, worth 18)",
		"    reinforcement: Papacy #2, contingent in Bologna (3 PK, 1 FT), on a D6 of 5-6 at the end of each battle turn",
		"  potential strength (R17): 35 against 25: comparable",
		"  stances (R34): Venice accepts battle; Papacy accepts battle",
		"  terrain: Papacy, the defender, builds it (seed §8); Venice picks the side",
		"  the arbiter writes: ARBITER BATTLE 1500E-1 RESULT Venice|Papacy|NONE ROUT|TIME LOSSES Venice <n> Papacy <n> [REINFORCEMENTS ...] -- <reason>, or ARBITER COMPARABLE 1500E-1 YES|NO -- <reason>",
		"  without his word by the deadline: the abstract battle (Appendix C)",
		"Battle tickets of Summer 1500 operations (E1500O), for the arbiter:")
	mustHave(t, "the Pope's results", pope,
		"Biglietto di battaglia 1500E-1, Ferrara (spec §3.10):",
		"  attaccante: Venezia #1, da Padova: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART (20 elementi, livello di rotta 7, valore 35)",
		"  terreno: lo costruisce Papato, il difensore (seed §8); Venezia sceglie il lato",
		"  l'arbitro scrive: ARBITRO BATTAGLIA 1500E-1 ESITO Venezia|Papato|NESSUNO ROTTA|TEMPO PERDITE Venezia <n> Papato <n> [RINFORZI ...] -- <motivo>")
	if !strings.Contains(florence, "1500E-1: Venice #1 and Papacy #1 meet in Ferrara; the arbiter decides") || strings.Contains(florence, "worth") || strings.Contains(florence, "Battle ticket 1500E-1") {
		t.Errorf("Florence reads:\n%s", florence)
	}
	// The operations' map draws the turn halfway; no EDIT is taken in
	// the round, whose position the turn makes again from its start.
	if png, err := round.r.Map(out.Record, game.Viewer{Seats: []string{"venezia"}}, "guerra", time.Time{}); err != nil || len(png) == 0 {
		t.Errorf("the map: %d bytes, %v", len(png), err)
	}
	if _, _, _, err := round.Edit("TESORO venezia 5", func(n string) (string, error) { return n, nil }); err == nil || !strings.Contains(err.Error(), "the turn waits for its battle tickets") {
		t.Errorf("EDIT in the round: %v", err)
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

// The round resolved (spec §3.10): the turn goes on from the battle as
// the arbiter entered it (the rout and its retreat, the territory to the
// winner; the time limit, both drawing off with attrition within the rout
// level, Precisazione 1, and no winner, Precisazione 2), or as he ruled
// on comparability (R17), or, without his word by the deadline, as the
// rules say: the abstract battle, R17's ratio, the stances. Each case
// rolls the dice it lists, in order, in the round.
func TestTicketDecided(t *testing.T) {
	weakPope := func(p *Position) {
		p.Powers[5].Counters = []Counter{{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, PK: 3, FT: 2}}}
	}
	army := func(s *State, power string) Counter {
		if ct := s.power(power).counter(1); ct != nil {
			return *ct
		}
		return Counter{}
	}
	for _, c := range []struct {
		name   string
		change func(*Position)
		sheets map[string]string
		lines  []string
		rolls  []int
		events []string
		check  func(*State) string
	}{
		{name: "Venice routs the Pope: he withdraws, Venice takes Ferrara",
			lines: []string{"ARBITRO BATTAGLIA 1500E-1 ESITO Venezia ROTTA PERDITE Venezia 1 Papato 3 -- combattuta da Marco e Luca il 3 maggio"},
			events: []string{"1500E-1, battle in Ferrara: the arbiter enters its result (spec §3.10). Reason: combattuta da Marco e Luca il 3 maggio",
				"battle in Ferrara: Venice routs Papacy (losses 1 and 3, seed §8)", "Papacy #1 withdraws: Ferrara -> Bologna", "Venice takes Ferrara (seed §8)"},
			check: func(s *State) string {
				if s.pos.Control["ferra"] != "venezia" || army(s, "venezia").Elements.Troops() != 19 || army(s, "papato").Elements != (Elements{CINC: 1, GD: 4, PK: 3, FT: 1}) {
					return "Ferrara is Venice's, who lost 1; the Pope lost his 3 PK and joined his contingent"
				}
				return ""
			}},
		{name: "the Pope routs Venice, his contingent come (English)",
			lines:  []string{"ARBITER BATTLE 1500e-1 RESULT Papacy ROUT LOSSES Venice 7 Pope 2 REINFORCEMENTS Papacy #2 -- the contingent arrived on the second turn"},
			events: []string{"battle in Ferrara: Papacy routs Venice (losses 2 and 7, seed §8)", "Venice #1 withdraws: Ferrara -> Padova", "Papacy takes Ferrara (seed §8)"},
			check: func(s *State) string {
				if s.pos.Control["ferra"] != "papato" || army(s, "venezia").At != "padua" || army(s, "venezia").Elements.Troops() != 13 {
					return "Ferrara is the Pope's; Venice is back in Padova, 7 lost"
				}
				return ""
			}},
		{name: "ended by time: nobody wins, both draw off, attrition within the rout level",
			lines: []string{"ARBITRO BATTAGLIA 1500E-1 ESITO NESSUNO TEMPO PERDITE Papato 2 Venezia 2 -- 90 minuti senza rotta"},
			rolls: []int{6, 6},
			events: []string{"battle in Ferrara: no side routs (losses 2 and 2); both draw off (seed §8)", "Venice #1 withdraws: Ferrara -> Padova",
				"Venice #1 suffers attrition (battle ended by time, D6 6): 3 elements lost", "Papacy #1 suffers attrition (battle ended by time, D6 6): 1 elements lost"},
			check: func(s *State) string {
				// The Pope, at his rout level less one after 2 losses, loses
				// 1 more on a D6 of 6 (Precisazione 1), after joining his
				// contingent in Bologna.
				if _, held := s.pos.Control["ferra"]; held || army(s, "venezia").Elements.Troops() != 15 || army(s, "papato").Elements != (Elements{CINC: 1, GD: 4, PK: 4}) {
					return "Ferrara nobody's; Venice lost 2 and 3, the Pope 2 and 1"
				}
				return ""
			}},
		{name: "no word by the deadline: the abstract battle, as TestMeetings fights it",
			rolls:  []int{1, 1, 5, 1, 1, 1, 1},
			events: []string{"1500E-1, battle in Ferrara: no result from the arbiter by the deadline; the abstract battle decides (spec §3.10, Appendix C)", "battle in Ferrara: Venice routs Papacy (losses 0 and 3", "Venice takes Ferrara"},
			check: func(s *State) string {
				if army(s, "papato").Elements != (Elements{CINC: 1, GD: 4, PK: 3, FT: 1}) {
					return "the army takes the losses first, then joins its contingent (as in TestMeetings)"
				}
				return ""
			}},
		{name: "left to the abstract battle before the deadline (English)",
			lines:  []string{"ARBITER BATTLE 1500E-1 ABSTRACT -- no table free this week"},
			rolls:  []int{1, 1, 5, 1, 1, 1, 1},
			events: []string{"1500E-1, battle in Ferrara: the arbiter leaves it to the abstract battle (spec §3.10, Appendix C). Reason: no table free this week", "battle in Ferrara: Venice routs Papacy (losses 0 and 3"}},
		{name: "ruled not comparable: the weaker withdraws paying attrition",
			lines: []string{"ARBITRO CONFRONTABILI 1500E-1 NO -- sproporzione evidente"},
			rolls: []int{2},
			events: []string{"1500E-1, Ferrara: the arbiter rules the armies not comparable (R17 gives 35 against 25). Reason: sproporzione evidente",
				"in Ferrara Papacy withdraws before the stronger army (35 against 25, the arbiter's ruling, seed §7)", "Papacy #1 suffers attrition (withdrawal before a stronger army, D6 2): 1 elements lost"},
			check: func(s *State) string {
				if army(s, "papato").At != "bolog" || army(s, "venezia").At != "ferra" {
					return "the Pope withdraws to Bologna"
				}
				return ""
			}},
		{name: "ruled comparable against R17, then fought",
			change: weakPope, sheets: map[string]string{"venezia": "#1 - Ferrara"},
			lines: []string{"ARBITER COMPARABLE 1500E-1 YES -- the Pope holds the walls", "ARBITRO BATTAGLIA 1500E-1 ESITO Venezia ROTTA PERDITE Venezia 0 Papato 2 -- rotta al primo assalto"},
			events: []string{"1500E-1, Ferrara: the arbiter rules the armies comparable (R17 gives 35 against 8). Reason: the Pope holds the walls",
				"battle in Ferrara: Venice routs Papacy (losses 0 and 2, seed §8)", "Venice takes Ferrara"},
			check: func(s *State) string {
				if army(s, "papato").Elements != (Elements{CINC: 1, PK: 3}) {
					return "the Pope lost his 2 FT, first in the default PERDITE"
				}
				return ""
			}},
		{name: "not comparable by R17, no word by the deadline: the weaker withdraws",
			change: weakPope, sheets: map[string]string{"venezia": "#1 - Ferrara"},
			rolls:  []int{1},
			events: []string{"in Ferrara the armies are not comparable (35 against 8, R17): Papacy withdraws", "Papacy #1 suffers attrition (withdrawal before a stronger army, D6 1): 1 elements lost"}},
		{name: "a refusal: no battle, the refuser withdraws paying attrition",
			sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "#1 FERMO\nBATTAGLIA RIFIUTA"},
			change: func(p *Position) { p.Powers[5].Counters = p.Powers[5].Counters[:1] },
			rolls:  []int{4},
			events: []string{"in Ferrara Papacy refuses battle and withdraws (seed §8)", "Papacy #1 suffers attrition (refusing battle, D6 4): 2 elements lost"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, orders := ferraraBattle(t, "E1500O", c.change, c.sheets)
			_, round, _ := resolveWith(t, st, orders)
			if round.pos.Battles == nil {
				t.Fatal("no round of battles")
			}
			for _, line := range c.lines {
				round = mustArbiter(t, round, line)
			}
			if len(c.lines) > 0 && !round.Eager() {
				t.Error("the round waits for more of the arbiter's word")
			}
			out, next, events := resolveWith(t, round, nil, c.rolls...)
			if next.Phase().ID != "A1500O" || next.pos.Battles != nil {
				t.Fatalf("next %s, battles %v", next.Phase().ID, next.pos.Battles)
			}
			// The turn's standing instructions stand for the next.
			var carried []string
			for _, o := range out.Carried {
				carried = append(carried, o.Seat+": "+o.Text)
			}
			if want := c.sheets["papato"]; strings.Contains(want, "BATTAGLIA") != (strings.Join(carried, "; ") == "papato: BATTAGLIA RIFIUTA") {
				t.Errorf("carried %q", carried)
			}
			for _, e := range c.events {
				if !has(events, e) {
					t.Errorf("no %q in\n%s", e, strings.Join(events, "\n"))
				}
			}
			// The round's results tell what the operations' did not, and
			// nothing twice.
			if has(events, "Venice #1: Padova -> Ferrara") || has(events, "meet in Ferrara; the arbiter decides") {
				t.Errorf("told again:\n%s", strings.Join(events, "\n"))
			}
			if c.check != nil {
				if msg := c.check(next); msg != "" {
					t.Errorf("%s\n%s", msg, strings.Join(events, "\n"))
				}
			}
		})
	}
}

// A turn with battles at two steps waits twice: the standard moves'
// battles in Ferrara and Cremona wait together in the first round; the
// turn goes on from them, and Florence's strategic move to Lucca meets
// the Emperor's army there, which opens a ticket of the second round.
// Each round's results tell what came since the last; the dice the turn
// rolled fall again as they fell; a ticket told is no longer open.
func TestBattleRounds(t *testing.T) {
	st := tacticalAt(t, "E1500O", func(p *Position) {
		p.Powers[5].Counters = []Counter{{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 4, PK: 3}}}
		p.Powers[1].Counters[0].At = "cremo"
		p.Powers[2].Counters[0].At = "lucca"
	})
	orders := sheetOrders(t, st, map[string]string{"venezia": "#1 - Ferrara", "francia": "#1 - Cremona", "firenze": "#1 STRATEGICO Pistoia-Lucca"})
	_, round1, events := resolveWith(t, st, orders)
	if round1.Phase().ID != "E1500B1" || len(round1.openTickets()) != 2 {
		t.Fatalf("%s, tickets %+v\n%s", round1.Phase().ID, round1.pos.Battles.Tickets, strings.Join(events, "\n"))
	}
	ids := map[string]string{}
	for _, tk := range round1.openTickets() {
		ids[tk.At] = tk.ID
	}
	if has(events, "moves strategically") {
		t.Errorf("the strategic move came before the battles:\n%s", strings.Join(events, "\n"))
	}
	round1 = mustArbiter(t, round1, "ARBITRO BATTAGLIA "+ids["ferra"]+" ESITO Venezia ROTTA PERDITE Venezia 1 Papato 3 -- a Ferrara")
	if round1.Eager() {
		t.Error("the round goes on with a ticket still open")
	}
	round1 = mustArbiter(t, round1, "ARBITER BATTLE "+ids["cremo"]+" RESULT France ROUT LOSSES France 2 Aragon 7 -- at Cremona")
	if !round1.Eager() {
		t.Error("the round waits with every ticket decided")
	}
	_, round2, events := resolveWith(t, round1, nil)
	again, _, _ := resolveWith(t, round1, nil)
	if marshal(t, again.Next.(*State).pos) != marshal(t, round2.pos) {
		t.Error("the round resolved twice came out otherwise")
	}
	if round2.Phase().ID != "E1500B2" {
		t.Fatalf("after the first round: %s\n%s", round2.Phase().ID, strings.Join(events, "\n"))
	}
	for _, e := range []string{"Venice routs Papacy", "France routs Aragon", "Florence #1 moves strategically: Firenze -> Lucca", "1500E-3: Florence #1 and Empire #1 meet in Lucca; the arbiter decides"} {
		if !has(events, e) {
			t.Errorf("round 1: no %q in\n%s", e, strings.Join(events, "\n"))
		}
	}
	// The first round's battles are counted once in the second round's
	// position, which the turn made again from its start.
	if won, fought := marshal(t, round2.pos.BattlesWon), marshal(t, round2.pos.BattlesFought); won != `{"francia":1,"venezia":1}` || fought != `{"aragonesi":1,"francia":1,"papato":1,"venezia":1}` {
		t.Errorf("after round 1: won %s, fought %s", won, fought)
	}
	if open := round2.openTickets(); len(open) != 1 || open[0].ID != "1500E-3" || open[0].Round != 2 || open[0].Sides[0].Power != "firenze" || open[0].Sides[0].From != "pisto" {
		t.Errorf("round 2 tickets %+v", round2.pos.Battles.Tickets)
	}
	if _, _, err := arbiter(t, round2, "ARBITRO BATTAGLIA "+ids["ferra"]+" ESITO Papato ROTTA PERDITE Venezia 9 Papato 0 -- ripensamento"); err == nil || !strings.Contains(err.Error(), "no open battle ticket") {
		t.Errorf("a ticket told taken again: %v", err)
	}
	// No word on Lucca by the deadline: the abstract battle, Florence
	// attacking; the Emperor, routed with nowhere of his own to go, is
	// lost.
	_, next, events := resolveWith(t, round2, nil, 6, 1, 6, 1, 6, 1, 6, 1)
	if next.Phase().ID != "A1500O" {
		t.Fatalf("after the second round: %s", next.Phase().ID)
	}
	for _, e := range []string{"1500E-3, battle in Lucca: no result from the arbiter by the deadline", "battle in Lucca: Florence routs Empire (losses 0 and 8", "Florence takes Lucca"} {
		if !has(events, e) {
			t.Errorf("round 2: no %q in\n%s", e, strings.Join(events, "\n"))
		}
	}
	if has(events, "Venice routs Papacy") {
		t.Errorf("round 2 tells round 1's battles again:\n%s", strings.Join(events, "\n"))
	}
	for id, who := range map[string]string{"ferra": "venezia", "cremo": "francia", "lucca": "firenze"} {
		if next.pos.Control[id] != who {
			t.Errorf("%s held by %q", id, next.pos.Control[id])
		}
	}
	// The turn made again twice counts each battle once: the arbiter's
	// two routs and the abstract battle's.
	if won, fought := marshal(t, next.pos.BattlesWon), marshal(t, next.pos.BattlesFought); won != `{"firenze":1,"francia":1,"venezia":1}` ||
		fought != `{"aragonesi":1,"firenze":1,"francia":1,"impero":1,"papato":1,"venezia":1}` {
		t.Errorf("after the turn: won %s, fought %s", won, fought)
	}
}

// The rest of the turn goes on from the battle: in autumn Venice taxes
// Ferrara if she routed the Pope there and took it, not if the battle
// ended by time.
func TestBattleBeforeTaxes(t *testing.T) {
	taxes := func(line string, rolls ...int) string {
		st, orders := ferraraBattle(t, "A1500O", nil, nil)
		_, round, _ := resolveWith(t, st, orders)
		_, next, events := resolveWith(t, mustArbiter(t, round, line), nil, rolls...)
		if next.Phase().ID != "P1501D" {
			t.Fatalf("next %s", next.Phase().ID)
		}
		for _, e := range events {
			if strings.HasPrefix(e, "Venice collects") {
				return e
			}
		}
		t.Fatalf("no taxes for Venice:\n%s", strings.Join(events, "\n"))
		return ""
	}
	rout := taxes("ARBITRO BATTAGLIA 1500A-1 ESITO Venezia ROTTA PERDITE Venezia 1 Papato 3 -- presa Ferrara")
	time := taxes("ARBITRO BATTAGLIA 1500A-1 ESITO NESSUNO TEMPO PERDITE Venezia 1 Papato 1 -- nessuna rotta", 1, 1)
	// Ferrara brings Venice 2 ducats more (seed §5).
	if !strings.HasPrefix(rout, "Venice collects 27 ducats") || !strings.HasPrefix(time, "Venice collects 25 ducats") {
		t.Errorf("after a rout: %q; after the time limit: %q", rout, time)
	}
}

// The arbiter's word refused, in English and Italian, with what was
// wrong: nothing changes.
func TestArbiterRefusals(t *testing.T) {
	st, orders := ferraraBattle(t, "E1500O", nil, nil)
	_, round, _ := resolveWith(t, st, orders)
	weak, worders := ferraraBattle(t, "E1500O", func(p *Position) {
		p.Powers[5].Counters = []Counter{{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, PK: 3, FT: 2}}}
	}, map[string]string{"venezia": "#1 - Ferrara"})
	_, weakRound, _ := resolveWith(t, weak, worders)
	abstract := at(t, "E1500O", nil)
	const result = "ARBITRO BATTAGLIA 1500E-1 ESITO "
	for _, c := range []struct {
		st          *State
		line        string
		english, it string
	}{
		{abstract, result + "Venezia ROTTA PERDITE Venezia 1 Papato 3 -- x", "this game's battles are abstract (battles abstract)", "in questa partita le battaglie sono astratte"},
		{st, result + "Venezia ROTTA PERDITE Venezia 1 Papato 3 -- x", "no battle ticket is open now", "ora non c'è alcun biglietto di battaglia aperto"},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 Papato 3", "end the line with -- and the reason", "chiudi la riga con -- e il motivo"},
		{round, "ARBITRO PACE 1500E-1 -- x", "expected ARBITRO BATTAGLIA <ticket> ESITO", "atteso ARBITRO BATTAGLIA <biglietto> ESITO"},
		{round, "ARBITER BATTLE 1500E-1 RESULT Venice ROUT -- x", "expected ARBITRO BATTAGLIA", "atteso ARBITRO BATTAGLIA"},
		{round, "ARBITRO BATTAGLIA 1500E-9 ESITO Venezia ROTTA PERDITE Venezia 1 Papato 3 -- x", "no open battle ticket 1500E-9: open are 1500E-1", "nessun biglietto di battaglia aperto 1500E-9: sono aperti 1500E-1"},
		{round, result + "Firenze ROTTA PERDITE Venezia 1 Papato 3 -- x", "1500E-1: Florence does not fight in Ferrara: the sides are Venice and Papacy", "1500E-1: Firenze non combatte in Ferrara: le parti sono Venezia e Papato"},
		{round, result + "Narnia ROTTA PERDITE Venezia 1 Papato 3 -- x", `"Narnia" names no side of the battle`, `"Narnia" non nomina una parte della battaglia`},
		{round, result + "Venezia TEMPO PERDITE Venezia 1 Papato 1 -- x", "a battle ended by time has no winner", "una battaglia finita per tempo non ha vincitore"},
		{round, result + "NESSUNO ROTTA PERDITE Venezia 1 Papato 1 -- x", "a rout has a winner", "una rotta ha un vincitore"},
		{round, result + "Venezia ROTTA PERDITE Venezia molte Papato 3 -- x", `"molte" is no number of elements lost`, `"molte" non è un numero di elementi perduti`},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 Venezia 3 -- x", "PERDITE takes each side once: Venice <n> Papacy <n>", "PERDITE vuole ogni parte una volta: Venezia <n> Papato <n>"},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 -- x", "PERDITE takes each side once", "PERDITE vuole ogni parte una volta"},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 Papato 9 -- x", "Papacy cannot lose 9 elements: its army and the reinforcements come have 7", "Papato non può perdere 9 elementi: il suo esercito e i rinforzi arrivati ne hanno 7"},
		{round, result + "NESSUNO TEMPO PERDITE Venezia 1 Papato 3 -- x", "Papacy lost 3 elements, its rout level (3): it routed", "Papato ha perso 3 elementi, il suo livello di rotta (3)"},
		{round, result + "Venezia ROTTA PERDITE Venezia 7 Papato 3 -- x", "Venice lost 7 elements, its rout level (7): the winner cannot have routed", "il vincitore non può essere andato in rotta"},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 Papato 3 RINFORZI Venezia #2 -- x", `"Venezia #2" is no reinforcement of the battle: they are Papacy #2`, `"Venezia #2" non è un rinforzo della battaglia: i rinforzi sono Papato #2`},
		{round, result + "Venezia ROTTA PERDITE Venezia 1 Papato 3 RINFORZI -- x", "expected ARBITRO BATTAGLIA", "atteso ARBITRO BATTAGLIA"},
		{round, "ARBITRO CONFRONTABILI 1500E-1 FORSE -- x", "expected ARBITRO BATTAGLIA", "atteso ARBITRO BATTAGLIA"},
		{weakRound, "ARBITRO BATTAGLIA 1500E-1 ASTRATTA -- x", "1500E-1: no battle is fought in Ferrara: the judge finds the armies not comparable", "1500E-1: in Ferrara non si combatte"},
		{weakRound, result + "Venezia ROTTA PERDITE Venezia 0 Papato 2 -- x",
			"1500E-1: no battle is fought in Ferrara: the judge finds the armies not comparable (35 against 8, R17); rule them comparable first with ARBITRO CONFRONTABILI 1500E-1 SI",
			"1500E-1: in Ferrara non si combatte: per il giudice gli eserciti non sono confrontabili (35 contro 8, R17)"},
	} {
		before := marshal(t, c.st.pos)
		next, _, err := arbiter(t, c.st, c.line)
		var refusal *game.Refusal
		if next != nil || !errors.As(err, &refusal) {
			t.Errorf("%q: taken (%v)", c.line, err)
			continue
		}
		if en, it := refusal.Reason(game.English), refusal.Reason(game.Italian); !strings.Contains(en, c.english) || !strings.Contains(it, c.it) {
			t.Errorf("%q refused:\n  %s\n  %s\nwant %q and %q", c.line, en, it, c.english, c.it)
		}
		if marshal(t, c.st.pos) != before {
			t.Errorf("%q changed the position", c.line)
		}
	}
}

// The arbiter's word taken: the reply says what it came to and what is
// still open, in his language; a result entered again replaces the
// first, a ruling that leaves no battle drops it.
func TestArbiterReplies(t *testing.T) {
	st, orders := ferraraBattle(t, "E1500O", nil, nil)
	_, round, _ := resolveWith(t, st, orders)
	for _, c := range []struct {
		line        string
		english, it string
		eager       bool
	}{
		{"ARBITRO CONFRONTABILI 1500E-1 SI -- le forze si equivalgono",
			"1500E-1, Ferrara: ruled comparable: a battle, whose result you enter. Still waiting for your word: 1500E-1.",
			"1500E-1, Ferrara: giudicati confrontabili: è battaglia, e ne inserisci tu il risultato. Attendono ancora la tua parola: 1500E-1.", false},
		{"ARBITRO BATTAGLIA 1500E-1 ESITO Papato ROTTA PERDITE Venezia 7 Papato 2 RINFORZI Papato #2 -- sorpresa",
			"1500E-1, Ferrara: result entered: Papacy routs Venice (losses Venice 7, Papacy 2; reinforcements come: Papacy #2). Every open ticket has your word: the round is resolved without waiting for its deadline.",
			"1500E-1, Ferrara: risultato inserito: Papato mette in rotta Venezia (perdite Venezia 7, Papato 2; rinforzi arrivati: Papato #2). Ogni biglietto aperto ha la tua parola: il giro si risolve senza attendere la scadenza.", true},
		{"ARBITER BATTLE 1500E-1 RESULT NONE TIME LOSSES Venice 2 Papacy 2 -- second thoughts",
			"1500E-1, Ferrara: result entered: ended by time, nobody wins (losses Venice 2, Papacy 2) (it replaces the result entered before). Every open ticket has your word: the round is resolved without waiting for its deadline.",
			"1500E-1, Ferrara: risultato inserito: finita per tempo, nessuno vince (perdite Venezia 2, Papato 2) (sostituisce il risultato inserito prima). Ogni biglietto aperto ha la tua parola: il giro si risolve senza attendere la scadenza.", true},
		{"ARBITER COMPARABLE 1500E-1 NO -- too unequal after all",
			"1500E-1, Ferrara: ruled not comparable: Papacy, the weaker, withdraws paying attrition (seed §7) (the result entered before is dropped: no battle is fought). Every open ticket has your word: the round is resolved without waiting for its deadline.",
			"1500E-1, Ferrara: giudicati non confrontabili: Papato, il più debole, si ritira pagando attrito (seed §7) (il risultato inserito prima cade: non si combatte). Ogni biglietto aperto ha la tua parola: il giro si risolve senza attendere la scadenza.", true},
	} {
		verb, args, _ := strings.Cut(c.line, " ")
		var next game.State
		var reply game.Text
		for _, cmd := range (Kind{}).Commands() {
			if cmd.Verb == verb {
				var err error
				if next, reply, _, err = cmd.Do(round, nil, args); err != nil {
					t.Fatalf("%q: %v", c.line, err)
				}
			}
		}
		round = next.(*State)
		if en, it := reply(game.English), reply(game.Italian); en != c.english || it != c.it {
			t.Errorf("%q:\n  %s\n  %s\nwant\n  %s\n  %s", c.line, en, it, c.english, c.it)
		}
		if round.Eager() != c.eager {
			t.Errorf("%q: eager %v", c.line, round.Eager())
		}
	}
	// The arbiter's STATUS shows his word so far.
	if pos := round.Position(game.Viewer{Master: true})(game.English); !strings.Contains(pos, "    your word: ruled not comparable\n") {
		t.Errorf("the arbiter's position:\n%s", pos)
	}
}

// The arbiter's reminder (game.MasterOwer) says, for each ticket that
// waits for his word, what he writes and what the rules do without it
// at the deadline: a battle's result or the abstract battle; for a
// ticket with no battle as it stands (a side refuses, R17 finds the
// armies not comparable), his CONFRONTABILI and the withdrawal the rules
// make. His word makes the round eager; without it the deadline
// resolves the round as the rules say (TestTicketDecided).
func TestMasterOwesEachTicket(t *testing.T) {
	for _, c := range []struct {
		name        string
		change      func(*Position)
		sheets      map[string]string
		english, it string
		word        string
	}{
		{name: "a battle",
			english: "your word on battle tickets: 1500E-1 (ARBITRO BATTAGLIA 1500E-1 ESITO ... or ASTRATTA; without it, at the deadline the abstract battle decides)",
			it:      "la tua parola sui biglietti di battaglia: 1500E-1 (ARBITRO BATTAGLIA 1500E-1 ESITO ... o ASTRATTA; senza, alla scadenza decide la battaglia astratta)",
			word:    "ARBITRO BATTAGLIA 1500E-1 ASTRATTA -- x"},
		{name: "a refusal",
			change:  func(p *Position) { p.Powers[5].Counters = p.Powers[5].Counters[:1] },
			sheets:  map[string]string{"venezia": "#1 - Ferrara", "papato": "#1 FERMO\nBATTAGLIA RIFIUTA"},
			english: "your word on battle tickets: 1500E-1 (no battle as it stands: ARBITRO CONFRONTABILI 1500E-1 SI|NO; without it, at the deadline: no battle: who refuses withdraws (seed §8))",
			it:      "la tua parola sui biglietti di battaglia: 1500E-1 (così com'è non si combatte: ARBITRO CONFRONTABILI 1500E-1 SI|NO; senza, alla scadenza: nessuna battaglia: chi rifiuta si ritira (seed §8))",
			word:    "ARBITRO CONFRONTABILI 1500E-1 SI -- x"},
		{name: "not comparable by R17",
			change: func(p *Position) {
				p.Powers[5].Counters = []Counter{{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, PK: 3, FT: 2}}}
			},
			sheets:  map[string]string{"venezia": "#1 - Ferrara"},
			english: "your word on battle tickets: 1500E-1 (no battle as it stands: ARBITRO CONFRONTABILI 1500E-1 SI|NO; without it, at the deadline: Papacy, the weaker, withdraws paying attrition (seed §7, R17))",
			it:      "la tua parola sui biglietti di battaglia: 1500E-1 (così com'è non si combatte: ARBITRO CONFRONTABILI 1500E-1 SI|NO; senza, alla scadenza: Papato, il più debole, si ritira pagando attrito (seed §7, R17))",
			word:    "ARBITRO CONFRONTABILI 1500E-1 NO -- x"},
	} {
		st, orders := ferraraBattle(t, "E1500O", c.change, c.sheets)
		_, round, _ := resolveWith(t, st, orders)
		owes := round.MasterOwes()
		if owes == nil || round.Eager() {
			t.Errorf("%s: owes %v, eager %v", c.name, owes, round.Eager())
			continue
		}
		if en, it := owes(game.English), owes(game.Italian); en != c.english || it != c.it {
			t.Errorf("%s:\n  %s\n  %s\nwant\n  %s\n  %s", c.name, en, it, c.english, c.it)
		}
		if c.name != "a battle" {
			if _, _, err := arbiter(t, round, "ARBITRO BATTAGLIA 1500E-1 ASTRATTA -- x"); err == nil {
				t.Errorf("%s: ASTRATTA taken for a ticket with no battle", c.name)
			}
		}
		round = mustArbiter(t, round, c.word)
		if round.MasterOwes() != nil || !round.Eager() {
			t.Errorf("%s: after %q the round waits", c.name, c.word)
		}
	}
}
