package italia

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
)

// testDeck is an arbiter's deck for the tests: a card of each kind the
// engine knows, Savonarola in Florence's hand; the events table rolls
// no disaster tables, so that a turn's dice are its events' 3D6 and the
// cards'.
const testDeck = `DISASTERS EVENTS
CARD 1 : Uno | One | Il testo della carta uno
CARD 2 owner=francia : Due | Two | La carta di Francia
CARD 3 mandatory : Tre | Three | Va giocata appena pescata
CARD 4 obsolete character : Ludovico il Moro | | Obsoleta a partita iniziata
CARD 5 remove : Cinque | Five | Si elimina dopo l'uso
CARD 6 swiss : L'esclusiva francese | The French exclusive | Gli Svizzeri solo per la Francia
CARD 7 : Sette | Seven | Sette
CARD 8 : Otto | Eight | Otto
CARD 9 : Nove | Nine | Nove
CARD 10 candidate=3 : Giuliano della Rovere | | Candidato
CARD 11 candidate=2 : Georges d'Amboise | | Candidato
CARD 12 candidate=2 : Ascanio Sforza | | Candidato
CARD 13 cardinals=2 : Controllo Cardinali | Cardinals' control | Voti
CARD 14 valentino=4 : Il Valentino | Valentino | Voti
CARD 15 smoke : Fumata Nera | Black smoke | Invalida la votazione
CARD 16 candidate=1 : Francesco Piccolomini | | Candidato
CARD 17 cardinals=1 : Controllo Cardinali | Cardinals' control | Voti
CARD 20 character savonarola : Savonarola | | Il frate
CARD 45 party=piagnoni : Piagnoni | | Effetti dei Piagnoni
CARD 46 party=arrabbiati : Arrabbiati | | Effetti degli Arrabbiati
CARD 47 party=bigi : Bigi | | Effetti dei Bigi
HAND firenze 20`

// six are the seated powers, in the seed's order.
var six = []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"}

// started is the start of the rules r, changed by each of steps (nil
// ones left out), as a state.
func started(t *testing.T, r *Rules, steps ...func(*Position)) *State {
	t.Helper()
	st, err := r.start(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range steps {
		if step != nil {
			step(st.pos)
		}
	}
	next, err := r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

// cardsWith is a position of the rules r made from the start at phase,
// with testDeck (and the lines of more) dealt, and changes to it.
func cardsWith(t *testing.T, r *Rules, phase, more string, change func(*Position)) *State {
	t.Helper()
	add, errs := r.ReadScenario(testDeck + "\n" + more)
	if len(errs) > 0 {
		t.Fatalf("scenario refused: %s", errs[0](game.English))
	}
	return started(t, r, func(p *Position) {
		p.Scenario = p.Scenario.with(add)
		p.dealCards()
		p.Phase = phase
	}, change)
}

// cardsAt is cardsWith for six players.
func cardsAt(t *testing.T, phase string, change func(*Position)) *State {
	t.Helper()
	return cardsWith(t, mustRules(t, nil), phase, "", change)
}

// give moves cards from the pile into a power's hand.
func give(pos *Position, id string, cards ...int) {
	cs := pos.Cards
	for _, n := range cards {
		cs.Pile = slices.DeleteFunc(cs.Pile, func(k int) bool { return k == n })
		pos.power(id).Hand = append(pos.power(id).Hand, n)
	}
}

// drawn moves cards from the pile into what a power drew last turn.
func drawn(pos *Position, id string, cards ...int) {
	give(pos, id, cards...)
	p := pos.power(id)
	p.Hand = slices.DeleteFunc(p.Hand, func(k int) bool { return slices.Contains(cards, k) })
	p.Drawn = append(p.Drawn, cards...)
}

// cardTurn reads each power's sheet as the judge does (every line must
// be taken), and resolves st with dice that fall as rolls, all of them
// and no more; it returns the outcome and what each reader reads of it.
func cardTurn(t *testing.T, st *State, sheets map[string]string, rolls ...int) (*game.Outcome, func(game.Viewer, game.Lang) string) {
	t.Helper()
	var orders []game.Order
	for _, seat := range six {
		if sheets[seat] == "" {
			continue
		}
		rs, standing := readSheet(t, st, seat, sheets[seat])
		for _, r := range rs {
			if r.Refused != nil && !r.Refused.NotOrder {
				t.Fatalf("%s: %q refused: %s", seat, r.Written, r.Refused.Reason(game.English))
			}
		}
		orders = append(orders, standing...)
	}
	return resolvedAs(t, st, orders, rolls...)
}

// faces are the dice that draw ids, one after another, from a list (a
// bag or a pile): each one's place among those not drawn yet.
func faces[T comparable](list []T, ids ...T) []int {
	left := slices.Clone(list)
	var out []int
	for _, id := range ids {
		i := slices.Index(left, id)
		out = append(out, i+1)
		left = slices.Delete(left, i, i+1)
	}
	return out
}

// events is a turn's 3D6 on the events table: row 3, the arbiter's.
var events = []int{1, 1, 1}

func seat(id string) game.Viewer { return game.Viewer{Seats: []string{id}} }

// mustHave fails unless text has each of wants.
func mustHave(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// mustLack fails if text has any of these.
func mustLack(t *testing.T, what, text string, these ...string) {
	t.Helper()
	for _, w := range these {
		if strings.Contains(text, w) {
			t.Errorf("%s has %q:\n%s", what, w, text)
		}
	}
}

// held is how many cards a power holds, kept and drawn.
func held(st *State, id string) int {
	p := st.power(id)
	return len(p.Hand) + len(p.Drawn)
}

// The lottery (seed §10): two markers a turn from the bag, refilled
// only when all have drawn; with six players each draws once a year,
// whatever the dice. The public results say who draws; the card drawn
// is told to its player alone.
func TestLotteryYear(t *testing.T) {
	for seed := range 12 {
		st := cardsAt(t, "P1500D", nil)
		counts := map[string]int{}
		for _, phase := range []string{"P1500D", "P1500O", "E1500O"} {
			if st.pos.Phase != phase {
				t.Fatalf("at %s, want %s", st.pos.Phase, phase)
			}
			out, err := st.Resolve(nil, dice.New(dice.Seed{byte(seed)}, phase))
			if err != nil {
				t.Fatal(err)
			}
			next := out.Next.(*State)
			rep, _ := st.Results(out.Record, next, seat("impero"))
			drew := lotteryDrew(t, rep.Events(game.English))
			for _, id := range drew {
				counts[id]++
			}
			if len(drew) != 2 {
				t.Fatalf("seed %d, %s: %v drew", seed, phase, drew)
			}
			for _, id := range six {
				rep, _ := st.Results(out.Record, next, seat(id))
				if got := strings.Contains(rep.Events(game.English), "you draw card "); got != slices.Contains(drew, id) {
					t.Errorf("seed %d, %s: %s reads a card drawn: %v; drew %v", seed, phase, id, got, drew)
				}
			}
			st = next
		}
		for _, id := range six {
			if counts[id] != 1 {
				t.Errorf("seed %d: %s drew %d times in the year: %v", seed, id, counts[id], counts)
			}
		}
		if len(st.pos.Cards.Bag) != 0 {
			t.Errorf("seed %d: the bag keeps %v at the year's end", seed, st.pos.Cards.Bag)
		}
	}
}

// lotteryDrew are the powers a results text says the lottery drew.
func lotteryDrew(t *testing.T, text string) []string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		_, names, ok := strings.Cut(line, "the card lottery of ")
		if !ok {
			continue
		}
		_, names, _ = strings.Cut(names, ": ")
		names, _, _ = strings.Cut(names, " draw a card")
		var out []string
		for _, n := range strings.Split(names, ", ") {
			id, _ := lookupPower(n)
			out = append(out, id)
		}
		return out
	}
	t.Errorf("no lottery in:\n%s", text)
	return nil
}

// With seven players (the Ottomans seated) the bag holds seven markers:
// the lottery that empties it refills it for its second draw, never
// drawing one player twice in a turn; over seven turns each draws twice.
func TestLotterySevenPlayers(t *testing.T) {
	st := cardsWith(t, mustRules(t, map[string]string{"players": "7"}), "P1500D", "", nil)
	players := append(slices.Clone(six), "ottomani")
	for seed := range 8 {
		rs, err := st.resolution(nil, dice.New(dice.Seed{byte(seed)}, "seven"))
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		for turn := range 7 {
			told := len(rs.events)
			rs.lottery("l:test\x1ftest")
			var said []string
			for _, e := range rs.events[told:] {
				said = append(said, st.eventText(game.English, e))
			}
			drew := lotteryDrew(t, strings.Join(said, "\n"))
			for _, id := range drew {
				counts[id]++
			}
			if len(drew) != 2 || drew[0] == drew[1] {
				t.Errorf("seed %d, turn %d: %v drew", seed, turn, drew)
			}
		}
		for _, id := range players {
			if counts[id] != 2 {
				t.Errorf("seed %d: %s drew %d cards in 7 turns: %v", seed, id, counts[id], counts)
			}
		}
	}
}

// A player drawn with five cards kept draws none (seed §10), unless his
// sheet discards one if he is drawn (R50); a second lottery in a row
// without a draw loses him the right for the rest of the game, and his
// marker leaves the bag. France, drawn with him, draws card 2.
func TestHandLimitInTheLottery(t *testing.T) {
	full := []int{1, 7, 8, 9, 5}
	for _, c := range []struct {
		name        string
		missed      int
		sheet       string
		bag         []string
		cards       []int // the cards drawn, in order
		hand, drawn []int // Venice's after
		missedAfter int
		barred      bool
		says        []string
	}{
		{"a full hand: no draw", 0, "", []string{"venezia", "francia"}, []int{2}, full, nil, 1, false,
			[]string{"Venice holds five cards and does not draw (seed §10)", "a second time in a row and you lose the right to draw"}},
		{"a full hand twice: no more draws", 1, "", []string{"venezia", "francia"}, []int{2}, full, nil, 0, true,
			[]string{"Venice has not drawn twice in a row and loses the right to draw for the rest of the game (seed §10)"}},
		{"a discard if drawn", 1, "SCARTA CARTA 9 SE PESCO", []string{"venezia", "francia"}, []int{10, 2}, []int{1, 7, 8, 5}, []int{10}, 0, false,
			[]string{"you discard card 9 Nine before drawing, as your sheet said (R50)", "you draw card 10 Giuliano della Rovere: Candidato."}},
		{"a discard if drawn, not drawn", 0, "DISCARD CARD 9 IF I DRAW", []string{"francia", "firenze"}, []int{2, 10}, full, nil, 0, false, nil},
	} {
		st := cardsAt(t, "P1500O", func(p *Position) {
			give(p, "venezia", full...)
			p.Cards.Bag = c.bag
			if c.missed > 0 {
				p.Cards.Missed = map[string]int{"venezia": c.missed}
			}
		})
		// The bag's first marker on a die of two, the second alone.
		rolls := append(slices.Clone(events), 1)
		out, read := cardTurn(t, st, map[string]string{"venezia": c.sheet}, append(rolls, faces(st.pos.Cards.Pile, c.cards...)...)...)
		next := out.Next.(*State)
		v, cs := next.power("venezia"), next.pos.Cards
		if !slices.Equal(v.Hand, c.hand) || !slices.Equal(v.Drawn, c.drawn) {
			t.Errorf("%s: Venice holds %v, drew %v", c.name, v.Hand, v.Drawn)
		}
		if cs.Missed["venezia"] != c.missedAfter || slices.Contains(cs.Barred, "venezia") != c.barred {
			t.Errorf("%s: missed %v, barred %v", c.name, cs.Missed, cs.Barred)
		}
		if c.barred && (slices.Contains(cs.Bag, "venezia") || slices.Contains((&resolution{s: next, pos: next.pos}).drawers(), "venezia")) {
			t.Errorf("%s: Venice is still in the lottery: bag %v", c.name, cs.Bag)
		}
		if !slices.Equal(next.power("francia").Drawn, []int{2}) {
			t.Errorf("%s: France drew %v", c.name, next.power("francia").Drawn)
		}
		venice := read(seat("venezia"), game.English)
		mustHave(t, c.name+": Venice's results", venice, c.says...)
		mustLack(t, c.name+": Venice's results", venice, "you draw card 2 ")
		mustHave(t, c.name+": France's results", read(seat("francia"), game.Italian), "peschi la carta 2 Due: La carta di Francia")
	}
}

// The cards drawn last turn, decided on this turn's sheet (seed §10,
// R34): kept by TIENI or by no line, if the hand has room (a 6th only if
// a conclave card); discarded by SCARTA, another player's replaced at
// once by a card drawn with the game's dice; played by GIOCA. The autumn
// is played, which rolls no events after it.
func TestDrawnCardDecided(t *testing.T) {
	for _, c := range []struct {
		name        string
		hand, drawn []int
		line        string
		rolls       func(pile []int) []int
		hand2       []int
		drawn2      []int
		used, out   []int
		venice      []string
		everyone    []string
	}{
		{name: "no line: kept", drawn: []int{1}, hand2: []int{1}, venice: []string{"you keep card 1 One (seed §10)"}},
		{name: "kept", drawn: []int{1}, line: "TIENI CARTA 1", hand2: []int{1}, venice: []string{"you keep card 1 One"}},
		{name: "another's kept", drawn: []int{2}, line: "KEEP CARD 2", hand2: []int{2}},
		{name: "discarded", drawn: []int{1}, line: "SCARTA CARTA 1", used: []int{1}, venice: []string{"you discard card 1 One, drawn last turn (seed §10)"}},
		{name: "another's discarded: a card drawn at once", drawn: []int{2}, line: "DISCARD CARD 2",
			rolls: func(pile []int) []int { return faces(pile, 7) }, drawn2: []int{7}, used: []int{2},
			venice: []string{"card 2 Two bears the symbol of France: you draw another at once (seed §10)", "you draw card 7 Seven: Sette. On your next sheet keep it"}},
		{name: "played", drawn: []int{1}, line: "GIOCA CARTA 1 QUANDO PRIMA contro Firenze", used: []int{1},
			everyone: []string{"Venice plays card 1 One (before the operations): Il testo della carta uno; the player adds: contro Firenze (seed §10, R41)"}},
		{name: "a full hand: discarded", hand: []int{5, 7, 8, 9, 2}, drawn: []int{1}, hand2: []int{5, 7, 8, 9, 2}, used: []int{1},
			venice: []string{"your hand is full (5 cards, a 6th only if a conclave card): card 1 One, drawn last turn, is discarded (seed §10, R34)"}},
		{name: "a full hand: a conclave card kept as the 6th", hand: []int{5, 7, 8, 9, 1}, drawn: []int{10}, hand2: []int{5, 7, 8, 9, 1, 10}},
		{name: "a discard from the hand makes room", hand: []int{5, 7, 8, 9, 11}, drawn: []int{1}, line: "SCARTA CARTA 9\nTIENI CARTA 1", hand2: []int{5, 7, 8, 11, 1}, used: []int{9},
			venice: []string{"you discard card 9 Nine (seed §10)", "you keep card 1 One"}},
	} {
		st := cardsAt(t, "A1500O", func(p *Position) {
			give(p, "venezia", c.hand...)
			drawn(p, "venezia", c.drawn...)
		})
		var rolls []int
		if c.rolls != nil {
			rolls = c.rolls(st.pos.Cards.Pile)
		}
		out, read := cardTurn(t, st, map[string]string{"venezia": c.line}, rolls...)
		next := out.Next.(*State)
		v, cs := next.power("venezia"), next.pos.Cards
		if !slices.Equal(v.Hand, c.hand2) || !slices.Equal(v.Drawn, c.drawn2) || !slices.Equal(cs.Used, c.used) || !slices.Equal(cs.Out, c.out) {
			t.Errorf("%s: hand %v drawn %v used %v out %v; want %v %v %v %v", c.name, v.Hand, v.Drawn, cs.Used, cs.Out, c.hand2, c.drawn2, c.used, c.out)
		}
		mustHave(t, c.name+": Venice's results", read(seat("venezia"), game.English), c.venice...)
		france := read(seat("francia"), game.English)
		mustHave(t, c.name+": France's results", france, c.everyone...)
		mustLack(t, c.name+": France's results", france, "you keep", "you discard", "you draw")
	}
}

// An obsolete card drawn is put out of the game and another drawn (seed
// §10: 21, Ludovico il Moro, after the start); a card that must be
// played is played as it is drawn, and the arbiter is told to apply it.
func TestObsoleteAndMandatoryCards(t *testing.T) {
	st := cardsAt(t, "A1500O", func(p *Position) { drawn(p, "venezia", 2) })
	pile := st.pos.Cards.Pile
	out, read := cardTurn(t, st, map[string]string{"venezia": "SCARTA CARTA 2"}, faces(pile, 4, 3)...)
	next := out.Next.(*State)
	cs := next.pos.Cards
	if !slices.Equal(cs.Out, []int{4}) || !slices.Equal(cs.Used, []int{2, 3}) || held(next, "venezia") != 0 {
		t.Errorf("out %v, used %v, Venice %v %v", cs.Out, cs.Used, next.power("venezia").Hand, next.power("venezia").Drawn)
	}
	if len(cs.Awaiting) != 1 || cs.Awaiting[0] != (Played{Card: 3, By: "venezia", Phase: "A1500O", When: whenDrawn}) {
		t.Errorf("awaiting %+v", cs.Awaiting)
	}
	mustHave(t, "Venice's results", read(seat("venezia"), game.Italian),
		"peschi la carta 4 Ludovico il Moro: a partita iniziata non può più avere effetto; esce dal gioco, e ne peschi un'altra (seed §10)",
		"peschi la carta 3 Tre: Va giocata appena pescata")
	everyone := read(seat("papato"), game.English)
	mustHave(t, "the Pope's results", everyone, "Venice draws an obsolete card, 4 Ludovico il Moro, and draws another (seed §10)",
		"Venice plays card 3 Three (as it was drawn, for it must be): Va giocata appena pescata (seed §10, R41)")
	mustLack(t, "the Pope's results", everyone, "its effect is yours")
	mustHave(t, "the arbiter's results", read(master, game.English), "card 3 Three is played by Venice: its effect is yours (R41): apply it (EDIT) and tell the players what it did with CARTA 3 EFFETTO <what> -- <reason>")
}

// A card played resolves at its moment of spec §2.3 (R41): in the
// diplomacy before the alliances; before the operations, ahead of the
// expenses; after them, behind the autumn's taxes. A card removed after
// use leaves the game; the French exclusive's comes into force, and the
// Swiss are then France's alone.
func TestPlayTiming(t *testing.T) {
	for _, c := range []struct {
		phase, line   string
		before, after string // the play's line comes after before and ahead of after
		used, out     []int
	}{
		{"P1500D", "GIOCA CARTA 1", "", "Venice and Papacy are allied", []int{1}, nil},
		{"A1500O", "GIOCA CARTA 1 QUANDO PRIMA", "", "Venice collects", []int{1}, nil},
		{"A1500O", "PLAY CARD 5 WHEN AFTER", "Venice collects", "", nil, []int{5}},
	} {
		st := cardsAt(t, c.phase, func(p *Position) {
			give(p, "venezia", 1, 5)
			p.Cards.Barred = slices.Clone(six) // no lottery after the diplomacy
		})
		sheets := map[string]string{"venezia": c.line}
		var rolls []int
		if c.phase == "P1500D" {
			sheets["venezia"] += "\nAMBASCIATORE Papato"
			sheets["papato"] = "AMBASCIATORE Venezia"
			rolls = events
		}
		out, read := cardTurn(t, st, sheets, rolls...)
		lines := strings.Split(read(master, game.English), "\n")
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Venice plays card") })
		b := slices.IndexFunc(lines, func(l string) bool { return c.before != "" && strings.HasPrefix(l, c.before) })
		a := slices.IndexFunc(lines, func(l string) bool { return c.after != "" && strings.HasPrefix(l, c.after) })
		if i < 0 || c.before != "" && b > i || c.after != "" && (a < i) || c.before != "" && b < 0 {
			t.Errorf("%s %q: played at line %d, %q at %d, %q at %d:\n%s", c.phase, c.line, i, c.before, b, c.after, a, strings.Join(lines, "\n"))
		}
		cs := out.Next.(*State).pos.Cards
		if !slices.Equal(cs.Used, c.used) || !slices.Equal(cs.Out, c.out) {
			t.Errorf("%s %q: used %v, out %v", c.phase, c.line, cs.Used, cs.Out)
		}
	}

	// The French exclusive (card 7 of the seed, here 6).
	st := cardsAt(t, "A1500O", func(p *Position) { give(p, "venezia", 6) })
	out, read := cardTurn(t, st, map[string]string{"venezia": "GIOCA CARTA 6 QUANDO DOPO"})
	next := out.Next.(*State)
	if !next.pos.FrenchExclusive || len(next.pos.Cards.Awaiting) != 0 {
		t.Errorf("exclusive %v, awaiting %v", next.pos.FrenchExclusive, next.pos.Cards.Awaiting)
	}
	mustHave(t, "the results", read(seat("impero"), game.Italian), "è in vigore l'esclusiva francese sugli Svizzeri: nessuno li arruola se non la Francia (seed §4)")
	mustHave(t, "the arbiter's results", read(master, game.English), "the French exclusive lasts until you end it: CARTA 6 FINE -- <reason>")
	mustHave(t, "Venice's status", next.Position(seat("venezia"))(game.English), "The French exclusive on the Swiss is in force: nobody but France hires them (card 7, seed §4)")
	spring := cardsAt(t, "P1501O", func(p *Position) { p.FrenchExclusive = true })
	if rs, _ := spring.Read([]string{"venezia"}, "ARRUOLA SVIZZERI IN #1", nil); rs[0].Refused == nil || !strings.Contains(rs[0].Refused.Reason(game.English), "the French hold the Swiss by exclusive (card 7, seed §4)") {
		t.Errorf("Venice hires the Swiss: %+v", rs[0])
	}
	if rs, _ := spring.Read([]string{"francia"}, "HIRE SWISS IN #1", nil); rs[0].Refused != nil {
		t.Errorf("France may not hire the Swiss: %s", rs[0].Refused.Reason(game.English))
	}
}

// A character's card played stays in the hand, counting toward the five,
// until the character dies (spec §3.17): everyone reads it played, the
// arbiter applies its effect, and only his CARTA <n> ELIMINA (or
// Savonarola's death) takes it out. Played as it was drawn, it is kept.
func TestCharacterCardStaysInHand(t *testing.T) {
	for _, c := range []struct {
		phase, line string
		drawn       bool
		rolls       []int
	}{
		{"A1500O", "GIOCA CARTA 20 QUANDO PRIMA", false, nil},
		{"A1500O", "PLAY CARD 20 WHEN AFTER", false, nil},
		{"P1500D", "GIOCA CARTA 20", false, events},
		{"E1500O", "GIOCA CARTA 20 QUANDO DOPO", true, events},
	} {
		st := cardsAt(t, c.phase, func(p *Position) {
			if c.drawn {
				f := p.power("firenze")
				f.Hand, f.Drawn = nil, []int{20}
			}
			p.Cards.Barred = slices.Clone(six) // no lottery
		})
		out, read := cardTurn(t, st, map[string]string{"firenze": c.line}, c.rolls...)
		next := out.Next.(*State)
		fl, cs := next.power("firenze"), next.pos.Cards
		if !slices.Equal(fl.Hand, []int{20}) || len(fl.Drawn) != 0 || slices.Contains(cs.Used, 20) || slices.Contains(cs.Out, 20) {
			t.Errorf("%s %q: Florence holds %v, drew %v; used %v, out %v", c.phase, c.line, fl.Hand, fl.Drawn, cs.Used, cs.Out)
		}
		if len(cs.Awaiting) != 1 || cs.Awaiting[0].Card != 20 || cs.Awaiting[0].By != "firenze" {
			t.Errorf("%s %q: awaiting %+v", c.phase, c.line, cs.Awaiting)
		}
		mustHave(t, "the Pope's results", read(seat("papato"), game.English), "Florence plays card 20 Savonarola (")
		mustLack(t, "the Pope's results", read(seat("papato"), game.English), "stays in your hand")
		mustHave(t, "Florence's results", read(seat("firenze"), game.Italian), "la carta 20 Savonarola è di un personaggio: resta nella tua mano finché il personaggio non muore (seed §10)")
		mustHave(t, "Florence's status", next.Position(seat("firenze"))(game.English), "  cards: 20 Savonarola\n")
		// The character's death takes it out.
		dead, _, _ := mustCard(t, next, "CARTA 20 ELIMINA -- il rogo")
		if held(dead, "firenze") != 0 || !slices.Contains(dead.pos.Cards.Out, 20) {
			t.Errorf("%s %q: after ELIMINA Florence holds %v, out %v", c.phase, c.line, dead.power("firenze").Hand, dead.pos.Cards.Out)
		}
	}
}

// A card's text is read in English where its CARD line gives an English
// text after the Italian one, and as written otherwise (the lines
// written before the English text read as they did); written out and
// read again, the deck is the same.
func TestCardEnglishText(t *testing.T) {
	r := mustRules(t, nil)
	st := cardsWith(t, r, "A1500O", "CARD 30 : Trenta | Thirty | Testo trenta | The text of thirty", func(p *Position) {
		give(p, "venezia", 1, 30)
		p.Cards.Barred = slices.Clone(six) // no lottery
	})
	if c := st.pos.deck()[30]; c.Text != "Testo trenta" || c.EnglishText != "The text of thirty" {
		t.Errorf("card 30: %+v", c)
	}
	if back, errs := r.ReadScenario(st.pos.Scenario.lines()); len(errs) > 0 || !slices.Equal(back.Cards, st.pos.Scenario.Cards) {
		t.Errorf("read again: %v", errs)
	}
	_, read := cardTurn(t, st, map[string]string{"venezia": "GIOCA CARTA 30 QUANDO PRIMA\nGIOCA CARTA 1 QUANDO PRIMA"})
	for _, c := range []struct {
		lang  game.Lang
		wants []string
	}{
		{game.English, []string{"Venice plays card 30 Thirty (before the operations): The text of thirty (seed §10, R41)", "Venice plays card 1 One (before the operations): Il testo della carta uno (seed §10, R41)"}},
		{game.Italian, []string{"Venezia gioca la carta 30 Trenta (prima delle operazioni): Testo trenta (seed §10, R41)", "Venezia gioca la carta 1 Uno (prima delle operazioni): Il testo della carta uno (seed §10, R41)"}},
	} {
		mustHave(t, "the Pope's results", read(seat("papato"), c.lang), c.wants...)
	}
}

// A card line that cannot stand is refused, with why, in both languages,
// and changes nothing (spec §4.2, seed §10, R41, R46, R49).
func TestCardRefusals(t *testing.T) {
	ops := cardsAt(t, "P1500O", func(p *Position) {
		give(p, "venezia", 1, 2, 13, 14)
		drawn(p, "venezia", 3)
		give(p, "francia", 10)
	})
	conclave := cardsAt(t, "P1500O", func(p *Position) {
		give(p, "venezia", 10, 13, 14, 15)
		give(p, "papato", 11)
		p.Cards.Conclave = &Conclave{Session: 1}
		p.Cards.Pile = slices.DeleteFunc(p.Cards.Pile, func(n int) bool { return n == 16 })
		p.Cards.Out = []int{16} // a candidate out of the game
		p.power("papato").Counters[0].At = "perug"
	})
	diplomacy := cardsAt(t, "P1500D", func(p *Position) { give(p, "venezia", 1) })
	council := cardsAt(t, "P1500D", func(p *Position) { p.Cards.Council = true })
	old := at(t, "P1500O", func(p *Position) { p.Cards = nil })
	for _, c := range []struct {
		st       *State
		seat     string
		before   []string
		line     string
		english  string
		italian  string
		accepted bool
	}{
		{ops, "venezia", nil, "GIOCA CARTA 9", "card 9 is not in your hand", "la carta 9 non è nella tua mano", false},
		{ops, "venezia", nil, "TIENI CARTA 1", "you have not drawn card 1 this turn", "non hai pescato la carta 1 in questo turno", false},
		{ops, "venezia", nil, "GIOCA CARTA 2", "card 2 bears the symbol of France: you may keep it or trade it, never use it (seed §10)", "la carta 2 porta il simbolo di Francia", false},
		{ops, "venezia", nil, "GIOCA CARTA 13", "card 13 is the Conclave's: it is handed in to a conclave", "la carta 13 è del Conclave", false},
		{ops, "venezia", nil, "SCARTA CARTA 3", "card 3 must be played (seed §10)", "la carta 3 va giocata (seed §10)", false},
		{ops, "venezia", nil, "GIOCA CARTA 1 QUANDO DIPLOMAZIA", "in the operations a card is played QUANDO PRIMA or DOPO (R41)", "nelle operazioni una carta si gioca QUANDO PRIMA o DOPO (R41)", false},
		{diplomacy, "venezia", nil, "PLAY CARD 1 WHEN BEFORE", "in the spring diplomacy a card is played QUANDO DIPLOMAZIA (R41)", "nella diplomazia di primavera una carta si gioca QUANDO DIPLOMAZIA (R41)", false},
		{ops, "venezia", nil, "GIOCA CARTA 1 QUANDO POI", "POI: expected DIPLOMAZIA, PRIMA, DOPO", "POI: atteso DIPLOMAZIA, PRIMA, DOPO", false},
		{ops, "venezia", nil, "GIOCA CARTA 1 QUANDO", "QUANDO: expected DIPLOMAZIA, PRIMA, DOPO after it", "QUANDO: va seguito da DIPLOMAZIA, PRIMA, DOPO", false},
		{ops, "venezia", nil, "PLAY CARD 1 when", "when: expected DIPLOMAZIA, PRIMA, DOPO after it", "when: va seguito da DIPLOMAZIA, PRIMA, DOPO", false},
		{ops, "venezia", nil, "GIOCA CARTA 1 contro Firenze, quando potrò", "", "", true},
		{ops, "venezia", nil, "CONCLAVE CANDIDATO CARTA 13", "no conclave sits now: it sits at a Pope's death (seed §10)", "ora non siede alcun Conclave", false},
		{conclave, "venezia", nil, "CONCLAVE CANDIDATE CARD 13", "card 13 is not a card for this line", "la carta 13 non è per questa riga", false},
		{conclave, "venezia", nil, "CONCLAVE VOTO 16 CARTA 13", "16 is no candidate's card; the candidates are 10 Giuliano della Rovere, 11 Georges d'Amboise, 12 Ascanio Sforza", "16 non è la carta di un candidato", false},
		{conclave, "venezia", nil, "CONCLAVE VOTO 9 CARTA 13", "9 is no candidate's card", "9 non è la carta di un candidato", false},
		{conclave, "venezia", []string{"CONCLAVE VOTO 11 CARTA 13"}, "FUMATA NERA CARTA 15", "of two conclave cards one is a candidate (seed §10)", "di due carte conclave una è un candidato (seed §10)", false},
		{conclave, "venezia", []string{"CONCLAVE VOTO 11 CARTA 13", "CONCLAVE CANDIDATO CARTA 10"}, "BLACK SMOKE CARD 15", "you hand in two conclave cards already (seed §10)", "consegni già due carte conclave (seed §10)", false},
		{conclave, "venezia", []string{"CONCLAVE CANDIDATO CARTA 10"}, "CONCLAVE VOTE 11, 10 CARD 14", "", "", true},
		{conclave, "papato", nil, "#1 - Siena", "a conclave sits: the Pope's forces make no military operation outside his own territories (seed §10, R49)", "siede il Conclave: le forze del Papa non fanno operazioni militari fuori dai suoi territori", false},
		{conclave, "papato", nil, "#1 STRATEGICO Spoleto-Tivoli", "", "", true},
		{conclave, "papato", nil, "#1 STRATEGICO Roma-Patrimonio-Siena", "a conclave sits", "siede il Conclave", false},
		{conclave, "papato", nil, "#1 - Roma", "", "", true},
		{conclave, "papato", nil, "F1 - Alto Adriatico", "", "", true},
		{ops, "papato", nil, "#1 - Patrimonio", "", "", true},
		{ops, "venezia", nil, "CONSIGLIO PIAGNONI 5", "this is written in the spring diplomacy phase", "", false},
		{diplomacy, "venezia", nil, "CONSIGLIO PIAGNONI 5", "the council does not sit while Savonarola is in the game (seed §10)", "il Consiglio non siede finché Savonarola è in gioco", false},
		{council, "venezia", nil, "CONSIGLIO PARITA PIAGNONI", "Florence's player chooses on a tie of the council (seed §10)", "sulla parità del Consiglio sceglie il giocatore fiorentino", false},
		{council, "firenze", nil, "CONSIGLIO PARITA BIGI", "BIGI: expected PIAGNONI, ARRABBIATI", "BIGI: atteso PIAGNONI, ARRABBIATI", false},
		{council, "firenze", nil, "COUNCIL TIE ARRABBIATI", "", "", true},
		{council, "venezia", nil, "COUNCIL BIGI 10", "", "", true},
		{old, "venezia", nil, "CONSIGLIO PIAGNONI 5", "this is written in the spring diplomacy phase", "", false},
	} {
		var standing []game.Order
		for _, line := range c.before {
			rs, err := c.st.Read([]string{c.seat}, line, standing)
			if err != nil || rs[0].Refused != nil {
				t.Fatalf("%q: %v %+v", line, err, rs[0].Refused)
			}
			standing = append(standing, rs[0].Order)
		}
		before, _ := c.st.Encode()
		rs, err := c.st.Read([]string{c.seat}, c.line, standing)
		if err != nil {
			t.Fatal(err)
		}
		if after, _ := c.st.Encode(); string(after) != string(before) {
			t.Errorf("%q changed the state", c.line)
		}
		r := rs[0]
		if c.accepted {
			if r.Refused != nil {
				t.Errorf("%q refused: %s", c.line, r.Refused.Reason(game.English))
			}
			continue
		}
		if r.Refused == nil {
			t.Errorf("%q taken as %q, want refused: %s", c.line, r.Order.Text, c.english)
			continue
		}
		en, it := r.Refused.Reason(game.English), r.Refused.Reason(game.Italian)
		if !strings.Contains(en, c.english) || !strings.Contains(it, c.italian) || en == it {
			t.Errorf("%q refused: %s / %s; want %q / %q", c.line, en, it, c.english, c.italian)
		}
	}
	// A game without cards keeps the council's money for the arbiter, and
	// its card lines are read as before.
	oldDiplomacy := at(t, "P1500D", func(p *Position) { p.Cards = nil })
	if rs, _ := oldDiplomacy.Read([]string{"venezia"}, "CONSIGLIO PIAGNONI 5", nil); rs[0].Refused != nil {
		t.Errorf("a game without cards refuses the council: %s", rs[0].Refused.Reason(game.English))
	}
}

// Each player reads his own cards under the position, the others none
// of his; the arbiter reads the cards played that wait for him.
func TestCardsInThePosition(t *testing.T) {
	st := cardsAt(t, "P1500O", func(p *Position) {
		give(p, "venezia", 1, 13)
		drawn(p, "venezia", 7)
		p.Cards.Council = true
		p.Cards.Party = "arrabbiati"
		p.Cards.Awaiting = []Played{{Card: 5, By: "papato", Phase: "P1500D", When: whenDiplomacy}}
		p.Cards.Pile = slices.DeleteFunc(p.Cards.Pile, func(n int) bool { return n == 5 })
		p.Cards.Used = []int{5}
	})
	venice := st.Position(seat("venezia"))
	mustHave(t, "Venice's status", venice(game.English), "  cards: 1 One; 13 Cardinals' control\n", "  drawn, to keep, discard or play on your next sheet: 7 Seven\n",
		"The Florentine council sits each spring (Savonarola is gone, seed §10); prevailing: Arrabbiati")
	mustHave(t, "Venice's status", venice(game.Italian), "  carte: 1 Uno; 13 Controllo Cardinali\n", "  pescate, da tenere, scartare o giocare nel prossimo foglio: 7 Sette\n")
	florence := st.Position(seat("firenze"))(game.English)
	mustHave(t, "Florence's status", florence, "  cards: 20 Savonarola\n", "  the council's cards, outside the hand limit: 45 Piagnoni; 46 Arrabbiati; 47 Bigi\n")
	mustLack(t, "Florence's status", florence, "1 One", "7 Seven", "waits for your")
	mustHave(t, "the arbiter's status", st.Position(master)(game.English), "Card 5 Five, played by Papacy in P1500D, waits for your CARTA 5 EFFETTO: Si elimina dopo l'uso")
}

// A power with no territory and no counter at the end of an autumn is out
// of the game (R35, spec §3.20): it gives its cards back to the deck, and
// draws no more. In another season it keeps them, unannounced, and still
// draws: it may win something back before the autumn.
func TestCardsOfAPowerOut(t *testing.T) {
	for _, c := range []struct {
		phase string
		rolls []int
		out   bool
		hand  []int
		said  string // what everyone reads of Venice put out
	}{
		{"P1500O", events, false, []int{1, 7}, ""},
		{"E1500O", events, false, []int{1, 7}, ""},
		{"A1500O", nil, true, []int{1, 7}, "Venezia è fuori dalla partita: nessun territorio e nessun segnalino alla fine dell'autunno (R35)\nle carte di Venezia tornano nel mazzo (R35)"},
		{"A1500O", nil, true, nil, "Venezia è fuori dalla partita: nessun territorio e nessun segnalino alla fine dell'autunno (R35)"},
	} {
		st := cardsAt(t, c.phase, func(p *Position) {
			give(p, "venezia", c.hand...)
			v := p.power("venezia")
			v.Counters, v.Fleets = nil, nil
			for id, who := range p.Control {
				if who == "venezia" {
					p.Control[id] = "papato"
				}
			}
			p.Cards.Barred = slices.DeleteFunc(slices.Clone(six), func(id string) bool { return id == "venezia" })
		})
		rolls := c.rolls
		if !c.out {
			// The next season's lottery: Venice alone draws (no die for
			// her marker), and draws card 8.
			rolls = append(slices.Clone(rolls), faces(st.pos.Cards.Pile, 8)...)
		}
		out, read := cardTurn(t, st, nil, rolls...)
		next := out.Next.(*State)
		cs := next.pos.Cards
		everyone := read(seat("papato"), game.Italian)
		if c.out {
			if held(next, "venezia") != 0 || !slices.Equal(cs.Used, c.hand) || !slices.Equal(next.pos.Out, []string{"venezia"}) {
				t.Errorf("%s: Venice holds %v, used %v, out %v", c.phase, next.power("venezia").Hand, cs.Used, next.pos.Out)
			}
			mustHave(t, "the results", everyone, c.said)
			mustHave(t, "the status", next.Position(seat("papato"))(game.English), "Venice is out of the game: it draws no cards (R35)")
		} else {
			if v := next.power("venezia"); !slices.Equal(v.Hand, []int{1, 7}) || !slices.Equal(v.Drawn, []int{8}) || len(cs.Used) != 0 || len(next.pos.Out) != 0 {
				t.Errorf("%s: Venice holds %v, drew %v, used %v, out %v", c.phase, v.Hand, v.Drawn, cs.Used, next.pos.Out)
			}
			mustLack(t, "the results", everyone, "fuori dalla partita")
		}
		cs.Barred = nil
		if got := slices.Contains((&resolution{s: next, pos: next.pos}).drawers(), "venezia"); got == c.out {
			t.Errorf("%s: Venice draws: %v", c.phase, got)
		}
	}
}
