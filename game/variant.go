package game

import (
	"fmt"
	"sort"
	"strings"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// known lists the variants a game may be played on.
var known = map[string]func() *variants.Variant{
	"standard": standard.Variant,
}

// Variant returns the variant called name ("" is "standard").
func Variant(name string) (*variants.Variant, error) {
	if name == "" {
		name = "standard"
	}
	if f, ok := known[strings.ToLower(name)]; ok {
		return f(), nil
	}
	names := make([]string, 0, len(known))
	for n := range known {
		names = append(names, n)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(names, ", "))
}
