package judge

import (
	"maps"
	"strings"

	"github.com/corriere/corriere/game"
)

// A game's settings are the judge's own (judgeSettings), the deadlines of
// its calendar (game.Calendar) and the game's own (game.Configurable):
// settingsFor makes them one table, as CREATE, corriere game create's
// flags, HELP and the settings text read it, from the games the judge
// hosts. A game's settings and deadlines are stored by name in
// Settings.Game; a setting two games share is one row, which each game's
// Configure checks for itself.

// oneDeadline is the calendar of a game that has none: one deadline for
// every phase.
var oneDeadline = game.PhaseKind{Name: "deadline", Default: "0 20 * * *", Show: func(l game.Lang, spec string) string {
	return lang(l).f("every phase %q", spec)
}}

// calendarOf is a kind's calendar: its own, or one deadline for every
// phase.
func calendarOf(k game.Kind) []game.PhaseKind {
	if c, ok := k.(game.Calendar); ok {
		return c.Calendar()
	}
	return []game.PhaseKind{oneDeadline}
}

// kindOf is the kind a creation names, of kinds (findKind).
func kindOf(kinds []game.Kind, c *Creation) game.Kind { return findKind(kinds, c.Kind) }

// phaseKind is the kind of phase named name in the calendar of c's kind.
func phaseKind(kinds []game.Kind, c *Creation, name string) (game.PhaseKind, bool) {
	k := kindOf(kinds, c)
	if k == nil {
		return game.PhaseKind{}, false
	}
	for _, pk := range calendarOf(k) {
		if pk.Name == name {
			return pk, true
		}
	}
	return game.PhaseKind{}, false
}

// gameSetting is the setting named name of c's kind.
func gameSetting(kinds []game.Kind, c *Creation, name string) (game.Setting, bool) {
	if conf, ok := kindOf(kinds, c).(game.Configurable); ok {
		for _, st := range conf.Settings() {
			if st.Names[0] == name {
				return st, true
			}
		}
	}
	return game.Setting{}, false
}

// settingsFor is the table of settings of a game on a judge that hosts
// kinds, in HELP's order: the kind, the deadlines of each kind's
// calendar, the judge's others, then each kind's own.
func settingsFor(kinds []game.Kind) []Setting {
	out := []Setting{judgeSettings[0]}
	seen := map[string]bool{}
	for _, k := range kinds {
		cal := calendarOf(k)
		names := make([]string, len(cal))
		for i, pk := range cal {
			names[i] = pk.Name
		}
		for i, pk := range cal {
			if seen[pk.Name] {
				continue
			}
			seen[pk.Name] = true
			name := pk.Name
			row := Setting{
				Names: []string{name}, Form: "<cron spec>", Flag: name, FlagHelp: "cron `spec` of " + name + " deadlines", Game: k.Name(),
				Parse: func(c *Creation, v string) error { c.Settings.Set(name, v); return nil },
				Value: func(c *Creation) string {
					if v, ok := c.Settings.Game[name]; ok {
						return v
					}
					pk, _ := phaseKind(kinds, c, name)
					return pk.Default
				},
			}
			if i == 0 {
				all := strings.Join(names, "/")
				row.Help = [languages]string{all + " (cron specs)", all + " (cron)"}
			}
			out = append(out, row)
		}
	}
	out = append(out, judgeSettings[1:]...)
	for _, k := range kinds {
		conf, ok := k.(game.Configurable)
		if !ok {
			continue
		}
		// A setting named as an earlier game's is read by that game's
		// row; HELP says what it means in this game among this game's
		// own, or after the last row where it has none.
		var shared [languages][]string
		for _, st := range conf.Settings() {
			if seen[st.Names[0]] && st.Help[english] != "" {
				for l := range languages {
					shared[l] = append(shared[l], st.Help[l])
				}
			}
		}
		lead := true
		for _, st := range conf.Settings() {
			name := st.Names[0]
			if seen[name] {
				continue
			}
			seen[name] = true
			// HELP says whose settings follow.
			help := st.Help
			if lead && help[english] != "" {
				for l := range languages {
					help[l] = l.f("for %s: ", k.Name()) + strings.Join(append(shared[l], help[l]), ",\n")
				}
				lead = false
			}
			out = append(out, Setting{
				Names: st.Names, Form: st.Form, Flag: strings.ReplaceAll(name, "_", "-"), FlagHelp: st.FlagHelp, Game: k.Name(), Help: help,
				Parse: func(c *Creation, v string) error {
					if st.Parse != nil {
						var err error
						if v, err = st.Parse(v); err != nil {
							return err
						}
					}
					c.Settings.Set(name, v)
					return nil
				},
				Value: func(c *Creation) string {
					if v, ok := c.Settings.Game[name]; ok {
						return v
					}
					own, _ := gameSetting(kinds, c, name)
					return own.Default
				},
				Show: func(l lang, c *Creation) string {
					own, ok := gameSetting(kinds, c, name)
					if !ok || own.Show == nil {
						return ""
					}
					v, set := c.Settings.Game[name]
					if !set {
						v = own.Default
					}
					return own.Show(game.Lang(l), v)
				},
			})
		}
		if lead && len(shared[english]) > 0 {
			for l := range languages {
				out[len(out)-1].Help[l] += ",\n" + l.f("for %s: ", k.Name()) + strings.Join(shared[l], ",\n")
			}
		}
	}
	return out
}

// deadlinesText says the deadlines of c's calendar, in l: "Deadlines:
// movement "0 20 * * MON,THU", retreats "0 20 * * *", ...".
func deadlinesText(l lang, kinds []game.Kind, c *Creation) string {
	k := kindOf(kinds, c)
	if k == nil {
		return ""
	}
	var parts []string
	for _, pk := range calendarOf(k) {
		spec, ok := c.Settings.Game[pk.Name]
		if !ok {
			spec = pk.Default
		}
		parts = append(parts, pk.Show(game.Lang(l), spec))
	}
	return l.t("Deadlines: ") + strings.Join(parts, ", ")
}

// withDeadlines is set with the deadlines its master left out given
// their calendar's defaults, for a game of kind k.
func withDeadlines(set Settings, k game.Kind) Settings {
	set.Game = maps.Clone(set.Game)
	for _, pk := range calendarOf(k) {
		if _, ok := set.Game[pk.Name]; !ok {
			set.Set(pk.Name, pk.Default)
		}
	}
	return set
}
