package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
)

// lonLat is a geographic position in degrees.
type lonLat struct{ Lon, Lat float64 }

// topology is the part of a TopoJSON file the generator reads.
type topology struct {
	Transform *struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][2]float64 `json:"arcs"`
	Objects map[string]struct {
		Geometries []struct {
			Type string          `json:"type"`
			Arcs json.RawMessage `json:"arcs"`
		} `json:"geometries"`
	} `json:"objects"`
}

// readLand reads the rings of object "land" of a TopoJSON file such as
// world-atlas's land-50m.json, keeping the polygons that reach the window
// (west, south, east, north) in degrees.
func readLand(path string, window [4]float64) ([][]lonLat, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	land, ok := t.Objects["land"]
	if !ok {
		return nil, fmt.Errorf("%s: no object \"land\"", path)
	}
	arcs := make([][]lonLat, len(t.Arcs))
	for i, a := range t.Arcs {
		var x, y float64
		for _, p := range a {
			q := lonLat{p[0], p[1]}
			if t.Transform != nil {
				x, y = x+p[0], y+p[1]
				q = lonLat{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]}
			}
			arcs[i] = append(arcs[i], q)
		}
	}
	ring := func(refs []int) []lonLat {
		var out []lonLat
		for _, r := range refs {
			pts := slices.Clone(arcs[max(r, ^r)])
			if r < 0 {
				slices.Reverse(pts)
			}
			if len(out) > 0 {
				pts = pts[1:]
			}
			out = append(out, pts...)
		}
		return out
	}
	var rings [][]lonLat
	addPolygon := func(p [][]int) {
		var rs [][]lonLat
		inside := false
		for _, refs := range p {
			r := ring(refs)
			for _, q := range r {
				if q.Lon >= window[0] && q.Lon <= window[2] && q.Lat >= window[1] && q.Lat <= window[3] {
					inside = true
				}
			}
			rs = append(rs, r)
		}
		if inside {
			rings = append(rings, rs...)
		}
	}
	for _, g := range land.Geometries {
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, err
			}
			addPolygon(p)
		case "MultiPolygon":
			var mp [][][]int
			if err := json.Unmarshal(g.Arcs, &mp); err != nil {
				return nil, err
			}
			for _, p := range mp {
				addPolygon(p)
			}
		}
	}
	return rings, nil
}
