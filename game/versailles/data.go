package versailles

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// Data is what the group's copy gives and the rulebook's text does not:
// the Issue, Event and Strategy cards with their icons, and the board's
// values (region columns, demobilization, happiness zones), as the
// moderator's data file gives them (see dataLines).
type Data struct {
	Issues   map[string]*Issue    `json:"issues"`
	Events   map[string]*Event    `json:"events"`
	Strategy map[string]*Strategy `json:"strategy"`
	// End is the End card (Fine Partita), worth EndVP.
	End   string `json:"end"`
	EndVP int    `json:"end_vp"`
	// Columns are the region tracks' columns 1-8 (the same in every
	// region, a ruling: the board's values are not in the text).
	Columns [9]Column `json:"columns"`
	// Die is each region's number on the die for a random region.
	Die map[string]int `json:"die"`
	// Demob are the Demobilization track's spaces, highest first; the
	// last is unlimited.
	Demob []int `json:"demob"`
	// Zones are the happiness zones: from Min up, at most Units units.
	Zones []Zone `json:"zones"`
	// Under is how many Issues lie under the End card.
	Under        int `json:"under"`
	Placeholders int `json:"placeholders,omitempty"`
}

// Issue is an Issue card: its region or category, its stars, and its
// options, each a list of effects in the engine's vocabulary.
type Issue struct {
	Name    string    `json:"name"`
	Region  string    `json:"region"`
	Stars   int       `json:"stars"`
	NoMil   bool      `json:"no_military,omitempty"`
	Options []*Option `json:"options"`
}

// Option is one of an Issue's options.
type Option struct {
	Key     string   `json:"key"`
	Label   string   `json:"label"`
	Effects []string `json:"effects,omitempty"`
}

// Event is an Event card: its Crisis half, resolved when drawn, and its
// Conference half, resolved when an Issue is settled with it on the
// Table; Influence marks the icon that lets a cube be put on it.
type Event struct {
	Name       string   `json:"name"`
	Crisis     []string `json:"crisis,omitempty"`
	Conference []string `json:"conference,omitempty"`
	Optional   bool     `json:"optional,omitempty"`
	Influence  bool     `json:"influence,omitempty"`
}

// Strategy is a Strategy card: its scoring rules.
type Strategy struct {
	Name  string   `json:"name"`
	Score []string `json:"score,omitempty"`
}

// Column is a column of a region track.
type Column struct {
	// Roll is the insurrection value (0: X, no roll).
	Roll int `json:"roll,omitempty"`
	// Influence and Happiness are a unit's immediate effects there.
	Influence int `json:"influence,omitempty"`
	Happiness int `json:"happiness,omitempty"`
}

// Zone is a happiness zone.
type Zone struct {
	Min   int `json:"min"`
	Units int `json:"units"`
}

// regions are the five regions, top to bottom; categories the Issues'
// other kinds.
var (
	regions    = []string{"europe", "balkans", "middle_east", "africa", "pacific"}
	categories = []string{"league", "reparations"}
	nations    = []string{"uk", "fr", "us", "it", "jp"}
	markers    = []string{"selfdetermination", "containment", "economy", "naval", "empire", "industry", "bolshevism"}
)

var dataLines = map[string]string{
	"ISSUE":    "ISSUE <id> <region|league|reparations> stars=<n> [nomil] <name>",
	"OPTION":   "OPTION <issue> <key> <label> [do=<effect>,...]",
	"EVENT":    "EVENT <id> <name> [crisis=<effect>,...] [conference=<effect>,...] [optional] [influence]",
	"STRATEGY": "STRATEGY <id> <name> score=<rule>,...",
	"END":      "END <issue> vp=<n>",
	"COLUMN":   "COLUMN <1-8> roll=<n>|x [influence=<n>] [happiness=<n>]",
	"REGION":   "REGION <region> die=<1-5>",
	"DEMOB":    "DEMOB <value> <value> ... (highest first; the last unlimited)",
	"ZONE":     "ZONE <min happiness> <units>",
	"SETUP":    "SETUP under=<n>",
}

// effectForms is the effects' vocabulary, for refusals.
const effectForms = "hap:<nation>|all|lowest:<n>, unrest:<region>|random|named:<n>, keg:<region>, marker:<type>[:<flag>], check:<region>|highest[:<n>], exhaust:lowest:<n>, scandal, demob_or_hap:<n>, unsettle:<region|category>"

// scoreForms is the Strategy cards' scoring vocabulary.
const scoreForms = "issue:<region|category>:<vp>, marker:<type>:<vp>, signed:it|jp:<vp>, units:<vp>, calm:<vp>, unrest:<vp>, happiness2"

// validEffect reports whether the engine knows an effect.
func validEffect(e string) bool {
	f := strings.Split(e, ":")
	num := func(s string) bool { _, err := strconv.Atoi(s); return err == nil }
	switch f[0] {
	case "hap":
		return len(f) == 3 && (slices.Contains(nations, f[1]) || f[1] == "all" || f[1] == "lowest") && num(f[2])
	case "unrest":
		return len(f) == 3 && (slices.Contains(regions, f[1]) || f[1] == "random" || f[1] == "named") && num(f[2])
	case "keg":
		return len(f) == 2 && slices.Contains(regions, f[1])
	case "marker":
		return len(f) >= 2 && len(f) <= 3 && slices.Contains(markers, f[1])
	case "check":
		return len(f) >= 2 && len(f) <= 3 && (slices.Contains(regions, f[1]) || f[1] == "highest") && (len(f) == 2 || num(f[2]))
	case "exhaust":
		return len(f) == 3 && f[1] == "lowest" && num(f[2])
	case "scandal":
		return len(f) == 1
	case "demob_or_hap":
		return len(f) == 2 && num(f[1])
	case "unsettle":
		return len(f) == 2 && (slices.Contains(regions, f[1]) || slices.Contains(categories, f[1]))
	}
	return false
}

func validScore(s string) bool {
	f := strings.Split(s, ":")
	num := func(s string) bool { _, err := strconv.Atoi(s); return err == nil }
	switch f[0] {
	case "issue":
		return len(f) == 3 && (slices.Contains(regions, f[1]) || slices.Contains(categories, f[1])) && num(f[2])
	case "marker":
		return len(f) == 3 && slices.Contains(markers, f[1]) && num(f[2])
	case "signed":
		return len(f) == 3 && (f[1] == "it" || f[1] == "jp") && num(f[2])
	case "units", "calm", "unrest":
		return len(f) == 2 && num(f[1])
	case "happiness2":
		return len(f) == 1
	}
	return false
}

func list(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.ToLower(s), ",")
}

// ParseData reads a data file; the refusals say the line and what was
// expected, every one found (up to ten).
func ParseData(text string) (*Data, []table.Msg) {
	d := &Data{Issues: map[string]*Issue{}, Events: map[string]*Event{}, Strategy: map[string]*Strategy{}, Die: map[string]int{}, Under: 20}
	var refusals table.DataRefusals
	bad, whole := refusals.Line, refusals.File
	lines, placeholders := table.ReadData(text)
	d.Placeholders = placeholders
	seen := map[string]int{}
	type option struct {
		n     int
		issue string
		o     *Option
	}
	var options []option
	for _, l := range lines {
		n, w, opts := l.N, l.Words, l.Opts
		usage, known := dataLines[l.Key]
		if !known {
			bad(n, "%s is no line of a data file: expected ISSUE, OPTION, EVENT, STRATEGY, END, COLUMN, REGION, DEMOB, ZONE or SETUP", l.Key)
			continue
		}
		num := func(s string) (int, bool) { v, err := strconv.Atoi(s); return v, err == nil }
		dup := func(kind, id string) bool {
			if first, ok := seen[kind+" "+id]; ok {
				bad(n, "%s %s is given twice (first on line %s)", kind, id, first)
				return true
			}
			seen[kind+" "+id] = n
			return false
		}
		effects := func(key string) []string {
			es := list(opts[key])
			for _, e := range es {
				if !validEffect(e) {
					bad(n, "effect %s: expected %s", e, effectForms)
				}
			}
			return es
		}
		switch l.Key {
		case "ISSUE":
			stars, ok := num(opts["stars"])
			if len(w) < 3 || !ok || !slices.Contains(regions, strings.ToLower(w[1])) && !slices.Contains(categories, strings.ToLower(w[1])) {
				bad(n, "expected %s", usage)
				continue
			}
			id := strings.ToUpper(w[0])
			if dup("issue", id) {
				continue
			}
			is := &Issue{Region: strings.ToLower(w[1]), Stars: stars}
			name := w[2:]
			if strings.EqualFold(name[0], "nomil") {
				is.NoMil, name = true, name[1:]
			}
			is.Name = strings.Join(name, " ")
			d.Issues[id] = is
		case "OPTION":
			if len(w) < 3 {
				bad(n, "expected %s", usage)
				continue
			}
			options = append(options, option{n, strings.ToUpper(w[0]), &Option{Key: strings.ToUpper(w[1]), Label: strings.Join(w[2:], " "), Effects: effects("do")}})
		case "EVENT":
			if len(w) < 2 {
				bad(n, "expected %s", usage)
				continue
			}
			id := strings.ToUpper(w[0])
			ev := &Event{Crisis: effects("crisis"), Conference: effects("conference")}
			var name []string
			for _, x := range w[1:] {
				switch strings.ToLower(x) {
				case "optional":
					ev.Optional = true
				case "influence":
					ev.Influence = true
				default:
					name = append(name, x)
				}
			}
			ev.Name = strings.Join(name, " ")
			if !dup("event", id) {
				d.Events[id] = ev
			}
		case "STRATEGY":
			if len(w) < 2 {
				bad(n, "expected %s", usage)
				continue
			}
			st := &Strategy{Name: strings.Join(w[1:], " "), Score: list(opts["score"])}
			for _, s := range st.Score {
				if !validScore(s) {
					bad(n, "score %s: expected %s", s, scoreForms)
				}
			}
			if id := strings.ToUpper(w[0]); !dup("strategy", id) {
				d.Strategy[id] = st
			}
		case "END":
			vp, ok := num(opts["vp"])
			if len(w) != 1 || !ok {
				bad(n, "expected %s", usage)
				continue
			}
			d.End, d.EndVP = strings.ToUpper(w[0]), vp
			seen["end"] = n
		case "COLUMN":
			c, ok := num(firstOf(w))
			if !ok || c < 1 || c > 8 || len(w) != 1 {
				bad(n, "expected %s", usage)
				continue
			}
			col := Column{}
			if r := strings.ToLower(opts["roll"]); r != "x" {
				if col.Roll, ok = num(r); !ok || col.Roll < 1 || col.Roll > 7 {
					bad(n, "roll=%s: expected a number 1-7 or x", r)
				}
			}
			col.Influence, _ = num(opts["influence"])
			col.Happiness, _ = num(opts["happiness"])
			d.Columns[c] = col
			seen["column "+w[0]] = n
		case "REGION":
			die, ok := num(opts["die"])
			if len(w) != 1 || !slices.Contains(regions, strings.ToLower(w[0])) || !ok || die < 1 || die > 5 {
				bad(n, "expected %s", usage)
				continue
			}
			d.Die[strings.ToLower(w[0])] = die
		case "DEMOB":
			d.Demob = nil
			for _, x := range w {
				v, ok := num(x)
				if !ok || v < 1 {
					bad(n, "expected %s", usage)
					break
				}
				d.Demob = append(d.Demob, v)
			}
		case "ZONE":
			lo, ok1 := num(firstOf(w))
			u := 0
			ok2 := len(w) == 2
			if ok2 {
				u, ok2 = num(w[1])
			}
			if !ok1 || !ok2 {
				bad(n, "expected %s", usage)
				continue
			}
			d.Zones = append(d.Zones, Zone{Min: lo, Units: u})
		case "SETUP":
			v, ok := num(opts["under"])
			if !ok || v < 0 {
				bad(n, "expected %s", usage)
				continue
			}
			d.Under = v
		}
	}
	for _, o := range options {
		is := d.Issues[o.issue]
		if is == nil {
			bad(o.n, "there is no issue %s: expected one given by an ISSUE line", o.issue)
			continue
		}
		is.Options = append(is.Options, o.o)
	}
	for _, id := range sortedKeys(d.Issues) {
		if len(d.Issues[id].Options) == 0 && id != d.End {
			bad(seen["issue "+id], "issue %s has no OPTION line", id)
		}
	}
	if d.Issues[d.End] == nil {
		whole("expected %s, naming an issue", dataLines["END"])
	}
	for c := 1; c <= 8; c++ {
		if seen["column "+strconv.Itoa(c)] == 0 {
			whole("column %s has no COLUMN line", c)
		}
	}
	for _, r := range regions {
		if d.Die[r] == 0 {
			whole("region %s has no REGION line", r)
		}
	}
	if len(d.Demob) == 0 || len(d.Zones) == 0 {
		whole("expected DEMOB and ZONE lines")
	}
	if len(d.Events) < 4 || len(d.Strategy) < 5 {
		whole("%s events and %s strategy cards: expected at least 4 and 5", len(d.Events), len(d.Strategy))
	}
	if need := d.Under + 7; len(d.Issues) < need {
		whole("%s issues: expected at least %s (6 dealt, the End card, %s under it)", len(d.Issues), need, d.Under)
	}
	slices.SortStableFunc(d.Zones, func(a, b Zone) int { return b.Min - a.Min })
	return d, refusals.Msgs()
}

func firstOf(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
