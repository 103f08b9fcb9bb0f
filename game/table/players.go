package table

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
)

// Players is the one setting of a game whose only setting is how many
// play it: from Min to Max, Default where the master gives none. A game
// declares it (Setting, for game.Configurable) and reads it (Read, in
// its Configure).
type Players struct {
	Game              string
	Min, Max, Default int
}

// form writes the numbers it takes: "3|4|5|6".
func (p Players) form() string {
	var ns []string
	for n := p.Min; n <= p.Max; n++ {
		ns = append(ns, strconv.Itoa(n))
	}
	return strings.Join(ns, "|")
}

// Setting declares it.
func (p Players) Setting() game.Setting {
	form := p.form()
	return game.Setting{Names: []string{"players"}, Form: form, Default: strconv.Itoa(p.Default),
		FlagHelp: fmt.Sprintf("`players`: %d to %d", p.Min, p.Max),
		Help:     [game.Langs]string{"players (" + form + ")", "players (" + form + ": i giocatori)"}}
}

// Read reads the game's settings: players, and no other.
func (p Players) Read(settings map[string]string) (int, error) {
	n := p.Default
	for k, v := range settings {
		if k != "players" {
			return 0, fmt.Errorf("%q is no setting of %s", k, p.Game)
		}
		if v == "" {
			continue
		}
		m, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || m < p.Min || m > p.Max {
			return 0, fmt.Errorf("players %q: expected %d to %d", v, p.Min, p.Max)
		}
		n = m
	}
	return n, nil
}
