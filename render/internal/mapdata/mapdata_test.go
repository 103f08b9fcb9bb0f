package mapdata

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func sample() *Map {
	return &Map{
		Width: 40, Height: 30,
		Regions: []Region{
			{ID: "lon", Kind: Land, Home: "england", Rings: [][]int32{{0, ^1}}},
			{ID: "nth", Kind: Sea, Rings: [][]int32{{1}}},
			{Kind: Impassable, Rings: [][]int32{}},
		},
		Arcs: []Arc{
			{Left: 0, Right: Outside, Points: []Point{{0, 0}, {0, 30}, {20.5, 30}}},
			{Left: 1, Right: 0, Points: []Point{{20.5, 30}, {20.25, 0}, {0, 0}}},
		},
		Places: []Place{{ID: "lon", Unit: Point{10, 15}, Label: Point{10, 25.75}}, {ID: "nth", Unit: Point{30, 15}}},
	}
}

func TestRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := Encode(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	got, err := Decode(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, sample()) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, sample())
	}
}

// TestVersion2 round-trips a Machiavelli board's extras (city and port
// symbols, crossings) and checks that a map without them is written as
// version 1, as Diplomacy boards' files always were.
func TestVersion2(t *testing.T) {
	var v1 bytes.Buffer
	if err := Encode(&v1, sample()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v1.String(), magic) {
		t.Errorf("a map without extras is not written as version 1: %q", v1.String()[:15])
	}
	m := sample()
	m.Places[0].City = Point{12, 14.25}
	m.Places[0].Port = Point{22, 16}
	m.Crossings = []Crossing{{A: "lon", B: "nth", Points: []Point{{3, 4}, {5.5, 6}, {8, 2}}}}
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), magic2) {
		t.Errorf("a map with extras is not written as version 2: %q", buf.String()[:15])
	}
	got, err := Decode(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, m)
	}
	m.Crossings[0].Points = m.Crossings[0].Points[:1]
	buf.Reset()
	Encode(&buf, m)
	if _, err := Decode(buf.Bytes()); err == nil || !strings.Contains(err.Error(), "crossing 0 (lon-nth) has 1 points") {
		t.Errorf("a one-point crossing: error %v", err)
	}
}

func TestDecodeRefuses(t *testing.T) {
	var good bytes.Buffer
	if err := Encode(&good, sample()); err != nil {
		t.Fatal(err)
	}
	badArc := sample()
	badArc.Regions[0].Rings[0][0] = 7
	var badArcBuf bytes.Buffer
	Encode(&badArcBuf, badArc)
	badSide := sample()
	badSide.Arcs[0].Left = 9
	var badSideBuf bytes.Buffer
	Encode(&badSideBuf, badSide)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "bad magic"},
		{"other file", []byte("\x89PNG\r\n"), "bad magic"},
		{"truncated", good.Bytes()[:len(good.Bytes())-8], "mapdata:"},
		{"arc out of range", badArcBuf.Bytes(), "refers to arc 7"},
		{"region out of range", badSideBuf.Bytes(), "borders region 9"},
	} {
		if _, err := Decode(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}
