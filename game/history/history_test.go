package history

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/gametest"
	"github.com/corriere/corriere/game/table"
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

// The results read in Italian: the area scores' words, and the reason an
// answer sent ahead no longer stands when its moment comes.
func TestItalianResults(t *testing.T) {
	p := testPlay(t, 1, nil)
	p.Empire = map[string]string{"red": "egyptians", "yellow": "minoans", "green": "aryans", "blue": "empire_1d"}
	p.Called = 1
	playing(p, "red", "egyptians")
	s := table.NewState(p, decodePlay)
	var orders []game.Order
	read := func(seat, line string) {
		r, err := s.Read([]string{seat}, line, orders)
		if err != nil || r[0].Refused != nil {
			t.Fatalf("%s: %v %v", line, err, r)
		}
		orders = append(orders, r[0].Order)
	}
	read("yellow", "GIOCA G99")
	read("red", "ESPANDI libya,palestine")
	read("red", "FINE")
	out, err := s.Resolve(orders, dice.New(dice.Seed{}, "E1-0"))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := s.Results(out.Record, out.Next, game.Viewer{Seats: []string{"yellow"}})
	for l, wants := range map[game.Lang][]string{
		game.Italian: {"rosso segna 6: north_africa dominio 2, middle_east presenza 2; capitali, città e monumenti 2.", "PLAY G99, non vale più: non hai la carta G99."},
		game.English: {"red scores 6: north_africa domination 2, middle_east presence 2; capitals, cities and monuments 2.", "PLAY G99, no longer stands: you hold no card G99."},
	} {
		for _, w := range wants {
			if got := rep.Events(l); !strings.Contains(got, w) {
				t.Errorf("no %q in:\n%s", w, got)
			}
		}
	}
}
