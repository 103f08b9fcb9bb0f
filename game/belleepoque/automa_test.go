package belleepoque

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
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

// missionsOf is a Mission table for the tests: row 2's first box is
// Italy's, every other row's Belgium's; the second is Holland's, the
// third Serbia's for 1-3 and Romania's for 4-6, France's fourth Spain's.
func missionsOf() map[int][][]Target {
	m := map[int][][]Target{}
	for r := 1; r <= 6; r++ {
		first := []Target{{Territory: "belgio"}, {Territory: "grecia"}}
		if r == 2 {
			first = []Target{{Territory: "italia"}, {Territory: "spagna"}}
		}
		m[r] = [][]Target{first, {{Territory: "olanda"}, {Territory: "portogallo"}},
			{{Territory: "serbia", From: 1, To: 3}, {Territory: "romania", From: 4, To: 6}}, {{Territory: "spagna"}}}
	}
	return m
}

// 13.7: one die for the row (1 or 5: an armament cube); the first cube
// by the first column, the second by the second, each the box's
// territory it does not hold, else the fallback, else a die again for
// that column; the third and later by the last column's die ranges,
// each after the first on a row of its own (13.7.1); France's fourth
// from turn 4 by its own column (13.7.2); a full territory a contest on
// the Power with the most cubes (13.7 NOTE); where the rules end, the
// moderator.
func TestMissions(t *testing.T) {
	for _, c := range []struct {
		name   string
		turn   int
		cubes  int
		set    func(p *Play)
		dice   []int
		want   []string // "<territory> <kind> <space>" of France's cubes
		arms   int
		master string // the moderator's decision's data
	}{
		{"row 3: Belgium, Holland, Serbia (die 2)", 2, 3, nil, []int{3, 2}, []string{"belgio md 1", "olanda md 1", "serbia md 1"}, 0, ""},
		{"row 5: an armament cube; Romania (die 6)", 2, 3, nil, []int{5, 6}, []string{"belgio md 1", "olanda md 1", "romania md 1"}, 1, ""},
		{"Belgium allied: Greece", 2, 1, func(p *Play) { cubes(p, "belgio", "fr", 1, 2, 3, 4) }, []int{3}, []string{"grecia md 1"}, 0, ""},
		{"both held: the die again, row 2's Italy", 2, 1, func(p *Play) {
			cubes(p, "belgio", "fr", 1, 2, 3, 4)
			cubes(p, "grecia", "fr", 1, 2, 3, 4)
		}, []int{3, 2}, []string{"italia md 1"}, 0, ""},
		{"no row's box has a territory left: the moderator", 2, 1, func(p *Play) {
			for _, t := range []string{"belgio", "grecia", "italia", "spagna"} {
				cubes(p, t, "fr", 1, 2, 3, 4)
			}
		}, []int{3}, nil, 0, "mission fr column 1"},
		{"Belgium full: a contest on Britain's (4 against Russia's 2)", 2, 1, func(p *Play) {
			cubes(p, "belgio", "gb", 1, 2, 3, 4)
			cubes(p, "belgio", "ru", 5, 6)
		}, []int{3}, []string{"belgio contest 1"}, 0, ""},
		{"Belgium full of minors' cubes: the moderator", 2, 1, func(p *Play) {
			cubes(p, "belgio", "belgio", 1, 2, 3, 4, 5, 6)
		}, []int{3}, nil, 0, "mission fr full belgio"},
		{"five cubes in turn 4: the fourth Spain's, the fifth on a row of its own", 4, 5, nil, []int{3, 2, 4, 6},
			[]string{"belgio md 1", "olanda md 1", "serbia md 1", "spagna md 1", "romania md 1"}, 0, ""},
		{"four cubes in turn 3: the fourth by the last column", 3, 4, nil, []int{3, 2, 4, 5},
			[]string{"belgio md 1", "olanda md 1", "serbia md 1", "romania md 1"}, 0, ""},
	} {
		p := bare(t, c.turn)
		p.Data.Automa["fr"].Missions = missionsOf()
		p.Add("md", "fr", c.cubes-p.Get("md", "fr"))
		if c.set != nil {
			c.set(p)
		}
		p.dice = rolls(c.dice...)
		before := frPieces(p)
		arms := p.missions("fr", p.Data.Automa["fr"])
		var got []string
		for _, pc := range frPieces(p) {
			if i := slices.Index(before, pc); i >= 0 {
				before = slices.Delete(before, i, i+1)
				continue
			}
			got = append(got, pc)
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		master := ""
		if len(p.Pending) > 0 && p.Pending[0].Seat == table.Master {
			master = p.Pending[0].Data
		}
		if !slices.Equal(got, want) || arms != c.arms || master != c.master {
			t.Errorf("%s: cubes %v, arms %d, moderator %q; want %v, %d, %q", c.name, got, arms, master, want, c.arms, c.master)
		}
	}
}

// frPieces are France's pieces on the map: "<territory> <kind> <space>".
func frPieces(p *Play) []string {
	var out []string
	for _, id := range sortedKeys(p.Data.Territories) {
		for _, pc := range p.Board[id] {
			if pc.Owner == "fr" {
				out = append(out, id+" "+pc.Kind+" "+pc.Tag)
			}
		}
	}
	return out
}

// The moderator's ruling on a mission: a contest on the space named, a
// territory for a column at its end, or the cube kept.
func TestMissionRuling(t *testing.T) {
	p := bare(t, 2)
	cubes(p, "belgio", "belgio", 1, 2, 3, 4, 5, 6)
	p.Add("md", "fr", 1-p.Get("md", "fr"))
	p.askMission("fr", "full", "belgio")
	dec := p.Pending[0]
	if !slices.Equal(dec.Answers, []string{"KEEP", "ON 1", "ON 2", "ON 3", "ON 4", "ON 5", "ON 6"}) {
		t.Fatalf("answers %v", dec.Answers)
	}
	answer(t, p, rolls(), "ON 2")
	if top, ok := p.at("belgio", 2, "contest"); !ok || top.Owner != "fr" || p.Get("md", "fr") != 0 {
		t.Errorf("the contest: %+v, %d cubes left", top, p.Get("md", "fr"))
	}
	p.Add("md", "fr", 1)
	p.askMission("fr", "column", "1")
	answer(t, p, rolls(), "serbia")
	if p.count("serbia", "fr") != 1 {
		t.Errorf("the cube is not in Serbia: %v", p.Board["serbia"])
	}
}

// 13.2 and 3.0 step 9: the Automated Powers first in an order drawn,
// then the first player drawn and the others clockwise; the next turn,
// the first Automated Power last, the others in the order they passed.
func TestTurnOrder(t *testing.T) {
	p := bare(t, 1)
	p.Order = []string{"gb", "fr", "ru", "ic"}
	p.Auto = []string{"fr", "ru"}
	p.dice = rolls()
	p.firstOrder()
	if humans := strings.Join(p.Order[2:], " "); !slices.Equal(slices.Sorted(slices.Values(p.Order[:2])), []string{"fr", "ru"}) || humans != "gb ic" && humans != "ic gb" {
		t.Errorf("turn 1's order %v", p.Order)
	}
	bots := slices.Clone(p.Order[:2])
	p.Passed = []string{bots[0], bots[1], "ic", "gb"}
	if got := p.nextOrder(); !slices.Equal(got, []string{bots[1], bots[0], "ic", "gb"}) {
		t.Errorf("the next order %v", got)
	}
	// The example of 13.2: GB, France, Russia become France, Russia, GB.
	p.Order, p.Auto, p.Passed = []string{"gb", "fr", "ru", "ic"}, []string{"gb", "fr", "ru"}, []string{"gb", "fr", "ru", "ic"}
	if got := p.nextOrder(); !slices.Equal(got, []string{"fr", "ru", "gb", "ic"}) {
		t.Errorf("13.2's example: %v", got)
	}
}

// 13.3 e): a human may not resolve a contest with an Automated Power;
// once all have passed, such contests are fought one by one, the human
// side asked its units, the Automated Power's bonus its Arsenal's; the
// others are cancelled (8.11).
func TestContestsAfter(t *testing.T) {
	p := bare(t, 4)
	p.Data.Automa["fr"].Arsenal = []int{0, 0, 0, 4}
	cubes(p, "belgio", "fr", 1)
	p.Put("belgio", table.Piece{Kind: "contest", Owner: "gb", Tag: "1"})
	cubes(p, "olanda", "ru", 1)
	p.Put("olanda", table.Piece{Kind: "contest", Owner: "ic", Tag: "1"})
	p.Powers["gb"].Armies = 2
	p.Tracks["money"]["gb"] = 10
	if why, _ := p.act("gb", "RESOLVE belgio 1"); why == nil || why.Write(italian, game.English) != "a contest with an Automated Power is resolved after the action phase (13.3 e)" {
		t.Errorf("RESOLVE against the Automated Power: %v", why)
	}
	p.Passed = slices.Clone(p.Order)
	p.dice = rolls(6, 1)
	p.endRound()
	dec := p.Pending[0]
	if dec.Seat != "gb" || dec.Kind != kindContest || p.Contest == nil || p.Contest.Territory != "belgio" {
		t.Fatalf("the contest is not asked of Britain: %+v", dec)
	}
	answer(t, p, rolls(6, 1), "COMMIT 2")
	if base, _ := p.at("belgio", 1, "md"); base.Owner != "gb" {
		t.Errorf("6+2 against 1+4: space 1 of Belgium holds %+v", base)
	}
	if _, ok := p.at("olanda", 1, "contest"); ok || p.Turn != 5 {
		t.Errorf("the humans' contest is not cancelled, or the turn did not end: turn %d, %v", p.Turn, p.Board["olanda"])
	}
}

// 13.10 and 13.0: the Automated Powers do not score; the solo game's
// Power adds 10 VP for an end in turn 7, 5 in turn 8, and is ranked by
// the table; with two humans, the better human wins.
func TestSoloScoring(t *testing.T) {
	for _, c := range []struct {
		name    string
		auto    []string
		turn    int
		early   bool
		vp      int
		winners []string
		text    string
		italian string
	}{
		{"ended in turn 7: +10, a minor victory", []string{"fr", "ru", "ic"}, 7, true, 80, []string{"gb"},
			"Great Britain scores 90 VP: a minor victory (13.10)", "Gran Bretagna segna 90 PV: una vittoria minore (13.10)"},
		{"ended in turn 8: +5, a marginal defeat", []string{"fr", "ru", "ic"}, 8, true, 70, nil,
			"Great Britain scores 75 VP: a marginal defeat (13.10)", "Gran Bretagna segna 75 PV: una sconfitta marginale (13.10)"},
		{"after turn 9: none, a crushing victory", []string{"fr", "ru", "ic"}, 9, false, 110, []string{"gb"},
			"Great Britain scores 110 VP: a crushing victory (13.10)", "Gran Bretagna segna 110 PV: una vittoria schiacciante (13.10)"},
		{"two humans: the better wins", []string{"ru", "ic"}, 9, false, 10, []string{"gb"},
			"Great Britain wins with 10 VP (Great Britain 10, France 5)", "Gran Bretagna vince con 10 PV (Gran Bretagna 10, Francia 5)"},
	} {
		p := bare(t, c.turn)
		p.Auto = c.auto
		p.Early = c.early
		for _, s := range p.Order {
			p.Tracks["vp"][s] = 0
			p.Tracks["prestige"][s] = 3 // box 3: no VP in the sample
		}
		p.Tracks["vp"]["gb"] = c.vp
		p.Tracks["vp"]["fr"] = c.vp - 5
		p.Tracks["vp"]["ru"] = 200
		cubes(p, "italia", "ru", 1, 2, 3, 4)
		p.final()
		e := p.End()
		if e == nil || !slices.Equal(e.Winners, c.winners) || e.Text(game.English) != c.text || e.Text(game.Italian) != c.italian {
			t.Errorf("%s: %+v %q / %q", c.name, e, e.Text(game.English), e.Text(game.Italian))
		}
		if p.Get("vp", "ru") != 200 {
			t.Errorf("%s: the Automated Russia scored: %d", c.name, p.Get("vp", "ru"))
		}
	}
}

// Through the engine, the solo game of 13.10 from the setup to the
// end: the three Automated Powers' turns, contests and cards pass by
// themselves; only the player's decisions, and the moderator's rulings,
// wait; the end is told by the table of 13.10.
func TestSoloThroughTheEngine(t *testing.T) {
	st, err := Rules{}.Start([]string{"fr", "ru", "ic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*table.State)
	d := dice.New(dice.Seed{}, "solo")
	for i := 0; i < 2000 && s.P.(*Play).End() == nil; i++ {
		p := s.P.(*Play)
		now := p.Now()
		if now == nil {
			t.Fatal("nothing is pending and the game is not over")
		}
		switch {
		case slices.Contains(p.Auto, now.Seat):
			t.Fatalf("a decision waits for an Automated Power: %+v", now)
		case now.Seat == table.Master && len(now.Answers) > 0:
			p.Ruling = now.Answers[0]
		case now.Seat == table.Master:
			p.Ruling = "START"
		}
		out, err := s.Resolve(nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s = out.Next.(*table.State)
	}
	p := s.P.(*Play)
	e := p.End()
	if e == nil || !strings.Contains(e.Text(game.English), "(13.10)") || p.Turn < 7 {
		t.Fatalf("the solo game did not end: turn %d, %+v", p.Turn, e)
	}
	for _, b := range []string{"fr", "ru", "ic"} {
		if p.Get("vp", b) != 0 {
			t.Errorf("the Automated %s scored %d", b, p.Get("vp", b))
		}
	}
}

// 13.3, 13.6: an Automated Power plays without money: none at the
// start, no income in the Resources phase (humans only), no money
// bonus on the Prestige track, none from an event; a lose:money card
// of a bot targets the richest human Power, never another bot.
func TestAutomaHasNoMoney(t *testing.T) {
	for _, c := range []struct {
		name string
		do   func(p *Play)
		// want is the money each Power must have after do, from the £5
		// each had before (gb £9 in the lose:money case).
		want map[string]int
	}{
		{"the Resources phase", func(p *Play) { p.startTurn(2) }, map[string]int{"fr": 5}},
		{"a money box of the Prestige track", func(p *Play) {
			p.Data.Bonuses = map[int]string{5: "money:2"}
			p.Tracks["prestige"]["fr"], p.Tracks["prestige"]["gb"] = 4, 4
			p.raisePrestige("fr", 1, true)
			p.raisePrestige("gb", 1, true)
		}, map[string]int{"fr": 5, "gb": 7}},
		{"an event's money", func(p *Play) { p.effect("", "E03", "money:2", "Event E03") }, map[string]int{"fr": 5, "ru": 5, "gb": 7, "ic": 7}},
		{"a bot's lose:money misses the richer bot", func(p *Play) {
			p.Tracks["money"]["ru"], p.Tracks["money"]["gb"] = 20, 9
			p.effect("fr", "I02", "lose:money:3", "Scandalo finanziario")
		}, map[string]int{"ru": 20, "gb": 6, "ic": 5}},
	} {
		p := bare(t, 2)
		p.Auto = []string{"fr", "ru"}
		p.dice = rolls()
		for _, s := range p.Order {
			p.Tracks["money"][s] = 5
		}
		c.do(p)
		for s, want := range c.want {
			if got := p.Get("money", s); got != want {
				t.Errorf("%s: %s has £%d, want £%d", c.name, s, got, want)
			}
		}
	}
	st, err := Rules{}.Start([]string{"fr"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*table.State).P.(*Play)
	p.Data.Powers["fr"].Money, p.Data.Powers["gb"].Money = 7, 7 // the sample's are placeholders
	p.setup(rolls())
	if p.Get("money", "fr") != 0 || p.Get("money", "gb") != 7 {
		t.Errorf("the setup's money: %v", p.Tracks["money"])
	}
}
