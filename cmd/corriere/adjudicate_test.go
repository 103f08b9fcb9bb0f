package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The tests here go through run, as the binary does, and read the response
// with types of their own that follow the documented contract, so that a
// renamed JSON field shows up as a failure.

type tDislodged struct {
	Unit         string   `json:"unit"`
	AttackerFrom string   `json:"attacker_from,omitempty"`
	ViaConvoy    bool     `json:"via_convoy,omitempty"`
	Retreats     []string `json:"retreats,omitempty"`
}

type tPosition struct {
	Variant   string                  `json:"variant,omitempty"`
	Rules     string                  `json:"rules,omitempty"`
	Phase     string                  `json:"phase"`
	Units     map[string][]string     `json:"units"`
	Centers   map[string][]string     `json:"centers"`
	Dislodged map[string][]tDislodged `json:"dislodged,omitempty"`
	Contested []string                `json:"contested,omitempty"`
	Disorder  []string                `json:"disorder,omitempty"`
	Closed    []string                `json:"closed,omitempty"`
	Winner    *string                 `json:"winner,omitempty"`
	Orders    map[string][]string     `json:"orders,omitempty"`
}

type tResult struct {
	Order  string `json:"order"`
	Parsed string `json:"parsed"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

type tResponse struct {
	Phase   string               `json:"phase"`
	Results map[string][]tResult `json:"results"`
	Removed map[string][]string  `json:"removed"`
	Next    *tPosition           `json:"next"`
}

// runAdjudicateCmd runs "corriere adjudicate" with req on stdin.
func runAdjudicateCmd(t testing.TB, req string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run([]string{"adjudicate"}, strings.NewReader(req), &out, &errb)
	return code, out.String(), errb.String()
}

// adjudicateOK runs req and decodes the response, failing the test unless
// the exit status is 0, stderr is empty and the response follows the
// contract (strictly: no unknown fields).
func adjudicateOK(t *testing.T, req string) *tResponse {
	t.Helper()
	code, stdout, stderr := runAdjudicateCmd(t, req)
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr: %s\nrequest: %s", code, stderr, req)
	}
	if stderr != "" {
		t.Errorf("stderr not empty on success: %q", stderr)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var resp tResponse
	if err := dec.Decode(&resp); err != nil {
		t.Fatalf("response is not the documented JSON: %v\n%s", err, stdout)
	}
	checkResponse(t, &resp)
	return &resp
}

var (
	englishPowers = map[string]bool{"austria": true, "england": true, "france": true, "germany": true, "italy": true, "russia": true, "turkey": true}
	unitRE        = regexp.MustCompile(`^[AF] [a-z]{3}(/(nc|sc|ec))?$`)
	provinceRE    = regexp.MustCompile(`^[a-z]{3}$`)
	locationRE    = regexp.MustCompile(`^[a-z]{3}(/(nc|sc|ec))?$`)
)

// checkResponse checks what every response must satisfy: the results use
// lower-case English power names and known outcomes, an invalid order says
// why, and next is a complete position in canonical names.
func checkResponse(t *testing.T, resp *tResponse) {
	t.Helper()
	if resp.Results == nil {
		t.Errorf("results missing (must be an object, even empty)")
	}
	for p, rs := range resp.Results {
		if !englishPowers[p] {
			t.Errorf("results: power %q is not a lower-case English power name", p)
		}
		for _, r := range rs {
			switch r.Result {
			case "succeeds":
				if r.Reason != "" {
					t.Errorf("%s %q succeeds with reason %q", p, r.Order, r.Reason)
				}
			case "fails", "invalid":
				if r.Reason == "" {
					t.Errorf("%s %q %s without a reason", p, r.Order, r.Result)
				}
				checkPlayerWords(t, r.Reason, r.Order)
			default:
				t.Errorf("%s %q: result %q, want succeeds, fails or invalid", p, r.Order, r.Result)
			}
		}
	}
	checkByPower(t, "removed", resp.Removed, unitRE)
	n := resp.Next
	if n == nil {
		t.Fatalf("next missing")
	}
	if n.Variant != "standard" {
		t.Errorf("next.variant = %q, want standard", n.Variant)
	}
	if n.Rules != "2023" && n.Rules != "1971" {
		t.Errorf("next.rules = %q", n.Rules)
	}
	if n.Winner == nil {
		t.Errorf("next.winner missing; want \"\" while the game goes on")
	}
	if n.Units == nil || n.Centers == nil {
		t.Errorf("next must list units and centers explicitly (got units %v, centers %v)", n.Units, n.Centers)
	}
	if n.Orders != nil {
		t.Errorf("next has orders: %v", n.Orders)
	}
	checkByPower(t, "next.units", n.Units, unitRE)
	checkByPower(t, "next.centers", n.Centers, provinceRE)
	for p, ds := range n.Dislodged {
		if !englishPowers[p] {
			t.Errorf("next.dislodged: power %q not canonical", p)
		}
		for _, d := range ds {
			if !unitRE.MatchString(d.Unit) {
				t.Errorf("next.dislodged of %s: unit %q not canonical", p, d.Unit)
			}
			if d.AttackerFrom != "" && !provinceRE.MatchString(d.AttackerFrom) {
				t.Errorf("next.dislodged of %s: attacker_from %q not canonical", p, d.AttackerFrom)
			}
			for _, r := range d.Retreats {
				if !locationRE.MatchString(r) {
					t.Errorf("next.dislodged of %s: retreat %q not canonical", p, r)
				}
			}
		}
	}
	checkAll(t, "next.contested", n.Contested, provinceRE)
	checkAll(t, "next.closed", n.Closed, provinceRE)
	for _, p := range n.Disorder {
		if !englishPowers[p] {
			t.Errorf("next.disorder: power %q not canonical", p)
		}
	}
}

// checkByPower fails on a power that is not a lower-case English name, or
// an entry of its list that re does not match.
func checkByPower(t *testing.T, what string, m map[string][]string, re *regexp.Regexp) {
	t.Helper()
	for p, list := range m {
		if !englishPowers[p] {
			t.Errorf("%s: power %q is not a lower-case English power name", what, p)
		}
		checkAll(t, what+" of "+p, list, re)
	}
}

// checkAll fails on an entry of list that re does not match.
func checkAll(t *testing.T, what string, list []string, re *regexp.Regexp) {
	t.Helper()
	for _, s := range list {
		if !re.MatchString(s) {
			t.Errorf("%s: %q is not canonical", what, s)
		}
	}
}

// checkPlayerWords fails when s reads like a Go error or a value dump
// rather than words for a player.
func checkPlayerWords(t *testing.T, s, order string) {
	t.Helper()
	for _, bad := range []string{"%!", "strconv", "<nil>", "&{", "0x", "json:", "runtime", "panic", "adjudicator.", "variants.", "parser.", "game."} {
		if strings.Contains(s, bad) && !strings.Contains(order, bad) {
			t.Errorf("reason %q contains %q: not in a player's words", s, bad)
		}
	}
	if strings.TrimSpace(s) == "" {
		t.Errorf("empty reason")
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// outcome is an expected result, looked up by power and order string.
type outcome struct {
	power, order, result string
	reason               string // a word the reason must contain; "" to skip
}

func checkOutcomes(t *testing.T, resp *tResponse, want []outcome) {
	t.Helper()
	for _, w := range want {
		r, ok := findResult(resp, w.power, w.order)
		if !ok {
			t.Errorf("%s %q: no result; results: %v", w.power, w.order, resp.Results[w.power])
			continue
		}
		if r.Result != w.result {
			t.Errorf("%s %q: %s (%s), want %s", w.power, w.order, r.Result, r.Reason, w.result)
		}
		if w.reason != "" && !strings.Contains(r.Reason, w.reason) {
			t.Errorf("%s %q: reason %q, want it to mention %q", w.power, w.order, r.Reason, w.reason)
		}
	}
}

func findResult(resp *tResponse, power, order string) (tResult, bool) {
	for _, r := range resp.Results[power] {
		if r.Order == order {
			return r, true
		}
	}
	return tResult{}, false
}

// checkCounts checks one result per submitted order string (in any order)
// under the canonical name of the power. canon maps the names used in the
// request to the canonical ones.
func checkCounts(t *testing.T, orders map[string][]string, canon map[string]string, resp *tResponse) {
	t.Helper()
	want := map[string][]string{}
	for k, os := range orders {
		c := canon[k]
		if c == "" {
			c = k
		}
		want[c] = append(want[c], os...)
	}
	for p, os := range want {
		var got []string
		for _, r := range resp.Results[p] {
			got = append(got, r.Order)
		}
		if !sameMultiset(got, os) {
			t.Errorf("results of %s are for %q, want one per submitted order %q", p, got, os)
		}
	}
	for p := range resp.Results {
		if _, ok := want[p]; !ok {
			t.Errorf("results for %s, which submitted no orders", p)
		}
	}
}

// sameMultiset says whether a and b hold the same strings, in any order.
func sameMultiset(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// checkUnits compares a position's units, power by power, ignoring order.
func checkUnits(t *testing.T, what string, got, want map[string][]string) {
	t.Helper()
	norm := func(m map[string][]string) map[string][]string {
		out := map[string][]string{}
		for p, us := range m {
			if len(us) == 0 {
				continue
			}
			out[p] = slices.Sorted(slices.Values(us))
		}
		return out
	}
	g, w := norm(got), norm(want)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got  %v\n want %v", what, g, w)
	}
}

// readmeRequest returns the first JSON block of README.md: the request
// example of `corriere adjudicate`.
func readmeRequest(t testing.TB) string {
	t.Helper()
	readme := readFile(t, "../../README.md")
	i := strings.Index(readme, "```json\n")
	if i < 0 {
		t.Fatal("README.md has no ```json block")
	}
	rest := readme[i+len("```json\n"):]
	j := strings.Index(rest, "```")
	if j < 0 {
		t.Fatal("README.md: unterminated ```json block")
	}
	return rest[:j]
}

func TestAdjudicateReadmeExample(t *testing.T) {
	req := readmeRequest(t)
	if !json.Valid([]byte(req)) {
		t.Fatalf("README request is not valid JSON:\n%s", req)
	}
	resp := adjudicateOK(t, req)
	if resp.Phase != "S1901M" {
		t.Errorf("phase %q, want S1901M", resp.Phase)
	}
	checkCounts(t, map[string][]string{"england": {"F nth - pic", "A lon - bel via convoy"}}, nil, resp)
	checkOutcomes(t, resp, []outcome{
		// The North Sea does not border Picardy.
		{"england", "F nth - pic", "invalid", "cannot reach"},
		// No fleet is ordered to convoy the army.
		{"england", "A lon - bel via convoy", "fails", "convoy"},
	})
	if r, _ := findResult(resp, "england", "A lon - bel via convoy"); r.Parsed != "A lon - bel via convoy" {
		t.Errorf("parsed %q, want %q", r.Parsed, "A lon - bel via convoy")
	}
	n := resp.Next
	if n.Phase != "F1901M" {
		t.Errorf("next phase %q, want F1901M", n.Phase)
	}
	if n.Rules != "2023" {
		t.Errorf("next rules %q, want 2023", n.Rules)
	}
	checkUnits(t, "next units", n.Units, map[string][]string{
		"england": {"F nth", "A lon"},
		"france":  {"F spa/sc"},
	})
	// Centres as given: only England's; nobody else owns any.
	checkUnits(t, "next centers", n.Centers, map[string][]string{"england": {"lon", "edi", "lvp"}})
	// Dislodged and contested are read in retreat phases only.
	if len(n.Dislodged) != 0 || len(n.Contested) != 0 {
		t.Errorf("next has dislodged %v / contested %v after a movement phase", n.Dislodged, n.Contested)
	}
	if n.Winner == nil || *n.Winner != "" {
		t.Errorf("next.winner = %v, want \"\"", n.Winner)
	}
}

// startUnits is the standard map's opening position.
var startUnits = map[string][]string{
	"austria": {"A bud", "A vie", "F tri"},
	"england": {"A lvp", "F edi", "F lon"},
	"france":  {"A mar", "A par", "F bre"},
	"germany": {"A ber", "A mun", "F kie"},
	"italy":   {"A rom", "A ven", "F nap"},
	"russia":  {"A mos", "A war", "F sev", "F stp/sc"},
	"turkey":  {"A con", "A smy", "F ank"},
}

var startCenters = map[string][]string{
	"austria": {"bud", "tri", "vie"},
	"england": {"edi", "lon", "lvp"},
	"france":  {"bre", "mar", "par"},
	"germany": {"ber", "kie", "mun"},
	"italy":   {"nap", "rom", "ven"},
	"russia":  {"mos", "sev", "stp", "war"},
	"turkey":  {"ank", "con", "smy"},
}

// italianPowers maps the seed example's power names to canonical ones.
var italianPowers = map[string]string{
	"Inghilterra":      "england",
	"Germania":         "germany",
	"Russia":           "russia",
	"Turchia":          "turkey",
	"Austria-Ungheria": "austria",
	"Italia":           "italy",
	"Francia":          "france",
}

// afterSeedOpening is the position after the rulebook's 1901 opening.
var afterSeedOpening = map[string][]string{
	"austria": {"A bud", "A tri", "F alb"},
	"england": {"A yor", "F nth", "F nwg"},
	"france":  {"A bur", "A spa", "F pic"},
	"germany": {"A kie", "A ruh", "F den"},
	"italy":   {"A pie", "A ven", "F ion"},
	"russia":  {"A ukr", "A war", "F bot", "F sev"},
	"turkey":  {"A bul", "A con", "F ank"},
}

// TestAdjudicateSeedOpening plays the Italian rulebook's Spring 1901, as
// the rulebook writes it: every move succeeds except the two armies to
// Galicia and the two fleets to the Black Sea, which bounce.
func TestAdjudicateSeedOpening(t *testing.T) {
	req := readFile(t, "../../examples/s1901-seed-opening.json")
	var in tPosition
	if err := json.Unmarshal([]byte(req), &in); err != nil {
		t.Fatal(err)
	}
	resp := adjudicateOK(t, req)
	if resp.Phase != "S1901M" {
		t.Errorf("phase %q, want S1901M", resp.Phase)
	}
	checkCounts(t, in.Orders, italianPowers, resp)
	bounce := map[string]bool{"A Bud-Gal": true, "A War-Gal": true, "F Sev-Bla": true, "F Ank-Bla.": true}
	for name, orders := range in.Orders {
		p := italianPowers[name]
		if p == "" {
			t.Fatalf("example uses power %q unknown to the test", name)
		}
		for _, o := range orders {
			if bounce[o] {
				checkOutcomes(t, resp, []outcome{{p, o, "fails", "bounced"}})
			} else {
				checkOutcomes(t, resp, []outcome{{p, o, "succeeds", ""}})
			}
		}
	}
	// The rulebook's abbreviations are understood as the canonical orders.
	for _, c := range []struct{ power, order, parsed string }{
		{"england", "A Liv-Yor", "A lvp - yor"},
		{"england", "F Edi-Nrg", "F edi - nwg"},
		{"germany", "A Mun.-Ruh", "A mun - ruh"},
		{"france", "F Bre-Pic.", "F bre - pic"},
	} {
		if r, ok := findResult(resp, c.power, c.order); !ok || r.Parsed != c.parsed {
			t.Errorf("%s %q parsed as %q, want %q", c.power, c.order, r.Parsed, c.parsed)
		}
	}
	n := resp.Next
	if n.Phase != "F1901M" {
		t.Errorf("next phase %q, want F1901M", n.Phase)
	}
	checkUnits(t, "next units", n.Units, afterSeedOpening)
	checkUnits(t, "next centers (no change in spring)", n.Centers, startCenters)
}

// TestAdjudicateRetreatExample plays examples/f1902-retreats.json.
func TestAdjudicateRetreatExample(t *testing.T) {
	req := readFile(t, "../../examples/f1902-retreats.json")
	var in tPosition
	if err := json.Unmarshal([]byte(req), &in); err != nil {
		t.Fatal(err)
	}
	resp := adjudicateOK(t, req)
	checkCounts(t, in.Orders, nil, resp)
	checkOutcomes(t, resp, []outcome{
		{"russia", "A stp - mos", "succeeds", ""},
		{"france", "A bur - gas", "succeeds", ""},
	})
	if len(resp.Removed) != 0 {
		t.Errorf("removed %v, want none", resp.Removed)
	}
	n := resp.Next
	want := maps.Clone(in.Units)
	want["russia"] = append(append([]string(nil), want["russia"]...), "A mos")
	want["france"] = append(append([]string(nil), want["france"]...), "A gas")
	checkUnits(t, "next units", n.Units, want)
	// After the Fall 1902 retreats the centres change hands: England takes
	// St Petersburg and Turkey Rumania, so Russia (4 centres, 5 units)
	// must remove in the winter.
	if n.Phase != "W1902A" {
		t.Errorf("next phase %q, want W1902A", n.Phase)
	}
	checkUnits(t, "next centers of russia", map[string][]string{"russia": n.Centers["russia"]},
		map[string][]string{"russia": {"mos", "sev", "swe", "war"}})
}

// chainStep is one phase of a replayed game: the orders sent with the
// previous response's next and what must come of them.
type chainStep struct {
	phase    string              // the phase resolved
	orders   map[string][]string // sent with the position
	outcomes []outcome
	removed  map[string][]string
	next     string              // the phase of next
	units    map[string][]string // next's units
	centers  map[string][]string // next's centres; nil to skip
	check    func(t *testing.T, n *tPosition)
}

// TestAdjudicateChain replays a game from the rulebook's opening by feeding
// each response's next back with new orders: Spring and Fall 1901, the
// Winter 1901 builds, a Spring 1902 dislodgement and its retreat, Fall
// 1902 and the Winter 1902 build.
func TestAdjudicateChain(t *testing.T) {
	afterF1901 := map[string][]string{
		"austria": {"A ser", "A tri", "F gre"},
		"england": {"A lvp", "F nth", "F nwy"},
		"france":  {"A bel", "A spa", "F pic"},
		"germany": {"A hol", "A mun", "F den"},
		"italy":   {"A pie", "A ven", "F tun"},
		"russia":  {"A rum", "A war", "F sev", "F swe"},
		"turkey":  {"A bul", "A con", "F ank"},
	}
	centersF1901 := map[string][]string{
		"austria": {"bud", "gre", "ser", "tri", "vie"},
		"england": {"edi", "lon", "lvp", "nwy"},
		"france":  {"bel", "bre", "mar", "par", "spa"},
		"germany": {"ber", "den", "hol", "kie", "mun"},
		"italy":   {"nap", "rom", "tun", "ven"},
		"russia":  {"mos", "rum", "sev", "stp", "swe", "war"},
		"turkey":  {"ank", "bul", "con", "smy"},
	}
	afterW1901 := map[string][]string{
		"austria": {"A bud", "A ser", "A tri", "A vie", "F gre"},
		"england": {"A lvp", "F lon", "F nth", "F nwy"},
		"france":  {"A bel", "A par", "A spa", "F mar", "F pic"},
		"germany": {"A ber", "A hol", "A mun", "F den", "F kie"},
		"italy":   {"A pie", "A ven", "F nap", "F tun"},
		"russia":  {"A mos", "A rum", "A war", "F sev", "F stp/nc", "F swe"},
		"turkey":  {"A bul", "A con", "F ank"},
	}
	with := func(base map[string][]string, power string, units ...string) map[string][]string {
		out := maps.Clone(base)
		out[power] = units
		return out
	}
	afterS1902 := with(afterW1901, "austria", "A bud", "A bul", "A tri", "A vie", "F gre")
	afterS1902 = with(afterS1902, "turkey", "A ank", "F bla")
	afterS1902R := with(afterS1902, "turkey", "A ank", "A con", "F bla")
	afterF1902 := with(afterS1902R, "austria", "A bud", "A bul", "A gal", "A tri", "F gre")
	afterF1902 = with(afterF1902, "turkey", "A ank", "A smy", "F bla")
	centersF1902 := with(centersF1901, "austria", "bud", "bul", "gre", "ser", "tri", "vie")
	centersF1902 = with(centersF1902, "turkey", "ank", "con", "smy")
	afterW1902 := with(afterF1902, "austria", "A bud", "A bul", "A gal", "A tri", "A vie", "F gre")

	steps := []chainStep{
		{
			phase: "F1901M",
			orders: map[string][]string{
				"austria": {"A bud - ser", "A tri H", "F alb - gre"},
				"england": {"F nwg - nwy", "F nth S F nwg - nwy", "A yor - lvp"},
				"france":  {"A bur - bel", "A spa H", "F pic H"},
				"germany": {"A kie - hol", "A ruh - mun", "F den H"},
				"italy":   {"F ion - tun", "A ven H", "A pie H"},
				"russia":  {"F bot - swe", "A ukr - rum", "F sev H", "A war H"},
				"turkey":  {"A bul H", "A con H", "F ank H"},
			},
			outcomes: []outcome{
				{"austria", "A bud - ser", "succeeds", ""},
				{"england", "F nwg - nwy", "succeeds", ""},
				{"russia", "F bot - swe", "succeeds", ""},
				{"italy", "F ion - tun", "succeeds", ""},
			},
			next:    "W1901A",
			units:   afterF1901,
			centers: centersF1901,
		},
		{
			phase: "W1901A",
			orders: map[string][]string{
				"austria": {"build A tri", "build A vie", "build A bud"},
				"england": {"build F lon"},
				"france":  {"build A par", "build F mar"},
				"germany": {"build F kie", "build A ber"},
				"italy":   {"build F nap"},
				"russia":  {"build F stp/nc", "build A mos"},
				// Turkey, with one build due and Smyrna vacant, orders none:
				// the build is waived.
			},
			outcomes: []outcome{
				{"austria", "build A tri", "invalid", "occupied"},
				{"austria", "build A vie", "succeeds", ""},
				{"austria", "build A bud", "succeeds", ""},
				{"russia", "build F stp/nc", "succeeds", ""},
			},
			next:    "S1902M",
			units:   afterW1901,
			centers: centersF1901,
		},
		{
			phase: "S1902M",
			orders: map[string][]string{
				"austria": {"A ser - bul", "F gre S A ser - bul", "A vie - boh"},
				"germany": {"A mun - boh"},
				"turkey":  {"F ank - bla", "A con - ank", "A bul H"},
			},
			outcomes: []outcome{
				{"austria", "A ser - bul", "succeeds", ""},
				{"austria", "F gre S A ser - bul", "succeeds", ""},
				{"austria", "A vie - boh", "fails", "bounced"},
				{"germany", "A mun - boh", "fails", "bounced"},
				{"turkey", "F ank - bla", "succeeds", ""},
				{"turkey", "A con - ank", "succeeds", ""},
				{"turkey", "A bul H", "fails", "dislodged"},
			},
			next:  "S1902R",
			units: afterS1902,
			check: func(t *testing.T, n *tPosition) {
				want := map[string][]tDislodged{"turkey": {{Unit: "A bul", AttackerFrom: "ser", Retreats: []string{"con"}}}}
				if !reflect.DeepEqual(n.Dislodged, want) {
					t.Errorf("next.dislodged = %+v, want %+v", n.Dislodged, want)
				}
				if !reflect.DeepEqual(n.Contested, []string{"boh"}) {
					t.Errorf("next.contested = %v, want [boh]", n.Contested)
				}
			},
		},
		{
			phase:    "S1902R",
			orders:   map[string][]string{"turkey": {"A bul - con"}},
			outcomes: []outcome{{"turkey", "A bul - con", "succeeds", ""}},
			next:     "F1902M",
			units:    afterS1902R,
			centers:  centersF1901,
			check: func(t *testing.T, n *tPosition) {
				if len(n.Dislodged) != 0 || len(n.Contested) != 0 {
					t.Errorf("dislodged %v / contested %v left after the retreats", n.Dislodged, n.Contested)
				}
			},
		},
		{
			phase: "F1902M",
			orders: map[string][]string{
				"austria": {"A vie - gal"},
				"turkey":  {"A con - smy"},
			},
			outcomes: []outcome{
				{"austria", "A vie - gal", "succeeds", ""},
				{"turkey", "A con - smy", "succeeds", ""},
			},
			// Austria: 6 centres (Bulgaria taken), 5 units, Vienna vacant.
			next:    "W1902A",
			units:   afterF1902,
			centers: centersF1902,
		},
		{
			phase:    "W1902A",
			orders:   map[string][]string{"austria": {"build A vie", "build A ser"}},
			outcomes: []outcome{{"austria", "build A vie", "succeeds", ""}, {"austria", "build A ser", "invalid", ""}},
			next:     "S1903M",
			units:    afterW1902,
			centers:  centersF1902,
		},
	}

	first := adjudicateOK(t, readFile(t, "../../examples/s1901-seed-opening.json"))
	checkUnits(t, "after S1901M", first.Next.Units, afterSeedOpening)
	pos := first.Next
	for _, s := range steps {
		if pos.Phase != s.phase {
			t.Fatalf("position is at %s, want %s", pos.Phase, s.phase)
		}
		pos.Orders = s.orders
		req := mustJSON(t, pos)
		resp := adjudicateOK(t, req)
		if resp.Phase != s.phase {
			t.Errorf("%s: response phase %q", s.phase, resp.Phase)
		}
		checkCounts(t, s.orders, nil, resp)
		checkOutcomes(t, resp, s.outcomes)
		if !reflect.DeepEqual(resp.Removed, s.removed) && (len(resp.Removed) != 0 || len(s.removed) != 0) {
			t.Errorf("%s: removed %v, want %v", s.phase, resp.Removed, s.removed)
		}
		n := resp.Next
		if n.Phase != s.next {
			t.Fatalf("%s: next phase %q, want %q", s.phase, n.Phase, s.next)
		}
		checkUnits(t, s.phase+": next units", n.Units, s.units)
		if s.centers != nil {
			checkUnits(t, s.phase+": next centers", n.Centers, s.centers)
		}
		if s.check != nil {
			s.check(t, n)
		}
		if t.Failed() {
			t.Fatalf("stopping the chain at %s; request was %s", s.phase, req)
		}
		pos = n
	}
}

// TestAdjudicateRetreats resolves a retreat phase given as JSON: a retreat
// to a contested province or to the attacker's origin is invalid, two
// retreats to one place both disband, and a dislodged unit without an
// order disbands; each is listed in removed.
func TestAdjudicateRetreats(t *testing.T) {
	req := `{"phase": "F1901R", "rules": "2023",
	 "units": {"italy": ["A tri", "A ven"], "russia": ["A Vienna"], "france": ["A mun"],
	           "germany": ["A bel"], "turkey": ["A bul", "A gal"], "england": ["F nth", "F pic"]},
	 "centers": {},
	 "dislodged": {
	   "Austria-Ungheria": [{"unit": "F Trieste", "attacker_from": "Venezia"},
	                        {"unit": "A vie", "attacker_from": "gal"}],
	   "GER": [{"unit": "A mun", "attacker_from": "bur"}],
	   "england": [{"unit": "A bel", "attacker_from": "hol"}],
	   "Francia": [{"unit": "F pic", "attacker_from": "bre"}],
	   "russia": [{"unit": "A gal", "attacker_from": "ukr"}]
	 },
	 "contested": ["Albania"],
	 "orders": {
	   "austria": ["F tri - alb", "A vie - boh"],
	   "germany": ["A mun - boh"],
	   "france": ["F pic - bre", "F pic - eng"],
	   "russia": ["A gal - war"],
	   "italy": ["A ven - pie"]
	 }}`
	resp := adjudicateOK(t, req)
	var in tPosition
	if err := json.Unmarshal([]byte(req), &in); err != nil {
		t.Fatal(err)
	}
	checkCounts(t, in.Orders, map[string]string{}, resp)
	checkOutcomes(t, resp, []outcome{
		{"austria", "F tri - alb", "invalid", "cannot retreat"}, // contested
		{"austria", "A vie - boh", "fails", "same place"},       // clash
		{"germany", "A mun - boh", "fails", "same place"},       // clash
		{"france", "F pic - bre", "invalid", "cannot retreat"},  // the attacker's origin
		{"france", "F pic - eng", "succeeds", ""},
		{"russia", "A gal - war", "succeeds", ""},
		{"italy", "A ven - pie", "invalid", "not dislodged"},
	})
	wantRemoved := map[string][]string{
		"austria": {"F tri", "A vie"}, // F tri: its only order was invalid
		"germany": {"A mun"},
		"england": {"A bel"}, // no order
	}
	checkUnits(t, "removed", resp.Removed, wantRemoved)
	n := resp.Next
	checkUnits(t, "next units", n.Units, map[string][]string{
		"italy":   {"A tri", "A ven"},
		"russia":  {"A vie", "A war"},
		"france":  {"A mun", "F eng"},
		"germany": {"A bel"},
		"turkey":  {"A bul", "A gal"},
		"england": {"F nth", "F pic"},
	})
	// After a fall retreat the centres change hands.
	checkUnits(t, "next centers", n.Centers, map[string][]string{
		"italy":   {"tri", "ven"},
		"russia":  {"vie", "war"},
		"france":  {"mun"},
		"germany": {"bel"},
		"turkey":  {"bul"},
	})
	// England (no centre, two units) must remove: a winter follows.
	if n.Phase != "W1901A" {
		t.Errorf("next phase %q, want W1901A", n.Phase)
	}
	if len(n.Dislodged) != 0 || len(n.Contested) != 0 {
		t.Errorf("next keeps dislodged %v / contested %v", n.Dislodged, n.Contested)
	}
}

// TestAdjudicateAdjustments resolves a winter given as JSON: builds only in
// vacant owned home centres, up to the allowance; a fleet in St Petersburg
// needs its coast; removals not ordered follow civil disorder and are
// listed in removed.
func TestAdjudicateAdjustments(t *testing.T) {
	req := `{"phase": "W1901A",
	 "units": {"france": ["A spa", "F mao", "A bur"],
	           "russia": ["A ukr", "F bot", "A gal"],
	           "england": ["F nth", "A lon", "F bar", "F nwg"],
	           "Turchia": ["A bul", "F bla", "A arm", "F aeg"]},
	 "centers": {"france": ["bre", "mar", "par", "spa", "por"],
	             "russia": ["mos", "sev", "stp", "war", "swe", "rum"],
	             "england": ["lon", "edi"],
	             "turkey": ["ank", "con", "smy"]},
	 "orders": {
	   "france": ["build A por", "build A par", "build F bre", "build A mar"],
	   "russia": ["build F stp", "build F StP (costa nord)", "build A mos", "build F war"],
	   "england": ["remove F nth"]
	 }}`
	resp := adjudicateOK(t, req)
	var in tPosition
	if err := json.Unmarshal([]byte(req), &in); err != nil {
		t.Fatal(err)
	}
	checkCounts(t, in.Orders, nil, resp)
	checkOutcomes(t, resp, []outcome{
		// France: 5 centres, 3 units: two builds.
		{"france", "build A por", "invalid", "home"}, // not a home centre
		{"france", "build A par", "succeeds", ""},
		{"france", "build F bre", "succeeds", ""},
		{"france", "build A mar", "invalid", "no builds"}, // allowance used up
		// Russia: 6 centres, 3 units: three builds.
		{"russia", "build F stp", "invalid", "coast"},
		{"russia", "build F StP (costa nord)", "succeeds", ""},
		{"russia", "build A mos", "succeeds", ""},
		{"russia", "build F war", "invalid", "coast"}, // Warsaw is inland
		// England: 2 centres, 4 units: two removals, one ordered.
		{"england", "remove F nth", "succeeds", ""},
	})
	if r, _ := findResult(resp, "russia", "build F StP (costa nord)"); r.Parsed != "build F stp/nc" {
		t.Errorf("build F StP (costa nord) parsed as %q, want build F stp/nc", r.Parsed)
	}
	// Civil disorder takes the unit farthest from the owned centres: the
	// Barents Sea is two steps from Edinburgh, the others are nearer.
	// Turkey (3 centres, 4 units, no order) loses one unit, all four being
	// one step away: fleets first, then by name (Aegean Sea).
	checkUnits(t, "removed", resp.Removed, map[string][]string{
		"england": {"F bar"},
		"turkey":  {"F aeg"},
	})
	n := resp.Next
	if n.Phase != "S1902M" {
		t.Errorf("next phase %q, want S1902M", n.Phase)
	}
	checkUnits(t, "next units", n.Units, map[string][]string{
		"france":  {"A spa", "F mao", "A bur", "A par", "F bre"},
		"russia":  {"A ukr", "F bot", "A gal", "F stp/nc", "A mos"},
		"england": {"A lon", "F nwg"},
		"turkey":  {"A bul", "F bla", "A arm"},
	})
}

// TestAdjudicateRules plays DATC 6.G.2 (kidnapping an army) under both
// editions: under the 1971 rules the English army is convoyed and the two
// units swap; under the 2023 rules the army goes by land, so the two meet
// head to head and both fail.
func TestAdjudicateRules(t *testing.T) {
	for _, c := range []struct {
		rules  string
		result string
		units  map[string][]string
	}{
		{"1971", "succeeds", map[string][]string{"england": {"A swe"}, "russia": {"F nwy"}, "germany": {"F ska"}}},
		{"2023", "fails", map[string][]string{"england": {"A nwy"}, "russia": {"F swe"}, "germany": {"F ska"}}},
		{"", "fails", map[string][]string{"england": {"A nwy"}, "russia": {"F swe"}, "germany": {"F ska"}}},
	} {
		t.Run("rules="+c.rules, func(t *testing.T) {
			rules := ""
			if c.rules != "" {
				rules = fmt.Sprintf(`"rules": %q, `, c.rules)
			}
			req := `{` + rules + `"phase": "S1901M",
			 "units": {"england": ["A nwy"], "russia": ["F swe"], "germany": ["F ska"]},
			 "orders": {"england": ["A nwy - swe"], "russia": ["F swe - nwy"], "germany": ["F ska C A nwy - swe"]}}`
			resp := adjudicateOK(t, req)
			checkOutcomes(t, resp, []outcome{
				{"england", "A nwy - swe", c.result, ""},
				{"russia", "F swe - nwy", c.result, ""},
			})
			checkUnits(t, "next units", resp.Next.Units, c.units)
			want := c.rules
			if want == "" {
				want = "2023"
			}
			if resp.Next.Rules != want {
				t.Errorf("next.rules = %q, want %q", resp.Next.Rules, want)
			}
		})
	}
}

// TestAdjudicateInvalidOrders: an order that cannot be read, or names no
// unit, is a result, not an error: "invalid" with a reason for the player.
func TestAdjudicateInvalidOrders(t *testing.T) {
	bad := []string{
		"",
		"   ",
		"xyzzy",
		"A par -",
		"F bre S",
		"A par - bur, A mar - spa",
		"F bre - mao\nA mar - pie",
		"A par - bur - mar",
		"build A par",
		"A mar disband",
		"A par - 99999999999999999999",
		"A 1901 - 1902",
		"%!d(MISSING) %v %s",
		"strconv.Atoi",
		"{}",
		"A par - bur via via convoy",
		"A Burgndy - Pariz - Mars",
		"F lon - nth",    // England's
		"A mun - ruh",    // Germany's
		"F bre - stp/nc", // too far
		"A pic H",        // no unit there
		"\x00\x01\x02",
		strings.Repeat("A par - bur ", 500),
		"A par S A par",
		"F bre C F bre - lon",
	}
	req := mustJSON(t, map[string]any{"phase": "S1901M", "orders": map[string][]string{"france": bad}})
	resp := adjudicateOK(t, req)
	checkCounts(t, map[string][]string{"france": bad}, nil, resp)
	if len(resp.Results["france"]) != len(bad) {
		t.Fatalf("%d results for %d orders", len(resp.Results["france"]), len(bad))
	}
	// The results come in the order submitted.
	for i, r := range resp.Results["france"] {
		want := strings.ToValidUTF8(bad[i], "\uFFFD")
		if r.Order != want {
			t.Errorf("result %d is for %q, want %q", i, r.Order, want)
		}
		if r.Result != "invalid" {
			t.Errorf("%q: %s (%s), want invalid", r.Order, r.Result, r.Reason)
			continue
		}
		if r.Reason == "" {
			t.Errorf("%q: invalid without a reason", r.Order)
		}
		checkPlayerWords(t, r.Reason, r.Order)
		if len(r.Reason) > 400 {
			t.Errorf("%q: reason %d bytes long: %.80q...", r.Order, len(r.Reason), r.Reason)
		}
	}
	// Nothing moved: every French unit held.
	checkUnits(t, "next units", resp.Next.Units, startUnits)
}

// TestAdjudicateMalformed: a request that cannot be played exits 2 with a
// one-line message on stderr and nothing on stdout.
func TestAdjudicateMalformed(t *testing.T) {
	cases := []struct{ name, req, mention string }{
		{"empty input", ``, ""},
		{"blank input", "  \n\t ", ""},
		{"truncated JSON", `{"phase": "S1901M"`, ""},
		{"not JSON", `phase: S1901M`, ""},
		{"array", `[]`, ""},
		{"string", `"S1901M"`, ""},
		{"number", `1901`, ""},
		{"wrong type for units", `{"units": ["F nth"]}`, ""},
		{"wrong type for orders", `{"orders": {"england": "F lon - nth"}}`, ""},
		{"wrong type for a unit", `{"units": {"england": [1]}}`, ""},
		{"unknown field", `{"phase": "S1901M", "ordres": {}}`, ""},
		{"two objects", `{} {}`, ""},
		{"trailing garbage", `{}x`, ""},
		{"trailing brace", `{"phase": "S1901M"}}`, ""},
		{"trailing bracket", `{"phase": "S1901M"}]`, ""},
		{"garbage after a bracket", `{"phase": "S1901M"}] rm -rf /`, ""},
		{"null request", `null`, "null"},
		{"dislodged where no attacker stands", `{"phase": "F1901R", "dislodged": {"france": [{"unit": "A pic", "attacker_from": "bel"}]}}`, "pic"},
		{"dislodged from a province that does not border it", `{"phase": "F1901R", "units": {"germany": ["A pic"]}, "dislodged": {"france": [{"unit": "A pic", "attacker_from": "mos"}]}}`, "mos"},
		{"unknown variant", `{"variant": "chaos"}`, "chaos"},
		{"unknown rules", `{"rules": "1982"}`, "1982"},
		{"rules as a number", `{"rules": 2023}`, ""},
		{"bad phase", `{"phase": "X1901M"}`, "X1901M"},
		{"winter movement", `{"phase": "W1901M"}`, "W1901M"},
		{"spring adjustment", `{"phase": "S1901A"}`, "S1901A"},
		{"year zero", `{"phase": "S0M"}`, ""},
		{"two units in one province", `{"units": {"england": ["F lon", "A lon"]}}`, "lon"},
		{"two powers in one province", `{"units": {"england": ["F lon"], "france": ["A Londra"]}}`, "lon"},
		{"two units on two coasts", `{"units": {"russia": ["F stp/nc"], "england": ["F stp/sc"]}}`, "stp"},
		{"fleet inland", `{"units": {"germany": ["F mun"]}}`, "mun"},
		{"army at sea", `{"units": {"england": ["A nth"]}}`, "nth"},
		{"fleet without coast", `{"units": {"france": ["F spa"]}}`, "spa"},
		{"unit without type", `{"units": {"france": ["par"]}}`, ""},
		{"unknown place", `{"units": {"france": ["A Atlantis"]}}`, "Atlantis"},
		{"unknown power in units", `{"units": {"narnia": ["A par"]}}`, "narnia"},
		{"unknown power in centers", `{"centers": {"narnia": ["par"]}}`, "narnia"},
		{"unknown power in orders", `{"orders": {"narnia": ["A par - bur"]}}`, "narnia"},
		{"empty power name", `{"orders": {"": ["A par - bur"]}}`, ""},
		{"unknown power in dislodged", `{"phase": "F1901R", "dislodged": {"narnia": [{"unit": "A pic"}]}}`, "narnia"},
		{"power name over two lines", `{"orders": {"nar\nnia": ["A par - bur"]}}`, ""},
		{"centre given twice", `{"centers": {"england": ["lon"], "france": ["Londra"]}}`, "lon"},
		{"centre not a supply centre", `{"centers": {"england": ["yor"]}}`, "yor"},
		{"two dislodged in one province", `{"phase": "F1901R", "dislodged": {"france": [{"unit": "A pic"}], "england": [{"unit": "F pic"}]}}`, "pic"},
		{"dislodged fleet inland", `{"phase": "F1901R", "dislodged": {"france": [{"unit": "F par"}]}}`, "par"},
		{"dislodged attacker from nowhere", `{"phase": "F1901R", "dislodged": {"france": [{"unit": "A pic", "attacker_from": "Atlantis"}]}}`, "Atlantis"},
		{"unknown contested province", `{"phase": "F1901R", "contested": ["Atlantis"]}`, "Atlantis"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runAdjudicateCmd(t, c.req)
			if code != 2 {
				t.Errorf("exit %d, want 2; stdout %.200q", code, stdout)
			}
			if stdout != "" {
				t.Errorf("stdout not empty: %.200q", stdout)
			}
			checkOneLine(t, stderr)
			if c.mention != "" && !strings.Contains(stderr, c.mention) {
				t.Errorf("stderr %q does not mention %q", stderr, c.mention)
			}
		})
	}
}

func checkOneLine(t testing.TB, stderr string) {
	t.Helper()
	if !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 || strings.TrimSpace(stderr) == "" {
		t.Errorf("stderr is not exactly one line: %q", stderr)
	}
	if strings.Contains(stderr, "\r") {
		t.Errorf("stderr has a carriage return: %q", stderr)
	}
}

// TestAdjudicateArgs: adjudicate takes its request on stdin only.
func TestAdjudicateArgs(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"adjudicate", "request.json"}, strings.NewReader(`{}`), &out, &errb)
	if code != 2 || out.Len() != 0 {
		t.Errorf("adjudicate with an argument: exit %d, stdout %q; want 2 and nothing", code, out.String())
	}
	checkOneLine(t, errb.String())
}

// TestAdjudicateNamesAnyForm: powers and places in units, centers,
// dislodged and contested may be written as the parser reads them; the
// response writes them canonically.
func TestAdjudicateNamesAnyForm(t *testing.T) {
	req := `{"units": {"Inghilterra": ["A Londra", "F Mare del Nord"], "FRA": ["F Spagna (costa sud)"],
	           "Turk": ["F StP (costa nord)"], "russia": ["A Mosca"]},
	 "centers": {"Russia": ["Mosca", "StP"], "Francia": ["Parigi"]},
	 "orders": {"Francia": ["F spa/sc - wes"], "ENG": ["A lon H"], "england": ["F nth - nwg"]}}`
	resp := adjudicateOK(t, req)
	checkCounts(t, map[string][]string{"Francia": {"F spa/sc - wes"}, "ENG": {"A lon H"}, "england": {"F nth - nwg"}},
		map[string]string{"Francia": "france", "ENG": "england"}, resp)
	checkOutcomes(t, resp, []outcome{
		{"france", "F spa/sc - wes", "succeeds", ""},
		{"england", "A lon H", "succeeds", ""},
		{"england", "F nth - nwg", "succeeds", ""},
	})
	checkUnits(t, "next units", resp.Next.Units, map[string][]string{
		"england": {"A lon", "F nwg"}, "france": {"F wes"}, "turkey": {"F stp/nc"}, "russia": {"A mos"},
	})
	checkUnits(t, "next centers", resp.Next.Centers, map[string][]string{"russia": {"mos", "stp"}, "france": {"par"}})

	// Powers in disorder and closed provinces come back canonical too.
	resp = adjudicateOK(t, `{"phase": "S1914M", "disorder": ["Italia"], "closed": ["Venezia", "Roma"], "orders": {"austria": ["A vie - tyr"]}}`)
	if !slices.Equal(resp.Next.Disorder, []string{"italy"}) || !slices.Equal(resp.Next.Closed, []string{"rom", "ven"}) {
		t.Errorf("next disorder %v, closed %v; want [italy], [rom ven]", resp.Next.Disorder, resp.Next.Closed)
	}
}

// TestAdjudicateNextFeedsBack: next is a position in the request's schema
// and can be sent straight back, whatever phase it reached.
func TestAdjudicateNextFeedsBack(t *testing.T) {
	cases := []struct{ name, req string }{
		{"readme", readmeRequest(t)},
		{"seed opening", readFile(t, "../../examples/s1901-seed-opening.json")},
		{"retreat example", readFile(t, "../../examples/f1902-retreats.json")},
		{"dislodgement via convoy", `{"phase": "S1901M",
		  "units": {"england": ["A lon", "F eng", "F nth"], "france": ["A bel"], "germany": ["A hol", "A ruh", "F hel"]},
		  "orders": {"england": ["A lon - bel", "F eng C A lon - bel", "F nth S A lon - bel"]}}`},
		{"winner", `{"phase": "F1910M", "units": {"england": ["A lon"]},
		  "centers": {"england": ["lon", "edi", "lvp", "bre", "par", "mar", "spa", "por", "bel", "hol", "den", "nwy", "swe", "kie", "ber", "mun", "stp", "mos"]}}`},
		// The last years the reader accepts: their next must be readable too.
		{"fall 9999", `{"phase": "F9999M"}`},
		{"winter 9999", `{"phase": "W9999A", "units": {"france": ["A par"]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := adjudicateOK(t, c.req)
			next := mustJSON(t, resp.Next)
			code, _, stderr := runAdjudicateCmd(t, next)
			if code != 0 {
				t.Errorf("next %s fed back: exit %d: %s", resp.Next.Phase, code, strings.TrimSpace(stderr))
			}
		})
	}
}
