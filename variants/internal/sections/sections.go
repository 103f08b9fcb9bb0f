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

// Step reads the lines of one section.
type Step struct {
	Section string
	Read    func([]Line) error
}

// Read splits text into its sections and hands each section's lines to
// its step, in the order of the steps: each may need what the ones before
// it read, while in the text the sections may come in any order. Every
// section must have a step and be there, but the optional ones; an absent
// optional section, like an empty one, is read as no lines. An error names
// the section it was found in.
func Read(text string, steps []Step, optional ...string) error {
	var known []string
	for _, s := range steps {
		known = append(known, s.Section)
	}
	bySection, err := split(text, known, optional)
	if err != nil {
		return err
	}
	for _, s := range steps {
		if err := s.Read(bySection[s.Section]); err != nil {
			return fmt.Errorf("[%s] %w", s.Section, err)
		}
	}
	return nil
}

// split groups the meaningful lines of text by section and checks that the
// sections are the known ones, each there but the optional ones.
func split(text string, known, optional []string) (map[string][]Line, error) {
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
