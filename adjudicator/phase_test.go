package adjudicator

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

func TestParsePhase(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		bad      bool
	}{
		{in: "S1901M", want: "S1901M"},
		{in: "f1902r", want: "F1902R"},
		{in: "W1901A", want: "W1901A"},
		{in: "W1901B", want: "W1901A"},
		{in: "S1901A", bad: true},
		{in: "W1901M", bad: true},
		{in: "X1901M", bad: true},
		{in: "S19x1M", bad: true},
		{in: "SM", bad: true},
		{in: "", bad: true},
	} {
		p, err := ParsePhase(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("ParsePhase(%q) = %s, want an error", tc.in, p)
			}
			continue
		}
		if err != nil || p.String() != tc.want {
			t.Errorf("ParsePhase(%q) = %s, %v; want %s", tc.in, p, err, tc.want)
		}
	}
}

// position builds a position from "ENG: F lon" units in the given phase,
// with the standard start's centres changed by owners ("lon": "FRA").
func position(t *testing.T, phase string, units []string, owners map[string]string) (*variants.Variant, *Position) {
	t.Helper()
	v := standard.Variant()
	ph, err := ParsePhase(phase)
	if err != nil {
		t.Fatal(err)
	}
	pos := &Position{Phase: ph, Centers: slices.Clone(v.StartCenters)}
	for _, s := range units {
		u, err := datcUnit(v, s)
		if err != nil {
			t.Fatal(err)
		}
		pos.Units = append(pos.Units, u)
	}
	for prov, code := range owners {
		pos.Centers[v.Loc(prov)] = datcPower(v, code)
	}
	return v, pos
}

func orders(t *testing.T, v *variants.Variant, phase PhaseType, list ...string) []Order {
	t.Helper()
	var out []Order
	for _, s := range list {
		o, err := parseDATCOrder(v, phase, s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

var startUnits = []string{
	"AUS: A vie", "AUS: A bud", "AUS: F tri", "ENG: F lon", "ENG: F edi", "ENG: A lvp",
	"FRA: F bre", "FRA: A par", "FRA: A mar", "GER: F kie", "GER: A ber", "GER: A mun",
	"ITA: F nap", "ITA: A rom", "ITA: A ven", "RUS: F stp(sc)", "RUS: A mos", "RUS: A war",
	"RUS: F sev", "TUR: F ank", "TUR: A con", "TUR: A smy",
}

// withoutLondon is the start less England's fleet in London.
var withoutLondon = slices.DeleteFunc(slices.Clone(startUnits), func(s string) bool { return s == "ENG: F lon" })

func TestPhaseSequence(t *testing.T) {
	for _, tc := range []struct {
		name   string
		phase  string
		units  []string
		owners map[string]string
		orders []string
		next   string
		// then is the phase after next, resolved without orders; "" leaves
		// it unchecked.
		then string
	}{
		{name: "spring goes to fall", phase: "S1901M", units: []string{"ENG: F lon"}, next: "F1901M"},
		{name: "fall with nothing to adjust skips winter", phase: "F1901M", units: startUnits, next: "S1902M"},
		{name: "fall gain leads to winter", phase: "F1901M", units: append(withoutLondon, "ENG: F nth"),
			orders: []string{"ENG: F nth -> nwy"}, next: "W1901A"},
		{name: "a build owed but no vacant home centre skips winter", phase: "F1901M",
			units: startUnits, owners: map[string]string{"nwy": "ENG"}, next: "S1902M"},
		{name: "a removal owed leads to winter", phase: "F1901M", units: append(startUnits[:len(startUnits):len(startUnits)], "ENG: F nth"), next: "W1901A"},
		{name: "dislodged with a retreat leads to retreats", phase: "S1901M",
			units: []string{"GER: A mun", "GER: A ruh", "FRA: A bur"}, orders: []string{"GER: A mun -> bur", "GER: A ruh supports A mun -> bur"}, next: "S1901R", then: "F1901M"},
		{name: "dislodged without a retreat is removed and retreats skipped", phase: "S1901M",
			units:  []string{"TUR: F bla", "TUR: A bul", "RUS: F rum", "AUS: A ser", "AUS: A bud", "RUS: A gal", "RUS: A ukr", "RUS: A sev"},
			orders: []string{"TUR: A bul -> rum", "TUR: F bla supports A bul -> rum"}, next: "F1901M"},
		{name: "winter goes to the next spring", phase: "W1901A", units: []string{"ENG: F lon"}, next: "S1902M"},
		{name: "fall retreats go to winter when centres change", phase: "F1901M",
			units:  []string{"GER: A mun", "GER: A ruh", "FRA: A bur", "GER: A ber", "GER: F kie"},
			orders: []string{"GER: A mun -> bur", "GER: A ruh supports A mun -> bur"}, next: "F1901R", then: "W1901A"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, pos := position(t, tc.phase, tc.units, tc.owners)
			res, err := Resolve(v, Rules2023, pos, orders(t, v, pos.Phase.Type, tc.orders...))
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Next.Phase.String(); got != tc.next {
				t.Errorf("next phase %s, want %s", got, tc.next)
			}
			if tc.then == "" {
				return
			}
			next := res.Next
			if res, err = Resolve(v, Rules2023, &next, nil); err != nil {
				t.Fatal(err)
			}
			if got := res.Next.Phase.String(); got != tc.then {
				t.Errorf("phase after %s: %s, want %s", tc.next, got, tc.then)
			}
		})
	}
}

func TestCentresChangeAfterFallOnly(t *testing.T) {
	v, pos := position(t, "S1901M", []string{"ENG: F nth"}, nil)
	res, err := Resolve(v, Rules2023, pos, orders(t, v, Movement, "ENG: F nth -> nwy"))
	if err != nil {
		t.Fatal(err)
	}
	if o := res.Next.Centers[v.Loc("nwy")]; o != variants.NoPower {
		t.Fatalf("Norway owned by %d after spring, want neutral until fall", o)
	}
	next := res.Next
	res, err = Resolve(v, Rules2023, &next, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := res.Next.Centers[v.Loc("nwy")]; o != v.PowerByID("england") {
		t.Fatalf("Norway owned by %d after fall, want England", o)
	}
}

func TestWinner(t *testing.T) {
	owners := map[string]string{}
	for _, c := range strings.Fields("lon edi lvp nwy swe den hol bel bre par mar spa por kie ber mun stp mos") {
		owners[c] = "ENG"
	}
	v, pos := position(t, "F1910M", []string{"ENG: F nth"}, owners)
	res, err := Resolve(v, Rules2023, pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Winner != v.PowerByID("england") {
		t.Errorf("winner %d with 18 centres, want England", res.Winner)
	}
	// The winner stays named in the phases that follow.
	if next := res.Next; next.Phase.Type == Adjustment {
		if res, _ := Resolve(v, Rules2023, &next, nil); res.Winner != v.PowerByID("england") {
			t.Errorf("winner %d after the winter, want England still", res.Winner)
		}
	} else {
		t.Errorf("next phase %s, want the winter adjustments", next.Phase)
	}
	delete(owners, "mos")
	v, pos = position(t, "F1910M", []string{"ENG: F nth"}, owners)
	pos.Centers[v.Loc("mos")] = variants.NoPower
	if res, _ = Resolve(v, Rules2023, pos, nil); res.Winner != variants.NoPower {
		t.Errorf("winner %d with 17 centres, want none", res.Winner)
	}
}

func TestValidateRefusesImpossiblePositions(t *testing.T) {
	v := standard.Variant()
	lon, stp, mun := v.Loc("lon"), v.Loc("stp"), v.Loc("mun")
	unit := func(t variants.UnitType, p variants.Power, l variants.Loc) variants.Unit {
		return variants.Unit{Type: t, Power: p, Loc: l}
	}
	for _, tc := range []struct {
		name  string
		units []variants.Unit
		want  string
	}{
		{"two units in one province", []variants.Unit{unit(variants.Army, 0, lon), unit(variants.Fleet, 1, lon)}, "two units in lon"},
		{"fleet inland", []variants.Unit{unit(variants.Fleet, 0, mun)}, "cannot stand there"},
		{"fleet on a split province without coast", []variants.Unit{unit(variants.Fleet, 5, stp)}, "named coast"},
		{"army at sea", []variants.Unit{unit(variants.Army, 0, v.Loc("nth"))}, "cannot stand there"},
		{"unknown power", []variants.Unit{unit(variants.Army, 9, lon)}, "no known power"},
	} {
		pos := &Position{Phase: Phase{1901, Spring, Movement}, Units: tc.units, Centers: slices.Clone(v.StartCenters)}
		if _, err := Resolve(v, Rules2023, pos, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func TestDuplicateOrderLastWins(t *testing.T) {
	v, pos := position(t, "S1901M", []string{"FRA: A par"}, nil)
	res, err := Resolve(v, Rules2023, pos, orders(t, v, Movement, "FRA: A par -> bur", "FRA: A par -> pic"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Results[0] != (Result{Invalid, DuplicateOrder}) || res.Results[1].Outcome != Succeeds {
		t.Errorf("results %v, want the first replaced and the second executed", res.Results)
	}
	if !slices.Contains(res.Next.Units, variants.Unit{Type: variants.Army, Power: v.PowerByID("france"), Loc: v.Loc("pic")}) {
		t.Errorf("units %v, want A pic", res.Next.Units)
	}
}

func TestReasonsHaveWords(t *testing.T) {
	for r := NoReason + 1; r <= Paradox; r++ {
		if s := r.String(); s == "" || s == "unknown reason" {
			t.Errorf("reason %d has no words", r)
		}
	}
}

// A power in civil disorder (seed XIV.3) or absent (XIV.2): a dislodged
// unit is disbanded at once, and it builds nothing.
func TestDisorder(t *testing.T) {
	v, pos := position(t, "F1901M", []string{"GER: A mun", "GER: A ruh", "FRA: A bur", "ITA: A ven", "ITA: A rom", "AUS: A tyr", "AUS: A tri"},
		map[string]string{"bel": "ITA"})
	pos.Disorder.Add(v.PowerByID("france"))
	pos.Disorder.Add(v.PowerByID("italy"))
	res, err := Resolve(v, Rules2023, pos, orders(t, v, Movement,
		"GER: A mun -> bur", "GER: A ruh supports A mun -> bur", "AUS: A tyr -> ven", "AUS: A tri supports A tyr -> ven"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Next.Dislodged) != 0 || len(res.Removed) != 2 {
		t.Fatalf("dislodged %v, removed %v: want the French and Italian armies disbanded at once", res.Next.Dislodged, res.Removed)
	}
	if res.Next.Phase.String() != "W1901A" || !res.Next.Disorder.Has(v.PowerByID("italy")) {
		t.Fatalf("next %s, disorder %b", res.Next.Phase, res.Next.Disorder)
	}
	// Italy owns bel, rom, nap, ven... but builds nothing.
	next := res.Next
	res, err = Resolve(v, Rules2023, &next, orders(t, v, Adjustment, "ITA: A nap build"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Results[0] != (Result{Invalid, InDisorder}) {
		t.Errorf("Italy's build: %v, want refused for civil disorder", res.Results[0])
	}
}

// TestClosed checks the two-player game's neutral Italy (seed XIV.2): no
// move, support, convoy or retreat may enter a closed province, and the
// closed set carries over.
func TestClosed(t *testing.T) {
	v, pos := position(t, "S1914M", []string{"ITA: A ven", "AUS: A tyr", "AUS: A tri", "FRA: A mar", "FRA: F lyo", "FRA: F tys", "GER: A mun", "GER: A boh", "FRA: A pie"}, nil)
	for _, id := range []string{"ven", "pie", "tus", "rom", "nap", "apu"} {
		pos.Closed.Add(v.Loc(id))
	}
	res, err := Resolve(v, Rules2023, pos, orders(t, v, Movement,
		"AUS: A tyr -> ven", "AUS: A tri supports A tyr -> ven", "FRA: F tys -> tus",
		"FRA: A mar -> tus", "FRA: F lyo convoys A mar -> tus",
		"GER: A mun -> tyr", "GER: A boh supports A mun -> tyr"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []Result{{Invalid, Neutral}, {Invalid, Neutral}, {Invalid, Neutral}, {Invalid, Neutral}, {Invalid, Neutral}, {Succeeds, NoReason}, {Succeeds, NoReason}} {
		if res.Results[i] != want {
			t.Errorf("order %d: %v, want %v", i, res.Results[i], want)
		}
	}
	// The Austrian army dislodged from Tyrolia may not retreat into Italy
	// (ven, pie) but may go to Vienna; the closed set carries over.
	if len(res.Next.Dislodged) != 1 {
		t.Fatalf("dislodged %v, want the army from tyr", res.Next.Dislodged)
	}
	d := res.Next.Dislodged[0]
	if d.Retreats.Has(v.Loc("ven")) || d.Retreats.Has(v.Loc("pie")) || !d.Retreats.Has(v.Loc("vie")) {
		t.Errorf("retreats from tyr: %v", d.Retreats)
	}
	if res.Next.Closed != pos.Closed {
		t.Errorf("closed set not carried over")
	}
	next := res.Next
	res, err = Resolve(v, Rules2023, &next, orders(t, v, Retreat, "AUS: A tyr -> pie"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Results[0] != (Result{Invalid, Neutral}) {
		t.Errorf("retreat into Piedmont: %v, want refused as neutral", res.Results[0])
	}
}
