package render

import (
	"fmt"
	"image"
	"io"
	"sync"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/render/internal/mapdata"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// Options say what goes on the picture besides the position.
type Options struct {
	// Game names the game in the title; empty leaves it out.
	Game string
	// Date is written in the title (the day the results go out, say);
	// the zero time leaves it out.
	Date time.Time
	// Last is the phase just resolved, whose orders are drawn over the
	// position; nil draws the position alone.
	Last *Orders
}

// Orders are one phase's orders with what became of them.
type Orders struct {
	Phase  adjudicator.Phase
	Orders []adjudicator.Order
	// Results, when not nil, has one entry per order: failed orders are
	// drawn hollow and crossed out. Nil draws the orders as given, not yet
	// resolved.
	Results []adjudicator.Result
	// Removed are units taken off without an order of their own
	// (dislodged with nowhere to go, civil disorder); they are drawn
	// struck out where they stood.
	Removed []variants.Unit
}

// sources gives each variant's drawing data. A variant without an entry
// cannot be drawn.
var sources = map[string]func() []byte{
	"standard": standard.Drawing,
}

// drawing is a variant's map, decoded once and shared.
type drawing struct {
	m      *mapdata.Map
	places map[string]mapdata.Place
	// base is the part of the scene that never changes: provinces,
	// borders, names, the bands for title and legend.
	base []group
	// outlines are the provinces' polygons, for what a position marks on
	// them (closed, neutral land).
	outlines map[variants.Loc][][]pt
	// centres are where the supply centres' dots go, beside the names.
	centres map[variants.Loc]pt
	w, h    int

	// raster and svgBase are the base drawn once, the first time each
	// kind of picture is asked for: every picture starts as a copy.
	rasterOnce sync.Once
	raster     *image.RGBA
	svgOnce    sync.Once
	svgBase    string
	// png is the base reduced to its palette, made with the first PNG.
	pngOnce sync.Once
	png     *pngBase
}

var (
	drawingsMu sync.Mutex
	drawings   = map[string]*drawing{}
)

func drawingFor(v *variants.Variant) (*drawing, error) {
	drawingsMu.Lock()
	defer drawingsMu.Unlock()
	if d, ok := drawings[v.Name]; ok {
		return d, nil
	}
	src, ok := sources[v.Name]
	if !ok {
		return nil, fmt.Errorf("render: no drawing for variant %q", v.Name)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	m, err := mapdata.Decode(src())
	if err != nil {
		return nil, fmt.Errorf("render: variant %s: %w", v.Name, err)
	}
	d := &drawing{m: m, places: map[string]mapdata.Place{}, outlines: map[variants.Loc][][]pt{}, centres: map[variants.Loc]pt{}}
	for _, p := range m.Places {
		d.places[p.ID] = p
	}
	for _, l := range v.Locs {
		if _, ok := d.places[l.ID]; !ok {
			return nil, fmt.Errorf("render: variant %s: the drawing has no place for %s", v.Name, l.ID)
		}
	}
	d.w, d.h = m.Width, titleHeight+m.Height+legendHeight
	d.base = baseGroups(v, d)
	drawings[v.Name] = d
	return d, nil
}

// PNG draws pos as a PNG image on w.
func PNG(w io.Writer, v *variants.Variant, pos *adjudicator.Position, opts Options) error {
	d, sc, err := prepare(v, pos, opts)
	if err != nil {
		return err
	}
	if err := d.drawPNG(w, v, sc); err != nil {
		return fmt.Errorf("render: write PNG: %w", err)
	}
	return nil
}

// SVG draws pos as an SVG document on w.
func SVG(w io.Writer, v *variants.Variant, pos *adjudicator.Position, opts Options) error {
	d, sc, err := prepare(v, pos, opts)
	if err != nil {
		return err
	}
	if err := writeSVG(w, d, sc); err != nil {
		return fmt.Errorf("render: write SVG: %w", err)
	}
	return nil
}

func prepare(v *variants.Variant, pos *adjudicator.Position, opts Options) (*drawing, *scene, error) {
	if v == nil || pos == nil {
		return nil, nil, fmt.Errorf("render: no variant or no position")
	}
	d, err := drawingFor(v)
	if err != nil {
		return nil, nil, err
	}
	if err := check(v, pos, opts); err != nil {
		return nil, nil, err
	}
	return d, d.scene(v, pos, opts), nil
}

// check refuses what cannot be drawn: locations and powers the variant
// does not have, results that do not match the orders.
func check(v *variants.Variant, pos *adjudicator.Position, opts Options) error {
	loc := func(l variants.Loc, what string) error {
		if l == variants.NoLoc || int(l) >= len(v.Locs) {
			return fmt.Errorf("render: %s: no such location (%d)", what, l)
		}
		return nil
	}
	unit := func(u variants.Unit, what string) error {
		if int(u.Power) >= len(v.Powers) {
			return fmt.Errorf("render: %s: no such power (%d)", what, u.Power)
		}
		return loc(u.Loc, what)
	}
	if len(pos.Centers) != 0 && len(pos.Centers) != len(v.Locs) {
		return fmt.Errorf("render: %d centre owners for %d locations", len(pos.Centers), len(v.Locs))
	}
	for _, p := range pos.Centers {
		if p != variants.NoPower && int(p) >= len(v.Powers) {
			return fmt.Errorf("render: a centre is owned by no such power (%d)", p)
		}
	}
	for _, u := range pos.Units {
		if err := unit(u, "unit"); err != nil {
			return err
		}
	}
	for _, dl := range pos.Dislodged {
		if err := unit(dl.Unit, "dislodged unit"); err != nil {
			return err
		}
	}
	if opts.Last == nil {
		return nil
	}
	if opts.Last.Results != nil && len(opts.Last.Results) != len(opts.Last.Orders) {
		return fmt.Errorf("render: %d results for %d orders", len(opts.Last.Results), len(opts.Last.Orders))
	}
	for _, u := range opts.Last.Removed {
		if err := unit(u, "removed unit"); err != nil {
			return err
		}
	}
	for i, o := range opts.Last.Orders {
		what := fmt.Sprintf("order %d", i+1)
		if int(o.Power) >= len(v.Powers) {
			return fmt.Errorf("render: %s: no such power (%d)", what, o.Power)
		}
		if o.Type == adjudicator.Waive {
			continue
		}
		if err := loc(o.Loc, what); err != nil {
			return err
		}
		switch o.Type {
		case adjudicator.Move, adjudicator.RetreatTo, adjudicator.Support, adjudicator.Convoy:
			if err := loc(o.Target, what); err != nil {
				return err
			}
		}
		if (o.Type == adjudicator.Support || o.Type == adjudicator.Convoy) && o.Dest != variants.NoLoc {
			if err := loc(o.Dest, what); err != nil {
				return err
			}
		}
	}
	return nil
}
