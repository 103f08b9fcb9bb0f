package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// Names are read as leniently as Diplomacy's (spec §4.2): any case,
// accents optional, Italian or English, unique prefixes of three letters
// or more; the canonical text writes the Italian name.
func TestNames(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	for _, c := range []struct{ line, want string }{
		{"corrompi FERR con 12", "CORROMPI Ferrara CON 12"},
		{"#2 - mant", "#2 - Mantova"},
		{"#3 → Vicénza", "#3 - Vicenza"},
		{"F1 - basso adr", "F1 - Basso Adriatico"},
		{"F1 -> LA", "F1 - Basso Adriatico"},
		{"paga 2 a flor", "PAGA 2 A Firenze"},
		{"PAY 2 TO the pope", ""},
		{"pay 2 to Pope", "PAGA 2 A Papato"},
		{"#1 esercito in Padua: cinc 3gd 6pk 5ft 1art", "#1 ESERCITO IN Padova: CINC, 3 GD, 6 PK, 5 FT, 1 ART"},
		{"#2 hold wait", "#2 FERMO ATTENDI"},
		{"#2 ATTENDI", "#2 FERMO ATTENDI"},
		{"#2 FERMO SUPPORTA #1", "#2 FERMO SUPPORTA #1"},
		{"#1 strategic vicenza-treviso-friuli", "#1 STRATEGICO Vicenza-Treviso-Friuli"},
		{"difendi padova con 3   # contro Papato", "DIFENDI Padova CON 3"},
		{"GIOCA CARTA 18 QUANDO prima", "GIOCA CARTA 18 QUANDO PRIMA"},
		{"PLAY CARD 18 WHEN AFTER", "GIOCA CARTA 18 QUANDO DOPO"},
		{"DISCARD CARD 18 IF I DRAW", "SCARTA CARTA 18 SE PESCO"},
		{"BATTLE REFUSE #2", "BATTAGLIA RIFIUTA #2"},
		{"YIELD TO ALLIES", "CEDI AGLI ALLEATI"},
		{"TAKE CAPTIVES GD, PK", "RECLUTA CATTURATI GD, PK"},
		{"DENY TRANSIT Papacy", "NEGA TRANSITO Papato"},
		{"#1 INTO CITY", "#1 IN CITTA"},
		{"#1 in città", "#1 IN CITTA"},
		{"F1 SUPPORT #1", "F1 SUPPORTA #1"},
		{"F1 HOLD", "F1 FERMO"},
		{"DISBAND F1", "CONGEDA F1"},
		{"HIRE LANDSKNECHTS IN #1", "ARRUOLA LANZICHENECCHI IN #1"},
		{"HIRE COMPANY Vitelli BID 3", "ARRUOLA COMPAGNIA VITELLI OFFERTA 3"},
		{"#2 - Mantova SUPPORTA Papato #1", ""}, // Venice and the Pope are not allied here
	} {
		rs, err := st.Read([]string{"venezia"}, c.line, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		got := r.Order.Text
		if r.Refused != nil {
			got = ""
		}
		if got != c.want {
			reason := ""
			if r.Refused != nil && r.Refused.Reason != nil {
				reason = r.Refused.Reason(game.English)
			}
			t.Errorf("%q read as %q (%s), want %q", c.line, got, reason, c.want)
		}
	}
}

// Lines that cannot stand are refused, each with its reason in both
// languages (spec §3, §4); earlier lines of the sheet come first.
func TestRefusals(t *testing.T) {
	spring := venice1500(t, "P1500O", 40)
	summer := venice1500(t, "E1500O", 40)
	diplomacy := venice1500(t, "P1500D", 40)
	first := venice1500(t, "P1499O", 40)
	for _, c := range []struct {
		st     *State
		before []string
		line   string
		want   string
	}{
		{spring, nil, "AMBASCIATORE Papato", "spring diplomacy phase"},
		{diplomacy, []string{"AMBASCIATORE Papato", "AMBASCIATORE Firenze"}, "AMBASCIATORE Francia", "two ambassadors"},
		{diplomacy, nil, "CONSIGLIO VERDI 5", "expected PIAGNONI, ARRABBIATI, BIGI"},
		{diplomacy, nil, "#1 - Vicenza", "operations, not in the spring diplomacy"},
		{spring, nil, "CARESTIA Padova", "summer only"},
		{summer, nil, "CARESTIA Padova", "no famine in Padova"},
		{first, nil, "MANTIENI TUTTO", "no expenses in the first spring"},
		{summer, nil, "RECLUTA 2 PK IN #1", "spring operations"},
		{spring, nil, "CORROMPI Ferrara CON 9", "at least 10 ducats in Ferrara"},
		{spring, nil, "CORROMPI Provence CON 12", "at least 13 ducats in Provence"},
		{spring, nil, "CORROMPI Roma CON 20", "a capital cannot be bribed"},
		{spring, nil, "CORROMPI Lucca CON 10", "next to your own land"},
		{spring, nil, "CORROMPI Bologna CON 10", "next to your army"},
		{spring, nil, "CORROMPI Albania CON 10", "out of play"},
		{spring, nil, "CORROMPI Padova CON 10", "yours already"},
		{spring, nil, "RIVOLTA Ferrara CON 10", "Ferrara is independent"},
		{spring, nil, "RIVOLTA Perugia CON 10", "next to its owner's army"},
		{spring, []string{"DIFENDI Padova CON 1", "DIFENDI Verona CON 1", "DIFENDI Treviso CON 1"}, "DIFENDI Vicenza CON 1", "three defensive operations"},
		{spring, nil, "DIFENDI Lucca CON 1", "next to your land"},
		{spring, nil, "#1 - Venezia", "Venezia is not next to Padova"},
		{spring, nil, "#2 - Mantova ASSEDIA", "only armies besiege"},
		{spring, nil, "#1 - Vicenza ASSEDIA", "no hostile city"},
		{spring, []string{"#3 FINTO IN Padova"}, "#3 - Ferrara", "a dummy moves only"},
		{spring, nil, "#1 - Ferrara SACCHEGGIA SUPPORTA #3", ""},
		{spring, nil, "#1 STRATEGICO Ferrara-Bologna", "Bologna is Papato's"},
		{spring, nil, "#1 STRATEGICO Ferrara-Mantova-Cremona-Piacenza", "costs 8 MP"},
		{spring, nil, "#1 STRATEGICO Vicenza-Carinzia", "Carinzia is Impero's"},
		{spring, nil, "F1 - Basso Adriatico - Mare Ionio - Golfo di Napoli - Mar Tirreno Orientale", "up to three seas"},
		{spring, nil, "F1 - Mare Ionio", "Mare Ionio is not next to Alto Adriatico"},
		{spring, nil, "F1 IN Golfo di Napoli", "where you hold a port"},
		{spring, nil, "F1 IN Padova", "Padova is a territory, not a sea"},
		{spring, nil, "#2 CONTINGENTE IN Verona: 2 CL, 6 FT", "3 to 5 elements"},
		{spring, nil, "#1 ESERCITO IN Ferrara: CINC", "Ferrara is not"},
		{spring, nil, "#1 ESERCITO IN Padova: 3 GD", "write CINC"},
		{spring, []string{"#1 ESERCITO IN Padova: CINC"}, "#2 ESERCITO IN Verona: CINC", "#1 is deployed as it"},
		{spring, nil, "ARRUOLA SVIZZERI IN #2", "#2 is not your army"},
		{spring, []string{"ARRUOLA LANZICHENECCHI IN #1"}, "ARRUOLA SVIZZERI IN #1", "not both"},
		{spring, nil, "RECLUTA 3 PKS IN #1", "4 at a time"},
		{spring, nil, "RECLUTA 5 PK IN #1", "24 elements, over the army list's 20"},
		{spring, nil, "CONGEDA 2 ART DA #1", "1 ART to disband"},
		{spring, nil, "ARMA FLOTTA", "only to replace one disbanded"},
		{spring, nil, "TIENI CARTA 19", "not drawn card 19"},
		{spring, nil, "CEDI Vicenza A Papato", "allies only"},
		{spring, nil, "FOGLIO FIRENZE PRIMAVERA 1500", "which you do not hold"},
		{spring, nil, "FOGLIO VENEZIA ESTATE 1500", "the phase now is Spring 1500 operations"},
		{spring, nil, "CORROMPI Ferrara", "not understood: write BRIBE <territory> WITH <number>"},
		{spring, nil, "CORROMPI Pis CON 12", `"Pis" could be Pisa, Pistoia`},
		{spring, nil, "#1 - Ferara", `no territory is called "Ferara"`},
		{spring, nil, "PAGA 2 A Spagna", `no power is called "Spagna"`},
		{spring, nil, "PAGA 2 A Venezia", "your own power"},
		{spring, nil, "#1 VOLA Ferrara", "not understood"},
	} {
		var standing []game.Order
		for _, line := range c.before {
			rs, err := c.st.Read([]string{"venezia"}, line, standing)
			if err != nil || rs[0].Refused != nil {
				t.Fatalf("%q: %v %+v", line, err, rs[0].Refused)
			}
			standing = append(standing, rs[0].Order)
		}
		rs, err := c.st.Read([]string{"venezia"}, c.line, standing)
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		if c.want == "" {
			if r.Refused != nil {
				t.Errorf("%q refused: %s", c.line, r.Refused.Reason(game.English))
			}
			continue
		}
		if r.Refused == nil || r.Refused.NotOrder {
			t.Errorf("%q read as %+v, want refused: %s", c.line, r, c.want)
			continue
		}
		if en, it := r.Refused.Reason(game.English), r.Refused.Reason(game.Italian); !strings.Contains(en, c.want) || it == en {
			t.Errorf("%q refused: %s / %s; want %q", c.line, en, it, c.want)
		}
	}
}

// A greeting, a comment and a signature are no orders, and the judge
// passes over them; a good heading orders nothing either, and its reading
// says whose sheet it heads, for the phase now.
func TestNotOrders(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	for _, line := range []string{"Ciao a tutti", "# D) MOVIMENTI", "", "SIGNOFF"} {
		rs, _ := st.Read([]string{"venezia"}, line, nil)
		if r := rs[0]; r.Refused == nil || !r.Refused.NotOrder {
			t.Errorf("%q read as %+v", line, r)
		}
	}
	for _, line := range []string{"FOGLIO VENEZIA PRIMAVERA 1500", "SHEET Venice Spring 1500 operations"} {
		rs, _ := st.Read([]string{"firenze", "venezia"}, line, nil)
		r := rs[0]
		if r.Refused != nil || r.Order.Key != "" || r.Note == nil {
			t.Errorf("%q read as %+v, want a note and no order", line, r)
			continue
		}
		if en, it := r.Note(game.English), r.Note(game.Italian); en != "sheet of Venice for Spring 1500 operations (P1500O)" || it != "foglio di Venezia per Primavera 1500, operazioni (P1500O)" {
			t.Errorf("%q noted %q / %q", line, en, it)
		}
	}
}

// A later line replaces an earlier one of the same key: one political
// operation a turn (R11), one order a counter; the note says what went.
func TestLaterLineReplaces(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	_, standing := readSheet(t, st, "venezia", "CORROMPI Ferrara CON 12\n#1 - Ferrara\n#1 FERMO")
	if len(standing) != 2 || standing[1].Text != "#1 FERMO" {
		t.Errorf("standing %v", standing)
	}
	rs, err := st.Read([]string{"venezia"}, "RIVOLTA Bologna CON 10 SEGRETA", standing)
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.Refused != nil || r.Order.Key != standing[0].Key || r.Note == nil ||
		!strings.Contains(r.Note(game.English), "it replaces CORROMPI Ferrara CON 12") {
		t.Errorf("read as %+v", r)
	}
	standing[0] = r.Order
	lg, _ := st.Ledger("venezia", standing)
	if lg.Committed != 14+12 {
		t.Errorf("a secret revolt of 10 costs 12 (seed §5 Nota 1):\n%s", lg.Text(game.English))
	}
}

// A player of two powers writes their lines together: each line is taken
// for the first power it is good for.
func TestTwoPowers(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	rs, _ := st.Read([]string{"firenze", "venezia"}, "#1 - Ferrara", nil)
	if r := rs[0]; r.Refused != nil || r.Order.Seat != "venezia" {
		t.Errorf("read as %+v", r)
	}
	rs, _ = st.Read([]string{"firenze", "venezia"}, "#1 - Pisa", nil)
	if r := rs[0]; r.Refused != nil || r.Order.Seat != "firenze" {
		t.Errorf("read as %+v", r)
	}
	rs, _ = st.Read([]string{"firenze", "venezia"}, "#1 - Roma", nil)
	if r := rs[0]; r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), "Roma is not next to Firenze") {
		t.Errorf("read as %+v", r)
	}
}

// Missing says what a power owes: an order for each counter and fleet,
// and what the sheet asks beyond the treasury or the elements.
func TestMissing(t *testing.T) {
	st := venice1500(t, "P1500O", 40)
	text := func(ts []game.Text) []string {
		var out []string
		for _, x := range ts {
			out = append(out, x(game.English))
		}
		return out
	}
	want := []string{"an order for #1 in Padova", "an order for #2 in Verona", "an order for #3 in Treviso", "an order for F1 in Alto Adriatico"}
	if got := text(st.Missing("venezia", nil)); !slices.Equal(got, want) {
		t.Errorf("missing %q", got)
	}
	rs, standing := readSheet(t, st, "venezia", "#1 ESERCITO IN Vicenza: CINC, 3 GD, 9 PK\n#1 FERMO\n#2 FERMO\n#3 FERMO\nF1 FERMO\nPAGA 50 A Firenze")
	if n := rs[0].Note; n == nil || !strings.Contains(n(game.English), "3 PK over") {
		t.Errorf("the deployment's note: %+v", rs[0])
	}
	want = []string{"24 ducats: the sheet commits 64 of 40", "elements for the deployment: 3 PK more than you have"}
	if got := text(st.Missing("venezia", standing)); !slices.Equal(got, want) {
		t.Errorf("missing %q", got)
	}
	if got := st.Missing("venezia", standing[:1]); len(got) == 0 || !strings.Contains(got[0](game.English), "#1 in Vicenza") {
		t.Errorf("a counter is missed where it is deployed: %q", text(got))
	}
}

// Any line reads to one reading, without a panic; an order read writes a
// canonical text that reads to itself (the judge keeps it and the game
// reads it back at the deadline).
func FuzzRead(f *testing.F) {
	for _, line := range append(strings.Split(sheetItalian, "\n"), strings.Split(sheetEnglish, "\n")...) {
		f.Add(line)
	}
	f.Add("F1 - LA TRASPORTA #1 DA Ancona A Bari")
	f.Add("#1 STRATEGICO Vicenza-Treviso SEDA")
	st := venice1500(f, "P1500O", 40)
	f.Fuzz(func(t *testing.T, line string) {
		rs, err := st.Read([]string{"venezia"}, line, nil)
		if err != nil || len(rs) != 1 {
			t.Fatalf("%q: %d readings, %v", line, len(rs), err)
		}
		switch r := rs[0]; {
		case r.Refused == nil && r.Order.Key == "":
			if r.Note == nil {
				t.Errorf("%q read as nothing, without a note", line)
			}
		case r.Refused == nil:
			again, err := st.Read([]string{"venezia"}, r.Order.Text, nil)
			if err != nil || again[0].Refused != nil || again[0].Order != r.Order {
				t.Errorf("%q read as %q, which reads as %+v", line, r.Order.Text, again[0])
			}
		case r.Refused.Reason == nil && !r.Refused.NotOrder:
			t.Errorf("%q refused without a reason", line)
		}
	})
}

// Transports and sea assaults (seed §7, R22, R23): from a port of one's
// own, to a port of one's own or of an ally who gives transit; an assault
// on hostile land on the sea the fleet ends in.
func TestSeaLines(t *testing.T) {
	st := at(t, "E1500O", func(p *Position) {
		p.Powers[3].Counters[0].At = "venic"
		p.Alliances = [][2]string{{"venezia", "papato"}}
		p.Transit = map[string][]string{"papato": {"venezia"}}
	})
	for _, c := range []struct{ line, want string }{
		{"F1 TRASPORTA #1 DA Venezia A Ancona", ""},
		{"F1 CARRIES #1 FROM Venice TO Ancona", ""},
		{"F1 - LA TRASPORTA #1 DA Venezia A Bari", "lands at a port of yours"},
		{"F1 ASSALTO #1 DA Venezia SU Ferrara", ""},
		{"F1 - LA ASSALTO #1 DA Venezia SU Bari", "sails from a port of yours on the sea where the fleet ends"},
		{"F1 ASSALTO #1 DA Venezia SU Ancona", "hostile or independent"},
		{"F1 TRASPORTA #1 DA Padova A Ancona", "#1 is not in Padova"},
	} {
		rs, err := st.Read([]string{"venezia"}, c.line, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		switch {
		case c.want == "" && r.Refused != nil:
			t.Errorf("%q refused: %s", c.line, r.Refused.Reason(game.English))
		case c.want != "" && (r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), c.want)):
			t.Errorf("%q read as %+v, want %q", c.line, r, c.want)
		}
	}
	// A counter carried by sea has no other order, whichever comes first.
	for _, lines := range [][2]string{
		{"#1 FERMO", "F1 TRASPORTA #1 DA Venezia A Ancona"},
		{"F1 TRASPORTA #1 DA Venezia A Ancona", "#1 FERMO"},
	} {
		rs, _ := st.Read([]string{"venezia"}, lines[0], nil)
		again, _ := st.Read([]string{"venezia"}, lines[1], []game.Order{rs[0].Order})
		if r := again[0]; r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), "carried by sea") {
			t.Errorf("%q after %q: %+v", lines[1], lines[0], r)
		}
	}
}
