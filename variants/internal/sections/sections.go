// Package sections reads the text format every board file of package
// variants shares: blank lines and lines starting with # are ignored, a
// line "[name]" starts a section, and the lines of a section are read by
// the board's own loader, most of them as "key: rest".
package sections

import (
	"fmt"
	"slices"
	"strings"
)

// Line is one meaningful line of a section, trimmed, with its line number
// for error messages.
type Line struct {
	N    int
	Text string
}

// Split groups the meaningful lines of text by section and checks that the
// sections are the known ones, each there but the optional ones. A section
// that is there but empty maps to nil, as does an absent optional one:
// callers that must tell them apart look the name up in the map.
func Split(text string, known []string, optional ...string) (map[string][]Line, error) {
	sections := map[string][]Line{}
	cur := ""
	for i, raw := range strings.Split(text, "\n") {
		s := strings.TrimSpace(raw)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			cur = s[1 : len(s)-1]
			if !slices.Contains(known, cur) {
				return nil, fmt.Errorf("line %d: unknown section [%s]", i+1, cur)
			}
			if _, dup := sections[cur]; dup {
				return nil, fmt.Errorf("line %d: section [%s] repeated", i+1, cur)
			}
			sections[cur] = nil
			continue
		}
		if cur == "" {
			return nil, fmt.Errorf("line %d: text before the first section", i+1)
		}
		sections[cur] = append(sections[cur], Line{i + 1, s})
	}
	for _, name := range known {
		if _, ok := sections[name]; !ok && !slices.Contains(optional, name) {
			return nil, fmt.Errorf("section [%s] missing", name)
		}
	}
	return sections, nil
}

// Keyed splits a "key: rest" line.
func (l Line) Keyed() (key, rest string, err error) {
	key, rest, ok := strings.Cut(l.Text, ":")
	if !ok {
		return "", "", fmt.Errorf("line %d: want \"id: ...\"", l.N)
	}
	return strings.TrimSpace(key), strings.TrimSpace(rest), nil
}

// List splits a comma-separated list, trimming each item and leaving out
// empty ones.
func List(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
