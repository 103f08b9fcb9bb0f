package judge

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/store"
)

// gameByName reads a game of the fixture's store.
func (f *fixture) gameByName(name string) *store.Game {
	f.t.Helper()
	var g *store.Game
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) (err error) {
		g, err = tx.Game(name)
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return g
}

// storedAs is game name's state as stored, read as a P: a Diplomacy
// position, a table game's Play.
func storedAs[P any](f *fixture, name string) *P {
	f.t.Helper()
	p := new(P)
	if err := json.Unmarshal([]byte(f.gameByName(name).Position), p); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// positionOf is a Diplomacy game's position as stored.
func (f *fixture) positionOf(name string) *diplomacy.Position {
	return storedAs[diplomacy.Position](f, name)
}

// password is the password the judge mailed to addr when it was seated.
func (f *fixture) password(addr string) string {
	f.t.Helper()
	for _, m := range f.outbox() {
		if m.Kind == "seat" && m.Recipient == addr {
			_, after, _ := strings.Cut(m.Body, "SIGNON ")
			line, _, _ := strings.Cut(after, "\n")
			if _, pw, ok := strings.Cut(line, " "); ok {
				return pw
			}
		}
	}
	f.t.Fatalf("no seat mail to %s", addr)
	return ""
}

// lastMail is the body of the latest mail of a kind to addr.
func (f *fixture) lastMail(kind, addr string) string {
	f.t.Helper()
	body := ""
	for _, m := range f.outbox() {
		if m.Kind == kind && m.Recipient == addr {
			body = m.Body
		}
	}
	return body
}

// seat reads a power's seat in a game (a zero seat when there is none).
func (f *fixture) seat(name, power string) store.Seat {
	f.t.Helper()
	var out store.Seat
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		seats, err := tx.Seats(g.ID)
		for _, s := range seats {
			if s.Power == power {
				out = s
			}
		}
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

// createSetup creates a game by mail for fewer players with daily
// deadlines, seats each side's first power and starts it.
func (f *fixture) createSetup(name, lines string, seats map[string]string) string {
	f.t.Helper()
	reply := f.send("gm@x.test", "CREATE "+name+" pw-master\nmovement 0 20 * * *\nretreat 0 20 * * *\nadjustment 0 20 * * *\n"+lines)
	mustContain(f.t, "create", reply, "Game "+name+" created")
	var b strings.Builder
	b.WriteString("SIGNON master@" + name + " pw-master\n")
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range seats {
			if !yield(p) {
				return
			}
		}
	}) {
		b.WriteString("SEAT " + p + " " + seats[p] + "\n")
	}
	b.WriteString("START\n")
	return f.send("gm@x.test", b.String())
}

// TestTwoPlayerGame plays the rulebook's two-player game (seed XIV.2)
// through the coin toss, Italy joining a side, a rollback that keeps the
// toss, and a victory of 24 units.
func TestTwoPlayerGame(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Seed = seedTossing("F1914M", 1) // Germany's side
	reply := f.send("gm@x.test", "CREATE duo pw-master\nplayers 2\nmovement 0 20 * * *\nretreat 0 20 * * *\nadjustment 0 20 * * *")
	mustContain(t, "create", reply, "Played by 2 (seed XIV.2): England, France and Russia; Germany, Austria and Turkey.", "Italy is neutral")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nSEAT italy it@x.test\nSEAT england allies@x.test\nSTART")
	mustContain(t, "seat and early start", reply,
		"Italy is not played in game duo: it is neutral",
		"England, France and Russia: now played by allies@x.test",
		"game duo cannot start: no player for Austria, Germany, Turkey")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nSEAT germany central@x.test\nSTART")
	mustContain(t, "start", reply, "Germany, Austria and Turkey: now played by central@x.test", "Game duo has started")
	pos := f.positionOf("duo")
	if pos.Phase != "S1914M" || !slices.Equal(pos.Disorder, []string{"italy"}) || !slices.Equal(pos.Closed, []string{"apu", "nap", "pie", "rom", "tus", "ven"}) {
		t.Fatalf("start: phase %s, disorder %v, closed %v", pos.Phase, pos.Disorder, pos.Closed)
	}
	allies := "SIGNON france@duo " + f.password("allies@x.test") + "\n"
	central := "SIGNON turkey@duo " + f.password("central@x.test") + "\n"

	// One mail orders for three powers, with or without headings; Italy's
	// land is closed to all.
	reply = f.send("allies@x.test", allies+"England: F lon-nth\nF edi - nwg\nA lvp - yor\nA par - bur\nA mar - pie\nF bre - mao\nA war - gal\nA mos - ukr\nRUSSIA: F sev - bla\nF stp/sc - bot")
	mustContain(t, "allies' orders", reply, "Signed on as France, England and Russia in game duo",
		"ok: England: F lon - nth", "ok: France: A par - bur", "ok: Russia: F stp/sc - bot",
		"A mar - pie                  refused: that province is neutral: no unit may enter it",
		"Still missing: France: A mar")
	reply = f.send("central@x.test", central+"F kie - hol\nA ber - kie\nA mun - ruh\nA vie - gal\nA bud - ser\nF tri - ven\nF ank - bla\nA con - bul\nA smy - arm\nA ven - tyr")
	mustContain(t, "central orders", reply, "ok: Germany: F kie - hol", "ok: Austria: A bud - ser", "ok: Turkey: A con - bul",
		"F tri - ven                  refused: that province is neutral", "A ven - tyr                  refused:",
		"Still missing: Austria: F tri")
	reply = f.send("it@x.test", "SIGNON italy@duo whatever\nA ven H")
	mustContain(t, "a stranger as Italy", reply, "Refused")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nBECOME italy")
	mustContain(t, "the master as Italy", reply, "Italy has no seat in game duo")

	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nPROCESS S1914M")
	mustContain(t, "process", reply, "S1914M processed now")
	results := f.lastMail("results", "central@x.test")
	mustContain(t, "spring results", results, "Processed before the deadline; orders missing or incomplete: Austria, France.")
	if n := strings.Count(f.lastMail("results", "allies@x.test"), "results of Spring 1914"); n != 1 {
		t.Errorf("allies got %d copies of the results in one mail", n)
	}
	f.send("central@x.test", central+"F hol H\nA kie - den\nSET DRAW")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nPREVIEW\nPROCESS F1914M")
	mustContain(t, "process", reply, "When this phase is processed, the judge tosses the coin", "F1914M processed now")
	results = f.lastMail("results", "allies@x.test")
	mustContain(t, "fall results", results, "The judge has tossed the coin: Italy joins Germany, Austria and Turkey from Spring 1915.")
	if pos := f.positionOf("duo"); pos.ItalyJoins != "germany" {
		t.Fatalf("the toss is not kept: %+v", pos)
	}
	if g := f.gameByName("duo"); strings.Contains(g.Settings, "italy_joins") {
		t.Errorf("the toss is among the settings: %s", g.Settings)
	}
	// Germany took Holland and Denmark: a winter with the toss made and
	// Italy still neutral.
	if p := f.positionOf("duo"); p.Phase != "W1914A" || !slices.Contains(p.Disorder, "italy") || len(p.Closed) != 6 {
		t.Fatalf("after Fall 1914: phase %s, disorder %v, closed %v; want W1914A with Italy neutral", p.Phase, p.Disorder, p.Closed)
	}
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nPROCESS W1914A")
	mustContain(t, "winter", reply, "W1914A processed now")
	pos = f.positionOf("duo")
	if pos.Phase != "S1915M" || slices.Contains(pos.Disorder, "italy") || len(pos.Closed) != 0 {
		t.Fatalf("1915: phase %s, disorder %v, closed %v", pos.Phase, pos.Disorder, pos.Closed)
	}
	// The stored result goes on from the same position: the results map
	// and HISTORY show Italy open.
	var last diplomacy.Response
	id := f.gameByName("duo").ID
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		phases, err := tx.Phases(id)
		if err == nil {
			err = json.Unmarshal([]byte(phases[len(phases)-1].Result), &last)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if last.Next.Phase != "S1915M" || len(last.Next.Closed) != 0 || slices.Contains(last.Next.Disorder, "italy") {
		t.Errorf("stored result: next %s, closed %v, disorder %v", last.Next.Phase, last.Next.Closed, last.Next.Disorder)
	}
	if st := f.seat("duo", "italy"); st.Address != "central@x.test" || st.Draw || st.Concede != "" {
		t.Errorf("Italy's seat in 1915: %+v, want the central player's without the last phase's vote", st)
	}
	// Italy now plays for the central player, with the same password; its
	// land is open.
	reply = f.send("central@x.test", central+"A ven - pie\nA rom - tus")
	mustContain(t, "Italy ordered by its side", reply, "Signed on as Turkey, Germany, Austria and Italy", "ok: Italy: A ven - pie", "ok: Italy: A rom - tus")
	reply = f.send("central@x.test", "SIGNON italy@duo "+f.password("central@x.test"))
	mustContain(t, "sign on as Italy", reply, "Signed on as Italy, Germany, Austria and Turkey in game duo")
	reply = f.send("allies@x.test", allies+"A mar - pie")
	mustContain(t, "Italy open", reply, "ok: France: A mar - pie")
	reply = f.send("fan@x.test", "STATUS duo")
	mustContain(t, "status", reply, "Played by 2 (seed XIV.2): England, France and Russia; Germany, Austria, Turkey and Italy. A side wins with 24 units.")

	// A rollback to Fall 1914 makes Italy neutral again; processing it
	// again rolls the game's dice as they fell, for the same side.
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nROLLBACK F1914M")
	mustContain(t, "rollback", reply, "Game duo is back at Fall 1914 movement (F1914M), with the orders it had")
	pos = f.positionOf("duo")
	if pos.Phase != "F1914M" || !slices.Equal(pos.Disorder, []string{"italy"}) || len(pos.Closed) != 6 {
		t.Fatalf("after the rollback: phase %s, disorder %v, closed %v", pos.Phase, pos.Disorder, pos.Closed)
	}
	if st := f.seat("duo", "italy"); st.Address != "" {
		t.Errorf("Italy's seat after the rollback to 1914: %+v, want none", st)
	}
	reply = f.send("central@x.test", "SIGNON italy@duo "+f.password("central@x.test"))
	mustContain(t, "Italy neutral again", reply, "Refused: this address and password are not those of Italy in game duo")
	reply = f.send("central@x.test", central)
	mustContain(t, "central's orders kept", reply, "Signed on as Turkey, Germany and Austria", "F hol H", "A kie - den")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nPROCESS F1914M")
	mustContain(t, "process again", reply, "F1914M processed now")
	mustContain(t, "the toss kept", f.lastMail("results", "allies@x.test"),
		"As the coin decided when it was tossed before the rollback: Italy joins Germany, Austria and Turkey from Spring 1915.")
	reply = f.send("gm@x.test", "SIGNON master@duo pw-master\nPROCESS W1914A")
	mustContain(t, "winter again", reply, "W1914A processed now")

	// 24 units win: the master's edits bring the central side to 24.
	pos = f.positionOf("duo")
	n := 0
	used := map[string]bool{}
	for _, p := range []string{"germany", "austria", "turkey", "italy"} {
		n += len(pos.Units[p])
	}
	for _, us := range pos.Units {
		for _, u := range us {
			used[strings.Fields(u)[1][:3]] = true
		}
	}
	var edits strings.Builder
	edits.WriteString("SIGNON master@duo pw-master\n")
	for _, place := range []string{"sil", "pru", "boh", "gal", "tyr", "ruh", "bur", "pic", "gas", "ukr", "arm", "syr", "alb", "ser", "gre", "bul", "rum", "fin", "lvn", "wal", "yor", "cly"} {
		if n >= 24 {
			break
		}
		if !used[place] {
			edits.WriteString("EDIT ADD germany A " + place + " -- test of the two-player victory\n")
			n++
		}
	}
	if n < 24 {
		t.Fatalf("only %d units for the test", n)
	}
	edits.WriteString("PROCESS S1915M\n")
	reply = f.send("gm@x.test", edits.String())
	mustContain(t, "victory", reply, "S1915M processed now")
	mustContain(t, "victory results", f.lastMail("results", "allies@x.test"), "Germany, Austria, Turkey and Italy, one player, have won the game with 2")
	if g := f.gameByName("duo"); g.State != store.Finished {
		t.Errorf("game %s after the victory", g.State)
	}
}

// TestFourPlayers checks the pairings of the four-player game: one seat
// for a pair, orders for both powers in one mail, draw votes and
// resignations for the pair, one reminder per player.
func TestFourPlayers(t *testing.T) {
	f := newFixture(t, func(s *Settings) { s.Reminder = Duration(12 * 3600e9) })
	reply := f.createSetup("quattro", "players 4\n", map[string]string{
		"england": "e@x.test", "austria": "af@x.test", "germany": "gt@x.test", "russia": "ir@x.test"})
	mustContain(t, "start", reply, "Austria and France: now played by af@x.test", "Germany and Turkey: now played by gt@x.test",
		"Russia and Italy: now played by ir@x.test", "Game quattro has started")
	reply = f.send("gm@x.test", "SIGNON master@quattro pw-master\nSEAT france someone@x.test")
	mustContain(t, "seat a paired power", reply, "France is already played by af@x.test")
	pw := f.password("af@x.test")
	reply = f.send("af@x.test", "SIGNON austria@quattro "+pw+"\nA par - bur\nA vie - gal\nF bre - lon")
	mustContain(t, "pair orders", reply, "Signed on as Austria and France", "ok: France: A par - bur", "ok: Austria: A vie - gal",
		"F bre - lon                  refused: the unit cannot reach that destination (F bre - lon)",
		"Still missing: Austria: A bud, F tri; France: A mar, F bre")
	// The pair has one limit of absence days for both powers; a new
	// player does not inherit the old one's absences.
	reply = f.send("af@x.test", "SIGNON austria@quattro "+pw+"\nSET ABSENCE 2026-12-01 TO 2026-12-10")
	mustContain(t, "first absence", reply, "Absence recorded: 2026-12-01 to 2026-12-10 (10 days")
	reply = f.send("af@x.test", "SIGNON france@quattro "+pw+"\nSET ABSENCE 2026-12-11 TO 2026-12-20")
	mustContain(t, "second absence", reply, "Refused: that absence would take 10 days more", "you have 5 left")
	reply = f.send("gm@x.test", "SIGNON master@quattro pw-master\nREPLACE france af2@x.test")
	mustContain(t, "replace the pair", reply, "France and Austria: now played by af2@x.test")
	reply = f.send("af2@x.test", "SIGNON austria@quattro "+f.password("af2@x.test")+"\nSET ABSENCE 2026-12-11 TO 2026-12-20")
	mustContain(t, "the new player's absence", reply, "Absence recorded: 2026-12-11 to 2026-12-20 (10 days", "Your absences: 2026-12-11 to 2026-12-20; 5 of the game's 15 days")
	pw = f.password("af2@x.test")
	// An order for a unit of another player's power is refused.
	reply = f.send("af2@x.test", "SIGNON france@quattro "+pw+"\nA mun - bur")
	mustContain(t, "another player's unit", reply, "A mun - bur", "refused")
	// The reminder: one mail for the pair.
	f.clk.advance(11 * 3600e9)
	f.tick()
	n := 0
	for _, m := range f.outbox() {
		if m.Kind == "reminder" && m.Recipient == "af2@x.test" {
			n++
			mustContain(t, "reminder", m.Body, "As Austria, still missing: A bud, F tri.", "As France, still missing: A mar, F bre.")
		}
	}
	if n != 1 {
		t.Errorf("%d reminders to the pair, want 1", n)
	}
	// A draw vote counts for both powers of the pair.
	for _, who := range []struct{ addr, power string }{{"e@x.test", "england"}, {"af2@x.test", "france"}, {"gt@x.test", "turkey"}} {
		f.send(who.addr, "SIGNON "+who.power+"@quattro "+f.password(who.addr)+"\nSET DRAW")
	}
	if g := f.gameByName("quattro"); g.State != store.Active {
		t.Fatalf("game %s before the last vote", g.State)
	}
	reply = f.send("ir@x.test", "SIGNON italy@quattro "+f.password("ir@x.test")+"\nSET DRAW")
	mustContain(t, "last vote", reply, "You vote for a draw")
	if g := f.gameByName("quattro"); g.State != store.Finished {
		t.Fatalf("game %s after every player voted", g.State)
	}
	mustContain(t, "draw announcement", f.lastMail("announce", "e@x.test"), "ends in a draw between Austria, England, France, Germany, Italy, Russia and Turkey")
}

// TestResignAndConcedeAsAPair checks that a pair resigns and concedes as
// one player.
func TestResignAndConcedeAsAPair(t *testing.T) {
	f := newFixture(t, nil)
	f.createSetup("tre", "players 3\nalternative 2\n", map[string]string{
		"england": "ega@x.test", "russia": "ri@x.test", "france": "ft@x.test"})
	ega, ri, ft := "SIGNON austria@tre "+f.password("ega@x.test")+"\n", "SIGNON russia@tre "+f.password("ri@x.test")+"\n", "SIGNON turkey@tre "+f.password("ft@x.test")+"\n"
	reply := f.send("ega@x.test", ega+"CONCEDE germany")
	mustContain(t, "concede within the side", reply, "Refused: a surviving power concedes to another player's surviving power")
	f.send("ega@x.test", ega+"CONCEDE italy")
	if g := f.gameByName("tre"); g.State != store.Active {
		t.Fatalf("game %s after one concession", g.State)
	}
	reply = f.send("ft@x.test", ft+"CONCEDE russia")
	mustContain(t, "last concession", reply, "You concede the game to Russia and Italy")
	if g := f.gameByName("tre"); g.State != store.Finished {
		t.Fatalf("game %s after every other player conceded", g.State)
	}
	mustContain(t, "concession announcement", f.lastMail("announce", "ri@x.test"), "Russia and Italy wins game tre")
	_ = ri

	f.createSetup("tre2", "players 3\n", map[string]string{"russia": "r@x.test", "england": "efg@x.test", "austria": "ait@x.test"})
	reply = f.send("efg@x.test", "SIGNON germany@tre2 "+f.password("efg@x.test")+"\nRESIGN")
	mustContain(t, "resign", reply, "You no longer play Germany, England and France in game tre2")
	reply = f.send("fan@x.test", "STATUS tre2")
	mustContain(t, "status", reply, "Played by 3 (seed XIV.2): Russia; England, France and Germany; Austria, Italy and Turkey.",
		`Deadlines: movement "0 20 * * *"`, "press white", "Early processing yes; draws: all survivors; absences: 15 days per player; observers yes; language english.", "Missing orders: hold.")
	var seats []store.Seat
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) (err error) {
		g, err := tx.Game("tre2")
		if err != nil {
			return err
		}
		seats, err = tx.Seats(g.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		if (s.Power == "england" || s.Power == "france" || s.Power == "germany") && s.Address != "" {
			t.Errorf("%s still seated after the resignation: %s", s.Power, s.Address)
		}
	}
}

// TestSetupRefusals checks the player counts and alternatives refused.
func TestSetupRefusals(t *testing.T) {
	f := newFixture(t, nil)
	for _, c := range []struct{ lines, want string }{
		{"players 8", "players 8: expected 7, 6 (Italy absent), 5 (Italy and Germany absent), 4, 3 or 2"},
		{"players 1", "players 1: expected 7"},
		{"players 3\nalternative 3", "alternative 3: expected 1 (Russia; England, France and Germany; Austria, Italy and Turkey) or 2"},
		{"players 4\nalternative 2", "players 4: expected 7"},
		{"alternative 2", "alternative 2: only the three-player game has alternatives"},
		{"players two", `players "two": expected a number of players`},
		{"draws some", `draws "some": expected all (every survivor) or partial`},
	} {
		reply := f.send("gm@x.test", "CREATE bad pw-master\n"+c.lines)
		mustContain(t, c.lines, reply, c.want, "The game was not created")
	}
	reply := f.send("gm@x.test", "CREATE tre pw-master\nplayers 3\nalternative 2")
	mustContain(t, "alternative 2", reply, "Played by 3 (seed XIV.2): England, Germany and Austria; Russia and Italy; France and Turkey.")
	reply = f.send("gm@x.test", "CREATE cinque pw-master\nplayers 5")
	mustContain(t, "five", reply, "Played by 5 (seed XIV.2): Austria; England; France; Russia; Turkey. Absent: Germany and Italy (the units hold).")
}

// TestPartialDraws checks SET DRAW <powers>: refused where draws include
// all survivors, and ending the game where partial draws are allowed once
// every survivor votes for the same draw.
func TestPartialDraws(t *testing.T) {
	f := newFixture(t, nil)
	pw := func(p string) string { return "SIGNON " + p + "@roma pw-" + p + "\n" }
	reply := f.send(addr("france"), pw("france")+"SET DRAW France Germany")
	mustContain(t, "partial draw in a DIAS game", reply, "Refused: in game roma a draw includes all survivors; send SET DRAW alone")
	reply = f.send(addr("france"), pw("france")+"SET DRAW France, Narnia")
	mustContain(t, "unknown power", reply, `Refused: "Narnia" is not a surviving power of game roma`)
	// Naming every survivor is the same as SET DRAW.
	reply = f.send(addr("france"), pw("france")+"SET DRAW austria england france germany italy russia turkey")
	mustContain(t, "all named", reply, "You vote for a draw between Austria, England, France, Germany, Italy, Russia and Turkey")

	f2 := newFixture(t, func(s *Settings) { s.PartialDraws = true })
	f = f2
	for _, p := range powers[:6] {
		f.send(addr(p), pw(p)+"SET DRAW France Germany")
	}
	// Turkey votes for another draw: no end.
	f.send(addr("turkey"), pw("turkey")+"SET DRAW France, Germany, Turkey")
	if g := f.game(); g.State != store.Active {
		t.Fatalf("game %s with differing votes", g.State)
	}
	reply = f.send(addr("turkey"), pw("turkey")+"SET DRAW Germany France")
	mustContain(t, "last vote", reply, "You vote for a draw between France and Germany")
	if g := f.game(); g.State != store.Finished {
		t.Fatalf("game %s after every survivor voted for the same draw", g.State)
	}
	mustContain(t, "announcement", f.lastMail("announce", addr("italy")), "Game roma ends in a draw between France and Germany")
}

// TestCreateSettingRefusals gives every settings line of CREATE a bad
// value: each is refused with what was expected, and no game is made.
func TestCreateSettingRefusals(t *testing.T) {
	f := newFixture(t, nil)
	for _, c := range []struct{ line, want string }{
		{"variant narnia", `narnia`},
		{"rules 1999", `1999`},
		{"movement every day", `movement deadline "every day"`},
		{"retreat 99 99 * * *", `retreat deadline "99 99 * * *"`},
		{"adjustment @sometimes", `adjustment deadline "@sometimes"`},
		{"timezone Mars/Olympus", `time zone "Mars/Olympus"`},
		{"grace soon", `duration "soon": expected a form like 90s, 30m or 1h30m`},
		{"reminder -1h", `grace and reminder must not be negative`},
		{"press loud", `press "loud": expected white, grey or none`},
		{"missing explode", `missing orders "explode": expected hold or disorder`},
		{"end tomorrow", `end "tomorrow": expected a date and time like 2027-06-30 20:00`},
		{"observers maybe", `observers "maybe": expected yes or no`},
		{"early sometimes", `early "sometimes": expected yes or no`},
		{"max absence -1", `max absence -1`},
	} {
		reply := f.send("gm@x.test", "CREATE nuovo pw-master\n"+c.line)
		mustContain(t, c.line, reply, c.want, "The game was not created")
	}
	reply := f.send("fan@x.test", "LIST")
	if strings.Contains(reply, "nuovo") {
		t.Errorf("a refused CREATE made a game:\n%s", reply)
	}
}

// seedTossing is a Judge.Seed that makes a game whose coin, tossed in
// phase, falls on side (0 for the first side, 1 for the second).
func seedTossing(phase string, side int) func() dice.Seed {
	seed := dice.SeedWhere(phase, func(d *dice.Source) bool { return d.Roll("coin", 2, true) == side+1 })
	return func() dice.Seed { return seed }
}

// TestHeadingOnItsOwnLine checks that a heading alone on a line gives its
// power to the orders under it that do not name a unit (WAIVE).
func TestHeadingOnItsOwnLine(t *testing.T) {
	f := newFixture(t, nil)
	f.createSetup("quattro", "players 4\n", map[string]string{
		"england": "e@x.test", "austria": "af@x.test", "germany": "gt@x.test", "russia": "ir@x.test"})
	af := "SIGNON austria@quattro " + f.password("af@x.test") + "\n"
	f.send("af@x.test", af+"A par - bur\nA vie - gal")
	reply := f.send("gm@x.test", "SIGNON master@quattro pw-master\nEDIT CENTRE bel france -- test\nEDIT CENTRE ser austria -- test\nPROCESS S1901M\nPROCESS F1901M")
	mustContain(t, "to the winter", reply, "F1901M processed now")
	reply = f.send("af@x.test", af+"France:\nWAIVE")
	mustContain(t, "France's waive", reply, "ok: France: waive", "Still missing: Austria: 1 build (or WAIVE)")
	reply = f.send("af@x.test", af+"AUSTRIA\nWAIVE")
	mustContain(t, "Austria's waive", reply, "ok: Austria: waive", "Your orders are complete")
}

// TestGameEndedEarlierInTheMail checks that commands after the one that
// ended the game see it ended: a concession after a unanimous draw is
// refused, and one announcement goes out.
func TestGameEndedEarlierInTheMail(t *testing.T) {
	f := newFixture(t, nil)
	f.createSetup("duo", "players 2\n", map[string]string{"england": "allies@x.test", "germany": "central@x.test"})
	f.send("allies@x.test", "SIGNON england@duo "+f.password("allies@x.test")+"\nSET DRAW")
	reply := f.send("central@x.test", "SIGNON germany@duo "+f.password("central@x.test")+"\nSET DRAW\nCONCEDE england\nA ber - kie")
	mustContain(t, "after the draw", reply, "You vote for a draw", "Expected CONCEDE <power>, in a game under way", "Game duo is finished: orders are not taken now")
	n := 0
	for _, m := range f.outbox() {
		if m.Kind == "announce" && m.Recipient == "allies@x.test" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d announcements, want the draw's alone", n)
	}
}

// TestMasterCommandsAfterProcess checks that a master's command after
// PROCESS in the same mail works on the processed game, not on the one
// read at sign-on.
func TestMasterCommandsAfterProcess(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPROCESS S1901M\nSET GRACE 2h\nSET DEADLINE 2030-01-05 21:30")
	mustContain(t, "reply", reply, "S1901M processed now", "Deadline: Sat 2030-01-05 21:30 CET")
	g := f.milano()
	if set, _ := parseSettings(g.Settings); g.Phase != "F1901M" || set.Grace != Duration(2*time.Hour) {
		t.Errorf("after PROCESS and SET: phase %s, grace %s", g.Phase, time.Duration(set.Grace))
	}
}
