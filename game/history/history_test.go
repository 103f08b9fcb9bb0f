package history

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

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
		"LAND delta india at=3",
	}, "\n")
	_, errs = ParseData(broken)
	gametest.Refusals(t, italian, errs,
		"line 2: swamp: expected LAND <id> <area|-> [forest|mountain] [barren] [resource] [coast=<sea>,...] [at=<x>,<y>]",
		"line 8: at=3: expected at=<x>,<y>, two numbers from 0 to 1000",
		"line 3: land ceylon is given twice (first on line 2)",
		"line 4: there is no land atlantis: expected one given by a LAND line",
		"line 5: strength 9: a colour has 5 figures for epoch 1",
		"line 6: expected SCORE <area> <7 values, epochs I to VII>",
		"line 7: FLY is no line of a data file",
	)
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

// Each step's record keeps the board, which Map draws as a schematic
// picture from the data's coordinates: the same for every reader; data
// without coordinates draws none.
func TestMap(t *testing.T) {
	p := testPlay(t, 1, map[string]string{"libya": "army blue"})
	p.Empire = map[string]string{"red": "egyptians", "yellow": "minoans"}
	p.Called = 1
	playing(p, "red", "egyptians")
	s := table.NewState(p, decodePlay)
	r, _ := s.Read([]string{"red"}, "EXPAND palestine", nil)
	out, err := s.Resolve([]game.Order{r[0].Order}, dice.New(dice.Seed{}, "E1-0"))
	if err != nil {
		t.Fatal(err)
	}
	rules := &Rules{Players: 4}
	at := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	pic, err := rules.Map(out.Record, game.Viewer{Seats: []string{"blue"}}, "mondo", at)
	if err != nil || pic == nil {
		t.Fatalf("the map: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 900 || b.Dy() < 500 {
		t.Errorf("a picture of %v", b)
	}
	// The armies' discs: red's in nile_delta and palestine, blue's in libya.
	reds, blues := 0, 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			switch c := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}; {
			case near(c, [3]int{0xD6, 0x27, 0x28}):
				reds++
			case near(c, [3]int{0x1F, 0x77, 0xB4}):
				blues++
			}
		}
	}
	if reds < 2*blues || blues == 0 {
		t.Errorf("%d red pixels, %d blue: want red's four pieces and blue's one", reds, blues)
	}
	if *pictureOut != "" {
		os.WriteFile(*pictureOut, pic, 0o644)
	}
	master, _ := rules.Map(out.Record, game.Viewer{Master: true}, "mondo", at)
	if !bytes.Equal(master, pic) {
		t.Error("the moderator's picture differs from a player's: the board is public")
	}
	for _, l := range p.Data.Lands {
		l.At = nil
	}
	s = table.NewState(p, decodePlay)
	out, _ = s.Resolve([]game.Order{r[0].Order}, dice.New(dice.Seed{}, "E1-0"))
	if pic, err := rules.Map(out.Record, game.Viewer{}, "mondo", at); pic != nil || err != nil {
		t.Errorf("data without coordinates drew %d bytes, %v", len(pic), err)
	}
}

// pictureOut writes TestMap's picture, to look at it.
var pictureOut = flag.String("picture", "", "write TestMap's picture to this file")

// near: the same colour, within the PNG palette's rounding.
func near(a, b [3]int) bool {
	for i := range a {
		if d := a[i] - b[i]; d < -8 || d > 8 {
			return false
		}
	}
	return true
}
