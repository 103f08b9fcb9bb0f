package judge

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

// masterFixture is a game created by mail, whose master is gm@x.test.
func masterFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t, nil)
	reply := f.send("gm@x.test", "CREATE milano s3cret-gm\nrules 1971\nmovement 0 20 * * *\nretreat 0 20 * * *\nadjustment 0 20 * * *\ntimezone Europe/Rome\ngrace 30m\npress grey\n")
	mustContain(t, "create reply", reply, "Game milano created", "1971 rules", "Europe/Rome", "grace 30m0s", "press grey")
	reply = f.seatAll("milano", "s3cret-gm", powers, "milano.test")
	mustContain(t, "seat reply", reply, "Signed on as the game master of milano", "France: now played by france@milano.test", "Game milano has started")
	return f
}

// seatAll is the master's mail that seats each of seats at
// <seat>@domain and starts the game, and the judge's reply.
func (f *fixture) seatAll(name, password string, seats []string, domain string) string {
	f.t.Helper()
	var b strings.Builder
	b.WriteString("SIGNON master@" + name + " " + password + "\n")
	for _, p := range seats {
		b.WriteString("SEAT " + p + " " + p + "@" + domain + "\n")
	}
	b.WriteString("START\n")
	return f.send("gm@x.test", b.String())
}

// seatPassword is the password the judge mailed to power's player in milano.
func (f *fixture) seatPassword(power string) string {
	f.t.Helper()
	for _, m := range f.outbox() {
		if m.Kind == "seat" && m.Recipient == power+"@milano.test" {
			_, after, _ := strings.Cut(m.Body, "SIGNON "+power+"@milano ")
			pw, _, _ := strings.Cut(after, "\n")
			return pw
		}
	}
	return ""
}

func (f *fixture) milano() *store.Game { return f.gameByName("milano") }

func TestMasterCreatesSeatsAndStarts(t *testing.T) {
	f := masterFixture(t)
	g := f.milano()
	if g.State != store.Active || g.Phase != "S1901M" || g.Rules != "1971" {
		t.Fatalf("game %+v", g)
	}
	// Each player was sent a password that works.
	password := f.seatPassword("france")
	if password == "" {
		t.Fatal("France's player got no password")
	}
	reply := f.send("france@milano.test", "SIGNON france@milano "+password+"\nA Par-Bur")
	mustContain(t, "player reply", reply, "ok: A par - bur")
}

func TestMasterRefusals(t *testing.T) {
	f := masterFixture(t)
	before := f.milano()
	for _, tc := range []struct{ name, from, body, want string }{
		{"wrong master password", "gm@x.test", "SIGNON master@milano nope\nPAUSE", "not the game master's password"},
		{"a player's master command", addr("france"), "SIGNON france@roma pw-france\nPAUSE", "is a game master's command"},
		{"master command without signon", "gm@x.test", "PROCESS S1901M", "is a game master's command"},
		{"process the wrong phase", "gm@x.test", "SIGNON master@milano s3cret-gm\nPROCESS F1901M", "the current phase of milano is S1901M, not F1901M"},
		{"seat a seated power", "gm@x.test", "SIGNON master@milano s3cret-gm\nSEAT France someone@x.test", "already played by france@milano.test"},
		{"replace an unknown power", "gm@x.test", "SIGNON master@milano s3cret-gm\nREPLACE Narnia a@x.test", "Narnia"},
		{"resume a running game", "gm@x.test", "SIGNON master@milano s3cret-gm\nRESUME", "is active"},
		{"extend by nonsense", "gm@x.test", "SIGNON master@milano s3cret-gm\nEXTEND soon", "expected EXTEND <duration>"},
		{"deadline in the past", "gm@x.test", "SIGNON master@milano s3cret-gm\nSET DEADLINE 2020-01-01 20:00", "expected a future date"},
		{"create an existing game", "gm@x.test", "CREATE milano other-pw1", "exists already"},
		{"create with a bad setting", "gm@x.test", "CREATE napoli pw-master\ntimezone Mars/Olympus", "time zone"},
	} {
		reply := f.send(tc.from, tc.body)
		mustContain(t, tc.name, reply, tc.want)
	}
	after := f.milano()
	if after.State != before.State || after.Phase != before.Phase || !after.Deadline.Equal(before.Deadline) || after.Settings != before.Settings {
		t.Errorf("a refused command changed the game: %+v -> %+v", before, after)
	}
}

func TestMasterProcessPreviewPause(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPREVIEW")
	mustContain(t, "preview", reply, "PREVIEW (nothing stored", "results of Spring 1901 movement", "Processed before the deadline; orders missing or incomplete: Austria")
	if g := f.milano(); g.Phase != "S1901M" {
		t.Fatalf("PREVIEW changed the phase to %s", g.Phase)
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPROCESS S1901M\nPROCESS S1901M")
	mustContain(t, "process", reply, "S1901M processed now", "the current phase of milano is F1901M, not S1901M")
	if g := f.milano(); g.Phase != "F1901M" {
		t.Fatalf("phase %s after PROCESS, want F1901M", g.Phase)
	}

	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPAUSE")
	mustContain(t, "pause", reply, "is paused")
	f.clk.advance(72 * time.Hour)
	f.tick()
	if g := f.milano(); g.Phase != "F1901M" || g.State != store.Paused {
		t.Fatalf("a paused game moved: %s %s", g.State, g.Phase)
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nRESUME")
	mustContain(t, "resume", reply, "runs again")
	if g := f.milano(); g.State != store.Active || !g.Deadline.After(f.clk.now()) {
		t.Fatalf("after RESUME: %s, deadline %s (now %s)", g.State, g.Deadline, f.clk.now())
	}

	d := f.milano().Deadline
	f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nEXTEND 24h\nSET GRACE 2h")
	g := f.milano()
	if !g.Deadline.Equal(d.Add(24 * time.Hour)) {
		t.Errorf("deadline %s after EXTEND 24h, want %s", g.Deadline, d.Add(24*time.Hour))
	}
	if set, _ := parseSettings(g.Settings); set.Grace != Duration(2*time.Hour) {
		t.Errorf("grace %s after SET GRACE 2h", time.Duration(set.Grace))
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nSET DEADLINE 2030-01-05 21:30")
	mustContain(t, "set deadline", reply, "Deadline: Sat 2030-01-05 21:30 CET")

	announced := 0
	for _, m := range f.outbox() {
		if m.Kind == "announce" && m.Recipient == "italy@milano.test" {
			announced++
		}
	}
	if announced < 4 {
		t.Errorf("Italy was told of %d changes, want pause, resume, extension and deadline", announced)
	}
}

func TestMasterReplaceEjectTerminate(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nEJECT Italy\nREPLACE Italy nuovo@x.test\nTERMINATE")
	mustContain(t, "reply", reply, "Italy has no player now", "Italy: now played by nuovo@x.test", "is over")
	if g := f.milano(); g.State != store.Finished {
		t.Errorf("state %s after TERMINATE", g.State)
	}
	reply = f.send("italy@milano.test", "SIGNON italy@milano whatever\nA Ven H")
	mustContain(t, "ejected player", reply, "Refused")
}

func TestRollback(t *testing.T) {
	f := masterFixture(t)
	pw := map[string]string{"france": f.seatPassword("france")}
	f.send("france@milano.test", "SIGNON france@milano "+pw["france"]+"\nA Par-Bur\nA Mar-Spa")
	startPos := f.milano().Position
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nROLLBACK S1901M")
	mustContain(t, "rollback of an unprocessed phase", reply, "S1901M was never processed in game milano (processed: none)")
	f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPROCESS S1901M")
	f.send("france@milano.test", "SIGNON france@milano "+pw["france"]+"\nA Bur-Mun")
	if g := f.milano(); g.Phase != "F1901M" {
		t.Fatalf("phase %s", g.Phase)
	}
	before := f.milano()
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nROLLBACK W1900A\nROLLBACK yesterday")
	mustContain(t, "rollback beyond the first phase", reply, "W1900A was never processed in game milano (processed: S1901M)",
		"YESTERDAY was never processed in game milano (processed: S1901M)")
	if after := f.milano(); after.Phase != before.Phase || after.Position != before.Position {
		t.Fatalf("a refused ROLLBACK changed the game")
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nROLLBACK F1901M\nROLLBACK S1901M")
	mustContain(t, "rollback", reply, "F1901M was never processed", "Game milano is back at Spring 1901 movement (S1901M), with the orders it had")
	g := f.milano()
	if g.Phase != "S1901M" || g.Position != startPos {
		t.Fatalf("after ROLLBACK: phase %s, position restored %v", g.Phase, g.Position == startPos)
	}
	reply = f.send("france@milano.test", "SIGNON france@milano "+pw["france"])
	mustContain(t, "France's orders after the rollback", reply, "A par - bur", "A mar - spa", "Still missing: F bre")
	reply = f.send(addr("england"), "HISTORY milano")
	mustContain(t, "history after the rollback", reply, "No phase of milano has been processed yet")
	announced := false
	for _, m := range f.outbox() {
		announced = announced || (m.Kind == "announce" && strings.Contains(m.Subject, "rolled back to S1901M"))
	}
	if !announced {
		t.Error("the rollback was not announced")
	}
}

func TestDeclare(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nDECLARE WINNER France Italy\nDECLARE DRAW France, Narnia\nDECLARE DRAW France Italy")
	mustContain(t, "declare", reply, "a game has one winner", "Narnia", "is over: a draw between France, Italy")
	if g := f.milano(); g.State != store.Finished {
		t.Errorf("state %s", g.State)
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nDECLARE WINNER France")
	mustContain(t, "declare on a finished game", reply, "is finished")
}

func TestUnanimousDrawEndsTheGame(t *testing.T) {
	f := newFixture(t, nil)
	for i, p := range powers {
		f.send(addr(p), "SIGNON "+p+"@roma pw-"+p+"\nSET DRAW")
		want := store.Active
		if i == len(powers)-1 {
			want = store.Finished
		}
		if g := f.game(); g.State != want {
			t.Fatalf("after %s votes: %s, want %s", p, g.State, want)
		}
	}
}

func TestDrawVotesResetEachPhase(t *testing.T) {
	f := newFixture(t, nil)
	for _, p := range powers[:6] {
		f.send(addr(p), "SIGNON "+p+"@roma pw-"+p+"\nSET DRAW")
	}
	f.clk.advance(13 * time.Hour)
	f.tick() // S1901M processed: the votes are gone
	f.send(addr("turkey"), "SIGNON turkey@roma pw-turkey\nSET DRAW")
	if g := f.game(); g.State != store.Active {
		t.Fatalf("state %s: the votes of the last phase counted", g.State)
	}
}

func TestBecome(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nA Par-Bur\nBECOME France\nA Par-Bur\nA Mar-Spa\nPRESS TO Italy\nhello\nENDPRESS\nBECOME Narnia")
	mustContain(t, "reply", reply, "Not read: the game master orders for a power after BECOME <power>",
		"entered for France, marked as the game master's", "ok: A par - bur", "ok: A mar - spa",
		"cannot send press as France", "Narnia")
	var audit []store.AuditEntry
	id := f.milano().ID
	f.j.Store.Tx(context.Background(), func(tx *store.Tx) (err error) {
		audit, err = tx.AuditLog(id)
		return err
	})
	found := false
	for _, e := range audit {
		found = found || (e.Actor == "master as france" && e.Action == "orders")
	}
	if !found {
		t.Errorf("the master's orders for France are not marked in the audit log: %+v", audit)
	}
	for _, m := range f.outbox() {
		if m.Kind == "press" {
			t.Errorf("press went out as France: %+v", m)
		}
	}
}

func TestEditPosition(t *testing.T) {
	f := masterFixture(t)
	before := f.milano().Position
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\n"+
		"EDIT ADD France A mun -- a ruling\n"+
		"EDIT ADD France F mun -- fleet inland\n"+
		"EDIT REMOVE bur -- nothing there\n"+
		"EDIT MOVE par\n")
	mustContain(t, "refusals", reply, "two units in mun", "cannot stand there", "there is no unit in bur", "expected EDIT ADD")
	if f.milano().Position != before {
		t.Fatal("a refused edit changed the position")
	}
	reply = f.send("gm@x.test", "SIGNON master@milano s3cret-gm\n"+
		"EDIT MOVE par bur -- the army was misplaced by the previous master\n"+
		"EDIT REMOVE ven -- Italy's player withdrew the unit by agreement\n"+
		"EDIT ADD Italy F ion -- restored after the judge's error\n"+
		"EDIT CENTRE bel France -- Belgium was occupied in 1901 by agreement\n")
	mustContain(t, "edits", reply, "French A par moved to bur", "Italian A ven removed", "Italian F ion added", "the centre bel given to France")
	reply = f.send("fan@x.test", "STATUS milano")
	mustContain(t, "status", reply, "France   A bur, A mar, F bre; centres: bel,", "F ion")
	var reasons int
	for _, m := range f.outbox() {
		if m.Kind == "announce" && m.Recipient == "germany@milano.test" && strings.Contains(m.Body, "Reason: ") {
			reasons++
		}
	}
	if reasons != 4 {
		t.Errorf("Germany was told of %d changes with their reasons, want 4", reasons)
	}
}

func TestConcedeAndResign(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), "SIGNON france@roma pw-france\nCONCEDE France\nCONCEDE Narnia")
	mustContain(t, "refusals", reply, "a surviving power concedes to another player's surviving power")
	for i, p := range powers {
		if p == "italy" {
			continue
		}
		f.send(addr(p), "SIGNON "+p+"@roma pw-"+p+"\nCONCEDE Italy")
		want := store.Active
		if i == len(powers)-1 {
			want = store.Finished
		}
		if g := f.game(); g.State != want {
			t.Fatalf("after %s concedes: %s, want %s", p, g.State, want)
		}
	}

	g := newFixture(t, nil)
	reply = g.send(addr("turkey"), "SIGNON turkey@roma pw-turkey\nRESIGN\nA Con-Bul")
	mustContain(t, "resign", reply, "You no longer play Turkey", "Not read: sign on first")
	reply = g.send(addr("turkey"), "SIGNON turkey@roma pw-turkey\nA Con-Bul")
	mustContain(t, "after resigning", reply, "Refused")
}

func TestObservers(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("fan@x.test", "OBSERVE milano")
	mustContain(t, "observe", reply, "You will receive the results of game milano")
	f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPROCESS S1901M")
	got := false
	for _, m := range f.outbox() {
		got = got || (m.Kind == "results" && m.Recipient == "fan@x.test")
	}
	if !got {
		t.Error("the observer got no results")
	}
	reply = f.send("gm@x.test", "CREATE napoli pw-master\nobservers no")
	mustContain(t, "create", reply, "Game napoli created")
	reply = f.send("fan@x.test", "OBSERVE napoli")
	mustContain(t, "observe refused", reply, "takes no observers")
}

func TestDrawVoteFromEliminatedPower(t *testing.T) {
	f := masterFixture(t)
	// Italy loses everything by the master's ruling.
	f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nEDIT REMOVE ven -- r\nEDIT REMOVE rom -- r\nEDIT REMOVE nap -- r\n"+
		"EDIT CENTRE ven Austria -- r\nEDIT CENTRE rom Austria -- r\nEDIT CENTRE nap Austria -- r")
	reply := f.send("italy@milano.test", "SIGNON italy@milano "+f.seatPassword("italy")+"\nSET DRAW")
	mustContain(t, "eliminated vote", reply, "Refused: only a power still in a game under way may vote for a draw")
}

// The rulebook's six-player game (XIV.2): Italy is absent, its units hold
// and are disbanded when dislodged, and it owes nothing.
func TestSixPlayers(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("gm@x.test", "CREATE sei pw-master\nplayers 6\nmovement 0 20 * * *\nretreat 0 20 * * *\nadjustment 0 20 * * *")
	mustContain(t, "create", reply, "Game sei created")
	var b strings.Builder
	b.WriteString("SIGNON master@sei pw-master\n")
	for _, p := range powers {
		if p != "italy" {
			b.WriteString("SEAT " + p + " " + p + "@sei.test\n")
		}
	}
	b.WriteString("START\n")
	reply = f.send("gm@x.test", b.String())
	mustContain(t, "start", reply, "Game sei has started")
	reply = f.send("fan@x.test", "STATUS sei")
	if strings.Contains(reply, "Italy    none") {
		t.Errorf("Italy is listed as owing orders:\n%s", reply)
	}
	// An Austrian attack on Venice, supported: the Italian army is
	// disbanded at once, with no retreat phase.
	reply = f.send("gm@x.test", "SIGNON master@sei pw-master\nEDIT ADD Austria A tyr -- test\nBECOME Austria\nA tri - ven\nA tyr S A tri - ven\nPROCESS S1901M")
	mustContain(t, "process", reply, "S1901M processed now")
	var results string
	for _, m := range f.outbox() {
		if m.Kind == "results" && m.Recipient == "austria@sei.test" {
			results = m.Body
		}
	}
	mustContain(t, "results", results, "F tri - ven", "Italy: A ven", "Next: Fall 1901 movement")
	if strings.Contains(results, "Late (orders missing or incomplete at the deadline): Austria, England, France, Germany, Italy") {
		t.Errorf("Italy is named late:\n%s", results)
	}
	reply = f.send("gm@x.test", "SIGNON master@sei pw-master\nDECLARE WINNER Italy\nDECLARE DRAW France, France, Italy")
	mustContain(t, "declare an absent power", reply, "Italy is not a surviving power of game sei")
	if g := f.gameByName("sei"); g.State != store.Active {
		t.Errorf("a refused DECLARE ended the game: %s", g.State)
	}
}

// PREVIEW in a game ended before it started is refused, not a crash.
func TestPreviewOfAGameNeverStarted(t *testing.T) {
	f := newFixture(t, nil)
	if _, err := f.j.CreateWithMaster(context.Background(), "mai", NewCreation(), ""); err != nil {
		t.Fatal(err)
	}
	reply, err := f.j.Master(context.Background(), "mai", "TERMINATE\nPREVIEW")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "PREVIEW", reply, "Refused: game mai has not started")
}
