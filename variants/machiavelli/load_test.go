package machiavelli_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants/machiavelli"
)

// tiny is a board of four territories and three seas with every section.
const tiny = `
[board]
name tiny

[territories]
aaa  fortified  2  -       Alfa | Alpha | Prima
bbb  -          -  red     Beta | Beta
ccc  city       -  -       Gamma | Gamma
ddd  fortress   -  balkan  Delta | Delta

[seas]
SX  Mare Primo | First Sea
SY  Mare Secondo | Second Sea | Secondo
SZ  Mare Terzo | Third Sea

[borders]
aaa: bbb
bbb: aaa

[crossings]
bbb ccc strait
aaa ddd bridge

[sea borders]
SX: SY
SY: SX SZ
SZ: SY

[coasts]
aaa: SX
ccc: SX SY

[ports]
aaa: SX

[merge]
SY: SX
`

func TestParse(t *testing.T) {
	b, err := machiavelli.Parse(tiny)
	if err != nil {
		t.Fatal(err)
	}
	a, bb, c, d := b.ByID("aaa"), b.ByID("bbb"), b.ByID("ccc"), b.ByID("ddd")
	sx, sy := b.ByID("SX"), b.ByID("SY")
	if b.Name != "tiny" || b.Territories != 4 || len(b.Areas) != 7 || a != 0 || sx != 4 {
		t.Fatalf("board %q: %d territories, %d areas, aaa %d, SX %d", b.Name, b.Territories, len(b.Areas), a, sx)
	}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"aaa", fmt.Sprint(b.Areas[a].City, b.Areas[a].Value, b.Areas[a].Colour, b.Areas[a].Tax()), "fortified 2 - 5"},
		{"ddd", fmt.Sprint(b.Areas[d].City, b.Areas[d].Colour, b.Areas[d].Tax()), "fortress balkan 2"},
		{"aaa-bbb", b.LandEdge(a, bb), machiavelli.Border},
		{"ccc-bbb", b.LandEdge(c, bb), machiavelli.Strait},
		{"aaa-ddd", b.LandEdge(d, a), machiavelli.Bridge},
		{"aaa-ccc", b.LandEdge(a, c), machiavelli.NoEdge},
		{"aaa-SX", b.LandEdge(a, sx), machiavelli.NoEdge},
		{"aaa-SX adjacent", b.Adjacent(sx, a), true},
		{"SX-SY adjacent", b.Adjacent(sx, sy), true},
		{"aaa-SY adjacent", b.Adjacent(a, sy), false},
		{"bbb neighbours", fmt.Sprint(b.Areas[bb].Neighbours), fmt.Sprint([]machiavelli.Area{a, c})},
		{"SX coast", fmt.Sprint(b.Areas[sx].Coast), fmt.Sprint([]machiavelli.Area{a, c})},
		{"SX ports", fmt.Sprint(b.Areas[sx].Port), fmt.Sprint([]machiavelli.Area{a})},
		{"ccc port", b.Areas[c].HasPort(), false},
		{"sea tax", b.Areas[sx].Tax(), 0},
		{"no area", b.ByID("zzz"), machiavelli.NoArea},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
}

func TestMerged(t *testing.T) {
	b, err := machiavelli.Parse(tiny)
	if err != nil {
		t.Fatal(err)
	}
	m := b.Merged()
	sx, sz := m.ByID("SX"), m.ByID("SZ")
	if len(m.Areas) != 6 || m.ByID("SY") != machiavelli.NoArea || sx == machiavelli.NoArea {
		t.Fatalf("merged: %d areas, SY %d", len(m.Areas), m.ByID("SY"))
	}
	for _, name := range []string{"SY", "Mare Secondo", "second sea", "Secondo", "SX"} {
		if got, ok := m.Lookup(name); !ok || got != sx {
			t.Errorf("merged: %q is %v %v, want SX", name, got, ok)
		}
	}
	ccc := m.ByID("ccc")
	if got := fmt.Sprint(m.Areas[ccc].Coast, m.Areas[sx].Neighbours, m.Areas[sz].Neighbours); got != fmt.Sprint([]machiavelli.Area{sx}, []machiavelli.Area{sz}, []machiavelli.Area{sx}) {
		t.Errorf("merged: ccc's coast, SX's and SZ's neighbours %s", got)
	}
	// The board as printed is unchanged.
	if len(b.Areas) != 7 || len(b.Areas[b.ByID("ccc")].Coast) != 2 {
		t.Error("merging changed the board")
	}
	if noMerge, err := machiavelli.Parse(strings.Replace(tiny, "SY: SX\n", "", 1)); err != nil || noMerge.Merged() != noMerge {
		t.Errorf("a board without merges: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{"[merge]", "[fusion]", "unknown section [fusion]"},
		{"[ports]\naaa: SX\n", "", "section [ports] missing"},
		{"name tiny", "name", `want "name value"`},
		{"ddd  fortress", "aaa  fortress", "id aaa repeated"},
		{"ddd  fortress", "ddd  castle", `city "castle" or colour "balkan" unknown`},
		{"-  red", "1  red", `value "1": want "-", or a number above 0 for a city`},
		{"2  -       Alfa", "x  -       Alfa", `value "x"`},
		{"Delta | Delta", "Delta", "Italian name | English name | more names"},
		{"bbb: aaa\n", "bbb: aaa ccc\n", "bbb lists ccc, but ccc does not list bbb"},
		{"bbb: aaa\n", "bbb: aaa aaa\n", "bbb next to aaa is wrong or repeated"},
		{"bbb: aaa\n", "bbb: SX\n", "[borders] line 18: SX is no territory"},
		{"bbb: aaa\n", "bbb: eee\n", `unknown area "eee"`},
		{"SZ: SY", "SZ: SY\nSZ: SY", "SZ listed twice"},
		{"bbb ccc strait", "bbb aaa strait", "bbb and aaa are the same or already joined"},
		{"bbb ccc strait", "bbb ccc ferry", `want "territory territory bridge" or "... strait"`},
		{"[ports]\naaa: SX", "[ports]\naaa: SY", "the port of aaa opens on SY, which does not bathe it"},
		{"ccc: SX SY", "ccc: SX SY aaa", "aaa is no sea"},
		{"SY: SX\n", "SX: SZ\n", "SX merges into SZ, which it does not border"},
		{"SY: SX\n", "SY: SX\nSY: SZ\n", "SY merged twice"},
		{"SY: SX\n", "SY: SX\nSZ: SY\n", "SZ merges into SY, which merges too"},
		{"| Prima", "| Prima, Beta", `the name "Beta" stands for both aaa and bbb`},
		{"| Prima", "| Prima, ddd", `the name "ddd" stands for both aaa and ddd`},
		{"| Prima", "| Prima, Secondo", `the name "Secondo" stands for both aaa and SY`},
		{"| Prima", "| Prima, --", "aaa: a name with no letters"},
		{"SX  Mare Primo | First Sea", "SX  Mare Primo | First Sea | Terzo", ""}, // "Terzo" is no name of SZ's
		{"SX  Mare Primo | First Sea", "SX  Mare Primo | First Sea | Mare Terzo", `"Mare Terzo" stands for both SX and SZ`},
	} {
		if !strings.Contains(tiny, c.old) {
			t.Fatalf("%q is not in the tiny board", c.old)
		}
		_, err := machiavelli.Parse(strings.Replace(tiny, c.old, c.new, 1))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.new, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: error %v, want %q", c.new, err, c.want)
		}
	}
}

func TestLookup(t *testing.T) {
	b, err := machiavelli.Parse(tiny)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, want string }{
		{"aaa", "aaa"},
		{"AAA", "aaa"},
		{"Alfa", "aaa"},
		{"ÀLFÀ", "aaa"},
		{"  alpha ", "aaa"},
		{"mare-primo", "SX"},
		{"Mare’Primo", "SX"},
		{"mare.  primo", "SX"},
		{"mareprimo", ""},
		{"Alf", ""},
	} {
		got := ""
		if a, ok := b.Lookup(c.name); ok {
			got = b.Areas[a].ID
		}
		if got != c.want {
			t.Errorf("Lookup(%q): %q, want %q", c.name, got, c.want)
		}
	}
	for _, c := range []struct{ prefix, want string }{
		{"al", "aaa"},
		{"mare", "SX SY SZ"},
		{"Mare S", "SY"},
		{"s", "SX SY SZ"}, // ids and "Second Sea", "Secondo"
		{"d", "ddd"},
		{"", ""},
		{"-", ""},
		{"q", ""},
	} {
		var got []string
		for _, a := range b.Prefix(c.prefix) {
			got = append(got, b.Areas[a].ID)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("Prefix(%q): %v, want %s", c.prefix, got, c.want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{machiavelli.NoCity.String(), "-"},
		{machiavelli.Fortress.String(), "fortress"},
		{machiavelli.Swiss.String(), "swiss"},
		{machiavelli.Strait.String(), "strait"},
		{machiavelli.Edge(9).String(), "?"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
