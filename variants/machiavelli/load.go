package machiavelli

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/corriere/corriere/variants/internal/sections"
)

// This file turns a board's text (the format of variants/italia/italia.txt,
// described in that file's comments) into a Board.

// relations are a board's facts between two areas, each pair once: land
// edges and sea borders with the lower area first, coasts and ports as
// (territory, sea).
type relations struct {
	land         map[[2]Area]Edge
	sea          map[[2]Area]bool
	coast, ports map[[2]Area]bool
}

func newRelations() relations {
	return relations{land: map[[2]Area]Edge{}, sea: map[[2]Area]bool{}, coast: map[[2]Area]bool{}, ports: map[[2]Area]bool{}}
}

// pair returns a and c with the lower first.
func pair(a, c Area) [2]Area {
	if a > c {
		a, c = c, a
	}
	return [2]Area{a, c}
}

// loader holds the board being built and the Area of every id.
type loader struct {
	b   *Board
	ids map[string]Area
	rel relations
}

// Parse reads a board in the format of variants/italia/italia.txt, whose
// comments describe it, and checks it: every relation between the right
// kinds of area and listed from both ends where the format says so, every
// port opening on seas that bathe it, every name standing for one area,
// merges that join neighbouring seas.
func Parse(text string) (*Board, error) {
	ld := &loader{b: &Board{}, ids: map[string]Area{}, rel: newRelations()}
	// The sections, in the order they are read: each needs what the ones
	// before it read.
	err := sections.Read(text, []sections.Step{
		{Section: "board", Read: ld.header},
		{Section: "territories", Read: ld.territories},
		{Section: "seas", Read: ld.seas},
		{Section: "borders", Read: ld.borders},
		{Section: "crossings", Read: ld.crossings},
		{Section: "sea borders", Read: ld.seaBorders},
		{Section: "coasts", Read: ld.coasts},
		{Section: "ports", Read: ld.ports},
		{Section: "merge", Read: ld.merges},
	}, "merge")
	if err != nil {
		return nil, err
	}
	b := ld.b
	if err := b.wire(ld.rel); err != nil {
		return nil, err
	}
	if err := b.index(); err != nil {
		return nil, err
	}
	if b.merged, err = b.merge(); err != nil {
		return nil, fmt.Errorf("merged: %w", err)
	}
	return b, nil
}

func (ld *loader) header(lines []sections.Line) error {
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) != 2 || f[0] != "name" {
			return fmt.Errorf("line %d: want \"name value\"", l.N)
		}
		ld.b.Name = f[1]
	}
	if ld.b.Name == "" {
		return fmt.Errorf("no name")
	}
	return nil
}

// areaLine reads "id column... Italian name | English name | aliases",
// with columns columns between the id and the Italian name.
func (ld *loader) areaLine(l sections.Line, columns int) (AreaInfo, []string, error) {
	parts := strings.Split(l.Text, "|")
	head := strings.Fields(parts[0])
	if len(parts) < 2 || len(parts) > 3 || len(head) < columns+2 || strings.TrimSpace(parts[1]) == "" {
		return AreaInfo{}, nil, fmt.Errorf("line %d: want \"id%s Italian name | English name | more names\"", l.N, strings.Repeat(" column", columns))
	}
	info := AreaInfo{ID: head[0], Italian: strings.Join(head[columns+1:], " "), English: strings.TrimSpace(parts[1])}
	if len(parts) == 3 {
		info.Aliases = sections.List(parts[2])
	}
	if _, dup := ld.ids[info.ID]; dup {
		return AreaInfo{}, nil, fmt.Errorf("line %d: id %s repeated", l.N, info.ID)
	}
	ld.ids[info.ID] = NoArea // numbered once all are read
	return info, head[1 : columns+1], nil
}

// territories reads "id city value colour Italian | English | aliases".
func (ld *loader) territories(lines []sections.Line) error {
	for _, l := range lines {
		info, col, err := ld.areaLine(l, 3)
		if err != nil {
			return err
		}
		city, colour := slices.Index(cityWords, col[0]), slices.Index(colourWords, col[2])
		if city < 0 || colour < 0 {
			return fmt.Errorf("line %d: city %q or colour %q unknown", l.N, col[0], col[2])
		}
		info.City, info.Colour = City(city), Colour(colour)
		if col[1] != "-" {
			if info.Value, err = strconv.Atoi(col[1]); err != nil || info.Value <= 0 || info.City == NoCity {
				return fmt.Errorf("line %d: value %q: want \"-\", or a number above 0 for a city", l.N, col[1])
			}
		}
		ld.b.Areas = append(ld.b.Areas, info)
	}
	return nil
}

// seas reads "id Italian | English | aliases", then numbers every area:
// the territories sorted by id, then the seas sorted by id.
func (ld *loader) seas(lines []sections.Line) error {
	for _, l := range lines {
		info, _, err := ld.areaLine(l, 0)
		if err != nil {
			return err
		}
		info.Sea = true
		ld.b.Areas = append(ld.b.Areas, info)
	}
	if len(ld.b.Areas) >= int(NoArea) {
		return fmt.Errorf("%d areas, at most %d", len(ld.b.Areas), NoArea-1)
	}
	slices.SortStableFunc(ld.b.Areas, func(a, c AreaInfo) int {
		if a.Sea != c.Sea {
			if a.Sea {
				return 1
			}
			return -1
		}
		return strings.Compare(a.ID, c.ID)
	})
	for i := range ld.b.Areas {
		ld.ids[ld.b.Areas[i].ID] = Area(i)
		if !ld.b.Areas[i].Sea {
			ld.b.Territories = i + 1
		}
	}
	return nil
}

// area reads an id of an area of the wanted kind.
func (ld *loader) area(l sections.Line, id string, sea bool) (Area, error) {
	a, ok := ld.ids[id]
	if !ok {
		return NoArea, fmt.Errorf("line %d: unknown area %q", l.N, id)
	}
	if ld.b.Areas[a].Sea != sea {
		kind := "territory"
		if sea {
			kind = "sea"
		}
		return NoArea, fmt.Errorf("line %d: %s is no %s", l.N, id, kind)
	}
	return a, nil
}

// lists reads "area: area area ..." lines, keys of kind keySea and the
// listed areas of kind sea, each key on one line and no area twice, and
// calls add for each pair.
func (ld *loader) lists(lines []sections.Line, keySea, sea bool, add func(key, a Area)) error {
	seen := map[Area]bool{}
	for _, l := range lines {
		id, rest, err := l.Keyed()
		if err != nil {
			return err
		}
		key, err := ld.area(l, id, keySea)
		if err != nil {
			return err
		}
		if seen[key] {
			return fmt.Errorf("line %d: %s listed twice", l.N, id)
		}
		seen[key] = true
		var listed []Area
		for _, other := range strings.Fields(rest) {
			a, err := ld.area(l, other, sea)
			if err != nil {
				return err
			}
			if a == key || slices.Contains(listed, a) {
				return fmt.Errorf("line %d: %s next to %s is wrong or repeated", l.N, id, other)
			}
			listed = append(listed, a)
			add(key, a)
		}
	}
	return nil
}

// graph reads the neighbours of areas of one kind, every pair listed from
// both of its ends, so that a typo cannot make a one-way edge.
func (ld *loader) graph(lines []sections.Line, sea bool, add func([2]Area)) error {
	var order [][2]Area
	listed := map[[2]Area]bool{}
	err := ld.lists(lines, sea, sea, func(key, a Area) {
		order = append(order, [2]Area{key, a})
		listed[[2]Area{key, a}] = true
	})
	if err != nil {
		return err
	}
	for _, p := range order {
		if !listed[[2]Area{p[1], p[0]}] {
			return fmt.Errorf("%s lists %s, but %s does not list %s", ld.b.Areas[p[0]].ID, ld.b.Areas[p[1]].ID, ld.b.Areas[p[1]].ID, ld.b.Areas[p[0]].ID)
		}
		add(pair(p[0], p[1]))
	}
	return nil
}

func (ld *loader) borders(lines []sections.Line) error {
	return ld.graph(lines, false, func(p [2]Area) { ld.rel.land[p] = Border })
}

func (ld *loader) seaBorders(lines []sections.Line) error {
	return ld.graph(lines, true, func(p [2]Area) { ld.rel.sea[p] = true })
}

// crossings reads "territory territory bridge|strait" lines: land moves
// between territories that share no border.
func (ld *loader) crossings(lines []sections.Line) error {
	for _, l := range lines {
		f := strings.Fields(l.Text)
		kind := -1
		if len(f) == 3 {
			kind = slices.Index(edgeWords, f[2])
		}
		if kind != int(Bridge) && kind != int(Strait) {
			return fmt.Errorf("line %d: want \"territory territory bridge\" or \"... strait\"", l.N)
		}
		a, err := ld.area(l, f[0], false)
		if err != nil {
			return err
		}
		c, err := ld.area(l, f[1], false)
		if err != nil {
			return err
		}
		if a == c || ld.rel.land[pair(a, c)] != NoEdge {
			return fmt.Errorf("line %d: %s and %s are the same or already joined", l.N, f[0], f[1])
		}
		ld.rel.land[pair(a, c)] = Edge(kind)
	}
	return nil
}

func (ld *loader) coasts(lines []sections.Line) error {
	return ld.lists(lines, false, true, func(t, s Area) { ld.rel.coast[[2]Area{t, s}] = true })
}

func (ld *loader) ports(lines []sections.Line) error {
	return ld.lists(lines, false, true, func(t, s Area) { ld.rel.ports[[2]Area{t, s}] = true })
}

// merges reads "sea: sea" lines: the first sea is played as part of the
// second, a neighbour that is not merged itself.
func (ld *loader) merges(lines []sections.Line) error {
	for _, l := range lines {
		id, into, err := l.Keyed()
		if err != nil {
			return err
		}
		m := Merge{}
		if m.Sea, err = ld.area(l, id, true); err != nil {
			return err
		}
		if m.Into, err = ld.area(l, into, true); err != nil {
			return err
		}
		if !ld.rel.sea[pair(m.Sea, m.Into)] {
			return fmt.Errorf("line %d: %s merges into %s, which it does not border", l.N, id, into)
		}
		if slices.ContainsFunc(ld.b.Merges, func(o Merge) bool { return o.Sea == m.Sea }) {
			return fmt.Errorf("line %d: %s merged twice", l.N, id)
		}
		ld.b.Merges = append(ld.b.Merges, m)
	}
	for _, m := range ld.b.Merges {
		if slices.ContainsFunc(ld.b.Merges, func(o Merge) bool { return o.Sea == m.Into }) {
			return fmt.Errorf("%s merges into %s, which merges too", ld.b.Areas[m.Sea].ID, ld.b.Areas[m.Into].ID)
		}
	}
	return nil
}

// wire turns the relations into the areas' sorted lists, from both ends,
// and checks that every port opens on seas that bathe its territory.
func (b *Board) wire(rel relations) error {
	link := func(a, c Area, list func(*AreaInfo) *[]Area) {
		*list(&b.Areas[a]) = append(*list(&b.Areas[a]), c)
		*list(&b.Areas[c]) = append(*list(&b.Areas[c]), a)
	}
	neighbours := func(i *AreaInfo) *[]Area { return &i.Neighbours }
	for p := range rel.land {
		link(p[0], p[1], neighbours)
	}
	for p := range rel.sea {
		link(p[0], p[1], neighbours)
	}
	for p := range rel.coast {
		link(p[0], p[1], func(i *AreaInfo) *[]Area { return &i.Coast })
	}
	for p := range rel.ports {
		if !rel.coast[p] {
			return fmt.Errorf("the port of %s opens on %s, which does not bathe it", b.Areas[p[0]].ID, b.Areas[p[1]].ID)
		}
		link(p[0], p[1], func(i *AreaInfo) *[]Area { return &i.Port })
	}
	for i := range b.Areas {
		slices.Sort(b.Areas[i].Neighbours)
		slices.Sort(b.Areas[i].Coast)
		slices.Sort(b.Areas[i].Port)
	}
	b.edges = rel.land
	return nil
}

// index makes every id, name and alias of every area a name of it, and
// checks that no name stands for two areas.
func (b *Board) index() error {
	b.names = map[string]Area{}
	for i := range b.Areas {
		info := &b.Areas[i]
		for _, name := range append([]string{info.ID, info.Italian, info.English}, info.Aliases...) {
			k := fold(name)
			if k == "" {
				return fmt.Errorf("%s: a name with no letters", info.ID)
			}
			if a, ok := b.names[k]; ok && a != Area(i) {
				return fmt.Errorf("the name %q stands for both %s and %s", name, b.Areas[a].ID, info.ID)
			}
			b.names[k] = Area(i)
		}
	}
	b.keys = slices.Sorted(maps.Keys(b.names))
	return nil
}

// Fold reads a name as Lookup does: lower-cased, accents stripped, every
// run of other characters than letters and digits read as one space. A
// game folds the names of its own things (powers, verbs) so, to read them
// as leniently as the board's.
func Fold(s string) string { return fold(s) }

// fold lower-cases s, strips its accents and reads every run of other
// characters than letters and digits as one space.
func fold(s string) string {
	var out strings.Builder
	gap := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if gap && out.Len() > 0 {
				out.WriteByte(' ')
			}
			gap = false
			out.WriteRune(unicode.ToLower(r))
		default:
			gap = true
		}
	}
	return out.String()
}

// Merged returns the board as played with its merges: each merged sea is
// gone, its coasts, ports and other neighbours are its target's, and its
// id and names are aliases of the target. It returns the board itself
// where there are no merges.
func (b *Board) Merged() *Board { return b.merged }

// merge builds the board Merged returns.
func (b *Board) merge() (*Board, error) {
	if len(b.Merges) == 0 {
		return b, nil
	}
	m := &Board{Name: b.Name, Territories: b.Territories}
	to := make([]Area, len(b.Areas)) // old area → new
	for i := range b.Areas {
		if slices.ContainsFunc(b.Merges, func(g Merge) bool { return g.Sea == Area(i) }) {
			continue
		}
		info := b.Areas[i]
		info.Aliases = slices.Clone(info.Aliases)
		info.Neighbours, info.Coast, info.Port = nil, nil, nil
		to[i] = Area(len(m.Areas))
		m.Areas = append(m.Areas, info)
	}
	for _, g := range b.Merges {
		to[g.Sea] = to[g.Into]
		from, into := &b.Areas[g.Sea], &m.Areas[to[g.Into]]
		into.Aliases = append(append(into.Aliases, from.ID, from.Italian, from.English), from.Aliases...)
	}
	rel := newRelations()
	for i := range b.Areas {
		a := Area(i)
		for _, n := range b.Areas[i].Neighbours {
			switch {
			case !b.Areas[i].Sea:
				rel.land[pair(to[a], to[n])] = b.LandEdge(a, n)
			case to[a] != to[n]:
				rel.sea[pair(to[a], to[n])] = true
			}
		}
		if !b.Areas[i].Sea {
			for _, s := range b.Areas[i].Coast {
				rel.coast[[2]Area{to[a], to[s]}] = true
			}
			for _, s := range b.Areas[i].Port {
				rel.ports[[2]Area{to[a], to[s]}] = true
			}
		}
	}
	if err := m.wire(rel); err != nil {
		return nil, err
	}
	if err := m.index(); err != nil {
		return nil, err
	}
	m.merged = m
	return m, nil
}
