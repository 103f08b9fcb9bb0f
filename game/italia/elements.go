package italia

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Elem is a type of element (a base of troops, seed §4): the codes of spec
// Appendix C.1.
type Elem uint8

const (
	CINC Elem = iota // the commander-in-chief
	COND             // a condottiero (card)
	GD               // gendarmi
	CL               // light cavalry, stradiots
	PK               // pikes
	PKS              // Swiss pikes
	LZ               // Landsknecht pikes
	FT               // other foot
	ART              // artillery
	numElems
)

// upkeep is how an element is kept for a year (seed §5, spec §3.3).
type upkeep uint8

const (
	free     upkeep = iota // the national CinC; garrisons
	ordinary               // 1 ducat per 2 elements or fraction of 2, over all counters (R36)
	each                   // 1 ducat each
)

// elems are the element types: the code a sheet writes, the upkeep, the
// recruitment cost (0: not recruited by RECLUTA) and the value the
// abstract battle and the comparability test give it (spec C.1).
var elems = [numElems]struct {
	Code    string
	Upkeep  upkeep
	Recruit int
	Value   int
}{
	CINC: {"CINC", free, 0, 0},
	COND: {"COND", each, 2, 0},
	GD:   {"GD", each, 2, 3},
	CL:   {"CL", ordinary, 1, 1},
	PK:   {"PK", ordinary, 1, 2},
	PKS:  {"PKS", each, 2, 3},
	LZ:   {"LZ", ordinary, 1, 2},
	FT:   {"FT", ordinary, 1, 1},
	ART:  {"ART", ordinary, 1, 2},
}

func (e Elem) String() string {
	if e < numElems {
		return elems[e].Code
	}
	return "?"
}

// elemByCode is the element a sheet's code names, in any case.
func elemByCode(code string) (Elem, bool) {
	for e := range numElems {
		if strings.EqualFold(elems[e].Code, code) {
			return e, true
		}
	}
	return 0, false
}

// Elements counts a counter's elements by type.
type Elements [numElems]int

// Total is the number of elements, the CinC and a condottiero included.
func (es Elements) Total() int {
	n := 0
	for _, c := range es {
		n += c
	}
	return n
}

// Troops is the number of elements that fight and fill a contingent: the
// commanders aside.
func (es Elements) Troops() int { return es.Total() - es[CINC] - es[COND] }

// Plus is es with o added.
func (es Elements) Plus(o Elements) Elements {
	for i := range es {
		es[i] += o[i]
	}
	return es
}

// Minus is es with o taken away, and whether es had all of o.
func (es Elements) Minus(o Elements) (Elements, bool) {
	ok := true
	for i := range es {
		es[i] -= o[i]
		if es[i] < 0 {
			ok = false
		}
	}
	return es, ok
}

// String writes the elements as the sheet does, in the table's order:
// "CINC, 3 GD, 8 PK"; "-" for none.
func (es Elements) String() string {
	var parts []string
	for e, n := range es {
		switch {
		case n == 0:
		case n == 1 && (Elem(e) == CINC || Elem(e) == COND):
			parts = append(parts, Elem(e).String())
		default:
			parts = append(parts, strconv.Itoa(n)+" "+Elem(e).String())
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// MarshalJSON writes the elements as {"GD": 3, "PK": 6}.
func (es Elements) MarshalJSON() ([]byte, error) {
	m := map[string]int{}
	for e, n := range es {
		if n != 0 {
			m[Elem(e).String()] = n
		}
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (es *Elements) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*es = Elements{}
	for code, n := range m {
		e, ok := elemByCode(code)
		if !ok || n < 0 {
			return fmt.Errorf("elements: %q %d", code, n)
		}
		es[e] = n
	}
	return nil
}
