package variants

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/variants/internal/sections"
)

// This file turns a board's text (the format of standard/standard.txt,
// described in that file's comments) into a Variant.

// articles are left out before taking a name's first three letters
// ("The English Channel" is "eng", "La Manica" is "man").
var articles = []string{"the ", "il ", "lo ", "la ", "l'", "i ", "gli ", "le "}

// loader holds the variant being built, the Loc of every location id and
// the location names found so far.
type loader struct {
	v     *Variant
	locs  map[string]Loc
	names map[string][]Loc
}

// Parse reads a board in the format of variants/standard/standard.txt,
// whose comments describe it, and validates it.
func Parse(text string) (*Variant, error) {
	ld := &loader{v: &Variant{}, locs: map[string]Loc{}, names: map[string][]Loc{}}
	// The sections, in the order they are read: each needs what the ones
	// before it read.
	err := sections.Read(text, []sections.Step{
		{Section: "variant", Read: ld.header},
		{Section: "powers", Read: ld.powers},
		{Section: "locations", Read: ld.locations},
		{Section: "army", Read: ld.armyAdj},
		{Section: "fleet", Read: ld.fleetAdj},
		{Section: "start", Read: ld.start},
		{Section: "names", Read: ld.locNames},
		{Section: "coasts", Read: ld.coastNames},
		{Section: "power names", Read: ld.powerNames},
		{Section: "setups", Read: ld.setups},
		{Section: "two players", Read: ld.twoPlayer},
	}, "setups", "two players")
	if err != nil {
		return nil, err
	}
	for _, c := range ld.names {
		slices.Sort(c)
	}
	ld.v.LocNames = ld.names
	if err := ld.v.Validate(); err != nil {
		return nil, err
	}
	return ld.v, nil
}

func (ld *loader) header(lines []sections.Line) error {
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) != 2 {
			return fmt.Errorf("line %d: want \"key value\"", l.N)
		}
		switch f[0] {
		case "name":
			ld.v.Name = f[1]
		case "year", "victory":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return fmt.Errorf("line %d: %v", l.N, err)
			}
			if f[0] == "year" {
				ld.v.StartYear = n
			} else {
				ld.v.VictoryCenters = n
			}
		default:
			return fmt.Errorf("line %d: unknown key %q", l.N, f[0])
		}
	}
	return nil
}

func (ld *loader) powers(lines []sections.Line) error {
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) != 5 && len(f) != 6 {
			return fmt.Errorf("line %d: want \"id name adjective abbrev Italian [#colour]\"", l.N)
		}
		if ld.v.PowerByID(f[0]) != NoPower {
			return fmt.Errorf("line %d: power %s repeated", l.N, f[0])
		}
		info := PowerInfo{ID: f[0], Name: f[1], Adjective: f[2], Abbrev: f[3], Italian: f[4]}
		if len(f) == 6 {
			c, err := parseColour(f[5])
			if err != nil {
				return fmt.Errorf("line %d: %w", l.N, err)
			}
			info.Colour = c
		}
		ld.v.Powers = append(ld.v.Powers, info)
	}
	return nil
}

func (ld *loader) locations(lines []sections.Line) error {
	var locs []LocInfo
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) < 4 {
			return fmt.Errorf("line %d: want \"id terrain centre name\"", l.N)
		}
		info := LocInfo{ID: f[0], Name: strings.Join(f[3:], " "), Home: NoPower}
		switch f[1] {
		case "land":
			info.Terrain = Land
		case "sea":
			info.Terrain = Sea
		case "coast":
			info.Terrain = Coast
		default:
			return fmt.Errorf("line %d: unknown terrain %q", l.N, f[1])
		}
		switch f[2] {
		case "-":
		case "neutral":
			info.SupplyCenter = true
		default:
			info.SupplyCenter = true
			if info.Home = ld.v.PowerByID(f[2]); info.Home == NoPower {
				return fmt.Errorf("line %d: unknown power %q", l.N, f[2])
			}
		}
		if info.IsCoast() && (info.Terrain != Coast || info.SupplyCenter) {
			return fmt.Errorf("line %d: coast %s must be \"coast -\"", l.N, info.ID)
		}
		if _, dup := ld.locs[info.ID]; dup {
			return fmt.Errorf("line %d: location %s repeated", l.N, info.ID)
		}
		ld.locs[info.ID] = NoLoc
		locs = append(locs, info)
	}
	if len(locs) > MaxLocs {
		return fmt.Errorf("%d locations, at most %d", len(locs), MaxLocs)
	}
	// Provinces by id, then coasts by id.
	slices.SortStableFunc(locs, func(a, b LocInfo) int {
		if a.IsCoast() != b.IsCoast() {
			if a.IsCoast() {
				return 1
			}
			return -1
		}
		return strings.Compare(a.ID, b.ID)
	})
	for i := range locs {
		ld.locs[locs[i].ID] = Loc(i)
		locs[i].Province = Loc(i)
	}
	for i := range locs {
		if !locs[i].IsCoast() {
			continue
		}
		parent, ok := ld.locs[locs[i].ID[:3]]
		if !ok || locs[parent].IsCoast() || locs[parent].Terrain != Coast {
			return fmt.Errorf("coast %s has no coastal province %s", locs[i].ID, locs[i].ID[:3])
		}
		locs[i].Province = parent
		locs[parent].Coasts = append(locs[parent].Coasts, Loc(i))
	}
	ld.v.Locs = locs
	ld.v.StartCenters = make([]Power, len(locs))
	for i := range locs {
		ld.v.StartCenters[i] = locs[i].Home
	}
	return nil
}

func (ld *loader) armyAdj(lines []sections.Line) error {
	adj, err := ld.adjacency(lines)
	ld.v.ArmyAdj = adj
	return err
}

func (ld *loader) fleetAdj(lines []sections.Line) error {
	adj, err := ld.adjacency(lines)
	ld.v.FleetAdj = adj
	return err
}

// adjacency reads "loc: neighbour neighbour ..." lines and checks that
// every edge is listed from both ends. Variant.Validate checks afterwards
// that each edge joins places the unit type can stand on.
func (ld *loader) adjacency(lines []sections.Line) ([]LocSet, error) {
	adj := make([]LocSet, len(ld.v.Locs))
	listed := map[Loc]bool{}
	for _, l := range lines {
		key, rest, err := l.Keyed()
		if err != nil {
			return nil, err
		}
		from, err := ld.loc(l, key)
		if err != nil {
			return nil, err
		}
		if listed[from] {
			return nil, fmt.Errorf("line %d: %s listed twice", l.N, key)
		}
		listed[from] = true
		for _, id := range strings.Fields(rest) {
			to, err := ld.loc(l, id)
			if err != nil {
				return nil, err
			}
			if to == from || adj[from].Has(to) {
				return nil, fmt.Errorf("line %d: %s next to %s is wrong or repeated", l.N, key, id)
			}
			adj[from].Add(to)
		}
	}
	for a := range adj {
		var err error
		adj[a].Each(func(b Loc) {
			if !adj[b].Has(Loc(a)) && err == nil {
				err = fmt.Errorf("%s lists %s, but %s does not list %s", ld.v.Locs[a].ID, ld.v.Locs[b].ID, ld.v.Locs[b].ID, ld.v.Locs[a].ID)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return adj, nil
}

func (ld *loader) loc(l sections.Line, id string) (Loc, error) {
	loc, ok := ld.locs[id]
	if !ok {
		return NoLoc, fmt.Errorf("line %d: unknown location %q", l.N, id)
	}
	return loc, nil
}

func (ld *loader) start(lines []sections.Line) error {
	for _, l := range lines {
		p, rest, err := ld.powerLine(l)
		if err != nil {
			return err
		}
		for _, u := range strings.Split(rest, ",") {
			f := strings.Fields(u)
			if len(f) != 2 || (f[0] != "A" && f[0] != "F") {
				return fmt.Errorf("line %d: want units as \"A vie\" or \"F tri\", not %q", l.N, strings.TrimSpace(u))
			}
			loc, err := ld.loc(l, f[1])
			if err != nil {
				return err
			}
			t := Army
			if f[0] == "F" {
				t = Fleet
			}
			ld.v.StartUnits = append(ld.v.StartUnits, Unit{Type: t, Power: p, Loc: loc})
		}
	}
	return nil
}

// addName makes key (lower-cased) a name of loc, with hyphens also read as
// spaces and a typographic apostrophe as well as a straight one.
func (ld *loader) addName(key string, loc Loc) {
	key = strings.ToLower(strings.Join(strings.Fields(key), " "))
	for _, k := range []string{
		key,
		strings.ReplaceAll(key, "-", " "),
		strings.ReplaceAll(key, "'", "’"),
		strings.ReplaceAll(key, "’", "'"),
	} {
		if k != "" && !slices.Contains(ld.names[k], loc) {
			ld.names[k] = append(ld.names[k], loc)
		}
	}
}

// abbrev returns the first three letters of a name after a leading
// article, or "" if it has fewer.
func abbrev(name string) string {
	name = strings.ToLower(name)
	for _, a := range articles {
		if rest, ok := strings.CutPrefix(name, a); ok {
			name = rest
			break
		}
	}
	var b []byte
	for i := 0; i < len(name) && len(b) < 3; i++ {
		if c := name[i]; c >= 'a' && c <= 'z' {
			b = append(b, c)
		}
	}
	if len(b) < 3 {
		return ""
	}
	return string(b)
}

// locNames reads "id: English | Italian | exact" lines and builds the
// names of every location as standard.txt describes.
func (ld *loader) locNames(lines []sections.Line) error {
	type abbr struct {
		key string
		loc Loc
	}
	var abbrs []abbr
	addAbbrev := func(name string, loc Loc) {
		if a := abbrev(name); a != "" {
			abbrs = append(abbrs, abbr{a, loc})
		}
	}
	for i := range ld.v.Locs {
		loc := Loc(i)
		ld.addName(ld.v.Locs[i].ID, loc)
		ld.addName(ld.v.Locs[i].Name, loc)
		if !ld.v.Locs[i].IsCoast() && !strings.HasPrefix(strings.ToLower(ld.v.Locs[i].Name), "nor") {
			addAbbrev(ld.v.Locs[i].Name, loc)
		}
	}
	for _, l := range lines {
		key, rest, err := l.Keyed()
		if err != nil {
			return err
		}
		loc, err := ld.loc(l, key)
		if err != nil {
			return err
		}
		parts := strings.Split(rest, "|")
		if len(parts) != 3 {
			return fmt.Errorf("line %d: want \"id: English | Italian | exact\"", l.N)
		}
		for i, part := range parts {
			// The first Italian name is the one shown in Italian.
			if names := sections.List(part); i == 1 && len(names) > 0 && ld.v.Locs[loc].Italian == "" {
				ld.v.Locs[loc].Italian = names[0]
			}
			for _, name := range sections.List(part) {
				ld.addName(name, loc)
				if i == 1 || (i == 0 && !strings.HasPrefix(strings.ToLower(name), "nor")) {
					addAbbrev(name, loc)
				}
			}
		}
	}
	for _, a := range abbrs {
		if other, ok := ld.locs[a.key]; ok && other != a.loc {
			continue // "mar" stays Marseilles
		}
		ld.addName(a.key, a.loc)
	}
	return nil
}

// coastNames reads "code: name, name" lines and names each coast by every
// name of its province that names nothing else, followed by a name of the
// coast: "stp/nc", "spa(sc)", "spa (sc)", "spa sc".
func (ld *loader) coastNames(lines []sections.Line) error {
	forms := map[string][]string{}
	for _, l := range lines {
		key, rest, err := l.Keyed()
		if err != nil {
			return err
		}
		forms[key] = sections.List(rest)
	}
	// Collect first: the loop below must not see the names it adds.
	byProvince := map[Loc][]string{}
	for name, c := range ld.names {
		if len(c) == 1 && len(ld.v.Locs[c[0]].Coasts) > 0 {
			byProvince[c[0]] = append(byProvince[c[0]], name)
		}
	}
	for p, names := range byProvince {
		for _, c := range ld.v.Locs[p].Coasts {
			code := ld.v.Locs[c].ID[4:]
			if len(forms[code]) == 0 {
				return fmt.Errorf("no names for coast %q", code)
			}
			for _, name := range names {
				for _, w := range forms[code] {
					for _, k := range []string{name + "/" + w, name + "(" + w + ")", name + " (" + w + ")", name + " " + w} {
						ld.addName(k, c)
					}
				}
			}
		}
	}
	return nil
}

// powerNames reads "id: name, name" lines. A power's id, name, adjective
// and abbreviation are names too.
func (ld *loader) powerNames(lines []sections.Line) error {
	ld.v.PowerNames = map[string]Power{}
	add := func(l sections.Line, name string, p Power) error {
		name = strings.ToLower(name)
		for _, k := range []string{name, strings.ReplaceAll(name, "-", " ")} {
			if q, ok := ld.v.PowerNames[k]; ok && q != p {
				return fmt.Errorf("line %d: %q names both %s and %s", l.N, k, ld.v.Powers[q].ID, ld.v.Powers[p].ID)
			}
			ld.v.PowerNames[k] = p
		}
		return nil
	}
	for i, info := range ld.v.Powers {
		for _, name := range []string{info.ID, info.Name, info.Adjective, info.Abbrev, info.Italian} {
			if name == "" {
				continue
			}
			if err := add(sections.Line{}, name, Power(i)); err != nil {
				return err
			}
		}
	}
	for _, l := range lines {
		p, rest, err := ld.powerLine(l)
		if err != nil {
			return err
		}
		for _, name := range sections.List(rest) {
			if err := add(l, name, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// powerLine reads a line "power: rest" whose key names a power.
func (ld *loader) powerLine(l sections.Line) (Power, string, error) {
	key, rest, err := l.Keyed()
	if err != nil {
		return NoPower, "", err
	}
	p := ld.v.PowerByID(key)
	if p == NoPower {
		return NoPower, "", fmt.Errorf("line %d: unknown power %q", l.N, key)
	}
	return p, rest, nil
}

// parseColour reads "#rrggbb".
func parseColour(s string) (color.RGBA, error) {
	hex, ok := strings.CutPrefix(s, "#")
	n, err := strconv.ParseUint(hex, 16, 32)
	if !ok || len(hex) != 6 || err != nil {
		return color.RGBA{}, fmt.Errorf("colour %q: want #rrggbb", s)
	}
	return color.RGBA{uint8(n >> 16), uint8(n >> 8), uint8(n), 255}, nil
}

// setups reads "players alternative: side | side ..." lines, each side
// the ids of the powers one player plays.
func (ld *loader) setups(lines []sections.Line) error {
	for _, l := range lines {
		key, rest, err := l.Keyed()
		if err != nil {
			return err
		}
		var s Setup
		if _, err := fmt.Sscanf(key, "%d %d", &s.Players, &s.Alternative); err != nil || s.Players < 2 || s.Players >= len(ld.v.Powers) || s.Alternative < 0 {
			return fmt.Errorf("line %d: want \"players alternative:\" with 2 to %d players, not %q", l.N, len(ld.v.Powers)-1, key)
		}
		if slices.ContainsFunc(ld.v.Setups, func(o Setup) bool { return o.Players == s.Players && o.Alternative == s.Alternative }) {
			return fmt.Errorf("line %d: setup %s repeated", l.N, key)
		}
		var seen PowerSet
		for _, side := range strings.Split(rest, "|") {
			var powers []Power
			for _, id := range strings.Fields(side) {
				p := ld.v.PowerByID(id)
				if p == NoPower || seen.Has(p) {
					return fmt.Errorf("line %d: power %q unknown or repeated", l.N, id)
				}
				seen.Add(p)
				powers = append(powers, p)
			}
			if len(powers) == 0 {
				return fmt.Errorf("line %d: a side with no power", l.N)
			}
			s.Sides = append(s.Sides, powers)
		}
		if len(s.Sides) != s.Players {
			return fmt.Errorf("line %d: %d sides for %d players", l.N, len(s.Sides), s.Players)
		}
		ld.v.Setups = append(ld.v.Setups, s)
	}
	return nil
}

// twoPlayer reads the two-player game's "key value" lines.
func (ld *loader) twoPlayer(lines []sections.Line) error {
	if lines == nil {
		return nil
	}
	if _, ok := ld.v.Setup(2, 0); !ok {
		return fmt.Errorf("a two-player game without a setup for 2 players")
	}
	tp := &TwoPlayer{Neutral: NoPower}
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) < 2 {
			return fmt.Errorf("line %d: want \"key value\"", l.N)
		}
		var err error
		switch f[0] {
		case "year":
			tp.Year, err = strconv.Atoi(f[1])
		case "victory":
			tp.Victory, err = strconv.Atoi(f[1])
		case "neutral":
			if tp.Neutral = ld.v.PowerByID(f[1]); tp.Neutral == NoPower {
				err = fmt.Errorf("unknown power %q", f[1])
			}
		case "closed":
			for _, id := range f[1:] {
				loc, lerr := ld.loc(l, id)
				if lerr != nil {
					return lerr
				}
				tp.Closed = append(tp.Closed, loc)
			}
		default:
			err = fmt.Errorf("unknown key %q", f[0])
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", l.N, err)
		}
	}
	if tp.Year == 0 || tp.Victory == 0 || tp.Neutral == NoPower {
		return fmt.Errorf("year, victory and neutral are all needed")
	}
	ld.v.TwoPlayer = tp
	return nil
}
