package belleepoque

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// 13.4.3-4, the rulebook's example: an Automated France plays
// Disordini Nazionalisti (remove:4:2) down its Objective Priority list:
// two cubes of the Central Powers in Belgium, Britain's in Italy, and
// in Melanesia Russia's, Britain and the Central Powers having suffered
// the card already; Spain's cubes are a minor's, never taken.
func TestBotRemovesByPriority(t *testing.T) {
	p := bare(t, 3)
	cubes(p, "belgio", "ic", 1, 2)
	cubes(p, "belgio", "fr", 3)
	cubes(p, "italia", "gb", 1)
	cubes(p, "melanesia", "spagna", 1, 2)
	cubes(p, "melanesia", "gb", 3)
	cubes(p, "melanesia", "ic", 4)
	cubes(p, "melanesia", "ru", 5)
	p.dice = rolls()
	p.effect("fr", "N3", "remove:4:2", "Disordini Nazionalisti")
	for _, c := range []struct {
		t     string
		owner string
		n     int
	}{{"belgio", "ic", 0}, {"belgio", "fr", 1}, {"italia", "gb", 0}, {"melanesia", "gb", 1}, {"melanesia", "ic", 1}, {"melanesia", "ru", 0}, {"melanesia", "spagna", 2}} {
		if got := p.count(c.t, c.owner); got != c.n {
			t.Errorf("%s: %d cubes of %s, want %d", c.t, got, c.owner, c.n)
		}
	}
	for _, pw := range []string{"gb", "ic", "ru"} {
		if p.Powers[pw].TargetedBy != "N3" {
			t.Errorf("%s is not marked as affected (8.6.1)", pw)
		}
	}
	if len(p.Effects) != 0 || len(p.Pending) != 0 {
		t.Errorf("the card waits: %v %v", p.Effects, p.Pending)
	}
}

// 13.4.3: an Automated Power's loss falls on the Power with the most of
// it, a die between equals (even the first, odd the second), never on
// one another card affected this turn (8.6.1).
func TestBotTargetsThePower(t *testing.T) {
	for _, c := range []struct {
		name  string
		money map[string]int
		hit   string
		dice  []int
		want  string
	}{
		{"the richest", map[string]int{"gb": 9, "ru": 4, "ic": 2}, "", nil, "gb"},
		{"two equal: an even die, the first in turn order", map[string]int{"gb": 9, "ru": 9, "ic": 2}, "", []int{4}, "gb"},
		{"two equal: an odd die, the second", map[string]int{"gb": 9, "ru": 9, "ic": 2}, "", []int{3}, "ru"},
		{"the richest was affected by another card: the next", map[string]int{"gb": 9, "ru": 4, "ic": 2}, "gb", nil, "ru"},
	} {
		p := bare(t, 2)
		p.Order = []string{"gb", "fr", "ru", "ic"}
		for s, m := range c.money {
			p.Tracks["money"][s] = m
		}
		if c.hit != "" {
			p.Powers[c.hit].TargetedBy = "I99"
		}
		p.dice = rolls(c.dice...)
		p.effect("fr", "I02", "lose:money:3", "Scandalo finanziario")
		for s, m := range c.money {
			want := m
			if s == c.want {
				want = m - 3
			}
			if p.Get("money", s) != want {
				t.Errorf("%s: %s has £%d, want £%d", c.name, s, p.Get("money", s), want)
			}
		}
	}
}

// 8.6, 8.6.2: a player's card with targets asks the player, one cube
// at a time: Politica del Grosso Bastone's US cubes in Japan, China
// (in place of France's cube, as in the example) and Micronesia or
// Melanesia; the round's next action waits for them; an Automated
// Power's goes where a die names (even Micronesia, 13.4.6), in place of
// the cube of the Power with the most there.
func TestCardTargetsAsked(t *testing.T) {
	p := bare(t, 2)
	p.Auto = nil
	cubes(p, "cina", "fr", 1, 2)
	p.Hands["gb"] = []string{"I01"}
	p.Add("md", "gb", 1)
	md := p.Get("md", "gb")
	p.Pending = nil
	p.round("gb", []string{"PLAY I01", "INVEST"})
	var asked []string
	for _, ans := range []string{"TARGET giappone", "TARGET cina 2", "TARGET micronesia"} {
		dec := p.Pending[0]
		if dec.Seat != "gb" || dec.Kind != kindTarget || !slices.Contains(dec.Answers, ans) {
			t.Fatalf("asked %+v, want %s among the answers", dec, ans)
		}
		asked = append(asked, dec.Answers[0])
		if p.Get("md", "gb") != md {
			t.Fatalf("the round's next action did not wait for the card")
		}
		a, err := p.Read("gb", &dec, strings.Replace(ans, "TARGET", "BERSAGLIO", 1))
		if err != nil || a.Text != ans {
			t.Fatalf("read %q: %+v %v", ans, a, err)
		}
		answer(t, p, rolls(), ans)
	}
	if asked[2] != "TARGET micronesia" || !slices.Contains(p.Pending[0].Answers, "COMMIT 0") && p.Pending[0].Kind != kindRound {
		t.Errorf("the third choice's answers began %s; then %+v", asked[2], p.Pending[0])
	}
	for _, c := range []struct {
		t, owner string
		n        int
	}{{"giappone", "usa", 1}, {"cina", "usa", 1}, {"cina", "fr", 1}, {"micronesia", "usa", 1}} {
		if got := p.count(c.t, c.owner); got != c.n {
			t.Errorf("%s: %d cubes of %s, want %d", c.t, got, c.owner, c.n)
		}
	}
	if p.Get("md", "gb") != md-1 || p.Powers["fr"].TargetedBy != "I01" {
		t.Errorf("after the card: %d cubes (INVEST after it), France affected by %q", p.Get("md", "gb"), p.Powers["fr"].TargetedBy)
	}
	// The Automated France plays it: Japan's and China's cubes, then a die of 4: Micronesia.
	q := bare(t, 2)
	cubes(q, "cina", "gb", 1, 2)
	cubes(q, "cina", "ru", 3)
	q.dice = rolls(4)
	q.effect("fr", "I01", q.Data.Intrigue["I01"].Effect, "Politica del Grosso Bastone")
	if q.count("cina", "gb") != 1 || q.count("cina", "usa") != 1 || q.count("micronesia", "usa") != 1 || len(q.Pending) != 0 {
		t.Errorf("the Automated Power's card: cina %v, micronesia %v, pending %v", q.Board["cina"], q.Board["micronesia"], q.Pending)
	}
}

// A player's loss or removal asks the player among the Powers it may
// target; an event's target is the moderator's, answered with RULE.
func TestLossAndEventTargets(t *testing.T) {
	p := bare(t, 2)
	p.Auto = nil
	p.Powers["ru"].TargetedBy = "I99"
	p.effect("gb", "I03", "lose:prestige:1", "Campagna di stampa")
	dec := p.Pending[0]
	if dec.Seat != "gb" || !slices.Equal(dec.Answers, []string{"TARGET fr", "TARGET ic"}) && !slices.Equal(dec.Answers, []string{"TARGET ic", "TARGET fr"}) {
		t.Fatalf("asked %+v", dec)
	}
	before := p.Get("prestige", "ic")
	answer(t, p, rolls(), "TARGET ic")
	if p.Get("prestige", "ic") != before-1 || p.Powers["ic"].TargetedBy != "I03" {
		t.Errorf("ic's Prestige %d of %d", p.Get("prestige", "ic"), before)
	}
	q := bare(t, 2)
	q.Pending = nil
	q.effect("", "E99", "minor:usa:micronesia|melanesia:1", "An event")
	dec = q.Pending[0]
	if dec.Seat != table.Master || dec.Kind != kindCard || !strings.Contains(dec.Prompt.Write(italian, game.English), "RULE TARGET") {
		t.Fatalf("the event's target is not the moderator's: %+v", dec)
	}
	answer(t, q, rolls(), "TARGET melanesia")
	if q.count("melanesia", "usa") != 1 || len(q.Effects) != 0 {
		t.Errorf("melanesia %v, effects %v", q.Board["melanesia"], q.Effects)
	}
}

// 13.4: a player's Intrigue half marked for the Automated Powers is
// never turned against them.
func TestBotHalfSparesTheBots(t *testing.T) {
	for _, c := range []struct {
		name string
		bot  string
		want []string
	}{
		{"the bots' half: France spared", "b", []string{"TARGET ru", "TARGET ic"}},
		{"the other half: France a target", "a", []string{"TARGET fr", "TARGET ru", "TARGET ic"}},
	} {
		p := bare(t, 2)
		p.Order = []string{"gb", "fr", "ru", "ic"}
		p.Data.Intrigue["I03"].Bot = c.bot
		p.Hands["gb"] = []string{"I03"}
		if why := p.play("gb", "I03", []string{"B"}); why != nil {
			t.Fatal(why.Write(italian, game.English))
		}
		if got := p.Pending[0].Answers; !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
