package sections

import (
	"fmt"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[a]\nx: 1\n# comment\n\n[b]\n", "a [{2 x: 1}] b [] c []"},
		{"[b]\n[a]\n  x: 1  \n[c]\ny\n", "a [{3 x: 1}] b [] c [{5 y}]"},
		{"x\n[a]\n[b]\n", "line 1: text before the first section"},
		{"[a]\n[a]\n[b]\n", "line 2: section [a] repeated"},
		{"[a]\n[d]\n[b]\n", "line 2: unknown section [d]"},
		{"[a]\n", "section [b] missing"},
		{"[a]\nfail\n[b]\n", "[a] line 2: no"},
	} {
		var got []string
		step := func(name string) Step {
			return Step{name, func(lines []Line) error {
				if len(lines) > 0 && lines[0].Text == "fail" {
					return fmt.Errorf("line %d: no", lines[0].N)
				}
				got = append(got, fmt.Sprint(name, " ", lines))
				return nil
			}}
		}
		err := Read(c.text, []Step{step("a"), step("b"), step("c")}, "c")
		if err != nil {
			got = []string{err.Error()}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q: %s, want %s", c.text, g, c.want)
		}
	}
}

func TestKeyedAndList(t *testing.T) {
	key, rest, err := Line{3, "ven :  tri, tyr "}.Keyed()
	if key != "ven" || rest != "tri, tyr" || err != nil {
		t.Errorf("Keyed: %q %q %v", key, rest, err)
	}
	if _, _, err := (Line{4, "no colon"}).Keyed(); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("Keyed without a colon: %v", err)
	}
	if got := fmt.Sprint(List(" a, ,b ,, c d ")); got != "[a b c d]" {
		t.Errorf("List: %s", got)
	}
}
