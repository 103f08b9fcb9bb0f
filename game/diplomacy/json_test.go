package diplomacy

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/corriere/corriere/game"
)

// strange are strings encoding/json escapes: the hand-written appenders
// must write them as it does.
var strange = []string{"", "A par - bur", `say "hi"\`, "<b>&</b>", "tab\there\nnl\r\b\f\x01\x1f\x7f", "Città", "bad \xff utf8", "\u2028\u2029", "日本"}

// TestAppendersAsMarshal pins the hand-written JSON to encoding/json's
// bytes: positions and records with every field set, left empty or nil.
func TestAppendersAsMarshal(t *testing.T) {
	w, empty := "france", ""
	positions := []*Position{
		nil,
		{},
		{Phase: "S1901M", Units: map[string][]string{}, Centers: map[string][]string{"x": nil}, Dislodged: map[string][]DislodgedUnit{}, Orders: map[string][]string{}},
		{
			Variant: "standard", Rules: "2023", Phase: "F1901R",
			Units:     map[string][]string{"england": {"F nth", "A lon"}, "france": {"A par"}, "<&>": {}},
			Centers:   map[string][]string{"england": {"lon", "edi"}},
			Dislodged: map[string][]DislodgedUnit{"germany": {{Unit: "A mun", AttackerFrom: "boh", ViaConvoy: true, Retreats: []string{"kie", "ber"}}, {Unit: "A ber", Retreats: []string{}}}, "italy": nil},
			Contested: []string{"bur"}, Disorder: []string{"italy"}, Closed: []string{"swi"},
			Winner: &w, ItalyJoins: "austria",
			Orders: map[string][]string{"england": strange},
		},
		{Phase: "W1901A", Winner: &empty, Contested: []string{}, Disorder: []string{}, Closed: []string{}},
	}
	for _, s := range strange {
		positions = append(positions, &Position{Variant: s, Rules: s, Phase: s, Units: map[string][]string{s: {s}}, ItalyJoins: s, Winner: &s})
	}
	for i, p := range positions {
		check(t, "position", i, appendPosition(nil, p), p)
	}
	results := map[string][]OrderResult{"england": {{Order: "A lon H", Parsed: "A lon H", Result: "succeeds"}, {Order: "xx", Result: "invalid", Reason: "<no>"}}, "france": nil}
	for _, s := range strange {
		results[s] = append(results[s], OrderResult{Order: s, Parsed: s, Result: s, Reason: s})
	}
	records := []record{
		{},
		{Response: &Response{}},
		{Response: &Response{Phase: "S1901M", Results: results, Removed: map[string][]string{"italy": {"A ven"}}, Next: positions[3]}},
		{Response: &Response{Phase: "S1901M", Results: map[string][]OrderResult{}, Removed: map[string][]string{}}, ByMaster: map[string][]bool{"england": {true, false}, "x": nil}},
		{Response: &Response{Phase: "F1901M"}, coin: coin{Coin: "austria", Again: true, Pending: true}},
		{ByMaster: map[string][]bool{}, coin: coin{Pending: true}},
		{coin: coin{Coin: "<&>"}},
	}
	for i, r := range records {
		check(t, "record", i, appendRecord(nil, &r), r)
	}
}

func check(t *testing.T, what string, i int, got []byte, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s %d:\n got %s\nwant %s", what, i, got, want)
	}
}

// TestRecordsAsMarshal plays a game from the start and checks every
// record and position the judge stores against encoding/json's bytes.
func TestRecordsAsMarshal(t *testing.T) {
	rules, err := Configure(map[string]string{"variant": "standard", "rules": "2023"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.start(nil)
	if err != nil {
		t.Fatal(err)
	}
	// A bounce, a dislodgement and its retreat, a convoy, builds.
	turns := [][]game.Order{
		{{Seat: "germany", Text: "A mun - bur"}, {Seat: "italy", Text: "A ven - tyr"}, {Seat: "austria", Text: "A vie - tyr"}, {Seat: "england", Text: "F lon - nth"}, {Seat: "england", Text: "Fleet London to North <Sea>"}, {Seat: "england", Text: "A lvp - yor"}},
		{{Seat: "france", Text: "A par - bur"}, {Seat: "france", Text: "A mar S A par - bur"}, {Seat: "russia", Text: "A war - gal", ByMaster: true}, {Seat: "england", Text: "F nth C A yor - nwy"}, {Seat: "england", Text: "A yor - nwy"}},
		{{Seat: "germany", Text: "A bur - ruh"}},
		{{Seat: "germany", Text: "build A mun"}, {Seat: "russia", Text: "waive"}, {Seat: "england", Text: "build F lon"}},
	}
	dislodged := false
	for i := 0; i < 12; i++ {
		var orders []game.Order
		if i < len(turns) {
			orders = turns[i]
		}
		out, err := st.Resolve(orders, nil)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := st.play(orders, nil)
		if err != nil {
			t.Fatal(err)
		}
		check(t, "record", i, out.Record, record{Response: pl.Response, ByMaster: pl.ByMaster, coin: pl.coin})
		next := out.Next.(*State)
		dislodged = dislodged || len(next.js.Dislodged) > 0
		data, _ := next.Encode()
		check(t, "position", i, data, next.js)
		if st, err = rules.Load(data); err != nil {
			t.Fatal(err)
		}
	}
	if !dislodged {
		t.Error("no unit dislodged: the test covers no retreat")
	}
}

// FuzzAppendString checks the quoting of any string against encoding/json.
func FuzzAppendString(f *testing.F) {
	for _, s := range strange {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	})
}

// TestTwoNamesOfOnePower: orders under two names of one power are one
// list of results, in the order of the names.
func TestTwoNamesOfOnePower(t *testing.T) {
	resp, err := Play(&Position{Phase: "S1901M", Orders: map[string][]string{
		"england": {"F lon - nth"}, "France": {"A par - bur"}, "England": {"F edi - nwg", "A lvp H"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range resp.Results["england"] {
		got = append(got, r.Order)
	}
	if want := []string{"F edi - nwg", "A lvp H", "F lon - nth"}; !slices.Equal(got, want) {
		t.Errorf("england's results %q, want %q", got, want)
	}
	if len(resp.Results) != 2 {
		t.Errorf("results of %d powers, want 2", len(resp.Results))
	}
}

// storedTexts are positions as stored and texts near them that the fast
// reader must leave to encoding/json or read as it does.
func storedTexts() []string {
	texts := []string{
		`{}`, `{"phase":"S1901M"}`, ` {"phase":"S1901M"}`, `{"phase":"S1901M"} `, `{"phase":"S1901M"}x`,
		`{"Phase":"S1901M"}`, `{"phase":"S1901M","phase":"F1901M"}`, `{"units":{},"phase":"S1901M"}`,
		`{"units":{"b":["A x"],"a":[]}}`, `{"units":{"a":["A x"],"a":[]}}`, `{"units":{"a":null}}`, `{"units":null}`,
		`{"winner":null}`, `{"winner":""}`, `{"units":{"a":null,"b":["x"]},"centers":null,"closed":null}`, `{"units":nul}`, `{"winner":nullx}`, `{"phase":"S\u00e91901M"}`, `{"phase":"a\"b"}`, `{"phase":"\u003c"}`,
		`{"contested":[]}`, `{"contested":["a",]}`, `{"contested":["a""b"]}`, `{"phase":1}`, `{"extra":1}`,
		`{"dislodged":{"germany":[{"unit":"A mun","retreats":["kie"]}]}}`, `{"phase":"S1901M",}`, `{"phase":"S1901M"`, ``, `null`,
	}
	w := "france"
	for _, p := range []*Position{
		{Variant: "standard", Rules: "2023", Phase: "F1901M", Units: map[string][]string{"england": {"A lon", "F nth"}, "france": {}}, Centers: map[string][]string{"england": {"edi", "lon"}},
			Contested: []string{"bur"}, Disorder: []string{"italy"}, Closed: []string{"swi"}, Winner: &w, ItalyJoins: "austria", Orders: map[string][]string{"england": {"A lon H", "Città"}}},
		{Phase: "W1901A", Units: map[string][]string{}, Centers: map[string][]string{}},
	} {
		texts = append(texts, string(appendPosition(nil, p)))
	}
	return texts
}

// TestDecodeStoredAsUnmarshal: the stored position's reader makes what
// encoding/json makes of any text, and fails where it fails.
func TestDecodeStoredAsUnmarshal(t *testing.T) {
	for _, s := range storedTexts() {
		decodedAsUnmarshal(t, s)
	}
}

func decodedAsUnmarshal(t *testing.T, s string) {
	t.Helper()
	got, gerr := decodeStored([]byte(s))
	want := &Position{}
	werr := json.Unmarshal([]byte(s), want)
	if (gerr != nil) != (werr != nil) || werr == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%q: got %+v (%v), want %+v (%v)", s, got, gerr, want, werr)
	}
}

func FuzzDecodeStored(f *testing.F) {
	for _, s := range storedTexts() {
		f.Add(s)
	}
	f.Fuzz(decodedAsUnmarshal)
}
