package history

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// These tests play each rule of the rulebook (seed 003, cited by chapter
// and section) on the sample data, with dice fixed: a throw is a number
// of dice and the highest of them, which is all the rules read.

// throw is n dice whose highest is high.
type throw struct{ n, high int }

// fixedDice is a source whose d6 fall as the throws say, in order.
func fixedDice(throws ...throw) *dice.Source {
	roll := func(d *dice.Source, th throw) int {
		best := 0
		for range th.n {
			best = max(best, d.Roll("", 6, false))
		}
		return best
	}
	seed := dice.SeedWhere("", func(d *dice.Source) bool {
		for _, th := range throws {
			if roll(d, th) != th.high {
				return false
			}
		}
		return true
	})
	return dice.New(seed, "")
}

// testPlay is epoch ep of a game for four on the sample data, with the
// board given: "land": "kind owner [tag]; ...".
func testPlay(t *testing.T, ep int, board map[string]string) *Play {
	t.Helper()
	d, errs := ParseData(Sample)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	p := &Play{Table: table.Table{Stage: fmt.Sprint("E", ep), Order: []string{"red", "yellow", "green", "blue"}, Decks: map[string][]string{}}, Data: d, Epoch: ep}
	for land, pcs := range board {
		for _, pc := range strings.Split(pcs, ";") {
			f := strings.Fields(pc)
			piece := table.Piece{Kind: f[0], Owner: f[1]}
			if len(f) > 2 {
				piece.Tag = f[2]
			}
			p.Put(land, piece)
		}
	}
	return p
}

// playing starts seat's turn with the empire, as the call of its card
// does (Cap. V "Preparazione").
func playing(p *Play, seat, empire string) *Turn {
	p.prepare(seat, p.Data.empire(empire))
	return p.Turn
}

// pieces writes a land's pieces: "army red (egyptians), fort blue".
func pieces(p *Play, land string) string {
	var out []string
	for _, pc := range p.Board[land] {
		out = append(out, pc.String())
	}
	return strings.Join(out, ", ")
}

// defence counts the defender's dice rolled against land.
func defence(d *dice.Source) []int {
	var out []int
	for _, r := range d.Rolls() {
		if strings.HasPrefix(r.What, "defence of ") {
			out = append(out, r.Result...)
		}
	}
	return out
}

// Combat, Cap. V "Combattimento": the attacker's highest of two dice
// against the defender's highest; the higher wins, a tie removes both
// (and the next army walks in). "Bonus per il Difensore": two dice for a
// forest or mountain in the land attacked, a strait or the Great Wall
// crossed; "Attacco dal Mare": three from the sea; "Attaccare un'armata
// in una Fortificazione": a fort adds 1 to the defender's highest and
// takes the loss first. Cap. IV "Grandi Eventi": a Leader throws three
// dice, Weapons add 1.
func TestCombat(t *testing.T) {
	for _, c := range []struct {
		name     string
		empire   string
		board    map[string]string
		play     func(*Turn)
		land     string
		from     string
		sea      bool
		tries    int
		throws   []throw
		defDice  int // dice the defender throws in each battle
		taken    bool
		after    string // the land's pieces afterwards
		lost     int
		attacked int // battles fought
	}{
		{name: "the higher wins", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 1,
			throws: []throw{{2, 5}, {1, 4}}, defDice: 1, taken: true, after: "army red (egyptians)", attacked: 1},
		{name: "the lower loses its army", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 1,
			throws: []throw{{2, 3}, {1, 5}}, defDice: 1, after: "army blue", lost: 1, attacked: 1},
		{name: "a tie removes both, the next army walks in", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 2,
			throws: []throw{{2, 4}, {1, 4}}, defDice: 1, taken: true, after: "army red (egyptians)", lost: 1, attacked: 1},
		{name: "TRY stops at its number of armies", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 2,
			throws: []throw{{2, 2}, {1, 5}, {2, 1}, {1, 6}}, defDice: 1, after: "army blue", lost: 2, attacked: 2},
		{name: "a mountain in the land attacked: two dice", empire: "empire_1d", board: map[string]string{"chott_plateau": "army blue"}, land: "chott_plateau", tries: 1,
			throws: []throw{{2, 5}, {2, 5}}, defDice: 2, after: "", lost: 1, attacked: 1},
		{name: "a forest in the land attacked: two dice", empire: "empire_1f", board: map[string]string{"w_deccan": "army red empire_1f", "e_deccan": "army blue"}, land: "e_deccan", from: "w_deccan", tries: 1,
			throws: []throw{{2, 6}, {2, 3}}, defDice: 2, taken: true, after: "army red (empire_1f)", attacked: 1},
		{name: "a mountain in the attacker's land gives nothing", empire: "aryans", board: map[string]string{"upper_indus": "army blue"}, land: "upper_indus", tries: 1,
			throws: []throw{{2, 6}, {1, 2}}, defDice: 1, taken: true, after: "army red (aryans)", attacked: 1},
		{name: "a strait crossed: two dice", empire: "minoans", board: map[string]string{"s_apennines": "army blue"}, land: "s_apennines", tries: 1,
			throws: []throw{{2, 4}, {2, 6}}, defDice: 2, after: "army blue", lost: 1, attacked: 1},
		{name: "the Great Wall crossed: two dice", empire: "empire_1g", board: map[string]string{"mongolia": "army blue"}, land: "mongolia", tries: 1,
			throws: []throw{{2, 6}, {2, 5}}, defDice: 2, taken: true, after: "army red (empire_1g)", attacked: 1},
		{name: "from the sea: three dice", empire: "egyptians", board: map[string]string{"persian_plateau": "army blue"}, land: "persian_plateau", sea: true, tries: 1,
			throws: []throw{{2, 6}, {3, 5}}, defDice: 3, taken: true, after: "army red (egyptians)", attacked: 1},
		{name: "a fort adds one to the defender: a tie", empire: "egyptians", board: map[string]string{"libya": "army blue; fort blue"}, land: "libya", tries: 1,
			throws: []throw{{2, 5}, {1, 4}}, defDice: 1, after: "army blue", lost: 1, attacked: 1},
		{name: "a fort falls, the same army fights on and wins", empire: "egyptians", board: map[string]string{"libya": "army blue; fort blue"}, land: "libya", tries: 1,
			throws: []throw{{2, 6}, {1, 4}, {2, 3}, {1, 2}}, defDice: 1, taken: true, after: "army red (egyptians)", attacked: 1},
		{name: "a fort holds: the attacker falls", empire: "egyptians", board: map[string]string{"libya": "army blue; fort blue"}, land: "libya", tries: 1,
			throws: []throw{{2, 3}, {1, 3}}, defDice: 1, after: "army blue, fort blue", lost: 1, attacked: 1},
		{name: "a Leader throws three dice", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 1, play: func(t *Turn) { t.Leader = true },
			throws: []throw{{3, 5}, {1, 4}}, defDice: 1, taken: true, after: "army red (egyptians)", attacked: 1},
		{name: "Weapons add one to the attacker: a win from a tie", empire: "egyptians", board: map[string]string{"libya": "army blue"}, land: "libya", tries: 1, play: func(t *Turn) { t.Weapons = true },
			throws: []throw{{2, 4}, {1, 4}}, defDice: 1, taken: true, after: "army red (egyptians)", attacked: 1},
		{name: "an older army of one's own is swapped, no battle", empire: "egyptians", board: map[string]string{"libya": "army red minoans"}, land: "libya", tries: 1,
			taken: true, after: "army red (egyptians)"},
		{name: "a barren land is not entered", empire: "egyptians", board: map[string]string{"libya": "army red egyptians"}, land: "sahara", tries: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := testPlay(t, 1, c.board)
			tn := playing(p, "red", c.empire)
			if c.play != nil {
				c.play(tn)
			}
			d := fixedDice(c.throws...)
			taken := p.expand(c.land, c.from, c.sea, c.tries, d)
			if taken != c.taken || pieces(p, c.land) != c.after || tn.Lost != c.lost {
				t.Errorf("taken %v, %s: %q, lost %d; want %v, %q, %d", taken, c.land, pieces(p, c.land), tn.Lost, c.taken, c.after, c.lost)
			}
			def := defence(d)
			if len(def) != c.defDice*len(c.throws)/2 || c.attacked > 0 && len(def)/c.defDice < c.attacked {
				t.Errorf("the defender threw %v: want %d dice a battle, %d battles", def, c.defDice, c.attacked)
			}
		})
	}
}

// The defender's dice, Cap. V "Bonus per il Difensore" and "Attacco dal
// Mare": one; two for terrain, a strait, the Wall (a ruling: the bonuses
// do not add up, since the rulebook says so only of the fort's +1);
// three from the sea.
func TestDefenceDice(t *testing.T) {
	p := testPlay(t, 1, nil)
	for _, c := range []struct {
		land, border string
		sea          bool
		want         int
	}{
		{"libya", "", false, 1},
		{"chott_plateau", "", false, 2},
		{"e_deccan", "", false, 2},
		{"ceylon", "strait", false, 2},
		{"wei_river", "wall", false, 2},
		{"caucasus", "strait", false, 2},
		{"libya", "", true, 3},
		{"chott_plateau", "", true, 3},
	} {
		if got := p.defenceDice(c.land, c.border, c.sea); got != c.want {
			t.Errorf("%s across %q, sea %v: %d dice, want %d", c.land, c.border, c.sea, got, c.want)
		}
	}
}

// Forts, Cap. V "Fortificazioni": an army of the supply becomes a fort
// where an active army stands, one a land. Coins, Cap. IV "Monete": a
// coin brings a lost army back to the supply; the coins left are lost.
func TestFortsAndCoins(t *testing.T) {
	p := testPlay(t, 1, map[string]string{"libya": "army blue; fort blue"})
	tn := playing(p, "red", "egyptians")
	supply := tn.Supply
	p.fort("nile_delta")
	p.fort("nile_delta")
	p.fort("palestine")
	if got := pieces(p, "nile_delta"); got != "capital red (egyptians), army red (egyptians), fort red (egyptians)" || tn.Supply != supply-1 {
		t.Errorf("nile_delta: %s, supply %d of %d", got, tn.Supply, supply)
	}
	tn.Supply, tn.Lost, tn.Coins = 0, 2, 1
	if !p.supply() || tn.Coins != 0 || tn.Lost != 1 || tn.Supply != 0 {
		t.Errorf("a coin spent: %+v", tn)
	}
	if p.supply() {
		t.Errorf("an army without supply or coins: %+v", tn)
	}
	tn.Supply = 1
	p.fort("nile_delta")
	if tn.Supply != 1 {
		t.Errorf("a second fort in a land took an army: %+v", tn)
	}
	// A coin from the cards played: PLAY L01 (coins:1 in the sample).
	p = testPlay(t, 1, map[string]string{"libya": "army blue"})
	p.Give("red", "L01")
	tn = playing(p, "red", "egyptians")
	tn.Supply = 1
	p.turn([]string{"PLAY L01", "EXPAND libya TRY 3"}, fixedDice(throw{2, 1}, throw{1, 6}, throw{2, 6}, throw{1, 1}))
	if got := pieces(p, "libya"); got != "army red (egyptians)" {
		t.Errorf("libya after a coin brought the lost army back: %s", got)
	}
}

// Capitals and cities, Cap. V "Saccheggio e distruzione delle
// Capitali": an army entering a capital turns it into a city, entering a
// city sacks it; monuments stay; a tie that leaves the land empty leaves
// the capital as it is.
func TestSack(t *testing.T) {
	for _, c := range []struct {
		board, after string
		tries        int
		throws       []throw
	}{
		{"capital blue x; army blue", "city blue (x), army red (egyptians)", 1, []throw{{2, 6}, {1, 1}}},
		{"city blue x; monument blue", "monument blue, army red (egyptians)", 1, nil},
		{"capital blue x; monument blue", "monument blue, city blue (x), army red (egyptians)", 1, nil},
		{"capital blue x; army blue", "capital blue (x)", 1, []throw{{2, 3}, {1, 3}}},
	} {
		p := testPlay(t, 1, map[string]string{"libya": c.board})
		playing(p, "red", "egyptians")
		p.expand("libya", "", false, c.tries, fixedDice(c.throws...))
		if got := pieces(p, "libya"); got != c.after {
			t.Errorf("%s: %s, want %s", c.board, got, c.after)
		}
	}
}

// Monuments, Cap. V "Costruzioni": one for every two resource lands the
// active empire holds, in its capital, else a city it holds, else a
// resource land; one a land.
func TestMonuments(t *testing.T) {
	for _, c := range []struct {
		name  string
		board map[string]string
		want  []string
	}{
		{"two resource lands: one, in the capital", map[string]string{"palestine": "army red egyptians", "persian_plateau": "army red egyptians"}, []string{"nile_delta"}},
		{"one resource land: none", map[string]string{"palestine": "army red egyptians"}, nil},
		{"four: the capital, then a city held", map[string]string{"persian_plateau": "army red egyptians", "upper_indus": "army red egyptians", "ceylon": "army red egyptians; city blue x"}, []string{"ceylon", "nile_delta"}},
		{"the capital has one: a resource land", map[string]string{"nile_delta": "monument yellow", "persian_plateau": "army red egyptians"}, []string{"nile_delta", "persian_plateau"}},
		{"an older empire's lands do not count", map[string]string{"persian_plateau": "army red minoans"}, nil},
	} {
		p := testPlay(t, 1, c.board)
		playing(p, "red", "egyptians")
		p.monuments()
		var got []string
		for land, pcs := range p.Board {
			if slices.ContainsFunc(pcs, func(pc table.Piece) bool { return pc.Kind == "monument" }) {
				got = append(got, land)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: monuments in %v, want %v", c.name, got, c.want)
		}
	}
}

// Scoring, Cap. VI "Il punteggio", with the rulebook's epoch II values
// (North Africa 2, Middle East 3, India 2): presence (an army: the base
// value), domination (two or more, more than anyone: twice), control
// (three or more, nobody else: three times); 2 a capital, 1 a city, 1 a
// monument in the lands held; forts nothing; every army of the seat's
// counts, of any empire.
func TestScore(t *testing.T) {
	for _, c := range []struct {
		name  string
		board map[string]string
		want  int
	}{
		{"presence", map[string]string{"libya": "army red"}, 2},
		{"presence of an older empire", map[string]string{"libya": "army red minoans"}, 2},
		{"domination", map[string]string{"libya": "army red", "chott_plateau": "army red", "nile_delta": "army blue"}, 4},
		{"two against two: presence", map[string]string{"upper_indus": "army red", "hindu_kush": "army red", "w_deccan": "army blue", "e_deccan": "army blue"}, 2},
		{"control", map[string]string{"palestine": "army red", "persian_plateau": "army red", "caucasus": "army red"}, 9},
		{"three with another present: domination", map[string]string{"upper_indus": "army red", "hindu_kush": "army red", "ceylon": "army red", "w_deccan": "army green"}, 4},
		{"capital, city, monument; a fort nothing", map[string]string{"libya": "army red; capital red", "nile_delta": "army red; city blue; monument green; fort red"}, 4 + 2 + 1 + 1},
		{"a capital in a land another holds", map[string]string{"libya": "army blue; capital red"}, 0},
		{"a barren land scores no area", map[string]string{"sahara": "army red"}, 0},
	} {
		p := testPlay(t, 2, c.board)
		p.score("red")
		if got := p.Get("score", "red"); got != c.want {
			t.Errorf("%s: %d points, want %d", c.name, got, c.want)
		}
	}
}

// Pre-eminence, Cap. VII "Segnalini di Preminenza": the sole leader at
// an epoch's end draws a sealed marker; a tie for the lead draws none.
// The next draft's order, Cap. VII "Pescare Nuove Carte Impero": fewest
// points first, then the lower strength played, then who played first.
func TestEndOfEpoch(t *testing.T) {
	for _, c := range []struct {
		name   string
		scores []int
		sealed string // the seat with a marker; "" for none
		order  []string
	}{
		{"a sole leader", []int{3, 9, 5, 4}, "yellow", []string{"red", "blue", "green", "yellow"}},
		{"the lead tied", []int{9, 9, 5, 4}, "", []string{"blue", "green", "red", "yellow"}},
		// Red (egyptians 5, first) and blue (empire_1d 5, fourth) tie on
		// points and strength: the earlier played draws first; green
		// (minoans 3) is weaker.
		{"ties of points", []int{4, 9, 4, 4}, "yellow", []string{"green", "red", "blue", "yellow"}},
	} {
		p := testPlay(t, 1, nil)
		p.Decks["preeminence"] = []string{"6", "3"}
		p.Empire = map[string]string{"red": "egyptians", "yellow": "aryans", "green": "minoans", "blue": "empire_1d"}
		for i, s := range p.Order {
			p.Add("score", s, c.scores[i])
		}
		p.endEpoch(dice.New(dice.Seed{}, ""))
		for _, s := range p.Order {
			if has := len(p.Sealed[s]) > 0; has != (s == c.sealed) {
				t.Errorf("%s: %s holds sealed %v", c.name, s, p.Sealed[s])
			}
		}
		if c.sealed != "" && p.Sealed[c.sealed][0] != "6" {
			t.Errorf("%s: the marker drawn is %v, not the top one", c.name, p.Sealed[c.sealed])
		}
		if !slices.Equal(p.DrawOrder, c.order) || p.Epoch != 2 {
			t.Errorf("%s: epoch %d, draw order %v, want %v", c.name, p.Epoch, p.DrawOrder, c.order)
		}
	}
}

// The end, Cap. VII "Vittoria finale" and "Pareggi": after epoch VII the
// markers are revealed and added; the most points win; ties go to the
// lower total strength led, then the more pre-eminence points, then the
// lower strength in epoch VII.
func TestEnd(t *testing.T) {
	// Each seat's empires, epochs I to VII, from the sample data.
	weak := []string{"minoans", "vedic_city_states", "empire_3c", "empire_4c", "empire_5c", "portuguese", "english"}
	strong := []string{"egyptians", "empire_2e", "romans", "empire_4b", "empire_5b", "mongols", "empire_7b"}
	for _, c := range []struct {
		name   string
		scores []int
		sealed [][]string
		led    [][]string
		want   string
	}{
		{"the most points", []int{50, 60, 40, 30}, nil, nil, "yellow"},
		{"the markers count", []int{50, 48, 40, 30}, [][]string{nil, {"3"}}, nil, "yellow"},
		{"a tie: the lower strength led", []int{50, 50, 40, 30}, nil, [][]string{strong, weak}, "yellow"},
		{"then the more pre-eminence", []int{46, 50, 40, 30}, [][]string{{"4"}, nil}, [][]string{weak, weak}, "red"},
		{"then the lower strength in epoch VII", []int{50, 50, 40, 30}, nil, [][]string{
			{"minoans", "vedic_city_states", "empire_3c", "empire_4c", "empire_5c", "empire_6d", "empire_7d"},
			{"minoans", "vedic_city_states", "empire_3c", "empire_4c", "empire_5c", "empire_6e", "english"}}, "yellow"},
	} {
		p := testPlay(t, Epochs, nil)
		p.Led = map[string][]string{}
		p.Empire = map[string]string{}
		p.Sealed = map[string][]string{}
		for i, s := range p.Order {
			p.Add("score", s, c.scores[i])
			if i < len(c.sealed) {
				p.Sealed[s] = c.sealed[i]
			}
			led := weak
			if i < len(c.led) {
				led = c.led[i]
			}
			p.Led[s] = led
			p.Empire[s] = led[Epochs-1]
		}
		p.Over = true
		end := p.End()
		if end == nil || len(end.Winners) != 1 || end.Winners[0] != c.want {
			t.Errorf("%s: %+v, want %s", c.name, end, c.want)
		}
	}
}

// A card the data leaves to the moderator acts before the first army
// (Cap. IV "Giocare le Carte Evento"): the script stops at it, the
// moderator applies it, and the rest of the script runs after RULE DONE,
// a second card included.
func TestModeratorCardBeforeExpansion(t *testing.T) {
	p := testPlay(t, 1, nil)
	p.Give("red", "L19")
	p.Give("red", "L01")
	tn := playing(p, "red", "egyptians")
	p.Pending = nil
	d := dice.New(dice.Seed{}, "")
	p.turn([]string{"PLAY L19", "PLAY L01", "EXPAND libya"}, d)
	if len(p.Pending) != 1 || p.Pending[0].Seat != table.Master || p.Pending[0].Kind != kindEvent || pieces(p, "libya") != "" || tn.Coins != 0 {
		t.Fatalf("after PLAY L19: pending %+v, libya %q, coins %d", p.Pending, pieces(p, "libya"), tn.Coins)
	}
	if !slices.Equal(tn.Rest, []string{"PLAY L01", "EXPAND libya"}) {
		t.Errorf("the script waiting: %q", tn.Rest)
	}
	dec := p.Pending[0]
	p.Pending = nil
	if err := p.Apply(dec, []string{"DONE"}, false, d); err != nil {
		t.Fatal(err)
	}
	if pieces(p, "libya") != "army red (egyptians)" || p.Turn != nil || p.Get("score", "red") == 0 || !slices.Equal(tn.Played, []string{"L19", "L01"}) {
		t.Errorf("after RULE DONE: libya %q, turn %+v, score %d, played %v", pieces(p, "libya"), p.Turn, p.Get("score", "red"), tn.Played)
	}
}
