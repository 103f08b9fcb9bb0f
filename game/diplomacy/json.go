package diplomacy

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// Position is a game position as JSON. Powers and locations may be written
// in any form the parser accepts; Encode writes power names in lower-case
// English and locations as canonical ids.
type Position struct {
	Variant   string                     `json:"variant,omitempty"`
	Rules     string                     `json:"rules,omitempty"`
	Phase     string                     `json:"phase"`
	Units     map[string][]string        `json:"units"`
	Centers   map[string][]string        `json:"centers"`
	Dislodged map[string][]DislodgedUnit `json:"dislodged,omitempty"`
	Contested []string                   `json:"contested,omitempty"`
	// Disorder lists the powers in civil disorder or absent: their units
	// hold, are disbanded when dislodged, and they build nothing.
	Disorder []string `json:"disorder,omitempty"`
	// Closed lists the neutral provinces no unit may enter.
	Closed []string `json:"closed,omitempty"`
	Winner *string  `json:"winner,omitempty"`
	// ItalyJoins is the two-player game's coin, once tossed: the id of
	// the first power of the side its neutral power joins.
	ItalyJoins string              `json:"italy_joins,omitempty"`
	Orders     map[string][]string `json:"orders,omitempty"`
}

// DislodgedUnit is a unit waiting to retreat.
type DislodgedUnit struct {
	Unit         string   `json:"unit"`
	AttackerFrom string   `json:"attacker_from,omitempty"`
	ViaConvoy    bool     `json:"via_convoy,omitempty"`
	Retreats     []string `json:"retreats,omitempty"`
}

// Decode reads a JSON position into v's terms. Missing units and centres
// mean the variant's start; a missing phase means its first spring.
func Decode(v *variants.Variant, j *Position) (*adjudicator.Position, error) {
	pos := &adjudicator.Position{}
	if j.Phase == "" {
		pos.Phase = adjudicator.Phase{Year: v.StartYear, Season: adjudicator.Spring, Type: adjudicator.Movement}
	} else {
		ph, err := adjudicator.ParsePhase(j.Phase)
		if err != nil {
			return nil, err
		}
		pos.Phase = ph
	}
	if j.Units == nil {
		pos.Units = append([]variants.Unit(nil), v.StartUnits...)
	} else {
		units, err := DecodeUnits(v, j.Units)
		if err != nil {
			return nil, fmt.Errorf("units: %w", err)
		}
		pos.Units = units
	}
	pos.Centers = make([]variants.Power, len(v.Locs))
	if j.Centers == nil {
		copy(pos.Centers, v.StartCenters)
	} else {
		for i := range pos.Centers {
			pos.Centers[i] = variants.NoPower
		}
		var keys [16]string
		for _, name := range sortedKeys(j.Centers, keys[:0]) {
			p, err := parser.Power(v, name)
			if err != nil {
				return nil, fmt.Errorf("centers: %w", err)
			}
			for _, s := range j.Centers[name] {
				l, err := parser.Loc(v, s)
				if err != nil {
					return nil, fmt.Errorf("centers of %s: %q: %w", v.Powers[p].ID, s, err)
				}
				l = v.Province(l)
				if !v.Locs[l].SupplyCenter {
					return nil, fmt.Errorf("centers of %s: %s is not a supply centre", v.Powers[p].ID, v.Locs[l].ID)
				}
				if o := pos.Centers[l]; o != variants.NoPower && o != p {
					return nil, fmt.Errorf("centers: %s is given to both %s and %s", v.Locs[l].ID, v.Powers[o].ID, v.Powers[p].ID)
				}
				pos.Centers[l] = p
			}
		}
	}
	for _, name := range j.Disorder {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, fmt.Errorf("disorder: %w", err)
		}
		pos.Disorder.Add(p)
	}
	for _, s := range j.Closed {
		l, err := parser.Loc(v, s)
		if err != nil {
			return nil, fmt.Errorf("closed %q: %w", s, err)
		}
		pos.Closed.Add(v.Province(l))
	}
	if pos.Phase.Type != adjudicator.Retreat {
		return pos, nil
	}
	var keys [16]string
	for _, name := range sortedKeys(j.Dislodged, keys[:0]) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, fmt.Errorf("dislodged: %w", err)
		}
		for _, d := range j.Dislodged[name] {
			t, l, err := parser.Unit(v, d.Unit)
			if err != nil {
				return nil, fmt.Errorf("dislodged units of %s: %q: %w", v.Powers[p].ID, d.Unit, err)
			}
			dis := adjudicator.Dislodged{Unit: variants.Unit{Type: t, Power: p, Loc: l}, AttackerFrom: variants.NoLoc, ViaConvoy: d.ViaConvoy}
			if d.AttackerFrom != "" {
				a, err := parser.Loc(v, d.AttackerFrom)
				if err != nil {
					return nil, fmt.Errorf("dislodged %s: attacker_from %q: %w", d.Unit, d.AttackerFrom, err)
				}
				dis.AttackerFrom = v.Province(a)
			}
			pos.Dislodged = append(pos.Dislodged, dis)
		}
	}
	for _, s := range j.Contested {
		l, err := parser.Loc(v, s)
		if err != nil {
			return nil, fmt.Errorf("contested %q: %w", s, err)
		}
		pos.Contested.Add(v.Province(l))
	}
	pos.FillRetreats(v)
	return pos, nil
}

// DecodeUnits reads units listed by power ({"england": ["F nth"]}), in
// the order of the powers' names, with any names the parser accepts.
func DecodeUnits(v *variants.Variant, byPower map[string][]string) ([]variants.Unit, error) {
	n := 0
	for _, units := range byPower {
		n += len(units)
	}
	var out []variants.Unit
	if n > 0 {
		out = make([]variants.Unit, 0, n)
	}
	var keys [16]string
	for _, name := range sortedKeys(byPower, keys[:0]) {
		p, err := parser.Power(v, name)
		if err != nil {
			return nil, err
		}
		for _, s := range byPower[name] {
			t, l, err := parser.Unit(v, s)
			if err != nil {
				return nil, fmt.Errorf("%s: %q: %w", v.Powers[p].ID, s, err)
			}
			out = append(out, variants.Unit{Type: t, Power: p, Loc: l})
		}
	}
	return out, nil
}

// Encode writes pos as JSON in canonical names. winner is NoPower while
// the game goes on.
func Encode(v *variants.Variant, rules adjudicator.Rules, pos *adjudicator.Position, winner variants.Power) *Position {
	j := &Position{
		Variant: v.Name,
		Rules:   rules.String(),
		Phase:   pos.Phase.String(),
	}
	texts := unitTextTable(v)
	j.Units = listByPower(v, len(pos.Units), true, func(i int) (variants.Power, string) {
		u := pos.Units[i]
		return u.Power, texts.text(v, u)
	})
	centers := make([]variants.Loc, 0, len(pos.Centers))
	for l, p := range pos.Centers {
		if p != variants.NoPower {
			centers = append(centers, variants.Loc(l))
		}
	}
	j.Centers = listByPower(v, len(centers), true, func(i int) (variants.Power, string) {
		l := centers[i]
		return pos.Centers[l], v.Locs[l].ID
	})
	for _, d := range pos.Dislodged {
		id := v.Powers[d.Unit.Power].ID
		if j.Dislodged == nil {
			j.Dislodged = map[string][]DislodgedUnit{}
		}
		du := DislodgedUnit{Unit: texts.text(v, d.Unit), ViaConvoy: d.ViaConvoy, Retreats: []string{}}
		if d.AttackerFrom != variants.NoLoc {
			du.AttackerFrom = v.Locs[d.AttackerFrom].ID
		}
		d.Retreats.Each(func(l variants.Loc) { du.Retreats = append(du.Retreats, v.Locs[l].ID) })
		j.Dislodged[id] = append(j.Dislodged[id], du)
	}
	pos.Contested.Each(func(l variants.Loc) { j.Contested = append(j.Contested, v.Locs[l].ID) })
	pos.Closed.Each(func(l variants.Loc) { j.Closed = append(j.Closed, v.Locs[l].ID) })
	for p := range v.Powers {
		if pos.Disorder.Has(variants.Power(p)) {
			j.Disorder = append(j.Disorder, v.Powers[p].ID)
		}
	}
	w := ""
	if winner != variants.NoPower {
		w = v.Powers[winner].ID
	}
	j.Winner = &w
	return j
}

// listByPower lists n texts under their powers' ids, sorted if sort; the
// lists share one array, each capped so that appending to one leaves the
// others alone.
func listByPower(v *variants.Variant, n int, sort bool, item func(i int) (variants.Power, string)) map[string][]string {
	var buf [64]int
	count := buf[:0]
	if len(v.Powers) > len(buf) {
		count = make([]int, 0, len(v.Powers))
	}
	count = count[:len(v.Powers)]
	for i := range n {
		p, _ := item(i)
		count[p]++
	}
	all := make([]string, n)
	m := make(map[string][]string, len(v.Powers))
	at := 0
	for p, c := range count {
		if c > 0 {
			m[v.Powers[p].ID] = all[at : at : at+c]
			at += c
		}
	}
	for i := range n {
		p, text := item(i)
		id := v.Powers[p].ID
		m[id] = append(m[id], text)
	}
	if sort {
		for _, list := range m {
			slices.Sort(list)
		}
	}
	return m
}

// The judge writes a position and a phase's record at every deadline.
// The appenders below write them by hand, byte for byte as
// encoding/json's Marshal writes the same values (the store's records and
// the tests depend on those bytes), without its reflection and map
// sorting by reflect.

// appendPosition appends j as json.Marshal writes it.
func appendPosition(b []byte, j *Position) []byte {
	if j == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	if j.Variant != "" {
		b = appendString(append(b, `"variant":`...), j.Variant)
		b = append(b, ',')
	}
	if j.Rules != "" {
		b = appendString(append(b, `"rules":`...), j.Rules)
		b = append(b, ',')
	}
	b = appendString(append(b, `"phase":`...), j.Phase)
	b = appendMap(append(b, `,"units":`...), j.Units, appendStrings)
	b = appendMap(append(b, `,"centers":`...), j.Centers, appendStrings)
	if len(j.Dislodged) > 0 {
		b = appendMap(append(b, `,"dislodged":`...), j.Dislodged, func(b []byte, ds []DislodgedUnit) []byte {
			return appendSlice(b, ds, appendDislodged)
		})
	}
	if len(j.Contested) > 0 {
		b = appendStrings(append(b, `,"contested":`...), j.Contested)
	}
	if len(j.Disorder) > 0 {
		b = appendStrings(append(b, `,"disorder":`...), j.Disorder)
	}
	if len(j.Closed) > 0 {
		b = appendStrings(append(b, `,"closed":`...), j.Closed)
	}
	if j.Winner != nil {
		b = appendString(append(b, `,"winner":`...), *j.Winner)
	}
	if j.ItalyJoins != "" {
		b = appendString(append(b, `,"italy_joins":`...), j.ItalyJoins)
	}
	if len(j.Orders) > 0 {
		b = appendMap(append(b, `,"orders":`...), j.Orders, appendStrings)
	}
	return append(b, '}')
}

func appendDislodged(b []byte, d DislodgedUnit) []byte {
	b = appendString(append(b, `{"unit":`...), d.Unit)
	if d.AttackerFrom != "" {
		b = appendString(append(b, `,"attacker_from":`...), d.AttackerFrom)
	}
	if d.ViaConvoy {
		b = append(b, `,"via_convoy":true`...)
	}
	if len(d.Retreats) > 0 {
		b = appendStrings(append(b, `,"retreats":`...), d.Retreats)
	}
	return append(b, '}')
}

// appendRecord appends rec as json.Marshal writes it: the Response's
// fields, then the record's own.
func appendRecord(b []byte, rec *record) []byte {
	b = append(b, '{')
	if r := rec.Response; r != nil {
		b = appendString(append(b, `"phase":`...), r.Phase)
		b = appendMap(append(b, `,"results":`...), r.Results, func(b []byte, rs []OrderResult) []byte {
			return appendSlice(b, rs, appendResult)
		})
		if len(r.Removed) > 0 {
			b = appendMap(append(b, `,"removed":`...), r.Removed, appendStrings)
		}
		b = appendPosition(append(b, `,"next":`...), r.Next)
		b = append(b, ',')
	}
	if len(rec.ByMaster) > 0 {
		b = appendMap(append(b, `"by_master":`...), rec.ByMaster, func(b []byte, bs []bool) []byte {
			return appendSlice(b, bs, strconv.AppendBool)
		})
		b = append(b, ',')
	}
	if rec.Coin != "" {
		b = appendString(append(b, `"coin":`...), rec.Coin)
		b = append(b, ',')
	}
	if rec.Again {
		b = append(b, `"coin_again":true,`...)
	}
	if rec.Pending {
		b = append(b, `"coin_pending":true,`...)
	}
	if b[len(b)-1] == ',' {
		b = b[:len(b)-1]
	}
	return append(b, '}')
}

func appendResult(b []byte, r OrderResult) []byte {
	b = appendString(append(b, `{"order":`...), r.Order)
	if r.Parsed != "" {
		b = appendString(append(b, `,"parsed":`...), r.Parsed)
	}
	b = appendString(append(b, `,"result":`...), r.Result)
	b = appendString(append(b, `,"reason":`...), r.Reason)
	return append(b, '}')
}

// appendMap appends m with its keys in order, as json.Marshal sorts them;
// null for nil.
func appendMap[T any](b []byte, m map[string]T, value func([]byte, T) []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var buf [16]string
	b = append(b, '{')
	for i, k := range sortedKeys(m, buf[:0]) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = value(append(b, ':'), m[k])
	}
	return append(b, '}')
}

// sortedKeys appends m's keys to buf, sorted: slices.Sorted(maps.Keys(m))
// in a buffer the caller may keep on its stack.
func sortedKeys[T any](m map[string]T, buf []string) []string {
	for k := range m {
		buf = append(buf, k)
	}
	slices.Sort(buf)
	return buf
}

// appendSlice appends s as an array; null for nil.
func appendSlice[T any](b []byte, s []T, elem func([]byte, T) []byte) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, e := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(b, e)
	}
	return append(b, ']')
}

func appendStrings(b []byte, s []string) []byte { return appendSlice(b, s, appendString) }

// appendString appends s quoted. Ids, names and most orders are plain
// ASCII; anything else is quoted by encoding/json itself, with its
// escapes of HTML characters, control characters and invalid UTF-8.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// unitTexts keeps, by variant, v.UnitText of every unit by location and
// type: positions and results write one per unit, every deadline.
var unitTexts sync.Map // *variants.Variant → unitTextsOf

// unitTextTable is v's table of unit texts.
func unitTextTable(v *variants.Variant) unitTextsOf {
	if x, ok := unitTexts.Load(v); ok {
		return x.(unitTextsOf)
	}
	t := make(unitTextsOf, len(v.Locs))
	for l := range t {
		for i, ut := range []variants.UnitType{variants.Army, variants.Fleet} {
			t[l][i] = v.UnitText(variants.Unit{Type: ut, Loc: variants.Loc(l)})
		}
	}
	x, _ := unitTexts.LoadOrStore(v, t)
	return x.(unitTextsOf)
}

// unitTextsOf is a variant's unit texts by location, army then fleet.
type unitTextsOf [][2]string

// text is v.UnitText(u) from the table.
func (t unitTextsOf) text(v *variants.Variant, u variants.Unit) string {
	if int(u.Loc) >= len(t) || (u.Type != variants.Army && u.Type != variants.Fleet) {
		return v.UnitText(u)
	}
	return t[u.Loc][u.Type-variants.Army]
}

// decodeStored reads a stored position. The store holds what
// appendPosition wrote; such text, with ASCII strings without escapes,
// is read here without encoding/json's reflection, into what Unmarshal
// would make of it. Any other text (spacing, escapes, keys out of order,
// dislodged units) goes to Unmarshal.
func decodeStored(data []byte) (*Position, error) {
	j := &Position{}
	r := storedReader{s: string(data)}
	if r.position(j) && r.i == len(r.s) {
		return j, nil
	}
	j = &Position{}
	return j, json.Unmarshal(data, j)
}

// storedKeys are Position's keys in the order appendPosition writes them.
var storedKeys = [...]string{"variant", "rules", "phase", "units", "centers", "dislodged", "contested", "disorder", "closed", "winner", "italy_joins", "orders"}

// storedReader reads JSON of appendPosition's shape from s at i; its
// strings are parts of s.
type storedReader struct {
	s string
	i int
}

func (r *storedReader) position(j *Position) bool {
	if !r.lit('{') {
		return false
	}
	if r.lit('}') {
		return true
	}
	// j's fields by their key's place in storedKeys.
	texts := [len(storedKeys)]*string{0: &j.Variant, 1: &j.Rules, 2: &j.Phase, 10: &j.ItalyJoins}
	maps := [len(storedKeys)]*map[string][]string{3: &j.Units, 4: &j.Centers, 11: &j.Orders}
	lists := [len(storedKeys)]*[]string{6: &j.Contested, 7: &j.Disorder, 8: &j.Closed}
	last := -1
	for {
		key, ok := r.str()
		if !ok || !r.lit(':') {
			return false
		}
		k := slices.Index(storedKeys[:], key)
		if k <= last { // unknown, repeated or out of order
			return false
		}
		last = k
		switch {
		case texts[k] != nil:
			*texts[k], ok = r.str()
		case maps[k] != nil:
			*maps[k], ok = r.strMap()
		case lists[k] != nil:
			*lists[k], ok = r.strs()
		case key == "winner":
			if ok = r.null(); !ok {
				var w string
				w, ok = r.str()
				j.Winner = &w
			}
		default: // dislodged units
			ok = false
		}
		if !ok {
			return false
		}
		if r.lit('}') {
			return true
		}
		if !r.lit(',') {
			return false
		}
	}
}

// null reads a null, which Unmarshal leaves the field's zero for.
func (r *storedReader) null() bool {
	if strings.HasPrefix(r.s[r.i:], "null") {
		r.i += len("null")
		return true
	}
	return false
}

// lit reads the byte c.
func (r *storedReader) lit(c byte) bool {
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes.
func (r *storedReader) str() (string, bool) {
	if !r.lit('"') {
		return "", false
	}
	for start := r.i; r.i < len(r.s); r.i++ {
		switch c := r.s[r.i]; {
		case c == '"':
			r.i++
			return r.s[start : r.i-1], true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return "", false
		}
	}
	return "", false
}

// strs reads an array of strings or null; [] is an empty slice, as
// Unmarshal makes it.
func (r *storedReader) strs() ([]string, bool) {
	if r.null() {
		return nil, true
	}
	if !r.lit('[') {
		return nil, false
	}
	// Sized by its commas: strings here hold no escaped quote.
	n, in := 1, false
	for _, c := range []byte(r.s[r.i:]) {
		if c == '"' {
			in = !in
		} else if !in && c == ',' {
			n++
		} else if !in && c == ']' {
			break
		}
	}
	out := make([]string, 0, n)
	if r.lit(']') {
		return out, true
	}
	for {
		s, ok := r.str()
		if !ok {
			return nil, false
		}
		out = append(out, s)
		if r.lit(']') {
			return out, true
		}
		if !r.lit(',') {
			return nil, false
		}
	}
}

// strMap reads an object of arrays of strings with its keys in order, as
// appendMap writes them, or null.
func (r *storedReader) strMap() (map[string][]string, bool) {
	if r.null() {
		return nil, true
	}
	if !r.lit('{') {
		return nil, false
	}
	m := map[string][]string{}
	if r.lit('}') {
		return m, true
	}
	last := ""
	for {
		key, ok := r.str()
		if !ok || len(m) > 0 && key <= last || !r.lit(':') {
			return nil, false
		}
		last = key
		if m[key], ok = r.strs(); !ok {
			return nil, false
		}
		if r.lit('}') {
			return m, true
		}
		if !r.lit(',') {
			return nil, false
		}
	}
}
