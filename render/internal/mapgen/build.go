package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"maps"
	"math"
	"os"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/corriere/corriere/render/internal/mapdata"
)

// impassable is the id anchors of land that is no province use.
const impassable = "-"

// region is one region of the drawing in the making.
type region struct {
	id   string
	kind mapdata.Kind
}

func run(landPath, boardPath, cfgPath, outPath, debugPath string) error {
	c, err := readConfig(cfgPath)
	if err != nil {
		return err
	}
	text, err := os.ReadFile(boardPath)
	if err != nil {
		return err
	}
	bd, err := readBoard(string(text))
	if err != nil {
		return fmt.Errorf("%s: %w", boardPath, err)
	}
	regions := bd.regions()
	index := map[string]int16{}
	for i, rg := range regions {
		index[rg.id] = int16(i)
	}
	index[impassable] = int16(len(regions))
	regions = append(regions, region{"", mapdata.Impassable})
	for id := range c.anchors {
		if _, ok := index[id]; !ok {
			return fmt.Errorf("anchors for unknown region %q", id)
		}
	}
	if err := bd.checkConfig(c); err != nil {
		return fmt.Errorf("%s: %w", cfgPath, err)
	}
	for _, rg := range regions {
		if rg.kind != mapdata.Impassable && len(c.anchors[rg.id]) == 0 && !c.only[rg.id] {
			return fmt.Errorf("province %s has no anchors", rg.id)
		}
	}

	fr := newFrame(newLCC(c.lon0, c.lat0, c.lat1, c.lat2), c.width, c.west, c.east, c.north, c.south)
	fmt.Printf("frame %d x %d pixels, %.2f km per pixel\n", fr.w, fr.h, 1/fr.scale)
	rings, err := readLand(landPath, [4]float64{-45, 15, 75, 85})
	if err != nil {
		return err
	}
	r := newRaster(fr.w, fr.h, make([]bool, fr.w*fr.h))
	var px [][][2]float64
	for _, ring := range rings {
		px = append(px, fr.pixels(ring))
	}
	r.fillRings(px)

	// Painted fixes come first: they decide both the medium and the region
	// of their pixels.
	forced := make([]bool, len(r.lab))
	for _, p := range c.paints {
		lab, ok := index[p.id]
		if !ok {
			return fmt.Errorf("%s:%d: paint of unknown region %q", cfgPath, p.line, p.id)
		}
		isLand := regions[lab].kind != mapdata.Sea
		r.line(fr.pixels(p.pts), p.radius, func(q int) {
			r.land[q] = isLand
			r.lab[q] = lab
			forced[q] = true
		})
	}

	// Anchors, snapped to the nearest pixel of their medium.
	var seeds []seed
	for _, id := range slices.Sorted(maps.Keys(c.anchors)) {
		if c.only[id] {
			continue
		}
		lab := index[id]
		wantLand := regions[lab].kind != mapdata.Sea
		for _, q := range c.anchors[id] {
			x, y := fr.pixel(q)
			if x < 0 || y < 0 || x >= float64(r.w) || y >= float64(r.h) {
				fmt.Printf("note: anchor %s %v is off the frame\n", id, q)
				continue
			}
			p, err := r.nearest(x, y, 12, func(p int) bool { return r.land[p] == wantLand })
			if err != nil {
				return fmt.Errorf("anchor %s %v: %v", id, q, err)
			}
			seeds = append(seeds, seed{p, lab})
		}
	}
	// Islands too small to draw sink; water cut off from every sea anchor
	// (lakes, the Red Sea's tip) becomes land.
	comp, sizes := r.components(true)
	keep := make([]bool, len(sizes))
	for _, s := range seeds {
		if r.land[s.p] {
			keep[comp[s.p]] = true
		}
	}
	for p, cp := range comp {
		if cp >= 0 && !keep[cp] && sizes[cp] < c.minIsland && !forced[p] {
			r.land[p] = false
		}
	}
	comp, sizes = r.components(false)
	keep = make([]bool, len(sizes))
	for _, s := range seeds {
		if !r.land[s.p] {
			keep[comp[s.p]] = true
		}
	}
	for p, cp := range comp {
		if cp >= 0 && !keep[cp] {
			r.land[p] = true
		}
	}
	anchors := len(seeds)
	for p := range forced {
		if forced[p] && !c.only[regions[r.lab[p]].id] {
			seeds = append(seeds, seed{p, r.lab[p]})
		}
	}
	r.grow(seeds, func(from, to int) bool { return r.land[from] == r.land[to] && !forced[to] })
	// Water no sea reached (a cove a region painted alone cut off from the
	// open sea) joins the nearest water region.
	var wet []seed
	for p, l := range r.lab {
		if !r.land[p] && l >= 0 {
			wet = append(wet, seed{p, l})
		}
	}
	r.grow(wet, func(from, to int) bool { return !r.land[to] && r.lab[to] < 0 })

	// Land no anchor reaches (islands) joins the nearest region across the
	// water, whole.
	islandErr := r.adoptIslands()
	faults := checkAdjacency(bd, r, regions, fr)
	if debugPath != "" {
		if err := writeDebug(debugPath, r, regions, seeds[:anchors], faults, c, fr); err != nil {
			return err
		}
	}
	if islandErr != nil {
		return islandErr
	}
	if len(faults) > 0 {
		for _, f := range faults {
			fmt.Println(f.text)
		}
		return fmt.Errorf("%d adjacency faults", len(faults))
	}
	m, err := trace(r, regions, c.home)
	if err != nil {
		return err
	}
	if err := bd.places(m, r, regions, c, fr); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := mapdata.Encode(&buf, m); err != nil {
		return err
	}
	npts := 0
	for _, a := range m.Arcs {
		npts += len(a.Points)
	}
	fmt.Printf("%d regions, %d arcs, %d points, %d bytes\n", len(m.Regions), len(m.Arcs), npts, buf.Len())
	return os.WriteFile(outPath, buf.Bytes(), 0o644)
}

// adoptIslands gives each unassigned land component the label most of its
// pixels find nearest across the water.
func (r *raster) adoptIslands() error {
	var seeds []seed
	for p, l := range r.lab {
		if l >= 0 && r.land[p] {
			seeds = append(seeds, seed{p, l})
		}
	}
	near := newRaster(r.w, r.h, r.land)
	near.grow(seeds, func(from, to int) bool { return true })
	comp, sizes := r.components(true)
	votes := make([]map[int16]int, len(sizes))
	for p, cp := range comp {
		if cp >= 0 && r.lab[p] < 0 {
			if votes[cp] == nil {
				votes[cp] = map[int16]int{}
			}
			votes[cp][near.lab[p]]++
		}
	}
	for p, cp := range comp {
		if cp >= 0 && r.lab[p] < 0 {
			best, n := int16(-1), -1
			for l, c := range votes[cp] {
				if c > n || (c == n && l < best) {
					best, n = l, c
				}
			}
			r.lab[p] = best
		}
	}
	for p, l := range r.lab {
		if l < 0 {
			return fmt.Errorf("pixel (%d, %d) has no region", p%r.w, p/r.w)
		}
	}
	return nil
}

// fault is a pair of regions that touch without being adjacent, or the
// other way round.
type fault struct {
	text string
	at   int // a pixel where they touch; -1 when they do not
}

// checkAdjacency compares what touches on the raster with what the board
// says must touch. Land that is no province touches nothing that counts.
// Territories joined over the water (a bridge, a strait) must not touch:
// the drawing carries a line between them instead.
func checkAdjacency(bd board, r *raster, regions []region, fr frame) []fault {
	touch := r.touching()
	var faults []fault
	for i := range regions {
		for j := i + 1; j < len(regions); j++ {
			if regions[i].kind == mapdata.Impassable || regions[j].kind == mapdata.Impassable {
				continue
			}
			p, touches := touch[[2]int16{int16(i), int16(j)}]
			want := bd.touch(regions[i].id, regions[j].id)
			switch {
			case touches && !want:
				q := fr.lonLat(float64(p%r.w)+0.5, float64(p/r.w)+0.5)
				faults = append(faults, fault{fmt.Sprintf("%s and %s touch at pixel (%d, %d), %.2f,%.2f, but are not adjacent", regions[i].id, regions[j].id, p%r.w, p/r.w, q.Lon, q.Lat), p})
			case !touches && want:
				faults = append(faults, fault{fmt.Sprintf("%s and %s are adjacent but do not touch", regions[i].id, regions[j].id), -1})
			}
		}
	}
	return faults
}

// writeDebug draws the raster: every region in a colour of its own, the
// anchors in black and each region's first anchor named, the faults ringed
// in red.
func writeDebug(path string, r *raster, regions []region, seeds []seed, faults []fault, c *config, fr frame) error {
	img := image.NewRGBA(image.Rect(0, 0, r.w, r.h))
	col := func(l int16, land bool) color.RGBA {
		if l < 0 {
			if land {
				return color.RGBA{220, 200, 160, 255}
			}
			return color.RGBA{170, 200, 230, 255}
		}
		h := uint32(l)*2654435761 + 12345
		switch regions[l].kind {
		case mapdata.Sea:
			return color.RGBA{uint8(60 + h%60), uint8(110 + (h>>8)%70), uint8(190 + (h>>16)%60), 255}
		case mapdata.Impassable:
			return color.RGBA{150, 150, 150, 255}
		}
		return color.RGBA{uint8(150 + h%100), uint8(150 + (h>>8)%100), uint8(90 + (h>>16)%80), 255}
	}
	for p, l := range r.lab {
		c := col(l, r.land[p])
		x, y := p%r.w, p/r.w
		// Darken borders so that regions of similar colour stay apart.
		if (x+1 < r.w && r.lab[p+1] != l) || (y+1 < r.h && r.lab[p+r.w] != l) {
			c = color.RGBA{c.R / 2, c.G / 2, c.B / 2, 255}
		}
		img.SetRGBA(x, y, c)
	}
	for _, s := range seeds {
		img.SetRGBA(s.p%r.w, s.p/r.w, color.RGBA{0, 0, 0, 255})
	}
	dr := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{0, 0, 0, 255}), Face: basicfont.Face7x13}
	for _, id := range slices.Sorted(maps.Keys(c.anchors)) {
		if id == impassable || len(c.anchors[id]) == 0 {
			continue
		}
		x, y := fr.pixel(c.anchors[id][0])
		dr.Dot = fixed.P(int(x)+2, int(y)+4)
		dr.DrawString(id)
	}
	for _, f := range faults {
		if f.at < 0 {
			continue
		}
		cx, cy := f.at%r.w, f.at/r.w
		for a := 0; a < 360; a++ {
			sin, cos := math.Sincos(rad(float64(a)))
			for r9 := 9; r9 <= 11; r9++ {
				x := cx + int(float64(r9)*cos)
				y := cy + int(float64(r9)*sin)
				if x >= 0 && y >= 0 && x < r.w && y < r.h {
					img.SetRGBA(x, y, color.RGBA{255, 0, 0, 255})
				}
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
