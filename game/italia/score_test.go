package italia

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// Venice's sheet scored as seed §11 counts: Ferrara held (2 points), 12
// territories (a point each short), and the two-city year (a 2-point
// precondition); a territory in revolt or contested counts nothing, one
// with famine half; points in halves.
func TestSheetScore(t *testing.T) {
	const sheet = "VICTORY venezia HOLD Ferrara points=2\nVICTORY venezia TERRITORIES 12"
	for _, c := range []struct {
		name    string
		change  func(*Position)
		missing string
	}{
		{"the start", nil, "6"}, // Ferrara 2, two short 2, the two cities 2
		{"Ferrara held", func(p *Position) { p.Control["ferra"] = "venezia" }, "3"},
		{"Ferrara held with famine", func(p *Position) { p.Control["ferra"] = "venezia"; p.Famine = []string{"ferra"} }, "4½"},
		{"Ferrara held in revolt", func(p *Position) { p.Control["ferra"] = "venezia"; p.Revolts = []Revolt{{At: "ferra"}} }, "6"},
		{"Ferrara contested by France", func(p *Position) {
			p.Control["ferra"] = "venezia"
			p.power("francia").Counters[0].At = "ferra"
		}, "6"},
		{"Ferrara contested by an ally", func(p *Position) {
			p.Control["ferra"] = "venezia"
			p.power("francia").Counters[0].At = "ferra"
			p.Alliances = [][2]string{{"francia", "venezia"}}
		}, "3"},
		{"all met", func(p *Position) {
			p.Control["ferra"], p.Control["mantu"] = "venezia", "venezia"
			p.TwoCityYear = []string{"venezia"}
		}, "0"},
	} {
		st := withScenario(t, "E1500O", sheet, c.change)
		var venice sheetScore
		for _, sc := range st.sheets() {
			if sc.id == "venezia" {
				venice = sc
			}
		}
		if got := halves(venice.missing); got != c.missing || !venice.mechanical() {
			t.Errorf("%s: %s missing (%d for the arbiter), want %s", c.name, got, len(venice.ruling), c.missing)
		}
		won := slices.Contains(st.sheetWinners(), "venezia")
		if won != (c.missing == "0") {
			t.Errorf("%s: Venice wins: %v", c.name, won)
		}
	}
	// A sheet with a condition the arbiter judges is not the engine's to
	// score whole; the placeholder sheets are all the arbiter's.
	st := withScenario(t, "E1500O", arbiterScenario(), nil)
	for _, sc := range st.sheets() {
		if sc.mechanical() {
			t.Errorf("%s's sheet scored whole: %+v", sc.id, sc)
		}
	}
	if end, ok := st.scored(); ok || end != nil {
		t.Errorf("scored %+v", end)
	}
}

// A BATTLES line counts the battles won by a rout, as the position has
// them (seed §8 Precisazione 2, §11): without points a precondition, 2
// points while short (spec §3.19 lists "a battle won" among them); with
// points=<n>, n for each battle short. It is the engine's to score, so a
// sheet of them is scored whole, and met it wins; each player reads his
// own lines in his language.
func TestBattlesScore(t *testing.T) {
	const sheets = "VICTORY venezia BATTLES 2\nVITTORIA papato BATTAGLIE 2 punti=3"
	for _, c := range []struct {
		name         string
		won          map[string]int
		venice, pope string
		veniceWins   bool
	}{
		{"none won", nil, "4", "8", false}, // and the two cities' 2 each
		{"one each", map[string]int{"venezia": 1, "papato": 1}, "4", "5", false},
		{"two each", map[string]int{"venezia": 2, "papato": 2}, "2", "2", false},
		{"more than asked, and the two-city year", map[string]int{"venezia": 5}, "0", "8", true},
	} {
		st := withScenario(t, "E1500O", sheets, func(p *Position) {
			p.BattlesWon = c.won
			p.BattlesFought = map[string]int{"venezia": 5, "papato": 5}
			if c.veniceWins {
				p.TwoCityYear = []string{"venezia"}
			}
		})
		got := map[string]string{}
		for _, sc := range st.sheets() {
			if sc.id == "venezia" || sc.id == "papato" {
				if !sc.mechanical() {
					t.Errorf("%s: %s's sheet is left to the arbiter", c.name, sc.id)
				}
				got[sc.id] = halves(sc.missing)
			}
		}
		if got["venezia"] != c.venice || got["papato"] != c.pope {
			t.Errorf("%s: missing %v, want Venice %s, the Pope %s", c.name, got, c.venice, c.pope)
		}
		if wins := slices.Contains(st.sheetWinners(), "venezia"); wins != c.veniceWins {
			t.Errorf("%s: Venice wins: %v", c.name, wins)
		}
	}
	st := withScenario(t, "E1500O", sheets, nil)
	// The lines as the store keeps them read back the same.
	if back, errs := st.r.ReadScenario(st.pos.Scenario.lines()); len(errs) > 0 || !reflect.DeepEqual(back.Victory, st.pos.Scenario.Victory) ||
		!reflect.DeepEqual(back.Victory["papato"], []Condition{{Kind: condBattles, N: 2, Points: 3}}) {
		t.Errorf("read back %+v, %v", back, errs)
	}
	for _, c := range []struct {
		to   string
		l    game.Lang
		want string
	}{
		{"venezia", game.English, "Victory sheet of Venice: win 2 battles by a rout, a precondition (2 points if unmet); and the two-city year (seed §11)"},
		{"papato", game.Italian, "Scheda di vittoria di Papato: vincere 2 battaglie con una rotta, 3 punti per ciascuna che manca; e l'anno delle due città (seed §11)"},
	} {
		if got := st.Position(game.Viewer{Seats: []string{c.to}})(c.l); !strings.Contains(got, c.want) {
			t.Errorf("%s reads:\n%s\nwant %q", c.to, got, c.want)
		}
	}
}

// sixSheets are victory sheets the engine scores whole, for the six
// powers: at the start France misses 8, Aragon 5, the Empire 4, Venice
// 6, Florence 4 and the Pope 3 (with the two cities' 2 each).
const sixSheets = `VICTORY francia TERRITORIES 14
VICTORY aragonesi TERRITORIES 6
VICTORY impero TERRITORIES 6
VICTORY venezia HOLD Ferrara points=2
VICTORY venezia TERRITORIES 12
VICTORY firenze TERRITORIES 6
VICTORY papato TERRITORIES 10`

// After Autunno 1512 (R33) the power missing the fewest points wins
// (seed §11), tied ones share a draw; where a sheet has a condition the
// arbiter judges, the engine's count of each is told for his ruling, and
// the game ends without winners. The judge's end date does the same
// where the sheets are scored whole, else keeps its territories ruling.
func TestScoreAtTheEnd(t *testing.T) {
	for _, c := range []struct {
		name     string
		sheets   string
		winners  []string
		english  string
		italian  string
		announce []string
	}{
		{"one winner", sixSheets, []string{"papato"},
			"Papacy, missing the fewest points of the victory sheets (seed §11): France 8, Aragon 5, Empire 4, Venice 6, Florence 4, Papacy 3",
			"Papato, a cui manca il minor numero di punti delle schede di vittoria (seed §11): Francia 8, Aragonesi 5, Impero 4, Venezia 6, Firenze 4, Papato 3",
			[]string{"the victory sheet of Papacy: 3 points missing, as the engine counts them (seed §11)"}},
		{"a tie", strings.Replace(sixSheets, "firenze TERRITORIES 6", "firenze TERRITORIES 5", 1), []string{"firenze", "papato"},
			"Florence, Papacy, missing the fewest points", "Firenze, Papato, a cui manca il minor numero di punti", nil},
		{"the arbiter rules", arbiterScenario(), nil,
			"the game ends after Autunno 1512; the arbiter scores the victory sheets (seed §11, R33); points missing as the engine counts them: France 8 and the arbiter's ruling on 1 condition, Aragon 2 and the arbiter's ruling on 1 condition, Empire 2 and the arbiter's ruling on 1 condition, Venice 6 and the arbiter's ruling on 1 condition",
			"la partita finisce dopo l'Autunno 1512; l'arbitro valuta le schede di vittoria (seed §11, R33); punti mancanti come li conta il giudice: Francia 8 e la decisione dell'arbitro su 1 condizione",
			[]string{
				"the victory sheet of Venice, for the arbiter's ruling: a condition the arbiter judges, worth 1: battere la Francia in battaglia",
				"the victory sheet of France, for the arbiter's ruling: a precondition (2 points if unmet): tenere Milano",
				"the victory sheet of Florence, for the arbiter's ruling: a condition the arbiter judges",
			}},
	} {
		st := withScenario(t, "A1512O", c.sheets, nil)
		out, read := rolled(t, st)
		end := out.End
		if end == nil || !slices.Equal(end.Winners, c.winners) || end.Draw != (len(c.winners) > 1) {
			t.Fatalf("%s: end %+v", c.name, end)
		}
		if got := end.Text(game.English); !strings.Contains(got, c.english) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.english)
		}
		if got := end.Text(game.Italian); !strings.Contains(got, c.italian) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.italian)
		}
		mustHave(t, c.name+": the results", read(seat("francia"), game.English), c.announce...)
		// The end date: the same where the engine scores the sheets.
		now := withScenario(t, "E1505O", c.sheets, nil).EndNow()
		if c.winners != nil && !slices.Equal(now.Winners, c.winners) || c.winners == nil && !strings.Contains(now.Text(game.English), "holding the most territories") {
			t.Errorf("%s: at the end date %+v: %s", c.name, now, now.Text(game.English))
		}
	}
}

// A victory sheet met wins at once, checked every turn as the thirty
// territories are (seed §3 G): not without the two-city year.
func TestSheetVictoryDuringTheGame(t *testing.T) {
	for _, year := range []bool{false, true} {
		st := withScenario(t, "E1500O", "VICTORY venezia HOLD Ferrara", func(p *Position) {
			p.Control["ferra"] = "venezia"
			if year {
				p.TwoCityYear = []string{"venezia"}
			}
		})
		rolls := []int{1, 1, 1} // the autumn's events, but where the game ends
		if year {
			rolls = nil
		}
		out, _ := rolled(t, st, rolls...)
		if (out.End != nil) != year {
			t.Fatalf("two-city year %v: end %+v", year, out.End)
		}
		if year && (!slices.Equal(out.End.Winners, []string{"venezia"}) || out.End.Text(game.Italian) != "Venezia realizza le condizioni della sua scheda di vittoria e vince (seed §3 G, §11)") {
			t.Errorf("end %+v: %s", out.End, out.End.Text(game.Italian))
		}
	}
}
