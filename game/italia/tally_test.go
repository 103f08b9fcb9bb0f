package italia

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// The battles won (seed §8 Precisazione 2, R18): a battle counts as fought
// for both powers, and as won only for the one that routed the other,
// the abstract battle's and the arbiter's results alike; a battle not
// fought (refused, or the armies not comparable) counts nothing; a round
// of battles, resolved again from the turn's start, adds each battle once
// to what the position had. The count is public, under the position.
func TestBattlesCounted(t *testing.T) {
	before := func(p *Position) {
		p.BattlesWon = map[string]int{"venezia": 2}
		p.BattlesFought = map[string]int{"venezia": 3, "francia": 1}
	}
	smallPope := func(p *Position) {
		p.Powers[5].Counters[0] = Counter{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, GD: 4, PK: 3}}
	}
	for _, c := range []struct {
		name        string
		tactical    bool
		change      func(*Position)
		sheets      map[string]string
		line        string // the arbiter's, in a game of tactical battles
		rolls       []int
		won, fought string
	}{
		{name: "the abstract battle: Venice routs the Pope",
			change: smallPope, sheets: map[string]string{"venezia": "#1 - Ferrara"}, rolls: []int{6, 1, 6, 1},
			won: `{"venezia":1}`, fought: `{"papato":1,"venezia":1}`},
		// Two armies of 3 FT, rout level 1: a tie routs both alike, and
		// the battle ends with no winner, as by time (Appendix C).
		{name: "the abstract battle won by nobody: fought, not won",
			change: func(p *Position) {
				p.Powers[3].Counters[0].Elements = Elements{CINC: 1, FT: 3}
				p.Powers[5].Counters[0] = Counter{N: 1, Kind: Army, At: "ferra", Elements: Elements{CINC: 1, FT: 3}}
			},
			sheets: map[string]string{"venezia": "#1 - Ferrara"}, rolls: []int{4, 3},
			won: `null`, fought: `{"papato":1,"venezia":1}`},
		{name: "a refused battle counts nothing",
			change: func(p *Position) { p.Powers[5].Counters[0].At = "ferra" }, sheets: map[string]string{"venezia": "#1 - Ferrara", "papato": "BATTAGLIA RIFIUTA"}, rolls: []int{6},
			won: `null`, fought: `null`},
		{name: "the arbiter's rout",
			tactical: true, line: "ARBITRO BATTAGLIA 1500E-1 ESITO Papato ROTTA PERDITE Venezia 7 Papato 2 -- rotta dei veneziani",
			won: `{"papato":1}`, fought: `{"papato":1,"venezia":1}`},
		{name: "the arbiter's time limit",
			tactical: true, line: "ARBITER BATTLE 1500E-1 RESULT NONE TIME LOSSES Venice 2 Papacy 2 -- 90 minutes", rolls: []int{1, 1},
			won: `null`, fought: `{"papato":1,"venezia":1}`},
		{name: "the arbiter's rout, added once to the battles before the turn",
			tactical: true, change: before, line: "ARBITRO BATTAGLIA 1500E-1 ESITO Venezia ROTTA PERDITE Venezia 1 Papato 3 -- presa Ferrara",
			won: `{"venezia":3}`, fought: `{"francia":1,"papato":1,"venezia":4}`},
		{name: "the arbiter's ruling: not comparable, no battle",
			tactical: true, line: "ARBITRO CONFRONTABILI 1500E-1 NO -- sproporzione evidente", rolls: []int{2},
			won: `null`, fought: `null`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var next *State
			if c.tactical {
				st, orders := ferraraBattle(t, "E1500O", c.change, nil)
				_, round, _ := resolveWith(t, st, orders)
				if marshal(t, round.pos.BattlesWon) != marshal(t, st.pos.BattlesWon) {
					t.Errorf("the battle counted before it was fought: %v", round.pos.BattlesWon)
				}
				round = mustArbiter(t, round, c.line)
				_, next, _ = resolveWith(t, round, nil, c.rolls...)
				// The round resolved again (PREVIEW, then the deadline)
				// comes out the same.
				if _, again, _ := resolveWith(t, round, nil, c.rolls...); marshal(t, again.pos) != marshal(t, next.pos) {
					t.Error("the round resolved twice came out otherwise")
				}
			} else {
				var err error
				if next, _, err = play(t, at(t, "E1500O", c.change), c.sheets, c.rolls...); err != nil {
					t.Fatal(err)
				}
			}
			if won, fought := marshal(t, next.pos.BattlesWon), marshal(t, next.pos.BattlesFought); won != c.won || fought != c.fought {
				t.Errorf("won %s, fought %s; want %s, %s", won, fought, c.won, c.fought)
			}
			back, err := next.r.Decode([]byte(marshal(t, next.pos)))
			if err != nil || marshal(t, back.(*State).pos) != marshal(t, next.pos) {
				t.Errorf("the position reads back: %v", err)
			}
		})
	}
}

// The count is public: everyone reads it under the position, in his
// language; before the first battle nothing is said.
func TestBattlesShown(t *testing.T) {
	st := at(t, "E1500O", func(p *Position) {
		p.BattlesWon = map[string]int{"venezia": 1}
		p.BattlesFought = map[string]int{"venezia": 2, "papato": 1, "francia": 1}
	})
	for l, want := range map[game.Lang]string{
		game.English: "Battles won by a rout, of those fought (seed §8, §11): France 0 of 1, Venice 1 of 2, Papacy 0 of 1\n",
		game.Italian: "Battaglie vinte con una rotta, su quelle combattute (seed §8, §11): Francia 0 su 1, Venezia 1 su 2, Papato 0 su 1\n",
	} {
		for _, to := range []game.Viewer{{Seats: []string{"firenze"}}, {}, {Master: true}} {
			if got := st.Position(to)(l); !strings.Contains(got, want) {
				t.Errorf("%v reads in %v:\n%s\nwant %q", to, l, got, want)
			}
		}
	}
	if got := at(t, "E1500O", nil).Position(game.Viewer{})(game.English); strings.Contains(got, "Battles won") {
		t.Errorf("before any battle:\n%s", got)
	}
	// A count the position cannot have is refused when read.
	for _, bad := range []func(*Position){
		func(p *Position) { p.BattlesWon = map[string]int{"venezia": 1} },
		func(p *Position) { p.BattlesFought = map[string]int{"narnia": 1} },
		func(p *Position) { p.BattlesFought = map[string]int{"venezia": -1} },
	} {
		s := mustStart(t)
		bad(s.pos)
		if _, err := s.r.State(s.pos); err == nil || !strings.Contains(err.Error(), "battles of") {
			t.Errorf("taken: %v", err)
		}
	}
}
