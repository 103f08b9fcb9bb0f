package standard

import (
	_ "embed"
	"sync"

	"github.com/corriere/corriere/variants"
)

//go:embed standard.txt
var standardData string

var (
	once     sync.Once
	standard *variants.Variant
)

// Variant returns the standard map and its 1901 start. It is read from
// standard.txt on first use and then shared: callers must not modify it.
func Variant() *variants.Variant {
	once.Do(func() {
		v, err := variants.Parse(standardData)
		if err != nil {
			panic("variants/standard: standard.txt: " + err.Error())
		}
		standard = v
	})
	return standard
}
