package belleepoque

import (
	"strconv"
	"strings"
)

// power is one of the four Powers, with the numbers the rulebook gives:
// income (5.0), starting cubes (3.3.2), armies (8.1), armament cubes
// (3.0) and the Great Work's name (8.3).
type power struct {
	ID, Name, Italian string
	Income, Setup     int
	Armies, ArmyCost  int
	Armament          int
	Work              string
}

// powers are the seats, in the order of the setup rounds (3.3.1).
var powers = []power{
	{"ru", "Russia", "Russia", 10, 7, 14, 2, 5, "Trans-Siberian Railway"},
	{"fr", "France", "Francia", 11, 9, 10, 3, 5, "Eiffel Tower"},
	{"ic", "Central Powers", "Imperi Centrali", 12, 9, 12, 3, 6, "Kiel Canal"},
	{"gb", "Great Britain", "Gran Bretagna", 13, 10, 8, 3, 4, "HMS Dreadnought"},
}

func powerOf(id string) power {
	for _, p := range powers {
		if p.ID == id {
			return p
		}
	}
	return power{}
}

// Fixed numbers of the rules.
const (
	cubesPerPower = 40 // 2.2
	maxFleets     = 3  // 8.1
	fleetCost     = 10 // 8.1
	prestigeCost  = 5  // 8.5
	investGain    = 2  // 8.4
	lastTurn      = 9  // 6.1
)

// soloResults are the solo game's results by VP (13.10), and
// soloVictory the least VP that win.
var soloResults = []struct {
	From   int
	Result string
}{{0, "a crushing defeat"}, {75, "a marginal defeat"}, {85, "a minor victory"}, {95, "a decisive victory"}, {110, "a crushing victory"}}

const soloVictory = 85

// minorCubes are the minor nations whose cubes are on the map, and how
// many each has (2.0).
var minorCubes = map[string]int{"italia": 7, "giappone": 7, "usa": 7, "spagna": 2, "portogallo": 3, "belgio": 2, "olanda": 2, "boeri": 3}

// minorDefence is the fixed bonus of an unallied minor's cube in a
// contest (8.7.1): +1, +2 for the USA, Italy and Japan.
func minorDefence(minor string) int {
	switch minor {
	case "usa", "italia", "giappone":
		return 2
	}
	return 1
}

// alliance is what an allied minor nation gives its Power (8.2.3):
// money at Resources, an army or a fleet (usable in the continent
// named, or anywhere), Prestige, or two intrigue cards to choose from.
type alliance struct {
	Money, Prestige int
	Army, Fleet     string // "" none, "any", or a continent
	Intrigue        bool
}

var alliances = map[string]alliance{
	"belgio":          {Money: 2},
	"olanda":          {Money: 2},
	"portogallo":      {Money: 2},
	"romania":         {Money: 2},
	"bulgaria":        {Army: "europe"},
	"giappone":        {Fleet: "asia"},
	"grecia":          {Fleet: "europe"},
	"italia":          {Army: "any", Fleet: "any"},
	"spagna":          {Fleet: "any"},
	"serbia":          {Prestige: 1},
	"impero_ottomano": {Intrigue: true},
}

// effectForms is the engine's vocabulary of card effects, for refusals.
const effectForms = "money:<n>, prestige:<n>, md:<n>, minor:<nation>:<territory>[|<territory>...]:<n>, purge:<nation>:<continent>, lose:money|prestige|md:<n>, remove:<n>[:<most a Power>], doctrine or end, or several joined by commas"

// validEffect reports whether the engine knows e ("" is the moderator's):
// one effect, or several joined by commas, applied in order.
func validEffect(e string) bool {
	if e == "" || e == "end" {
		return true
	}
	for _, one := range strings.Split(e, ",") {
		if !validOne(one) {
			return false
		}
	}
	return true
}

func validOne(e string) bool {
	f := strings.Split(e, ":")
	n := func(s string) bool { _, err := strconv.Atoi(s); return err == nil }
	switch f[0] {
	case "doctrine":
		return len(f) == 1
	case "money", "prestige", "md":
		return len(f) == 2 && n(f[1])
	case "minor":
		_, ok := minorCubes[f[1]]
		return len(f) == 4 && ok && f[2] != "" && n(f[3])
	case "purge":
		return len(f) == 3 && (f[2] == "europe" || f[2] == "africa" || f[2] == "asia")
	case "lose":
		return len(f) == 3 && (f[1] == "money" || f[1] == "prestige" || f[1] == "md") && n(f[2])
	case "remove":
		return (len(f) == 2 || len(f) == 3 && n(f[2])) && n(f[1])
	}
	return false
}

// bonusAmount reads a Prestige box's bonus: md, money:N or intrigue;
// -1 when it is none of them.
func bonusAmount(b string) int {
	switch {
	case b == "md" || b == "intrigue":
		return 1
	case strings.HasPrefix(b, "money:"):
		v, err := strconv.Atoi(strings.TrimPrefix(b, "money:"))
		if err == nil && v > 0 {
			return v
		}
	}
	return -1
}
