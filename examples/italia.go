package examples

import "github.com/corriere/corriere/game/dice"

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

// ItaliaDice is the dice seed of the game ItaliaYear plays: the summer's
// and the autumn's sheets are written for the position the dice of this
// seed leave, so the demo and the integration test both play with it.
// Since the judge rolls the scenario's events (game/italia/events.go), it
// is a seed searched for (plain seed 19356, as dice.SeedWhere numbers
// them) that plays the year as the sheets were written for the seed
// before it ("Ital"): the 1499 famine table strikes nothing, the plague
// strikes six territories no army stands in.
var ItaliaDice = dice.Seed{0x9c, 0x4b}

// ItaliaPhase is a phase of the scripted game: its sheets, by power (the
// powers not named send none), and lines the Pope's results read with
// ItaliaDice, in English, as he writes: public news, and nothing of
// Venice's dummy.
type ItaliaPhase struct {
	Phase     string
	Sheets    map[string]string
	PopeReads []string
}

// ItaliaSpring is Primavera 1499 as `corriere demo --game italia` plays
// it: the diplomacy, then the operations.
var ItaliaSpring = []ItaliaPhase{
	{"P1499D", map[string]string{
		"venezia": "FOGLIO VENEZIA PRIMAVERA 1499 DIPLOMAZIA\nAMBASCIATORE Papato\nTRANSITO Papato",
		"papato":  "SHEET PAPACY SPRING 1499 DIPLOMACY\nAMBASSADOR Venice",
	}, []string{"Venice and Papacy are allied for the year (seed §3 A)"}},
	{"P1499O", map[string]string{"venezia": ItaliaVeniceSpring, "papato": ItaliaPapacySpring, "firenze": ItaliaFlorenceSpring},
		[]string{"Venice #3: Treviso -> Vicenza", "Urbino rises in revolt, stirred by unknown parties"}},
}

// The sheets of Estate 1499: the powers silent in the spring march too,
// each in the language it writes; every line is meant to be accepted
// for the position the spring leaves (the demo's fixed dice).
const (
	ItaliaVeniceSummer = `FOGLIO VENEZIA ESTATE 1499
#1 - Mantova ASSEDIA          # il contingente non assedia: l'esercito lo raggiunge
#2 - Verona
#3 - Padova
F1 FERMO`
	ItaliaPapacySummer = `SHEET PAPACY SUMMER 1499
#1 -> Urbino QUELL
F1 HOLD`
	ItaliaFlorenceSummer = `FOGLIO FIRENZE ESTATE 1499
#1 - Siena ASSEDIA
F1 FERMO`
	ItaliaFranceSummer = `SHEET FRANCE SUMMER 1499
#1 -> Pavia BESIEGE
F1 HOLD
F2 HOLD
BATTLE ACCEPT
LOSSES FT, PK, CL, ART, GD`
	ItaliaAragonSummer = `FOGLIO ARAGONESI ESTATE 1499
#1 - Messina
F1 FERMO
F2 - Golfo di Napoli`
	ItaliaEmpireSummer = `SHEET EMPIRE SUMMER 1499
#1 -> Tyrol
BATTLE ACCEPT`
)

// The sheets of Autunno 1499: the summer's sieges took their cities, so
// the armies march on to the next before the taxes.
const (
	ItaliaVeniceAutumn = `FOGLIO VENEZIA AUTUNNO 1499
#1 - Cremona ASSEDIA
#2 FERMO
#3 FERMO
F1 FERMO`
	ItaliaPapacyAutumn = `SHEET PAPACY AUTUMN 1499
#1 HOLD
F1 HOLD`
	ItaliaFlorenceAutumn = `FOGLIO FIRENZE AUTUNNO 1499
#1 - Piombino ASSEDIA
F1 FERMO`
	ItaliaFranceAutumn = `SHEET FRANCE AUTUMN 1499
#1 -> Piacenza BESIEGE
F1 HOLD
F2 HOLD`
	ItaliaAragonAutumn = `FOGLIO ARAGONESI AUTUNNO 1499
#1 FERMO
F1 FERMO
F2 FERMO`
	ItaliaEmpireAutumn = `SHEET EMPIRE AUTUMN 1499
#1 -> Como`
)

// ItaliaYear is 1499 as `corriere demo --game italia` plays it: the
// spring, then the summer's and the autumn's operations of all six. (The
// full slice expression keeps append from writing into ItaliaSpring.)
var ItaliaYear = append(ItaliaSpring[:len(ItaliaSpring):len(ItaliaSpring)], []ItaliaPhase{
	{"E1499O", map[string]string{
		"venezia": ItaliaVeniceSummer, "papato": ItaliaPapacySummer, "firenze": ItaliaFlorenceSummer,
		"francia": ItaliaFranceSummer, "aragonesi": ItaliaAragonSummer, "impero": ItaliaEmpireSummer,
	}, []string{"Papacy quells the revolt in Urbino", "Pavia falls to France", "Mantova falls to Venice", "Siena falls to Florence"}},
	{"A1499O", map[string]string{
		"venezia": ItaliaVeniceAutumn, "papato": ItaliaPapacyAutumn, "firenze": ItaliaFlorenceAutumn,
		"francia": ItaliaFranceAutumn, "aragonesi": ItaliaAragonAutumn, "impero": ItaliaEmpireAutumn,
	}, []string{"Empire overruns the garrison of Como", "Papacy collects 25 ducats of taxes (seed §5)", "treasury 35 ducats"}},
}...)
