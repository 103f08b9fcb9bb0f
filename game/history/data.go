package history

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// Data is the board, the cards and the score table of the group's own
// copy of the game, as the moderator's data file gives them (the
// rulebook has the rules, not the components: see the package doc for
// the file's lines).
type Data struct {
	Areas   []Area            `json:"areas"`
	Lands   map[string]*Land  `json:"lands"`
	Seas    map[string]*Sea   `json:"seas"`
	Borders []Border          `json:"borders"`
	Empires []Empire          `json:"empires"`
	Events  map[string]*Event `json:"events"`
	// Score is each area's base value per epoch (index 0 = epoch I).
	Score map[string][]int `json:"score"`
	// Preeminence are the eight markers' values.
	Preeminence []int `json:"preeminence"`
	// Placeholders counts the lines marked placeholder: the data is not
	// yet the group's own copy.
	Placeholders int `json:"placeholders,omitempty"`
}

// Area is one of the 13 areas scored.
type Area struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Land is a land of the board.
type Land struct {
	Area     string   `json:"area,omitempty"`
	Terrain  string   `json:"terrain,omitempty"` // forest, mountain
	Barren   bool     `json:"barren,omitempty"`
	Resource bool     `json:"resource,omitempty"`
	Coast    []string `json:"coast,omitempty"`
	// At places the land on the schematic board picture: x, y in the data
	// file's units (0-1000); none for a file that draws no picture.
	At []float32 `json:"at,omitempty"`
}

// Sea is a sea or an ocean; Links are the seas a fleet in it reaches.
type Sea struct {
	Ocean bool     `json:"ocean,omitempty"`
	Links []string `json:"links,omitempty"`
}

// Border joins two lands; Kind is "", "strait" or "wall".
type Border struct {
	A, B string
	Kind string `json:"kind,omitempty"`
}

// Empire is an empire card.
type Empire struct {
	ID       string   `json:"id"`
	Epoch    int      `json:"epoch"`
	Order    int      `json:"order"`
	Strength int      `json:"strength"`
	Start    string   `json:"start"`
	Capital  bool     `json:"capital,omitempty"`
	Seas     []string `json:"seas,omitempty"`
}

// Event is an event card. Effect is in the engine's small vocabulary
// (coins:N, leader, weapons); "" leaves the card to the moderator.
type Event struct {
	Greater bool   `json:"greater,omitempty"`
	Name    string `json:"name"`
	From    int    `json:"from,omitempty"`
	To      int    `json:"to,omitempty"`
	Effect  string `json:"effect,omitempty"`
}

// Epochs is the game's length.
const Epochs = 7

// figures are each colour's figures per epoch (Cap. I "Contenuto"): no
// empire is stronger.
var figures = [Epochs]int{5, 12, 20, 15, 18, 14, 16}

// dataUsage lists the lines of a data file, for refusals.
var dataLines = map[string]string{
	"AREA":        "AREA <id> <name>",
	"LAND":        "LAND <id> <area|-> [forest|mountain] [barren] [resource] [coast=<sea>,...] [at=<x>,<y>]",
	"BORDER":      "BORDER <land> <land> [strait|wall]",
	"SEA":         "SEA <id> [ocean]",
	"LINK":        "LINK <sea> <sea>",
	"EMPIRE":      "EMPIRE <epoch 1-7> <order> <id> <strength> <start land> [capital] [seas=<sea>,...]",
	"EVENT":       "EVENT <id> greater|lesser <name> [epochs=<from>-<to>] [effect=coins:<n>|leader|weapons]",
	"SCORE":       "SCORE <area> <7 values, epochs I to VII>",
	"PREEMINENCE": "PREEMINENCE <8 values>",
}

// ParseData reads a data file; the refusals say the line and what was
// expected, every one found (up to ten).
func ParseData(text string) (*Data, []table.Msg) {
	d := &Data{Lands: map[string]*Land{}, Seas: map[string]*Sea{}, Events: map[string]*Event{}, Score: map[string][]int{}}
	var refusals table.DataRefusals
	bad := refusals.Line
	lineOf := map[string]int{}
	var links [][3]string // what, name, line
	var seaLinks [][2]string
	lines, placeholders := table.ReadData(text)
	d.Placeholders = placeholders
	for _, line := range lines {
		n, key, opts, words := line.N, line.Key, line.Opts, line.Words
		usage, known := dataLines[key]
		if !known {
			bad(n, "%s is no line of a data file: expected AREA, LAND, BORDER, SEA, LINK, EMPIRE, EVENT, SCORE or PREEMINENCE", key)
			continue
		}
		id := ""
		if len(words) > 0 {
			id = strings.ToLower(words[0])
		}
		dup := func(kind string) bool {
			if _, seen := lineOf[kind+" "+id]; seen {
				bad(n, "%s %s is given twice (first on line %s)", kind, id, lineOf[kind+" "+id])
				return true
			}
			lineOf[kind+" "+id] = n
			return false
		}
		switch key {
		case "AREA":
			if len(words) < 2 {
				bad(n, "expected %s", usage)
			} else if !dup("area") {
				d.Areas = append(d.Areas, Area{ID: id, Name: strings.Join(words[1:], " ")})
			}
		case "LAND":
			if len(words) < 2 {
				bad(n, "expected %s", usage)
				continue
			}
			if dup("land") {
				continue
			}
			l := &Land{Coast: lowerList(opts["coast"])}
			if at := opts["at"]; at != "" {
				var x, y float32
				if _, err := fmt.Sscanf(at, "%g,%g", &x, &y); err != nil || x < 0 || y < 0 || x > 1000 || y > 1000 {
					bad(n, "at=%s: expected at=<x>,<y>, two numbers from 0 to 1000", at)
				} else {
					l.At = []float32{x, y}
				}
			}
			if a := strings.ToLower(words[1]); a != "-" {
				l.Area = a
			}
			for _, w := range words[2:] {
				switch w = strings.ToLower(w); w {
				case "forest", "mountain":
					l.Terrain = w
				case "barren":
					l.Barren = true
				case "resource":
					l.Resource = true
				default:
					bad(n, "%s: expected %s", w, usage)
				}
			}
			if l.Area == "" && !l.Barren {
				bad(n, "land %s: a land outside every area must be barren", id)
			}
			d.Lands[id] = l
		case "BORDER":
			if len(words) < 2 || len(words) > 3 {
				bad(n, "expected %s", usage)
				continue
			}
			b := Border{A: id, B: strings.ToLower(words[1])}
			if len(words) == 3 {
				b.Kind = strings.ToLower(words[2])
				if b.Kind != "strait" && b.Kind != "wall" {
					bad(n, "%s: expected %s", words[2], usage)
				}
			}
			d.Borders = append(d.Borders, b)
			links = append(links, [3]string{"land", b.A, strconv.Itoa(n)}, [3]string{"land", b.B, strconv.Itoa(n)})
		case "SEA":
			if len(words) < 1 || len(words) > 2 || len(words) == 2 && !strings.EqualFold(words[1], "ocean") {
				bad(n, "expected %s", usage)
			} else if !dup("sea") {
				d.Seas[id] = &Sea{Ocean: len(words) == 2}
			}
		case "LINK":
			if len(words) != 2 {
				bad(n, "expected %s", usage)
				continue
			}
			b := strings.ToLower(words[1])
			links = append(links, [3]string{"sea", id, strconv.Itoa(n)}, [3]string{"sea", b, strconv.Itoa(n)})
			seaLinks = append(seaLinks, [2]string{id, b})
		case "EMPIRE":
			if len(words) < 5 {
				bad(n, "expected %s", usage)
				continue
			}
			ep, e1 := strconv.Atoi(words[0])
			ord, e2 := strconv.Atoi(words[1])
			str, e3 := strconv.Atoi(words[3])
			if e1 != nil || e2 != nil || e3 != nil || ep < 1 || ep > Epochs || str < 1 {
				bad(n, "expected %s (numbers: an epoch 1-7, an order, a strength)", usage)
				continue
			}
			if str > figures[ep-1] {
				bad(n, "strength %s: a colour has %s figures for epoch %s", str, figures[ep-1], ep)
			}
			id = strings.ToLower(words[2])
			if dup("empire") {
				continue
			}
			e := Empire{ID: id, Epoch: ep, Order: ord, Strength: str, Start: strings.ToLower(words[4]), Seas: lowerList(opts["seas"])}
			for _, w := range words[5:] {
				if !strings.EqualFold(w, "capital") {
					bad(n, "%s: expected %s", w, usage)
				}
				e.Capital = true
			}
			d.Empires = append(d.Empires, e)
			links = append(links, [3]string{"land", e.Start, strconv.Itoa(n)})
			for _, s := range e.Seas {
				links = append(links, [3]string{"sea", s, strconv.Itoa(n)})
			}
		case "EVENT":
			if len(words) < 3 || !slices.Contains([]string{"greater", "lesser"}, strings.ToLower(words[1])) {
				bad(n, "expected %s", usage)
				continue
			}
			id = strings.ToUpper(words[0])
			if dup("event") {
				continue
			}
			ev := &Event{Greater: strings.EqualFold(words[1], "greater"), Name: strings.Join(words[2:], " "), From: 1, To: Epochs, Effect: strings.ToLower(opts["effect"])}
			if r := opts["epochs"]; r != "" {
				a, b, _ := strings.Cut(r, "-")
				x, e1 := strconv.Atoi(a)
				y, e2 := strconv.Atoi(b)
				if e1 != nil || e2 != nil || x < 1 || y > Epochs || x > y {
					bad(n, "epochs=%s: expected epochs=<from>-<to>, 1 to 7", r)
				}
				ev.From, ev.To = x, y
			}
			if _, ok := effect(ev.Effect); !ok {
				bad(n, "effect=%s: expected coins:<n>, leader or weapons (or no effect, for the moderator)", ev.Effect)
			}
			d.Events[id] = ev
		case "SCORE":
			var vs []int
			for _, w := range words[1:] {
				v, err := strconv.Atoi(w)
				if err != nil || v < 0 {
					break
				}
				vs = append(vs, v)
			}
			if len(words) != 1+Epochs || len(vs) != Epochs {
				bad(n, "expected %s", usage)
			} else if !dup("score") {
				d.Score[id] = vs
			}
		case "PREEMINENCE":
			for _, w := range words {
				if v, err := strconv.Atoi(w); err == nil && v > 0 {
					d.Preeminence = append(d.Preeminence, v)
				}
			}
			if len(d.Preeminence) != 8 || len(words) != 8 {
				bad(n, "expected %s", usage)
			}
		}
	}
	// References are checked once every name is known: a line may name
	// what a later line gives.
	for _, l := range links {
		n, _ := strconv.Atoi(l[2])
		if l[0] == "land" && d.Lands[l[1]] == nil {
			bad(n, "there is no land %s: expected one given by a LAND line", l[1])
		}
		if l[0] == "sea" && d.Seas[l[1]] == nil {
			bad(n, "there is no sea %s: expected one given by a SEA line", l[1])
		}
	}
	for _, sl := range seaLinks {
		if a, b := d.Seas[sl[0]], d.Seas[sl[1]]; a != nil && b != nil {
			a.Links = append(a.Links, sl[1])
			b.Links = append(b.Links, sl[0])
		}
	}
	for _, id := range slices.Sorted(maps.Keys(d.Lands)) {
		l := d.Lands[id]
		if l.Area != "" && !slices.ContainsFunc(d.Areas, func(a Area) bool { return a.ID == l.Area }) {
			bad(lineOf["land "+id], "land %s: there is no area %s", id, l.Area)
		}
		for _, s := range l.Coast {
			if d.Seas[s] == nil {
				bad(lineOf["land "+id], "land %s: there is no sea %s", id, s)
			}
		}
	}
	for _, e := range d.Empires {
		if l := d.Lands[e.Start]; l != nil && l.Barren {
			bad(lineOf["empire "+e.ID], "empire %s starts in %s, a barren land", e.ID, e.Start)
		}
	}
	for _, a := range d.Areas {
		if d.Score[a.ID] == nil {
			bad(lineOf["area "+a.ID], "area %s has no SCORE line", a.ID)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(d.Score)) {
		if !slices.ContainsFunc(d.Areas, func(a Area) bool { return a.ID == id }) {
			bad(lineOf["score "+id], "SCORE %s: there is no area %s", id, id)
		}
	}
	if len(d.Preeminence) != 8 {
		bad(0, "expected %s", dataLines["PREEMINENCE"])
	}
	slices.SortStableFunc(d.Empires, func(a, b Empire) int { return (a.Epoch*100 + a.Order) - (b.Epoch*100 + b.Order) })
	return d, refusals.Msgs()
}

// Fit says what the data lacks for a game of players: enough empires in
// each epoch, and event cards to deal.
func (d *Data) Fit(players int) []table.Msg {
	var errs []table.Msg
	for ep := 1; ep <= Epochs; ep++ {
		if n := len(d.epoch(ep)); n < players {
			errs = append(errs, table.M("epoch %s has %s empires: %s players need as many", ep, n, players))
		}
	}
	var greater, lesser int
	for _, e := range d.Events {
		if e.Greater {
			greater++
		} else {
			lesser++
		}
	}
	if greater < 3*players || lesser < 7*players {
		errs = append(errs, table.M("%s greater and %s lesser events: %s players are dealt 3 and 7 each", greater, lesser, players))
	}
	return errs
}

// epoch is the empire cards of an epoch, in their order.
func (d *Data) epoch(ep int) []Empire {
	var out []Empire
	for _, e := range d.Empires {
		if e.Epoch == ep {
			out = append(out, e)
		}
	}
	return out
}

func (d *Data) empire(id string) Empire {
	i := slices.IndexFunc(d.Empires, func(e Empire) bool { return e.ID == id })
	if i < 0 {
		return Empire{}
	}
	return d.Empires[i]
}

// border is the kind of border between two lands, false when they do
// not touch.
func (d *Data) border(a, b string) (string, bool) {
	for _, x := range d.Borders {
		if x.A == a && x.B == b || x.A == b && x.B == a {
			return x.Kind, true
		}
	}
	return "", false
}

func lowerList(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, w := range strings.Split(strings.ToLower(s), ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// effect reads an event's effect: the coins it gives, or -1 for leader,
// -2 for weapons, 0 for none; false for an effect the engine does not
// know.
func effect(e string) (int, bool) {
	switch {
	case e == "":
		return 0, true
	case e == "leader":
		return -1, true
	case e == "weapons":
		return -2, true
	case strings.HasPrefix(e, "coins:"):
		n, err := strconv.Atoi(strings.TrimPrefix(e, "coins:"))
		return n, err == nil && n > 0
	}
	return 0, false
}
