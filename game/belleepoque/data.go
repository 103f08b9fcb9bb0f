package belleepoque

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// Data is what the group's own copy gives and the rulebook does not:
// the map's territories, the Power sheets' numbers, the tracks, the
// cards and the Automated Power sheets, as the moderator's data file
// gives them (see dataLines).
type Data struct {
	Territories map[string]*Territory `json:"territories"`
	// Minors are the minor nations' starting cubes (3.1).
	Minors []Start           `json:"minors,omitempty"`
	Powers map[string]*Sheet `json:"powers"`
	// Prestige is the VP of each box of the Prestige track, from box 0;
	// Bonuses the track's bonus in a box (11.1).
	Prestige []int            `json:"prestige"`
	Bonuses  map[int]string   `json:"bonuses,omitempty"`
	Events   map[string]*Card `json:"events"`
	Intrigue map[string]*Card `json:"intrigue"`
	National map[string]*Card `json:"national"`
	// Automa are the Automated Power sheets (13.1), by power.
	Automa       map[string]*Automa `json:"automa,omitempty"`
	Placeholders int                `json:"placeholders,omitempty"`
}

// Territory is a minor nation or a colony of the map.
type Territory struct {
	Continent string `json:"continent"`
	Minor     bool   `json:"minor,omitempty"`
	Spaces    int    `json:"spaces"`
	VP        int    `json:"vp"`
	// Sell is the armament exchange rate (8.9): armies and fleets given
	// for Cubes armament cubes; zero Cubes for none.
	Sell Rate `json:"sell"`
	// Russia marks the four Asian territories Russia reaches without a
	// fleet (8.2.2).
	Russia bool `json:"russia,omitempty"`
}

// Rate is an exchange rate of units for armament cubes.
type Rate struct {
	Armies int `json:"armies,omitempty"`
	Fleets int `json:"fleets,omitempty"`
	Cubes  int `json:"cubes,omitempty"`
}

// Start is a minor nation's cubes at the start.
type Start struct {
	Territory string `json:"territory"`
	Owner     string `json:"owner"`
	N         int    `json:"n"`
}

// Sheet is a Power sheet's numbers.
type Sheet struct {
	Money    int `json:"money"`
	Prestige int `json:"prestige"`
	// Work is the Great Work's cost and its VP at each scoring (8.3).
	Work   int `json:"work"`
	WorkVP int `json:"work_vp"`
	// Minimum is the setup's minimum cubes per continent (3.3.2).
	Minimum map[string]int `json:"minimum,omitempty"`
	// Objectives are the National Objectives (10.1).
	Objectives []Objective `json:"objectives,omitempty"`
}

// Objective scores VP for cubes in, or control of, a territory; a
// negative one is scored at the end only.
type Objective struct {
	Territory string `json:"territory"`
	Cubes     int    `json:"cubes,omitempty"` // 0: control or alliance
	VP        int    `json:"vp"`
}

// Card is an event, intrigue or national card. Effect is in the
// engine's vocabulary (see effects); "" leaves the card to the
// moderator. An intrigue card has two halves, Effect and Other.
type Card struct {
	Name   string `json:"name"`
	Era    int    `json:"era,omitempty"`
	Promo  bool   `json:"promo,omitempty"`
	Power  string `json:"power,omitempty"`
	Cost   int    `json:"cost,omitempty"`
	Needs  bool   `json:"needs_work,omitempty"`
	Effect string `json:"effect,omitempty"`
	Other  string `json:"other,omitempty"`
	// Bot is the half an Automated Power plays (13.4.1), "a" or "b";
	// "" where the data does not say.
	Bot string `json:"bot,omitempty"`
}

// Automa is an Automated Power sheet: the Mission table's rows (a d6),
// each a box per column (13.7: the first cube's, the second's, the
// third and later cubes', and France's fourth from turn 4, 13.7.2); the
// turns of the Progress table that raise Prestige, build a fleet, play
// an Intrigue or a National card; the Arsenal Bonus of each turn
// (13.9.1); the Objective Priority list (13.4.3, 13.8).
type Automa struct {
	Missions map[int][][]Target `json:"missions"`
	Prestige []int              `json:"prestige,omitempty"`
	Fleet    []int              `json:"fleet,omitempty"`
	Intrigue []int              `json:"intrigue,omitempty"`
	National []int              `json:"national,omitempty"`
	Arsenal  []int              `json:"arsenal,omitempty"`
	Priority []string           `json:"priority,omitempty"`
}

// Target is a territory of a Mission table's box: in the first two
// columns (and France's fourth) a territory and its fallbacks in order
// (the one in brackets); in the last, each territory with the die faces
// From-To that name it.
type Target struct {
	Territory string `json:"t"`
	From      int    `json:"from,omitempty"`
	To        int    `json:"to,omitempty"`
}

// dataLines are the lines of a data file, for refusals.
var dataLines = map[string]string{
	"TERRITORY": "TERRITORY <id> europe|africa|asia minor|colony spaces=<n> vp=<n> [sell=<n>a<n>f:<cubes>] [russia]",
	"MINORS":    "MINORS <territory> <minor nation> <n>",
	"POWER":     "POWER gb|fr|ru|ic money=<n> prestige=<n> work=<cost> workvp=<n>",
	"MINIMUM":   "MINIMUM <power> europe|africa|asia <n>",
	"OBJECTIVE": "OBJECTIVE <power> <territory> control|cubes=<n> <vp>",
	"PRESTIGE":  "PRESTIGE <VP of box 0> <box 1> ...",
	"BONUS":     "BONUS <box> md|money:<n>|intrigue",
	"EVENT":     "EVENT <id> <era 1-3> <name> [promo] [effect=<effect>]",
	"INTRIGUE":  "INTRIGUE <id> <name> [a=<effect>] [b=<effect>] [bot=a|b]",
	"NATIONAL":  "NATIONAL <power> <id> <name> [cost=<n>] [needs=work] [effect=<effect>]",
	"AUTOMA":    "AUTOMA <power> MISSION <row 1-6> <1st cube> <2nd cube> <3rd cube and later> [<4th cube>] (<territory>[/<fallback>...]; the 3rd: <territory>:<from>-<to>/... covering the die 1-6), AUTOMA <power> PRESTIGE|FLEET|INTRIGUE|NATIONAL <turn>,..., AUTOMA <power> ARSENAL <bonus of turn 1>,<turn 2>,... or AUTOMA <power> PRIORITY <territory>,...",
}

var continents = []string{"europe", "africa", "asia"}

// ParseData reads a data file; the refusals say the line and what was
// expected, every one found (up to ten).
func ParseData(text string) (*Data, []table.Msg) {
	d := &Data{Territories: map[string]*Territory{}, Powers: map[string]*Sheet{}, Bonuses: map[int]string{},
		Events: map[string]*Card{}, Intrigue: map[string]*Card{}, National: map[string]*Card{}, Automa: map[string]*Automa{}}
	for _, p := range powers {
		d.Powers[p.ID] = &Sheet{Minimum: map[string]int{}}
	}
	var refusals table.DataRefusals
	bad, whole := refusals.Line, refusals.File
	type ref struct {
		n  int
		id string
	}
	var refs []ref
	seen := map[string]int{}
	num := func(s string) (int, bool) { v, err := strconv.Atoi(s); return v, err == nil }
	lines, placeholders := table.ReadData(text)
	d.Placeholders = placeholders
	for _, l := range lines {
		n, key, opts, words := l.N, l.Key, l.Opts, l.Words
		usage, known := dataLines[key]
		if !known {
			bad(n, "%s is no line of a data file: expected TERRITORY, MINORS, POWER, MINIMUM, OBJECTIVE, PRESTIGE, BONUS, EVENT, INTRIGUE, NATIONAL or AUTOMA", key)
			continue
		}
		dup := func(kind, id string) bool {
			if first, ok := seen[kind+" "+id]; ok {
				bad(n, "%s %s is given twice (first on line %s)", kind, id, first)
				return true
			}
			seen[kind+" "+id] = n
			return false
		}
		power := func(w string) (*Sheet, bool) {
			s, ok := d.Powers[strings.ToLower(w)]
			if !ok {
				bad(n, "%s is no power: expected gb, fr, ru or ic", w)
			}
			return s, ok
		}
		switch key {
		case "TERRITORY":
			if len(words) < 3 || !slices.Contains(continents, strings.ToLower(words[1])) || !slices.Contains([]string{"minor", "colony"}, strings.ToLower(words[2])) {
				bad(n, "expected %s", usage)
				continue
			}
			id := strings.ToLower(words[0])
			if dup("territory", id) {
				continue
			}
			t := &Territory{Continent: strings.ToLower(words[1]), Minor: strings.EqualFold(words[2], "minor")}
			var ok1, ok2 bool
			t.Spaces, ok1 = num(opts["spaces"])
			t.VP, ok2 = num(opts["vp"])
			if !ok1 || !ok2 || t.Spaces < 1 || t.Spaces > 12 {
				bad(n, "expected %s", usage)
			}
			if s := opts["sell"]; s != "" {
				r, ok := parseRate(s)
				if !ok {
					bad(n, "sell=%s: expected sell=<n>a<n>f:<cubes>, such as sell=1a:1", s)
				}
				t.Sell = r
			}
			for _, w := range words[3:] {
				if !strings.EqualFold(w, "russia") {
					bad(n, "%s: expected %s", w, usage)
				}
				t.Russia = true
			}
			d.Territories[id] = t
		case "MINORS":
			v, ok := 0, false
			if len(words) == 3 {
				v, ok = num(words[2])
			}
			if !ok || v < 1 {
				bad(n, "expected %s", usage)
				continue
			}
			d.Minors = append(d.Minors, Start{Territory: strings.ToLower(words[0]), Owner: strings.ToLower(words[1]), N: v})
			refs = append(refs, ref{n, strings.ToLower(words[0])})
			if _, ok := minorCubes[strings.ToLower(words[1])]; !ok {
				bad(n, "%s is no minor nation with cubes: expected one of %s", words[1], strings.Join(sortedKeys(minorCubes), ", "))
			}
		case "POWER":
			if len(words) != 1 {
				bad(n, "expected %s", usage)
				continue
			}
			s, ok := power(words[0])
			if !ok || dup("power", strings.ToLower(words[0])) {
				continue
			}
			for k, p := range map[string]*int{"money": &s.Money, "prestige": &s.Prestige, "work": &s.Work, "workvp": &s.WorkVP} {
				v, ok := num(opts[k])
				if !ok || v < 0 {
					bad(n, "%s=%s: expected %s", k, opts[k], usage)
				}
				*p = v
			}
		case "MINIMUM":
			if len(words) != 3 || !slices.Contains(continents, strings.ToLower(words[1])) {
				bad(n, "expected %s", usage)
				continue
			}
			s, ok := power(words[0])
			v, ok2 := num(words[2])
			if ok && ok2 && v >= 0 {
				s.Minimum[strings.ToLower(words[1])] = v
			} else if ok {
				bad(n, "expected %s", usage)
			}
		case "OBJECTIVE":
			// OBJECTIVE gb cina control 3, OBJECTIVE gb cina cubes=2 2
			s, ok := power(firstOf(words))
			if !ok {
				continue
			}
			c, hasCubes := opts["cubes"]
			o := Objective{}
			var vp int
			good := false
			switch {
			case hasCubes && len(words) == 3:
				o.Cubes, good = num(c)
				good = good && o.Cubes > 0
				vp, ok = num(words[2])
			case !hasCubes && len(words) == 4 && strings.EqualFold(words[2], "control"):
				vp, ok = num(words[3])
				good = true
			}
			if !good || !ok {
				bad(n, "expected %s", usage)
				continue
			}
			o.Territory, o.VP = strings.ToLower(words[1]), vp
			s.Objectives = append(s.Objectives, o)
			refs = append(refs, ref{n, o.Territory})
		case "PRESTIGE":
			d.Prestige = nil
			for _, w := range words {
				v, ok := num(w)
				if !ok {
					bad(n, "expected %s", usage)
					break
				}
				d.Prestige = append(d.Prestige, v)
			}
		case "BONUS":
			box, ok := num(firstOf(words))
			if len(words) != 2 || !ok || bonusAmount(strings.ToLower(words[1])) < 0 {
				bad(n, "expected %s", usage)
				continue
			}
			d.Bonuses[box] = strings.ToLower(words[1])
		case "EVENT", "INTRIGUE", "NATIONAL":
			min := map[string]int{"EVENT": 3, "INTRIGUE": 2, "NATIONAL": 3}[key]
			if len(words) < min {
				bad(n, "expected %s", usage)
				continue
			}
			c := &Card{}
			rest := words
			if key == "NATIONAL" {
				c.Power = strings.ToLower(rest[0])
				if c.Power != "all" {
					if _, ok := power(rest[0]); !ok {
						continue
					}
				}
				rest = rest[1:]
			}
			id := strings.ToUpper(rest[0])
			rest = rest[1:]
			if key == "EVENT" {
				era, ok := num(rest[0])
				if !ok || era < 1 || era > 3 {
					bad(n, "expected %s", usage)
					continue
				}
				c.Era, rest = era, rest[1:]
				if len(rest) > 0 && strings.EqualFold(rest[len(rest)-1], "promo") {
					c.Promo, rest = true, rest[:len(rest)-1]
				}
			}
			c.Name = strings.Join(rest, " ")
			c.Effect = strings.ToLower(opts["effect"] + opts["a"])
			c.Other = strings.ToLower(opts["b"])
			c.Cost, _ = num(opts["cost"])
			c.Needs = strings.EqualFold(opts["needs"], "work")
			if b := strings.ToLower(opts["bot"]); b != "" {
				if key != "INTRIGUE" || b != "a" && b != "b" {
					bad(n, "expected %s", usage)
					continue
				}
				c.Bot = b
			}
			for _, e := range []string{c.Effect, c.Other} {
				if !validEffect(e) {
					bad(n, "effect %s: expected %s (or none, for the moderator)", e, effectForms)
					continue
				}
				for _, one := range strings.Split(e, ",") {
					if f := strings.Split(one, ":"); f[0] == "minor" {
						for _, t := range strings.Split(f[2], "|") {
							refs = append(refs, ref{n, t})
						}
					}
				}
			}
			if dup(strings.ToLower(key), id) {
				continue
			}
			map[string]map[string]*Card{"EVENT": d.Events, "INTRIGUE": d.Intrigue, "NATIONAL": d.National}[key][id] = c
		case "AUTOMA":
			if len(words) < 3 {
				bad(n, "expected %s", usage)
				continue
			}
			if _, ok := power(words[0]); !ok {
				continue
			}
			a := d.Automa[strings.ToLower(words[0])]
			if a == nil {
				a = &Automa{Missions: map[int][][]Target{}}
				d.Automa[strings.ToLower(words[0])] = a
			}
			switch strings.ToUpper(words[1]) {
			case "MISSION":
				row, ok := num(words[2])
				if !ok || row < 1 || row > 6 || len(words) != 6 && len(words) != 7 {
					bad(n, "expected %s", usage)
					continue
				}
				var cols [][]Target
				for c, w := range words[3:] {
					col, ok := parseBox(strings.ToLower(w), c == 2)
					if !ok {
						bad(n, "%s: expected %s", w, usage)
					}
					for _, t := range col {
						refs = append(refs, ref{n, t.Territory})
					}
					cols = append(cols, col)
				}
				a.Missions[row] = cols
			case "PRESTIGE", "FLEET", "INTRIGUE", "NATIONAL", "ARSENAL":
				var turns []int
				arsenal := strings.EqualFold(words[1], "ARSENAL")
				for _, w := range strings.Split(words[2], ",") {
					v, ok := num(w)
					if !ok || !arsenal && (v < 1 || v > 9) {
						bad(n, "expected %s", usage)
					}
					turns = append(turns, v)
				}
				switch strings.ToUpper(words[1]) {
				case "PRESTIGE":
					a.Prestige = turns
				case "FLEET":
					a.Fleet = turns
				case "INTRIGUE":
					a.Intrigue = turns
				case "NATIONAL":
					a.National = turns
				default:
					a.Arsenal = turns
				}
			case "PRIORITY":
				a.Priority = strings.Split(strings.ToLower(words[2]), ",")
				for _, t := range a.Priority {
					refs = append(refs, ref{n, t})
				}
			default:
				bad(n, "expected %s", usage)
			}
		}
	}
	// References are checked once every name is known.
	for _, r := range refs {
		if d.Territories[r.id] == nil {
			bad(r.n, "there is no territory %s: expected one given by a TERRITORY line", r.id)
		}
	}
	for _, s := range d.Minors {
		if t := d.Territories[s.Territory]; t != nil && t.Spaces < s.N {
			bad(seen["territory "+s.Territory], "territory %s has %s spaces for %s cubes", s.Territory, t.Spaces, s.N)
		}
	}
	for _, p := range powers {
		if seen["power "+p.ID] == 0 {
			whole("power %s has no POWER line", p.ID)
		}
	}
	for _, pw := range sortedKeys(d.Automa) {
		if m := d.Automa[pw].Missions; len(m) > 0 {
			for row := 1; row <= 6; row++ {
				if m[row] == nil {
					whole("the Mission table of %s has no row %s", pw, row)
				}
			}
		}
	}
	if len(d.Prestige) == 0 {
		whole("expected %s", dataLines["PRESTIGE"])
	}
	eras := [4]int{}
	sarajevo := false
	for _, c := range d.Events {
		eras[c.Era]++
		sarajevo = sarajevo || c.Effect == "end" && c.Era == 3
	}
	if eras[1] < 8 || eras[2] < 10 || eras[3] < 1 || !sarajevo {
		whole("the events are %s, %s and %s for eras I to III: expected at least 8, 10 and 1, one of era III with effect=end (Sarajevo)", eras[1], eras[2], eras[3])
	}
	if len(d.Intrigue) < 8 {
		whole("%s intrigue cards: expected at least 8", len(d.Intrigue))
	}
	return d, refusals.Msgs()
}

func firstOf(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// parseBox reads a Mission table's box: "belgio/grecia", and in the
// last column "cina:1-3/giappone:4-6" (each face once) or "cina".
func parseBox(w string, ranged bool) ([]Target, bool) {
	var out []Target
	faces := 0
	for _, item := range strings.Split(w, "/") {
		t, r, hasRange := strings.Cut(item, ":")
		tg := Target{Territory: t}
		if hasRange {
			a, b, _ := strings.Cut(r, "-")
			var err1, err2 error
			tg.From, err1 = strconv.Atoi(a)
			tg.To, err2 = strconv.Atoi(b)
			if !ranged || err1 != nil || err2 != nil || tg.From < 1 || tg.To > 6 || tg.From > tg.To {
				return nil, false
			}
			for f := tg.From; f <= tg.To; f++ {
				if faces&(1<<f) != 0 {
					return nil, false
				}
				faces |= 1 << f
			}
		}
		if t == "" {
			return nil, false
		}
		out = append(out, tg)
	}
	if ranged && faces == 0 && len(out) == 1 {
		out[0].From, out[0].To, faces = 1, 6, 0b1111110
	}
	if ranged && faces != 0b1111110 {
		return nil, false
	}
	return out, true
}

// parseRate reads "1a:1", "2a1f:2".
func parseRate(s string) (Rate, bool) {
	units, cubes, ok := strings.Cut(strings.ToLower(s), ":")
	var r Rate
	c, err := strconv.Atoi(cubes)
	if !ok || err != nil || c < 1 {
		return r, false
	}
	r.Cubes = c
	for units != "" {
		i := strings.IndexAny(units, "af")
		v, err := strconv.Atoi(units[:i+0])
		if i <= 0 || err != nil {
			return r, false
		}
		if units[i] == 'a' {
			r.Armies = v
		} else {
			r.Fleets = v
		}
		units = units[i+1:]
	}
	return r, true
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
