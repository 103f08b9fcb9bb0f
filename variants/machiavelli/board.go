package machiavelli

import (
	"slices"
	"strings"
)

// Area is a territory or a sea of a board. It indexes Board.Areas.
type Area uint8

// NoArea marks an absent area.
const NoArea Area = 255

// City is the city symbol printed in a territory.
type City uint8

const (
	NoCity      City = iota // no symbol
	Unfortified             // "città": a city without walls
	Fortified               // "città fortificata"
	Fortress                // "fortezza"
)

var cityWords = []string{"-", "city", "fortified", "fortress"}

// String returns the word the board file uses: "-", "city", "fortified"
// or "fortress".
func (c City) String() string { return word(cityWords, int(c)) }

// Colour is a territory's colour on the board where the rules read it.
type Colour uint8

const (
	NoColour Colour = iota
	Yellow          // French national territories
	Red             // Imperial territories
	Pink            // Ottoman territories
	Swiss           // the Swiss Confederation
	// Balkan is no printed colour: it marks the independent states in
	// the Ottoman sphere, which the rules group as they group a colour.
	Balkan
)

var colourWords = []string{"-", "yellow", "red", "pink", "swiss", "balkan"}

// String returns the word the board file uses.
func (c Colour) String() string { return word(colourWords, int(c)) }

// Edge is how two territories are joined for a land move.
type Edge uint8

const (
	NoEdge Edge = iota // not joined
	Border             // they share a border
	Bridge             // across water, by a bridge the board prints
	Strait             // across water, by a crossing the rules make a land move
)

var edgeWords = []string{"-", "border", "bridge", "strait"}

// String returns the word the board file uses.
func (e Edge) String() string { return word(edgeWords, int(e)) }

func word(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return "?"
}

// AreaInfo describes one territory or sea.
type AreaInfo struct {
	ID      string   // the data's id: "venic", "UA"
	Italian string   // "Venezia", "Alto Adriatico"
	English string   // the board's name: "Venice", "Upper Adriatic"
	Aliases []string // more names a player may use: "Cagliari" for Sardegna
	Sea     bool

	// A territory's city, its printed major-city value (0 for none) and
	// colour; zero for a sea.
	City   City
	Value  int
	Colour Colour

	// Neighbours are the areas of the same kind next to it: a territory's
	// land neighbours (by border, bridge or strait: Board.LandEdge says
	// which), a sea's neighbouring seas. Coast relates the two kinds: the
	// seas that bathe a territory, the territories a sea bathes. Port too:
	// the seas a territory's port opens on (none: no port), the ports
	// that open on a sea. Each list is sorted; every relation is listed
	// from both of its ends.
	Neighbours []Area
	Coast      []Area
	Port       []Area
}

// HasPort reports whether a territory has a port.
func (i *AreaInfo) HasPort() bool { return !i.Sea && len(i.Port) > 0 }

// Tax is what a territory yields in a year when its controller may tax it:
// 1 for the territory, 1 for a city of any symbol, 1 for a port, and the
// printed major-city value (Le Guerre d'Italia §5: "Venezia paga 6 ducati:
// 1 perché provincia, 1 perché città, 1 perché porto, 3 aggiuntivi"). 0 for
// a sea.
func (i *AreaInfo) Tax() int {
	if i.Sea {
		return 0
	}
	tax := 1 + i.Value
	if i.City != NoCity {
		tax++
	}
	if i.HasPort() {
		tax++
	}
	return tax
}

// Merge is a ruling that plays two seas of the board as one: Sea is
// played as part of Into.
type Merge struct{ Sea, Into Area }

// Board is a complete Machiavelli-family board. Boards are shared: callers
// must not modify one.
type Board struct {
	Name string
	// Areas are the territories sorted by id, then the seas sorted by id:
	// Areas[:Territories] are the territories.
	Areas       []AreaInfo
	Territories int
	// Merges are the board's rulings that merge seas; the board itself
	// keeps every sea, Merged plays them merged.
	Merges []Merge

	merged *Board           // the board Merged returns
	edges  map[[2]Area]Edge // land edges, the lower area first
	names  map[string]Area  // every folded name
	keys   []string         // the folded names, sorted, for Prefix
}

// ByID returns the area whose id is exactly id, or NoArea. Data files
// (scenarios, saved positions) name areas by id.
func (b *Board) ByID(id string) Area {
	for i := range b.Areas {
		if b.Areas[i].ID == id {
			return Area(i)
		}
	}
	return NoArea
}

// Lookup returns the area a player's name stands for: its id, Italian or
// English name or an alias, in any case, accents optional, with any run of
// spaces, hyphens, apostrophes or dots read as one space ("Mar Tirreno
// Orientale", "mar-tirreno orientale", "ETS", "Sardégna"). A name stands
// for one area only.
func (b *Board) Lookup(name string) (Area, bool) {
	a, ok := b.names[fold(name)]
	return a, ok
}

// Prefix returns the areas with a name that starts with prefix, read as
// Lookup reads names, in order and each once: the operation sheet accepts
// a prefix that names one area. An empty prefix names nothing.
func (b *Board) Prefix(prefix string) []Area {
	p := fold(prefix)
	if p == "" {
		return nil
	}
	var out []Area
	i, _ := slices.BinarySearch(b.keys, p)
	for ; i < len(b.keys) && strings.HasPrefix(b.keys[i], p); i++ {
		if a := b.names[b.keys[i]]; !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	slices.Sort(out)
	return out
}

// LandEdge returns how territories a and c are joined for a land move,
// NoEdge where they are not (or either is a sea).
func (b *Board) LandEdge(a, c Area) Edge { return b.edges[pair(a, c)] }

// Adjacent reports whether a and c are next to each other: two
// territories joined by a land edge of any kind, two neighbouring seas, or
// a territory and a sea that bathes it.
func (b *Board) Adjacent(a, c Area) bool {
	if int(a) >= len(b.Areas) || int(c) >= len(b.Areas) {
		return false
	}
	if b.Areas[a].Sea != b.Areas[c].Sea {
		return slices.Contains(b.Areas[a].Coast, c)
	}
	return slices.Contains(b.Areas[a].Neighbours, c)
}
