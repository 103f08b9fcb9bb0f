package examples

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/game/diplomacy"
)

// SeedPhase is one phase of the rulebook's worked game.
type SeedPhase struct {
	Phase   string   // the phase, e.g. S1901M
	Orders  string   // one line per power, "POWER: order, order, ..."
	Moved   []string // the moves that take place, as the parser writes them
	Invalid []string // the order texts the judge must refuse
	Removed []string // units lost without an order of their own
}

// Seed is the worked example ("ESEMPIO DI GIOCO") of the Italian
// rulebook (../shared/seeds/002_31f6203e24e5c594.txt), Spring 1901 to the
// Winter 1902 adjustments. Each phase's orders are the rulebook's lines as
// printed, misprints and all; the builds, given there in prose, are
// written as orders. The acceptance tests (this package's test, the judge's
// demo and its integration test) play it and check the stated outcomes.
var Seed = []SeedPhase{
	{
		Phase: "S1901M",
		Orders: `INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg
GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den.
RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla
TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla.
AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb.
ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion.
FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic.`,
		// "Tutti questi spostamenti possono aver luogo, fatta eccezione per
		// le due unità inviate contemporaneamente in Galizia e le due in Mar Nero."
		Moved: []string{"A lvp - yor", "F lon - nth", "F edi - nwg", "A ber - kie", "A mun - ruh", "F kie - den",
			"A mos - ukr", "F stp/sc - bot", "A con - bul", "A smy - con", "A vie - tri", "F tri - alb",
			"A ven - pie", "A rom - ven", "F nap - ion", "A par - bur", "A mar - spa", "F bre - pic"},
	},
	{
		Phase: "F1901M",
		Orders: `INGHILTERRA: A Yor-Nwy, F Nth Sea C A Yor-Nwy, F Nrg-Bar.
GERMANIA: A Kie-Hol, A Ruh-Bel, F Stands.
RUSSIA: A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum.
TURCHIA: A Bul-Ser, A Con-Bul, F Ank-Bla.
AUSTRIA-UNGHERIA: A Tri Stands, A Bud-Ser, F Alb-Gre.
ITALIA: A Ven Stands, A Pie-Mar, F Ion-Tun.
FRANCIA: A Bur-Mar, A Spa-Por, F Pic-Bel.`,
		// All take place except the two into Belgium, the two into
		// Marseilles, the two into Serbia, and Constantinople-Bulgaria.
		Moved: []string{"A yor - nwy", "F nwg - bar", "A kie - hol", "A war - gal", "F bot - swe", "F sev - rum",
			"F ank - bla", "F alb - gre", "F ion - tun", "A spa - por"},
	},
	{
		Phase: "W1901A",
		// "l'Inghilterra decide di costruire F Edi, la Germania F Kie e A Mun,
		// la Russia A StP e A Sev, la Turchia A Smy, l'Austria-Ungheria A Vie,
		// l'Italia F Nap, la Francia F Mar."
		Orders: `INGHILTERRA: Build F Edi
GERMANIA: Build F Kie, Build A Mun
RUSSIA: Build A StP, Build A Sev
TURCHIA: Build A Smy
AUSTRIA-UNGHERIA: Build A Vie
ITALIA: Build F Nap
FRANCIA: Build F Mar`,
	},
	{
		Phase: "S1902M",
		Orders: `GERMANIA: A Hol-Bel, A Ruh S Hol-Bel, A Mun-Bur, F Den Stands, F Kie-Hol.
RUSSIA: A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, F Rum Stands.
TURCHIA: A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum.
AUSTRIA-UNGHERIA: A Tri-Bud, A Vie-Bud, A Bud-Ser, F Stands.
ITALIA: A Ven Stands, A Pie-Mar, F Tun-Wes, F Nap-Tyr.
FRANCIA: A Bur S F Pic-Bel, A Por-Spa, F Pic-Bel, F Mar Stands.
INGHILTERRA: A Nwy-StP, F Nth-Nwy, F Bar S Nwy-StP, F Edi-Nth.`,
		// "Hanno luogo solo le seguenti mosse Hol-Bel, Kie-Hol, Smy-Arm,
		// Bud-Ser, Tun-Wes, Nap-Tyr, Por-Spa."
		Moved: []string{"A hol - bel", "F kie - hol", "A smy - arm", "A bud - ser", "F tun - wes", "F nap - tys", "A por - spa"},
	},
	{
		Phase: "F1902M",
		Orders: `GERMANIA: A Ruh-Bur, A Mun S Ruh-Bur, A Bel S Ruh-Bur, F Den-Swe, F Hol S A Bel.
RUSSIA: A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S F Rum, A Gal S F Rum, A Ukr S A Sev.
TURCHIA: A Bul-Rum, A Con-Bul, A Arm-Sev, F S A Bul-Rum.
AUSTRIA-UNGHERIA: A Vie-Gal, A Tri-Bud, A Ser S Turk, A Bul-Rum, F Stands.
ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.
FRANCIA: A Bur-Bel, F Pic S Bur-Bel, A Spa S F Mar, F Mar S A Spa.
INGHILTERRA: A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth.`,
		// "Hanno luogo solo le seguenti mosse: Nwy-StP, Nth-Nwy, Edi-Nth,
		// Ruh-Bur, Bul-Rum, Con-Bul, Tri-Bud, Wes-Mid, Tyr-Gul. La flotta
		// russa in Romania è annientata."
		Moved:   []string{"A nwy - stp", "F nth - nwy", "F edi - nth", "A ruh - bur", "A bul - rum", "A con - bul", "A tri - bud", "F wes - mao", "F tys - lyo"},
		Invalid: []string{"A Ven-Pie-Mar"},
		Removed: []string{"F rum"},
	},
	{
		Phase: "F1902R",
		// "Ritirate: Russia: StP-Mos; Francia: Bur-Gas."
		Orders: `RUSSIA: A StP-Mos
FRANCIA: A Bur-Gas`,
		Moved: []string{"A stp - mos", "A bur - gas"},
	},
	{
		Phase: "W1902A",
		// "La Germania decide di costruire F Kiel, la Russia scioglie A Gal,
		// la Turchia costruisce F Smyrne, l'Austria-Ungheria costruisce A Tri,
		// l'Italia non ha mutamenti da apportare, la Francia costruisce
		// A Paris, l'Inghilterra costruisce F Lon."
		Orders: `GERMANIA: Build F Kiel
RUSSIA: Remove A Gal
TURCHIA: Build F Smyrne
AUSTRIA-UNGHERIA: Build A Tri
FRANCIA: Build A Paris
INGHILTERRA: Build F Lon`,
	},
}

// Check compares what a judge made of this phase (resp, a phase's results
// as package diplomacy writes them) with what the rulebook states, and lists
// every difference in words: a move that should have taken place and did
// not, or the other way round, and units lost without an order.
func (ph SeedPhase) Check(resp *diplomacy.Response) []string {
	var diffs []string
	if resp.Phase != ph.Phase {
		return []string{fmt.Sprintf("results are of %s, the rulebook plays %s", resp.Phase, ph.Phase)}
	}
	moved := map[string]bool{}
	for _, m := range ph.Moved {
		moved[m] = false
	}
	for _, power := range slices.Sorted(maps.Keys(resp.Results)) {
		for _, r := range resp.Results[power] {
			if !strings.Contains(r.Parsed, " - ") || strings.Contains(r.Parsed, " S ") || strings.Contains(r.Parsed, " C ") {
				continue // not a move or retreat
			}
			_, want := moved[r.Parsed]
			got := r.Result == "succeeds"
			if want {
				moved[r.Parsed] = true
			}
			if want != got {
				diffs = append(diffs, fmt.Sprintf("%s: %s %s (%s), the rulebook says it %s", ph.Phase, r.Parsed, r.Result, r.Reason, map[bool]string{true: "takes place", false: "fails"}[want]))
			}
		}
	}
	for _, m := range ph.Moved {
		if !moved[m] {
			diffs = append(diffs, fmt.Sprintf("%s: %s was not ordered, the rulebook has it take place", ph.Phase, m))
		}
	}
	var removed []string
	for _, power := range slices.Sorted(maps.Keys(resp.Removed)) {
		removed = append(removed, resp.Removed[power]...)
	}
	if strings.Join(removed, ", ") != strings.Join(ph.Removed, ", ") {
		diffs = append(diffs, fmt.Sprintf("%s: removed without orders: %v, the rulebook: %v", ph.Phase, removed, ph.Removed))
	}
	return diffs
}
