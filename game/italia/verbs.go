package italia

import (
	"strings"

	"github.com/corriere/corriere/game"
)

// verbID names a kind of sheet line.
type verbID uint8

const (
	vSheet verbID = iota
	vAmbassador
	vTransit
	vDenyTransit
	vCouncil
	vTreasury
	vPay
	vCede
	vMaintain
	vDisband
	vDisbandFleet
	vRecruit
	vBuildFleet
	vHireSwiss
	vHireLandsknechts
	vHireCompany
	vFamine
	vPacify
	vBribe
	vRevolt
	vDefend
	vDeploy
	vDeployFleet
	vIntoCity
	vMove
	vStrategic
	vHold
	vFleetMove
	vTransport
	vAssault
	vFleetSupport
	vFleetHold
	vAccept
	vRefuse
	vConcede
	vYield
	vRetreat
	vLosses
	vCaptives
	vKeep
	vDiscard
	vPlay
	vCandidate
	vVote
	vBlackSmoke
	vCouncilTie
	numVerbs
)

// when is the phases a line may be written in, a bit per Step.
type when uint8

const (
	wDiplomacy = when(1 << SpringDiplomacy)
	wSpring    = when(1 << SpringOps)
	wSummer    = when(1 << SummerOps)
	wOps       = when(1<<SpringOps | 1<<SummerOps | 1<<AutumnOps)
	wAll       = wDiplomacy | wOps
)

// whenText says in which phases a line is written, for a refusal.
var whenText = map[when]string{
	wDiplomacy: "this is written in the spring diplomacy phase",
	wSpring:    "this is written in the spring operations",
	wSummer:    "famine relief is bought in the summer only (seed §5)",
	wOps:       "this is written in the operations, not in the spring diplomacy",
}

// verb is a kind of sheet line: its forms (spec §4.2; the first is the
// canonical Italian one, the second the English), the phases it belongs
// to, and its key: a later line with the same key replaces an earlier
// one (a template of the order's slots).
type verb struct {
	forms    []string
	when     when
	key      string
	compiled [][]item
}

// verbs are the lines of the operation sheet (spec §4.2), in the order a
// line is tried against them: the deployment before a hold, whose short
// form "#1 ASSEDIA" takes any counter line.
var verbs = [numVerbs]verb{
	vSheet:            {forms: []string{"FOGLIO {p} {rest}", "SHEET {p} {rest}"}, when: wAll, key: "foglio"},
	vAmbassador:       {forms: []string{"AMBASCIATORE {p}", "AMBASSADOR {p}"}, when: wDiplomacy, key: "ambasciatore {p}"},
	vTransit:          {forms: []string{"TRANSITO {p}", "TRANSIT {p}"}, when: wAll, key: "transito {p}"},
	vDenyTransit:      {forms: []string{"NEGA TRANSITO {p}", "DENY TRANSIT {p}"}, when: wAll, key: "transito {p}"},
	vCouncil:          {forms: []string{"CONSIGLIO {w} {n}", "COUNCIL {w} {n}"}, when: wDiplomacy, key: "consiglio {w}"},
	vTreasury:         {forms: []string{"TESORO {n}", "TREASURY {n}"}, when: wAll, key: "tesoro"},
	vPay:              {forms: []string{"PAGA {n} A {p}", "PAY {n} TO {p}"}, when: wAll, key: "paga {p}"},
	vCede:             {forms: []string{"CEDI {t} A {p}", "CEDE {t} TO {p}"}, when: wOps, key: "cedi {t}"},
	vMaintain:         {forms: []string{"MANTIENI TUTTO", "MAINTAIN ALL"}, when: wSpring, key: "mantieni"},
	vDisband:          {forms: []string{"CONGEDA {n} {e} [DA {k}]", "DISBAND {n} {e} [FROM {k}]"}, when: wSpring, key: "congeda {e} {k}"},
	vDisbandFleet:     {forms: []string{"CONGEDA {f}", "DISBAND {f}"}, when: wSpring, key: "congeda {f}"},
	vRecruit:          {forms: []string{"RECLUTA {n} {e} IN {k}", "RECRUIT {n} {e} IN {k}"}, when: wSpring, key: "recluta {e} {k}"},
	vBuildFleet:       {forms: []string{"ARMA FLOTTA", "BUILD FLEET"}, when: wSpring, key: "arma flotta"},
	vHireSwiss:        {forms: []string{"ARRUOLA SVIZZERI IN {k}", "HIRE SWISS IN {k}"}, when: wSpring, key: "arruola svizzeri"},
	vHireLandsknechts: {forms: []string{"ARRUOLA LANZICHENECCHI IN {k}", "HIRE LANDSKNECHTS IN {k}"}, when: wSpring, key: "arruola lanzichenecchi"},
	vHireCompany:      {forms: []string{"ARRUOLA COMPAGNIA {w} OFFERTA {n}", "HIRE COMPANY {w} BID {n}"}, when: wSpring, key: "arruola compagnia"},
	vFamine:           {forms: []string{"CARESTIA {ts}", "FAMINE RELIEF {ts}"}, when: wSummer, key: "politica"},
	vPacify:           {forms: []string{"PACIFICA {t}", "PACIFY {t}"}, when: wOps, key: "politica"},
	vBribe:            {forms: []string{"CORROMPI {t} CON {n}", "BRIBE {t} WITH {n}"}, when: wOps, key: "politica"},
	vRevolt:           {forms: []string{"RIVOLTA {t} CON {n} [SEGRETA]", "REBELLION {t} WITH {n} [SECRET]", "REVOLT {t} WITH {n} [SECRET]"}, when: wOps, key: "politica"},
	vDefend:           {forms: []string{"DIFENDI {t} CON {n}", "DEFEND {t} WITH {n}"}, when: wOps, key: "difendi {t}"},
	vDeploy:           {forms: []string{"{k} {kind} IN {t} [: {es}]"}, when: wSpring, key: "schiera {k}"},
	vDeployFleet:      {forms: []string{"{f} IN {s}"}, when: wSpring, key: "schiera {f}"},
	vIntoCity:         {forms: []string{"{k} IN CITTA", "{k} INTO CITY"}, when: wOps, key: "{k}"},
	vMove:             {forms: []string{"{k} - {t} {mods}"}, when: wOps, key: "{k}"},
	vStrategic:        {forms: []string{"{k} STRATEGICO {tpath} {mods}", "{k} STRATEGIC {tpath} {mods}"}, when: wOps, key: "{k}"},
	vHold:             {forms: []string{"{k} FERMO {mods}", "{k} HOLD {mods}", "{k} {mods}"}, when: wOps, key: "{k}"},
	vFleetMove:        {forms: []string{"{f} - {spath}"}, when: wOps, key: "{f}"},
	vTransport:        {forms: []string{"{f} [- {spath}] TRASPORTA {j} DA {t} A {t2}", "{f} [- {spath}] CARRIES {j} FROM {t} TO {t2}"}, when: wOps, key: "{f}"},
	vAssault:          {forms: []string{"{f} [- {spath}] ASSALTO {j} DA {t} SU {t2}", "{f} [- {spath}] ASSAULT {j} FROM {t} ON {t2}"}, when: wOps, key: "{f}"},
	vFleetSupport:     {forms: []string{"{f} SUPPORTA {j}", "{f} SUPPORT {j}"}, when: wOps, key: "{f}"},
	vFleetHold:        {forms: []string{"{f} FERMO", "{f} HOLD"}, when: wOps, key: "{f}"},
	vAccept:           {forms: []string{"BATTAGLIA ACCETTA [{k}]", "BATTLE ACCEPT [{k}]"}, when: wAll, key: "battaglia {k}"},
	vRefuse:           {forms: []string{"BATTAGLIA RIFIUTA [{k}]", "BATTLE REFUSE [{k}]"}, when: wAll, key: "battaglia {k}"},
	vConcede:          {forms: []string{"{k} CEDI SE INCONTRO", "{k} CONCEDE IF MET"}, when: wAll, key: "cedi {k}"},
	vYield:            {forms: []string{"CEDI AGLI ALLEATI", "YIELD TO ALLIES"}, when: wAll, key: "cedi alleati"},
	vRetreat:          {forms: []string{"RITIRATA {k} {ts}", "RETREAT {k} {ts}"}, when: wAll, key: "ritirata {k}"},
	vLosses:           {forms: []string{"PERDITE {types}", "LOSSES {types}"}, when: wAll, key: "perdite"},
	vCaptives:         {forms: []string{"RECLUTA CATTURATI {types}", "TAKE CAPTIVES {types}"}, when: wAll, key: "catturati"},
	vKeep:             {forms: []string{"TIENI CARTA {n}", "KEEP CARD {n}"}, when: wAll, key: "carta {n}"},
	vDiscard:          {forms: []string{"SCARTA CARTA {n} [SE PESCO]", "DISCARD CARD {n} [IF I DRAW]"}, when: wAll, key: "carta {n}"},
	vPlay:             {forms: []string{"GIOCA CARTA {n} [QUANDO {w}] [{rest}]", "PLAY CARD {n} [WHEN {w}] [{rest}]"}, when: wAll, key: "carta {n}"},
	// The Conclave's cards (seed §10, spec §4.2): a candidate, a vote for
	// the first of the candidates listed (by their cards' numbers) that
	// stands, the Fumata Nera; and the Florentine player's choice on a
	// tie of the council (R46).
	vCandidate:  {forms: []string{"CONCLAVE CANDIDATO CARTA {n}", "CONCLAVE CANDIDATE CARD {n}"}, when: wAll, key: "carta {n}"},
	vVote:       {forms: []string{"CONCLAVE VOTO {ns} CARTA {n}", "CONCLAVE VOTE {ns} CARD {n}"}, when: wAll, key: "carta {n}"},
	vBlackSmoke: {forms: []string{"FUMATA NERA CARTA {n}", "BLACK SMOKE CARD {n}"}, when: wAll, key: "carta {n}"},
	vCouncilTie: {forms: []string{"CONSIGLIO PARITA {w}", "COUNCIL TIE {w}"}, when: wDiplomacy, key: "consiglio parita"},
}

// words are the words some slots take, Italian and English: the council's
// parties (seed §10), a card's timing (R41), and the two parties the
// Florentine player chooses between on a tie (R46: the Bigi prevail only
// with an absolute majority), written in Italian.
var words = map[verbID][][2]string{
	vCouncil:    {{"PIAGNONI", "PIAGNONI"}, {"ARRABBIATI", "ARRABBIATI"}, {"BIGI", "BIGI"}},
	vPlay:       {{"DIPLOMAZIA", "DIPLOMACY"}, {"PRIMA", "BEFORE"}, {"DOPO", "AFTER"}},
	vCouncilTie: {{"PIAGNONI", "PIAGNONI"}, {"ARRABBIATI", "ARRABBIATI"}},
}

func init() {
	for v := range verbs {
		for _, form := range verbs[v].forms {
			verbs[v].compiled = append(verbs[v].compiled, compile(form))
		}
	}
}

// usage writes a verb's form in l, its slots named: "CORROMPI <territorio>
// CON <numero>".
func (v *verb) usage(l game.Lang) string {
	form := v.forms[0]
	if l == game.English && len(v.forms) > 1 {
		form = v.forms[1]
	}
	for name, s := range slots {
		word := s.english
		if l == game.Italian {
			word = s.italian
		}
		form = strings.ReplaceAll(form, "{"+name+"}", "<"+word+">")
	}
	return form
}

// key is the order's key: its verb's template with the slots filled.
func (rd *reader) key(o *order) string {
	k := verbs[o.verb].key
	for name := range slots {
		if strings.Contains(k, "{"+name+"}") {
			k = strings.ReplaceAll(k, "{"+name+"}", rd.value(name, o))
		}
	}
	return strings.TrimSpace(k)
}
