package judge

import (
	"slices"
	"testing"

	"github.com/corriere/corriere/game/versailles"
)

// versaillesNow is the game's state as stored.
func (f *fixture) versaillesNow(name string) *versailles.Play {
	return storedAs[versailles.Play](f, name)
}

// Two turns of Versailles 1919 by mail: the first player deploys a
// unit and places Influence, in Italian; in the second's turn a deal is
// proposed and accepted; the second settles the Issue, its controller
// may choose only the option the deal binds, and the settle's steps
// follow by mail.
func TestVersaillesByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), versailles.Kind{})
	seats := []string{"uk", "fr", "us", "it"}
	reply := f.send("gm@x.test", "CREATE pace trattato-1919\ngame versailles\nplayers 4")
	mustContain(t, "CREATE", reply, "Game pace created")
	reply = f.seatAll("pace", "trattato-1919", seats, "players.test")
	mustContain(t, "START", reply, "Game pace has started")
	pw := map[string]string{}
	for _, s := range seats {
		pw[s] = f.password(s + "@players.test")
	}
	mail := func(seat, body string) string {
		return f.send(seat+"@players.test", "SIGNON "+seat+"@pace "+pw[seat]+"\n"+body)
	}
	f.send("gm@x.test", "SIGNON master@pace trattato-1919\nRULE START")
	p := f.versaillesNow("pace")
	first := p.Active
	second := p.Order[(slices.Index(p.Order, first)+1)%4]
	a, b := p.OnTable[0], p.Waiting[0]
	reply = mail(first, "SCHIERA africa 6\nPONI "+a+" 3 "+b+" 1")
	p = f.versaillesNow("pace")
	if p.Active != second || p.Units[first][0] != "africa:6" || p.Get("avail", first) != 11 {
		t.Fatalf("after the first turn: active %s, units %v, avail %d\n%s", p.Active, p.Units[first], p.Get("avail", first), reply)
	}
	key := p.Data.Issues[a].Options[len(p.Data.Issues[a].Options)-1].Key
	reply = mail(second, "DEAL "+first+" 0 OPTION "+a+" "+key)
	mustContain(t, "DEAL", reply, "deal #1")
	reply = mail(first, "ACCEPT 1")
	mustContain(t, "ACCEPT", reply, "Accepted: deal #1")
	mail(second, "SETTLE "+a)
	for i := 0; i < 40; i++ {
		p = f.versaillesNow("pace")
		if p.Active != second || len(p.Pending) == 0 {
			break
		}
		dec := p.Pending[0]
		switch {
		case dec.Seat == "master":
			f.send("gm@x.test", "SIGNON master@pace trattato-1919\nRULE DONE")
		case dec.Kind == "option":
			if !slices.Equal(dec.Answers, []string{"OPTION " + key}) {
				t.Errorf("the bound option: %v", dec.Answers)
			}
			mail(dec.Seat, "OPZIONE "+key)
		default:
			mail(dec.Seat, dec.Default)
		}
	}
	p = f.versaillesNow("pace")
	if p.Active == second {
		t.Fatalf("the second turn did not end: pending %+v", p.Pending)
	}
	all := ""
	for _, m := range f.outbox() {
		all += string(m.Body)
	}
	mustContain(t, "the turn's mails", all, second+" settles "+a, first+" chooses "+key+" for "+a, "Accepted and binding: deal #1")
}

// The solo game by mail: one player holds the three factions; the order
// is the player's; the bots' turns pass at once, and every prompt that
// waits is the player's, answered by mail (in Italian for the order).
func TestVersaillesSoloByMail(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), versailles.Kind{})
	reply := f.send("gm@x.test", "CREATE solo trattato-1919\ngame versailles\nplayers 1")
	mustContain(t, "CREATE", reply, "Game solo created")
	reply = f.seatAll("solo", "trattato-1919", []string{"uk"}, "players.test")
	mustContain(t, "START", reply, "Game solo has started")
	pw := f.password("uk@players.test")
	mail := func(body string) string {
		return f.send("uk@players.test", "SIGNON uk@solo "+pw+"\n"+body)
	}
	f.send("gm@x.test", "SIGNON master@solo trattato-1919\nRULE START")
	mail("ORDINE fr us uk")
	p := f.versaillesNow("solo")
	if !slices.Equal(p.Order, []string{"fr", "us", "uk"}) || p.Human != "uk" {
		t.Fatalf("order %v, player %s", p.Order, p.Human)
	}
	for i := 0; i < 30 && p.Round < 6; i++ {
		dec := p.Pending[0]
		if dec.Seat != p.Human {
			t.Fatalf("a decision waits for %s: %+v", dec.Seat, dec)
		}
		ans := dec.Default
		if ans == "" {
			ans = dec.Answers[0]
		}
		mail(ans)
		p = f.versaillesNow("solo")
	}
	if p.Round < 6 {
		t.Fatalf("the solo game did not go round: round %d, pending %+v", p.Round, p.Pending)
	}
	all := ""
	for _, m := range f.outbox() {
		all += string(m.Body)
	}
	mustContain(t, "the mails", all, "The factions play in the order fr, us, uk.", "is a bot and its procedure leaves this choice to you")
}
