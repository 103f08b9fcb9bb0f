package italia

import (
	"cmp"
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// Scenario is the data the seed lacks and the arbiter supplies (spec
// §1.6, §3.18, §3.19; R28, R40): the 3D6 events table, the famine and
// plague tables, the Turkish raids table, when the disaster tables roll,
// and each power's victory sheet. A position keeps only the parts the
// arbiter supplied; a part it leaves out is the one the judge ships
// (scenario.txt), provisional. A position without a scenario (one stored
// before there were scenarios, a request that gives none) rolls no
// events: the arbiter applies them all, as before.
type Scenario struct {
	// Events are the 3D6 events table's rows, 3 to 18 (seed §3 B).
	Events []Row `json:"events,omitempty"`
	// Famine and Plague are the disaster tables (seed §2, R28).
	Famine *Grid `json:"famine,omitempty"`
	Plague *Grid `json:"plague,omitempty"`
	// Raids are the Turkish raids table's rows (seed §2): 1 to 6, 2 to
	// 12 or 3 to 18, which says the dice it is rolled with.
	Raids []Row `json:"raids,omitempty"`
	// Disasters is when the famine and plague tables roll: "r28" (famine
	// in the spring's events, plague in the summer's) or "events" (only
	// when an event says so, R28's last clause).
	Disasters string `json:"disasters,omitempty"`
	// Victory are the victory sheets' lines by power (seed §11).
	Victory map[string][]Condition `json:"victory,omitempty"`
	// Cards are the deck (seed §10, deck.go), Hands each power's cards
	// at the start: a part each, given whole.
	Cards []Card           `json:"cards,omitempty"`
	Hands map[string][]int `json:"hands,omitempty"`
	// Confirmed are the shipped parts the arbiter keeps as his own.
	Confirmed []string `json:"confirmed,omitempty"`
}

// Row is a row of the events or the raids table: the roll, its effect
// (effects), the territory the effect strikes, and the text the players
// read, as the arbiter wrote it.
type Row struct {
	Roll   int    `json:"roll"`
	Effect string `json:"effect"`
	At     string `json:"at,omitempty"`
	Text   string `json:"text,omitempty"`
}

// Grid is a famine or plague table: the territory at [row-2][column-2],
// each rolled on 2D6; "" for none.
type Grid [11][11]string

// Condition is a line of a victory sheet (conditions).
type Condition struct {
	Kind string `json:"kind"`
	// At is the territory to hold; N the territories to hold, as seed
	// §11 counts them, or the battles to win by a rout.
	At string `json:"at,omitempty"`
	N  int    `json:"n,omitempty"`
	// Points are what the condition is worth when unmet; 0 where the
	// arbiter says (an ARBITER line without points).
	Points int    `json:"points,omitempty"`
	Text   string `json:"text,omitempty"`
}

// Effect kinds of an event or raid row.
const (
	effNone    = "none"
	effArbiter = "arbiter"
	effFamine  = "famine"
	effPlague  = "plague"
	effRevolt  = "revolt"
	effSack    = "sack"
	effRaid    = "raid"
	effPope    = "pope"
)

// territory an effect takes.
const (
	noTerritory = iota
	mayTerritory
	needTerritory
)

// effectInfo is an effect and its words.
type effectInfo struct {
	kind             string
	italian, english string
	territory        int
	raids            bool // allowed in the raids table
}

// effects are the effects the engine applies (events.go), with their
// words: a famine marker, plague losses, a revolt marker, a sack, a roll
// on the raids table and the Pope's death (events only: the Conclave,
// conclave.go); NONE is nothing, ARBITER the arbiter's to apply. FAMINE and PLAGUE without a territory roll their
// table.
var effects = []effectInfo{
	{effNone, "NULLA", "NONE", noTerritory, true},
	{effArbiter, "ARBITRO", "ARBITER", noTerritory, true},
	{effFamine, "CARESTIA", "FAMINE", mayTerritory, true},
	{effPlague, "PESTE", "PLAGUE", mayTerritory, true},
	{effRevolt, "RIVOLTA", "REVOLT", needTerritory, true},
	{effSack, "SACCHEGGIO", "SACK", needTerritory, true},
	{effRaid, "RAID", "RAID", noTerritory, false},
	{effPope, "PAPA", "POPE", noTerritory, false},
}

// Victory conditions: a territory held at the check, a number of
// territories as seed §11 counts them, a number of battles won by a rout
// (seed §8 Precisazione 2: a precondition, 2 points, unless it gives its
// points for each battle short), a condition the arbiter judges (worth
// its points), a precondition the arbiter judges (2 points, seed §11).
const (
	condHold         = "hold"
	condTerritories  = "territories"
	condBattles      = "battles"
	condArbiter      = "arbiter"
	condPrecondition = "precondition"
)

// conditionWord is a victory condition and its words.
type conditionWord struct{ kind, italian, english string }

// conditions are the victory conditions' words.
var conditions = []conditionWord{
	{condHold, "TIENI", "HOLD"},
	{condTerritories, "TERRITORI", "TERRITORIES"},
	{condBattles, "BATTAGLIE", "BATTLES"},
	{condArbiter, "ARBITRO", "ARBITER"},
	{condPrecondition, "PRECONDIZIONE", "PRECONDITION"},
}

// preconditionPoints is the penalty of an unmet precondition (seed §11).
const preconditionPoints = 2

// maxBattles bounds a BATTLES line at the game's 42 turns (1499-1512,
// three a year): a sheet asking more is a typo.
const maxBattles = 42

// Lines of a scenario file, and the parts of a scenario they give.
const (
	lineEvent     = "event"
	lineFamine    = "famine"
	linePlague    = "plague"
	lineRaid      = "raid"
	lineVictory   = "victory"
	lineDisasters = "disasters"
	lineConfirm   = "confirm"
	lineCard      = "card"
	lineHand      = "hand"
)

// scenarioLine is a kind of line of a scenario file.
type scenarioLine struct {
	kind             string
	italian, english string
	form             [game.Langs]string
}

// named reports whether folded word w names it.
func (s scenarioLine) named(w string) bool {
	return w == machiavelli.Fold(s.italian) || w == machiavelli.Fold(s.english)
}

// scenarioLines are the lines of a scenario file: their words, and the
// form a refusal says is expected, in each language.
var scenarioLines = []scenarioLine{
	{lineEvent, "EVENTO", "EVENT", [game.Langs]string{
		"EVENT <3-18> NONE|ARBITER|FAMINE [<territory>]|PLAGUE [<territory>]|REVOLT <territory>|SACK <territory>|RAID [: <text>]",
		"EVENTO <3-18> NULLA|ARBITRO|CARESTIA [<territorio>]|PESTE [<territorio>]|RIVOLTA <territorio>|SACCHEGGIO <territorio>|RAID [: <testo>]"}},
	{lineFamine, "CARESTIA", "FAMINE", [game.Langs]string{
		"FAMINE <2-12> and 11 cells, each a territory or -",
		"CARESTIA <2-12> e 11 caselle, ciascuna un territorio o -"}},
	{linePlague, "PESTE", "PLAGUE", [game.Langs]string{
		"PLAGUE <2-12> and 11 cells, each a territory or -",
		"PESTE <2-12> e 11 caselle, ciascuna un territorio o -"}},
	{lineRaid, "RAID", "RAID", [game.Langs]string{
		"RAID <roll> NONE|ARBITER|FAMINE [<territory>]|PLAGUE [<territory>]|REVOLT <territory>|SACK <territory> [: <text>]",
		"RAID <tiro> NULLA|ARBITRO|CARESTIA [<territorio>]|PESTE [<territorio>]|RIVOLTA <territorio>|SACCHEGGIO <territorio> [: <testo>]"}},
	{lineVictory, "VITTORIA", "VICTORY", [game.Langs]string{
		"VICTORY <power> HOLD <territory> [points=<n>] | TERRITORIES <n> | BATTLES <n> [points=<n>] | ARBITER [points=<n>] | PRECONDITION [: <text>]",
		"VITTORIA <potenza> TIENI <territorio> [punti=<n>] | TERRITORI <n> | BATTAGLIE <n> [punti=<n>] | ARBITRO [punti=<n>] | PRECONDIZIONE [: <testo>]"}},
	{lineDisasters, "DISASTRI", "DISASTERS", [game.Langs]string{"DISASTERS R28|EVENTS", "DISASTRI R28|EVENTI"}},
	{lineConfirm, "CONFERMA", "CONFIRM", [game.Langs]string{
		"CONFIRM EVENTS|FAMINE|PLAGUE|RAIDS|CARDS|HANDS|VICTORY <power>",
		"CONFERMA EVENTI|CARESTIA|PESTE|RAID|CARTE|MANI|VITTORIA <potenza>"}},
	{lineCard, "CARTA", "CARD", [game.Langs]string{
		"CARD <n> [owner=<power>] [mandatory] [remove] [obsolete] [character] [candidate=<votes>|cardinals=<votes>|valentino=<votes>|smoke|party=<party>] [swiss] [savonarola] [placeholder] : <title> | <English title> | <text>",
		"CARTA <n> [simbolo=<potenza>] [obbligo] [elimina] [obsoleta] [personaggio] [candidato=<voti>|cardinali=<voti>|valentino=<voti>|fumata|partito=<partito>] [svizzeri] [savonarola] [segnaposto] : <titolo> | <titolo inglese> | <testo>"}},
	{lineHand, "MANO", "HAND", [game.Langs]string{"HAND <power> <card> <card> ...|NONE", "MANO <potenza> <carta> <carta> ...|NESSUNA"}},
}

// Parts of a scenario, as CONFIRM names them and STATUS lists them; a
// victory sheet's part is "victory:<power>".
const (
	partEvents  = "events"
	partFamine  = "famine"
	partPlague  = "plague"
	partRaids   = "raids"
	partCards   = "cards"
	partHands   = "hands"
	partVictory = "victory:"
)

// wholePart is a part of a scenario given whole: whether sc gives it, and
// to's set to from's.
type wholePart struct {
	part  string
	given func(sc *Scenario) bool
	take  func(to, from *Scenario)
}

// wholeParts are the parts a scenario gives whole; a victory sheet is
// given by power.
var wholeParts = []wholePart{
	{partEvents, func(sc *Scenario) bool { return sc.Events != nil }, func(to, from *Scenario) { to.Events = from.Events }},
	{partFamine, func(sc *Scenario) bool { return sc.Famine != nil }, func(to, from *Scenario) { to.Famine = from.Famine }},
	{partPlague, func(sc *Scenario) bool { return sc.Plague != nil }, func(to, from *Scenario) { to.Plague = from.Plague }},
	{partRaids, func(sc *Scenario) bool { return sc.Raids != nil }, func(to, from *Scenario) { to.Raids = from.Raids }},
	{partCards, func(sc *Scenario) bool { return sc.Cards != nil }, func(to, from *Scenario) { to.Cards = from.Cards }},
	{partHands, func(sc *Scenario) bool { return sc.Hands != nil }, func(to, from *Scenario) { to.Hands = from.Hands }},
}

// partWords are the words CONFIRM names a part with.
var partWords = map[string]string{
	"events": partEvents, "event": partEvents, "eventi": partEvents, "evento": partEvents,
	"famine": partFamine, "carestia": partFamine,
	"plague": partPlague, "peste": partPlague,
	"raids": partRaids, "raid": partRaids,
	"cards": partCards, "carte": partCards, "hands": partHands, "mani": partHands,
	"victory": partVictory, "vittoria": partVictory,
}

// disasterWords are DISASTERS' words.
var disasterWords = map[string]string{"r28": "r28", "events": "events", "eventi": "events"}

// optionWords are the key=value options' keys: a condition's points.
var optionWords = map[string]string{"points": "points", "punti": "points"}

//go:embed scenario.txt
var scenarioData []byte

// shipped is the scenario the judge ships (scenario.txt), read once; the
// file is the package's, and a test reads it, so a line it refuses is a
// bug.
var shipped = sync.OnceValue(func() *Scenario {
	r, err := Configure(nil)
	if err != nil {
		panic(err)
	}
	sc, errs := r.ReadScenario(string(scenarioData))
	if len(errs) > 0 {
		panic("scenario.txt: " + errs[0](game.English))
	}
	return sc
})

// maxRefusals is how many of a file's faults a refusal lists.
const maxRefusals = 10

// ReadScenario reads a scenario file (scenario.txt's lines, the body of
// the arbiter's SCENARIO): the parts it gives, or every fault found (up
// to ten), each saying the line, what was wrong and what was expected.
func (r *Rules) ReadScenario(text string) (*Scenario, []game.Text) {
	sr := scenarioReader{rd: r.reader(), b: r.board, sc: &Scenario{},
		rolls: map[string]map[int]int{lineEvent: {}, lineFamine: {}, linePlague: {}, lineRaid: {}}}
	for i, raw := range strings.Split(text, "\n") {
		sr.line(i+1, raw)
	}
	sr.whole()
	if len(sr.errs) > maxRefusals {
		more := len(sr.errs) - maxRefusals
		sr.errs = append(sr.errs[:maxRefusals], tx("and %d more", more))
	}
	if len(sr.errs) > 0 {
		return nil, sr.errs
	}
	return sr.sc, nil
}

// scenarioReader reads a scenario file's lines into sc.
type scenarioReader struct {
	rd   *reader
	b    *machiavelli.Board
	sc   *Scenario
	errs []game.Text
	// rolls are, for each table, the line each roll's row was given on.
	rolls map[string]map[int]int
	// confirmed is the line each CONFIRM was on, by part.
	confirmed map[string]int
	// cards and hands are the line each card and each hand was given on.
	cards map[int]int
	hands map[string]int
	any   bool
}

// bad records a fault of line n.
func (sr *scenarioReader) bad(n int, why game.Text) {
	sr.errs = append(sr.errs, tx("line %d: %s", n, why))
}

// line reads line n.
func (sr *scenarioReader) line(n int, raw string) {
	line, _, _ := strings.Cut(raw, "#")
	line, said, hasText := strings.Cut(line, ":")
	said = strings.TrimSpace(said)
	words := strings.Fields(line)
	if len(words) == 0 {
		if hasText {
			sr.bad(n, tx("a text after : belongs to a line; expected a line such as %s", game.Text(func(l game.Lang) string { return scenarioLines[0].form[l] })))
		}
		return
	}
	w := machiavelli.Fold(words[0])
	i := slices.IndexFunc(scenarioLines, func(s scenarioLine) bool { return s.named(w) })
	if i < 0 {
		sr.bad(n, tx("%q starts no line of the scenario; expected EVENT, FAMINE, PLAGUE, RAID, VICTORY, CARD, HAND, DISASTERS or CONFIRM (in Italian EVENTO, CARESTIA, PESTE, RAID, VITTORIA, CARTA, MANO, DISASTRI, CONFERMA)", words[0]))
		return
	}
	sr.any = true
	kind := scenarioLines[i].kind
	form := game.Text(func(l game.Lang) string { return scenarioLines[i].form[l] })
	wrong := func(why game.Text) { sr.bad(n, tx("%s; expected %s", why, form)) }
	args := words[1:]
	if hasText && kind != lineEvent && kind != lineRaid && kind != lineVictory && kind != lineCard {
		wrong(tx("%s takes no text after :", words[0]))
		return
	}
	switch kind {
	case lineEvent, lineRaid:
		sr.row(n, kind, args, said, wrong)
	case lineFamine, linePlague:
		sr.grid(n, kind, args, wrong)
	case lineVictory:
		sr.victory(args, said, wrong)
	case lineDisasters:
		when, ok := "", len(args) == 1
		if ok {
			when, ok = disasterWords[machiavelli.Fold(args[0])]
		}
		if !ok {
			wrong(tx("%q is not when the tables roll", strings.Join(args, " ")))
			return
		}
		sr.sc.Disasters = when
	case lineConfirm:
		sr.confirm(n, args, wrong)
	case lineCard:
		sr.card(n, args, said, wrong)
	case lineHand:
		sr.hand(n, args, wrong)
	}
}

// roll reads a table's roll: a number in lo..hi, given once.
func (sr *scenarioReader) roll(n int, table string, word string, lo, hi int, wrong func(game.Text)) (int, bool) {
	v, err := strconv.Atoi(word)
	if err != nil || v < lo || v > hi {
		wrong(tx("%q is no roll from %d to %d", word, lo, hi))
		return 0, false
	}
	if at, twice := sr.rolls[table][v]; twice {
		wrong(tx("the row for %d is given twice, first on line %d", v, at))
		return 0, false
	}
	sr.rolls[table][v] = n
	return v, true
}

// territory reads a territory's name (its id, or a name as a sheet
// writes it) into its id.
func (sr *scenarioReader) territory(name string) (string, game.Text) {
	a, why := sr.rd.find(name, sTerr)
	if why != nil {
		return "", why
	}
	return sr.b.Areas[a.(machiavelli.Area)].ID, nil
}

// row reads an EVENT or RAID line: the roll, the effect and its
// territory.
func (sr *scenarioReader) row(n int, kind string, args []string, said string, wrong func(game.Text)) {
	if len(args) < 2 {
		wrong(tx("a roll and an effect are needed"))
		return
	}
	lo, hi := 3, 18
	if kind == lineRaid {
		lo = 1
	}
	v, ok := sr.roll(n, kind, args[0], lo, hi, wrong)
	if !ok {
		return
	}
	w := machiavelli.Fold(args[1])
	i := slices.IndexFunc(effects, func(e effectInfo) bool {
		return w == machiavelli.Fold(e.italian) || w == machiavelli.Fold(e.english)
	})
	if i < 0 || kind == lineRaid && !effects[i].raids {
		wrong(tx("%q is no effect of this table", args[1]))
		return
	}
	e := effects[i]
	word := game.Text(func(l game.Lang) string {
		if l == game.Italian {
			return e.italian
		}
		return e.english
	})
	row := Row{Roll: v, Effect: e.kind, Text: said}
	name := strings.Join(args[2:], " ")
	switch {
	case name == "" && e.territory == needTerritory:
		wrong(tx("%s strikes a territory: name it", word))
		return
	case name != "" && e.territory == noTerritory:
		wrong(tx("%s strikes no territory: %q is too much", word, name))
		return
	case name != "":
		id, why := sr.territory(name)
		if why != nil {
			wrong(why)
			return
		}
		row.At = id
	}
	if kind == lineEvent {
		sr.sc.Events = append(sr.sc.Events, row)
	} else {
		sr.sc.Raids = append(sr.sc.Raids, row)
	}
}

// grid reads a row of the famine or plague table.
func (sr *scenarioReader) grid(n int, kind string, args []string, wrong func(game.Text)) {
	if len(args) != 12 {
		wrong(tx("%d words after the line's first: a row and its 11 cells are 12", len(args)))
		return
	}
	v, ok := sr.roll(n, kind, args[0], 2, 12, wrong)
	if !ok {
		return
	}
	g := &sr.sc.Famine
	if kind == linePlague {
		g = &sr.sc.Plague
	}
	if *g == nil {
		*g = &Grid{}
	}
	for c, cell := range args[1:] {
		if cell == "-" {
			continue
		}
		id, why := sr.territory(cell)
		if why != nil {
			wrong(tx("column %d: %s", c+2, why))
			return
		}
		(*g)[v-2][c] = id
	}
}

// victory reads a line of a power's victory sheet.
func (sr *scenarioReader) victory(args []string, said string, wrong func(game.Text)) {
	if len(args) < 2 {
		wrong(tx("a power and a condition are needed"))
		return
	}
	p, why := sr.rd.find(args[0], sPower)
	if why != nil {
		wrong(why)
		return
	}
	w := machiavelli.Fold(args[1])
	i := slices.IndexFunc(conditions, func(c conditionWord) bool {
		return w == machiavelli.Fold(c.italian) || w == machiavelli.Fold(c.english)
	})
	if i < 0 {
		wrong(tx("%q is no victory condition", args[1]))
		return
	}
	c := Condition{Kind: conditions[i].kind, Text: said}
	var rest []string
	points := -1
	for _, a := range args[2:] {
		k, v, isOpt := strings.Cut(a, "=")
		if !isOpt {
			rest = append(rest, a)
			continue
		}
		n, err := strconv.Atoi(v)
		if optionWords[machiavelli.Fold(k)] != "points" || err != nil || n < 1 {
			wrong(tx("%q: the only option is points=<n> (punti=<n>), n from 1", a))
			return
		}
		points = n
	}
	switch c.Kind {
	case condHold:
		if len(rest) == 0 {
			wrong(tx("HOLD names the territory to hold"))
			return
		}
		id, why := sr.territory(strings.Join(rest, " "))
		if why != nil {
			wrong(why)
			return
		}
		c.At, c.Points = id, max(points, 1)
	case condTerritories:
		n, err := 0, error(nil)
		if len(rest) == 1 {
			n, err = strconv.Atoi(rest[0])
		}
		if len(rest) != 1 || err != nil || n < 1 || n > sr.b.Territories {
			wrong(tx("TERRITORIES takes the number of territories, 1 to %d", sr.b.Territories))
			return
		}
		if points >= 0 {
			wrong(tx("TERRITORIES counts a point for each territory short: it takes no points"))
			return
		}
		c.N = n
	case condBattles:
		n, err := 0, error(nil)
		if len(rest) == 1 {
			n, err = strconv.Atoi(rest[0])
		}
		if len(rest) != 1 || err != nil || n < 1 || n > maxBattles {
			wrong(tx("BATTLES takes the number of battles to win by a rout, 1 to %d", maxBattles))
			return
		}
		c.N, c.Points = n, max(points, 0)
	case condArbiter, condPrecondition:
		if len(rest) > 0 {
			wrong(tx("%q is too much: the arbiter's condition is told after :", strings.Join(rest, " ")))
			return
		}
		if c.Kind == condPrecondition && points >= 0 {
			wrong(tx("an unmet precondition costs 2 points (seed §11): it takes no points"))
			return
		}
		c.Points = max(points, 0)
	}
	if sr.sc.Victory == nil {
		sr.sc.Victory = map[string][]Condition{}
	}
	id := p.(string)
	sr.sc.Victory[id] = append(sr.sc.Victory[id], c)
}

// confirm reads a CONFIRM line: a shipped part the arbiter keeps.
func (sr *scenarioReader) confirm(n int, args []string, wrong func(game.Text)) {
	part, ok := "", len(args) > 0
	if ok {
		part, ok = partWords[machiavelli.Fold(args[0])]
	}
	if !ok || (part == partVictory) != (len(args) == 2) || len(args) > 2 {
		wrong(tx("%q names no part of the scenario", strings.Join(args, " ")))
		return
	}
	if part == partVictory {
		p, why := sr.rd.find(args[1], sPower)
		if why != nil {
			wrong(why)
			return
		}
		part += p.(string)
	}
	if sr.confirmed == nil {
		sr.confirmed = map[string]int{}
	}
	sr.confirmed[part] = n
	sr.sc.Confirmed = append(sr.sc.Confirmed, part)
}

// whole checks the file as a whole: each table given is complete, and a
// part is either confirmed or given, not both.
func (sr *scenarioReader) whole() {
	if !sr.any {
		if len(sr.errs) == 0 {
			sr.errs = append(sr.errs, tx("no line of the scenario; expected lines such as %s", game.Text(func(l game.Lang) string { return scenarioLines[0].form[l] })))
		}
		return
	}
	missing := func(table string, lo, hi int) []string {
		var out []string
		for v := lo; v <= hi; v++ {
			if _, ok := sr.rolls[table][v]; !ok {
				out = append(out, strconv.Itoa(v))
			}
		}
		return out
	}
	if len(sr.rolls[lineEvent]) > 0 {
		if m := missing(lineEvent, 3, 18); len(m) > 0 {
			sr.errs = append(sr.errs, tx("the events table has no row for %s: 3D6 rolls 3 to 18, each needs its row", strings.Join(m, ", ")))
		}
	}
	for _, g := range []struct {
		table string
		name  game.Text
	}{{lineFamine, tx("famine")}, {linePlague, tx("plague")}} {
		if len(sr.rolls[g.table]) > 0 {
			if m := missing(g.table, 2, 12); len(m) > 0 {
				sr.errs = append(sr.errs, tx("the %s table has no row for %s: 2D6 rolls 2 to 12, each needs its row", g.name, strings.Join(m, ", ")))
			}
		}
	}
	if raids := sr.rolls[lineRaid]; len(raids) > 0 {
		lo := slices.Min(slices.Collect(maps.Keys(raids)))
		if hi := raidDice(lo) * 6; lo > 3 || len(missing(lineRaid, lo, hi)) > 0 || len(raids) != hi-lo+1 {
			got := slices.Sorted(maps.Keys(raids))
			sr.errs = append(sr.errs, tx("the raids table has rows %s; expected the rows 1 to 6 (a D6), 2 to 12 (2D6) or 3 to 18 (3D6), each once", fmt.Sprint(got)))
		}
	}
	given := map[string]bool{
		partEvents: sr.sc.Events != nil, partFamine: sr.sc.Famine != nil,
		partPlague: sr.sc.Plague != nil, partRaids: sr.sc.Raids != nil,
		partCards: sr.sc.Cards != nil, partHands: sr.sc.Hands != nil,
	}
	for p := range sr.sc.Victory {
		given[partVictory+p] = true
	}
	for _, part := range slices.Sorted(maps.Keys(sr.confirmed)) {
		if given[part] {
			sr.bad(sr.confirmed[part], tx("the file gives this part's lines too: confirm the judge's or give your own, not both"))
		}
	}
	slices.SortFunc(sr.sc.Events, func(a, b Row) int { return a.Roll - b.Roll })
	slices.SortFunc(sr.sc.Raids, func(a, b Row) int { return a.Roll - b.Roll })
	slices.SortFunc(sr.sc.Cards, func(a, b Card) int { return a.N - b.N })
}

// raidDice is how many dice the raids table whose lowest row is lo is
// rolled with: its rows are 1-6, 2-12 or 3-18.
func raidDice(lo int) int { return max(lo, 1) }

// with is the scenario sc with the parts of add: each part add gives
// replaces sc's, and a part add confirms goes back to the shipped one,
// kept as the arbiter's.
func (sc *Scenario) with(add *Scenario) *Scenario {
	out := &Scenario{}
	if sc != nil {
		*out = *sc
		out.Victory = maps.Clone(sc.Victory)
		out.Confirmed = slices.Clone(sc.Confirmed)
	}
	unconfirm := func(part string) {
		out.Confirmed = slices.DeleteFunc(out.Confirmed, func(p string) bool { return p == part })
	}
	for _, p := range wholeParts {
		if p.given(add) {
			p.take(out, add)
			unconfirm(p.part)
		}
	}
	if add.Disasters != "" {
		out.Disasters = add.Disasters
	}
	for p, cs := range add.Victory {
		if out.Victory == nil {
			out.Victory = map[string][]Condition{}
		}
		out.Victory[p] = cs
		unconfirm(partVictory + p)
	}
	for _, part := range add.Confirmed {
		if i := slices.IndexFunc(wholeParts, func(p wholePart) bool { return p.part == part }); i >= 0 {
			wholeParts[i].take(out, &Scenario{})
		} else {
			delete(out.Victory, strings.TrimPrefix(part, partVictory))
		}
		if !slices.Contains(out.Confirmed, part) {
			out.Confirmed = append(out.Confirmed, part)
		}
	}
	if len(out.Victory) == 0 {
		out.Victory = nil
	}
	slices.Sort(out.Confirmed)
	return out
}

// data is the scenario in force: the arbiter's parts, the shipped ones
// for the rest.
func (sc *Scenario) data() *Scenario {
	out := *shipped()
	out.Victory = maps.Clone(out.Victory)
	for _, p := range wholeParts {
		if p.given(sc) {
			p.take(&out, sc)
		}
	}
	if sc.Disasters != "" {
		out.Disasters = sc.Disasters
	}
	maps.Copy(out.Victory, sc.Victory)
	return &out
}

// supplied reports whether part is the arbiter's: given or confirmed.
func (sc *Scenario) supplied(part string) bool {
	if slices.Contains(sc.Confirmed, part) {
		return true
	}
	for _, p := range wholeParts {
		if p.part == part {
			return p.given(sc)
		}
	}
	_, ok := sc.Victory[strings.TrimPrefix(part, partVictory)]
	return ok
}

// check says what is wrong with a scenario read from the store or a
// request: the checks of ReadScenario on its parts, by writing them out
// as the lines they were read from and reading those again.
func (r *Rules) checkScenario(sc *Scenario) error {
	if sc == nil {
		return nil
	}
	text := sc.lines()
	if text == "" {
		return nil
	}
	if _, errs := r.ReadScenario(text); len(errs) > 0 {
		return fmt.Errorf("scenario: %s", errs[0](game.English))
	}
	if errs := checkDeck(sc.data()); len(errs) > 0 {
		return fmt.Errorf("scenario: %s", errs[0](game.English))
	}
	return nil
}

// lines writes the parts of sc as a scenario file's lines, ids for
// territories and powers.
func (sc *Scenario) lines() string {
	var b strings.Builder
	row := func(word string, r Row) {
		fmt.Fprintf(&b, "%s %d %s %s", word, r.Roll, r.Effect, r.At)
		if r.Text != "" {
			b.WriteString(" : " + r.Text)
		}
		b.WriteString("\n")
	}
	for _, r := range sc.Events {
		row("EVENT", r)
	}
	for _, r := range sc.Raids {
		row("RAID", r)
	}
	for _, g := range []struct {
		word string
		g    *Grid
	}{{"FAMINE", sc.Famine}, {"PLAGUE", sc.Plague}} {
		if g.g == nil {
			continue
		}
		for i, cells := range g.g {
			fmt.Fprintf(&b, "%s %d", g.word, i+2)
			for _, c := range cells {
				b.WriteString(" " + cmp.Or(c, "-"))
			}
			b.WriteString("\n")
		}
	}
	if sc.Disasters != "" {
		fmt.Fprintf(&b, "DISASTERS %s\n", sc.Disasters)
	}
	for _, p := range slices.Sorted(maps.Keys(sc.Victory)) {
		for _, c := range sc.Victory[p] {
			fmt.Fprintf(&b, "VICTORY %s %s", p, c.Kind)
			switch c.Kind {
			case condHold:
				fmt.Fprintf(&b, " %s points=%d", c.At, c.Points)
			case condTerritories:
				fmt.Fprintf(&b, " %d", c.N)
			case condBattles:
				fmt.Fprintf(&b, " %d", c.N)
				if c.Points > 0 {
					fmt.Fprintf(&b, " points=%d", c.Points)
				}
			case condArbiter:
				if c.Points > 0 {
					fmt.Fprintf(&b, " points=%d", c.Points)
				}
			}
			if c.Text != "" {
				b.WriteString(" : " + c.Text)
			}
			b.WriteString("\n")
		}
	}
	cardLines(&b, sc)
	for _, part := range sc.Confirmed {
		w, p, _ := strings.Cut(part, ":")
		fmt.Fprintf(&b, "CONFIRM %s %s\n", w, p)
	}
	return b.String()
}
