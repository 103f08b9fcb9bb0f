package judge

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

func utc(month time.Month, day, hour int) time.Time {
	return time.Date(2026, month, day, hour, 0, 0, 0, time.UTC)
}

// audit lists a game's audit entries as "actor action detail".
func (f *fixture) audit(name string) []string {
	f.t.Helper()
	var out []string
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		log, err := tx.AuditLog(g.ID)
		for _, e := range log {
			out = append(out, e.Actor+" "+e.Action+" "+e.Detail)
		}
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

func (f *fixture) absences(name string) []store.Absence {
	f.t.Helper()
	var out []store.Absence
	err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		out, err = tx.Absences(g.ID)
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return out
}

func hasEntry(entries []string, prefix string) bool {
	for _, e := range entries {
		if strings.HasPrefix(e, prefix) {
			return true
		}
	}
	return false
}

const signonFrance = "SIGNON france@roma pw-france\n"

func TestAbsencePostponesTheCurrentDeadline(t *testing.T) {
	f := newFixture(t, nil) // Monday 2026-11-23 09:00 UTC, deadline 20:00 daily
	reply := f.send(addr("france"), signonFrance+"SET ABSENCE 2026-11-23 TO 2026-11-25")
	mustContain(t, "reply", reply,
		"Absence recorded: 2026-11-23 to 2026-11-25 (3 days, UTC)",
		"The deadline of Spring 1901 movement (S1901M) is postponed to Thu 2026-11-26 20:00 UTC",
		"Your absences: 2026-11-23 to 2026-11-25; 12 of the game's 15 days of absence left",
		"Deadline: Thu 2026-11-26 20:00 UTC")
	if g := f.game(); !g.Deadline.Equal(utc(11, 26, 20)) {
		t.Errorf("deadline %s, want Thursday 20:00", g.Deadline)
	}
	var told []string
	for _, m := range f.outbox() {
		if m.Kind == "announce" && strings.Contains(m.Subject, "deadline postponed") {
			told = append(told, m.Recipient)
			mustContain(t, "announcement", m.Body, "For a player's absence, the deadline of Spring 1901 movement (S1901M) is postponed to Thu 2026-11-26 20:00 UTC")
			if strings.Contains(m.Body, "France") {
				t.Errorf("the announcement names the absent power:\n%s", m.Body)
			}
		}
	}
	if len(told) != len(powers) {
		t.Errorf("announcement to %v, want every player", told)
	}
	log := f.audit("roma")
	if !hasEntry(log, "france absence 2026-11-23 to 2026-11-25") || !hasEntry(log, "judge postpone S1901M deadline 2026-11-23T20:00:00Z -> 2026-11-26T20:00:00Z, for the absence of france") {
		t.Errorf("audit log:\n%s", strings.Join(log, "\n"))
	}
	// The old deadline passes and nothing is processed.
	f.clk.advance(14 * time.Hour)
	f.tick()
	if g := f.game(); g.Phase != "S1901M" {
		t.Errorf("processed at the old deadline: %s", g.Phase)
	}
}

func TestAbsencePostponesTheNextPhase(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), signonFrance+"SET ABSENCE 2026-11-24 TO 2026-11-25")
	mustContain(t, "reply", reply, "Absence recorded: 2026-11-24 to 2026-11-25 (2 days, UTC)", "The current deadline stays: Mon 2026-11-23 20:00 UTC")
	if g := f.game(); !g.Deadline.Equal(utc(11, 23, 20)) {
		t.Fatalf("deadline %s moved", g.Deadline)
	}
	f.clk.advance(12 * time.Hour) // 21:00: S1901M is processed
	f.tick()
	g := f.game()
	if g.Phase != "F1901M" || !g.Deadline.Equal(utc(11, 26, 20)) {
		t.Fatalf("after processing: %s, deadline %s; want F1901M, Thursday 20:00 (not Tuesday)", g.Phase, g.Deadline)
	}
	for _, m := range f.outbox() {
		if m.Kind == "results" && m.Recipient == addr("italy") {
			mustContain(t, "results", m.Body, "Next: Fall 1901 movement (F1901M), deadline Thu 2026-11-26 20:00 UTC")
		}
	}
}

// In the winter of 1901 only France, which took Spain, has orders to give:
// England's absence moves nothing, France's does, and so does England's
// when England's player plays France too.
func TestAbsenceOfAPowerThatOwesNothing(t *testing.T) {
	for _, tc := range []struct {
		name, power, player string
		want                time.Time
	}{
		{"england", "england", addr("england"), utc(11, 25, 20)},
		{"france", "france", addr("france"), utc(11, 26, 20)},
		{"england played with france", "england", addr("france"), utc(11, 26, 20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			if err := f.j.Seat(context.Background(), "roma", tc.power, tc.player, "pw-"+tc.power); err != nil {
				t.Fatal(err)
			}
			f.send(addr("france"), signonFrance+"A Mar-Spa")
			f.clk.advance(12 * time.Hour)
			f.tick() // Monday 21:00: F1901M, deadline Tuesday 20:00
			f.clk.advance(12 * time.Hour)
			reply := f.send(tc.player, "SIGNON "+tc.power+"@roma pw-"+tc.power+"\nSET ABSENCE 2026-11-25")
			mustContain(t, "reply", reply, "Absence recorded: 2026-11-25 (1 day, UTC)", "The current deadline stays")
			f.clk.advance(12 * time.Hour)
			f.tick() // Tuesday 21:00: W1901A, deadline Wednesday 20:00 unless postponed
			if g := f.game(); g.Phase != "W1901A" || !g.Deadline.Equal(tc.want) {
				t.Errorf("%s, deadline %s; want W1901A, %s", g.Phase, g.Deadline, tc.want)
			}
		})
	}
}

func TestAbsenceRefusals(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct{ name, body, want string }{
		{"bad date", "SET ABSENCE 1/12/2026", "dates as YYYY-MM-DD"},
		{"bad form", "SET ABSENCE 2026-12-01 UNTIL 2026-12-03", "expected SET ABSENCE <from> TO <to>"},
		{"no date", "SET ABSENCE", "expected SET ABSENCE <from> TO <to>"},
		{"no such day", "SET ABSENCE 2026-02-30", "dates as YYYY-MM-DD"},
		{"ends before it begins", "SET ABSENCE 2026-12-10 TO 2026-12-01", "ends (2026-12-01) before it begins (2026-12-10)"},
		{"in the past", "SET ABSENCE 2026-11-01 TO 2026-11-22", "is over already (it ended Mon 2026-11-23 00:00 UTC)"},
		{"beyond the limit", "SET ABSENCE 2026-12-01 TO 2026-12-16", "that absence is 16 days; game roma allows 15 days of absence in all, and you have 15 left"},
		{"beyond the limit, over the deadline", "SET ABSENCE 2026-11-23 TO 2027-01-31", "you have 15 left"},
		{"noabsence with words", "SET NOABSENCE 2026-12-01", "SET NOABSENCE takes nothing after it"},
	} {
		reply := f.send(addr("france"), signonFrance+tc.body)
		mustContain(t, tc.name, reply, "Refused: ", tc.want, "Nothing was changed")
	}
	if g := f.game(); !g.Deadline.Equal(utc(11, 23, 20)) {
		t.Errorf("a refused absence moved the deadline to %s", g.Deadline)
	}
	if a := f.absences("roma"); len(a) != 0 {
		t.Errorf("refused absences were recorded: %+v", a)
	}
	for _, m := range f.outbox() {
		if m.Kind == "announce" {
			t.Errorf("a refused absence was announced: %s", m.Subject)
		}
	}
}

func TestAbsenceRefusedByTheGame(t *testing.T) {
	ctx := context.Background()
	t.Run("no absences", func(t *testing.T) {
		f := newFixture(t, func(s *Settings) { s.MaxAbsence = 0 })
		reply := f.send(addr("france"), signonFrance+"SET ABSENCE 2026-12-01")
		mustContain(t, "reply", reply, "Refused: game roma takes no absences. Nothing was changed.")
	})
	t.Run("finished", func(t *testing.T) {
		f := newFixture(t, nil)
		if _, err := f.j.Master(ctx, "roma", "TERMINATE"); err != nil {
			t.Fatal(err)
		}
		reply := f.send(addr("france"), signonFrance+"SET ABSENCE 2026-12-01")
		mustContain(t, "reply", reply, "Refused: game roma is finished; absences are taken only while a game is under way")
	})
	t.Run("forming", func(t *testing.T) {
		f := newFixture(t, nil)
		if err := f.j.CreateGame(ctx, "napoli", "standard", "2023", DefaultSettings()); err != nil {
			t.Fatal(err)
		}
		if err := f.j.Seat(ctx, "napoli", "france", addr("france"), "pw-france"); err != nil {
			t.Fatal(err)
		}
		reply := f.send(addr("france"), "SIGNON france@napoli pw-france\nSET ABSENCE 2026-12-01")
		mustContain(t, "reply", reply, "Refused: game napoli is forming")
		if a := f.absences("napoli"); len(a) != 0 {
			t.Errorf("recorded: %+v", a)
		}
	})
	t.Run("the master", func(t *testing.T) {
		f := masterFixture(t)
		before := f.milano()
		reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nSET ABSENCE 2026-11-23 TO 2026-11-25\nSET NOABSENCE\nBECOME france\nSET ABSENCE 2026-11-23")
		mustContain(t, "reply", reply,
			"> SET ABSENCE 2026-11-23 TO 2026-11-25\n  Refused: absences are the players' own; the game master moves the deadline with SET DEADLINE or EXTEND",
			"> SET NOABSENCE\n  Refused: absences are the players' own",
			"> SET ABSENCE 2026-11-23\n  Refused: only the player of France announces an absence")
		if after := f.milano(); !after.Deadline.Equal(before.Deadline) || len(f.absences("milano")) != 0 {
			t.Errorf("the master's absence changed the game: deadline %s -> %s, absences %v", before.Deadline, after.Deadline, f.absences("milano"))
		}
	})
}

func TestAbsenceLimitOverSeveralAbsences(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct{ power, body, want string }{
		{"france", "SET ABSENCE 2026-12-01 TO 2026-12-05", "10 of the game's 15 days of absence left"},
		// Days announced twice count once.
		{"france", "SET ABSENCE 2026-12-04 TO 2026-12-08", "7 of the game's 15 days of absence left"},
		{"france", "SET ABSENCE 2026-12-20 TO 2026-12-26", "Your absences: 2026-12-01 to 2026-12-05, 2026-12-04 to 2026-12-08, 2026-12-20 to 2026-12-26; 0 of the game's 15 days"},
		{"france", "SET ABSENCE 2026-12-28", "Refused: that absence would take 1 day more; game roma allows 15 days of absence in all and you have 0 left"},
		{"france", "SET ABSENCE 2026-12-05", "0 of the game's 15 days"},
		// Each player has a limit of their own.
		{"italy", "SET ABSENCE 2026-12-01 TO 2026-12-15", "0 of the game's 15 days"},
	} {
		reply := f.send(addr(tc.power), "SIGNON "+tc.power+"@roma pw-"+tc.power+"\n"+tc.body)
		mustContain(t, tc.body, reply, tc.want)
	}
	// The days already past are not taken: from Wednesday, an absence
	// since Monday counts from Wednesday.
	f.clk.advance(48 * time.Hour)
	reply := f.send(addr("england"), "SIGNON england@roma pw-england\nSET ABSENCE 2026-11-23 TO 2026-11-26")
	mustContain(t, "reply", reply, "Absence recorded: 2026-11-25 to 2026-11-26 (2 days, UTC)", "13 of the game's 15 days")
}

func TestNoAbsence(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send(addr("france"), signonFrance+"SET ABSENCE 2026-11-23\nSET ABSENCE 2026-12-01 TO 2026-12-05\nSET ABSENCE 2026-12-10")
	mustContain(t, "reply", reply, "postponed to Tue 2026-11-24 20:00 UTC", "8 of the game's 15 days")
	reply = f.send(addr("france"), signonFrance+"SET NOABSENCE")
	mustContain(t, "reply", reply, "2 absences cancelled. Deadlines already postponed stay as they are.", "Your absences: 2026-11-23; 14 of the game's 15 days")
	if g := f.game(); !g.Deadline.Equal(utc(11, 24, 20)) {
		t.Errorf("SET NOABSENCE moved the deadline to %s", g.Deadline)
	}
	reply = f.send(addr("france"), signonFrance+"SET NOABSENCE")
	mustContain(t, "reply", reply, "You have no absence still to begin: nothing was changed.")
	if log := f.audit("roma"); !hasEntry(log, "france noabsence 2 cancelled") {
		t.Errorf("audit log:\n%s", strings.Join(log, "\n"))
	}
	// The days cancelled may be taken again.
	reply = f.send(addr("france"), signonFrance+"SET ABSENCE 2026-12-01 TO 2026-12-14")
	mustContain(t, "reply", reply, "Absence recorded: 2026-12-01 to 2026-12-14 (14 days, UTC)", "0 of the game's 15 days")
}

// Resuming, processing and rolling back set deadlines that respect the
// absences too (milano's deadlines are at 20:00 in Rome).
func TestAbsenceAtResumeProcessAndRollback(t *testing.T) {
	f := masterFixture(t)
	reply := f.send("gm@x.test", "SIGNON master@milano s3cret-gm\nPAUSE")
	mustContain(t, "pause", reply, "is paused")
	reply = f.send("italy@milano.test", "SIGNON italy@milano "+f.seatPassword("italy")+"\nSET ABSENCE 2026-11-27")
	mustContain(t, "absence", reply, "Absence recorded: 2026-11-27 (1 day, Europe/Rome)", "The current deadline stays: Mon 2026-11-23 20:00 CET")
	f.clk.advance(3*24*time.Hour + 12*time.Hour) // Thursday 21:00 UTC, 22:00 in Rome
	want := time.Date(2026, 11, 28, 19, 0, 0, 0, time.UTC)
	for _, cmd := range []string{"RESUME", "PROCESS S1901M", "ROLLBACK S1901M"} {
		f.send("gm@x.test", "SIGNON master@milano s3cret-gm\n"+cmd)
		if g := f.milano(); !g.Deadline.Equal(want) {
			t.Errorf("after %s: %s, deadline %s; want Saturday 20:00 in Rome, after Italy's absence on Friday", cmd, g.Phase, g.Deadline)
		}
	}
}

func TestCreateMaxAbsence(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct {
		body string
		want int // -1: refused
		says string
	}{
		{"CREATE napoli pw-master\nmax absence 10", 10, "Game napoli created"},
		{"CREATE torino pw-master\nmax_absence: 0", 0, "Game torino created"},
		{"CREATE genova pw-master", 15, "Game genova created"},
		{"CREATE bari pw-master\nmax absence -2", -1, "max absence -2: expected a number of days, 0 or more"},
		{"CREATE bari pw-master\nmax absence ten", -1, `max absence "ten": expected a number of days`},
		{"CREATE bari pw-master\nmax days 3", -1, "expected max absence <days>"},
	} {
		reply := f.send("gm@x.test", tc.body)
		mustContain(t, tc.body, reply, tc.says)
		name := strings.Fields(tc.body)[1]
		var g *store.Game
		err := f.j.Store.Tx(context.Background(), func(tx *store.Tx) (err error) {
			g, err = tx.Game(name)
			return err
		})
		if tc.want < 0 {
			if err == nil {
				t.Errorf("%q: game created", tc.body)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		set, err := parseSettings(g.Settings)
		if err != nil || set.MaxAbsence != tc.want {
			t.Errorf("%q: max absence %d (%v), want %d", tc.body, set.MaxAbsence, err, tc.want)
		}
	}
}
