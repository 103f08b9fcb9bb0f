package parser

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// units builds a unit list from "power: A yor, F nth" specs.
func units(t testing.TB, v *variants.Variant, specs ...string) []variants.Unit {
	t.Helper()
	var out []variants.Unit
	for _, spec := range specs {
		id, list, ok := strings.Cut(spec, ":")
		if !ok {
			t.Fatalf("bad spec %q", spec)
		}
		pw := v.PowerByID(strings.TrimSpace(id))
		if pw == variants.NoPower {
			t.Fatalf("bad power in %q", spec)
		}
		for _, u := range strings.Split(list, ",") {
			typ, loc, err := Unit(v, u)
			if err != nil {
				t.Fatalf("unit %q: %v", u, err)
			}
			out = append(out, variants.Unit{Type: typ, Power: pw, Loc: loc})
		}
	}
	return out
}

func phase(t testing.TB, s string) adjudicator.Phase {
	t.Helper()
	ph, err := adjudicator.ParsePhase(s)
	if err != nil {
		t.Fatal(err)
	}
	return ph
}

// positions are the 1901 start and the positions of the rulebook's worked
// example ("ESEMPIO DI GIOCO"), worked out from its orders and commentary.
func positions(t testing.TB) map[string]*adjudicator.Position {
	t.Helper()
	v := standard.Variant()
	ps := map[string]*adjudicator.Position{
		"S1901M": {Phase: phase(t, "S1901M"), Units: v.StartUnits},
		"F1901M": {Phase: phase(t, "F1901M"), Units: units(t, v,
			"england: A yor, F nth, F nwg",
			"germany: A kie, A ruh, F den",
			"russia: A ukr, A war, F bot, F sev",
			"turkey: A bul, A con, F ank",
			"austria: A tri, A bud, F alb",
			"italy: A pie, A ven, F ion",
			"france: A bur, A spa, F pic")},
		// After the fall moves, before the builds of winter 1901.
		"W1901A": {Phase: phase(t, "W1901A"), Units: units(t, v,
			"england: A nwy, F nth, F bar",
			"germany: A hol, A ruh, F den",
			"russia: A ukr, A gal, F swe, F rum",
			"turkey: A bul, A con, F bla",
			"austria: A tri, A bud, F gre",
			"italy: A ven, A pie, F tun",
			"france: A bur, A por, F pic")},
		"S1902M": {Phase: phase(t, "S1902M"), Units: units(t, v,
			"england: A nwy, F nth, F bar, F edi",
			"germany: A hol, A ruh, F den, F kie, A mun",
			"russia: A ukr, A gal, F swe, F rum, A stp, A sev",
			"turkey: A bul, A con, F bla, A smy",
			"austria: A tri, A bud, F gre, A vie",
			"italy: A ven, A pie, F tun, F nap",
			"france: A bur, A por, F pic, F mar")},
		"F1902M": {Phase: phase(t, "F1902M"), Units: units(t, v,
			"england: A nwy, F nth, F bar, F edi",
			"germany: A bel, A ruh, A mun, F den, F hol",
			"russia: A ukr, A gal, F swe, F rum, A stp, A sev",
			"turkey: A bul, A con, F bla, A arm",
			"austria: A tri, A ser, F gre, A vie",
			"italy: A ven, A pie, F wes, F tys",
			"france: A bur, A spa, F pic, F mar")},
		"W1902A": {Phase: phase(t, "W1902A"), Units: units(t, v,
			"england: A stp, F nwy, F nth, F bar",
			"germany: A bur, A mun, A bel, F den, F hol",
			"russia: A mos, A sev, A gal, A ukr, F swe",
			"turkey: A rum, A bul, A arm, F bla",
			"austria: A bud, A vie, A ser, F gre",
			"italy: A ven, A pie, F mao, F lyo",
			"france: A spa, F pic, F mar")},
		// A position for convoys and the forms the rulebook does not use.
		"S1903M": {Phase: phase(t, "S1903M"), Units: units(t, v,
			"england: A lon, F nth, F eng, A lvp",
			"germany: A sil, A hol, A mun",
			"russia: A war, F stp/nc, A lvn",
			"turkey: A bul, F aeg",
			"italy: A ven, F nap, F tys",
			"france: A par, F mao")},
	}
	// Retreats of fall 1902: StP and Burgundy were dislodged.
	f02r := &adjudicator.Position{Phase: phase(t, "F1902R"), Units: units(t, v,
		"england: A stp, F nwy, F nth, F bar",
		"germany: A bur, A mun, A bel, F den, F hol",
		"russia: A sev, A gal, A ukr, F swe",
		"france: A spa, F pic, F mar")}
	for _, d := range units(t, v, "russia: A stp", "france: A bur") {
		f02r.Dislodged = append(f02r.Dislodged, adjudicator.Dislodged{Unit: d, AttackerFrom: variants.NoLoc})
	}
	ps["F1902R"] = f02r
	// Retreats of fall 1903, for fleets: England's F nth and Russia's F
	// stp/sc were dislodged.
	f03r := &adjudicator.Position{Phase: phase(t, "F1903R"), Units: units(t, v,
		"england: A lon, F eng",
		"russia: A war, A lvn",
		"germany: F nth, F bot")}
	for _, d := range units(t, v, "england: F nth", "russia: F stp/sc") {
		f03r.Dislodged = append(f03r.Dislodged, adjudicator.Dislodged{Unit: d, AttackerFrom: variants.NoLoc})
	}
	ps["F1903R"] = f03r
	return ps
}

type orderCase struct {
	pos, power, text string
	want             string // the order as Format writes it, or "" for a refusal
	word             string // for refusals: the word at fault
	readings         []string
}

func runCases(t *testing.T, cases []orderCase) {
	t.Helper()
	v := standard.Variant()
	ps := positions(t)
	for _, c := range cases {
		pos := ps[c.pos]
		if pos == nil {
			t.Fatalf("no position %s", c.pos)
		}
		pw := v.PowerByID(c.power)
		o, err := Order(v, pos, pw, c.text)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s %s %q: read as %q, want a refusal", c.pos, c.power, c.text, Format(v, o))
				continue
			}
			r, ok := err.(*Refusal)
			if !ok {
				t.Errorf("%s %q: error %T, want *Refusal", c.pos, c.text, err)
				continue
			}
			if r.Problem == "" {
				t.Errorf("%s %q: refusal without a problem", c.pos, c.text)
			}
			checkItalian(t, c.text, r)
			if c.word != "" && r.Word != c.word {
				t.Errorf("%s %q: refusal word %q, want %q (%s)", c.pos, c.text, r.Word, c.word, r.Problem)
			}
			if c.readings != nil && strings.Join(r.Readings, "|") != strings.Join(c.readings, "|") {
				t.Errorf("%s %q: readings %q, want %q (%s)", c.pos, c.text, r.Readings, c.readings, r.Problem)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s %q: %v", c.pos, c.power, c.text, err)
			continue
		}
		if got := Format(v, o); got != c.want {
			t.Errorf("%s %s %q: read as %q, want %q", c.pos, c.power, c.text, got, c.want)
		}
		if o.Power != pw {
			t.Errorf("%s %q: power %d, want %d", c.pos, c.text, o.Power, pw)
		}
		checkShape(t, v, pos, o, c.text)
	}
}

// checkShape checks the fields an order of each type leaves unused.
func checkShape(t testing.TB, v *variants.Variant, pos *adjudicator.Position, o adjudicator.Order, text string) {
	t.Helper()
	ok := func(l variants.Loc) bool { return int(l) < len(v.Locs) }
	bad := ""
	switch o.Type {
	case adjudicator.Hold, adjudicator.Disband, adjudicator.Build, adjudicator.Remove:
		if !ok(o.Loc) || o.Target != variants.NoLoc || o.Dest != variants.NoLoc || o.TargetUnit != variants.NoType || o.ViaConvoy {
			bad = "unused fields set"
		}
	case adjudicator.Move, adjudicator.RetreatTo:
		if !ok(o.Loc) || !ok(o.Target) || o.Dest != variants.NoLoc || o.TargetUnit != variants.NoType {
			bad = "move fields"
		}
	case adjudicator.Support:
		if !ok(o.Loc) || !ok(o.Target) || (o.Dest != variants.NoLoc && !ok(o.Dest)) || o.ViaConvoy {
			bad = "support fields"
		}
	case adjudicator.Convoy:
		if !ok(o.Loc) || !ok(o.Target) || !ok(o.Dest) || o.ViaConvoy {
			bad = "convoy fields"
		}
	case adjudicator.Waive:
		if o.Loc != variants.NoLoc || o.Target != variants.NoLoc || o.Dest != variants.NoLoc {
			bad = "waive fields"
		}
	default:
		bad = "unknown type"
	}
	ph := adjudicator.Movement
	if pos != nil {
		ph = pos.Phase.Type
	}
	switch o.Type {
	case adjudicator.Hold, adjudicator.Move, adjudicator.Support, adjudicator.Convoy:
		if ph != adjudicator.Movement {
			bad = "movement order outside a movement phase"
		}
	case adjudicator.RetreatTo, adjudicator.Disband:
		if ph != adjudicator.Retreat {
			bad = "retreat order outside a retreat phase"
		}
	default:
		if ph != adjudicator.Adjustment {
			bad = "adjustment order outside an adjustment phase"
		}
	}
	if bad != "" {
		t.Errorf("%q: %s: %+v", text, bad, o)
	}
}

func TestAcceptedForms(t *testing.T) {
	runCases(t, []orderCase{
		// Moves.
		{"S1901M", "france", "A par - bur", "A par - bur", "", nil},
		{"S1901M", "france", "A Par-Bur", "A par - bur", "", nil},
		{"S1901M", "france", "a PAR-BUR", "A par - bur", "", nil},
		{"S1901M", "france", "A par -> bur", "A par - bur", "", nil},
		{"S1901M", "france", "A par => bur", "A par - bur", "", nil},
		{"S1901M", "france", "A par → bur", "A par - bur", "", nil},
		{"S1901M", "france", "A par – bur", "A par - bur", "", nil},
		{"S1901M", "france", "A Paris to Burgundy", "A par - bur", "", nil},
		{"S1901M", "france", "Army Paris moves to Burgundy", "A par - bur", "", nil},
		{"S1901M", "france", "A Parigi - Borgogna", "A par - bur", "", nil},
		{"S1901M", "france", "A Parigi va in Borgogna", "A par - bur", "", nil},
		{"S1901M", "france", "A par - bur.", "A par - bur", "", nil},
		{"S1901M", "france", "1. A par - bur", "A par - bur", "", nil},
		{"S1901M", "germany", "A Mun.-Ruh", "A mun - ruh", "", nil},
		{"S1901M", "russia", "F StP.-Bot", "F stp/sc - bot", "", nil},
		{"S1901M", "russia", "F stp/sc - bot", "F stp/sc - bot", "", nil},
		{"S1901M", "russia", "F St. Petersburg (south coast) - Gulf of Bothnia", "F stp/sc - bot", "", nil},
		{"S1901M", "russia", "F S.Pietroburgo(costa sud) - Golfo di Botnia", "F stp/sc - bot", "", nil},
		{"S1901M", "england", "F Lon - North Sea", "F lon - nth", "", nil},
		{"S1901M", "england", "F Londra - Mare del Nord", "F lon - nth", "", nil},
		{"S1901M", "england", "F Londra - Mare del Nord.", "F lon - nth", "", nil},
		{"S1901M", "england", "F Lon - the North Sea", "F lon - nth", "", nil},
		{"S1901M", "france", "F Bre - Mid-Atlantic", "F bre - mao", "", nil},
		{"S1901M", "france", "F Brest - Mid-Atlantic Ocean", "F bre - mao", "", nil},
		{"S1901M", "france", "F Bre - Mid", "F bre - mao", "", nil},
		{"S1901M", "italy", "F Nap - Ionian Sea", "F nap - ion", "", nil},
		{"S1901M", "italy", "F Nap - Ion Sea", "F nap - ion", "", nil},
		{"S1901M", "turkey", "F Ank - Black Sea", "F ank - bla", "", nil},
		{"S1901M", "turkey", "F Ank - Mar Nero", "F ank - bla", "", nil},
		{"S1901M", "austria", "A Wien - Trieste", "", "Wien", nil},
		// Misspellings with one clear candidate.
		{"S1901M", "france", "A Par - Burgandy", "A par - bur", "", nil},
		{"S1901M", "france", "A Par - Burgndy", "A par - bur", "", nil},
		{"S1901M", "england", "F Edimburgh - Nth", "F edi - nth", "", nil},
		{"S1901M", "england", "F Londn - Eng", "F lon - eng", "", nil},
		{"S1901M", "england", "F Londn - English Chanel", "F lon - eng", "", nil},
		// Holds.
		{"S1901M", "france", "A par H", "A par H", "", nil},
		{"S1901M", "france", "A par HOLD", "A par H", "", nil},
		{"S1901M", "france", "A par holds", "A par H", "", nil},
		{"S1901M", "france", "A Par Stands", "A par H", "", nil},
		{"S1901M", "france", "A Par Stands.", "A par H", "", nil},
		{"S1901M", "france", "A par fermo", "A par H", "", nil},
		{"S1901M", "france", "A par sta", "A par H", "", nil},
		{"S1901M", "france", "A Parigi resta ferma", "A par H", "", nil},
		{"S1901M", "france", "Par H", "A par H", "", nil}, // the type from the position
		// Supports.
		{"S1901M", "germany", "A mun S A ber", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A mun supports A ber", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A Mun S A Ber H", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A mun appoggia A ber", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A mun S ber", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A mun S F kie", "A mun S F kie", "", nil},
		{"S1901M", "germany", "A mun S A ber - sil", "A mun S A ber - sil", "", nil},
		{"S1901M", "germany", "A mun supports A ber to sil", "A mun S A ber - sil", "", nil},
		{"S1901M", "germany", "A Ruh S A Mun - Bur", "A ruh S A mun - bur", "", nil},
		{"S1903M", "germany", "A Sil S RUSSIAN A War-Pru", "A sil S A war - pru", "", nil},
		{"S1903M", "germany", "A Sil S Russia's A War-Pru", "A sil S A war - pru", "", nil},
		{"S1903M", "germany", "A Sil S (Russo) A War-Pru", "A sil S A war - pru", "", nil},
		{"S1903M", "italy", "A Ven S Turk A Bul - Ser", "A ven S A bul - ser", "", nil},
		{"S1903M", "england", "F eng S F mao - bre", "F eng S F mao - bre", "", nil},
		{"S1903M", "england", "F nth S F eng", "F nth S F eng", "", nil},
		{"S1903M", "england", "F nth S eng", "F nth S F eng", "", nil},
		// Convoys.
		{"S1903M", "england", "F nth C A lon - bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth convoys A Lon - Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth convoys A Lon to Belgium", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth trasporta A Lon - Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth C (Inglese) A Lon-Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth C English A Lon-Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth Sea C A Lon-Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth C Lon-Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "A lon - bel via convoy", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A lon - bel by convoy", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A lon - bel via C", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A Lon-Bel (via convoy)", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A Londra - Belgio via mare", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A lon - nth - bel", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "A lon - bel", "A lon - bel", "", nil},
		// Split coasts.
		{"S1903M", "france", "F mao - spa", "F mao - spa", "", nil},
		{"S1903M", "france", "F mao - spa/nc", "F mao - spa/nc", "", nil},
		{"S1903M", "france", "F mao - spa(sc)", "F mao - spa/sc", "", nil},
		{"S1903M", "france", "F mao - spa (north coast)", "F mao - spa/nc", "", nil},
		{"S1903M", "france", "F mao - Spain south coast", "F mao - spa/sc", "", nil},
		{"S1903M", "france", "F mao - Spagna (costa nord)", "F mao - spa/nc", "", nil},
		{"S1903M", "france", "F mao - spa nc", "F mao - spa/nc", "", nil},
		{"S1903M", "france", "F mao - spa/n", "F mao - spa/nc", "", nil},
		{"S1903M", "russia", "F stp/nc - bar", "F stp/nc - bar", "", nil},
		{"S1903M", "russia", "F StP (costa nord) - Bar", "F stp/nc - bar", "", nil},
		{"S1903M", "turkey", "F aeg - bul ec", "F aeg - bul/ec", "", nil},
		{"S1903M", "turkey", "F aeg - bul", "F aeg - bul", "", nil},
		// The type left out, or written against the position.
		{"S1902M", "germany", "Ruh S Hol-Bel", "A ruh S A hol - bel", "", nil},
		{"S1902M", "germany", "F Ruh S F Hol - Bel", "F ruh S F hol - bel", "", nil},
		{"S1902M", "germany", "Kie - Hol", "F kie - hol", "", nil},
		{"S1901M", "france", "Xyz - Bur", "", "Xyz", nil},
		// Headings.
		{"S1901M", "italy", "ITALIA: A Ven H", "A ven H", "", nil},
		{"S1901M", "england", "England: F lon - nth", "F lon - nth", "", nil},
		{"S1901M", "england", "Inghilterra: F lon - nth", "F lon - nth", "", nil},
		{"S1901M", "austria", "AUSTRIA-UNGHERIA: A Vie-Tri", "A vie - tri", "", nil},
		{"S1901M", "england", "FRANCE: A par - bur", "", "FRANCE", nil},
		{"S1901M", "england", "Orders for England: F lon - nth", "F lon - nth", "", nil},
		{"S1901M", "austria", "Ordini Austria-Ungheria, primavera 1901: A vie - tri", "", "", nil},
		{"S1901M", "austria", "Ordini Austria-Ungheria primavera 1901: A vie - tri", "A vie - tri", "", nil},
		// Units named by type alone.
		{"S1901M", "turkey", "F Stands", "F ank H", "", nil},
		{"S1901M", "turkey", "F - bla", "F ank - bla", "", nil},
		{"S1901M", "england", "F Stands", "", "F", []string{"F lon", "F edi"}},
		{"S1901M", "germany", "F S A Ber", "F kie S A ber", "", nil},
		// Ambiguous abbreviations the position decides.
		{"S1901M", "england", "A Liv-Yor", "A lvp - yor", "", nil},
		{"S1901M", "england", "F Lon S A Liv - Yor", "F lon S A lvp - yor", "", nil},
		{"S1901M", "italy", "F Nap-Tyr", "F nap - tys", "", nil},
		{"S1901M", "italy", "A Ven-Tyr", "A ven - tyr", "", nil},
		{"S1901M", "germany", "A Mun - Tyr", "A mun - tyr", "", nil},
		{"S1903M", "italy", "F Tyr - Gul", "F tys - lyo", "", nil},
		{"S1903M", "italy", "F Tyr H", "F tys H", "", nil},
		{"S1903M", "italy", "Tyr H", "F tys H", "", nil},
		{"S1903M", "russia", "A Liv - Stp", "A lvn - stp", "", nil},
		{"S1903M", "england", "A Liv - Wal", "A lvp - wal", "", nil},
		{"S1903M", "france", "F Mao - Nor", "F mao - naf", "", nil},
		{"S1903M", "england", "F Nth - Nor", "F nth - nwy", "", nil},
	})
}

func TestRetreatsAndAdjustments(t *testing.T) {
	runCases(t, []orderCase{
		{"F1902R", "france", "A bur - gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A Bur-Gas.", "A bur - gas", "", nil},
		{"F1902R", "france", "Bur-Gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A bur R gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A bur R - gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A bur retreat gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A Burgundy retreats to Gascony", "A bur - gas", "", nil},
		{"F1902R", "france", "retreat A bur - gas", "A bur - gas", "", nil},
		{"F1902R", "france", "A bur disband", "A bur disband", "", nil},
		{"F1902R", "france", "A bur D", "A bur disband", "", nil},
		{"F1902R", "france", "disband A bur", "A bur disband", "", nil},
		{"F1902R", "france", "A Borgogna si scioglie", "A bur disband", "", nil},
		{"F1902R", "france", "A Borgogna si ritira in Guascogna", "A bur - gas", "", nil},
		{"F1902R", "france", "A Bur si H", "", "si", nil},
		{"F1902R", "france", "A Borgogna scioglie", "A bur disband", "", nil},
		{"F1902R", "russia", "StP-Mos", "A stp - mos", "", nil},
		{"F1902R", "russia", "A stp H", "", "H", nil},
		{"F1902R", "russia", "A stp S A sev", "", "S", nil},
		{"F1902R", "russia", "A stp supports A sev", "", "supports", nil},
		{"W1901A", "france", "BUILD A par", "build A par", "", nil},
		{"W1901A", "france", "Build A Paris", "build A par", "", nil},
		{"W1901A", "france", "A par build", "build A par", "", nil},
		{"W1901A", "france", "build par", "build A par", "", nil},
		{"W1901A", "france", "build mar", "", "mar", []string{"build A mar", "build F mar"}},
		{"W1901A", "russia", "BUILD F stp/nc", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F stp(nc)", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F StP (costa nord)", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F stp nc", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F St. Petersburg north coast", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F stp north coast", "build F stp/nc", "", nil},
		{"W1901A", "russia", "build F stp/sc", "build F stp/sc", "", nil},
		{"W1901A", "russia", "costruisce F San Pietroburgo (costa sud)", "build F stp/sc", "", nil},
		{"W1901A", "russia", "build F stp", "build F stp", "", nil},
		{"W1901A", "russia", "build stp/nc", "build F stp/nc", "", nil},
		{"W1901A", "france", "REMOVE A bur", "remove A bur", "", nil},
		{"W1901A", "france", "remove bur", "remove A bur", "", nil},
		{"W1901A", "france", "disband A bur", "remove A bur", "", nil},
		{"W1901A", "france", "A bur disband", "remove A bur", "", nil},
		{"W1901A", "france", "scioglie A Bur", "remove A bur", "", nil},
		{"W1901A", "france", "WAIVE", "waive", "", nil},
		{"W1901A", "france", "waive build", "waive", "", nil},
		{"W1901A", "france", "build none", "waive", "", nil},
		// A unit without a verb is a build only if named exactly: "Marina" signs a
		// letter, it builds nothing in the Channel ("Manica").
		{"W1901A", "france", "Marina", "", "Marina", nil},
		{"W1901A", "france", "Paris", "build A par", "", nil},
		{"W1901A", "france", "A presto", "", "presto", nil}, // "see you soon", not a build in Brest
		{"W1901A", "france", "A Prest", "", "Prest", nil},
		{"W1901A", "france", "build A Prest", "build A bre", "", nil},
		{"W1901A", "france", "A bur S A par", "", "S", nil},
		{"S1901M", "france", "build A par", "", "build", nil},
		{"S1901M", "france", "A par disband", "", "disband", nil},
	})
}

func TestRefusals(t *testing.T) {
	runCases(t, []orderCase{
		{"S1901M", "italy", "A Ven-Pie-Mar", "", "Ven-Pie-Mar", []string{"A ven - pie", "A pie - mar"}},
		{"S1901M", "france", "A par - Xyzzyq", "", "Xyzzyq", nil},
		{"S1901M", "france", "A par - Sweria", "", "Sweria", []string{"Serbia", "Silesia", "Syria"}},
		{"S1901M", "russia", "A mos - Liverna", "", "Liverna", []string{"Livonia", "Vienna"}},
		{"S1901M", "italy", "Tir H", "", "Tir", []string{"tyr H", "tys H"}},
		{"S1901M", "italy", "F Ven - Tir", "", "Tir", []string{"F ven - tyr", "F ven - tys"}},
		{"S1901M", "italy", "F Ven - Tyr", "F ven - tyr", "", nil}, // the canonical id decides
		{"S1901M", "italy", "Tyr H", "tyr H", "", nil},
		{"S1901M", "france", "F Bre - Med", "", "Med", []string{"F bre - eas", "F bre - wes"}},
		{"S1901M", "france", "F Bre - Atl", "F bre - mao", "", nil}, // Brest does not touch the North Atlantic
		{"S1901M", "england", "F Iri - Atl", "", "Atl", []string{"F iri - mao", "F iri - nao"}},
		{"S1901M", "russia", "F Liv H", "", "Liv", []string{"F lvn H", "F lvp H"}},
		{"S1901M", "france", "A par S", "", "S", nil},
		{"S1901M", "france", "A par -", "", "-", nil},
		{"S1901M", "france", "A par bur pic", "", "pic", nil},
		{"S1901M", "france", "A par - bur - pic - bel", "", "par - bur - pic - bel", []string{"A par - bur", "A bur - pic", "A pic - bel"}},
		{"S1901M", "france", "A", "", "A", nil},
		{"S1901M", "france", "A par - bur, A mar - spa", "", "", nil},
		{"S1901M", "france", "A par - bur A mar - spa", "", "A", nil},
		{"W1901A", "france", "A bur - par", "", "-", nil},
		{"S1901M", "germany", "A Mun supprots A Ber", "A mun S A ber", "", nil},
		{"S1903M", "england", "F Nth convois A Lon - Bel", "F nth C A lon - bel", "", nil},
		{"S1901M", "germany", "A Mun suports A Ber", "A mun S A ber", "", nil},
		{"S1901M", "germany", "A Mun xyzzyq A Ber", "", "xyzzyq", nil},
		{"W1901A", "france", "build F", "", "F", nil},
		{"S1901M", "austria", "F C A vie - tri", "F tri C A vie - tri", "", nil},
		{"S1901M", "france", "hello there", "", "hello", nil},
	})
}

// TestRefusalWords checks the wording of a few refusals.
func TestRefusalWords(t *testing.T) {
	v := standard.Variant()
	ps := positions(t)
	for _, c := range []struct{ pos, power, text, want string }{
		{"S1901M", "italy", "F Ven - Tir", `"Tir" could be Tyrolia or the Tyrrhenian Sea; the order reads either way`},
		{"S1901M", "france", "A par - Sweria", `"Sweria"? no such place; did you mean Serbia, Silesia or Syria?`},
		{"S1901M", "italy", "A Ven-Pie-Mar", `"Ven-Pie-Mar" moves more than once in one order; it could mean A ven - pie or A pie - mar`},
		{"S1901M", "england", "F Stands", `"F" names no place, and you have several fleets (F lon and F edi)`},
		{"S1901M", "france", "A par S", `the order stops after "S": expected the unit supported`},
		{"S1901M", "england", "FRANCE: A par - bur", `this order is headed for France, but these are England's orders`},
		{"S1901M", "france", "build A par", `builds and removals are ordered in winter`},
		{"S1901M", "france", "A par - bur A mar - spa", `"A": a second order? put a comma or a new line between orders`},
		// Verbs of another phase.
		{"S1901M", "france", "A par retreats to bur", `"retreats": retreats and disbands are ordered after the moves; this is a movement phase`},
		{"F1902R", "france", "build A bur", `"build": builds and removals are ordered in winter; this is a retreat phase`},
		{"F1902R", "france", "A bur supports A spa", `"supports": this is a retreat phase; a dislodged unit retreats`},
		{"W1901A", "france", "A bur holds", `"holds": this is the winter adjustment; order "build A Par", "remove F Nth" or "waive"`},
		{"W1901A", "france", "A bur -> par", `"->": this is the winter adjustment`},
	} {
		_, err := Order(v, ps[c.pos], v.PowerByID(c.power), c.text)
		checkItalian(t, c.text, err)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want it to contain %q", c.text, err, c.want)
		}
	}
}

// TestWorkedExample reads every orders block of the rulebook's worked
// example (1901-1902) as the rulebook's commentary reads them.
func TestWorkedExample(t *testing.T) {
	v := standard.Variant()
	ps := positions(t)
	type block struct {
		pos, power, text string
		want             []string // "!" marks a refused order
	}
	blocks := []block{
		{"S1901M", "england", "INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg", []string{"A lvp - yor", "F lon - nth", "F edi - nwg"}},
		{"S1901M", "germany", "GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den.", []string{"A ber - kie", "A mun - ruh", "F kie - den"}},
		{"S1901M", "russia", "RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla", []string{"A mos - ukr", "A war - gal", "F stp/sc - bot", "F sev - bla"}},
		{"S1901M", "turkey", "TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla.", []string{"A con - bul", "A smy - con", "F ank - bla"}},
		{"S1901M", "austria", "AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb.", []string{"A vie - tri", "A bud - gal", "F tri - alb"}},
		{"S1901M", "italy", "ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion.", []string{"A ven - pie", "A rom - ven", "F nap - ion"}},
		{"S1901M", "france", "FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic.", []string{"A par - bur", "A mar - spa", "F bre - pic"}},

		{"F1901M", "england", "INGHILTERRA: A Yor-Nwy, F Nth Sea C A Yor-Nwy, F Nrg-Bar.", []string{"A yor - nwy", "F nth C A yor - nwy", "F nwg - bar"}},
		{"F1901M", "germany", "GERMANIA: A Kie-Hol, A Ruh-Bel, F Stands.", []string{"A kie - hol", "A ruh - bel", "F den H"}},
		{"F1901M", "russia", "RUSSIA: A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum.", []string{"A ukr S F sev - rum", "A war - gal", "F bot - swe", "F sev - rum"}},
		{"F1901M", "turkey", "TURCHIA: A Bul-Ser, A Con-Bul, F Ank-Bla.", []string{"A bul - ser", "A con - bul", "F ank - bla"}},
		{"F1901M", "austria", "AUSTRIA-UNGHERIA: A Tri Stands, A Bud-Ser, F Alb-Gre.", []string{"A tri H", "A bud - ser", "F alb - gre"}},
		{"F1901M", "italy", "ITALIA: A Ven Stands, A Pie-Mar, F Ion-Tun.", []string{"A ven H", "A pie - mar", "F ion - tun"}},
		{"F1901M", "france", "FRANCIA: A Bur-Mar, A Spa-Por, F Pic-Bel.", []string{"A bur - mar", "A spa - por", "F pic - bel"}},

		// "l'Inghilterra decide di costruire F Edi, la Germania F Kie e A
		// Mun, la Russia A StP e A Sev, la Turchia A Smy, l'Austria-Ungheria
		// A Vie, l'Italia F Nap, la Francia F Mar."
		{"W1901A", "england", "F Edi", []string{"build F edi"}},
		{"W1901A", "germany", "F Kie e A Mun", []string{"build F kie", "build A mun"}},
		{"W1901A", "russia", "A StP e A Sev", []string{"build A stp", "build A sev"}},
		{"W1901A", "turkey", "A Smy", []string{"build A smy"}},
		{"W1901A", "austria", "A Vie", []string{"build A vie"}},
		{"W1901A", "italy", "F Nap", []string{"build F nap"}},
		{"W1901A", "france", "F Mar", []string{"build F mar"}},

		{"S1902M", "germany", "GERMANIA: A Hol-Bel, A Ruh S Hol-Bel, A Mun-Bur, F Den Stands, F Kie-Hol.", []string{"A hol - bel", "A ruh S A hol - bel", "A mun - bur", "F den H", "F kie - hol"}},
		{"S1902M", "russia", "RUSSIA: A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, F Rum Stands.", []string{"A ukr S F rum", "A gal - bud", "A stp - nwy", "A sev S F rum", "F swe S A stp - nwy", "F rum H"}},
		{"S1902M", "turkey", "TURCHIA: A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum.", []string{"A bul - rum", "A con - bul", "A smy - arm", "F bla S A bul - rum"}},
		{"S1902M", "austria", "AUSTRIA-UNGHERIA: A Tri-Bud, A Vie-Bud, A Bud-Ser, F Stands.", []string{"A tri - bud", "A vie - bud", "A bud - ser", "F gre H"}},
		{"S1902M", "italy", "ITALIA: A Ven Stands, A Pie-Mar, F Tun-Wes, F Nap-Tyr.", []string{"A ven H", "A pie - mar", "F tun - wes", "F nap - tys"}},
		{"S1902M", "france", "FRANCIA: A Bur S F Pic-Bel, A Por-Spa, F Pic-Bel, F Mar Stands.", []string{"A bur S F pic - bel", "A por - spa", "F pic - bel", "F mar H"}},
		{"S1902M", "england", "INGHILTERRA: A Nwy-StP, F Nth-Nwy, F Bar S Nwy-StP, F Edi-Nth.", []string{"A nwy - stp", "F nth - nwy", "F bar S A nwy - stp", "F edi - nth"}},

		{"F1902M", "germany", "GERMANIA: A Ruh-Bur, A Mun S Ruh-Bur, A Bel S Ruh-Bur, F Den-Swe, F Hol S A Bel.", []string{"A ruh - bur", "A mun S A ruh - bur", "A bel S A ruh - bur", "F den - swe", "F hol S A bel"}},
		{"F1902M", "russia", "RUSSIA: A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S F Rum, A Gal S F Rum, A Ukr S A Sev.", []string{"A stp - nwy", "F swe S A stp - nwy", "F rum S A sev", "A sev S F rum", "A gal S F rum", "A ukr S A sev"}},
		{"F1902M", "turkey", "TURCHIA: A Bul-Rum, A Con-Bul, A Arm-Sev, F S A Bul-Rum.", []string{"A bul - rum", "A con - bul", "A arm - sev", "F bla S A bul - rum"}},
		// The support's object spilled past a comma: read as one order.
		{"F1902M", "austria", "AUSTRIA-UNGHERIA: A Vie-Gal, A Tri-Bud, A Ser S Turk, A Bul-Rum, F Stands.", []string{"A vie - gal", "A tri - bud", "A ser S A bul - rum", "F gre H"}},
		// "A Ven-Pie-Mar" may be A Ven-Pie or A Pie-Mar: not executed.
		{"F1902M", "italy", "ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.", []string{"!", "F wes - mao", "F tys - lyo"}},
		{"F1902M", "france", "FRANCIA: A Bur-Bel, F Pic S Bur-Bel, A Spa S F Mar, F Mar S A Spa.", []string{"A bur - bel", "F pic S A bur - bel", "A spa S F mar", "F mar S A spa"}},
		{"F1902M", "england", "INGHILTERRA: A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth.", []string{"A nwy - stp", "F bar S A nwy - stp", "F nth - nwy", "F edi - nth"}},

		// "Ritirate: Russia: StP-Mos; Francia: Bur-Gas."
		{"F1902R", "russia", "Ritirate: Russia: StP-Mos; Francia: Bur-Gas.", []string{"A stp - mos", "!"}},
		{"F1902R", "france", "Ritirate: Russia: StP-Mos; Francia: Bur-Gas.", []string{"!", "A bur - gas"}},

		// "La Germania decide di costruire F Kiel, la Russia scioglie A Gal,
		// la Turchia costruisce F Smyrne, l'Austria-Ungheria costruisce A
		// Tri, ... la Francia costruisce A Paris, l'Inghilterra costruisce F
		// Lon."
		{"W1902A", "germany", "costruire F Kiel", []string{"build F kie"}},
		{"W1902A", "russia", "scioglie A Gal", []string{"remove A gal"}},
		{"W1902A", "turkey", "costruisce F Smyrne", []string{"build F smy"}},
		{"W1902A", "austria", "costruisce A Tri", []string{"build A tri"}},
		{"W1902A", "france", "costruisce A Paris", []string{"build A par"}},
		{"W1902A", "england", "costruisce F Lon", []string{"build F lon"}},
		{"W1902A", "russia", "A Gal", []string{"remove A gal"}},
	}
	for _, b := range blocks {
		pos := ps[b.pos]
		got := Orders(v, pos, v.PowerByID(b.power), b.text)
		if len(got) != len(b.want) {
			var texts []string
			for _, g := range got {
				texts = append(texts, g.Text)
			}
			t.Errorf("%s %s %q: %d orders %q, want %d", b.pos, b.power, b.text, len(got), texts, len(b.want))
			continue
		}
		for i, w := range b.want {
			g := got[i]
			if w == "!" {
				if g.Err == nil {
					t.Errorf("%s %q: read as %q, want a refusal", b.pos, g.Text, Format(v, g.Order))
				}
				checkItalian(t, g.Text, g.Err)
				continue
			}
			if g.Err != nil {
				t.Errorf("%s %q: %v", b.pos, g.Text, g.Err)
				continue
			}
			if f := Format(v, g.Order); f != w {
				t.Errorf("%s %q: read as %q, want %q", b.pos, g.Text, f, w)
			}
			checkShape(t, v, pos, g.Order, g.Text)
		}
	}
}

func TestOrdersSplitting(t *testing.T) {
	v := standard.Variant()
	pos := positions(t)["S1901M"]
	text := "FRANCE:\nA Par-Bur; A Mar-Spa\n\nF Bre - Mao. A Par H\n"
	got := Orders(v, pos, v.PowerByID("france"), text)
	want := []string{"A Par-Bur", "A Mar-Spa", "F Bre - Mao", "A Par H"}
	if len(got) != len(want) {
		t.Fatalf("got %d orders: %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Text != w {
			t.Errorf("order %d: text %q, want %q", i, got[i].Text, w)
		}
	}
	// The joined support keeps both parts in its text.
	got = Orders(v, positions(t)["F1902M"], v.PowerByID("austria"), "A Ser S Turk, A Bul-Rum")
	if len(got) != 1 || got[0].Text != "A Ser S Turk, A Bul-Rum" || got[0].Err != nil {
		t.Errorf("joined support: %+v", got)
	}
	// A heading alone gives no order.
	if got := Orders(v, pos, v.PowerByID("france"), "FRANCIA:\n\n"); len(got) != 0 {
		t.Errorf("heading alone: %+v", got)
	}
}

func TestLocPowerUnit(t *testing.T) {
	v := standard.Variant()
	for name, want := range map[string]string{
		"lon": "lon", "Londra": "lon", "LONDON": "lon", "stp/nc": "stp/nc", "stp(nc)": "stp/nc",
		"StP (costa nord)": "stp/nc", "St. Petersburg north coast": "stp/nc", "stp": "stp",
		"Mid-Atlantic Ocean": "mao", "mid atlantic": "mao", "Golfo del Leone": "lyo", "Nrg": "nwg",
		"Burgandy": "bur", "spa sc": "spa/sc", "Bulgaria (east coast)": "bul/ec", "Mare Tirreno": "tys",
	} {
		l, err := Loc(v, name)
		if err != nil {
			t.Errorf("Loc(%q): %v", name, err)
			continue
		}
		if v.Locs[l].ID != want {
			t.Errorf("Loc(%q) = %s, want %s", name, v.Locs[l].ID, want)
		}
	}
	for i := range v.Locs {
		if l, err := Loc(v, v.Locs[i].ID); err != nil || int(l) != i {
			t.Errorf("Loc(%q) = %v, %v", v.Locs[i].ID, l, err)
		}
		if l, err := Loc(v, v.Locs[i].Name); err != nil || int(l) != i {
			t.Errorf("Loc(%q) = %v, %v", v.Locs[i].Name, l, err)
		}
	}
	for _, name := range []string{"tir", "liv", "Med", "", "xyzzy", "lon - bel", "Russia"} {
		if _, err := Loc(v, name); err == nil {
			t.Errorf("Loc(%q): no error", name)
		} else if _, ok := err.(*Refusal); !ok {
			t.Errorf("Loc(%q): %T", name, err)
		}
	}
	for name, want := range map[string]string{
		"England": "england", "ENGLISH": "england", "Inghilterra": "england", "eng": "england", "Turk": "turkey",
		"Austria-Hungary": "austria", "AUSTRIA-UNGHERIA": "austria", "tedesco": "germany", "Englnd": "england",
	} {
		pw, err := Power(v, name)
		if err != nil || v.Powers[pw].ID != want {
			t.Errorf("Power(%q) = %v, %v; want %s", name, pw, err, want)
		}
	}
	for _, name := range []string{"", "Spain", "xx"} {
		if _, err := Power(v, name); err == nil {
			t.Errorf("Power(%q): no error", name)
		}
	}
	for text, want := range map[string]string{
		"F nth": "F nth", "A Londra": "A lon", "F spa/sc": "F spa/sc", "Fleet St Petersburg (north coast)": "F stp/nc",
		"army Paris": "A par",
	} {
		typ, l, err := Unit(v, text)
		if err != nil {
			t.Errorf("Unit(%q): %v", text, err)
			continue
		}
		if got := typ.String() + " " + v.Locs[l].ID; got != want {
			t.Errorf("Unit(%q) = %s, want %s", text, got, want)
		}
	}
	// Ambiguous names: the type decides, then the canonical id. "A liv" is
	// refused below: an army can stand in both, and neither id is "liv".
	for text, want := range map[string]string{"A tyr": "A tyr", "F tyr": "F tys", "A Tir": "A tyr", "F Tir": "F tys"} {
		typ, l, err := Unit(v, text)
		if err != nil || typ.String()+" "+v.Locs[l].ID != want {
			t.Errorf("Unit(%q) = %v %v, %v; want %s", text, typ, l, err, want)
		}
	}
	for _, text := range []string{"nth", "A liv", "F", "A par H", "X lon", ""} {
		if _, _, err := Unit(v, text); err == nil {
			t.Errorf("Unit(%q): no error", text)
		}
	}
}

// allOrders returns a large set of orders over the whole map for the
// round-trip test, each with the phase type it belongs to.
func allOrders(v *variants.Variant) []adjudicator.Order {
	var out []adjudicator.Order
	no := variants.NoLoc
	pw := variants.Power(0)
	for i := range v.Locs {
		l := variants.Loc(i)
		for _, t := range []variants.UnitType{variants.Army, variants.Fleet} {
			if !v.CanHold(t, l) {
				continue
			}
			adj := v.ArmyAdj[l]
			if t == variants.Fleet {
				adj = v.FleetAdj[l]
			}
			out = append(out,
				adjudicator.Order{Power: pw, Type: adjudicator.Hold, Unit: t, Loc: l, Target: no, Dest: no},
				adjudicator.Order{Power: pw, Type: adjudicator.Disband, Unit: t, Loc: l, Target: no, Dest: no},
				adjudicator.Order{Power: pw, Type: adjudicator.Build, Unit: t, Loc: l, Target: no, Dest: no},
				adjudicator.Order{Power: pw, Type: adjudicator.Remove, Unit: t, Loc: l, Target: no, Dest: no},
			)
			adj.Each(func(d variants.Loc) {
				out = append(out,
					adjudicator.Order{Power: pw, Type: adjudicator.Move, Unit: t, Loc: l, Target: d, Dest: no},
					adjudicator.Order{Power: pw, Type: adjudicator.RetreatTo, Unit: t, Loc: l, Target: d, Dest: no},
					adjudicator.Order{Power: pw, Type: adjudicator.Support, Unit: t, Loc: l, Target: d, TargetUnit: t, Dest: no},
					adjudicator.Order{Power: pw, Type: adjudicator.Support, Unit: t, Loc: l, Target: d, TargetUnit: variants.Army, Dest: l},
				)
				if t == variants.Army && v.Locs[l].Terrain == variants.Coast {
					out = append(out, adjudicator.Order{Power: pw, Type: adjudicator.Move, Unit: t, Loc: l, Target: d, Dest: no, ViaConvoy: true})
				}
				if t == variants.Fleet && v.Locs[l].Terrain == variants.Sea {
					adj.Each(func(e variants.Loc) {
						if e != d && v.Locs[d].Terrain == variants.Coast && v.Locs[e].Terrain == variants.Coast {
							out = append(out, adjudicator.Order{Power: pw, Type: adjudicator.Convoy, Unit: t, Loc: l, Target: d, TargetUnit: variants.Army, Dest: e})
						}
					})
				}
			})
		}
	}
	out = append(out, adjudicator.Order{Power: pw, Type: adjudicator.Waive, Loc: no, Target: no, Dest: no})
	return out
}

func phaseFor(o adjudicator.Order) adjudicator.PhaseType {
	switch o.Type {
	case adjudicator.RetreatTo, adjudicator.Disband:
		return adjudicator.Retreat
	case adjudicator.Build, adjudicator.Remove, adjudicator.Waive:
		return adjudicator.Adjustment
	}
	return adjudicator.Movement
}

// TestFormatRoundTrip checks Order(Format(o)) == o, on an empty board and
// on the 1901 start.
func TestFormatRoundTrip(t *testing.T) {
	v := standard.Variant()
	orders := allOrders(v)
	if len(orders) < 1000 {
		t.Fatalf("only %d orders", len(orders))
	}
	for _, units := range [][]variants.Unit{nil, v.StartUnits} {
		for _, o := range orders {
			pos := &adjudicator.Position{Units: units}
			pos.Phase.Type = phaseFor(o)
			if pos.Phase.Type == adjudicator.Adjustment {
				pos.Phase.Season = adjudicator.Winter
			}
			text := Format(v, o)
			got, err := Order(v, pos, o.Power, text)
			if err != nil {
				t.Errorf("%q: %v", text, err)
				continue
			}
			if got != o {
				t.Errorf("%q: read back as %q (%+v, want %+v)", text, Format(v, got), got, o)
			}
		}
	}
}

func TestFormat(t *testing.T) {
	v := standard.Variant()
	l := func(id string) variants.Loc { return v.Loc(id) }
	no := variants.NoLoc
	for _, c := range []struct {
		o    adjudicator.Order
		want string
	}{
		{adjudicator.Order{Type: adjudicator.Move, Unit: variants.Army, Loc: l("par"), Target: l("bur"), Dest: no}, "A par - bur"},
		{adjudicator.Order{Type: adjudicator.Move, Unit: variants.Army, Loc: l("lon"), Target: l("bel"), Dest: no, ViaConvoy: true}, "A lon - bel via convoy"},
		{adjudicator.Order{Type: adjudicator.Hold, Unit: variants.Army, Loc: l("par"), Target: no, Dest: no}, "A par H"},
		{adjudicator.Order{Type: adjudicator.Support, Unit: variants.Army, Loc: l("mun"), Target: l("ber"), TargetUnit: variants.Army, Dest: no}, "A mun S A ber"},
		{adjudicator.Order{Type: adjudicator.Support, Unit: variants.Army, Loc: l("ruh"), Target: l("mun"), TargetUnit: variants.Army, Dest: l("bur")}, "A ruh S A mun - bur"},
		{adjudicator.Order{Type: adjudicator.Convoy, Unit: variants.Fleet, Loc: l("nth"), Target: l("lon"), TargetUnit: variants.Army, Dest: l("bel")}, "F nth C A lon - bel"},
		{adjudicator.Order{Type: adjudicator.RetreatTo, Unit: variants.Army, Loc: l("bur"), Target: l("pic"), Dest: no}, "A bur - pic"},
		{adjudicator.Order{Type: adjudicator.Disband, Unit: variants.Army, Loc: l("bur"), Target: no, Dest: no}, "A bur disband"},
		{adjudicator.Order{Type: adjudicator.Build, Unit: variants.Fleet, Loc: l("stp/nc"), Target: no, Dest: no}, "build F stp/nc"},
		{adjudicator.Order{Type: adjudicator.Remove, Unit: variants.Army, Loc: l("par"), Target: no, Dest: no}, "remove A par"},
		{adjudicator.Order{Type: adjudicator.Waive, Loc: no, Target: no, Dest: no}, "waive"},
		{adjudicator.Order{Type: adjudicator.Hold, Loc: 200, Target: no, Dest: no}, "? H"},
	} {
		if got := Format(v, c.o); got != c.want {
			t.Errorf("Format(%+v) = %q, want %q", c.o, got, c.want)
		}
	}
}

// spring1901 is the rulebook's first orders, one block per power.
var spring1901 = [7][2]string{
	{"england", "INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg"},
	{"germany", "GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den."},
	{"russia", "RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla"},
	{"turkey", "TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla."},
	{"austria", "AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb."},
	{"italy", "ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion."},
	{"france", "FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic."},
}

func BenchmarkOrders(b *testing.B) {
	v := standard.Variant()
	pos := &adjudicator.Position{Phase: adjudicator.Phase{Year: 1901}, Units: v.StartUnits}
	var powers [7]variants.Power
	for i, s := range spring1901 {
		powers[i] = v.PowerByID(s[0])
	}
	Orders(v, pos, powers[0], spring1901[0][1]) // build the index
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i, s := range spring1901 {
			for _, p := range Orders(v, pos, powers[i], s[1]) {
				if p.Err != nil {
					b.Fatal(p.Err)
				}
			}
		}
	}
}

// namesAmbiguousID reports whether o names a location by an id that is
// also a name of another location ("tyr").
func namesAmbiguousID(v *variants.Variant, o adjudicator.Order) bool {
	for _, l := range []variants.Loc{o.Loc, o.Target, o.Dest} {
		if int(l) < len(v.Locs) && len(indexFor(v).locs[v.Locs[l].ID]) > 1 {
			return true
		}
	}
	return false
}

// FuzzOrders checks that any text gives, for every order in it, a Parsed
// with a refusal or a well-formed order that reads back the same, by the
// fast path as by the grammar.
func FuzzOrders(f *testing.F) {
	for _, s := range []string{
		"A par - bur", "A Par-Bur", "A par -> bur", "A Paris to Burgundy", "A par H", "A Par Stands", "A par fermo",
		"A mun S A ber", "A mun supports A ber", "A ruh S A mun - bur", "F nth C A lon - bel", "F Nth trasporta A Lon-Bel",
		"A lon - bel via convoy", "A lon - nth - bel", "A bur - pic", "A bur disband", "BUILD A par", "BUILD F stp/nc",
		"build F StP (costa nord)", "REMOVE A par", "WAIVE", "A Sil S RUSSIAN A War-Pru", "F Nth C (Inglese) A Lon-Bel",
		"A Ser S Turk, A Bul-Rum", "ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.", "F S A Bul-Rum", "F Stands",
		"A Mun.-Ruh", "F StP.-Bot", "F Nth Sea C A Yor-Nwy", "Ruh S Hol-Bel", "F Nap-Tyr", "A Liv-Yor", "Burgandy",
		"Ritirate: Russia: StP-Mos; Francia: Bur-Gas.", "F Kie e A Mun", "A par - bur. A mar - spa", "((((", "-:-/",
		"A Sweria - Liverna", "F mao - spa(nc) via convoy", "1. A par H\n2) A mar S A par",
		"f wal s mao iri", "a par bur", "f: a burgundy holds", "(3) A Mar H", "A(lvp) - edi", "F Lon - Gal",
		"The fleet at North Sea convoys the army at London to Belgium.", "A PAR D", "w", "F Nth t A Lon-Bel",
		"The army at Marseilles support move to Burgundy from Paris", "Thanks, Francesca",
	} {
		f.Add(s)
	}
	v := standard.Variant()
	ps := positions(f)
	keys := []string{"S1901M", "F1902M", "F1902R", "W1901A", "S1903M"}
	f.Fuzz(func(t *testing.T, text string) {
		for _, k := range keys {
			pos := ps[k]
			for pw := variants.Power(0); int(pw) < len(v.Powers); pw += 3 {
				for _, p := range Orders(v, pos, pw, text) {
					if p.Text == "" {
						t.Errorf("%s %q: a Parsed without text", k, text)
					}
					if p.Err != nil {
						if p.Err.Problem == "" {
							t.Errorf("%s %q: refusal without a problem", k, p.Text)
						}
						checkItalian(t, p.Text, p.Err)
						continue
					}
					if p.Order.Power != pw {
						t.Errorf("%s %q: wrong power", k, p.Text)
					}
					checkShape(t, v, pos, p.Order, p.Text)
					canon := Format(v, p.Order)
					if quick, ok := fast(v, pos, pw, canon); ok {
						if slow, err := lenient(v, pos, pw, canon); err != nil || slow != quick {
							t.Errorf("%s %q: fast path %+v, grammar %+v, %v", k, canon, quick, slow, err)
						}
					}
					back, err := Order(v, pos, pw, canon)
					if err == nil && back != p.Order && namesAmbiguousID(v, p.Order) {
						// "tyr" is Tyrolia's id and the rulebook's name for
						// the Tyrrhenian Sea: "build F tyr" reads as the sea.
						continue
					}
					if err != nil || back != p.Order {
						t.Errorf("%s %q read as %q, which reads back as %+v, %v", k, p.Text, Format(v, p.Order), back, err)
					}
				}
			}
		}
		_, err := Loc(v, text)
		checkItalian(t, text, err)
		_, err = Power(v, text)
		checkItalian(t, text, err)
		_, _, err = Unit(v, text)
		checkItalian(t, text, err)
		_, err = Order(v, ps["S1901M"], 0, text)
		checkItalian(t, text, err)
	})
}

// TestOddPositions reads orders without a position and with a malformed
// one: no panic, and orders still read where the text says everything.
func TestOddPositions(t *testing.T) {
	v := standard.Variant()
	bad := &adjudicator.Position{
		Units:     []variants.Unit{{Type: variants.Fleet, Power: 2, Loc: 250}, {Type: 7, Power: 2, Loc: v.Loc("par")}},
		Dislodged: []adjudicator.Dislodged{{Unit: variants.Unit{Type: variants.Army, Power: 2, Loc: 240}}},
	}
	for _, pos := range []*adjudicator.Position{nil, bad} {
		for _, text := range []string{"A par - bur", "F Stands", "Ruh S Hol - Bel", "F nth C A lon - bel", "Par H", "A - bur"} {
			for _, ph := range []adjudicator.PhaseType{adjudicator.Movement, adjudicator.Retreat, adjudicator.Adjustment} {
				if pos != nil {
					pos.Phase.Type = ph
				}
				Orders(v, pos, 2, text)
			}
		}
	}
	o, err := Order(v, nil, 2, "A par - bur")
	if err != nil || Format(v, o) != "A par - bur" {
		t.Errorf("nil position: %q, %v", Format(v, o), err)
	}
	if _, err := Order(v, nil, 2, "F Stands"); err == nil {
		t.Errorf("nil position: F Stands read")
	}
}

// TestOtherJudges reads orders as the players of other judges write them:
// njudge, DPjudge, diplicity, webDiplomacy, jDip and the Python diplomacy
// package.
func TestOtherJudges(t *testing.T) {
	runCases(t, []orderCase{
		// Other judges' abbreviations and names.
		{"S1901M", "england", "F Edi - Lpl", "F edi - lvp", "", nil}, // not adjacent: the adjudicator's business
		{"S1901M", "england", "A Lpl - Yor", "A lvp - yor", "", nil},
		{"S1901M", "england", "A Livp - Yor", "A lvp - yor", "", nil},
		{"S1901M", "england", "F Lon - Ech", "F lon - eng", "", nil},
		{"S1901M", "england", "F Edi - NorwSea", "F edi - nwg", "", nil},
		{"S1901M", "england", "F Edi - Norg", "F edi - nwg", "", nil},
		{"S1901M", "england", "F Lon - Nts", "F lon - nth", "", nil},
		{"S1901M", "england", "F Lon - NorSea", "F lon - nth", "", nil},
		{"S1901M", "france", "F Mar - Wmed", "F mar - wes", "", nil},
		{"S1903M", "france", "F Mao - Wmed", "F mao - wes", "", nil},
		{"S1903M", "france", "F Mao - WestMed", "F mao - wes", "", nil},
		{"S1903M", "france", "F Mao - West Med", "F mao - wes", "", nil},
		{"S1903M", "turkey", "F Aeg - Emed", "F aeg - eas", "", nil},
		{"S1903M", "turkey", "F Aeg - EastMed", "F aeg - eas", "", nil},
		{"S1903M", "turkey", "F Aeg - East Med", "F aeg - eas", "", nil},
		{"S1901M", "france", "A Mars - Bur", "A mar - bur", "", nil},
		{"S1901M", "france", "A Mars S A Par - Bur", "A mar S A par - bur", "", nil},
		{"S1901M", "italy", "F Nap - Tyn", "F nap - tys", "", nil},
		{"S1901M", "italy", "F Nap - Tyh", "F nap - tys", "", nil},
		{"S1901M", "italy", "A Ven - Tyl", "A ven - tyr", "", nil},
		{"S1901M", "russia", "A War - Lva", "A war - lvn", "", nil},
		{"S1901M", "russia", "F StPete/sc - Bot", "F stp/sc - bot", "", nil},
		{"S1901M", "france", "F Bre - Irs", "F bre - iri", "", nil},
		{"S1903M", "france", "F Mao - Irs", "F mao - iri", "", nil},
		{"S1903M", "france", "F Mao - Spn/nc", "F mao - spa/nc", "", nil},
		// "Gal" is Galicia, and the Italian "Galles" (Wales): what the
		// unit can reach decides.
		{"S1901M", "england", "F Lon - Gal", "F lon - wal", "", nil},
		{"S1901M", "england", "A Lvp - Gal", "A lvp - wal", "", nil},
		{"S1901M", "austria", "A Vie - Gal", "A vie - gal", "", nil},
		{"S1901M", "russia", "A War - Gal", "A war - gal", "", nil},
		{"S1901M", "austria", "A Bud S A Vie - Gal", "A bud S A vie - gal", "", nil},
		{"S1901M", "austria", "A Gal - Vie", "A gal - vie", "", nil}, // no unit there: the id decides
		// The usual abbreviations read right.
		{"S1901M", "england", "F Edi - Nwg", "F edi - nwg", "", nil},
		{"S1901M", "russia", "F Stp - Bot", "F stp/sc - bot", "", nil},
		{"S1901M", "france", "F Mar - Gol", "F mar - lyo", "", nil},
		{"S1901M", "france", "F Mar - Lyo", "F mar - lyo", "", nil},
		{"S1901M", "italy", "F Nap - Tys", "F nap - tys", "", nil},
		{"S1901M", "france", "F Bre - Mao", "F bre - mao", "", nil},
		{"S1901M", "france", "F Bre - Mid", "F bre - mao", "", nil},
		{"S1903M", "france", "F Mao - Nao", "F mao - nao", "", nil},
		{"S1901M", "england", "F Lon - Eng", "F lon - eng", "", nil},
		{"S1901M", "germany", "F Kie - Hel", "F kie - hel", "", nil},
		{"S1901M", "germany", "F Kie - Bal", "F kie - bal", "", nil},
		{"S1903M", "england", "F Nth - Ska", "F nth - ska", "", nil},
		{"S1901M", "turkey", "F Ank - Bla", "F ank - bla", "", nil},
		{"S1901M", "turkey", "F Smy - Aeg", "F smy - aeg", "", nil},
		{"S1901M", "italy", "F Nap - Ion", "F nap - ion", "", nil},
		{"S1901M", "austria", "F Tri - Adr", "F tri - adr", "", nil},
		{"S1903M", "italy", "F Tys - Tun", "F tys - tun", "", nil},
		{"S1901M", "turkey", "A Smy - Con", "A smy - con", "", nil},
		{"S1901M", "turkey", "A Con - Smy", "A con - smy", "", nil},
		{"S1901M", "turkey", "F Ank - Con", "F ank - con", "", nil},
		{"S1901M", "russia", "F Sev - Rum", "F sev - rum", "", nil},
		{"S1901M", "russia", "A War - Lvn", "A war - lvn", "", nil},
		{"S1901M", "england", "A Lvp - Yor", "A lvp - yor", "", nil},
		{"S1901M", "england", "A Lvp - Wal", "A lvp - wal", "", nil},
		{"S1901M", "england", "F Edi - Cly", "F edi - cly", "", nil},
		{"S1901M", "france", "F Bre - Pic", "F bre - pic", "", nil},
		{"S1901M", "france", "A Par - Gas", "A par - gas", "", nil},
		{"S1901M", "germany", "A Mun - Bur", "A mun - bur", "", nil},
		{"S1901M", "germany", "A Mun - Ruh", "A mun - ruh", "", nil},
		{"S1901M", "austria", "A Vie - Boh", "A vie - boh", "", nil},
		{"S1901M", "austria", "A Vie - Tyr", "A vie - tyr", "", nil},

		// Other judges' verbs: njudge's r, d, w, t.
		{"F1902R", "france", "A Bur r Pic", "A bur - pic", "", nil},
		{"F1903R", "england", "F Nth d", "F nth disband", "", nil},
		{"F1903R", "england", "F Nth r Edi", "F nth - edi", "", nil},
		{"W1901A", "france", "w", "waive", "", nil},
		{"W1901A", "france", "W", "waive", "", nil},
		{"S1903M", "england", "F Nth t A Lon-Bel", "F nth C A lon - bel", "", nil},
		{"S1903M", "england", "F Nth T A Lon - Bel", "F nth C A lon - bel", "", nil},
		{"S1901M", "france", "w", "", "w", nil},
		{"S1901M", "france", "A Par t A Mar - Bur", "A par C A mar - bur", "", nil}, // t is convoy, even where it cannot be
		// The diplomacy package: D, B, R, VIA, C, S, H.
		{"F1902R", "france", "A BUR D", "A bur disband", "", nil},
		{"F1902R", "france", "A BUR R PIC", "A bur - pic", "", nil},
		{"W1901A", "france", "A PAR D", "remove A par", "", nil}, // D is a removal, never a build
		{"W1901A", "france", "A BUR D", "remove A bur", "", nil},
		{"W1901A", "france", "A PAR B", "build A par", "", nil},
		{"W1901A", "russia", "F STP/NC B", "build F stp/nc", "", nil},
		{"S1903M", "england", "A LON - BEL VIA", "A lon - bel via convoy", "", nil},
		{"S1903M", "england", "F NTH C A LON - BEL", "F nth C A lon - bel", "", nil},
		{"S1901M", "france", "A PAR S A MAR - BUR", "A par S A mar - bur", "", nil},
		{"S1901M", "france", "A PAR H", "A par H", "", nil},
		{"S1901M", "france", "A PAR D", "", "", nil},
		{"S1901M", "france", "A PAR VIA", "", "", nil},

		// diplicity's orders as its players copy them.
		{"S1901M", "france", "Par Support Mar Move Bur", "A par S A mar - bur", "", nil},
		{"W1901A", "france", "Paris Build Army", "build A par", "", nil},
		{"W1901A", "russia", "stp/nc build fleet", "build F stp/nc", "", nil},
		{"W1901A", "france", "A Par build fleet", "", "fleet", nil},

		// Decorated lines.
		{"S1901M", "france", "1) A Par-Bur", "A par - bur", "", nil},
		{"S1901M", "france", "4)  Army Paris -> Burgundy", "A par - bur", "", nil},
		{"S1901M", "france", "2. F Bre - Mao", "F bre - mao", "", nil},
		{"S1901M", "france", "(3) A Mar - Spa", "A mar - spa", "", nil},
		{"S1901M", "france", "- A Mar - Spa", "A mar - spa", "", nil},
		{"S1901M", "france", "– A Mar - Spa", "A mar - spa", "", nil},
		{"S1901M", "france", "* A Mar - Spa", "A mar - spa", "", nil},
		{"S1901M", "france", "-> A Mar - Spa", "", "->", nil},
		{"F1902M", "france", "f: a burgundy holds", "A bur H", "", nil},
		{"S1901M", "england", "e: F Lon - Nth", "F lon - nth", "", nil},
		{"S1901M", "england", "f: A Par - Bur", "", "f", nil},
		{"S1901M", "england", "A(lvp) - edi", "A lvp - edi", "", nil},
		{"S1901M", "england", "A (Lvp) - Edi", "A lvp - edi", "", nil},
		{"S1901M", "england", "lvp attacks on edi", "A lvp - edi", "", nil},
		{"S1901M", "england", "lvp attacks edi", "A lvp - edi", "", nil},
		{"S1901M", "england", "f wal s mao iri", "F wal S F mao - iri", "", nil},
		{"S1901M", "france", "a par bur", "A par - bur", "", nil},
		{"S1901M", "france", "A Paris Burgundy", "A par - bur", "", nil},
		{"S1903M", "england", "f nth c a lon bel", "F nth C A lon - bel", "", nil},
		{"S1901M", "germany", "a mun s a ber sil", "A mun S A ber - sil", "", nil},
		{"F1902R", "france", "a bur pic", "A bur - pic", "", nil},
		{"S1901M", "france", "A Par Burgandy", "", "Burgandy", nil}, // no sign of a move: the name must be exact
		{"S1901M", "france", "A Par bur pic", "", "pic", nil},

		// Orders written as sentences (webDiplomacy, jDip).
		{"S1901M", "france", "The army at Paris move to Burgundy.", "A par - bur", "", nil},
		{"S1901M", "france", "The army at Paris moves to Burgundy via convoy", "A par - bur via convoy", "", nil},
		{"S1903M", "england", "The army at London move to Belgium via convoy.", "A lon - bel via convoy", "", nil},
		{"S1901M", "england", "Army in lvp supports army in edi", "A lvp S A edi", "", nil},
		{"S1901M", "france", "Fleet in Brest supports Fleet in North Africa move to Mid-Atlantic Ocean", "F bre S F naf - mao", "", nil},
		{"W1902A", "russia", "Destroy the army at Warsaw", "remove A war", "", nil},
		{"W1901A", "russia", "Destroy the army at Galicia", "remove A gal", "", nil},
		{"F1903R", "russia", "The fleet in St. Petersburg (south coast) retreats to the Gulf of Bothnia", "F stp/sc - bot", "", nil},
		{"S1901M", "germany", "The army at Munich holds.", "A mun H", "", nil},
		{"S1903M", "england", "The fleet at North Sea convoys the army at London to Belgium.", "F nth C A lon - bel", "", nil},
		{"W1901A", "france", "Build army at Paris", "build A par", "", nil},
		{"W1901A", "russia", "Build fleet at St. Petersburg (north coast)", "build F stp/nc", "", nil},
		{"S1901M", "france", "L'armata a Parigi va in Borgogna", "A par - bur", "", nil},
		{"S1901M", "france", "La flotta a Brest va nella Manica", "F bre - eng", "", nil},
		{"S1901M", "italy", "La flotta di Napoli va nel Mar Tirreno", "F nap - tys", "", nil},
		{"S1901M", "turkey", "F Smy nell'Egeo", "F smy - aeg", "", nil},
		{"S1901M", "france", "The army at Paris support hold to Marseilles", "A par S A mar", "", nil},
		{"S1901M", "france", "The army at Marseilles support move to Burgundy from Paris", "A mar S A par - bur", "", nil},
		{"S1903M", "england", "The fleet at North Sea convoy to Belgium from London", "F nth C A lon - bel", "", nil},
		{"F1902R", "france", "The army at Burgundy retreat to Picardy", "A bur - pic", "", nil},
		{"F1902R", "france", "The army at Burgundy disband", "A bur disband", "", nil},
		// "in" right after a unit says where it is, never where it goes.
		{"S1901M", "turkey", "F in Bla", "", "", nil},
		{"S1901M", "turkey", "Fleet in Ankara - Black Sea", "F ank - bla", "", nil},
	})
}

// TestNotOrder tells text that is plainly no order (greetings, signatures,
// reply headers) from orders with a fault.
func TestNotOrder(t *testing.T) {
	v := standard.Variant()
	ps := positions(t)
	prose := []string{
		"Thanks, Francesca", "Best regards", "Ciao a tutti", "Hi GM,", "Francesca", "Thanks!",
		"On Mon, 3 Mar 2025 at 10:00, Bob <b@x> wrote:", "Here are my orders for spring:",
		"Sent from my iPhone", "Inviato da iPhone", "See you in Paris", "Cheers, Bob", "Grazie mille",
		"Honestly, I suppose the alliance is a wonderful thing", // "suppose" is no misspelt "supports"
		"A presto!", "A domani, Anna",
		"Il giorno lun 3 mar 2025 alle ore 10:00 Bob <bob@example.com> ha scritto:",
		strings.Repeat("we should talk about all this before it is too late ", 5), // too long to be an order
	}
	orders := []string{
		"A Par-Brg", "F Nth C A Lon", "A Sweria - Mos", "Paris", "Par Bur", "A big thank you",
		"Burgandy", "w", "A", "F", "Hold on", "Par H", "Lon - Sweria", "Mos - Sweria", "Paris Londra",
		"A Par S", "A Par - ", "Build", "supports A Mar", "England", "Francia",
	}
	for _, k := range []string{"S1901M", "F1902R", "W1901A"} {
		for _, text := range prose {
			for _, p := range Orders(v, ps[k], v.PowerByID("france"), text) {
				checkItalian(t, p.Text, p.Err)
				if p.Err == nil || !p.Err.NotOrder {
					t.Errorf("%s %q (in %q): %+v, want a refusal with NotOrder", k, p.Text, text, p.Err)
				}
			}
		}
		for _, text := range orders {
			got := Orders(v, ps[k], v.PowerByID("france"), text)
			for _, p := range got {
				checkItalian(t, p.Text, p.Err)
				if p.Err != nil && p.Err.NotOrder {
					t.Errorf("%s %q (in %q): NotOrder set (%s)", k, p.Text, text, p.Err)
				}
			}
		}
	}
	// A lone power's name is neither an order nor prose: a heading the
	// judge reads.
	for _, text := range []string{"England", "Francia", "FRANCE"} {
		got := Orders(v, ps["S1901M"], v.PowerByID("france"), text)
		if len(got) != 1 || got[0].Err == nil || got[0].Err.NotOrder {
			t.Errorf("%q: %+v, want a refusal without NotOrder", text, got)
		}
	}
}
