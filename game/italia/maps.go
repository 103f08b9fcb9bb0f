package italia

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/render"
	"github.com/corriere/corriere/variants/machiavelli"
)

// This file draws a phase's results as a map (game.Mapper): the position
// the phase led to, with its orders and their outcomes, for one reader.
// The record keeps what the map needs (mapRecord), since the judge hands
// Map the record alone; render draws what it is given, so hiding is done
// here: a player sees his own counters' kinds and elements, and his own
// orders, and of the others what spec §3.22 makes public (control,
// markers, sieges, counters as "<power> #k", fleets, moves as resolved);
// the arbiter sees everything.

var _ game.Mapper = (*Rules)(nil)

// mapRecord is what a phase's map draws, kept in its record.
type mapRecord struct {
	// Position is the position the phase led to.
	Position *Position  `json:"position"`
	Orders   []mapOrder `json:"orders,omitempty"`
	// Battles are the territories where a battle was fought.
	Battles []string `json:"battles,omitempty"`
}

// mapOrder is one sign of an order on the map, as render.BoardOrder draws
// it, with who may see it.
type mapOrder struct {
	Power string           `json:"power"`
	Kind  render.OrderKind `json:"kind"`
	From  string           `json:"from"`
	To    []string         `json:"to,omitempty"`
	// Failed marks an order that did not come about; the rest succeeded.
	Failed bool   `json:"failed,omitempty"`
	Text   string `json:"text"`
	// Seen says who sees it beside the arbiter: its power alone (""),
	// everyone ("all"), or everyone but its power ("others": the public
	// face of a move whose power sees it whole).
	Seen string `json:"seen,omitempty"`
}

// seenBy reports whether the reader to sees o.
func (o mapOrder) seenBy(to game.Viewer) bool {
	own := owns(to, o.Power)
	switch o.Seen {
	case "all":
		return true
	case "others":
		return !own
	}
	return own
}

// mapOrders are the signs of every power's orders kept this phase, with
// their outcomes in next: a counter's move came about if it stands at
// its end, a hold or support if it stands where it was to.
func (rs *resolution) mapOrders(next *Position) []mapOrder {
	b := rs.s.r.board
	id := func(a machiavelli.Area) string { return b.Areas[a].ID }
	// counterAt is where a counter ended: where it stands, or where it
	// joined another (seed §7); "" for one lost.
	counterAt := func(power string, n int) string {
		if p := next.power(power); p != nil {
			if ct := p.counter(n); ct != nil {
				return ct.At
			}
		}
		return rs.joined[counterKey{power, n}]
	}
	// bound is where a counter was to be: a standard move's end (public
	// once tried, spec §3.22), else where it started; a support is drawn
	// to it, to the fight it was for.
	bound := func(power string, n int) string {
		c := rs.sheets[power]
		if c == nil {
			return ""
		}
		if o := c.sheet[fmt.Sprintf("#%d", n)]; o != nil && o.verb == vMove {
			return id(o.area("t"))
		}
		if a := c.where(n); a != machiavelli.NoArea {
			return id(a)
		}
		return ""
	}
	fleetAt := func(power string, n int) string {
		if p := next.power(power); p != nil {
			if fl := p.fleet(n); fl != nil {
				return fl.At
			}
		}
		return ""
	}
	var out []mapOrder
	for _, p := range rs.s.pos.Powers {
		c := rs.sheets[p.ID]
		add := func(o mapOrder) {
			o.Power = p.ID
			out = append(out, o)
		}
		// mods draws a counter's suffixes where it ends (at): a siege,
		// and a support to where the supported counter ends.
		mods := func(text string, m moves, at string, there bool) bool {
			drawn := false
			if m.set&modBesiege != 0 {
				taken := next.Control[at] == p.ID
				going := slices.ContainsFunc(next.Sieges, func(s Siege) bool { return s.At == at && s.Power == p.ID })
				add(mapOrder{Kind: render.OrderSiege, From: at, Failed: !there || !(taken || going), Text: text})
				drawn = true
			}
			if m.set&modSupport != 0 {
				end := cmp.Or(bound(cmp.Or(m.power, p.ID), m.counter), at)
				add(mapOrder{Kind: render.OrderSupport, From: at, To: []string{end}, Failed: !there, Text: text})
				drawn = true
			}
			return drawn
		}
		for _, key := range c.keys {
			o := c.sheet[key]
			text := rs.s.r.reader().format(o)
			switch o.verb {
			case vMove, vHold, vIntoCity, vStrategic:
				k := o.num("k")
				if c.where(k) == machiavelli.NoArea {
					continue
				}
				from, end := id(c.where(k)), counterAt(p.ID, k)
				switch o.verb {
				case vMove:
					// The move is public, its suffixes are not: they
					// are drawn apart, for its power.
					to := id(o.area("t"))
					moved := fmt.Sprintf("#%d - %s", k, b.Areas[o.area("t")].Italian)
					add(mapOrder{Kind: render.OrderMove, From: from, To: []string{to}, Failed: end != to, Text: moved, Seen: "all"})
					mods(text, o.mods(), to, end == to)
				case vStrategic:
					var path []string
					for _, a := range o.areas("tpath") {
						path = append(path, id(a))
					}
					add(mapOrder{Kind: render.OrderStrategic, From: from, To: path, Failed: end != path[len(path)-1], Text: text})
					// Everyone else sees the move as resolved: as far as
					// it went (spec §3.22), not where it was bound.
					if i := slices.Index(path, end); i >= 0 {
						add(mapOrder{Kind: render.OrderStrategic, From: from, To: path[:i+1], Text: fmt.Sprintf("#%d STRATEGICO %s", k, strings.Join(names(b, path[:i+1]), "-")), Seen: "others"})
					}
					mods(text, o.mods(), path[len(path)-1], end == path[len(path)-1])
				default:
					// A ring where a counter held; one driven off is
					// drawn no ring, which would circle its enemy.
					if !mods(text, o.mods(), from, end == from) && end == from {
						add(mapOrder{Kind: render.OrderHold, From: from, Text: text})
					}
				}
			case vFleetMove, vTransport, vAssault, vFleetSupport, vFleetHold:
				n := o.num("f")
				if c.sea(n) == machiavelli.NoArea {
					continue
				}
				from, end := id(c.sea(n)), fleetAt(p.ID, n)
				var path []string
				for _, a := range o.areas("spath") {
					path = append(path, id(a))
				}
				if len(path) > 0 {
					sailed := fmt.Sprintf("F%d - %s", n, strings.Join(names(b, path), " - "))
					add(mapOrder{Kind: render.OrderMove, From: from, To: path, Failed: end != path[len(path)-1], Text: sailed, Seen: "all"})
				}
				switch o.verb {
				case vTransport, vAssault:
					j := o.num("j")
					port, land := id(o.area("t")), id(o.area("t2"))
					landed := counterAt(p.ID, j) == land
					// A landing is public; one that never left the port
					// is its power's own business.
					seen := ""
					if landed {
						seen = "all"
					}
					add(mapOrder{Kind: render.OrderTransport, From: port, To: []string{cmp.Or(end, from), land}, Failed: !landed, Text: text, Seen: seen})
				case vFleetSupport:
					end := cmp.Or(bound(p.ID, o.num("j")), from)
					add(mapOrder{Kind: render.OrderSupport, From: from, To: []string{end}, Text: text})
				case vFleetHold:
					add(mapOrder{Kind: render.OrderHold, From: from, Text: text})
				}
			}
		}
	}
	return out
}

// names are the Italian names of the areas with ids.
func names(b *machiavelli.Board, ids []string) []string {
	var out []string
	for _, a := range ids {
		out = append(out, b.Areas[b.ByID(a)].Italian)
	}
	return out
}

// Map draws the results of a phase for reader to (game.Mapper): the
// position the phase led to, with the orders the reader may see and
// their outcomes, titled with the game's name and the phase. A record
// written before the maps were kept draws nothing.
func (r *Rules) Map(data []byte, to game.Viewer, title string, at time.Time) ([]byte, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("phase record: %w", err)
	}
	if rec.Map == nil || rec.Map.Position == nil {
		return nil, nil
	}
	bm, err := render.NewBoardMap(r.board)
	if err != nil {
		return nil, err
	}
	ph, err := ParsePhase(rec.Phase)
	if err != nil {
		return nil, fmt.Errorf("phase record: %w", err)
	}
	bp := r.boardPosition(rec.Map, to)
	bp.Title = "Le Guerre d'Italia · " + title + " · " + ph.Title(game.Italian)
	bp.Subtitle = copyOf(to)
	bp.Date = at
	var buf bytes.Buffer
	if err := bm.PNG(&buf, bp); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// copyOf says whose copy a map is, in both languages, as the title band
// writes it.
func copyOf(to game.Viewer) string {
	switch {
	case to.Master:
		return "copia dell'arbitro · arbiter's copy"
	case len(to.Seats) == 0:
		return "copia pubblica · public copy"
	}
	var it, en []string
	for _, s := range to.Seats {
		it, en = append(it, powerName(game.Italian, s)), append(en, powerName(game.English, s))
	}
	return "copia di " + strings.Join(it, ", ") + " · " + strings.Join(en, ", ") + "'s copy"
}

// boardPosition is what reader to may see of a phase's map.
func (r *Rules) boardPosition(m *mapRecord, to game.Viewer) *render.BoardPosition {
	pos := m.Position
	bp := &render.BoardPosition{Control: map[string]string{}}
	for _, p := range powers {
		bp.Powers = append(bp.Powers, render.BoardPower{ID: p.ID, Name: p.Italian})
	}
	// Every territory has a garrison: its power's, or an independent one
	// (seed §4).
	for i := range r.board.Territories {
		id := r.board.Areas[i].ID
		bp.Control[id] = pos.Control[id]
	}
	for _, s := range pos.Sieges {
		bp.Sieges = append(bp.Sieges, render.BoardSiege{Area: s.At, Power: s.Power, Turns: s.Turns})
	}
	for _, list := range []struct {
		ids  []string
		kind render.MarkerKind
	}{{pos.Famine, render.MarkerFamine}, {revoltAreas(pos.Revolts), render.MarkerRevolt}, {pos.Sack, render.MarkerSack}, {m.Battles, render.MarkerBattle}} {
		for _, id := range list.ids {
			bp.Markers = append(bp.Markers, render.BoardMarker{Area: id, Kind: list.kind})
		}
	}
	for _, p := range pos.Powers {
		for _, ct := range p.Counters {
			bc := render.BoardCounter{Power: p.ID, Area: ct.At, Label: fmt.Sprint(ct.N), InCity: ct.InCity}
			// Another power's counter is "<power> #k" (spec §3.22, R57):
			// neither its kind nor its elements.
			if owns(to, p.ID) {
				bc.Kind = map[CounterKind]render.CounterKind{Army: render.CounterArmy, Contingent: render.CounterContingent, Dummy: render.CounterDummy}[ct.Kind]
				if ct.Kind != Dummy {
					bc.Detail = compact(ct.Elements)
				}
			}
			bp.Counters = append(bp.Counters, bc)
		}
		for _, fl := range p.Fleets {
			bp.Counters = append(bp.Counters, render.BoardCounter{Power: p.ID, Kind: render.CounterFleet, Area: fl.At, Label: fmt.Sprintf("F%d", fl.N)})
		}
	}
	for _, o := range m.Orders {
		if !o.seenBy(to) {
			continue
		}
		outcome := render.OutcomeSucceeded
		if o.Failed {
			outcome = render.OutcomeFailed
		}
		bp.Orders = append(bp.Orders, render.BoardOrder{Power: o.Power, Kind: o.Kind, From: o.From, To: o.To, Outcome: outcome, Text: o.Text})
	}
	return bp
}

// revoltAreas are the territories of revolts.
func revoltAreas(rv []Revolt) []string {
	var out []string
	for _, r := range rv {
		out = append(out, r.At)
	}
	return out
}

// compact writes elements small, for a counter on the map: "CINC 3GD 8PK".
func compact(es Elements) string {
	parts := strings.Split(es.String(), ", ")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.TrimPrefix(p, "1 "), " ", "")
	}
	return strings.Join(parts, " ")
}
