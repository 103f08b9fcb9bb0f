package variants_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants"
)

// tiny is a board of three provinces: what any board needs, and the
// optional sections.
const tiny = `
[variant]
name     tiny
year     1901
victory  2

[powers]
red   Red   Redish   RED  Rosso  #CC0000
blue  Blue  Bluish   BLU  Blu
green Green Greenish GRE  Verde

[locations]
aaa  land  red    Alpha
bbb  land  blue   Beta
ccc  land  green  Gamma

[army]
aaa: bbb
bbb: aaa ccc
ccc: bbb

[fleet]

[start]
red:   A aaa
blue:  A bbb
green: A ccc

[names]
aaa: | Alfa |

[coasts]

[power names]
`

// A board is read from its text; the setups and the two-player game are
// optional sections.
func ExampleParse() {
	v, err := variants.Parse(tiny + "\n[setups]\n2 0: red | blue green\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := v.Setup(2, 0)
	fmt.Println(v.Name, len(v.Locs), "locations;", len(s.Sides), "sides; red is", v.Powers[0].Colour, "blue has no colour:", v.Powers[1].Colour.A == 0)
	// Output: tiny 3 locations; 2 sides; red is {204 0 0 255} blue has no colour: true
}

func TestParseSetups(t *testing.T) {
	for _, c := range []struct{ extra, want string }{
		{"", ""},
		{"[setups]\n2 0: red | blue\n", ""},
		{"[setups]\n2 0: red | blue | green\n", "3 sides for 2 players"},
		{"[setups]\n3 0: red | blue | green\n", "with 2 to 2 players"},
		{"[setups]\n2 0: red | red\n", `power "red" unknown or repeated`},
		{"[setups]\n2 0: red | blue\n2 0: red | green\n", "setup 2 0 repeated"},
		{"[two players]\nyear 1914\nvictory 2\nneutral green\n", "without a setup for 2 players"},
		{"[setups]\n2 0: red | blue\n[two players]\nyear 1914\nvictory 2\nneutral green\nclosed ccc\n", ""},
		{"[setups]\n2 0: red | blue\n[two players]\nyear 1914\nneutral green\n", "year, victory and neutral are all needed"},
		{"[setups]\n2 0: red | blue\n[two players]\nyear 1914\nvictory 2\nneutral green\nclosed zzz\n", `unknown location "zzz"`},
	} {
		v, err := variants.Parse(tiny + c.extra)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.extra, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: error %v, want %q", c.extra, err, c.want)
		case c.want == "" && strings.Contains(c.extra, "closed") && (v.TwoPlayer == nil || len(v.TwoPlayer.Closed) != 1):
			t.Errorf("%q: two-player game %+v", c.extra, v.TwoPlayer)
		}
	}
}
