package history

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/gametest"
)

// The sample data reads; a broken file is refused with each line and
// what was expected.
func TestData(t *testing.T) {
	d, errs := ParseData(Sample)
	if len(errs) > 0 || d.Placeholders == 0 || len(d.Fit(6)) > 0 {
		t.Fatalf("the sample: %v, %d placeholders, fit %v", errs, d.Placeholders, d.Fit(6))
	}
	broken := strings.Join([]string{
		"AREA india India",
		"LAND ceylon india swamp",
		"LAND ceylon india",
		"BORDER ceylon atlantis",
		"EMPIRE 1 1 egyptians 9 ceylon",
		"SCORE india 1 2 3",
		"FLY away",
	}, "\n")
	_, errs = ParseData(broken)
	var got []string
	for _, e := range errs {
		got = append(got, e.Write(italian, game.English))
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"line 2: swamp: expected LAND <id> <area|-> [forest|mountain] [barren] [resource] [coast=<sea>,...]",
		"line 3: land ceylon is given twice (first on line 2)",
		"line 4: there is no land atlantis: expected one given by a LAND line",
		"line 5: strength 9: a colour has 5 figures for epoch 1",
		"line 6: expected SCORE <area> <7 values, epochs I to VII>",
		"line 7: FLY is no line of a data file",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no refusal %q in:\n%s", want, all)
		}
	}
	if it := errs[2].Write(italian, game.Italian); !strings.HasPrefix(it, "riga 2: swamp: atteso") {
		t.Errorf("in Italian: %s", it)
	}
}

// Every text a reader may read has its Italian.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"M": {0}})
	gametest.CheckItalian(t, texts, italian)
	inner := gametest.TextsInCode(t, ".", map[string][]int{"bad": {1}})
	gametest.CheckItalian(t, inner, dataItalian)
}
