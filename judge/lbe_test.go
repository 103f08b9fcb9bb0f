package judge

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/corriere/corriere/game/belleepoque"
)

// lbeSeats are the four Powers of La Belle Époque.
var lbeSeats = []string{"gb", "fr", "ru", "ic"}

// lbeNow is the game's state as stored.
func (f *fixture) lbeNow(name string) *belleepoque.Play { return storedAs[belleepoque.Play](f, name) }

// A turn of La Belle Époque by mail: the moderator's data refused, then
// the sample started; the setup placements, one Power at a time, one
// in Italian, a placement against the minimums refused when read; the
// first turn's rounds, a contest with its prompt, a hand never shown to
// another Power; the turn ends when all have passed.
func TestBelleEpoqueByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), belleepoque.Kind{})
	reply := f.send("gm@x.test", "CREATE epoque belle-1880\ngame lbe")
	mustContain(t, "CREATE", reply, "Game epoque created")
	reply = f.seatAll("epoque", "belle-1880", lbeSeats, "players.test")
	mustContain(t, "START", reply, "Game epoque has started")
	pw := map[string]string{}
	for _, s := range lbeSeats {
		pw[s] = f.password(s + "@players.test")
	}
	mail := func(seat, body string) string {
		return f.send(seat+"@players.test", "SIGNON "+seat+"@epoque "+pw[seat]+"\n"+body)
	}
	reply = f.send("gm@x.test", "SIGNON master@epoque belle-1880\nDATA\nTERRITORY cina asia colony\nENDDATA\nRULE START")
	mustContain(t, "the moderator's mail", reply, "line 1: expected TERRITORY", "Ruling taken: START.")
	p := f.lbeNow("epoque")
	if p.Pending[0].Seat != "ru" || p.Pending[0].Kind != "setup" {
		t.Fatalf("the first placement: %+v", p.Pending[0])
	}
	reply = mail("ru", "PIAZZA Congo Tanganica")
	p = f.lbeNow("epoque")
	if p.Pending[0].Seat != "fr" {
		t.Fatalf("after Russia's placement: %s", reply)
	}
	for i := 0; i < 40; i++ {
		p = f.lbeNow("epoque")
		dec := p.Pending[0]
		if dec.Kind != "setup" {
			break
		}
		if dec.Seat == "ru" && p.Placing["ru"] == 5 {
			reply = mail("ru", "SETUP Egitto-Sudan Namibia")
			mustContain(t, "a placement against the minimums", reply, "the minimums per continent could no longer be met")
		}
		mail(dec.Seat, dec.Default)
	}
	p = f.lbeNow("epoque")
	if p.Turn != 1 {
		t.Fatalf("the setup did not end: turn %d, %+v", p.Turn, p.Pending[0])
	}
	for _, s := range lbeSeats {
		m := f.lastMail("results", s+"@players.test")
		for _, o := range lbeSeats {
			if o != s && strings.Contains(m, "Hand of "+o) {
				t.Errorf("%s reads %s's hand:\n%s", s, o, m)
			}
		}
		mustContain(t, s+"'s results", m, "Turn 1 begins.")
	}
	// The first Power buys armies and contests a European cube; the
	// others invest and pass; it resolves in its second round.
	first := p.Order[0]
	target, space := "", 0
	for _, id := range []string{"belgio", "bulgaria", "grecia", "impero_ottomano", "italia", "olanda", "portogallo", "romania", "serbia", "spagna"} {
		for _, pc := range p.Board[id] {
			if pc.Kind == "md" && pc.Owner != first && slices.Contains(lbeSeats, pc.Owner) && target == "" {
				target = id
				space, _ = strconv.Atoi(pc.Tag)
			}
		}
	}
	if target == "" {
		t.Fatal("no cube to contest in Europe")
	}
	for i := 0; i < 30; i++ {
		p = f.lbeNow("epoque")
		if p.Turn != 1 || len(p.Pending) == 0 {
			break
		}
		dec := p.Pending[0]
		switch {
		case dec.Seat == "master":
			f.send("gm@x.test", "SIGNON master@epoque belle-1880\nRULE DONE")
		case dec.Kind == "contest":
			mail(dec.Seat, "IMPIEGA "+strconv.Itoa(len(dec.Answers)-1))
		case dec.Seat == first && p.Get("md", first) > 0 && p.Powers[first].Bought == 0:
			mail(first, "COMPRA 2E\nINVIA "+target+" SU "+strconv.Itoa(space))
		case dec.Seat == first && p.Powers[first].Bought > 0 && p.Contest == nil && !slices.Contains(p.Passed, first) && hasContest(p, target):
			mail(first, "RISOLVI "+target+" "+strconv.Itoa(space))
		default:
			mail(dec.Seat, "INVEST\nPASS")
		}
	}
	p = f.lbeNow("epoque")
	if p.Turn != 2 {
		t.Fatalf("turn 1 did not end: turn %d, pending %+v", p.Turn, p.Pending)
	}
	m := f.lastMail("results", first+"@players.test")
	mustContain(t, first+"'s results", m, "Turn 2 begins.")
	all := ""
	for _, mm := range f.outbox() {
		all += string(mm.Body)
	}
	mustContain(t, "the turn's mails", all, "resolves the contest in "+target, "Dice for the attacker in "+target)
}

func hasContest(p *belleepoque.Play, t string) bool {
	for _, pc := range p.Board[t] {
		if pc.Kind == "contest" {
			return true
		}
	}
	return false
}
