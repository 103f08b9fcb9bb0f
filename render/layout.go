package render

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants"
)

// mapTop is where the map starts, below the title band.
const mapTop = titleHeight

// legendTop is where the legend starts, below the map.
func (d *drawing) legendTop() float32 { return mapTop + float32(d.m.Height) }

// powerColour is the colour of power p of v.
func powerColour(v *variants.Variant, p variants.Power) color.RGBA {
	if c := v.Powers[p].Colour; c.A != 0 {
		return c
	}
	return spareColours[int(p)%len(spareColours)]
}

// abbrev is the name written on the map: land in title case ("Lon",
// "StP"), seas in capitals ("NTH"), as on the boxed game's board.
func abbrev(v *variants.Variant, l variants.Loc) string {
	id := v.Locs[l].ID
	if v.Locs[l].Terrain == variants.Sea {
		return strings.ToUpper(id)
	}
	if id == "stp" {
		return "StP"
	}
	return strings.ToUpper(id[:1]) + id[1:]
}

// baseGroups draws what every picture of the variant shares, and notes in
// d the provinces' outlines and the centres' places.
func baseGroups(v *variants.Variant, d *drawing) []group {
	m := d.m
	w, mh := float32(m.Width), float32(m.Height)
	var gs []group
	gs = append(gs, group{class: "background", shapes: []shape{
		fillPoly(colSea, rect(0, mapTop, w, mh)),
		fillPoly(colBand, rect(0, 0, w, titleHeight)),
		fillPoly(colPaper, rect(0, d.legendTop(), w, legendHeight)),
	}})
	ol := outline{m, mapTop}
	for i := range m.Regions {
		r := &m.Regions[i]
		paths := ol.region(r)
		c := colLand
		switch r.Kind {
		case mapdata.Sea:
			c = colSea
		case mapdata.Impassable:
			c = colImpassable
		}
		if p := v.PowerByID(r.Home); p != variants.NoPower {
			pc := powerColour(v, p)
			c = mix(colLand, pc, tint(pc))
		}
		g := group{class: "province", shapes: []shape{fillPoly(c, paths...)}}
		if r.Kind == mapdata.Impassable {
			g.shapes = append(g.shapes, hatching(paths))
		}
		if r.ID != "" {
			d.outlines[v.Loc(r.ID)] = paths
			g.attrs = []attr{{"id", r.ID}}
			if r.Home != "" {
				g.attrs = append(g.attrs, attr{"home", r.Home})
			}
			g.title = v.Locs[v.Loc(r.ID)].Name
		} else {
			g.class = "impassable"
		}
		gs = append(gs, g)
	}
	// Borders: coasts strongest, then land borders, sea borders faint.
	coast, land, sea := ol.borders(nil)
	gs = append(gs, group{class: "borders", shapes: []shape{
		strokeLines(colSeaBorder, 1, sea...),
		strokeLines(colBorder, 1, land...),
		strokeLines(colCoast, 1.3, coast...),
	}})
	// Names, with the supply centre's place beside them (its dot is drawn
	// per position).
	var names []shape
	for l := range v.Locs {
		info := &v.Locs[l]
		if info.Province != variants.Loc(l) {
			continue
		}
		p := d.places[info.ID]
		at := p.Label
		s := abbrev(v, variants.Loc(l))
		st, size, c, halo := bold, float32(labelSize), colLandText, mix(colLand, colPaper, 0.5)
		if info.Terrain == variants.Sea {
			st, size, c, halo = italic, seaLabelSize, colSeaText, mix(colSea, colPaper, 0.4)
		}
		x := at.X
		if info.SupplyCenter {
			x += (centreRadius*2 + 3) / 2
			d.centres[variants.Loc(l)] = d.centreSpot(v, variants.Loc(l))
		}
		names = append(names, label(pt{x, at.Y + mapTop}, s, size, st, c, halo, anchorMiddle))
	}
	gs = append(gs, group{class: "names", shapes: names})
	gs = append(gs, legendSymbols(v, d)...)
	return gs
}

const centreRadius = 5.2

// centreSpot is where the dot of the supply centre in province l goes: to
// the left of its name.
func (d *drawing) centreSpot(v *variants.Variant, l variants.Loc) pt {
	p := d.places[v.Locs[l].ID]
	wd := textWidth(abbrev(v, l), bold, labelSize)
	total := centreRadius*2 + 3 + wd
	return pt{p.Label.X - total/2 + centreRadius, p.Label.Y + mapTop - labelSize*0.33}
}

// spot is where a unit at l stands.
func (d *drawing) spot(v *variants.Variant, l variants.Loc) pt {
	p := d.places[v.Locs[l].ID].Unit
	return pt{p.X, p.Y + mapTop}
}

// hatching shades land no unit may enter: impassable land, closed
// provinces.
func hatching(paths [][]pt) shape {
	return strokeLines(colHatch, 1, hatch(paths, 6)...)
}

func rect(x, y, w, h float32) []pt {
	return []pt{{x, y}, {x, y + h}, {x + w, y + h}, {x + w, y}}
}

// scene lays out one picture: the base, then centres, orders, units,
// dislodged units, title and legend counts.
func (d *drawing) scene(v *variants.Variant, pos *adjudicator.Position, opts Options) *scene {
	sc := &scene{}
	// Closed provinces (a neutral country) are hatched like impassable land.
	pos.Closed.Each(func(l variants.Loc) {
		if paths := d.outlines[l]; paths != nil {
			sc.groups = append(sc.groups, group{class: "closed", attrs: []attr{{"loc", v.Locs[l].ID}},
				title: v.Locs[l].Name + ": neutral, no unit may enter", shapes: []shape{hatching(paths)}})
		}
	})
	for l, owner := range pos.Centers {
		if !v.Locs[l].SupplyCenter || v.Locs[l].Province != variants.Loc(l) {
			continue
		}
		g := group{class: "centre", attrs: []attr{{"loc", v.Locs[l].ID}}}
		at := d.centres[variants.Loc(l)]
		if owner == variants.NoPower {
			g.attrs = append(g.attrs, attr{"owner", "neutral"})
			g.title = v.Locs[l].Name + ": neutral supply centre"
			g.shapes = atPlace(disc(at, centreRadius, colPaper, colInk, 1.4))
		} else {
			g.attrs = append(g.attrs, attr{"owner", v.Powers[owner].ID})
			g.title = v.Locs[l].Name + ": supply centre of " + v.Powers[owner].Name
			g.shapes = atPlace(disc(at, centreRadius, powerColour(v, owner), colInk, 1.4))
		}
		sc.groups = append(sc.groups, g)
	}
	if opts.Last != nil {
		sc.groups = append(sc.groups, d.orders(v, opts.Last)...)
	}
	for _, u := range pos.Units {
		at := d.spot(v, u.Loc)
		sc.groups = append(sc.groups, group{
			class:  "unit",
			attrs:  []attr{{"unit", v.UnitText(u)}, {"power", v.Powers[u.Power].ID}},
			title:  v.Powers[u.Power].Adjective + " " + typeName(u.Type) + " in " + v.Locs[u.Loc].Name,
			shapes: unitShapes(u.Type, at, 1, powerColour(v, u.Power), false),
		})
	}
	for _, dl := range pos.Dislodged {
		sc.groups = append(sc.groups, d.dislodged(v, dl))
	}
	sc.groups = append(sc.groups, d.title(v, pos, opts))
	sc.groups = append(sc.groups, d.counts(v, pos))
	return sc
}

func typeName(t variants.UnitType) string {
	switch t {
	case variants.Army:
		return "army"
	case variants.Fleet:
		return "fleet"
	}
	return "unit"
}

// unitShapes draws a unit: an army as a disc, a fleet as a hull with a
// sail, so that the shape says which it is; the letter says it again.
// A ghost (a unit that was removed) is pale.
func unitShapes(t variants.UnitType, at pt, scale float32, c color.RGBA, ghost bool) []shape {
	ink := colInk
	if ghost {
		c = mix(c, colPaper, 0.6)
		ink = mix(colInk, colPaper, 0.4)
	}
	letter := inkOn(c)
	if t == variants.Fleet {
		return atPlace(ship(at, scale, c, ink, letter, "F", unitTextSize*scale)...)
	}
	return atPlace(disc(at, armyRadius*scale, c, ink, unitStroke),
		label(pt{at.X, at.Y + 4.1*scale}, "A", unitTextSize*scale, bold, letter, color.RGBA{}, anchorMiddle))
}

// ship draws a fleet, a hull with a sail in colour c outlined in ink,
// with text on the hull: both maps' fleets.
func ship(at pt, scale float32, c, ink, letter color.RGBA, text string, size float32) []shape {
	hw := fleetHalfW * scale
	hull := []pt{
		{at.X - hw, at.Y - 4*scale}, {at.X + hw, at.Y - 4*scale},
		{at.X + hw*0.68, at.Y + 8*scale}, {at.X - hw*0.68, at.Y + 8*scale},
	}
	sail := []pt{{at.X - 1*scale, at.Y - 5*scale}, {at.X - 1*scale, at.Y - 14*scale}, {at.X + 7*scale, at.Y - 5*scale}}
	s := fillPoly(c, sail)
	s.stroke, s.width = ink, unitStroke*0.8
	h := fillPoly(c, hull)
	h.stroke, h.width = ink, unitStroke
	return []shape{s, h, label(pt{at.X, at.Y + 6.2*scale}, text, size, bold, letter, color.RGBA{}, anchorMiddle)}
}

// cross is an X of half-size r.
func cross(at pt, r float32, c color.RGBA, width float32) []shape {
	down, up := []pt{{at.X - r, at.Y - r}, {at.X + r, at.Y + r}}, []pt{{at.X - r, at.Y + r}, {at.X + r, at.Y - r}}
	return atPlace(strokeLines(colPaper, width+2, down, up), strokeLines(c, width, down, up))
}

// dislodged draws a dislodged unit beside its province's spot, smaller,
// ringed with a dashed line, with thin arrows to where it may retreat.
func (d *drawing) dislodged(v *variants.Variant, dl adjudicator.Dislodged) group {
	u := dl.Unit
	c := powerColour(v, u.Power)
	at := d.spot(v, u.Loc).add(dislodgedOffset)
	var opts []string
	var shapes []shape
	dl.Retreats.Each(func(l variants.Loc) {
		opts = append(opts, v.Locs[l].ID)
		to := d.spot(v, l)
		shapes = append(shapes, arrow(at, to, c, 13, armyRadius+4, 1.6, outcomeRetreatOption)...)
	})
	shapes = append(shapes, atPlace(strokeLines(colInk, 1.6, dashes(closedCircle(at, 15), 4, 3)...))...)
	shapes = append(shapes, unitShapes(u.Type, at, 0.85, c, false)...)
	title := v.Powers[u.Power].Adjective + " " + typeName(u.Type) + " dislodged from " + v.Locs[u.Loc].Name
	if len(opts) == 0 {
		title += "; no retreat possible"
		shapes = append(shapes, label(at.add(pt{0, 28}), "no retreat", 11, bold, colInk, colPaper, anchorMiddle))
	} else {
		title += "; may retreat to " + strings.Join(opts, ", ")
	}
	return group{class: "dislodged", attrs: []attr{{"unit", v.UnitText(u)}, {"power", v.Powers[u.Power].ID}, {"retreats", strings.Join(opts, " ")}}, title: title, shapes: shapes}
}

// outcome is how an order is drawn.
type outcome uint8

const (
	outcomeGiven outcome = iota // unresolved, or succeeded
	outcomeFailed
	outcomeInvalid
	outcomeRetreatOption
)

// arrow draws a move from a to b, leaving gapA and gapB free at the ends
// for the units there. Failed moves are hollow and crossed out.
func arrow(a, b pt, c color.RGBA, gapA, gapB, width float32, oc outcome) []shape {
	return pathArrow([]pt{a, b}, c, gapA, gapB, width, oc)
}

// pathArrow is arrow along a path of two points or more (a strategic
// move's stops): the head on its last leg, a failure's cross halfway.
func pathArrow(path []pt, c color.RGBA, gapA, gapB, width float32, oc outcome) []shape {
	n := len(path)
	a, b := path[0], path[n-1]
	dirA, dir := path[1].sub(a).unit(), b.sub(path[n-2]).unit()
	a = a.add(dirA.scale(gapA))
	b = b.sub(dir.scale(gapB))
	if n == 2 && b.sub(a).len() < 14 {
		// Too short for a head and a shaft: keep what is left.
		mid := lerp(a, b, 0.5)
		a, b = mid.sub(dir.scale(7)), mid.add(dir.scale(7))
	}
	hl, hw := 5+width*2.4, 3+width*1.3
	base := b.sub(dir.scale(hl))
	nn := dir.perp()
	head := []pt{b, base.add(nn.scale(hw)), base.sub(nn.scale(hw))}
	shaft := append(append([]pt{a}, path[1:n-1]...), base.add(dir.scale(1)))
	switch oc {
	case outcomeFailed, outcomeInvalid:
		if oc == outcomeInvalid {
			c = colInvalid
		}
		// Hollow: an outline in the power's colour, cased in ink so that
		// pale colours still show, with paper inside.
		casing := fillPoly(colPaper, head)
		casing.stroke, casing.width = colInk, 3.6
		h := fillPoly(colPaper, head)
		h.stroke, h.width = c, 1.8
		out := []shape{
			strokeLines(colInk, width+3.6, shaft),
			casing,
			strokeLines(c, width+1.8, shaft),
			strokeLines(colPaper, max(width-1.2, 1), shaft),
			h,
		}
		return atPlace(append(out, cross(halfway(append(shaft[:len(shaft)-1:len(shaft)-1], base)), 5.5, colFail, 2.4)...)...)
	case outcomeRetreatOption:
		out := []shape{strokeLines(colInk, width+1.6, dashes(shaft, 3, 3)...), strokeLines(c, width, dashes(shaft, 3, 3)...)}
		h := fillPoly(c, head)
		h.stroke, h.width = colInk, 0.9
		return atPlace(append(out, h)...)
	}
	h := fillPoly(c, head)
	h.stroke, h.width = colInk, 1.1
	return atPlace(strokeLines(colInk, width+2.2, shaft), strokeLines(c, width, shaft), h)
}

// halfway is the point halfway along a path.
func halfway(path []pt) pt {
	total := float32(0)
	for i := 1; i < len(path); i++ {
		total += path[i].sub(path[i-1]).len()
	}
	left := total / 2
	for i := 1; i < len(path); i++ {
		l := path[i].sub(path[i-1]).len()
		if l >= left && l > 0 {
			return lerp(path[i-1], path[i], left/l)
		}
		left -= l
	}
	return path[0]
}

// orders draws the orders of the phase just resolved.
func (d *drawing) orders(v *variants.Variant, last *Orders) []group {
	oc := func(i int) outcome {
		if last.Results == nil {
			return outcomeGiven
		}
		switch last.Results[i].Outcome {
		case adjudicator.Fails:
			return outcomeFailed
		case adjudicator.Invalid:
			return outcomeInvalid
		}
		return outcomeGiven
	}
	// Where each move's arrow runs, for the supports that point at it.
	type line struct{ a, b pt }
	moves := map[[2]variants.Loc]line{}
	gap := float32(armyRadius + 3)
	shorten := func(a, b pt) line {
		dir := b.sub(a).unit()
		return line{a.add(dir.scale(gap)), b.sub(dir.scale(gap))}
	}
	for _, o := range last.Orders {
		if o.Type == adjudicator.Move {
			moves[[2]variants.Loc{v.Province(o.Loc), v.Province(o.Target)}] = shorten(d.spot(v, o.Loc), d.spot(v, o.Target))
		}
	}
	// Convoy routes: each convoyed move's fleets in the order an army
	// would pass them, nearest first.
	routes := map[[2]variants.Loc][]variants.Loc{}
	for _, o := range last.Orders {
		if o.Type == adjudicator.Convoy && o.Dest != variants.NoLoc {
			k := [2]variants.Loc{v.Province(o.Target), v.Province(o.Dest)}
			routes[k] = append(routes[k], o.Loc)
		}
	}
	for k, fleets := range routes {
		at := d.spot(v, k[0])
		var ordered []variants.Loc
		left := append([]variants.Loc(nil), fleets...)
		for len(left) > 0 {
			best := 0
			for i, f := range left {
				if d.spot(v, f).sub(at).len() < d.spot(v, left[best]).sub(at).len() {
					best = i
				}
			}
			ordered = append(ordered, left[best])
			at = d.spot(v, left[best])
			left = slices.Delete(left, best, best+1)
		}
		routes[k] = ordered
	}

	var gs []group
	for i, o := range last.Orders {
		if o.Type == adjudicator.Waive {
			continue
		}
		c := powerColour(v, o.Power)
		text := parser.Format(v, o)
		g := group{class: "order", attrs: []attr{{"order", text}, {"power", v.Powers[o.Power].ID}}}
		res := "given"
		if last.Results != nil {
			res = last.Results[i].Outcome.String()
			g.attrs = append(g.attrs, attr{"result", res})
		}
		g.title = v.Powers[o.Power].Name + ": " + text
		if last.Results != nil {
			g.title += " (" + res
			if r := last.Results[i].Reason; r != adjudicator.NoReason && last.Results[i].Outcome != adjudicator.Succeeds {
				g.title += ": " + r.String()
			}
			g.title += ")"
		}
		from := d.spot(v, o.Loc)
		if o.Type == adjudicator.RetreatTo || o.Type == adjudicator.Disband {
			// A retreating unit was drawn beside its province, dislodged.
			from = from.add(dislodgedOffset)
		}
		switch o.Type {
		case adjudicator.Move, adjudicator.RetreatTo:
			g.shapes = arrow(from, d.spot(v, o.Target), c, gap, gap, moveWidth, oc(i))
		case adjudicator.Support:
			var to pt
			end := float32(0)
			if o.Dest == variants.NoLoc {
				to, end = d.spot(v, o.Target), armyRadius+6
			} else if mv, ok := moves[[2]variants.Loc{v.Province(o.Target), v.Province(o.Dest)}]; ok {
				to = lerp(mv.a, mv.b, 0.55)
			} else {
				to = lerp(d.spot(v, o.Target), d.spot(v, o.Dest), 0.5)
			}
			g.shapes = supportLine(from, to, gap, end, c, oc(i))
		case adjudicator.Convoy:
			if o.Dest == variants.NoLoc {
				break
			}
			k := [2]variants.Loc{v.Province(o.Target), v.Province(o.Dest)}
			route := routes[k]
			if j := slices.Index(route, o.Loc); j >= 0 {
				prev := d.spot(v, o.Target)
				if j > 0 {
					prev = d.spot(v, route[j-1])
				}
				legs := [][]pt{{prev, from}}
				if j == len(route)-1 {
					legs = append(legs, []pt{from, d.spot(v, o.Dest)})
				}
				g.shapes = convoyDots(legs, c, oc(i))
			}
			if oc(i) != outcomeGiven {
				g.shapes = append(g.shapes, cross(from.add(pt{0, -18}), 5, colFail, 2.4)...)
			}
		case adjudicator.Hold:
			g.shapes = ring(from, 17, c, oc(i))
		case adjudicator.Build:
			g.shapes = ring(from, 17, c, oc(i))
			g.shapes = append(g.shapes, plus(from.add(pt{15, -15}), c)...)
		case adjudicator.Remove, adjudicator.Disband:
			g.shapes = append(unitShapes(o.Unit, from, 1, c, true), cross(from, 9, colInk, 2.6)...)
		}
		gs = append(gs, g)
	}
	for _, u := range last.Removed {
		at := d.spot(v, u.Loc).add(dislodgedOffset)
		gs = append(gs, group{
			class:  "removed",
			attrs:  []attr{{"unit", v.UnitText(u)}, {"power", v.Powers[u.Power].ID}},
			title:  v.Powers[u.Power].Adjective + " " + typeName(u.Type) + " in " + v.Locs[u.Loc].Name + " removed",
			shapes: append(unitShapes(u.Type, at, 0.85, powerColour(v, u.Power), true), cross(at, 8, colInk, 2.6)...),
		})
	}
	return gs
}

// supportLine is a dashed line from a supporting unit to what it
// supports, ending in a dot.
func supportLine(a, b pt, gapA, gapB float32, c color.RGBA, oc outcome) []shape {
	dir := b.sub(a).unit()
	a, b = a.add(dir.scale(gapA)), b.sub(dir.scale(gapB))
	ds := dashes([]pt{a, b}, 7, 4)
	if oc == outcomeInvalid {
		c = colInvalid
	}
	if oc != outcomeGiven {
		out := []shape{strokeLines(colInk, supportWidth+3.4, ds...), strokeLines(c, supportWidth+1.8, ds...), strokeLines(colPaper, supportWidth-0.6, ds...), disc(b, 3.4, colPaper, c, 1.6)}
		return atPlace(append(out, cross(lerp(a, b, 0.5), 5, colFail, 2.4)...)...)
	}
	return atPlace(strokeLines(colInk, supportWidth+1.8, ds...), strokeLines(c, supportWidth, ds...), disc(b, 3.4, c, colInk, 1.1))
}

// convoyDots draws a convoy's legs as a dotted path.
func convoyDots(legs [][]pt, c color.RGBA, oc outcome) []shape {
	var out []shape
	if oc == outcomeInvalid {
		c = colInvalid
	}
	for _, leg := range legs {
		dir := leg[1].sub(leg[0]).unit()
		a, b := leg[0].add(dir.scale(armyRadius+4)), leg[1].sub(dir.scale(armyRadius+4))
		for _, p := range dots([]pt{a, b}, 7) {
			if oc == outcomeGiven {
				out = append(out, disc(p, 2.5, c, colInk, 0.9))
			} else {
				out = append(out, disc(p, 2.5, colPaper, c, 1.3))
			}
		}
	}
	return atPlace(out...)
}

// ring circles a unit: a hold, a build.
func ring(at pt, r float32, c color.RGBA, oc outcome) []shape {
	p := closedCircle(at, r)
	if oc == outcomeInvalid {
		c = colInvalid
	}
	if oc != outcomeGiven {
		out := []shape{strokeLines(colInk, 5.6, p), strokeLines(c, 4.0, p), strokeLines(colPaper, 1.4, p)}
		return atPlace(append(out, cross(at.add(pt{r * 0.7, -r * 0.7}), 4.5, colFail, 2.2)...)...)
	}
	return atPlace(strokeLines(colInk, 4.4, p), strokeLines(c, 2.6, p))
}

func plus(at pt, c color.RGBA) []shape {
	h := []pt{{at.X - 5, at.Y}, {at.X + 5, at.Y}}
	vv := []pt{{at.X, at.Y - 5}, {at.X, at.Y + 5}}
	return atPlace(disc(at, 7.5, c, colInk, 1.2), strokeLines(inkOn(c), 2.2, h, vv))
}

// phaseName writes a phase as players say it: "Fall 1902 retreats".
// title writes the game, the phase and the date in the band on top.
func (d *drawing) title(v *variants.Variant, pos *adjudicator.Position, opts Options) group {
	parts := []string{}
	if opts.Game != "" {
		parts = append(parts, opts.Game)
	}
	parts = append(parts, pos.Phase.Long())
	left := strings.Join(parts, "  ·  ")
	var right []string
	if opts.Last != nil {
		if opts.Last.Results != nil {
			right = append(right, "results of "+opts.Last.Phase.Long())
		} else {
			right = append(right, "orders for "+opts.Last.Phase.Long())
		}
	}
	if !opts.Date.IsZero() {
		right = append(right, opts.Date.Format("2 January 2006"))
	}
	y := float32(titleHeight)/2 + 7
	shapes := []shape{label(pt{18, y}, left, 21, bold, colBandText, color.RGBA{}, anchorStart)}
	if len(right) > 0 {
		shapes = append(shapes, label(pt{float32(d.w) - 18, y}, strings.Join(right, "  ·  "), 16, regular, colBandText, color.RGBA{}, anchorEnd))
	}
	return group{class: "title", attrs: []attr{{"phase", pos.Phase.String()}}, shapes: shapes}
}

// counts writes each power's centres and units in the legend.
func (d *drawing) counts(v *variants.Variant, pos *adjudicator.Position) group {
	centres, units := adjudicator.Count(v, pos)
	for _, dl := range pos.Dislodged {
		units[dl.Unit.Power]++
	}
	y := d.legendTop() + 27
	texts := make([]string, len(v.Powers))
	widths := make([]float32, len(v.Powers))
	total := float32(0)
	for p := range v.Powers {
		texts[p] = fmt.Sprintf("%s  %d centres, %d units", v.Powers[p].Name, centres[p], units[p])
		widths[p] = textWidth(texts[p], regular, 14) + 26
		total += widths[p]
	}
	gapX := (float32(d.w) - 36 - total) / float32(max(len(v.Powers)-1, 1))
	x := float32(18)
	var shapes []shape
	for p := range v.Powers {
		c := powerColour(v, variants.Power(p))
		shapes = append(shapes, disc(pt{x + 8, y - 5}, 8, c, colInk, 1.2))
		shapes = append(shapes, label(pt{x + 22, y}, texts[p], 14, regular, colInk, color.RGBA{}, anchorStart))
		x += widths[p] + gapX
	}
	return group{class: "counts", shapes: shapes}
}

// signs are the legend's signs drawn in colour c: in grey in the legend,
// in every power's colour where the palette is chosen (frame.go).
func signs(c color.RGBA) []legendItem {
	return []legendItem{
		{"army", func(at pt) []shape { return unitShapes(variants.Army, at, 1, c, false) }, 24},
		{"fleet", func(at pt) []shape { return unitShapes(variants.Fleet, at.add(pt{0, 3}), 1, c, false) }, 30},
		{"home province", func(at pt) []shape {
			return []shape{fillPoly(mix(colLand, c, 0.35), rect(at.X-12, at.Y-9, 24, 18)), strokeLines(colBorder, 1, append(rect(at.X-12, at.Y-9, 24, 18), pt{at.X - 12, at.Y - 9}))}
		}, 26},
		{"supply centre", func(at pt) []shape { return []shape{disc(at, centreRadius, c, colInk, 1.4)} }, 14},
		{"neutral centre", func(at pt) []shape { return []shape{disc(at, centreRadius, colPaper, colInk, 1.4)} }, 14},
		{"move", func(at pt) []shape {
			return arrow(at.sub(pt{22, 0}), at.add(pt{22, 0}), c, 0, 0, moveWidth, outcomeGiven)
		}, 46},
		{"failed", func(at pt) []shape {
			return arrow(at.sub(pt{22, 0}), at.add(pt{22, 0}), c, 0, 0, moveWidth, outcomeFailed)
		}, 46},
		{"support", func(at pt) []shape {
			return supportLine(at.sub(pt{22, 0}), at.add(pt{22, 0}), 0, 0, c, outcomeGiven)
		}, 46},
		{"convoy", func(at pt) []shape {
			return convoyDots([][]pt{{at.sub(pt{36, 0}), at.add(pt{36, 0})}}, c, outcomeGiven)
		}, 46},
		{"hold", func(at pt) []shape { return ring(at, 9, c, outcomeGiven) }, 24},
		{"build", func(at pt) []shape {
			return append(ring(at, 9, c, outcomeGiven), plus(at.add(pt{9, -9}), c)...)
		}, 28},
		{"removal", func(at pt) []shape {
			return append(unitShapes(variants.Army, at, 0.85, c, true), cross(at, 8, colInk, 2.6)...)
		}, 24},
		{"dislodged, may retreat", func(at pt) []shape {
			return append([]shape{strokeLines(colInk, 1.6, dashes(closedCircle(at, 13), 4, 3)...)}, unitShapes(variants.Army, at, 0.85, c, false)...)
		}, 30},
	}
}

// legendSymbols explains the signs, on the legend's second row.
func legendSymbols(v *variants.Variant, d *drawing) []group {
	y := d.legendTop() + 66
	items := signs(rgb(0x9A9A9A))
	shapes := legendRow(items, float32(d.w), 18, 8, y-4, y+1)
	rule := d.legendTop() + 0.5
	shapes = append(shapes, strokeLines(rgb(0xB0A890), 1, []pt{{0, rule}, {float32(d.w), rule}}))
	return []group{{class: "legend", shapes: shapes}}
}

// legendItem is a sign of a legend and its name.
type legendItem struct {
	name   string
	shapes func(at pt) []shape // the sign, centred at at
	width  float32             // the sign's width
}

// legendRow spreads items over a row of a picture w pixels wide, margin
// from either edge: each its sign centred at height signY, then its name
// at baseline nameY, 6 pixels after the sign; an item takes its sign's
// width, pad and its name's, and the room left is shared out between
// the items. Both maps' legends lay their signs out this way.
func legendRow(items []legendItem, w, margin, pad, signY, nameY float32) []shape {
	widths := make([]float32, len(items))
	total := float32(0)
	for i, it := range items {
		widths[i] = it.width + pad + textWidth(it.name, regular, 13)
		total += widths[i]
	}
	gap := (w - 2*margin - total) / float32(max(len(items)-1, 1))
	x := margin
	var shapes []shape
	for i, it := range items {
		shapes = append(shapes, it.shapes(pt{x + it.width/2, signY})...)
		shapes = append(shapes, label(pt{x + it.width + 6, nameY}, it.name, 13, regular, colInk, color.RGBA{}, anchorStart))
		x += widths[i] + gap
	}
	return shapes
}
