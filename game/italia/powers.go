package italia

import (
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// powerInfo is one power of the game, as the rules know it.
type powerInfo struct {
	ID               string
	Italian, English string
	// Aliases are more names a player may write: the seed's long names,
	// the playtest titles' realms.
	Aliases []string
	// Capital is the capital set of spec §3.16 (seed §6): for France all
	// three yellow territories; the Aragonesi's Napoli counts only while
	// they hold it (capitalSet). Empty for the two powers no player need
	// sit at.
	Capital []string
	// NPC marks the Ottomans and the Swiss: seats only with 7 or 8
	// players, otherwise the arbiter plays them (spec §1.1).
	NPC bool
	// NoSwiss marks the powers that may not hire Swiss pikes (seed §4).
	NoSwiss bool
}

// powers are the game's powers in the seed's order, which is also the
// order of ties and dice (spec §1.1).
var powers = []powerInfo{
	{ID: "francia", Italian: "Francia", English: "France", Aliases: []string{"Regno di Francia", "Kingdom of France", "French"}, Capital: []string{"avign", "marse", "prove"}},
	{ID: "aragonesi", Italian: "Aragonesi", English: "Aragon", Aliases: []string{"Aragonese", "Regno di Napoli", "Kingdom of Naples", "Aragona"}, Capital: []string{"paler"}, NoSwiss: true},
	{ID: "impero", Italian: "Impero", English: "Empire", Aliases: []string{"Sacro Romano Impero", "Holy Roman Empire", "Imperiali", "Imperial"}, Capital: []string{"austr"}, NoSwiss: true},
	{ID: "venezia", Italian: "Venezia", English: "Venice", Aliases: []string{"Repubblica di Venezia", "Republic of Venice", "Serenissima"}, Capital: []string{"venic"}},
	{ID: "firenze", Italian: "Firenze", English: "Florence", Aliases: []string{"Repubblica di Firenze", "Republic of Florence"}, Capital: []string{"flore"}},
	{ID: "papato", Italian: "Papato", English: "Papacy", Aliases: []string{"Papa", "Pope", "Stato della Chiesa", "Papal States"}, Capital: []string{"rome"}},
	{ID: "ottomani", Italian: "Ottomani", English: "Ottomans", Aliases: []string{"Impero Ottomano", "Ottoman Empire", "Turchi", "Turks"}, NPC: true},
	{ID: "svizzeri", Italian: "Svizzeri", English: "Swiss", Aliases: []string{"Confederazione Svizzera", "Swiss Confederation"}, NPC: true},
}

// powerNames maps every folded name of a power to its index in powers.
var powerNames = func() map[string]int {
	out := map[string]int{}
	for i, p := range powers {
		for _, n := range append([]string{p.ID, p.Italian, p.English}, p.Aliases...) {
			out[machiavelli.Fold(n)] = i
		}
	}
	return out
}()

// powerByID is the power with id, nil for none.
func powerByID(id string) *powerInfo {
	if i := powerIndex(id); i < len(powers) {
		return &powers[i]
	}
	return nil
}

// powerIndex is the power's place in the seed's order, len(powers) for
// none (independent), so that sorting by it puts the seed's order first.
func powerIndex(id string) int {
	for i := range powers {
		if powers[i].ID == id {
			return i
		}
	}
	return len(powers)
}

// lookupPower finds the power a player names: a name or alias in either
// language, or a prefix of one that names only one power.
func lookupPower(name string) (string, []string) {
	k := machiavelli.Fold(name)
	if i, ok := powerNames[k]; ok {
		return powers[i].ID, nil
	}
	var found []string
	if len(k) >= 3 {
		for n, i := range powerNames {
			if strings.HasPrefix(n, k) && !slices.Contains(found, powers[i].ID) {
				found = append(found, powers[i].ID)
			}
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return "", found
}

// powerName is a power's name in l; an id that is no power is written as
// it is ("" is the independent states).
func powerName(l game.Lang, id string) string {
	p := powerByID(id)
	switch {
	case p == nil && id == "":
		return t(l, "independent")
	case p == nil:
		return id
	case l == game.Italian:
		return p.Italian
	}
	return p.English
}
