package italia

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// The scenario the judge ships (scenario.txt) reads, is marked
// provisional part by part, and holds the Machiavelli tables' facts
// (sharcashmo/machiavelli-bot, machiavelli/game/tables.py, MIT): spot
// cells of each, a placeholder events table, raids table and sheets.
func TestShippedScenario(t *testing.T) {
	sc := shipped()
	if len(sc.Events) != 16 || sc.Events[0].Roll != 3 || sc.Events[15].Roll != 18 {
		t.Fatalf("events %+v", sc.Events)
	}
	for _, r := range append(append([]Row{}, sc.Events...), sc.Raids...) {
		if r.Effect != effArbiter || r.Text != "" {
			t.Errorf("shipped row %+v: want a placeholder, the arbiter's", r)
		}
	}
	if len(sc.Raids) != 6 || sc.Raids[0].Roll != 1 || sc.Disasters != "r28" {
		t.Errorf("raids %+v, disasters %q", sc.Raids, sc.Disasters)
	}
	for _, c := range []struct {
		g        *Grid
		row, col int
		want     string
	}{
		// Famine (2,11) is Perugia in the MIT table (spec §1.3 notes
		// njudge's "Perugia never has famine": the MIT fact is kept).
		{sc.Famine, 2, 11, "perug"}, {sc.Famine, 2, 2, ""}, {sc.Famine, 10, 10, "naple"}, {sc.Famine, 12, 10, "istri"},
		{sc.Plague, 2, 2, "vicen"}, {sc.Plague, 12, 12, "saluz"}, {sc.Plague, 8, 8, "venic"}, {sc.Plague, 7, 12, "sardi"},
	} {
		if got := c.g[c.row-2][c.col-2]; got != c.want {
			t.Errorf("cell (%d,%d) %q, want %q", c.row, c.col, got, c.want)
		}
	}
	// Each table holds each of the 70 territories once.
	b := italiaBoard(t)
	for _, g := range []*Grid{sc.Famine, sc.Plague} {
		seen := map[string]int{}
		for _, row := range g {
			for _, id := range row {
				if id != "" {
					seen[id]++
				}
			}
		}
		for i := range b.Territories {
			if id := b.Areas[i].ID; seen[id] != 1 {
				t.Errorf("%s is %d times in a table", id, seen[id])
			}
		}
	}
	for _, p := range powers {
		if cs := sc.Victory[p.ID]; len(cs) != 1 || cs[0].Kind != condArbiter {
			t.Errorf("%s's sheet %+v: want the placeholder", p.ID, cs)
		}
	}
	// Written out and read again, it is the same.
	again, errs := mustRules(t, nil).ReadScenario(sc.lines())
	if len(errs) > 0 || !reflect.DeepEqual(again, sc) {
		t.Errorf("read again: %v\n%+v", errs, again)
	}
	// A new game starts with it whole, and says it is provisional.
	st := mustStart(t)
	status := st.Position(game.Viewer{Seats: []string{"venezia"}})
	for l, want := range map[game.Lang][]string{
		game.English: {"Scenario: provisional (R28, R40): parts still the judge's: the 3D6 events table (a placeholder), the famine table (Machiavelli's), the plague table (Machiavelli's), the Turkish raids table (a placeholder), the card deck (a provisional one), the hands at the start (no cards), the victory sheets of France, Aragon, Empire, Venice, Florence, Papacy (placeholders)",
			"Victory sheet of Venice: a placeholder"},
		game.Italian: {"Scenario: provvisorio (R28, R40): parti ancora del giudice: la tabella eventi 3D6 (provvisoria), la tabella della carestia (quella di Machiavelli)",
			"Scheda di vittoria di Venezia: provvisoria"},
	} {
		text := status(l)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%v status lacks %q:\n%s", l, w, text)
			}
		}
		if strings.Contains(text, "France: a placeholder") || strings.Contains(text, "sheet of France") || strings.Contains(text, "Scheda di vittoria di Francia") {
			t.Errorf("Venice reads France's sheet:\n%s", text)
		}
	}
}

// arbiterScenario is an arbiter's copy of the scenario as he mails it,
// in Italian and English: an events table whose rows are each kind of
// effect the engine applies, a raids table on 2D6, Venice's and
// France's victory sheets, the famine table kept as shipped.
func arbiterScenario() string {
	lines := []string{
		"# la copia dell'arbitro",
		"EVENTO 3 NULLA : Anno tranquillo",
		"EVENT 4 FAMINE Ferrara : Carestia nel ferrarese",
		"EVENT 5 PLAGUE Padua : La peste a Padova",
		"EVENTO 6 RIVOLTA Bari : I baroni di Puglia si ribellano",
		"EVENT 7 SACK Otranto",
		"EVENT 8 RAID : I Turchi sulle coste",
		"EVENTO 9 CARESTIA : Anno di carestia",
		"EVENT 10 PLAGUE",
		"EVENT 11 REVOLT Mantova : Mantova in rivolta",
	}
	for n := 12; n <= 18; n++ {
		lines = append(lines, fmt.Sprintf("EVENT %d ARBITER : Morte di un cardinale (%d)", n, n))
	}
	for n := 2; n <= 12; n++ {
		lines = append(lines, fmt.Sprintf("RAID %d SACK Otranto : razzia su Otranto (%d)", n, n))
	}
	return strings.Join(append(lines,
		"VICTORY venezia HOLD Ferrara points=2",
		"VITTORIA Venezia TERRITORI 12",
		"VICTORY Venice ARBITER punti=1 : battere la Francia in battaglia",
		"VICTORY francia TERRITORIES 14",
		"VICTORY francia PRECONDITION : tenere Milano",
		"DISASTERS R28",
		"CONFERMA CARESTIA",
	), "\n")
}

// The arbiter's file reads: its rows in order, its sheets, what it
// confirms.
func TestReadArbiterScenario(t *testing.T) {
	sc, errs := mustRules(t, nil).ReadScenario(arbiterScenario())
	if len(errs) > 0 {
		t.Fatalf("refused: %v", errs)
	}
	want := []Row{
		{3, effNone, "", "Anno tranquillo"},
		{4, effFamine, "ferra", "Carestia nel ferrarese"},
		{5, effPlague, "padua", "La peste a Padova"},
		{6, effRevolt, "bari", "I baroni di Puglia si ribellano"},
		{7, effSack, "otran", ""},
		{8, effRaid, "", "I Turchi sulle coste"},
		{9, effFamine, "", "Anno di carestia"},
		{10, effPlague, "", ""},
	}
	if !reflect.DeepEqual(sc.Events[:8], want) || len(sc.Events) != 16 || len(sc.Raids) != 11 || sc.Raids[0].Roll != 2 {
		t.Errorf("events %+v\nraids %+v", sc.Events, sc.Raids)
	}
	venice := []Condition{
		{Kind: condHold, At: "ferra", Points: 2},
		{Kind: condTerritories, N: 12},
		{Kind: condArbiter, Points: 1, Text: "battere la Francia in battaglia"},
	}
	if !reflect.DeepEqual(sc.Victory["venezia"], venice) || len(sc.Victory["francia"]) != 2 || len(sc.Victory) != 2 {
		t.Errorf("victory %+v", sc.Victory)
	}
	if sc.Famine != nil || sc.Plague != nil || !reflect.DeepEqual(sc.Confirmed, []string{partFamine}) {
		t.Errorf("famine %v, plague %v, confirmed %v", sc.Famine != nil, sc.Plague != nil, sc.Confirmed)
	}
}

// Every kind of bad line is refused with its line, what was wrong and
// what was expected, in both languages; and so is a table left
// incomplete.
func TestScenarioRefusals(t *testing.T) {
	r := mustRules(t, nil)
	events := func(skip int) string {
		var out []string
		for n := 3; n <= 18; n++ {
			if n != skip {
				out = append(out, fmt.Sprintf("EVENT %d NONE", n))
			}
		}
		return strings.Join(out, "\n")
	}
	famine := strings.Join(strings.Split(shipped().lines(), "\n")[22:33], "\n")
	if !strings.HasPrefix(famine, "FAMINE 2 ") {
		t.Fatalf("the famine rows are not where the test takes them:\n%s", famine)
	}
	for _, c := range []struct {
		name, text       string
		english, italian string
	}{
		{"unknown line", "BATTLE 3", `line 1: "BATTLE" starts no line of the scenario; expected EVENT, FAMINE`, `riga 1: "BATTLE" non comincia una riga dello scenario; atteso EVENTO, CARESTIA`},
		{"roll out of range", events(0) + "\nEVENT 19 NONE", `line 17: "19" is no roll from 3 to 18; expected EVENT <3-18> NONE|ARBITER`, `riga 17: "19" non è un tiro da 3 a 18; atteso EVENTO <3-18> NULLA|ARBITRO`},
		{"roll not a number", "EVENT tre NONE", `line 1: "tre" is no roll from 3 to 18`, `riga 1: "tre" non è un tiro da 3 a 18`},
		{"row twice", events(0) + "\nEVENT 7 NONE", "line 17: the row for 7 is given twice, first on line 5", "riga 17: la riga del 7 è data due volte, la prima alla riga 5"},
		{"row missing", events(11), "the events table has no row for 11: 3D6 rolls 3 to 18, each needs its row", "la tabella eventi non ha la riga di 11"},
		{"unknown effect", "EVENT 3 DELUGE", `line 1: "DELUGE" is no effect of this table`, `riga 1: "DELUGE" non è un effetto di questa tabella`},
		{"no effect", "EVENT 3", "line 1: a roll and an effect are needed; expected EVENT <3-18>", "riga 1: servono un tiro e un effetto; atteso EVENTO <3-18>"},
		{"revolt needs a territory", "EVENT 3 REVOLT", "line 1: REVOLT strikes a territory: name it", "riga 1: RIVOLTA colpisce un territorio: nominalo"},
		{"none takes no territory", "EVENT 3 NONE Ferrara", `line 1: NONE strikes no territory: "Ferrara" is too much`, `riga 1: NULLA non colpisce un territorio: "Ferrara" è di troppo`},
		{"unknown territory", "EVENT 3 FAMINE Atlantide", `line 1: no territory is called "Atlantide"`, `riga 1: nessun territorio si chiama "Atlantide"`},
		{"a sea", "EVENT 3 SACK Alto Adriatico", "line 1: Alto Adriatico is a sea, not a territory", "riga 1: Alto Adriatico è un mare, non un territorio"},
		{"raid in the raids table", "RAID 1 RAID", `line 1: "RAID" is no effect of this table; expected RAID <roll>`, `riga 1: "RAID" non è un effetto di questa tabella; atteso RAID <tiro>`},
		{"raids on no die", "RAID 1 NONE\nRAID 2 NONE", "the raids table has rows [1 2]; expected the rows 1 to 6 (a D6), 2 to 12 (2D6) or 3 to 18 (3D6), each once", "la tabella dei raid ha le righe [1 2]; attese le righe da 1 a 6"},
		{"short grid row", "PLAGUE 2 vicen swiss", "line 1: 3 words after the line's first: a row and its 11 cells are 12; expected PLAGUE <2-12> and 11 cells", "riga 1: 3 parole dopo la prima: una riga e le sue 11 caselle sono 12; atteso PESTE <2-12> e 11 caselle"},
		{"bad grid cell", "CARESTIA 2 - - Narnia - - - - - - - -", `line 1: column 4: no territory is called "Narnia"`, `riga 1: colonna 4: nessun territorio si chiama "Narnia"`},
		{"grid row missing", strings.Replace(famine, "FAMINE 7 ", "FAMINE 13 ", 1), `"13" is no roll from 2 to 12`, `"13" non è un tiro da 2 a 12`},
		{"grid takes no text", "FAMINE 2 - - - - - - - - - - - : testo", "line 1: FAMINE takes no text after :", "riga 1: FAMINE non prende un testo dopo :"},
		{"unknown power", "VICTORY Narnia HOLD Ferrara", `line 1: no power is called "Narnia"`, `riga 1: nessuna potenza si chiama "Narnia"`},
		{"unknown condition", "VICTORY venezia CONQUER Ferrara", `line 1: "CONQUER" is no victory condition`, `riga 1: "CONQUER" non è una condizione di vittoria`},
		{"hold without territory", "VICTORY venezia HOLD", "line 1: HOLD names the territory to hold", "riga 1: TIENI nomina il territorio da tenere"},
		{"bad option", "VICTORY venezia HOLD Ferrara weight=2", `line 1: "weight=2": the only option is points=<n>`, `riga 1: "weight=2": l'unica opzione è punti=<n>`},
		{"too many territories", "VICTORY venezia TERRITORIES 71", "line 1: TERRITORIES takes the number of territories, 1 to 70", "riga 1: TERRITORI prende il numero di territori, da 1 a 70"},
		{"battles without a number", "VICTORY venezia BATTLES", "line 1: BATTLES takes the number of battles to win by a rout, 1 to 42; expected VICTORY <power> HOLD <territory> [points=<n>] | TERRITORIES <n> | BATTLES <n> [points=<n>]", "riga 1: BATTAGLIE prende il numero di battaglie da vincere con una rotta, da 1 a 42; atteso VITTORIA <potenza> TIENI <territorio> [punti=<n>] | TERRITORI <n> | BATTAGLIE <n> [punti=<n>]"},
		{"battles none", "VITTORIA venezia BATTAGLIE 0", "line 1: BATTLES takes the number of battles to win by a rout, 1 to 42", "riga 1: BATTAGLIE prende il numero di battaglie"},
		{"battles too many", "VICTORY venezia BATTLES 43 points=1", "line 1: BATTLES takes the number of battles to win by a rout, 1 to 42", "riga 1: BATTAGLIE prende il numero di battaglie"},
		{"battles of a place", "VICTORY venezia BATTLES Ferrara", "line 1: BATTLES takes the number", "riga 1: BATTAGLIE prende il numero"},
		{"territories with points", "VICTORY venezia TERRITORIES 12 points=3", "TERRITORIES counts a point for each territory short: it takes no points", "TERRITORI conta un punto per ogni territorio mancante"},
		{"precondition with points", "VICTORY venezia PRECONDITION points=3 : x", "an unmet precondition costs 2 points (seed §11): it takes no points", "una condizione preliminare non conseguita costa 2 punti"},
		{"arbiter's words before the colon", "VICTORY venezia ARBITER win a battle", `"win a battle" is too much: the arbiter's condition is told after :`, `"win a battle" è di troppo: la condizione dell'arbitro si scrive dopo :`},
		{"disasters", "DISASTERS WINTER", `line 1: "WINTER" is not when the tables roll; expected DISASTERS R28|EVENTS`, `riga 1: "WINTER" non dice quando si tirano le tabelle; atteso DISASTRI R28|EVENTI`},
		{"confirm nothing", "CONFIRM DICE", `line 1: "DICE" names no part of the scenario`, `riga 1: "DICE" non nomina una parte dello scenario`},
		{"confirm and give", events(0) + "\nCONFIRM EVENTS", "line 17: the file gives this part's lines too", "riga 17: il file dà anche le righe di questa parte"},
		{"text alone", ": un testo", "line 1: a text after : belongs to a line", "riga 1: un testo dopo : appartiene a una riga"},
		{"empty", "# only a comment\n\n", "no line of the scenario; expected lines such as EVENT", "nessuna riga dello scenario; attese righe come EVENTO"},
	} {
		sc, errs := r.ReadScenario(c.text)
		if sc != nil || len(errs) == 0 {
			t.Errorf("%s: not refused", c.name)
			continue
		}
		var en, it []string
		for _, e := range errs {
			en, it = append(en, e(game.English)), append(it, e(game.Italian))
		}
		if got := strings.Join(en, "; "); !strings.Contains(got, c.english) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.english)
		}
		if got := strings.Join(it, "; "); !strings.Contains(got, c.italian) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.italian)
		}
	}
	// At most ten faults are listed, and how many more there are.
	_, errs := r.ReadScenario(strings.Repeat("BATTLE\n", 14))
	if len(errs) != 11 || errs[10](game.English) != "and 4 more" {
		t.Errorf("%d refusals, the last %q", len(errs), errs[len(errs)-1](game.English))
	}
}

// The arbiter's SCENARIO in the spring 1499 diplomacy: a good block
// replaces the parts it gives, and the others stay; STATUS says which
// are still provisional, each player reads his own sheet, and everyone
// is told; a bad block, words on SCENARIO's own line, or a block after
// the first diplomacy change nothing.
func TestSupplyScenario(t *testing.T) {
	st := mustStart(t)
	before, _ := st.Encode()
	do := func(st *State, args string) (game.State, string, string, error) {
		next, reply, notice, err := scenarioCommand.Do(st, nil, args)
		if err != nil {
			return nil, "", "", err
		}
		return next, reply(game.English) + "\n" + reply(game.Italian), notice(game.English) + "\n" + notice(game.Italian), nil
	}
	next, reply, notice, err := do(st, "\n"+arbiterScenario())
	if err != nil {
		t.Fatal(err)
	}
	mustHave(t, "the reply", reply,
		"the scenario now has from you: the 3D6 events table; the Turkish raids table; the timing of the disaster tables; the victory sheets of France, Venice; the famine table, kept as the judge ships it.",
		"parts still the judge's: the plague table (Machiavelli's), the card deck (a provisional one), the hands at the start (no cards), the victory sheets of Aragon, Empire, Florence, Papacy (placeholders)",
		"lo scenario ha ora da te: la tabella eventi 3D6; la tabella dei raid turchi")
	if !strings.Contains(notice, "The arbiter has supplied part of the scenario: the 3D6 events table") || !strings.Contains(notice, "L'arbitro ha fornito parte dello scenario: la tabella eventi 3D6") {
		t.Errorf("notice:\n%s", notice)
	}
	ns := next.(*State)
	if data := ns.pos.Scenario.data(); data.Events[1].At != "ferra" || data.Plague != shipped().Plague || data.Famine != shipped().Famine {
		t.Errorf("the scenario in force: %+v", data.Events[1])
	}
	if after, _ := st.Encode(); string(after) != string(before) {
		t.Error("the state the command was given changed")
	}
	// The stored position keeps the arbiter's parts, and reads back.
	data, _ := ns.Encode()
	back, err := ns.r.Decode(data)
	if err != nil || !reflect.DeepEqual(back.(*State).pos.Scenario, ns.pos.Scenario) {
		t.Errorf("decoded: %v", err)
	}
	venice := ns.Position(game.Viewer{Seats: []string{"venezia"}})
	for l, want := range map[game.Lang]string{
		game.English: "Victory sheet of Venice: hold Ferrara, worth 2; hold 12 territories (a point for each short); a condition the arbiter judges, worth 1: battere la Francia in battaglia; and the two-city year (seed §11)",
		game.Italian: "Scheda di vittoria di Venezia: tenere Ferrara, vale 2; tenere 12 territori (un punto per ciascuno che manca); una condizione che giudica l'arbitro, vale 1: battere la Francia in battaglia; e l'anno delle due città (seed §11)",
	} {
		if text := venice(l); !strings.Contains(text, want) || strings.Contains(text, "Francia, vale") || strings.Contains(text, "hold 14 territories") {
			t.Errorf("Venice's status in %v:\n%s", l, text)
		}
	}
	if text := ns.Position(game.Viewer{Master: true})(game.English); !strings.Contains(text, "Victory sheet of France: hold 14 territories (a point for each short); a precondition (2 points if unmet): tenere Milano") {
		t.Errorf("the arbiter's status:\n%s", text)
	}

	// The rest, given later, makes the scenario the arbiter's.
	var rest []string
	for _, p := range []string{"aragonesi", "impero", "firenze", "papato"} {
		rest = append(rest, "VICTORY "+p+" TERRITORIES 15")
	}
	all, reply, _, err := do(ns, "\nCONFIRM PLAGUE\nCONFIRM CARDS\nCONFERMA MANI\n"+strings.Join(rest, "\n"))
	if err != nil || !strings.Contains(reply, "Scenario: the arbiter's.") || !strings.Contains(reply, "Scenario: quello dell'arbitro.") {
		t.Errorf("%v:\n%s", err, reply)
	}
	if got := all.(*State).pos.Scenario.Confirmed; !reflect.DeepEqual(got, []string{partCards, partFamine, partHands, partPlague}) {
		t.Errorf("confirmed %v", got)
	}

	for _, c := range []struct {
		name    string
		st      *State
		args    string
		english string
		italian string
	}{
		{"a bad block", ns, "\nEVENT 3 NONE\nVICTORY venezia HOLD Narnia", `the scenario is refused: line 2: no territory is called "Narnia"; expected VICTORY <power>`, `lo scenario è rifiutato: riga 2: nessun territorio si chiama "Narnia"; atteso VITTORIA <potenza>`},
		{"words on its line", ns, "EVENT 3 NONE\nEVENT 4 NONE", `SCENARIO takes its lines below it, up to ENDSCENARIO, not "EVENT 3 NONE" on its own line`, `SCENARIO prende le sue righe sotto di sé, fino a ENDSCENARIO, non "EVENT 3 NONE" sulla sua stessa riga`},
		{"after the first diplomacy", at(t, "P1499O", nil), "\n" + arbiterScenario(), "the scenario is fixed once Spring 1499 diplomacy (P1499D) is processed: its events were rolled on it and the players plan on it; EDIT corrects the position (now: Spring 1499 operations (P1499O))", "lo scenario è fisso una volta elaborata Primavera 1499, diplomazia (P1499D)"},
	} {
		before, _ := c.st.Encode()
		_, _, _, err := do(c.st, c.args)
		refusal, ok := err.(*game.Refusal)
		if !ok {
			t.Errorf("%s: %v, want a refusal", c.name, err)
			continue
		}
		if got := refusal.Reason(game.English); !strings.Contains(got, c.english) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.english)
		}
		if got := refusal.Reason(game.Italian); !strings.Contains(got, c.italian) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.italian)
		}
		if after, _ := c.st.Encode(); string(after) != string(before) {
			t.Errorf("%s: the state changed", c.name)
		}
	}
}

// A stored or requested position whose scenario does not read is
// refused as the file would be.
func TestScenarioInPositionChecked(t *testing.T) {
	st := mustStart(t)
	data, _ := st.Encode()
	var raw map[string]any
	json.Unmarshal(data, &raw)
	raw["scenario"] = map[string]any{"events": []map[string]any{{"roll": 3, "effect": "famine", "at": "atlan"}}}
	bad, _ := json.Marshal(raw)
	if _, err := st.r.Decode(bad); err == nil || !strings.Contains(err.Error(), `scenario: line 1: no territory is called "atlan"`) {
		t.Errorf("decoded: %v", err)
	}
}

// Where the scenario stands, as STATUS and the results say it: the
// arbiter may replace the judge's parts in the spring 1499 diplomacy
// only, and the text says so then and says it is fixed after; each
// player reads his own victory sheet in every phase, a round of battles
// too, where nobody owes a sheet.
func TestScenarioTextByPhase(t *testing.T) {
	for _, c := range []struct{ phase, want string }{
		{"P1499D", "the arbiter replaces them with SCENARIO in the spring 1499 diplomacy."},
		{"P1499O", "fixed since the spring 1499 diplomacy, the arbiter rules where a placeholder leaves it to him."},
		{"E1500B1", "fixed since the spring 1499 diplomacy"},
	} {
		var st *State
		if c.phase == "E1500B1" {
			// The Ferrara battle's round, in a game with the scenario.
			at, orders := ferraraBattle(t, "E1500O", func(p *Position) { p.Scenario = &Scenario{} }, nil)
			_, st, _ = resolveWith(t, at, orders)
		} else {
			start := mustStart(t)
			start.pos.Phase = c.phase
			var err error
			if st, err = start.r.State(start.pos); err != nil {
				t.Fatal(err)
			}
		}
		var out strings.Builder
		st.scenarioLines(&out, game.English, game.Viewer{Seats: []string{"venezia"}})
		if !strings.Contains(out.String(), c.want) || !strings.Contains(out.String(), "Victory sheet of Venice") {
			t.Errorf("%s: %s", c.phase, out.String())
		}
	}
}
