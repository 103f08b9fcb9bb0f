package versailles

import (
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// botGame is a three-player game whose uk and fr are bots, us the
// human's, with a fixed Table (RHINELAND, ARMENIA) and Waiting Room
// (SAAR, SYRIA, CAMEROON).
func botGame(t *testing.T) *Play {
	t.Helper()
	p := started(t, 3)
	p.Auto = []string{"uk", "fr"}
	p.OnTable = []string{"RHINELAND", "ARMENIA"}
	p.Waiting = []string{"SAAR", "SYRIA", "CAMEROON"}
	p.Pending, p.Steps = nil, nil
	return p
}

// «Azione Politica»: the first priority that applies; more than one
// answer is the human's.
func TestBotPolitical(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(p *Play)
		want []string
	}{
		{"it settles the Issue it wins of the highest Potential Value (Rhineland 6+1 for fr)", func(p *Play) {
			p.putCubes("RHINELAND", "fr", 2)
			p.putCubes("ARMENIA", "fr", 3)
		}, []string{"SETTLE RHINELAND"}},
		{"a tie of Potential Value is the human's", func(p *Play) {
			p.Data.Issues["ARMENIA"].Stars = 7
			p.putCubes("RHINELAND", "fr", 2)
			p.putCubes("ARMENIA", "fr", 3)
		}, []string{"SETTLE RHINELAND", "SETTLE ARMENIA"}},
		{"it places the fewest cubes that win two Issues, the only pair it can win", func(p *Play) {
			for _, id := range []string{"RHINELAND", "ARMENIA", "SAAR"} {
				p.putCubes(id, "us", 14)
			}
			p.putCubes("SYRIA", "us", 1)
		}, []string{"PLACE SYRIA 2 CAMEROON 1"}},
		{"no pair it can win: it recovers", func(p *Play) {
			p.Add("avail", "fr", -14)
			p.Add("exh", "fr", 14)
		}, []string{"RECOVER"}},
		{"nothing to recover: it settles what the other bot wins", func(p *Play) {
			p.Add("avail", "fr", -15)
			p.putCubes("ARMENIA", "uk", 1)
			p.putCubes("RHINELAND", "us", 1)
		}, []string{"SETTLE ARMENIA"}},
		{"nothing at all", func(p *Play) {
			p.Add("avail", "fr", -15)
		}, nil},
	} {
		p := botGame(t)
		c.set(p)
		if got := p.botPolitical("fr"); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// «Azione Militare»: column 7 where unrest is at 4 or more and it holds
// the most Issues, 8 when 7 is taken or would force a demobilization,
// none when both are; a demobilization within 2 of a forced one; the
// region by most Issues, highest star, then a die.
func TestBotMilitary(t *testing.T) {
	for _, c := range []struct {
		name string
		hap  int
		set  func(p *Play)
		dice []int
		want string
	}{
		{"unrest 3: nothing", 20, func(p *Play) { p.Unrest["europe"] = 3 }, nil, ""},
		{"unrest 4, its Issue: column 7", 20, func(p *Play) {}, nil, "DEPLOY europe 7"},
		{"another holds more there: nothing", 20, func(p *Play) { p.setControl("SAAR", "us"); p.setControl("ANSCHLUSS", "us") }, nil, ""},
		{"column 7 taken: 8", 20, func(p *Play) { p.Units["us"][0] = "europe:7" }, nil, "DEPLOY europe 8"},
		{"both taken: nothing", 20, func(p *Play) { p.Units["us"][0] = "europe:7"; p.Units["uk"][0] = "europe:8" }, nil, ""},
		{"column 7 would force a demobilization (11-1 < 11): 8", 11, func(p *Play) {}, nil, "DEPLOY europe 8"},
		{"within 2 of a forced demobilization, nothing to deploy: demobilize", 12, func(p *Play) { p.Unrest["europe"] = 2 }, nil, "DEMOB"},
		{"3 from it: nothing", 13, func(p *Play) { p.Unrest["europe"] = 2 }, nil, ""},
		{"two regions: the one with more Issues", 20, func(p *Play) {
			p.Unrest["africa"] = 5
			p.setControl("CAMEROON", "fr")
			p.setControl("ETHIOPIA", "fr")
		}, nil, "DEPLOY africa 7"},
		{"two regions equal in Issues and stars: the higher die", 20, func(p *Play) {
			p.Unrest["balkans"] = 5
			p.setControl("FIUME", "fr")
		}, []int{2, 5}, "DEPLOY balkans 7"},
	} {
		p := botGame(t)
		p.Unrest["europe"] = 4
		p.setControl("SAAR", "fr")
		p.Add("hap", "fr", c.hap-p.Get("hap", "fr"))
		c.set(p)
		p.dice = rolls(c.dice...)
		if got := p.botMilitary("fr"); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// The bot's answers to the settle's, the insurrection's and the
// auction's prompts.
func TestBotDecide(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(p *Play)
		dec  table.Decision
		want string
	}{
		{"the option of the highest value (Syria's French mandate)", nil,
			table.Decision{Seat: "fr", Kind: kindOption, Data: "SYRIA fr", Answers: []string{"OPTION UK", "OPTION FR"}}, "OPTION FR"},
		{"equal value: the least unhappiness (Arabia's Arab kingdom costs fr 1)", nil,
			table.Decision{Seat: "fr", Kind: kindOption, Data: "ARABIA fr", Answers: []string{"OPTION UK", "OPTION FREE"}}, "OPTION UK"},
		{"a not-automated seat: no answer", nil,
			table.Decision{Seat: "us", Kind: kindOption, Data: "ARABIA us", Answers: []string{"OPTION UK", "OPTION FREE"}}, ""},
		{"an optional conference is applied", nil,
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "conference X", Answers: []string{"APPLY", "DECLINE"}}, "APPLY"},
		{"the refill draws", nil,
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "refill", Answers: []string{"REFILL DRAW", "REFILL DISCARD 1"}}, "REFILL DRAW"},
		{"the top card is kept", nil,
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "keep SAAR FIUME"}, "KEEP SAAR"},
		{"the End card is never discarded", nil,
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "keep SAAR END"}, "KEEP END"},
		{"the advance: the Issue it wins, one Event", func(p *Play) { p.putCubes("SYRIA", "fr", 1); p.EventsWaiting = []string{"E1"} },
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "advance", Answers: []string{"ADVANCE SAAR E1", "ADVANCE SYRIA E1", "ADVANCE SYRIA E1 CUBE"}}, "ADVANCE SYRIA E1"},
		{"the advance: two Events are the human's", func(p *Play) { p.putCubes("SYRIA", "fr", 1) },
			table.Decision{Seat: "fr", Kind: kindChoice, Data: "advance", Answers: []string{"ADVANCE SYRIA E1", "ADVANCE SYRIA E2"}}, toModerator},
		{"the modifier: the subject's -1", func(p *Play) { p.setControl("SAAR", "fr") },
			table.Decision{Seat: "fr", Kind: kindModifier, Data: "europe"}, "MOD -1"},
		{"the modifier: else +1", func(p *Play) { p.setControl("SAAR", "us") },
			table.Decision{Seat: "fr", Kind: kindModifier, Data: "europe"}, "MOD +1"},
		{"the bid: 2 units of 3, the Potential Value (Syria 3+1)", func(p *Play) { p.Auction = &Auction{Issue: "SYRIA", Region: "middle_east"} },
			table.Decision{Seat: "fr", Kind: kindBid}, "BID 2 4"},
		{"an equal bid of the other bot: the richer adds 1", func(p *Play) {
			p.Auction = &Auction{Issue: "SYRIA", Region: "middle_east", Best: "uk", Mil: 1, Inf: 4}
			p.Units["fr"] = []string{"avail", "avail", "demob"} // 2 units: a bid of 1
			p.Add("avail", "uk", -5)
		}, table.Decision{Seat: "fr", Kind: kindBid}, "BID 1 5"},
		{"a bid it cannot beat: a pass", func(p *Play) { p.Auction = &Auction{Issue: "SYRIA", Region: "middle_east", Best: "us", Mil: 4, Inf: 0} },
			table.Decision{Seat: "fr", Kind: kindBid}, "PASS"},
		{"the Strategy draft is the human's", nil,
			table.Decision{Seat: "fr", Kind: kindStrategy, Answers: []string{"STRATEGY A", "STRATEGY B"}}, toModerator},
	} {
		p := botGame(t)
		if c.set != nil {
			c.set(p)
		}
		got, _ := p.Decide(c.dec)
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s: %v, want %q", c.name, got, c.want)
		}
	}
}

// A bot's turn by Apply: the military action first when its priority
// holds; a choice of places goes to the moderator with its answers, and
// the moderator's ruling is the bot's.
func TestBotTurnAsksTheModerator(t *testing.T) {
	p := botGame(t)
	p.Unrest["europe"] = 4
	p.setControl("SAAR", "fr")
	p.Active = "fr"
	p.Ask(table.Decision{Seat: "fr", Kind: kindTurn})
	dec := p.Pending[0]
	ans, ok := p.Decide(dec)
	if !ok {
		t.Fatal("the bot does not decide its turn")
	}
	answer(t, p, rolls(), ans...)
	if p.Units["fr"][0] != "europe:7" {
		t.Errorf("the military action before: %v", p.Units["fr"])
	}
	m := p.Pending[0]
	if m.Seat != table.Master || m.Kind != kindTurn || len(m.Answers) != 10 || p.For != "fr" {
		t.Fatalf("the moderator is not asked the places: %+v (for %q)", m, p.For)
	}
	answer(t, p, rolls(), "PLACE SYRIA 1 CAMEROON 1")
	if p.For != "" || p.cubesOn("SYRIA", "fr") != 1 || p.cubesOn("CAMEROON", "fr") != 1 {
		t.Errorf("the ruling is not the bot's: for %q, board %v", p.For, p.Board)
	}
	if p.BotMilitary || p.Pending[0].Kind != kindTurn || p.Pending[0].Seat == "fr" {
		t.Errorf("the next turn: %+v (military flag %v)", p.Pending[0], p.BotMilitary)
	}
}

// A delegation nobody plays is a bot.
func TestAbsentIsBot(t *testing.T) {
	st, err := Rules{Players: 3}.Start([]string{"fr", "it"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*table.State).P.(*Play)
	if !slices.Equal(p.Order, []string{"uk", "fr", "us"}) || !slices.Equal(p.Auto, []string{"fr"}) {
		t.Errorf("order %v, auto %v", p.Order, p.Auto)
	}
}

// Through the engine: the bots play their turns as the deadlines pass,
// the moderator rules where their procedure leaves the choice, and
// the game goes round.
func TestBotsThroughTheEngine(t *testing.T) {
	st, err := Rules{Players: 3}.Start([]string{"uk", "fr", "it"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*table.State)
	d := dice.New(dice.Seed{}, "bots")
	ruled := 0
	for i := 0; i < 12; i++ {
		p := s.P.(*Play)
		if now := p.Now(); now.Seat == table.Master {
			ans := "START"
			if len(now.Answers) > 0 {
				ans, ruled = now.Answers[0], ruled+1
			}
			p.Ruling = ans
		}
		out, err := s.Resolve(nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s = out.Next.(*table.State)
		if now := s.P.(*Play).Now(); now != nil && now.Seat != "us" && now.Seat != table.Master {
			t.Fatalf("a bot's decision waits for an answer: %+v", now)
		}
	}
	p := s.P.(*Play)
	if p.Round < 4 || ruled == 0 || p.Get("avail", "uk")+p.Get("avail", "fr") == 30 {
		t.Errorf("after 12 resolutions: round %d, %d rulings, available uk %d fr %d", p.Round, ruled, p.Get("avail", "uk"), p.Get("avail", "fr"))
	}
}
