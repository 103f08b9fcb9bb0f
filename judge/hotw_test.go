package judge

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/game/history"
)

// hotwSeats are the four colours of a game of History of the World.
var hotwSeats = []string{"red", "yellow", "green", "blue"}

// hotwNow is the game's state as stored: the decision pending, the
// stage.
func (f *fixture) hotwNow(name string) *history.Play {
	f.t.Helper()
	p := &history.Play{}
	if err := json.Unmarshal([]byte(f.gameByName(name).Position), p); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// An epoch of History of the World by mail: the moderator starts it
// with the sample data; the draft's prompts go to each drawer alone;
// turns are scripts; a mail out of turn is told whose decision it is; a
// hand is never shown to another seat; everything is resolved as soon as
// it is answered.
func TestHistoryOfTheWorldByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), history.Kind{})
	reply := f.send("gm@x.test", "CREATE mondo epoca-7-storia\ngame hotw\nplayers 4")
	mustContain(t, "CREATE", reply, "Game mondo created")
	reply = f.seatAll("mondo", "epoca-7-storia", hotwSeats, "players.test")
	mustContain(t, "START", reply, "Game mondo has started")
	pw := map[string]string{}
	for _, s := range hotwSeats {
		pw[s] = f.password(s + "@players.test")
	}
	reply = f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nDATA\nFLY away\nENDDATA\nRULE START")
	mustContain(t, "the moderator's mail", reply, "line 1: FLY is no line of a data file", "Ruling taken: START.")
	p := f.hotwNow("mondo")
	if p.Stage != "E1" || len(p.Pending) == 0 || p.Pending[0].Kind != "draft" {
		t.Fatalf("after RULE START: stage %s, pending %+v", p.Stage, p.Pending)
	}
	drawer := p.Pending[0].Seat
	other := hotwSeats[(slices.Index(hotwSeats, drawer)+1)%4]
	reply = f.send(other+"@players.test", "SIGNON "+other+"@mondo "+pw[other]+"\nKEEP")
	mustContain(t, "a mail out of turn", reply, "orders are due from")
	for _, s := range hotwSeats {
		mail := f.lastMail("results", s+"@players.test")
		for _, o := range hotwSeats {
			if o != s && strings.Contains(mail, "Hand of "+o) {
				t.Errorf("%s reads %s's hand:\n%s", s, o, mail)
			}
		}
		if !strings.Contains(mail, "Hand of "+s) {
			t.Errorf("%s does not read its own hand:\n%s", s, mail)
		}
		if got := strings.Contains(mail, "You drew the"); got != (s == drawer) {
			t.Errorf("%s reads the draft prompt: %v\n%s", s, got, mail)
		}
	}
	// The draft and the epoch's turns, each answered by its owner.
	for i := 0; i < 40; i++ {
		p = f.hotwNow("mondo")
		if p.Stage != "E1" || len(p.Pending) == 0 {
			break
		}
		dec := p.Pending[0]
		switch dec.Kind {
		case "draft":
			f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\n"+dec.Answers[len(dec.Answers)-1])
		case "turn":
			f.send(dec.Seat+"@players.test", "SIGNON "+dec.Seat+"@mondo "+pw[dec.Seat]+"\nGIOCA "+p.Hands[dec.Seat][0]+"\n1 ESPANDI "+strings.Join(frontier(p, dec.Data), ",")+" PROVA 2\nFORT "+startOf(p, dec.Data))
		default:
			f.send("gm@x.test", "SIGNON master@mondo epoca-7-storia\nRULE DONE")
		}
	}
	p = f.hotwNow("mondo")
	if p.Stage != "E2" {
		t.Fatalf("epoch I did not end: stage %s, pending %+v", p.Stage, p.Pending)
	}
	mail := f.lastMail("results", "red@players.test")
	mustContain(t, "red's results", mail, "Epoch II begins.")
	scored := 0
	for _, s := range hotwSeats {
		scored += p.Get("score", s)
	}
	if scored == 0 {
		t.Errorf("nobody scored in epoch I: %v", p.Tracks)
	}
}

// frontier is a land next to the empire's start, from the sample data.
func frontier(p *history.Play, empire string) []string {
	start := startOf(p, empire)
	var out []string
	for _, b := range p.Data.Borders {
		if b.A == start && !p.Data.Lands[b.B].Barren {
			out = append(out, b.B)
		} else if b.B == start && !p.Data.Lands[b.A].Barren {
			out = append(out, b.A)
		}
	}
	return out
}

func startOf(p *history.Play, empire string) string {
	for _, e := range p.Data.Empires {
		if e.ID == empire {
			return e.Start
		}
	}
	return ""
}
