package render

import "github.com/corriere/corriere/render/internal/mapdata"

// outline turns a drawing's shared arcs into what both maps draw (the
// Diplomacy map and a Machiavelli board's): every region's polygons and
// the borders sorted by kind, moved down by top, the title band's height.
type outline struct {
	m   *mapdata.Map
	top float32
}

// arc returns the points of arc ref (^i: arc i reversed) on the picture.
func (o outline) arc(ref int32) []pt {
	a := o.m.Arcs[max(ref, ^ref)]
	out := make([]pt, len(a.Points))
	for i := range a.Points {
		j := i
		if ref < 0 {
			j = len(a.Points) - 1 - i
		}
		q := a.Points[j]
		out[i] = pt{q.X, q.Y + o.top}
	}
	return out
}

// region returns a region's rings as closed paths, its arcs joined.
func (o outline) region(r *mapdata.Region) [][]pt {
	var paths [][]pt
	for _, ring := range r.Rings {
		var path []pt
		for _, ref := range ring {
			ps := o.arc(ref)
			if len(path) > 0 {
				ps = ps[1:]
			}
			path = append(path, ps...)
		}
		paths = append(paths, path)
	}
	return paths
}

// borders sorts the arcs between two regions into coasts, land borders
// and sea borders; arcs along the map's edge, and those skip refuses when
// it is not nil, are left out.
func (o outline) borders(skip func(a *mapdata.Arc) bool) (coast, land, sea [][]pt) {
	m := o.m
	for i := range m.Arcs {
		a := &m.Arcs[i]
		if a.Left == mapdata.Outside || a.Right == mapdata.Outside || (skip != nil && skip(a)) {
			continue
		}
		kl, kr := m.Regions[a.Left].Kind, m.Regions[a.Right].Kind
		ps := o.arc(int32(i))
		switch {
		case kl == mapdata.Sea && kr == mapdata.Sea:
			sea = append(sea, ps)
		case kl == mapdata.Sea || kr == mapdata.Sea:
			coast = append(coast, ps)
		default:
			land = append(land, ps)
		}
	}
	return coast, land, sea
}
