package diplomacy

import (
	"fmt"
	"maps"
	"slices"
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
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
}
