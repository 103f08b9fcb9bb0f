package examples

// The sheets of Primavera 1499's operations in Le Guerre d'Italia that the
// judge's test and `corriere demo --game italia` mail.
//
// Venice's sheets are spec §4.3's, in Italian, fitted to the provisional
// start (R40); the Pope's are spec §4.4's form, in English.
const (
	ItaliaVeniceSpring = `Buongiorno arbitro,
FOGLIO VENEZIA PRIMAVERA 1499
TESORO 13
MANTIENI TUTTO
CORROMPI Ferrara CON 10         # guarnigione indipendente, confinante con Padova
DIFENDI Treviso CON 1
#1 ESERCITO IN Padova: CINC, 4 GD, 5 PK, 6 FT, 1 ART
#2 CONTINGENTE IN Verona: 2 CL, 1 PK, 1 FT
#3 FINTO IN Treviso
F1 IN Alto Adriatico
#1 - Ferrara ASSEDIA            # se la corruzione riesce, ASSEDIA viene ignorato
#2 - Mantova SUPPORTA #1
#3 - Vicenza
F1 - Basso Adriatico
BATTAGLIA ACCETTA
#2 CEDI SE INCONTRO
RITIRATA #1 Padova, Vicenza
PERDITE FT, CL, PK, ART, GD
SIGNOFF`
	ItaliaPapacySpring = `SHEET PAPACY SPRING 1499
TREASURY 13
PAY 2 TO Venice
DEFEND Ancona WITH 1
#1 ARMY IN Rome: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART
#1 -> Perugia
F1 -> Upper Adriatic
BATTLE ACCEPT
LOSSES FT, CL, PK, ART, GD
SIGNOFF`
	ItaliaFlorenceSpring = `FOGLIO FIRENZE PRIMAVERA 1499
RIVOLTA Urbino CON 10 SEGRETA
#1 FERMO
F1 FERMO`
)

// ItaliaSpring is Primavera 1499 as `corriere demo --game italia` plays
// it: each phase's sheets, by power; the powers not named send none.
var ItaliaSpring = []struct {
	Phase  string
	Sheets map[string]string
}{
	{"P1499D", map[string]string{
		"venezia": "FOGLIO VENEZIA PRIMAVERA 1499 DIPLOMAZIA\nAMBASCIATORE Papato\nTRANSITO Papato",
		"papato":  "SHEET PAPACY SPRING 1499 DIPLOMACY\nAMBASSADOR Venice",
	}},
	{"P1499O", map[string]string{"venezia": ItaliaVeniceSpring, "papato": ItaliaPapacySpring, "firenze": ItaliaFlorenceSpring}},
}
