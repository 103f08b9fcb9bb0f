package adjudicator

// The test cases of chapter 6 of the Diplomacy Adjudicator Test Cases
// (DATC v3.0, L. B. Kruijswijk), run against Resolve on the standard map.
//
// Most cases come from testdata/datc/datc.json, a machine-readable copy of
// chapter 6 (MIT licence, testdata/datc/datc.json.LICENSE). Where that copy
// departs from the document, misses a case or cannot express it, the case is
// written by hand from the document in datc_cases_test.go, which also adds
// the checks the json lacks (dislodged units, supports the document states an
// outcome for, the 1971 edition's results). The document wins.
//
// Every case runs under Rules2023 and, unless the document gives no 1971
// answer, under Rules1971 as well; subtests are named "6.A.1" (2023) and
// "6.A.1/1971".

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// datcDocument is the DATC itself, beside the project (../shared/reference),
// relative to this package's directory.
const datcDocument = "../../shared/reference/DATC_v3_0.txt"

// datcPhase is the shape of a case.
type datcPhase uint8

const (
	datcMain    datcPhase = iota // one movement phase
	datcRetreat                  // a movement phase, then the retreats it causes
	datcBuild                    // one adjustment phase
)

func (p datcPhase) String() string {
	switch p {
	case datcRetreat:
		return "retreat"
	case datcBuild:
		return "build"
	}
	return "main"
}

// datcCheck is one order of a case, written the way datc.json writes orders
// ("ENG: A lon -> bel", "F nth convoys lon -> bel", "A lvp supports A yor",
// "F stp build", "A par disband"), with the outcome the document expects:
// "Succeeds"; "Fails", met by Fails and by Invalid (an illegal order fails);
// "Invalid", met by Invalid only; or "" when the outcome is not checked.
type datcCheck struct {
	order string
	want  string
}

// datcCase is one test case of DATC chapter 6.
type datcCase struct {
	id      string  // the DATC number: "6.A.1"
	variant string  // tells apart several cases under one number ("second")
	rules   []Rules // the editions the case runs under
	phase   datcPhase
	source  string // "document", or the datc.json entry it was read from

	// units are the units on the board before the first phase besides the
	// ones the movement orders name ("ENG: F lon"). Every movement order
	// names its unit: the ordering power's unit of the written type at the
	// written place, unless units already has a unit in that province (as in
	// 6.A.6, where Germany orders England's fleet).
	units []string
	// owners changes the 1901 supply centre ownership for build cases:
	// centre → the owning power's code ("war": "GER").
	owners map[string]string

	main      []datcCheck // the movement phase of main and retreat cases
	dislodged []string    // the units the movement phase dislodges, exactly; nil: unchecked
	orders    []datcCheck // the retreat or adjustment orders

	// removed are the units the last phase takes off without an order of
	// their own (civil disorder), exactly; after are all units on the board
	// once the last phase is resolved, exactly. nil leaves them unchecked.
	removed []string
	after   []string
}

// datcRun is a case under one edition.
type datcRun struct {
	name  string // subtest name: "6.A.1", "6.G.2/1971", "6.J.9-second"
	rules Rules
	skip  string // why the run is skipped, if it is
	c     datcCase
}

func datcRunName(id, variant string, rules Rules) string {
	name := id
	if variant != "" {
		name += "-" + variant
	}
	if rules != Rules2023 {
		name += "/" + rules.String()
	}
	return name
}

// TestDATC runs every case of DATC chapter 6.
func TestDATC(t *testing.T) {
	v := standard.Variant()
	runs, err := datcRuns()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			if r.skip != "" {
				t.Skip(r.skip)
			}
			datcRunCase(t, v, r)
		})
	}
}

// TestDATCTable checks the test data itself, without adjudicating: every
// unit and order parses against the standard map and every expectation is
// one of the known words. It passes or fails independently of Resolve.
func TestDATCTable(t *testing.T) {
	v := standard.Variant()
	runs, err := datcRuns()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		c := &r.c
		for _, u := range append(append(append(slices.Clone(c.units), c.dislodged...), c.removed...), c.after...) {
			if _, err := datcUnit(v, u); err != nil {
				t.Errorf("%s: %v", r.name, err)
			}
		}
		for centre, owner := range c.owners {
			if l := v.Loc(centre); l == variants.NoLoc || !v.Locs[l].SupplyCenter {
				t.Errorf("%s: owner of %q: not a supply centre", r.name, centre)
			}
			if datcPower(v, owner) == variants.NoPower {
				t.Errorf("%s: owner of %s: unknown power %q", r.name, centre, owner)
			}
		}
		phases := []struct {
			t      PhaseType
			checks []datcCheck
		}{{Movement, c.main}, {Retreat, c.orders}}
		if c.phase == datcBuild {
			phases[1].t = Adjustment
		}
		for _, ph := range phases {
			for _, ch := range ph.checks {
				if _, err := parseDATCOrder(v, ph.t, ch.order); err != nil {
					t.Errorf("%s: %v", r.name, err)
				}
				switch ch.want {
				case "", "Succeeds", "Fails", "Invalid":
				default:
					t.Errorf("%s: order %q: unknown expectation %q", r.name, ch.order, ch.want)
				}
			}
		}
	}
}

// TestDATCCoverage fails when a test case heading of DATC chapter 6 ("6.D.16.
// TEST CASE, ...") has no case in the suite, or a case names no heading.
func TestDATCCoverage(t *testing.T) {
	runs, err := datcRuns()
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	count := map[Rules]int{}
	skipped := map[Rules]int{}
	other := 0
	for _, r := range runs {
		switch {
		case len(r.c.rules) == 0:
			other++ // a datc.json entry of an edition that is not ours
		case r.skip != "":
			skipped[r.rules]++
		default:
			covered[r.c.id] = true
			count[r.rules]++
		}
	}
	t.Logf("cases run: %d under the 2023 rules, %d under the 1971 rules; skipped: %d (2023), %d (1971), %d datc.json entries of other editions",
		count[Rules2023], count[Rules1971], skipped[Rules2023], skipped[Rules1971], other)

	doc, err := os.ReadFile(filepath.FromSlash(datcDocument))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("the DATC document is not at %s (it lives in ../shared/reference beside the project): the headings cannot be checked", datcDocument)
	}
	if err != nil {
		t.Fatal(err)
	}
	headings := regexp.MustCompile(`(?m)^(6\.[A-Z]\.[0-9]+)\.?\s+TEST CASE`).FindAllSubmatch(doc, -1)
	if len(headings) < 150 {
		t.Fatalf("%s: found only %d test case headings: has the document's layout changed?", datcDocument, len(headings))
	}
	inDoc := map[string]bool{}
	for _, h := range headings {
		id := string(h[1])
		inDoc[id] = true
		if !covered[id] {
			t.Errorf("DATC %s has no test case in the suite (or all its runs are skipped)", id)
		}
	}
	for id := range covered {
		if !inDoc[id] {
			t.Errorf("the suite has a case %s, which is no test case heading of the document", id)
		}
	}
}

// datcRunCase adjudicates one run and reports every difference from the case.
func datcRunCase(t *testing.T, v *variants.Variant, r datcRun) {
	t.Helper()
	c := &r.c
	centers := slices.Clone(v.StartCenters)
	for centre, owner := range c.owners {
		centers[v.Loc(centre)] = datcPower(v, owner)
	}
	// trace shows every phase resolved so far in failure messages.
	var trace strings.Builder
	resolve := func(what string, pos *Position, checks []datcCheck) *Resolution {
		res := datcResolve(t, v, r, what, pos, checks)
		fmt.Fprintf(&trace, "  [%s]\n%s", what, datcDescribe(v, pos, checks, res, nil))
		return res
	}
	var final *Resolution
	switch c.phase {
	case datcMain, datcRetreat:
		pos := &Position{Phase: Phase{Year: 1901, Season: Spring, Type: Movement}, Centers: centers}
		pos.Units = datcStartUnits(t, v, r, Movement)
		res := resolve("movement phase", pos, c.main)
		if c.dislodged != nil {
			// Dislodged units wait in Next.Dislodged, or are gone already
			// (Removed) when they have nowhere to retreat.
			var got []string
			for _, d := range res.Next.Dislodged {
				got = append(got, datcUnitText(v, d.Unit))
			}
			for _, u := range res.Removed {
				got = append(got, datcUnitText(v, u))
			}
			datcCompareUnits(t, v, r, "dislodged by the movement phase", c.dislodged, got, trace.String())
		}
		final = res
		if c.phase == datcRetreat {
			if res.Next.Phase.Type == Retreat {
				final = resolve("retreat phase", &res.Next, c.orders)
			} else {
				datcNoRetreatPhase(t, v, r, pos, res)
			}
		}
	case datcBuild:
		pos := &Position{Phase: Phase{Year: 1901, Season: Winter, Type: Adjustment}, Centers: centers}
		pos.Units = datcStartUnits(t, v, r, Adjustment)
		final = resolve("adjustment phase", pos, c.orders)
	}
	if c.removed != nil {
		var got []string
		for _, u := range final.Removed {
			got = append(got, datcUnitText(v, u))
		}
		datcCompareUnits(t, v, r, "removed without an order (civil disorder)", c.removed, got, trace.String())
	}
	if c.after != nil {
		var got []string
		for _, u := range final.Next.Units {
			got = append(got, datcUnitText(v, u))
		}
		datcCompareUnits(t, v, r, "on the board after the last phase", c.after, got, trace.String())
	}
}

// datcNoRetreatPhase checks a retreat case whose movement phase left no unit
// able to retreat: every dislodged unit was destroyed at once (6.H.15). Then
// its retreat orders must be ones the case expects to fail, for units that
// were destroyed.
func datcNoRetreatPhase(t *testing.T, v *variants.Variant, r datcRun, pos *Position, res *Resolution) {
	t.Helper()
	for _, ch := range r.c.orders {
		o, err := parseDATCOrder(v, Retreat, ch.order)
		if err != nil {
			t.Fatalf("%s: case data: %v", r.describe(), err)
		}
		destroyed := slices.ContainsFunc(res.Removed, func(u variants.Unit) bool { return v.Province(u.Loc) == v.Province(o.Loc) })
		if ch.want == "Succeeds" || !destroyed {
			t.Errorf("%s: after the movement phase comes %s, not a retreat phase, so the retreat order %q (want %s) cannot be given\n%s",
				r.describe(), res.Next.Phase, ch.order, datcWant(ch.want), datcDescribe(v, pos, r.c.main, res, nil))
		}
	}
}

// datcStartUnits builds the units of the case's first phase.
func datcStartUnits(t *testing.T, v *variants.Variant, r datcRun, phase PhaseType) []variants.Unit {
	t.Helper()
	var units []variants.Unit
	occupied := func(l variants.Loc) bool {
		return slices.ContainsFunc(units, func(u variants.Unit) bool { return v.Province(u.Loc) == v.Province(l) })
	}
	for _, s := range r.c.units {
		u, err := datcUnit(v, s)
		if err != nil {
			t.Fatalf("%s: case data: %v", r.describe(), err)
		}
		if occupied(u.Loc) {
			t.Fatalf("%s: case data: two units in %s", r.describe(), v.Locs[v.Province(u.Loc)].ID)
		}
		units = append(units, u)
	}
	if phase != Movement {
		return units // adjustment orders name no units to put on the board
	}
	for _, ch := range r.c.main {
		o, err := parseDATCOrder(v, phase, ch.order)
		if err != nil {
			t.Fatalf("%s: case data: %v", r.describe(), err)
		}
		if occupied(o.Loc) {
			continue // the unit stands there already (6.A.6, 6.B.10, 6.B.11)
		}
		u := variants.Unit{Type: o.Unit, Power: o.Power, Loc: o.Loc}
		if !v.CanHold(u.Type, u.Loc) {
			t.Fatalf("%s: case data: order %q: a %s cannot stand in %s", r.describe(), ch.order, u.Type, v.Locs[u.Loc].ID)
		}
		units = append(units, u)
	}
	return units
}

// datcResolve parses checks, resolves pos with them and reports the orders
// whose outcome differs from the expected one.
func datcResolve(t *testing.T, v *variants.Variant, r datcRun, what string, pos *Position, checks []datcCheck) *Resolution {
	t.Helper()
	orders := make([]Order, len(checks))
	for i, ch := range checks {
		o, err := parseDATCOrder(v, pos.Phase.Type, ch.order)
		if err != nil {
			t.Fatalf("%s: case data: %v", r.describe(), err)
		}
		orders[i] = o
	}
	var res *Resolution
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Fatalf("%s, %s: Resolve panicked: %v\n%s\n%s", r.describe(), what, p,
					datcDescribe(v, pos, checks, nil, nil), debug.Stack())
			}
		}()
		var err error
		res, err = Resolve(v, r.rules, pos, orders)
		if err != nil {
			t.Fatalf("%s, %s: Resolve: %v\n%s", r.describe(), what, err, datcDescribe(v, pos, checks, nil, nil))
		}
	}()
	if len(res.Results) != len(orders) {
		t.Fatalf("%s, %s: %d results for %d orders\n%s", r.describe(), what, len(res.Results), len(orders),
			datcDescribe(v, pos, checks, nil, nil))
	}
	var bad []bool
	differs := false
	for i, ch := range checks {
		ok := datcOutcomeMeets(ch.want, res.Results[i].Outcome)
		bad = append(bad, !ok)
		differs = differs || !ok
	}
	if differs {
		t.Errorf("%s, %s: outcomes differ (marked ✗)\n%s", r.describe(), what, datcDescribe(v, pos, checks, res, bad))
	}
	return res
}

func datcOutcomeMeets(want string, got Outcome) bool {
	switch want {
	case "Succeeds":
		return got == Succeeds
	case "Fails":
		return got == Fails || got == Invalid
	case "Invalid":
		return got == Invalid
	}
	return true
}

// datcCompareUnits reports a difference between two lists of units; trace
// describes the phases resolved.
func datcCompareUnits(t *testing.T, v *variants.Variant, r datcRun, what string, want, got []string, trace string) {
	t.Helper()
	norm := make([]string, 0, len(want))
	for _, s := range want {
		u, err := datcUnit(v, s)
		if err != nil {
			t.Fatalf("%s: case data: %v", r.describe(), err)
		}
		norm = append(norm, datcUnitText(v, u))
	}
	sort.Strings(norm)
	got = slices.Clone(got)
	sort.Strings(got)
	if !slices.Equal(norm, got) {
		t.Errorf("%s: units %s differ\n  want: %s\n   got: %s\n%s", r.describe(), what,
			datcList(norm), datcList(got), trace)
	}
}

func datcList(units []string) string {
	if len(units) == 0 {
		return "(none)"
	}
	return strings.Join(units, ", ")
}

// describe names the run in failure messages.
func (r datcRun) describe() string {
	return fmt.Sprintf("DATC %s (%s rules, %s case, from %s)", r.name, r.rules, r.c.phase, r.c.source)
}

func datcWant(w string) string {
	if w == "" {
		return "-"
	}
	return w
}

// datcDescribe lists a phase's position and orders, with the outcomes when
// res is not nil and a mark on the orders bad says differ.
func datcDescribe(v *variants.Variant, pos *Position, checks []datcCheck, res *Resolution, bad []bool) string {
	var b strings.Builder
	var units []string
	for _, u := range pos.Units {
		units = append(units, datcUnitText(v, u))
	}
	fmt.Fprintf(&b, "  position %s, units: %s\n", pos.Phase, datcList(units))
	if len(pos.Dislodged) > 0 {
		var d []string
		for _, u := range pos.Dislodged {
			d = append(d, datcUnitText(v, u.Unit))
		}
		fmt.Fprintf(&b, "  dislodged: %s\n", strings.Join(d, ", "))
	}
	if pos.Phase.Type == Adjustment {
		var owned []string
		for l, p := range pos.Centers {
			if p != v.StartCenters[l] {
				owned = append(owned, fmt.Sprintf("%s→%s", v.Locs[l].ID, datcPowerCode(v, p)))
			}
		}
		if len(owned) > 0 {
			fmt.Fprintf(&b, "  centres owned otherwise than in 1901: %s\n", strings.Join(owned, ", "))
		}
	}
	for i, ch := range checks {
		mark := " "
		if bad != nil && bad[i] {
			mark = "✗"
		}
		got := ""
		if res != nil {
			rs := res.Results[i]
			got = "got " + rs.Outcome.String()
			if rs.Reason != NoReason {
				got += " (" + rs.Reason.String() + ")"
			}
		}
		fmt.Fprintf(&b, "  %s %-44s want %-9s %s\n", mark, ch.order, datcWant(ch.want), got)
	}
	if res != nil && len(res.Removed) > 0 {
		var rm []string
		for _, u := range res.Removed {
			rm = append(rm, datcUnitText(v, u))
		}
		fmt.Fprintf(&b, "  removed without an order: %s\n", strings.Join(rm, ", "))
	}
	return b.String()
}

// ---- Reading the test data ----

// datcJSONCase is one entry of datc.json (see testdata/datc/datc.schema.json).
type datcJSONCase struct {
	Name          string            `json:"name"`
	URL           string            `json:"url"`
	Edition       string            `json:"edition"`
	Phase         string            `json:"phase"`
	StartingState []string          `json:"starting_state"`
	Occupiers     map[string]string `json:"occupiers"`
	CivilDisorder []string          `json:"civil_disorder"`
	Orders        datcChecks        `json:"orders"`
	Preceding     *struct {
		StartingState []string   `json:"starting_state"`
		Orders        datcChecks `json:"orders"`
	} `json:"preceding_main_phase"`
	// Ignore is the json's own note on why its author skips a case. The
	// suite ignores it: such cases run, corrected where the document says
	// otherwise.
	Ignore string `json:"ignore"`
}

// datcChecks reads a json object of order → expectation keeping the
// written order of the orders.
type datcChecks []datcCheck

func (c *datcChecks) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("orders: want an object of order → outcome")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var want *string
		if err := dec.Decode(&want); err != nil {
			return fmt.Errorf("orders: %q: %v", tok, err)
		}
		ch := datcCheck{order: tok.(string)}
		if want != nil {
			ch.want = *want
		}
		*c = append(*c, ch)
	}
	_, err := dec.Token()
	return err
}

// datcLoadJSON reads testdata/datc/datc.json.
func datcLoadJSON() ([]datcJSONCase, error) {
	data, err := os.ReadFile(filepath.Join("testdata", "datc", "datc.json"))
	if err != nil {
		return nil, err
	}
	var file struct {
		Cases []datcJSONCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("datc.json: %v", err)
	}
	return file.Cases, nil
}

func (jc *datcJSONCase) id() string {
	_, id, _ := strings.Cut(jc.URL, "#")
	return id
}

// key names the entry in datcJSONEditions: its name, and its edition when set.
func (jc *datcJSONCase) key() string {
	if jc.Edition == "" {
		return jc.Name
	}
	return jc.Name + "@" + jc.Edition
}

// toCase turns the entry into a case.
func (jc *datcJSONCase) toCase() (datcCase, error) {
	c := datcCase{id: jc.id(), source: "datc.json " + jc.key()}
	switch jc.Phase {
	case "Main":
		c.phase = datcMain
		c.units = jc.StartingState
		c.main = jc.Orders
	case "Retreat":
		if jc.Preceding == nil {
			return c, fmt.Errorf("datc.json %s: a retreat case without its main phase", jc.Name)
		}
		c.phase = datcRetreat
		c.units = jc.Preceding.StartingState
		c.main = jc.Preceding.Orders
		c.orders = jc.Orders
	case "Build":
		c.phase = datcBuild
		c.units = jc.StartingState
		c.owners = jc.Occupiers
		c.orders = jc.Orders
		if jc.CivilDisorder != nil {
			c.removed = jc.CivilDisorder
		}
	default:
		return c, fmt.Errorf("datc.json %s: unknown phase %q", jc.Name, jc.Phase)
	}
	return c, nil
}

// datcRuns gathers every run of the suite: the datc.json entries not
// replaced by a case of the document (datcDocumentCases), each under its
// editions and with its adjustments, and the document's cases. It returns an
// error when the tables do not fit together.
func datcRuns() ([]datcRun, error) {
	jcs, err := datcLoadJSON()
	if err != nil {
		return nil, err
	}
	byHand := map[string]bool{}
	for _, c := range datcDocumentCases {
		byHand[c.id] = true
	}
	has1971 := map[string]bool{}
	for _, jc := range jcs {
		if jc.Edition == "1971" {
			has1971[jc.id()] = true
		}
	}
	usedEdition := map[string]bool{}
	usedAdjust := map[string]bool{}
	var runs []datcRun
	for _, jc := range jcs {
		if byHand[jc.id()] {
			continue
		}
		c, err := jc.toCase()
		if err != nil {
			return nil, err
		}
		switch jc.Edition {
		case "", "2023":
			c.rules = []Rules{Rules2023}
			if !has1971[c.id] {
				c.rules = append(c.rules, Rules1971)
			}
		case "1971":
			c.rules = []Rules{Rules1971}
		default:
			e, ok := datcJSONEditions[jc.key()]
			if !ok {
				return nil, fmt.Errorf("datc.json %s: edition %q is not ours: datcJSONEditions must say what to do with it", jc.Name, jc.Edition)
			}
			usedEdition[jc.key()] = true
			if e.skip != "" {
				runs = append(runs, datcRun{name: c.id + "/" + jc.Edition, skip: e.skip, c: c})
				continue
			}
			c.rules = e.rules
		}
		for _, rules := range c.rules {
			run := datcRun{name: datcRunName(c.id, c.variant, rules), rules: rules, c: c}
			for _, key := range []string{c.id, c.id + "/" + rules.String()} {
				adj, ok := datcAdjustments[key]
				if !ok {
					continue
				}
				usedAdjust[key] = true
				if err := adj.apply(&run); err != nil {
					return nil, fmt.Errorf("datcAdjustments[%q]: %v", key, err)
				}
			}
			runs = append(runs, run)
		}
	}
	for _, c := range datcDocumentCases {
		c.source = "document"
		if len(c.rules) == 0 {
			return nil, fmt.Errorf("datcDocumentCases: %s runs under no edition", c.id)
		}
		for _, rules := range c.rules {
			runs = append(runs, datcRun{name: datcRunName(c.id, c.variant, rules), rules: rules, c: c})
		}
	}
	for key := range datcJSONEditions {
		if !usedEdition[key] {
			return nil, fmt.Errorf("datcJSONEditions[%q] matches no datc.json entry", key)
		}
	}
	for key := range datcAdjustments {
		if !usedAdjust[key] {
			return nil, fmt.Errorf("datcAdjustments[%q] matches no datc.json case (a document case replaces it, or the key is misspelt)", key)
		}
	}
	seen := map[string]bool{}
	for _, r := range runs {
		if seen[r.name] {
			return nil, fmt.Errorf("two runs are named %s", r.name)
		}
		seen[r.name] = true
	}
	return runs, nil
}

// datcAdjustment corrects or completes the datc.json entries of one DATC number
// (key "6.D.2") or their run under one edition (key "6.D.2/1971"), or skips
// that run.
type datcAdjustment struct {
	skip string
	// expect sets the expectation of orders, named exactly as in datc.json
	// (movement or retreat/adjustment orders alike).
	expect    map[string]string
	dislodged []string
	removed   []string
	after     []string
}

func (a datcAdjustment) apply(r *datcRun) error {
	if a.skip != "" {
		r.skip = a.skip
	}
	r.c.main = slices.Clone(r.c.main)
	r.c.orders = slices.Clone(r.c.orders)
	for order, want := range a.expect {
		n := 0
		for _, list := range [][]datcCheck{r.c.main, r.c.orders} {
			for i := range list {
				if list[i].order == order {
					list[i].want = want
					n++
				}
			}
		}
		if n != 1 {
			return fmt.Errorf("order %q occurs %d times in the case, not once", order, n)
		}
	}
	if a.dislodged != nil {
		r.c.dislodged = a.dislodged
	}
	if a.removed != nil {
		r.c.removed = a.removed
	}
	if a.after != nil {
		r.c.after = a.after
	}
	return nil
}

// ---- Reading orders and units ----

// datcPower finds a power by its three-letter code ("ENG").
func datcPower(v *variants.Variant, code string) variants.Power {
	for i := range v.Powers {
		if strings.EqualFold(v.Powers[i].Abbrev, code) {
			return variants.Power(i)
		}
	}
	return variants.NoPower
}

func datcPowerCode(v *variants.Variant, p variants.Power) string {
	if int(p) < len(v.Powers) {
		return v.Powers[p].Abbrev
	}
	return "---"
}

// datcLoc reads a location as datc.json writes it: "lon", "spa(nc)".
func datcLoc(v *variants.Variant, s string) (variants.Loc, error) {
	id := strings.ToLower(s)
	if prov, coast, ok := strings.Cut(id, "("); ok {
		id = prov + "/" + strings.TrimSuffix(coast, ")")
	}
	l := v.Loc(id)
	if l == variants.NoLoc {
		return l, fmt.Errorf("unknown location %q", s)
	}
	return l, nil
}

func datcLocText(v *variants.Variant, l variants.Loc) string {
	if l == variants.NoLoc || int(l) >= len(v.Locs) {
		return "?"
	}
	id := v.Locs[l].ID
	if prov, coast, ok := strings.Cut(id, "/"); ok {
		return prov + "(" + coast + ")"
	}
	return id
}

func datcUnitType(s string) (variants.UnitType, bool) {
	switch s {
	case "A", "a":
		return variants.Army, true
	case "F", "f":
		return variants.Fleet, true
	}
	return variants.NoType, false
}

// datcUnit reads "ENG: F lon".
func datcUnit(v *variants.Variant, s string) (variants.Unit, error) {
	code, rest, _ := strings.Cut(s, ":")
	p := datcPower(v, strings.TrimSpace(code))
	f := strings.Fields(rest)
	if p == variants.NoPower || len(f) != 2 {
		return variants.Unit{}, fmt.Errorf("unit %q: want \"ENG: F lon\"", s)
	}
	t, ok := datcUnitType(f[0])
	if !ok {
		return variants.Unit{}, fmt.Errorf("unit %q: unknown unit type %q", s, f[0])
	}
	l, err := datcLoc(v, f[1])
	if err != nil {
		return variants.Unit{}, fmt.Errorf("unit %q: %v", s, err)
	}
	if !v.CanHold(t, l) {
		return variants.Unit{}, fmt.Errorf("unit %q: a %s cannot stand there", s, t)
	}
	return variants.Unit{Type: t, Power: p, Loc: l}, nil
}

func datcUnitText(v *variants.Variant, u variants.Unit) string {
	return fmt.Sprintf("%s: %s %s", datcPowerCode(v, u.Power), u.Type, datcLocText(v, u.Loc))
}

// parseDATCOrder reads an order in datc.json's syntax for a phase of type
// phase. It is the test's own small reader, not package parser:
//
//	ENG: A lon -> bel [via convoy]     move (a retreat in retreat phases)
//	ENG: A ven hold(s)
//	ENG: A lvp supports [A] yor [-> wal]
//	ENG: F nth convoys [A] lon -> bel   (the army's from and to)
//	RUS: F stp(nc) build
//	FRA: A par disband | remove        (a removal in adjustment phases)
//
// Locations are kept as written: a coast when one is written, else the
// province.
func parseDATCOrder(v *variants.Variant, phase PhaseType, s string) (Order, error) {
	bad := func(why string, args ...any) (Order, error) {
		return Order{}, fmt.Errorf("order %q: %s", s, fmt.Sprintf(why, args...))
	}
	code, rest, ok := strings.Cut(s, ":")
	if !ok {
		return bad("no power")
	}
	o := Order{Power: datcPower(v, strings.TrimSpace(code)), Target: variants.NoLoc, Dest: variants.NoLoc}
	if o.Power == variants.NoPower {
		return bad("unknown power %q", code)
	}
	f := strings.Fields(rest)
	if len(f) < 3 {
		return bad("too short")
	}
	if o.Unit, ok = datcUnitType(f[0]); !ok {
		return bad("unknown unit type %q", f[0])
	}
	var err error
	if o.Loc, err = datcLoc(v, f[1]); err != nil {
		return bad("%v", err)
	}
	// unitAndPlaces reads "[A|F] loc [-> loc]" after a support or convoy.
	unitAndPlaces := func(f []string) (t variants.UnitType, at, to variants.Loc, err error) {
		to = variants.NoLoc
		if len(f) > 0 {
			if tt, ok := datcUnitType(f[0]); ok {
				t, f = tt, f[1:]
			}
		}
		switch {
		case len(f) == 1:
		case len(f) == 3 && f[1] == "->":
			if to, err = datcLoc(v, f[2]); err != nil {
				return
			}
		default:
			err = fmt.Errorf("want \"[A|F] loc [-> loc]\"")
			return
		}
		at, err = datcLoc(v, f[0])
		return
	}
	word := strings.ToLower(f[2])
	args := f[3:]
	switch word {
	case "->":
		o.Type = Move
		if phase == Retreat {
			o.Type = RetreatTo
		}
		if len(args) == 3 && strings.EqualFold(args[1], "via") && strings.EqualFold(args[2], "convoy") {
			o.ViaConvoy = true
			args = args[:1]
		}
		if len(args) != 1 {
			return bad("want \"-> loc [via convoy]\"")
		}
		if o.Target, err = datcLoc(v, args[0]); err != nil {
			return bad("%v", err)
		}
	case "hold", "holds":
		o.Type = Hold
		if len(args) != 0 {
			return bad("words after hold")
		}
	case "supports":
		o.Type = Support
		if o.TargetUnit, o.Target, o.Dest, err = unitAndPlaces(args); err != nil {
			return bad("%v", err)
		}
	case "convoys":
		o.Type = Convoy
		if _, o.Target, o.Dest, err = unitAndPlaces(args); err != nil {
			return bad("%v", err)
		}
		if o.Dest == variants.NoLoc {
			return bad("a convoy names the army's destination")
		}
		o.TargetUnit = variants.Army
	case "build":
		o.Type = Build
	case "disband", "remove":
		o.Type = Disband
		if phase == Adjustment {
			o.Type = Remove
		}
	default:
		return bad("unknown order word %q", f[2])
	}
	if (word == "build" || word == "disband" || word == "remove") && len(args) != 0 {
		return bad("words after %s", word)
	}
	return o, nil
}
