package examples

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// seedGame is the worked example ("ESEMPIO DI GIOCO") of the Italian
// rulebook (../shared/seeds/002_31f6203e24e5c594.txt), Spring 1901 to the
// Winter 1902 adjustments. Each phase's orders are the rulebook's lines as
// printed, misprints and all; the builds, given there in prose, are
// written as orders. moved lists the moves the rulebook says take place
// (as the parser normalises them): every other move must fail. invalid
// lists the order texts the judge must refuse.
var seedGame = []struct {
	phase   string
	orders  string
	moved   []string
	invalid []string
	removed []string // units lost without an order of their own
}{
	{
		phase: "S1901M",
		orders: `INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg
GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den.
RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla
TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla.
AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb.
ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion.
FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic.`,
		// "Tutti questi spostamenti possono aver luogo, fatta eccezione per
		// le due unità inviate contemporaneamente in Galizia e le due in Mar Nero."
		moved: []string{"A lvp - yor", "F lon - nth", "F edi - nwg", "A ber - kie", "A mun - ruh", "F kie - den",
			"A mos - ukr", "F stp/sc - bot", "A con - bul", "A smy - con", "A vie - tri", "F tri - alb",
			"A ven - pie", "A rom - ven", "F nap - ion", "A par - bur", "A mar - spa", "F bre - pic"},
	},
	{
		phase: "F1901M",
		orders: `INGHILTERRA: A Yor-Nwy, F Nth Sea C A Yor-Nwy, F Nrg-Bar.
GERMANIA: A Kie-Hol, A Ruh-Bel, F Stands.
RUSSIA: A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum.
TURCHIA: A Bul-Ser, A Con-Bul, F Ank-Bla.
AUSTRIA-UNGHERIA: A Tri Stands, A Bud-Ser, F Alb-Gre.
ITALIA: A Ven Stands, A Pie-Mar, F Ion-Tun.
FRANCIA: A Bur-Mar, A Spa-Por, F Pic-Bel.`,
		// All take place except the two into Belgium, the two into
		// Marseilles, the two into Serbia, and Constantinople-Bulgaria.
		moved: []string{"A yor - nwy", "F nwg - bar", "A kie - hol", "A war - gal", "F bot - swe", "F sev - rum",
			"F ank - bla", "F alb - gre", "F ion - tun", "A spa - por"},
	},
	{
		phase: "W1901A",
		// "l'Inghilterra decide di costruire F Edi, la Germania F Kie e A Mun,
		// la Russia A StP e A Sev, la Turchia A Smy, l'Austria-Ungheria A Vie,
		// l'Italia F Nap, la Francia F Mar."
		orders: `INGHILTERRA: Build F Edi
GERMANIA: Build F Kie, Build A Mun
RUSSIA: Build A StP, Build A Sev
TURCHIA: Build A Smy
AUSTRIA-UNGHERIA: Build A Vie
ITALIA: Build F Nap
FRANCIA: Build F Mar`,
	},
	{
		phase: "S1902M",
		orders: `GERMANIA: A Hol-Bel, A Ruh S Hol-Bel, A Mun-Bur, F Den Stands, F Kie-Hol.
RUSSIA: A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, F Rum Stands.
TURCHIA: A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum.
AUSTRIA-UNGHERIA: A Tri-Bud, A Vie-Bud, A Bud-Ser, F Stands.
ITALIA: A Ven Stands, A Pie-Mar, F Tun-Wes, F Nap-Tyr.
FRANCIA: A Bur S F Pic-Bel, A Por-Spa, F Pic-Bel, F Mar Stands.
INGHILTERRA: A Nwy-StP, F Nth-Nwy, F Bar S Nwy-StP, F Edi-Nth.`,
		// "Hanno luogo solo le seguenti mosse Hol-Bel, Kie-Hol, Smy-Arm,
		// Bud-Ser, Tun-Wes, Nap-Tyr, Por-Spa."
		moved: []string{"A hol - bel", "F kie - hol", "A smy - arm", "A bud - ser", "F tun - wes", "F nap - tys", "A por - spa"},
	},
	{
		phase: "F1902M",
		orders: `GERMANIA: A Ruh-Bur, A Mun S Ruh-Bur, A Bel S Ruh-Bur, F Den-Swe, F Hol S A Bel.
RUSSIA: A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S F Rum, A Gal S F Rum, A Ukr S A Sev.
TURCHIA: A Bul-Rum, A Con-Bul, A Arm-Sev, F S A Bul-Rum.
AUSTRIA-UNGHERIA: A Vie-Gal, A Tri-Bud, A Ser S Turk, A Bul-Rum, F Stands.
ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.
FRANCIA: A Bur-Bel, F Pic S Bur-Bel, A Spa S F Mar, F Mar S A Spa.
INGHILTERRA: A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth.`,
		// "Hanno luogo solo le seguenti mosse: Nwy-StP, Nth-Nwy, Edi-Nth,
		// Ruh-Bur, Bul-Rum, Con-Bul, Tri-Bud, Wes-Mid, Tyr-Gul. La flotta
		// russa in Romania è annientata."
		moved:   []string{"A nwy - stp", "F nth - nwy", "F edi - nth", "A ruh - bur", "A bul - rum", "A con - bul", "A tri - bud", "F wes - mao", "F tys - lyo"},
		invalid: []string{"A Ven-Pie-Mar"},
		removed: []string{"F rum"},
	},
	{
		phase: "F1902R",
		// "Ritirate: Russia: StP-Mos; Francia: Bur-Gas."
		orders: `RUSSIA: A StP-Mos
FRANCIA: A Bur-Gas`,
		moved: []string{"A stp - mos", "A bur - gas"},
	},
	{
		phase: "W1902A",
		// "La Germania decide di costruire F Kiel, la Russia scioglie A Gal,
		// la Turchia costruisce F Smyrne, l'Austria-Ungheria costruisce A Tri,
		// l'Italia non ha mutamenti da apportare, la Francia costruisce
		// A Paris, l'Inghilterra costruisce F Lon."
		orders: `GERMANIA: Build F Kiel
RUSSIA: Remove A Gal
TURCHIA: Build F Smyrne
AUSTRIA-UNGHERIA: Build A Tri
FRANCIA: Build A Paris
INGHILTERRA: Build F Lon`,
	},
}

// TestSeedGame plays the rulebook's game under both editions: the seed
// follows the 1971 rules, and nothing in its example depends on where the
// editions differ.
func TestSeedGame(t *testing.T) {
	for _, rules := range []adjudicator.Rules{adjudicator.Rules1971, adjudicator.Rules2023} {
		t.Run(rules.String(), func(t *testing.T) { playSeedGame(t, rules) })
	}
}

func playSeedGame(t *testing.T, rules adjudicator.Rules) {
	v := standard.Variant()
	pos := &adjudicator.Position{
		Phase:   adjudicator.Phase{Year: 1901, Season: adjudicator.Spring, Type: adjudicator.Movement},
		Units:   slices.Clone(v.StartUnits),
		Centers: slices.Clone(v.StartCenters),
	}
	for _, ph := range seedGame {
		if got := pos.Phase.String(); got != ph.phase {
			t.Fatalf("the game reached %s, the rulebook plays %s next", got, ph.phase)
		}
		var orders []adjudicator.Order
		var texts []string
		for _, line := range strings.Split(ph.orders, "\n") {
			label, _, _ := strings.Cut(line, ":")
			power, err := parser.Power(v, label)
			if err != nil {
				t.Fatalf("%s: power %q: %v", ph.phase, label, err)
			}
			for _, p := range parser.Orders(v, pos, power, line) {
				if p.Err != nil {
					if !slices.Contains(ph.invalid, p.Text) {
						t.Errorf("%s: %s: %q refused: %v", ph.phase, label, p.Text, p.Err)
					}
					continue
				}
				if slices.Contains(ph.invalid, p.Text) {
					t.Errorf("%s: %q read as %q, the rulebook refuses it", ph.phase, p.Text, parser.Format(v, p.Order))
				}
				orders = append(orders, p.Order)
				texts = append(texts, p.Text)
			}
		}
		res, err := adjudicator.Resolve(v, rules, pos, orders)
		if err != nil {
			t.Fatalf("%s: %v", ph.phase, err)
		}
		for i, o := range orders {
			canon := parser.Format(v, o)
			r := res.Results[i]
			if r.Outcome == adjudicator.Invalid {
				t.Errorf("%s: %q (%s) invalid: %s", ph.phase, texts[i], canon, r.Reason)
				continue
			}
			if o.Type != adjudicator.Move && o.Type != adjudicator.RetreatTo {
				continue
			}
			if want := slices.Contains(ph.moved, canon); want != (r.Outcome == adjudicator.Succeeds) {
				t.Errorf("%s: %q (%s) %s (%s); the rulebook says it %s", ph.phase, texts[i], canon, r.Outcome, r.Reason, map[bool]string{true: "takes place", false: "fails"}[want])
			}
		}
		var removed []string
		for _, u := range res.Removed {
			removed = append(removed, u.Type.String()+" "+v.Locs[u.Loc].ID)
		}
		if !slices.Equal(removed, ph.removed) {
			t.Errorf("%s: removed without orders %v, want %v", ph.phase, removed, ph.removed)
		}
		pos = &res.Next
	}
	if got := pos.Phase.String(); got != "S1903M" {
		t.Errorf("after the 1902 adjustments the game is at %s, want S1903M", got)
	}
	// The rulebook's builds: everyone's units now match their centres.
	centers, units := adjudicator.Count(v, pos)
	want := map[string]int{"england": 5, "germany": 6, "russia": 4, "turkey": 5, "austria": 5, "italy": 4, "france": 5}
	for p := range v.Powers {
		id := v.Powers[p].ID
		if centers[p] != want[id] || units[p] != want[id] {
			t.Errorf("%s: %d centres and %d units after 1902, want %d of each", id, centers[p], units[p], want[id])
		}
	}
	for _, u := range []string{"F kie", "F smy", "A tri", "A par", "F lon", "A mos", "A gas"} {
		if !hasUnit(v, pos, u) {
			t.Errorf("after 1902 there is no %s", u)
		}
	}
	if hasUnit(v, pos, "A gal") {
		t.Errorf("Russia's A gal should have been removed")
	}
}

func hasUnit(v *variants.Variant, pos *adjudicator.Position, s string) bool {
	for _, u := range pos.Units {
		if u.Type.String()+" "+v.Locs[u.Loc].ID == s {
			return true
		}
	}
	return false
}
