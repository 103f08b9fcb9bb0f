package judge

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// standing is a power's current order set, as the store keeps it and in
// the contract's terms.
type standing struct {
	rows   []store.Order
	orders []game.Order
}

// gameOrder is an order as the store keeps it, in the contract's terms.
func gameOrder(r store.Order) game.Order {
	return game.Order{Seat: r.Power, Key: r.Key, Text: r.Canonical, ByMaster: r.ByMaster}
}

// standings reads the phase's orders in one query and returns the order
// sets of the given seats (of every seat when none is given), by seat id;
// the others are empty.
func (vw *view) standings(tx *store.Tx, seats ...string) (map[string]*standing, error) {
	rows, err := tx.Orders(vw.g.ID, vw.g.Phase)
	if err != nil {
		return nil, err
	}
	out := map[string]*standing{}
	for _, id := range vw.seatIDs() {
		out[id] = &standing{}
	}
	// The master's orders for the seats only he plays are kept as any.
	for _, ms := range vw.masterSeats() {
		out[ms.ID] = &standing{}
	}
	for _, r := range rows {
		st := out[r.Power]
		if st == nil || (len(seats) > 0 && !slices.Contains(seats, r.Power)) {
			continue
		}
		st.rows = append(st.rows, r)
		st.orders = append(st.orders, gameOrder(r))
	}
	return out, nil
}

// submit reads order lines of the signed-on player, keeps the ones that
// make legal orders (each replacing the earlier order for its unit) and
// reports on every line. A player of several powers (seed XIV.2) writes
// their orders together: each is taken for the power it is legal for.
func (s *session) submit(lines []string) error {
	if err := s.reload(); err != nil {
		return err
	}
	vw := s.vw
	notRead := func(format string, args ...any) error {
		s.printf(format, args...)
		for _, l := range lines {
			s.printf("> %s\n", l)
		}
		s.printf("\n")
		return nil
	}
	// Orders sent during a pause are for the phase that resumes.
	if (vw.g.State != store.Active && vw.g.State != store.Paused) || vw.st == nil {
		return notRead("Game %s is %s: orders are not taken now.\n", vw.g.Name, s.lang.t(vw.g.State))
	}
	if s.phase != nil {
		if s.phase.ID == "" {
			return notRead("These orders were not read: the PHASE line above them could not be read.\n")
		}
		switch target, now := s.phase.Rank, vw.st.Phase().Rank; {
		case target < now:
			return notRead("These orders are for %s, which is over: game %s is at %s. They were not read; nothing was changed.\n",
				s.phase.Title(game.Lang(s.lang)), vw.g.Name, vw.phaseTitle(s.lang))
		case target > now && s.asMaster:
			return notRead("The game master orders for the current phase only (%s). These orders were not read.\n", vw.phaseTitle(s.lang))
		case target > now:
			return s.ahead(lines)
		}
	} else if began := vw.g.PhaseBegan; !began.IsZero() {
		// A mail that arrived, or was written, before the current phase
		// began was meant for an earlier one: it came too late for it,
		// and is not misapplied to this one, whenever it is read.
		again := s.lang.f("To order for %s, send the orders again (or write PHASE %s above them).\n", vw.phaseTitle(s.lang), vw.st.Phase().ID)
		switch {
		case s.at.Before(began) || s.at.Equal(began) && vw.g.BeganMark.Covers(s.mark):
			// In the second the phase began, its mark tells: a mail
			// fetched by then arrived before.
			return notRead("Your mail reached the judge on %s, before the current phase began (%s), and was read only after: its orders were for the phase before, whose deadline had passed, and were not read for %s.\n%s",
				vw.timeIn(s.lang, s.at), vw.timeIn(s.lang, began), vw.phaseTitle(s.lang), again)
		case !s.m.Date.IsZero() && s.written().Before(began):
			return notRead("Your mail is dated %s, before the current phase began (%s): its orders were written for an earlier phase and came too late for it, and were not read for %s.\n%s",
				vw.timeIn(s.lang, s.m.Date), vw.timeIn(s.lang, began), vw.phaseTitle(s.lang), again)
		}
	}
	if !s.asMaster {
		// An older mail (resent, replayed, or read out of turn) never
		// overwrites the orders of a newer one.
		lastAt, lastWritten, err := s.tx.LastSubmitted(vw.g.ID, vw.g.Phase, s.seat)
		if err != nil {
			return err
		}
		if w := s.written(); s.at.Before(lastAt) || (!w.IsZero() && w.Before(lastWritten)) {
			return notRead("Your mail, dated %s, is older than the orders you sent for %s on %s, which stand: an older mail never overwrites newer orders, and nothing was changed.\nIf these are the orders you want, send them again in a new mail.\n",
				vw.timeIn(s.lang, cmp.Or(s.written(), s.at)), vw.phaseTitle(s.lang), vw.timeIn(s.lang, cmp.Or(lastWritten, lastAt)))
		}
	}
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	var standing []game.Order
	// carried are the orders standing from the phase before, by seat and
	// key; newSheet the seats whose sheet this mail replaced.
	carried := map[string]bool{}
	var newSheet []string
	for _, st := range sets {
		standing = append(standing, st.orders...)
		for _, r := range st.rows {
			if r.MessageID == store.Carried {
				carried[r.Power+"\x00"+r.Key] = true
			}
		}
	}
	var report strings.Builder
	report.WriteString(s.lang.f("Orders for %s:\n", vw.phaseTitle(s.lang)))
	var parsedLines []string
	// A heading alone on its line ("France:") puts its power first for
	// the lines under it, where an order alone does not say (WAIVE).
	lead, foreign := "", ""
	for _, line := range lines {
		if p, ok := heading(vw, line); ok {
			lead, foreign = p, ""
			if !slices.Contains(s.side, p) {
				// Orders under another power's heading are not this
				// player's to give (the game refuses them on one line).
				foreign = vw.seatName(s.lang, p)
			}
			continue
		}
		if foreign != "" && !s.prose(line) {
			report.WriteString(s.lang.f("  %-28s refused: it stands under the heading %s, a power you do not play\n", line, foreign))
			parsedLines = append(parsedLines, line+" => refused: under "+foreign)
			continue
		}
		readings, err := vw.st.Read(s.seatIDs(lead), line, standing)
		if err != nil {
			return gameFault(vw, err)
		}
		if !slices.ContainsFunc(readings, func(r game.Reading) bool { return r.Refused == nil || !r.Refused.NotOrder }) {
			s.unread = append(s.unread, strings.TrimSpace(line))
			continue
		}
		for _, r := range readings {
			if r.Refused != nil && r.Refused.NotOrder {
				s.unread = append(s.unread, r.Written)
				continue
			}
			if r.Refused != nil {
				refusal := r.Refused.Reason(game.Lang(s.lang))
				report.WriteString(s.lang.f("  %-28s refused: %s\n", r.Written, refusal))
				parsedLines = append(parsedLines, r.Written+" => refused: "+refusal)
				continue
			}
			if r.Order.Key == "" {
				// Understood, and no order: a heading of the sheet.
				note := ""
				if r.Note != nil {
					note = r.Note(game.Lang(s.lang))
				}
				report.WriteString(s.lang.f("  %-28s %s\n", r.Written, note))
				parsedLines = append(parsedLines, r.Written+" => "+note)
				continue
			}
			o := r.Order
			o.ByMaster = s.asMaster
			// A game of sheets (game.Sheet): the mail's first order of a
			// seat replaces the seat's sheet, but what was carried.
			if sheet, ok := vw.st.(game.Sheet); ok && sheet.Sheet() && !slices.Contains(newSheet, o.Seat) {
				newSheet = append(newSheet, o.Seat)
				if err := s.tx.ClearSheet(vw.g.ID, vw.g.Phase, o.Seat); err != nil {
					return err
				}
				standing = slices.DeleteFunc(standing, func(x game.Order) bool { return x.Seat == o.Seat && !carried[x.Seat+"\x00"+x.Key] })
			}
			standing = append(slices.DeleteFunc(standing, func(x game.Order) bool { return x.Seat == o.Seat && x.Key == o.Key }), o)
			err = s.tx.PutOrder(store.Order{GameID: vw.g.ID, Phase: vw.g.Phase, Power: o.Seat, Key: o.Key,
				Text: r.Written, Canonical: o.Text, MessageID: s.m.MessageID, At: s.at, ByMaster: s.asMaster})
			if err != nil {
				return err
			}
			canon := o.Text
			if len(s.side) > 1 {
				canon = vw.seatName(s.lang, o.Seat) + ": " + canon
			}
			note := ""
			if r.Note != nil {
				note = r.Note(game.Lang(s.lang))
			}
			report.WriteString(s.lang.f("  %-28s ok: %s%s\n", r.Written, canon, note))
			parsedLines = append(parsedLines, r.Written+" => "+canon)
		}
	}
	s.out.WriteString(report.String())
	s.printf("\n")
	from := s.m.From
	if s.asMaster {
		from = "master (" + s.m.From + ")"
	}
	err = s.tx.AddSubmission(store.Submission{GameID: vw.g.ID, Phase: vw.g.Phase, Power: s.seat, Address: from,
		MessageID: s.m.MessageID, At: s.at, Written: s.written(), ByMaster: s.asMaster, Raw: strings.Join(lines, "\n"), Parsed: strings.Join(parsedLines, "\n")})
	if err != nil {
		return err
	}
	actor := s.seat
	if s.asMaster {
		actor = "master as " + actor
	}
	if err := s.tx.Audit(s.now, vw.g.ID, actor, "orders", strings.Join(parsedLines, "; ")); err != nil {
		return err
	}
	s.mayProcess()
	return s.orderState()
}

// written is the mail's Date, but never later than its arrival: a Date
// ahead of it is a sender's clock that is wrong. Zero without a Date.
func (s *session) written() time.Time {
	if d := s.m.Date; !d.IsZero() && d.Before(s.at) {
		return d.UTC()
	}
	if s.m.Date.IsZero() {
		return time.Time{}
	}
	return s.at
}

// seatIDs are the seats the player plays, lead first where the player
// plays it: a line is read for lead first.
func (s *session) seatIDs(lead string) []string {
	side := s.side
	if i := slices.Index(side, lead); i > 0 {
		side = append([]string{lead}, slices.Delete(slices.Clone(side), i, i+1)...)
	}
	return side
}

// ahead keeps order lines sent for a later phase (njudge's PHASE line):
// they are read against that phase's position when it begins, and the
// player is sent the report then.
func (s *session) ahead(lines []string) error {
	vw := s.vw
	err := s.tx.AddAhead(store.Ahead{GameID: vw.g.ID, Phase: s.phase.ID, Power: s.seat,
		Address: s.m.From, MessageID: s.m.MessageID, At: s.at, Text: strings.Join(lines, "\n")})
	if err != nil {
		return err
	}
	s.printf("Orders for %s, a later phase, kept until it begins; they will be read then against its position, and you will be sent what was made of them:\n", s.phase.Title(game.Lang(s.lang)))
	for _, l := range lines {
		s.printf("  %s\n", l)
	}
	s.printf("\n")
	return s.tx.Audit(s.now, vw.g.ID, s.seat, "orders ahead", s.phase.ID+": "+strings.Join(lines, "; "))
}

// readAhead reads, when a phase begins, the orders sent ahead for it, as
// if their player had mailed them now, and mails the player the report.
// Orders sent for a phase the game went past without playing it (a
// retreat phase with no retreats) are dropped, and the player is told.
func (j *Judge) readAhead(tx *store.Tx, vw *view) error {
	if vw.st == nil || (vw.g.State != store.Active && vw.g.State != store.Paused) {
		return nil
	}
	rows, err := tx.Ahead(vw.g.ID)
	if err != nil || len(rows) == 0 {
		return err
	}
	current := vw.st.Phase().Rank
	// One report per player, for all the orders sent ahead.
	reports := map[string]*session{}
	var order []string
	for _, a := range rows {
		p, err := vw.rules.Phase(a.Phase)
		if err == nil && p.Rank > current {
			continue
		}
		if err := tx.DeleteAhead(a.ID); err != nil {
			return err
		}
		// A seat that changed hands since lost them (forgetPlayer).
		seat := vw.seat(a.Power)
		if seat == nil || seat.Address == "" {
			continue
		}
		s := reports[seat.Address]
		if s == nil {
			now := j.now()
			s = &session{j: j, tx: tx, now: now, at: now, vw: vw, lang: vw.seatLang(seat)}
			reports[seat.Address] = s
			order = append(order, seat.Address)
		}
		s.m, s.seat, s.side = &mailer.Message{MessageID: a.MessageID, From: a.Address}, a.Power, vw.seating().Side(a.Power)
		if err != nil || p.Rank < current {
			s.printf("The orders you sent ahead for %s were not used: game %s went on to %s without that phase.\n", vw.phaseOf(s.lang, a.Phase), vw.g.Name, vw.phaseTitle(s.lang))
			for _, l := range strings.Split(a.Text, "\n") {
				s.printf("> %s\n", l)
			}
			s.printf("\n")
			continue
		}
		s.printf("%s has begun: the orders you sent ahead for it (on %s) are read now.\n\n", p.Title(game.Lang(s.lang)), vw.timeIn(s.lang, a.At))
		if err := s.submit(strings.Split(a.Text, "\n")); err != nil {
			return err
		}
	}
	for _, addr := range order {
		reports[addr].tellUnread()
		_, err = tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: addr, Subject: reports[addr].lang.f("Corriere %s: your orders sent ahead", vw.g.Name),
			Body: reports[addr].out.String(), GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "ahead"})
		if err != nil {
			return err
		}
	}
	return nil
}

// heading reads a line that only names a seat, as "France:" or
// "ITALIA", exactly as the game names it (game.Rules.Seat): a misspelt
// one ("Francesca") is no heading.
func heading(vw *view, line string) (string, bool) {
	return vw.rules.Seat(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(line), ":")))
}

// orderState reports the player's whole order set (every power the player
// plays), what is missing and the deadline.
func (s *session) orderState() error {
	vw := s.vw
	s.shown = true
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	// A player who owes nothing now (another's turn) is told whose it is.
	owing := vw.owing()
	if !slices.ContainsFunc(s.side, func(id string) bool { return slices.Contains(owing, id) || len(sets[id].rows) > 0 }) {
		if len(owing) == 0 {
			// A ruling step: the phase waits on the master alone.
			s.printf("Nothing is due from you for %s (%s): the game master's decisions are due. Deadline: %s.\n\n", vw.phaseTitle(s.lang), vw.g.Name, vw.deadlineIn(s.lang))
			return nil
		}
		s.printf("Nothing is due from you for %s (%s): orders are due from %s. Deadline: %s.\n\n", vw.phaseTitle(s.lang), vw.g.Name, vw.sideName(s.lang, owing), vw.deadlineIn(s.lang))
		return nil
	}
	s.printf("Your orders for %s (%s):\n", vw.phaseTitle(s.lang), vw.g.Name)
	var allMissing []string
	for _, power := range s.side {
		st := sets[power]
		indent := "  "
		if len(s.side) > 1 {
			s.printf("  %s:\n", vw.seatName(s.lang, power))
			indent = "    "
		}
		if len(st.rows) == 0 {
			s.printf("%s(none)\n", indent)
		}
		for _, r := range st.rows {
			s.printf("%s%s\n", indent, r.Canonical)
		}
		if miss := vw.missingIn(s.lang, power, st.orders); len(miss) > 0 {
			if len(s.side) > 1 {
				allMissing = append(allMissing, vw.seatName(s.lang, power)+": "+strings.Join(miss, ", "))
			} else {
				allMissing = append(allMissing, miss...)
			}
		}
	}
	if len(allMissing) > 0 {
		sep := ", "
		if len(s.side) > 1 {
			sep = "; "
		}
		s.printf("Still missing: %s.\n", strings.Join(allMissing, sep))
	} else {
		s.printf("Your orders are complete.\n")
	}
	s.printf("Deadline: %s.\n\n", vw.deadlineIn(s.lang))
	return nil
}

// missing lists what seat still has to order, given its orders: units
// without orders, or in winter the builds or removals not yet ordered.
func (vw *view) missing(seat string, orders []game.Order) []string {
	return vw.missingIn(english, seat, orders)
}

// missingIn is missing in l.
func (vw *view) missingIn(l lang, seat string, orders []game.Order) []string {
	texts := vw.st.Missing(seat, orders)
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t(game.Lang(l))
	}
	return out
}

// plural counts in l: "1 build", "2 builds".
func (l lang) plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + l.t(one)
	}
	return fmt.Sprintf("%d %s", n, l.t(many))
}

// owing lists the seats that owe orders this phase; seats absent from
// the game (a setup for fewer players) owe none.
func (vw *view) owing() []string { return vw.st.Owing() }
