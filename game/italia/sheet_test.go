package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// venice1500 is the situation of spec §4.3: Venezia at the end of 1499,
// with 45 ducats (40 once the council is paid), army #1 in Padova,
// contingent #2 in Verona, dummy #3 in Treviso, F1 in the Alto Adriatico
// and card 18 drawn; Ferrara independent.
func venice1500(t testing.TB, phase string, treasury int) *State {
	t.Helper()
	st := mustStart(t)
	st.pos.Phase = phase
	st.pos.Scenario = nil // no events, as at() (resolve_test.go)
	v := st.power("venezia")
	v.Treasury = treasury
	v.Counters = []Counter{
		{N: 1, Kind: Army, At: "padua", Elements: Elements{CINC: 1, GD: 3, PK: 6, FT: 5, ART: 1}},
		{N: 2, Kind: Contingent, At: "veron", Elements: Elements{CL: 2, FT: 2}},
		{N: 3, Kind: Dummy, At: "trevi"},
	}
	v.Drawn = []int{18}
	next, err := st.r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

// readSheet reads a sheet line by line as the judge does, a later line
// replacing an earlier one of the same key; it returns the readings and
// the standing orders.
func readSheet(t *testing.T, st *State, seat, sheet string) ([]game.Reading, []game.Order) {
	t.Helper()
	var all []game.Reading
	var standing []game.Order
	for _, line := range strings.Split(sheet, "\n") {
		rs, err := st.Read([]string{seat}, line, standing)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 {
			t.Fatalf("%q: %d readings", line, len(rs))
		}
		all = append(all, rs[0])
		// A heading orders nothing (no Key), as the judge takes it.
		if r := rs[0]; r.Refused == nil && r.Order.Key != "" {
			standing = slices.DeleteFunc(standing, func(o game.Order) bool { return o.Key == r.Order.Key })
			standing = append(standing, r.Order)
		}
	}
	return all, standing
}

// canon lists the canonical texts of the orders read, in order.
func canon(rs []game.Reading) []string {
	var out []string
	for _, r := range rs {
		if r.Refused == nil && r.Order.Key != "" {
			out = append(out, r.Order.Text)
		}
	}
	return out
}

const sheetItalian = `SIGNON Vguerre1 segreto
FOGLIO VENEZIA PRIMAVERA 1500
TESORO 40                       # 45 - 5 di Consiglio (verifica)

# C) SPESE
MANTIENI TUTTO
CONGEDA 1 FT DA #1
RECLUTA 2 PK IN #1
ARRUOLA SVIZZERI IN #1          # 4 Pk svizzeri; l'esercito sarà a Padova, 4 PM dalla Svizzera

# CARTE
TIENI CARTA 18                  # carta pescata in questo turno

# D) DONI E CESSIONI
PAGA 2 A Firenze

# D) OPERAZIONE POLITICA (una sola)
CORROMPI Ferrara CON 12         # guarnigione indipendente, confinante con Padova

# D) OPERAZIONI DIFENSIVE (max 3)
DIFENDI Treviso CON 1
DIFENDI Verona CON 1

# D) SCHIERAMENTO (solo primavera)
#1 ESERCITO IN Padova: CINC, 3 GD, 8 PK, 4 FT, 1 ART, 4 PKS
#2 CONTINGENTE IN Verona: 2 CL, 2 FT
#3 FINTO IN Treviso
F1 IN Alto Adriatico

# D) MOVIMENTI
#1 - Ferrara ASSEDIA            # se la corruzione riesce, ASSEDIA viene ignorato
#2 - Mantova SUPPORTA #1
#3 - Vicenza
F1 - Basso Adriatico

# ISTRUZIONI PERMANENTI
BATTAGLIA ACCETTA
#2 CEDI SE INCONTRO
RITIRATA #1 Padova, Vicenza
PERDITE FT, CL, PK, PKS, ART, GD
SIGNOFF`

const sheetEnglish = `SIGNON Vguerre1 secret
SHEET VENICE SPRING 1500
TREASURY 40
MAINTAIN ALL
DISBAND 1 FT FROM #1
RECRUIT 2 PK IN #1
HIRE SWISS IN #1
KEEP CARD 18
PAY 2 TO Florence
BRIBE Ferrara WITH 12
DEFEND Treviso WITH 1
DEFEND Verona WITH 1
#1 ARMY IN Padua: CINC, 3 GD, 8 PK, 4 FT, 1 ART, 4 PKS
#2 CONTINGENT IN Verona: 2 CL, 2 FT
#3 DUMMY IN Treviso
F1 IN Upper Adriatic
#1 -> Ferrara BESIEGE
#2 -> Mantua SUPPORT #1
#3 -> Vicenza
F1 -> Lower Adriatic
BATTLE ACCEPT
#2 CONCEDE IF MET
RETREAT #1 Padua, Vicenza
LOSSES FT, CL, PK, PKS, ART, GD
SIGNOFF`

// The canonical texts of the worked sheet (spec §4.3), which the English
// form (§4.4) reads to as well.
var sheetCanon = []string{
	"TESORO 40",
	"MANTIENI TUTTO",
	"CONGEDA 1 FT DA #1",
	"RECLUTA 2 PK IN #1",
	"ARRUOLA SVIZZERI IN #1",
	"TIENI CARTA 18",
	"PAGA 2 A Firenze",
	"CORROMPI Ferrara CON 12",
	"DIFENDI Treviso CON 1",
	"DIFENDI Verona CON 1",
	"#1 ESERCITO IN Padova: CINC, 3 GD, 8 PK, 4 PKS, 4 FT, 1 ART",
	"#2 CONTINGENTE IN Verona: 2 CL, 2 FT",
	"#3 FINTO IN Treviso",
	"F1 IN Alto Adriatico",
	"#1 - Ferrara ASSEDIA",
	"#2 - Mantova SUPPORTA #1",
	"#3 - Vicenza",
	"F1 - Basso Adriatico",
	"BATTAGLIA ACCETTA",
	"#2 CEDI SE INCONTRO",
	"RITIRATA #1 Padova, Vicenza",
	"PERDITE FT, CL, PK, PKS, ART, GD",
}

// The worked turn of spec §4.3 and §4.4, in both languages: every line
// read, every order with its canonical text, nothing refused, nothing
// missing, and the ledger of the acknowledgement: 14 upkeep, 10
// recruitment, 2 gift, 12 bribe, 2 defences: 40 committed of 40.
func TestWorkedSheet(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	for _, sheet := range []string{sheetItalian, sheetEnglish} {
		rs, standing := readSheet(t, st, "venezia", sheet)
		for _, r := range rs {
			if r.Refused != nil && !r.Refused.NotOrder {
				t.Errorf("%q refused: %s", r.Written, r.Refused.Reason(game.English))
			}
		}
		if got := canon(rs); !slices.Equal(got, sheetCanon) {
			t.Errorf("read as\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(sheetCanon, "\n"))
		}
		if m := st.Missing("venezia", standing); len(m) != 0 {
			t.Errorf("missing %s", m[0](game.English))
		}
		lg, err := st.Ledger("venezia", standing)
		if err != nil {
			t.Fatal(err)
		}
		var items []int
		for _, it := range lg.Items {
			items = append(items, it.Ducats)
		}
		if !slices.Equal(items, []int{14, 10, 2, 12, 2}) || lg.Committed != 40 || lg.Left != 0 {
			t.Errorf("ledger %v, committed %d, left %d\n%s", items, lg.Committed, lg.Left, lg.Text(game.English))
		}
		for _, want := range []string{"15 ordinary elements -> 8; 3 GD -> 3; 1 fleets -> 3", "2 PK -> 2; Swiss 4 PKS -> 8", "Treviso 1, Verona 1"} {
			if !strings.Contains(lg.Text(game.English), want) {
				t.Errorf("ledger lacks %q:\n%s", want, lg.Text(game.English))
			}
		}
		if !strings.Contains(lg.Text(game.Italian), "Mantenimento: 15 elementi ordinari -> 8") {
			t.Errorf("Italian ledger:\n%s", lg.Text(game.Italian))
		}
	}
}

// The diplomacy mail of spec §4.3: two ambassadors, transit, the council;
// the council's 5 ducats leave 40 of 45.
func TestWorkedDiplomacy(t *testing.T) {
	st := venice1500(t, "P1500D", 45)
	rs, standing := readSheet(t, st, "venezia", `SIGNON Vguerre1 segreto
FOGLIO VENEZIA PRIMAVERA 1500 DIPLOMAZIA
AMBASCIATORE Papato
AMBASCIATORE Firenze
TRANSITO Papato                 # il Papa può attraversare i miei territori
CONSIGLIO PIAGNONI 5            # +1 ai Piagnoni nel Consiglio di Firenze
SIGNOFF`)
	want := []string{"AMBASCIATORE Papato", "AMBASCIATORE Firenze", "TRANSITO Papato", "CONSIGLIO PIAGNONI 5"}
	if got := canon(rs); !slices.Equal(got, want) {
		t.Errorf("read as %q", got)
	}
	for _, r := range rs {
		if r.Refused != nil && !r.Refused.NotOrder {
			t.Errorf("%q refused: %s", r.Written, r.Refused.Reason(game.English))
		}
	}
	lg, _ := st.Ledger("venezia", standing)
	if lg.Committed != 5 || lg.Left != 40 {
		t.Errorf("ledger:\n%s", lg.Text(game.English))
	}
	if note := rs[5].Note; note == nil || !strings.Contains(note(game.English), "5 ducats of your 45; 40 left") {
		t.Errorf("the council's note: %v", rs[5].Note)
	}
}
