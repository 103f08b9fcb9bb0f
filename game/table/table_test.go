package table

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/gametest"
)

// cards is a toy game on the table: red and blue each hold cards dealt
// from a shuffled deck; in turn each plays one (PLAY <card>), which
// scores its value and a die; a 9 asks the moderator to rule (RULE
// DOUBLE|KEEP). Four turns.
type cards struct {
	Table
	Turn int `json:"turn"`
}

func (c *cards) Base() *Table           { return &c.Table }
func (c *cards) Dict() game.Dictionary  { return nil }
func (c *cards) Title(stage string) Msg { return M("round %s", stage) }

func (c *cards) Read(seat string, owed *Decision, line string) (Answer, error) {
	f := strings.Fields(strings.ToUpper(line))
	switch {
	case len(f) == 2 && f[0] == "PLAY":
		return Answer{Kind: "play", Text: "PLAY " + f[1]}, nil
	case len(f) == 3 && f[0] == "ALWAYS" && f[1] == "PLAY":
		return Answer{Kind: "play", Text: "PLAY " + f[2], Standing: true}, nil
	}
	return Answer{}, &game.Refusal{NotOrder: true}
}

func (c *cards) ask() {
	seat := c.Order[c.Turn%2]
	var ans []string
	for _, card := range c.Hands[seat] {
		ans = append(ans, "PLAY "+card)
	}
	c.Ask(Decision{Seat: seat, Kind: "play", Prompt: M("Play a card."), Answers: ans, Default: ans[0]})
}

func (c *cards) Apply(dec Decision, answers []string, byDefault bool, d *dice.Source) error {
	if dec.Seat == Master {
		if answers[0] == "DOUBLE" {
			c.Add("score", c.Order[(c.Turn-1)%2], 9)
		}
		c.ask()
		return nil
	}
	card := strings.TrimPrefix(answers[0], "PLAY ")
	if !c.Take(dec.Seat, card) {
		return fmt.Errorf("no card %s", card)
	}
	roll := c.Roll(d, "the die", 1, 6, true)
	n := int(card[0] - '0')
	c.Add("score", dec.Seat, n+roll[0])
	c.Log(M("%s played %s.", dec.Seat, card))
	c.Turn++
	if c.Turn == 4 {
		return nil
	}
	if card == "9" {
		c.Ask(Decision{Seat: Master, Kind: "ruling", Prompt: M("A 9: double it?"), Answers: []string{"DOUBLE", "KEEP"}, Default: "KEEP"})
		return nil
	}
	c.ask()
	return nil
}

func (c *cards) Show(to game.Viewer, l game.Lang) string {
	return Grid([][]string{{"seat", "score"}, {"red", fmt.Sprint(c.Get("score", "red"))}, {"blue", fmt.Sprint(c.Get("score", "blue"))}})
}

func (c *cards) End() *game.Ending {
	if c.Turn < 4 {
		return nil
	}
	return &game.Ending{Text: func(game.Lang) string { return "over" }}
}

var decodeCards = Decoder[cards]

// newCards deals four cards of 1-9 to each seat.
func newCards(t *testing.T, d *dice.Source) *State {
	c := &cards{Table: Table{Stage: "R1", Order: []string{"red", "blue"}, Decks: map[string][]string{"cards": {"1", "2", "3", "4", "5", "6", "7", "8", "9"}}}}
	c.Shuffle(d, "cards")
	c.Deal("cards", "red", 4)
	c.Deal("cards", "blue", 4)
	c.ask()
	return NewState(c, decodeCards)
}

var seed = dice.SeedWhere("x", func(*dice.Source) bool { return true })

func hands(s *State) map[string][]string { return s.P.(*cards).Hands }

// A decision nobody answers takes its default at the deadline, and says so.
func TestDefault(t *testing.T) {
	s := newCards(t, dice.New(seed, ""))
	first := hands(s)["red"][0]
	out, err := s.Resolve(nil, dice.New(seed, "R1-0"))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := s.Results(out.Record, out.Next, game.Viewer{})
	ev := rep.Events(game.English)
	if !strings.Contains(ev, "red did not answer: the default applies (PLAY "+first+").") || !strings.Contains(ev, "red played "+first) {
		t.Errorf("events:\n%s", ev)
	}
	if got := out.Next.Owing(); !slices.Equal(got, []string{"blue"}) {
		t.Errorf("owing %v, want blue", got)
	}
	if id := out.Next.Phase().ID; id != "R1-1" {
		t.Errorf("phase %s", id)
	}
}

// An answer that is none of the legal ones is refused with them; a hand
// is shown to its holder and the moderator only.
func TestReadAndHands(t *testing.T) {
	s := newCards(t, dice.New(seed, ""))
	r, _ := s.Read([]string{"red"}, "PLAY 0", nil)
	if r[0].Refused == nil || !strings.Contains(r[0].Refused.Reason(game.English), "expected one of: PLAY ") {
		t.Errorf("PLAY 0: %+v", r[0])
	}
	red := hands(s)["red"]
	for _, who := range []game.Viewer{{Seats: []string{"red"}}, {Master: true}} {
		if p := s.Position(who)(game.English); !strings.Contains(p, "Hand of red: "+strings.Join(red, ", ")) || !strings.Contains(p, "Play a card.") || !strings.Contains(p, "Now: round R1, play of red") {
			t.Errorf("%v does not see red's hand and prompt:\n%s", who, p)
		}
	}
	p := s.Position(game.Viewer{Seats: []string{"blue"}})(game.English)
	if strings.Contains(p, "Hand of red") || strings.Contains(p, "Play a card.") || !strings.Contains(p, "Hand of blue") {
		t.Errorf("blue's report:\n%s", p)
	}
	if it := s.Position(game.Viewer{Seats: []string{"blue"}})(game.Italian); !strings.Contains(it, "Mano di blue") {
		t.Errorf("in Italian:\n%s", it)
	}
}

// An answer sent ahead waits for its seat's turn and is read again then;
// a standing answer answers every decision of its kind; a moderator's
// decision waits for RULE; the same dice fall again.
func TestAheadStandingRuling(t *testing.T) {
	s := newCards(t, dice.New(seed, ""))
	blue := hands(s)["blue"]
	r, _ := s.Read([]string{"blue"}, "PLAY "+blue[1], nil)
	if r[0].Refused != nil {
		t.Fatalf("blue's answer ahead: %v", r[0].Refused)
	}
	red := hands(s)["red"][1]
	r2, _ := s.Read([]string{"red"}, "PLAY "+red, nil)
	out, err := s.Resolve([]game.Order{r[0].Order, r2[0].Order}, dice.New(seed, "R1-0"))
	if err != nil {
		t.Fatal(err)
	}
	next := out.Next.(*State)
	if hs := hands(next); slices.Contains(hs["blue"], blue[1]) || slices.Contains(hs["red"], red) {
		t.Fatalf("both cards should be played in one resolution: %v", hs)
	}
	if rep, _ := s.Results(out.Record, out.Next, game.Viewer{Seats: []string{"blue"}}); !strings.Contains(rep.Events(game.English), "Your answers sent ahead were applied: PLAY "+blue[1]) {
		t.Errorf("blue's results:\n%s", rep.Events(game.English))
	}
	if rep, _ := s.Results(out.Record, out.Next, game.Viewer{Seats: []string{"red"}}); strings.Contains(rep.Events(game.English), "sent ahead") {
		t.Errorf("red reads blue's note:\n%s", rep.Events(game.English))
	}
	again, _ := s.Resolve([]game.Order{r[0].Order, r2[0].Order}, dice.New(seed, "R1-0"))
	if a, b := again.Next.(*State).P.(*cards).Tracks, next.P.(*cards).Tracks; fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("replayed %v, first %v", a, b)
	}
	// The moderator's decision: nobody owes, and RULE makes it eager.
	c := next.P.(*cards)
	c.Pending = []Decision{{Seat: Master, Kind: "ruling", Prompt: M("A 9"), Answers: []string{"DOUBLE", "KEEP"}}}
	if len(next.Owing()) != 0 || next.Eager() {
		t.Fatal("a moderator's decision is owed by a seat, or eager before RULE")
	}
	rule := Commands()[0]
	if _, _, _, err := rule.Do(next, nil, "maybe"); err == nil {
		t.Error("RULE maybe taken")
	}
	ruled, _, notice, err := rule.Do(next, nil, "double")
	if err != nil || !ruled.(game.Eager).Eager() || notice(game.Italian) != "Il moderatore ha deciso: DOUBLE.\n" {
		t.Fatalf("RULE double: %v", err)
	}
	before := c.Get("score", "blue")
	out, err = ruled.Resolve(nil, dice.New(seed, "R1-2"))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Next.(*State).P.(*cards).Get("score", "blue"); got != before+9 {
		t.Errorf("blue scored %d after DOUBLE, had %d", got, before)
	}
	// A standing answer answers the decision it was sent for, at once.
	st := newCards(t, dice.New(seed, ""))
	first := hands(st)["red"][0]
	r, _ = st.Read([]string{"red"}, "ALWAYS PLAY "+first, nil)
	if m := st.Missing("red", []game.Order{r[0].Order}); len(m) != 0 {
		t.Errorf("a standing answer leaves missing %v", m)
	}
	out, _ = st.Resolve([]game.Order{r[0].Order}, dice.New(seed, "R1-0"))
	if slices.Contains(hands(out.Next.(*State))["red"], first) {
		t.Error("the standing answer was not played")
	}
}

// The moderator's EDIT changes pieces, tracks, cards and order, with
// words every player may read, never naming a card.
func TestEdit(t *testing.T) {
	s := newCards(t, dice.New(seed, ""))
	seat := func(n string) (string, error) {
		if n == "red" || n == "blue" {
			return n, nil
		}
		return "", fmt.Errorf("no seat %s", n)
	}
	for _, c := range []struct{ words, want string }{
		{"PUT Rome army red", "army red put in Rome"},
		{"MOVE Rome Gaul army red", "army red moved from Rome to Gaul"},
		{"TRACK score blue 7", "score of blue is now 7"},
		{"TRACK score blue -2", "score of blue is now 5"},
		{"GIVE blue 5", "a card given to blue"},
		{"ORDER blue red", "the turn order is now blue red"},
	} {
		next, what, master, err := s.Edit(c.words, seat)
		if err != nil || what(game.English) != c.want || master != nil {
			t.Errorf("EDIT %s: %v %q, the moderator's own %v", c.words, err, what, master)
			continue
		}
		s = next.(*State)
	}
	for _, w := range []string{"REMOVE Rome army", "ORDER red", "GIVE green 1", "FLY"} {
		if _, _, _, err := s.Edit(w, seat); err == nil {
			t.Errorf("EDIT %s taken", w)
		}
	}
}

// A data file's lines: comments and blank lines gone, placeholders
// counted, options apart; DATA loads it, or refuses it with each reason
// in the reader's language.
func TestData(t *testing.T) {
	lines, ph := ReadData("# a sample\nDECK red n=3 # placeholder\n\nCARD 9  # placeholder: value\n")
	if ph != 2 || len(lines) != 2 || lines[0].N != 2 || lines[0].Key != "DECK" || lines[0].Words[0] != "red" || lines[0].Opts["n"] != "3" {
		t.Fatalf("%d placeholders, %+v", ph, lines)
	}
	s := newCards(t, dice.New(seed, ""))
	s.t().Pending = nil
	s.t().AskData("data", 185)
	cmd := DataCommand([game.Langs]string{"loads", "carica"}, func(s *State, body string) (Play, Msg, int, []Msg) {
		if strings.Contains(body, "bad") {
			return nil, Msg{}, 0, []Msg{M("there is no place %s", "bad")}
		}
		c := *s.P.(*cards)
		c.Turn = 2
		return &c, M("Ruling taken: %s.", "loaded"), 1, nil
	})
	if _, _, _, err := cmd.Do(s, nil, "\nbad\n"); err == nil || err.(*game.Refusal).Reason(game.Italian) != "il file dei dati è rifiutato: non esiste il luogo bad" {
		t.Errorf("refusal: %v", err)
	}
	next, reply, notice, err := cmd.Do(s, nil, "\nCARD 1\n")
	if err != nil || next.(*State).P.(*cards).Turn != 2 || reply(game.English) != "Ruling taken: loaded." || notice(game.Italian) != "Il moderatore ha caricato i dati del gioco.\n" {
		t.Errorf("load: %v %q", err, reply)
	}
	// The moderator's ask for the data counts the file loaded, and the
	// state before is as it was.
	if got := next.(*State).t().Now().Prompt.Write(nil, game.English); !strings.HasSuffix(got, "(1 lines of it are placeholders)") {
		t.Errorf("the ask after DATA: %q", got)
	}
	if got := s.t().Now().Prompt.Write(nil, game.English); !strings.HasSuffix(got, "(185 lines of it are placeholders)") {
		t.Errorf("the ask before DATA: %q", got)
	}
}

// DataRefusals write a line's reason after its number and the file's
// after the lines', and DataItalian gives both in Italian.
func TestDataRefusals(t *testing.T) {
	var r DataRefusals
	r.File("no %s line", "END")
	r.Line(7, "no %s line", "END")
	r.Line(2, "bad")
	d := game.Dictionary{}
	DataItalian(d, map[string]string{"bad": "errata", "no %s line": "nessuna riga %s"})
	var got []string
	for _, m := range r.Msgs() {
		got = append(got, m.Write(d, game.Italian))
	}
	if want := []string{"riga 2: errata", "riga 7: nessuna riga END", "il file: nessuna riga END"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

// The refusals of a data file in order, ten at most; the ranking with
// its ties; the moderator's data decision; a calendar in Italian.
func TestDataHelpers(t *testing.T) {
	var lines []Msg
	for _, n := range []int{9, 2, 5, 1, 1, 3, 4, 6, 7, 8, 10} {
		lines = append(lines, M("line %s: x", n))
	}
	errs := DataErrors(lines, []Msg{M("the file: y")})
	if len(errs) != 10 || errs[0].A[0] != "1" || errs[9].A[0] != "9" {
		t.Errorf("%v", errs)
	}
	score := map[string][]int{"a": {5, 1}, "b": {7, 0}, "c": {7, 0}}
	ranked, won := Rank([]string{"a", "b", "c"}, func(s string) []int { return score[s] })
	if !slices.Equal(ranked, []string{"b", "c", "a"}) || !slices.Equal(won, []string{"b", "c"}) {
		t.Errorf("ranked %v, winners %v", ranked, won)
	}
	var tb Table
	tb.AskData("data", 3)
	if now := tb.Now(); now.Seat != Master || !strings.Contains(now.Prompt.Write(nil, game.Italian), "3 righe sono provvisorie") {
		t.Errorf("%+v", now)
	}
	if c := Calendar(game.Dictionary{"turn": "turno"}, "turn"); c[0].Show(game.Italian, "x") != `turno "x"` {
		t.Errorf("%q", c[0].Show(game.Italian, "x"))
	}
}

// Every text a reader may read has its Italian.
func TestItalianIsComplete(t *testing.T) {
	texts := gametest.TextsInCode(t, ".", map[string][]int{"M": {0}})
	texts[editForms] = "editForms"
	gametest.CheckItalian(t, texts, italian)
}

// A Msg's argument may be a Msg, written in the reader's language too
// (a stage's title in "Now: ...", a list of parts), and kept in the
// state's JSON; an answer sent ahead that no longer stands is told with
// its reason in its reader's language.
func TestNestedMsgAndLaterReason(t *testing.T) {
	d := game.Dictionary{"epoch %s": "epoca %s", "play": "giocata", "presence": "presenza"}
	now := M("Now: %s, %s of %s (%s).", M("epoch %s", "III"), "play", "red", "E3-4")
	var back Msg
	b, _ := json.Marshal(now)
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    Msg
		l    game.Lang
		want string
	}{
		{back, game.English, "Now: epoch III, play of red (E3-4)."},
		{back, game.Italian, "Ora: epoca III, giocata di red (E3-4)."},
		{List(nil), game.Italian, "-"},
		{List([]Msg{M("%s %s %s", "india", "presence", 2), M("%s %s %s", "china", "presence", 1)}), game.Italian, "india presenza 2, china presenza 1"},
	} {
		if got := c.m.Write(d, c.l); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	// Blue sends ahead a card it does not hold: at its turn the answer
	// is refused, with the reason in Italian for an Italian reader.
	s := newCards(t, dice.New(seed, ""))
	missing := hands(s)["red"][0]
	r, _ := s.Read([]string{"blue"}, "PLAY "+missing, nil)
	red, _ := s.Read([]string{"red"}, "PLAY "+hands(s)["red"][1], nil)
	out, err := s.Resolve([]game.Order{r[0].Order, red[0].Order}, dice.New(seed, "R1-0"))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := s.Results(out.Record, out.Next, game.Viewer{Seats: []string{"blue"}})
	if it := rep.Events(game.Italian); !strings.Contains(it, "non vale più: attesa una di: PLAY ") {
		t.Errorf("blue's results in Italian:\n%s", it)
	}
	if en := rep.Events(game.English); !strings.Contains(en, "no longer stands: expected one of: PLAY ") {
		t.Errorf("blue's results in English:\n%s", en)
	}
}

// pictured is the cards game with a picture: the scores.
type pictured struct{ *cards }

func (p pictured) Picture() any { return p.Tracks["score"] }

// A Pictured game's record keeps its picture of the state after the
// resolution; another's keeps none.
func TestPicture(t *testing.T) {
	decode := func(b []byte) (Play, error) { c, err := decodeCards(b); return pictured{c.(*cards)}, err }
	plain := newCards(t, dice.New(seed, ""))
	s := NewState(pictured{plain.P.(*cards)}, decode)
	for _, st := range []*State{s, plain} {
		out, err := st.Resolve(nil, dice.New(seed, "R1-0"))
		if err != nil {
			t.Fatal(err)
		}
		pic, err := Picture(out.Record)
		want := ""
		if st == s {
			want = fmt.Sprintf(`{"red":%d}`, out.Next.(*State).P.Base().Get("score", "red"))
		}
		if err != nil || string(pic) != want {
			t.Errorf("picture %s, %v; want %s", pic, err, want)
		}
	}
}

// A game's one setting, its players: the default, a number in range, and
// a refusal that says what was expected, or names the setting it is not.
func TestPlayers(t *testing.T) {
	p := Players{Game: "hotw", Min: 3, Max: 6, Default: 4}
	for _, c := range []struct {
		settings map[string]string
		n        int
		err      string
	}{
		{nil, 4, ""},
		{map[string]string{"players": "5"}, 5, ""},
		{map[string]string{"players": ""}, 4, ""},
		{map[string]string{"players": "7"}, 0, `players "7": expected 3 to 6`},
		{map[string]string{"players": "many"}, 0, `players "many": expected 3 to 6`},
		{map[string]string{"variant": "x"}, 0, `"variant" is no setting of hotw`},
	} {
		n, err := p.Read(c.settings)
		if n != c.n || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("%v: %d, %v; want %d, %s", c.settings, n, err, c.n, c.err)
		}
	}
	if st := p.Setting(); st.Form != "3|4|5|6" || st.Default != "4" || st.Help[0] != "players (3|4|5|6)" {
		t.Errorf("setting %+v", st)
	}
}

// Top keeps the keys of the highest score, in their order.
func TestTop(t *testing.T) {
	score := map[string]int{"a": 2, "b": 5, "c": 5, "d": -1}
	for _, c := range []struct {
		keys, want []string
	}{
		{[]string{"a", "b", "c", "d"}, []string{"b", "c"}},
		{[]string{"d", "a"}, []string{"a"}},
		{[]string{"d"}, []string{"d"}},
		{nil, nil},
	} {
		if got := Top(c.keys, func(k string) int { return score[k] }); !slices.Equal(got, c.want) {
			t.Errorf("%v: %v, want %v", c.keys, got, c.want)
		}
	}
}

// Words: upper case, a step's number dropped, the game's verbs read as
// their English.
func TestWords(t *testing.T) {
	verbs := map[string]string{"PASSA": "PASS", "INVIA": "SEND"}
	for line, want := range map[string]string{
		"1. invia cina": "SEND CINA",
		"2) passa":      "PASS",
		"3 passa":       "PASS",
		"passa":         "PASS",
		"1.":            "1.",
		"":              "",
		"Send Cina 3":   "SEND CINA 3",
	} {
		if got := strings.Join(Words(line, verbs), " "); got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
}

// Skipped joins a prefix and a reason in one format, their nested texts
// where they were.
func TestSkipped(t *testing.T) {
	d := game.Dictionary{"%s: %s skipped: no %s.": "%s: %s saltato: niente %s.", "cubes": "cubi"}
	m := Skipped(M("%s: %s skipped: ", "gb", "SEND x"), M("no %s", M("cubes")))
	if got := m.Write(d, game.Italian); got != "gb: SEND x saltato: niente cubi." {
		t.Errorf("%q", got)
	}
	if got := m.Write(d, game.English); got != "gb: SEND x skipped: no cubes." {
		t.Errorf("%q", got)
	}
}
