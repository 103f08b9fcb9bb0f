package adjudicator

import (
	"testing"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// benchPhase builds a movement phase from datc.json-style orders; every
// order names its own unit, plus extra units that only hold.
func benchPhase(b testing.TB, phase Phase, orders []string) (*variants.Variant, *Position, []Order) {
	b.Helper()
	v := standard.Variant()
	pos := &Position{Phase: phase, Centers: append([]variants.Power(nil), v.StartCenters...)}
	var os []Order
	for _, s := range orders {
		o, err := parseDATCOrder(v, Movement, s)
		if err != nil {
			b.Fatal(err)
		}
		os = append(os, o)
		pos.Units = append(pos.Units, variants.Unit{Type: o.Unit, Power: o.Power, Loc: o.Loc})
	}
	return v, pos, os
}

// The seed rulebook's Spring 1901 orders.
var springOpening = []string{
	"ENG: A lvp -> yor", "ENG: F lon -> nth", "ENG: F edi -> nwg",
	"GER: A ber -> kie", "GER: A mun -> ruh", "GER: F kie -> den",
	"RUS: A mos -> ukr", "RUS: A war -> gal", "RUS: F stp(sc) -> bot", "RUS: F sev -> bla",
	"TUR: A con -> bul", "TUR: A smy -> con", "TUR: F ank -> bla",
	"AUS: A vie -> tri", "AUS: A bud -> gal", "AUS: F tri -> alb",
	"ITA: A ven -> pie", "ITA: A rom -> ven", "ITA: F nap -> ion",
	"FRA: A par -> bur", "FRA: A mar -> spa", "FRA: F bre -> pic",
}

// A crowded 34-unit mid-game: supports, cuts, two convoys, bounces and a
// convoy paradox in the Channel (DATC 6.F.14's pattern).
var crowded = []string{
	"ENG: F lon supports F wal -> eng", "ENG: F wal -> eng", "ENG: F nth convoys A yor -> nwy",
	"ENG: A yor -> nwy", "ENG: F nwg supports A yor -> nwy", "ENG: A edi hold",
	"FRA: A bre -> lon", "FRA: F eng convoys A bre -> lon", "FRA: A par -> bur",
	"FRA: A pic supports A par -> bur", "FRA: F mao -> por",
	"GER: A mun -> bur", "GER: A ruh supports A mun -> bur", "GER: F hol -> bel",
	"GER: A kie -> den", "GER: F bal supports A kie -> den",
	"RUS: F nwy hold", "RUS: F swe supports F nwy", "RUS: A war -> gal",
	"RUS: A ukr supports A war -> gal", "RUS: F sev -> rum",
	"AUS: A bud -> gal", "AUS: A vie supports A bud -> gal", "AUS: F tri -> adr",
	"AUS: A ser -> rum", "AUS: A bul supports A ser -> rum",
	"ITA: F ion convoys A apu -> tun", "ITA: A apu -> tun", "ITA: F tys supports A apu -> tun",
	"ITA: A ven -> tri",
	"TUR: F bla -> rum", "TUR: A con -> bul", "TUR: A smy -> arm", "TUR: A arm -> sev",
}

func benchmarkResolve(b *testing.B, phase Phase, orders []string) {
	v, pos, os := benchPhase(b, phase, orders)
	if _, err := Resolve(v, Rules2023, pos, os); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Resolve(v, Rules2023, pos, os); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "phases/s")
}

func BenchmarkSpring1901(b *testing.B) {
	benchmarkResolve(b, Phase{Year: 1901, Season: Spring, Type: Movement}, springOpening)
}

func BenchmarkCrowded34(b *testing.B) {
	benchmarkResolve(b, Phase{Year: 1905, Season: Fall, Type: Movement}, crowded)
}

// TestCrowdedOutcomes pins what the crowded benchmark position resolves
// to, so that the benchmark keeps measuring a paradox, convoys and cuts.
func TestCrowdedOutcomes(t *testing.T) {
	v, pos, os := benchPhase(t, Phase{Year: 1905, Season: Fall, Type: Movement}, crowded)
	res, err := Resolve(v, Rules2023, pos, os)
	if err != nil {
		t.Fatal(err)
	}
	fails := map[string]Reason{
		"ENG: A yor -> nwy":                Bounced,
		"FRA: A bre -> lon":                Disrupted, // Szykman: the Channel convoy fails
		"FRA: F eng convoys A bre -> lon":  WasDislodged,
		"FRA: A par -> bur":                Bounced,
		"GER: A mun -> bur":                Bounced,
		"RUS: A war -> gal":                Bounced,
		"RUS: F sev -> rum":                Bounced,
		"AUS: A bud -> gal":                Bounced,
		"AUS: A ser -> rum":                Bounced,
		"AUS: A bul supports A ser -> rum": Cut,
		"TUR: F bla -> rum":                Bounced,
		"TUR: A con -> bul":                Bounced,
		"TUR: A smy -> arm":                Bounced,
		"TUR: A arm -> sev":                Bounced,
	}
	for i, s := range crowded {
		want := Result{Succeeds, NoReason}
		if r, ok := fails[s]; ok {
			want = Result{Fails, r}
		}
		if res.Results[i] != want {
			t.Errorf("%s: got %s (%s), want %s (%s)", s, res.Results[i].Outcome, res.Results[i].Reason, want.Outcome, want.Reason)
		}
	}
	if res.Next.Phase.Type != Retreat || len(res.Next.Dislodged) != 1 {
		t.Errorf("next %s with %d dislodged, want a retreat phase for the Channel fleet", res.Next.Phase, len(res.Next.Dislodged))
	}
}
