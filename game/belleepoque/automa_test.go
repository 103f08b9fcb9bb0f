package belleepoque

import (
	"strconv"
	"testing"

	"github.com/corriere/corriere/game/table"
)

// bare is a game past its setup with an empty board, France automated,
// in turn n.
func bare(t *testing.T, n int) *Play {
	t.Helper()
	p := started(t)
	p.Board = map[string][]table.Piece{}
	p.Auto = []string{"fr"}
	p.Turn = n
	p.Pending = nil
	return p
}

// cubes puts owner's cubes in t's spaces.
func cubes(p *Play, t, owner string, spaces ...int) {
	for _, s := range spaces {
		p.Put(t, table.Piece{Kind: "md", Owner: owner, Tag: strconv.Itoa(s)})
	}
}

// 13.4.1-2: the card its Progress table shows, drawn by a die; the
// Intrigue half marked for it, else the moderator's; a common National
// card at no cost; its money lost.
func TestAutomaCards(t *testing.T) {
	for _, c := range []struct {
		name     string
		turn     int
		hand     []string
		dice     []int
		bot      map[string]string
		md, pres int
		master   bool
		left     int
	}{
		{"turn 2, I06: its half b, a cube", 2, []string{"I06"}, nil, nil, 1, 0, false, 0},
		{"turn 2, I08: its half a, Prestige (and the box's cube)", 2, []string{"I08"}, nil, nil, 1, 1, false, 0},
		{"the die draws the second of two (I08)", 2, []string{"I06", "I08"}, []int{2}, nil, 1, 1, false, 1},
		{"no half marked: the moderator's", 2, []string{"I01"}, nil, nil, 0, 0, true, 0},
		{"a half of money: lost", 2, []string{"I09"}, nil, map[string]string{"I09": "b"}, 0, 0, false, 0},
		{"no card: nothing", 2, nil, nil, nil, 0, 0, false, 0},
		{"turn 3, not an Intrigue turn: the National; the die takes N2 (+2 Prestige), no cost", 3, []string{"I06", "N1", "N2", "N3"}, []int{2}, nil, 1, 2, false, 3},
		{"turn 1: no card", 1, []string{"I06"}, nil, nil, 0, 0, false, 1},
	} {
		p := bare(t, c.turn)
		for id, half := range c.bot {
			p.Data.Intrigue[id].Bot = half
		}
		p.Hands["fr"] = c.hand
		p.dice = rolls(c.dice...)
		md, pres, money := p.Get("md", "fr"), p.Get("prestige", "fr"), p.Get("money", "fr")
		p.automaCards("fr", p.Data.Automa["fr"])
		master := len(p.Pending) > 0 && p.Pending[0].Seat == table.Master
		if p.Get("md", "fr")-md != c.md || p.Get("prestige", "fr")-pres != c.pres || master != c.master || len(p.Hands["fr"]) != c.left || p.Get("money", "fr") != money {
			t.Errorf("%s: md %+d, prestige %+d, money %+d, moderator %v, hand %v", c.name, p.Get("md", "fr")-md, p.Get("prestige", "fr")-pres, p.Get("money", "fr")-money, master, p.Hands["fr"])
		}
	}
}

// 13.8: the Objective Priority list by VP; the first territory whose
// rate it can place in full and where the cubes change the holder; free
// spaces first, then the cube of the Power with the most there.
func TestAutomaArms(t *testing.T) {
	for _, c := range []struct {
		name  string
		turn  int
		arms  int
		set   func(p *Play)
		where string
		space int
	}{
		{"turn 3: none", 3, 2, func(p *Play) { cubes(p, "italia", "fr", 1, 2, 3) }, "", 0},
		{"Italy (5 VP, 2 cubes) first, spaces 6 and 5: France's 3 of 4", 4, 2, func(p *Play) {
			cubes(p, "italia", "fr", 1, 2, 3)
			cubes(p, "algeria_marocco", "fr", 1, 2, 3)
		}, "italia", 5},
		{"one cube: not Italy's rate; Algeria", 4, 1, func(p *Play) {
			cubes(p, "italia", "fr", 1, 2, 3)
			cubes(p, "algeria_marocco", "fr", 1, 2, 3)
		}, "algeria_marocco", 6},
		{"no change of holder anywhere: none", 4, 2, func(p *Play) { cubes(p, "italia", "fr", 1) }, "", 0},
		{"a full Namibia: over Britain's cube (2 against 1)", 4, 1, func(p *Play) {
			cubes(p, "namibia", "fr", 1, 2, 3)
			cubes(p, "namibia", "gb", 4, 5)
			cubes(p, "namibia", "ic", 6)
		}, "namibia", 5},
	} {
		p := bare(t, c.turn)
		c.set(p)
		before := p.Powers["fr"].Armament
		p.dice = rolls()
		p.automaArms("fr", p.Data.Automa["fr"], c.arms)
		var got string
		sp := 0
		for _, id := range sortedKeys(p.Data.Territories) {
			if p.armament(id) > 0 {
				got = id
				for _, pc := range p.Board[id] {
					if pc.Kind == "armament" {
						n, _ := strconv.Atoi(pc.Tag)
						if sp == 0 || n < sp {
							sp = n
						}
					}
				}
			}
		}
		placed := before - p.Powers["fr"].Armament
		if got != c.where || sp != c.space || (got == "") != (placed == 0) {
			t.Errorf("%s: armament in %q from space %d (%d placed), want %q from %d", c.name, got, sp, placed, c.where, c.space)
		}
		if c.where == "namibia" && (p.count("namibia", "gb") != 1 || p.Get("prestige", "fr") < 0) {
			t.Errorf("%s: Britain keeps %d cubes", c.name, p.count("namibia", "gb"))
		}
	}
}

// 13.9.1: the Arsenal Bonus of the turn over its contests, rounded half
// up, at most +4, fixed for the turn.
func TestAutomaBonus(t *testing.T) {
	for _, c := range []struct {
		name                    string
		arsenal, contests, want int
	}{
		{"9 over 3: 3 (the rulebook's example)", 9, 3, 3},
		{"5 over 2: 2.5, rounded up to 3", 5, 2, 3},
		{"7 over 3: 2", 7, 3, 2},
		{"9 over 1: at most 4", 9, 1, 4},
		{"none: 0", 0, 1, 0},
	} {
		p := bare(t, 4)
		p.Data.Automa["fr"].Arsenal = []int{0, 0, 0, c.arsenal}
		ts := []string{"belgio", "olanda", "serbia"}
		for i := range c.contests {
			if i%2 == 0 {
				cubes(p, ts[i], "gb", 1) // France attacks
				p.Put(ts[i], table.Piece{Kind: "contest", Owner: "fr", Tag: "1"})
			} else {
				cubes(p, ts[i], "fr", 1) // France defends
				p.Put(ts[i], table.Piece{Kind: "contest", Owner: "ru", Tag: "1"})
			}
		}
		cubes(p, "grecia", "gb", 1) // a contest France is not in
		p.Put("grecia", table.Piece{Kind: "contest", Owner: "ru", Tag: "1"})
		if got := p.automaBonus("fr"); got != c.want {
			t.Errorf("%s: +%d, want +%d", c.name, got, c.want)
		}
		p.Board = map[string][]table.Piece{}
		if got := p.automaBonus("fr"); got != c.want {
			t.Errorf("%s: +%d later in the turn, want it fixed at +%d", c.name, got, c.want)
		}
	}
}

// 13.7: a mission's row of 1 or 5 puts an armament cube on the sheet;
// in turn 4 it is sold by 13.8 in the same phase.
func TestAutomaMissionArms(t *testing.T) {
	p := bare(t, 4)
	p.Hands["fr"] = nil
	cubes(p, "algeria_marocco", "fr", 1, 2, 3)
	p.Add("md", "fr", 1-p.Get("md", "fr"))
	p.Round = &Round{Seat: "fr"}
	p.dice = rolls(5)
	before := p.Powers["fr"].Armament
	p.automa("fr")
	if p.Powers["fr"].Armament != before-1 || p.armament("algeria_marocco") != 1 {
		t.Errorf("armament %d of %d, in Algeria %d", p.Powers["fr"].Armament, before, p.armament("algeria_marocco"))
	}
}
