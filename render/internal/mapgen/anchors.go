package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// config is what drawing.txt says: the projection and frame, and per
// region the anchors its pixels grow from.
type config struct {
	lon0, lat0, lat1, lat2   float64
	width                    int
	west, east, north, south lonLat
	minIsland                int
	anchors                  map[string][]lonLat // region id ("-" for impassable) → anchors
	paints                   []paint
	only                     map[string]bool // regions that are their painted pixels alone
	units, labels            map[string]lonLat
	labelSides               map[string]string // province id → below, above, left or right of the unit
	home                     map[string]string // province id → power id
	// A Machiavelli-family board's: where each city's symbol goes, where a
	// port's anchor goes when not beside its city, and the line of each
	// land move over the water (the pair sorted).
	cities, ports map[string]lonLat
	crossings     map[[2]string][]lonLat
}

// paint is a line drawn into the raster by hand, where geography alone
// cannot give the game's adjacency.
type paint struct {
	line   int
	id     string
	radius float64
	pts    []lonLat
}

func readConfig(path string) (*config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := &config{anchors: map[string][]lonLat{}, units: map[string]lonLat{}, labels: map[string]lonLat{}, labelSides: map[string]string{}, home: map[string]string{}, minIsland: 4, only: map[string]bool{},
		cities: map[string]lonLat{}, ports: map[string]lonLat{}, crossings: map[[2]string][]lonLat{}}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		bad := func(err error) error { return fmt.Errorf("%s:%d: %v", path, n, err) }
		switch fields[0] {
		case "projection":
			v, err := floats(fields[1:], 4)
			if err != nil {
				return nil, bad(err)
			}
			c.lon0, c.lat0, c.lat1, c.lat2 = v[0], v[1], v[2], v[3]
			continue
		case "frame":
			if len(fields) != 6 {
				return nil, bad(fmt.Errorf("want frame WIDTH WEST EAST NORTH SOUTH"))
			}
			w, err := strconv.Atoi(fields[1])
			if err != nil {
				return nil, bad(err)
			}
			c.width = w
			pts, err := points(fields[2:])
			if err != nil {
				return nil, bad(err)
			}
			c.west, c.east, c.north, c.south = pts[0], pts[1], pts[2], pts[3]
			continue
		case "min-island":
			v, err := strconv.Atoi(fields[1])
			if err != nil {
				return nil, bad(err)
			}
			c.minIsland = v
			continue
		}
		head, rest, ok := strings.Cut(line, ":")
		if !ok {
			return nil, bad(fmt.Errorf("want \"id: lon,lat ...\""))
		}
		hf := strings.Fields(head)
		rf := strings.Fields(rest)
		switch {
		case len(hf) == 1:
			pts, err := points(rf)
			if err != nil {
				return nil, bad(err)
			}
			c.anchors[hf[0]] = append(c.anchors[hf[0]], pts...)
		case len(hf) == 2 && hf[0] == "home":
			for _, id := range rf {
				c.home[id] = hf[1]
			}
		case len(hf) == 2 && hf[0] == "paint":
			p := paint{line: n, id: hf[1], radius: 1.5}
			if len(rf) > 0 && rf[len(rf)-1] == "only" {
				// The region is what is painted: it grows no further.
				c.only[hf[1]] = true
				rf = rf[:len(rf)-1]
			}
			if len(rf) > 0 && strings.HasPrefix(rf[len(rf)-1], "r=") {
				r, err := strconv.ParseFloat(rf[len(rf)-1][2:], 64)
				if err != nil {
					return nil, bad(err)
				}
				p.radius = r
				rf = rf[:len(rf)-1]
			}
			pts, err := points(rf)
			if err != nil {
				return nil, bad(err)
			}
			p.pts = pts
			c.paints = append(c.paints, p)
		case len(hf) == 2 && hf[0] == "label" && len(rf) == 1 && sideNamed(rf[0]) != nil:
			c.labelSides[hf[1]] = rf[0]
		case len(hf) == 2 && (hf[0] == "unit" || hf[0] == "label" || hf[0] == "city" || hf[0] == "port"):
			pts, err := points(rf)
			if err != nil || len(pts) != 1 {
				return nil, bad(fmt.Errorf("want one point"))
			}
			map[string]map[string]lonLat{"unit": c.units, "label": c.labels, "city": c.cities, "port": c.ports}[hf[0]][hf[1]] = pts[0]
		case len(hf) == 3 && hf[0] == "crossing":
			pts, err := points(rf)
			if err != nil || len(pts) < 2 {
				return nil, bad(fmt.Errorf("want a line of two points or more"))
			}
			if hf[1] > hf[2] {
				// The line is kept from the first id's end.
				hf[1], hf[2] = hf[2], hf[1]
				slices.Reverse(pts)
			}
			c.crossings[[2]string{hf[1], hf[2]}] = pts
		default:
			return nil, bad(fmt.Errorf("unknown line"))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if c.width == 0 {
		return nil, fmt.Errorf("%s: no frame line", path)
	}
	return c, nil
}

func floats(s []string, n int) ([]float64, error) {
	if len(s) != n {
		return nil, fmt.Errorf("want %d numbers, got %d", n, len(s))
	}
	out := make([]float64, n)
	for i, f := range s {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func points(s []string) ([]lonLat, error) {
	var out []lonLat
	for _, f := range s {
		a, b, ok := strings.Cut(f, ",")
		if !ok {
			return nil, fmt.Errorf("point %q: want lon,lat", f)
		}
		v, err := floats([]string{a, b}, 2)
		if err != nil {
			return nil, fmt.Errorf("point %q: %v", f, err)
		}
		out = append(out, lonLat{v[0], v[1]})
	}
	return out, nil
}

// labelSide is where a name may stand beside its unit: its centre's
// offset from the unit's, in pixels.
type labelSide struct {
	name   string
	dx, dy int
}

// labelSides are the sides, in order of preference.
var labelSides = []labelSide{{"below", 0, 25}, {"above", 0, -25}, {"right", 36, 4}, {"left", -36, 4}}

// sideNamed returns the side called name, or nil.
func sideNamed(name string) *labelSide {
	for i := range labelSides {
		if labelSides[i].name == name {
			return &labelSides[i]
		}
	}
	return nil
}
