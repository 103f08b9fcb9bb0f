package judge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/store"
)

// Absences: a player announces days away (SET ABSENCE <from> TO <to>,
// dates in the game's time zone), and a deadline that falls inside the
// absence of a power that owes orders in that phase is postponed to the
// game's next regular deadline after the absence ends. A player takes at
// most Settings.MaxAbsence days over the whole game; SET NOABSENCE
// cancels the absences that have not begun.

const absenceUsage = "expected SET ABSENCE <from> TO <to> with dates as YYYY-MM-DD in the game's time zone (e.g. SET ABSENCE 2027-03-01 TO 2027-03-10), SET ABSENCE <date> for one day, or SET NOABSENCE"

// absenceNotYours refuses the master's absence: the master, as a power,
// moves deadlines otherwise.
func (s *session) absenceNotYours(c command) {
	s.printf("> %s\n  Refused: only the player of %s announces an absence; the game master moves deadlines with SET DEADLINE or EXTEND. Nothing was changed.\n\n", c.text, s.vw.seatName(s.lang, s.seat))
}

// absencesArePlayers refuses the master's SET ABSENCE and SET NOABSENCE.
func (s *session) absencesArePlayers(c command) error {
	s.printf("> %s\n  Refused: absences are the players' own; the game master moves the deadline with SET DEADLINE or EXTEND. Nothing was changed.\n\n", c.text)
	return nil
}

// absenceNotNow refuses an absence in a game not under way.
func (s *session) absenceNotNow(c command) {
	s.printf("> %s\n  Refused: game %s is %s; absences are taken only while a game is under way. Nothing was changed.\n\n", c.text, s.vw.g.Name, s.lang.t(s.vw.g.State))
}

// noAbsence carries out a player's SET NOABSENCE.
func (s *session) noAbsence(c command) error {
	vw := s.vw
	if len(c.args) != 1 {
		s.printf("> %s\n  Refused: SET NOABSENCE takes nothing after it. Nothing was changed.\n\n", c.text)
		return nil
	}
	n, err := s.j.cancelAbsences(s.tx, vw, s.side, s.now)
	if err != nil {
		return err
	}
	if n == 0 {
		s.printf("> %s\n  You have no absence still to begin: nothing was changed.\n\n", c.text)
		return nil
	}
	if err := s.tx.Audit(s.now, vw.g.ID, s.seat, "noabsence", fmt.Sprintf("%d cancelled", n)); err != nil {
		return err
	}
	s.printf("> %s\n  %s cancelled. Deadlines already postponed stay as they are.\n", c.text, s.lang.plural(int(n), "absence", "absences"))
	return s.absenceSummary(vw)
}

// absence carries out a player's SET ABSENCE.
func (s *session) absence(c command) error {
	vw := s.vw
	power := s.seat
	if vw.set.MaxAbsence <= 0 {
		s.printf("> %s\n  Refused: game %s takes no absences. Nothing was changed.\n\n", c.text, vw.g.Name)
		return nil
	}
	loc, err := time.LoadLocation(vw.set.TimeZone)
	if err != nil {
		return fmt.Errorf("game %s: time zone %q: %w", vw.g.Name, vw.set.TimeZone, err)
	}
	first, last, ok := parseAbsence(c.args[1:], loc)
	if !ok {
		s.printf("> %s\n  Refused: %s. Nothing was changed.\n\n", c.text, absenceUsage)
		return nil
	}
	if last.Before(first) {
		s.printf("> %s\n  Refused: the absence ends (%s) before it begins (%s); expected SET ABSENCE <from> TO <to> with <to> on or after <from>. Nothing was changed.\n\n",
			c.text, last.Format(dayLayout), first.Format(dayLayout))
		return nil
	}
	from, to := first, last.AddDate(0, 0, 1) // 00:00 of the first day, 24:00 of the last
	if !to.After(s.now) {
		s.printf("> %s\n  Refused: that absence is over already (it ended %s); expected one that ends today or later. Nothing was changed.\n\n", c.text, vw.timeIn(s.lang, to))
		return nil
	}
	// Days already past are not taken: the absence begins today at the earliest.
	today := s.now.In(loc)
	if today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc); from.Before(today) {
		from = today
	}
	list, err := s.tx.Absences(vw.g.ID)
	if err != nil {
		return err
	}
	taken := map[int64]bool{} // the days this player has announced, each once
	for _, a := range list {
		if s.plays(a.Power) {
			addDays(taken, a.From, a.To, loc)
		}
	}
	used := len(taken)
	if n := dayNumber(to, loc) - dayNumber(from, loc); n > int64(vw.set.MaxAbsence) {
		s.printf("> %s\n  Refused: that absence is %d days; game %s allows %d days of absence in all, and you have %d left. Nothing was changed.\n\n",
			c.text, n, vw.g.Name, vw.set.MaxAbsence, max(vw.set.MaxAbsence-used, 0))
		return nil
	}
	addDays(taken, from, to, loc)
	if len(taken) > vw.set.MaxAbsence {
		s.printf("> %s\n  Refused: that absence would take %s more; game %s allows %d days of absence in all and you have %d left. Nothing was changed.\n\n",
			c.text, s.lang.plural(len(taken)-used, "day", "days"), vw.g.Name, vw.set.MaxAbsence, max(vw.set.MaxAbsence-used, 0))
		return nil
	}
	if _, err := s.tx.AddAbsence(store.Absence{GameID: vw.g.ID, Power: power, From: from.UTC(), To: to.UTC(), CreatedAt: s.now}); err != nil {
		return err
	}
	what := absenceText(from, to, loc)
	if err := s.tx.Audit(s.now, vw.g.ID, power, "absence", what); err != nil {
		return err
	}
	s.printf("> %s\n  Absence recorded: %s (%s, %s).\n", c.text, what, s.lang.plural(int(dayNumber(to, loc)-dayNumber(from, loc)), "day", "days"), vw.set.TimeZone)
	// The current deadline, if it falls inside it.
	before := vw.g.Deadline
	d, err := s.j.postpone(s.tx, vw, before)
	if err != nil {
		return err
	}
	if d.Equal(before) {
		s.printf("  The current deadline stays: %s.\n", vw.deadlineIn(s.lang))
	} else {
		vw.g.Deadline, vw.g.Reminded = d, false
		if err := s.tx.UpdateGame(vw.g); err != nil {
			return err
		}
		s.printf("  The deadline of %s is postponed to %s; every player was told.\n", vw.phaseTitle(s.lang), vw.deadlineIn(s.lang))
		err := s.j.announce(s.tx, vw, vw.g.Phase, func(l lang) (string, string) {
			return l.t("deadline postponed"), l.f("For a player's absence, the deadline of %s is postponed to %s.\n", vw.phaseTitle(l), vw.deadlineIn(l))
		})
		if err != nil {
			return err
		}
	}
	s.printf("  Later deadlines that fall inside it are postponed too while %s has orders to give.\n", vw.seatName(s.lang, s.seat))
	return s.absenceSummary(vw)
}

// absenceSummary ends a reply with the player's absences and the days left.
func (s *session) absenceSummary(vw *view) error {
	loc, err := time.LoadLocation(vw.set.TimeZone)
	if err != nil {
		return err
	}
	list, err := s.tx.Absences(vw.g.ID)
	if err != nil {
		return err
	}
	var texts []string
	taken := map[int64]bool{}
	for _, a := range list {
		if s.plays(a.Power) {
			texts = append(texts, absenceText(a.From, a.To, loc))
			addDays(taken, a.From, a.To, loc)
		}
	}
	s.printf("  Your absences: %s; %d of the game's %d days of absence left.\n\n", s.lang.none(texts), max(vw.set.MaxAbsence-len(taken), 0), vw.set.MaxAbsence)
	return nil
}

const dayLayout = "2006-01-02"

// parseAbsence reads "<from> TO <to>" or "<date>" as the first and the
// last day, each at 00:00 in loc.
func parseAbsence(args []string, loc *time.Location) (first, last time.Time, ok bool) {
	switch {
	case len(args) == 1:
		args = []string{args[0], "TO", args[0]}
	case len(args) == 3 && (strings.EqualFold(args[1], "TO") || args[1] == "-"):
	default:
		return first, last, false
	}
	first, err1 := time.ParseInLocation(dayLayout, args[0], loc)
	last, err2 := time.ParseInLocation(dayLayout, args[2], loc)
	return first, last, err1 == nil && err2 == nil
}

// dayNumber counts calendar days in loc, so that a day is one day across
// changes of summer time.
func dayNumber(t time.Time, loc *time.Location) int64 {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// addDays adds the days from from to to (not included) to set.
func addDays(set map[int64]bool, from, to time.Time, loc *time.Location) {
	for n, end := dayNumber(from, loc), dayNumber(to, loc); n < end; n++ {
		set[n] = true
	}
}

// absenceText writes an absence as its first and last day.
func absenceText(from, to time.Time, loc *time.Location) string {
	first, last := from.In(loc), to.In(loc).AddDate(0, 0, -1)
	if dayNumber(first, loc) == dayNumber(last, loc) {
		return first.Format(dayLayout)
	}
	return first.Format(dayLayout) + " to " + last.Format(dayLayout)
}

// deadline is the deadline of the phase of vw.pos when it starts at from:
// the next on the game's schedule, moved past the absences of the players
// who owe orders (postpone).
func (j *Judge) deadline(tx *store.Tx, vw *view, from time.Time) (time.Time, error) {
	d, err := vw.set.Deadline(vw.st.Phase().Kind, from)
	if err != nil {
		return d, err
	}
	return j.postpone(tx, vw, d)
}

// postpone returns deadline d of the phase of vw.pos moved past the
// absences of the players of the powers that owe orders in it: while d
// falls inside one, it becomes the game's next regular deadline at or
// after its end. A moved deadline is recorded in the audit log.
func (j *Judge) postpone(tx *store.Tx, vw *view, d time.Time) (time.Time, error) {
	if d.IsZero() || vw.st == nil {
		return d, nil
	}
	// The powers that owe orders, and those their players also play (one
	// player may play several powers: the same address in their seats).
	owe, players := map[string]bool{}, map[string]bool{}
	for _, p := range vw.owing() {
		owe[p] = true
		if seat := vw.seat(p); seat != nil && seat.Address != "" {
			players[strings.ToLower(seat.Address)] = true
		}
	}
	for _, seat := range vw.seats {
		if seat.Address != "" && players[strings.ToLower(seat.Address)] {
			owe[seat.Power] = true
		}
	}
	if len(owe) == 0 {
		return d, nil
	}
	list, err := tx.Absences(vw.g.ID)
	if err != nil {
		return d, err
	}
	orig := d
	var why []string
	// Each step moves d past an absence's end, so every absence is passed
	// at most once.
	for moved := true; moved; {
		moved = false
		for _, a := range list {
			if !owe[a.Power] || d.Before(a.From) || !d.Before(a.To) {
				continue
			}
			next, err := vw.set.Deadline(vw.st.Phase().Kind, a.To.Add(-time.Second))
			if err != nil {
				return orig, err
			}
			if next.IsZero() || !next.After(d) {
				continue // a schedule with no later time: leave d
			}
			d, moved = next.UTC(), true
			if !slices.Contains(why, a.Power) {
				why = append(why, a.Power)
			}
		}
	}
	if d.Equal(orig) {
		return d, nil
	}
	detail := fmt.Sprintf("%s deadline %s -> %s, for the absence of %s", vw.st.Phase().ID, orig.Format(time.RFC3339), d.Format(time.RFC3339), strings.Join(why, ", "))
	return d, tx.Audit(j.now(), vw.g.ID, "judge", "postpone", detail)
}

// plays reports whether the signed-on player plays the power with this
// id: a player of several powers (seed XIV.2) has one limit for all.
func (s *session) plays(power string) bool {
	return slices.Contains(s.side, power)
}

// cancelAbsences drops the absences not yet begun of the given powers:
// for SET NOABSENCE, and when a seat changes hands.
func (j *Judge) cancelAbsences(tx *store.Tx, vw *view, side []string, now time.Time) (int64, error) {
	var n int64
	for _, p := range side {
		k, err := tx.DeleteAbsences(vw.g.ID, p, now)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

// unseat empties the seats of the powers a player played; their absences
// go with them.
func (j *Judge) unseat(tx *store.Tx, vw *view, side []string) error {
	for _, p := range side {
		if err := tx.PutSeat(store.Seat{GameID: vw.g.ID, Power: p}); err != nil {
			return err
		}
	}
	return j.forgetPlayer(tx, vw, side)
}

// forgetPlayer drops what the old player of the given powers, which
// change hands, left behind: every absence (the old player's days
// neither postpone the new player's deadlines nor count against the new
// player's limit) and the orders sent ahead for later phases.
func (j *Judge) forgetPlayer(tx *store.Tx, vw *view, side []string) error {
	for _, p := range side {
		if err := tx.ClearAbsences(vw.g.ID, p); err != nil {
			return err
		}
		if err := tx.DeleteAheadOf(vw.g.ID, p); err != nil {
			return err
		}
	}
	return nil
}
