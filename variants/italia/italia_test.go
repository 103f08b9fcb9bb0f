package italia_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants/italia"
	"github.com/corriere/corriere/variants/machiavelli"
)

// area returns the area a name stands for, failing the test if none.
func area(t *testing.T, b *machiavelli.Board, name string) machiavelli.Area {
	t.Helper()
	a, ok := b.Lookup(name)
	if !ok {
		t.Fatalf("no area %q", name)
	}
	return a
}

// ids returns the sorted ids of areas.
func ids(b *machiavelli.Board, areas []machiavelli.Area) []string {
	out := []string{}
	for _, a := range areas {
		out = append(out, b.Areas[a].ID)
	}
	slices.Sort(out)
	return out
}

// named returns the sorted ids of the areas a list of the spec names:
// "Durazzo, Erzegovina", "LA; UA", "GON; IS (seed §2)", "-" for none.
func named(t *testing.T, b *machiavelli.Board, list string) []string {
	t.Helper()
	out := []string{}
	for _, name := range strings.FieldsFunc(strings.ReplaceAll(list, "(seed §2)", ""), func(r rune) bool { return r == ',' || r == ';' }) {
		if name = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "†")); name != "-" && name != "" {
			out = append(out, b.Areas[area(t, b, name)].ID)
		}
	}
	slices.Sort(out)
	return out
}

func TestShared(t *testing.T) {
	if italia.Board() != italia.Board() || italia.Merged() != italia.Merged() {
		t.Error("the board is built anew on every call")
	}
	if b := italia.Board(); b.Name != "italia" || len(b.Merges) != 1 || italia.Merged() == b {
		t.Errorf("board %q with %d merges", b.Name, len(b.Merges))
	}
}

// Appendix A, territory by territory.
func TestAppendixA(t *testing.T) {
	b := italia.Board()
	if len(appendixA) != 70 || b.Territories != 70 {
		t.Fatalf("%d rows, %d territories; want 70", len(appendixA), b.Territories)
	}
	cities := map[string]machiavelli.City{"-": machiavelli.NoCity, "città": machiavelli.Unfortified, "città fortificata": machiavelli.Fortified, "fortezza": machiavelli.Fortress}
	colours := map[string]machiavelli.Colour{"yellow": machiavelli.Yellow, "red": machiavelli.Red, "pink": machiavelli.Pink, "Swiss": machiavelli.Swiss, "Balkan": machiavelli.Balkan}
	for _, row := range appendixA {
		a := b.ByID(row.id)
		if a == machiavelli.NoArea {
			t.Errorf("%s: no area %q", row.italian, row.id)
			continue
		}
		info := &b.Areas[a]
		colour := colours[strings.Fields(row.colour)[0]] // "pink / Ottomano"; a power's name: no colour
		for _, c := range []struct {
			what      string
			got, want any
		}{
			{"kind", info.Sea, false},
			{"Italian name", info.Italian, row.italian},
			{"English name", info.English, row.english},
			{"city", info.City, cities[row.city]},
			{"port", ids(b, info.Port), named(t, b, row.ports)},
			{"coast", ids(b, info.Coast), named(t, b, row.coast)},
			{"value", info.Value, row.value},
			{"tax", info.Tax(), row.tax},
			{"colour", info.Colour, colour},
			{"land", ids(b, info.Neighbours), named(t, b, row.land)},
		} {
			if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
				t.Errorf("%s: %s %v, want %v", row.italian, c.what, c.got, c.want)
			}
		}
		// † marks the seed's strait; the board's one bridge is Istria-Dalmazia.
		for _, n := range strings.Split(row.land, ",") {
			n = strings.TrimSpace(n)
			if n == "" {
				continue
			}
			want := machiavelli.Border
			switch {
			case strings.HasSuffix(n, "†"):
				want = machiavelli.Strait
			case (row.italian == "Istria" && n == "Dalmazia") || (row.italian == "Dalmazia" && n == "Istria"):
				want = machiavelli.Bridge
			}
			if got := b.LandEdge(a, area(t, b, strings.TrimSuffix(n, "†"))); got != want {
				t.Errorf("%s-%s: %v, want %v", row.italian, n, got, want)
			}
		}
	}
}

// Appendix B, sea by sea.
func TestAppendixB(t *testing.T) {
	b := italia.Board()
	if len(appendixB) != 11 || len(b.Areas)-b.Territories != 11 {
		t.Fatalf("%d rows, %d seas; want 11", len(appendixB), len(b.Areas)-b.Territories)
	}
	for _, row := range appendixB {
		a := b.ByID(row.id)
		if a == machiavelli.NoArea || !b.Areas[a].Sea {
			t.Errorf("%s: no sea %q", row.italian, row.id)
			continue
		}
		info := &b.Areas[a]
		if info.Italian != row.italian || info.English != row.english {
			t.Errorf("%s: names %q, %q; want %q, %q", row.id, info.Italian, info.English, row.italian, row.english)
		}
		for _, c := range []struct {
			what      string
			got, want []string
		}{
			{"seas", ids(b, info.Neighbours), named(t, b, row.seas)},
			{"bathed", ids(b, info.Coast), named(t, b, row.bathed)},
			{"ports", ids(b, info.Port), named(t, b, row.ports)},
		} {
			if !slices.Equal(c.got, c.want) {
				t.Errorf("%s: %s %v, want %v", row.id, c.what, c.got, c.want)
			}
		}
	}
}

// count sums f over the board's areas.
func count(b *machiavelli.Board, f func(machiavelli.Area, *machiavelli.AreaInfo) int) int {
	n := 0
	for i := range b.Areas {
		n += f(machiavelli.Area(i), &b.Areas[i])
	}
	return n
}

// names returns the sorted Italian names of the territories where keep holds.
func names(b *machiavelli.Board, keep func(*machiavelli.AreaInfo) bool) []string {
	var out []string
	for i := range b.Areas[:b.Territories] {
		if keep(&b.Areas[i]) {
			out = append(out, b.Areas[i].Italian)
		}
	}
	slices.Sort(out)
	return out
}

// The board's facts as §1.2 of the spec sums them up, on the board as
// printed and as merged under R3.
func TestCounts(t *testing.T) {
	b, m := italia.Board(), italia.Merged()
	edges := func(b *machiavelli.Board, kinds ...machiavelli.Edge) int {
		return count(b, func(a machiavelli.Area, i *machiavelli.AreaInfo) int {
			n := 0
			for _, c := range i.Neighbours {
				if a < c && slices.Contains(kinds, b.LandEdge(a, c)) {
					n++
				}
			}
			return n
		})
	}
	seaEdges := func(b *machiavelli.Board) int {
		return count(b, func(_ machiavelli.Area, i *machiavelli.AreaInfo) int {
			if i.Sea {
				return len(i.Neighbours)
			}
			return 0
		}) / 2
	}
	coastPairs := func(b *machiavelli.Board) int {
		return count(b, func(_ machiavelli.Area, i *machiavelli.AreaInfo) int {
			if i.Sea {
				return 0
			}
			return len(i.Coast)
		})
	}
	tax := func(b *machiavelli.Board) int {
		return count(b, func(_ machiavelli.Area, i *machiavelli.AreaInfo) int { return i.Tax() })
	}
	city := func(c machiavelli.City) func(*machiavelli.AreaInfo) bool {
		return func(i *machiavelli.AreaInfo) bool { return i.City == c }
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"territories", b.Territories, 70},
		{"seas", len(b.Areas) - b.Territories, 11},
		{"territories without a city", len(names(b, city(machiavelli.NoCity))), 12},
		{"unfortified cities", len(names(b, city(machiavelli.Unfortified))), 8},
		{"fortified cities", len(names(b, city(machiavelli.Fortified))), 36},
		{"fortresses", len(names(b, city(machiavelli.Fortress))), 14},
		{"ports", len(names(b, (*machiavelli.AreaInfo).HasPort)), 18},
		{"land edges", edges(b, machiavelli.Border, machiavelli.Bridge, machiavelli.Strait), 148},
		{"the board's land edges", edges(b, machiavelli.Border, machiavelli.Bridge), 147},
		{"bridges", edges(b, machiavelli.Bridge), 1},
		{"straits", edges(b, machiavelli.Strait), 1},
		{"sea-sea edges", seaEdges(b), 13},
		{"territory-sea coast pairs", coastPairs(b), 61},
		{"tax a year", tax(b), 164},
		// R3: the Laguna's border with the Alto Adriatico goes, and its
		// four coasts become the Alto Adriatico's, two of them already.
		{"merged: territories", m.Territories, 70},
		{"merged: seas", len(m.Areas) - m.Territories, 10},
		{"merged: land edges", edges(m, machiavelli.Border, machiavelli.Bridge, machiavelli.Strait), 148},
		{"merged: sea-sea edges", seaEdges(m), 12},
		{"merged: coast pairs", coastPairs(m), 59},
		{"merged: tax a year", tax(m), 164},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	for _, c := range []struct {
		what string
		got  []string
		want string
	}{
		{"unfortified cities", names(b, city(machiavelli.Unfortified)), "Albania, Carniola, Corsica, Croatia, Dalmazia, Sardegna, Svizzera, Ungheria"},
		{"fortresses", names(b, city(machiavelli.Fortress)), "Aquila, Bergamo, Brescia, Fornovo, Parma, Patrimonio, Piacenza, Romagna, Salerno, Spoleto, Tivoli, Urbino, Verona, Vicenza"},
		{"ports", names(b, (*machiavelli.AreaInfo).HasPort), "Ancona, Bari, Corsica, Durazzo, Genova, Marseille, Messina, Napoli, Palermo, Piombino, Pisa, Ragusa, Salerno, Sardegna, Savoia, Tivoli, Tunisi, Venezia"},
		{"no land neighbour", names(b, func(i *machiavelli.AreaInfo) bool { return len(i.Neighbours) == 0 }), "Corsica, Sardegna, Tunisi, Venezia"},
		{"printed values", names(b, func(i *machiavelli.AreaInfo) bool { return i.Value > 0 }), "Firenze, Genova, Milano, Napoli, Roma, Tunisi, Venezia"},
		{"yellow", names(b, func(i *machiavelli.AreaInfo) bool { return i.Colour == machiavelli.Yellow }), "Avignon, Marseille, Provence"},
		{"red", names(b, func(i *machiavelli.AreaInfo) bool { return i.Colour == machiavelli.Red }), "Austria, Carinzia, Tirolo, Ungheria"},
		{"pink", names(b, func(i *machiavelli.AreaInfo) bool { return i.Colour == machiavelli.Pink }), "Albania, Bosnia, Durazzo, Erzegovina, Tunisi"},
		{"Balkan", names(b, func(i *machiavelli.AreaInfo) bool { return i.Colour == machiavelli.Balkan }), "Carniola, Croatia, Ragusa, Slavonia"},
	} {
		if got := strings.Join(c.got, ", "); got != c.want {
			t.Errorf("%s: %s\nwant %s", c.what, got, c.want)
		}
	}
}

// Every relation is listed from both ends, between the right kinds of
// area, and a port opens only on seas that bathe it; LandEdge agrees with
// the lists.
func TestSymmetric(t *testing.T) {
	for _, b := range []*machiavelli.Board{italia.Board(), italia.Merged()} {
		for i := range b.Areas {
			a, info := machiavelli.Area(i), &b.Areas[i]
			for _, rel := range []struct {
				what  string
				list  func(*machiavelli.AreaInfo) []machiavelli.Area
				cross bool // relates a territory to a sea
			}{
				{"neighbour", func(i *machiavelli.AreaInfo) []machiavelli.Area { return i.Neighbours }, false},
				{"coast", func(i *machiavelli.AreaInfo) []machiavelli.Area { return i.Coast }, true},
				{"port", func(i *machiavelli.AreaInfo) []machiavelli.Area { return i.Port }, true},
			} {
				list := rel.list(info)
				if !slices.IsSorted(list) || len(slices.Compact(slices.Clone(list))) != len(list) {
					t.Errorf("%s: %s list %v unsorted or repeated", info.ID, rel.what, list)
				}
				for _, c := range list {
					other := &b.Areas[c]
					if !slices.Contains(rel.list(other), a) {
						t.Errorf("%s lists %s as %s, not the other way", info.ID, other.ID, rel.what)
					}
					if (info.Sea != other.Sea) != rel.cross {
						t.Errorf("%s-%s: %s between the wrong kinds", info.ID, other.ID, rel.what)
					}
					if rel.what == "port" && !slices.Contains(info.Coast, c) {
						t.Errorf("the port of %s opens on %s, which does not bathe it", info.ID, other.ID)
					}
				}
			}
			for j := range b.Areas {
				c := machiavelli.Area(j)
				land := !info.Sea && slices.Contains(info.Neighbours, c)
				if (b.LandEdge(a, c) != machiavelli.NoEdge) != land || b.LandEdge(a, c) != b.LandEdge(c, a) {
					t.Errorf("%s-%s: LandEdge %v, neighbours by land %v", info.ID, b.Areas[c].ID, b.LandEdge(a, c), land)
				}
				adjacent := slices.Contains(info.Neighbours, c) || slices.Contains(info.Coast, c)
				if b.Adjacent(a, c) != adjacent || b.Adjacent(c, a) != adjacent {
					t.Errorf("%s-%s: Adjacent %v, want %v", info.ID, b.Areas[c].ID, b.Adjacent(a, c), adjacent)
				}
			}
		}
	}
}

// The seed's clarifications (§2 a-e, §7) and ruling R2 on top of the
// classic board, and the MIT data's three defects mended (spec 1.3).
func TestOverrides(t *testing.T) {
	b := italia.Board()
	for _, c := range []struct {
		what, territory string
		list            func(*machiavelli.AreaInfo) []machiavelli.Area
		want            string
	}{
		{"a) Cagliari's port", "Cagliari", ports, "WM WTS"},
		{"b) Messina's port", "Messina", ports, "GON IS"},
		{"c) Piombino's port", "Piombino", ports, "ETS WTS"},
		{"d) Istria's coast", "Istria", coast, "UA"},
		{"e) Dalmazia's coast", "Dalmazia", coast, "LA UA"},
		{"R2: Pisa's port", "Pisa", ports, "EGOL WTS"},
		{"R2: Pisa's coast", "Pisa", coast, "EGOL WTS"},
		{"R2: Palermo's port", "Palermo", ports, "BOT ETS IS WM WTS"},
		{"MIT fix 1: Pisa's land", "Pisa", land, "flore lucca piomb pisto sienn"},
		{"MIT fix 2: Avignon's coast", "Avignon", coast, "WGOL"},
		{"MIT fix 3: Istria's land", "Istria", land, "croat dalma"},
		{"§7: Otranto's land", "Otranto", land, "bari messi saler"},
	} {
		info := &b.Areas[area(t, b, c.territory)]
		if got := strings.Join(ids(b, c.list(info)), " "); got != c.want {
			t.Errorf("%s: %s, want %s", c.what, got, c.want)
		}
	}
	for _, c := range []struct {
		a, c string
		want machiavelli.Edge
	}{
		{"Otranto", "Messina", machiavelli.Strait},
		{"Istria", "Dalmazia", machiavelli.Bridge},
		{"Firenze", "Pisa", machiavelli.Border},
		{"Messina", "Palermo", machiavelli.Border},
		{"Otranto", "Palermo", machiavelli.NoEdge},
		{"Venezia", "Padova", machiavelli.NoEdge},
		{"Venezia", "Laguna", machiavelli.NoEdge},
	} {
		if got := b.LandEdge(area(t, b, c.a), area(t, b, c.c)); got != c.want {
			t.Errorf("%s-%s: %v, want %v", c.a, c.c, got, c.want)
		}
	}
}

func ports(i *machiavelli.AreaInfo) []machiavelli.Area { return i.Port }
func coast(i *machiavelli.AreaInfo) []machiavelli.Area { return i.Coast }
func land(i *machiavelli.AreaInfo) []machiavelli.Area  { return i.Neighbours }

// Venezia touches only the Laguna on the board; under R3 the Laguna is
// part of the Alto Adriatico.
func TestLagoon(t *testing.T) {
	b, m := italia.Board(), italia.Merged()
	for _, c := range []struct {
		board           *machiavelli.Board
		area            string
		list            func(*machiavelli.AreaInfo) []machiavelli.Area
		want, wantMerge string
	}{
		{b, "Venezia", land, "", ""},
		{b, "Venezia", coast, "L", "UA"},
		{b, "Venezia", ports, "L", "UA"},
		{b, "Treviso", coast, "L", "UA"},
		{b, "Padova", coast, "L UA", "UA"},
		{b, "Friuli", coast, "L UA", "UA"},
		{b, "Alto Adriatico", land, "L LA", "LA"},
		{b, "Alto Adriatico", ports, "ancon", "ancon venic"},
		{b, "Alto Adriatico", coast, "ancon bolog carni croat dalma ferra friul istri padua romag", "ancon bolog carni croat dalma ferra friul istri padua romag trevi venic"},
		{b, "Basso Adriatico", land, "IS UA", "IS UA"},
	} {
		for _, board := range []*machiavelli.Board{b, m} {
			want := c.want
			if board == m {
				want = c.wantMerge
			}
			if got := strings.Join(ids(board, c.list(&board.Areas[area(t, board, c.area)])), " "); got != want {
				t.Errorf("%s (merged %v): %s, want %s", c.area, board == m, got, want)
			}
		}
	}
	// The territories keep their numbers; the Laguna's names are the Alto
	// Adriatico's.
	for i := range b.Areas[:b.Territories] {
		if b.Areas[i].ID != m.Areas[i].ID {
			t.Fatalf("territory %d: %s, merged %s", i, b.Areas[i].ID, m.Areas[i].ID)
		}
	}
	if m.ByID("L") != machiavelli.NoArea || area(t, m, "Laguna") != m.ByID("UA") || area(t, m, "l") != m.ByID("UA") {
		t.Error("the merged board still has a Laguna of its own")
	}
	if len(m.Merges) != 0 || m.Merged() != m {
		t.Error("the merged board merges again")
	}
}

// Every id and name stands for its area alone, in any case, accents
// optional; prefixes find every area they may mean.
func TestNames(t *testing.T) {
	for _, b := range []*machiavelli.Board{italia.Board(), italia.Merged()} {
		for i, info := range b.Areas {
			for _, name := range append([]string{info.ID, info.Italian, info.English, strings.ToUpper(info.Italian)}, info.Aliases...) {
				if a, ok := b.Lookup(name); !ok || a != machiavelli.Area(i) {
					t.Errorf("%q: %v %v, want %s", name, a, ok, info.ID)
				}
			}
		}
	}
	b := italia.Board()
	for _, c := range []struct{ name, want string }{
		{"Venèzia", "venic"},
		{"VENICE", "venic"},
		{"mar-tirreno  orientale", "ETS"},
		{"ets", "ETS"},
		{"Golfo  del Leone Occidentale", "WGOL"},
		{"Cagliari", "sardi"},
		{"Tyrol", "tyrol"},
		{"Firenze", "flore"},
		{"florence", "flore"},
		{"Sardégna", "sardi"},
		{"l", "L"},
		{"Venetian Lagoon", "L"},
		{"Piacenza", "pianc"},
		{"Piancenza", "pianc"},
		{"Atlantis", ""},
		{"", ""},
	} {
		a, ok := b.Lookup(c.name)
		if got := ""; ok {
			got = b.Areas[a].ID
			if got != c.want {
				t.Errorf("%q: %s, want %s", c.name, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("%q: not found, want %s", c.name, c.want)
		}
	}
	for _, c := range []struct{ prefix, want string }{
		{"venez", "venic"},
		{"ven", "venic L"}, // Venezia, Venice; Venetian Lagoon
		{"Mar Tirreno", "ETS WTS"},
		{"tir", "tyrol ETS WTS"}, // Tirolo; Tirreno Orientale, Occidentale
		{"Sard", "sardi"},
		{"gol", "BOT EGOL GON WGOL"},
		{"xyz", ""},
		{"", ""},
		{"  ", ""},
	} {
		var got []string
		for _, a := range b.Prefix(c.prefix) {
			got = append(got, b.Areas[a].ID)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("prefix %q: %v, want %s", c.prefix, got, c.want)
		}
	}
}
