package judge

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

// standing is a power's current order set, read back from the store.
type standing struct {
	keys   []string
	orders []adjudicator.Order
	rows   []store.Order
}

// standings reads the phase's orders in one query and returns the order
// sets of the given powers (of every power when none is given), indexed
// by power; the others are empty.
func (vw *view) standings(tx *store.Tx, powers ...variants.Power) ([]*standing, error) {
	rows, err := tx.Orders(vw.g.ID, vw.g.Phase)
	if err != nil {
		return nil, err
	}
	out := make([]*standing, len(vw.v.Powers))
	for p := range out {
		out[p] = &standing{}
	}
	for _, r := range rows {
		p := vw.v.PowerByID(r.Power)
		if p == variants.NoPower || (len(powers) > 0 && !slices.Contains(powers, p)) {
			continue
		}
		o, err := parser.Order(vw.v, vw.pos, p, r.Canonical)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored order %q no longer reads: %w", vw.g.Name, r.Canonical, err)
		}
		st := out[p]
		st.keys = append(st.keys, r.Key)
		st.orders = append(st.orders, o)
		st.rows = append(st.rows, r)
	}
	return out, nil
}

// key says which earlier order an order replaces: the one for the same
// unit, or in winter the one for the same centre.
func orderKey(v *variants.Variant, o adjudicator.Order, waives int) string {
	switch o.Type {
	case adjudicator.Build:
		return "build " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Remove:
		return "remove " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Waive:
		return fmt.Sprintf("waive %d", waives+1)
	}
	return v.Locs[v.Province(o.Loc)].ID
}

// with returns the order set with o put in place of the order of the same key.
func (st *standing) with(key string, o adjudicator.Order) ([]string, []adjudicator.Order) {
	keys := append([]string(nil), st.keys...)
	orders := append([]adjudicator.Order(nil), st.orders...)
	for i, k := range keys {
		if k == key {
			keys = append(keys[:i], keys[i+1:]...)
			orders = append(orders[:i], orders[i+1:]...)
			break
		}
	}
	return append(keys, key), append(orders, o)
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
	if (vw.g.State != store.Active && vw.g.State != store.Paused) || vw.pos == nil {
		return notRead("Game %s is %s: orders are not taken now.\n", vw.g.Name, s.lang.t(vw.g.State))
	}
	if s.phase != nil {
		if s.phase.Year < 0 {
			return notRead("These orders were not read: the PHASE line above them could not be read.\n")
		}
		switch target, now := phaseRank(*s.phase), phaseRank(vw.pos.Phase); {
		case target < now:
			return notRead("These orders are for %s, which is over: game %s is at %s. They were not read; nothing was changed.\n",
				s.lang.phase(*s.phase), vw.g.Name, s.lang.phase(vw.pos.Phase))
		case target > now && s.asMaster:
			return notRead("The game master orders for the current phase only (%s). These orders were not read.\n", s.lang.phase(vw.pos.Phase))
		case target > now:
			return s.ahead(lines)
		}
	} else if began := vw.g.PhaseBegan; !began.IsZero() {
		// A mail that arrived, or was written, before the current phase
		// began was meant for an earlier one: it came too late for it,
		// and is not misapplied to this one, whenever it is read.
		again := s.lang.f("To order for %s, send the orders again (or write PHASE %s above them).\n", s.lang.phase(vw.pos.Phase), vw.pos.Phase)
		switch {
		case s.at.Before(began) || s.at.Equal(began) && vw.g.BeganMark.Covers(s.mark):
			// In the second the phase began, its mark tells: a mail
			// fetched by then arrived before.
			return notRead("Your mail reached the judge on %s, before the current phase began (%s), and was read only after: its orders were for the phase before, whose deadline had passed, and were not read for %s.\n%s",
				vw.timeIn(s.lang, s.at), vw.timeIn(s.lang, began), s.lang.phase(vw.pos.Phase), again)
		case !s.m.Date.IsZero() && s.written().Before(began):
			return notRead("Your mail is dated %s, before the current phase began (%s): its orders were written for an earlier phase and came too late for it, and were not read for %s.\n%s",
				vw.timeIn(s.lang, s.m.Date), vw.timeIn(s.lang, began), s.lang.phase(vw.pos.Phase), again)
		}
	}
	if !s.asMaster {
		// An older mail (resent, replayed, or read out of turn) never
		// overwrites the orders of a newer one.
		lastAt, lastWritten, err := s.tx.LastSubmitted(vw.g.ID, vw.g.Phase, vw.v.Powers[s.power].ID)
		if err != nil {
			return err
		}
		if w := s.written(); s.at.Before(lastAt) || (!w.IsZero() && w.Before(lastWritten)) {
			return notRead("Your mail, dated %s, is older than the orders you sent for %s on %s, which stand: an older mail never overwrites newer orders, and nothing was changed.\nIf these are the orders you want, send them again in a new mail.\n",
				vw.timeIn(s.lang, cmp.Or(s.written(), s.at)), s.lang.phase(vw.pos.Phase), vw.timeIn(s.lang, cmp.Or(lastWritten, lastAt)))
		}
	}
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	var report strings.Builder
	report.WriteString(s.lang.f("Orders for %s:\n", s.lang.phase(vw.pos.Phase)))
	var parsedLines []string
	// A heading alone on its line ("France:") puts its power first for
	// the lines under it, where an order alone does not say (WAIVE).
	lead, foreign := variants.NoPower, ""
	for _, line := range lines {
		if p, ok := heading(vw.v, line); ok {
			lead, foreign = p, ""
			if !slices.Contains(s.side, p) {
				// Orders under another power's heading are not this
				// player's to give (the parser refuses them on one line).
				foreign = s.lang.power(vw.v, p)
			}
			continue
		}
		if foreign != "" && !s.prose(line) {
			report.WriteString(s.lang.f("  %-28s refused: it stands under the heading %s, a power you do not play\n", line, foreign))
			parsedLines = append(parsedLines, line+" => refused: under "+foreign)
			continue
		}
		frags := s.readLine(line, lead)
		if !slices.ContainsFunc(frags, func(c []candidate) bool { return !notOrders(c) }) {
			s.unread = append(s.unread, strings.TrimSpace(line))
			continue
		}
		for _, cands := range frags {
			text := cands[0].Text
			if notOrders(cands) {
				s.unread = append(s.unread, text)
				continue
			}
			refusal, better := "", false
			accepted := false
			for i, c := range cands {
				if c.Err != nil {
					if i == 0 {
						refusal = s.lang.refusal(c.Err)
					}
					continue
				}
				// A unit written with the wrong type ("F Mar" for the
				// army there) has one reading, the real unit (rulebook
				// VII.4): the order names it, and the player is told.
				typeNote := trueTypes(s.lang, vw.v, vw.pos, &c.Order)
				st := sets[c.power]
				key := orderKey(vw.v, c.Order, st.waives())
				keys, orders := st.with(key, c.Order)
				// Judge the order now, against the position and the power's
				// other orders, so the player learns at once what will not do.
				res, err := adjudicator.Resolve(vw.v, vw.rules, vw.pos, orders)
				if err != nil {
					return fmt.Errorf("game %s: %w", vw.g.Name, err)
				}
				canon := parser.Format(vw.v, c.Order)
				if r := res.Results[len(orders)-1]; r.Outcome == adjudicator.Invalid {
					// Another power's unit or none: the refusal of the
					// power the order was meant for says more.
					if !better && (i == 0 || (r.Reason != adjudicator.NotYours && r.Reason != adjudicator.NoUnit)) {
						refusal = fmt.Sprintf("%s (%s)", s.lang.reason(r.Reason.String()), canon)
						better = i > 0
					}
					continue
				}
				st.keys, st.orders = keys, orders
				err = s.tx.PutOrder(store.Order{GameID: vw.g.ID, Phase: vw.g.Phase, Power: vw.v.Powers[c.power].ID, Key: key,
					Text: c.Text, Canonical: canon, MessageID: s.m.MessageID, At: s.at, ByMaster: s.asMaster})
				if err != nil {
					return err
				}
				if len(s.side) > 1 {
					canon = s.lang.power(vw.v, c.power) + ": " + canon
				}
				report.WriteString(s.lang.f("  %-28s ok: %s%s\n", c.Text, canon, typeNote))
				parsedLines = append(parsedLines, c.Text+" => "+canon)
				accepted = true
				break
			}
			if !accepted {
				report.WriteString(s.lang.f("  %-28s refused: %s\n", text, refusal))
				parsedLines = append(parsedLines, text+" => refused: "+refusal)
			}
		}
	}
	s.out.WriteString(report.String())
	s.printf("\n")
	from := s.m.From
	if s.asMaster {
		from = "master (" + s.m.From + ")"
	}
	err = s.tx.AddSubmission(store.Submission{GameID: vw.g.ID, Phase: vw.g.Phase, Power: vw.v.Powers[s.power].ID, Address: from,
		MessageID: s.m.MessageID, At: s.at, Written: s.written(), ByMaster: s.asMaster, Raw: strings.Join(lines, "\n"), Parsed: strings.Join(parsedLines, "\n")})
	if err != nil {
		return err
	}
	actor := vw.v.Powers[s.power].ID
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

// ahead keeps order lines sent for a later phase (njudge's PHASE line):
// they are read against that phase's position when it begins, and the
// player is sent the report then.
func (s *session) ahead(lines []string) error {
	vw := s.vw
	err := s.tx.AddAhead(store.Ahead{GameID: vw.g.ID, Phase: s.phase.String(), Power: vw.v.Powers[s.power].ID,
		Address: s.m.From, MessageID: s.m.MessageID, At: s.at, Text: strings.Join(lines, "\n")})
	if err != nil {
		return err
	}
	s.printf("Orders for %s, a later phase, kept until it begins; they will be read then against its position, and you will be sent what was made of them:\n", s.lang.phase(*s.phase))
	for _, l := range lines {
		s.printf("  %s\n", l)
	}
	s.printf("\n")
	return s.tx.Audit(s.now, vw.g.ID, vw.v.Powers[s.power].ID, "orders ahead", s.phase.String()+": "+strings.Join(lines, "; "))
}

// readAhead reads, when a phase begins, the orders sent ahead for it, as
// if their player had mailed them now, and mails the player the report.
// Orders sent for a phase the game went past without playing it (a
// retreat phase with no retreats) are dropped, and the player is told.
func (j *Judge) readAhead(tx *store.Tx, vw *view) error {
	if vw.pos == nil || (vw.g.State != store.Active && vw.g.State != store.Paused) {
		return nil
	}
	rows, err := tx.Ahead(vw.g.ID)
	if err != nil || len(rows) == 0 {
		return err
	}
	current := phaseRank(vw.pos.Phase)
	// One report per player, for all the orders sent ahead.
	reports := map[string]*session{}
	var order []string
	for _, a := range rows {
		p, err := adjudicator.ParsePhase(a.Phase)
		if err == nil && phaseRank(p) > current {
			continue
		}
		if err := tx.DeleteAhead(a.ID); err != nil {
			return err
		}
		// A seat that changed hands since lost them (forgetPlayer).
		power := vw.v.PowerByID(a.Power)
		seat := vw.seat(a.Power)
		if power == variants.NoPower || seat == nil || seat.Address == "" {
			continue
		}
		s := reports[seat.Address]
		if s == nil {
			now := j.now()
			s = &session{j: j, tx: tx, now: now, at: now, vw: vw, lang: vw.seatLang(seat)}
			reports[seat.Address] = s
			order = append(order, seat.Address)
		}
		s.m, s.power, s.side = &mailer.Message{MessageID: a.MessageID, From: a.Address}, power, vw.arrangement().side(power)
		if err != nil || phaseRank(p) < current {
			s.printf("The orders you sent ahead for %s were not used: game %s went on to %s without that phase.\n", s.lang.phaseOf(a.Phase), vw.g.Name, s.lang.phase(vw.pos.Phase))
			for _, l := range strings.Split(a.Text, "\n") {
				s.printf("> %s\n", l)
			}
			s.printf("\n")
			continue
		}
		s.printf("%s has begun: the orders you sent ahead for it (on %s) are read now.\n\n", s.lang.phase(p), vw.timeIn(s.lang, a.At))
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

// trueTypes sets the unit types an order writes against the position to
// the units that stand there, and says what it changed ("" for nothing).
func trueTypes(l lang, v *variants.Variant, pos *adjudicator.Position, o *adjudicator.Order) string {
	var notes []string
	fix := func(t *variants.UnitType, at variants.Loc) {
		if *t == variants.NoType || at == variants.NoLoc || int(at) >= len(v.Locs) {
			return
		}
		u, ok := unitAt(v, pos, at)
		if ok && u.Type != *t {
			notes = append(notes, l.f("you wrote %s %s, but the unit in %s is %s", *t, v.Locs[v.Province(at)].ID, v.Locs[v.Province(at)].ID, l.unit(u.Type)))
			*t = u.Type
		}
	}
	switch o.Type {
	case adjudicator.Build, adjudicator.Waive:
		return ""
	case adjudicator.Support, adjudicator.Convoy:
		fix(&o.TargetUnit, o.Target)
	}
	fix(&o.Unit, o.Loc)
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

// unitAt is the unit standing in loc's province, the dislodged one in a
// retreat phase.
func unitAt(v *variants.Variant, pos *adjudicator.Position, loc variants.Loc) (variants.Unit, bool) {
	p := v.Province(loc)
	if pos.Phase.Type == adjudicator.Retreat {
		for _, d := range pos.Dislodged {
			if v.Province(d.Unit.Loc) == p {
				return d.Unit, true
			}
		}
	}
	for _, u := range pos.Units {
		if v.Province(u.Loc) == p {
			return u, true
		}
	}
	return variants.Unit{}, false
}

// waives counts the standing WAIVE orders, for the next one's key.
func (st *standing) waives() int {
	n := 0
	for _, k := range st.keys {
		if strings.HasPrefix(k, "waive ") {
			n++
		}
	}
	return n
}

// candidate is one reading of an order fragment, for one power.
type candidate struct {
	parser.Parsed
	power variants.Power
}

// heading reads a line that only names a power, as "France:" or "ITALIA",
// exactly as the variant names it: a misspelt one ("Francesca") is no
// heading.
func heading(v *variants.Variant, line string) (variants.Power, bool) {
	name := strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(line), ":")))
	p, ok := v.PowerNames[name]
	return p, ok
}

// notOrders reports that every reading of a fragment found it plainly no
// order (a greeting, a signature).
func notOrders(cands []candidate) bool {
	for _, c := range cands {
		if c.Err == nil || !c.Err.NotOrder {
			return false
		}
	}
	return len(cands) > 0
}

// readLine reads a line of orders for each power the player plays. Each
// fragment comes with its readings, lead's first (when the player plays
// it), then the signed-on power's; when the readings split the line
// differently only the first is kept.
func (s *session) readLine(line string, lead variants.Power) [][]candidate {
	vw := s.vw
	side := s.side
	if i := slices.Index(side, lead); i > 0 {
		side = append([]variants.Power{lead}, slices.Delete(slices.Clone(side), i, i+1)...)
	}
	runs := make([][]parser.Parsed, len(side))
	for i, p := range side {
		runs[i] = parser.Orders(vw.v, vw.pos, p, line)
	}
	for _, run := range runs[1:] {
		if len(run) != len(runs[0]) {
			side, runs = side[:1], runs[:1]
			break
		}
	}
	out := make([][]candidate, len(runs[0]))
	for k := range out {
		for i, run := range runs {
			out[k] = append(out[k], candidate{Parsed: run[k], power: side[i]})
		}
	}
	return out
}

// orderState reports the player's whole order set (every power the player
// plays), what is missing and the deadline.
func (s *session) orderState() error {
	vw := s.vw
	s.shown = true
	s.printf("Your orders for %s (%s):\n", s.lang.phase(vw.pos.Phase), vw.g.Name)
	var allMissing []string
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	for _, power := range s.side {
		st := sets[power]
		indent := "  "
		if len(s.side) > 1 {
			s.printf("  %s:\n", s.lang.power(vw.v, power))
			indent = "    "
		}
		if len(st.rows) == 0 {
			s.printf("%s(none)\n", indent)
		}
		for _, r := range st.rows {
			s.printf("%s%s\n", indent, r.Canonical)
		}
		if miss := missingIn(s.lang, vw.v, vw.pos, power, st.orders); len(miss) > 0 {
			if len(s.side) > 1 {
				allMissing = append(allMissing, s.lang.power(vw.v, power)+": "+strings.Join(miss, ", "))
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

// missing lists what power still has to order: units without orders, or
// in winter the builds or removals not yet ordered.
func missing(v *variants.Variant, pos *adjudicator.Position, power variants.Power, orders []adjudicator.Order) []string {
	return missingIn(english, v, pos, power, orders)
}

// missingIn is missing in l.
func missingIn(l lang, v *variants.Variant, pos *adjudicator.Position, power variants.Power, orders []adjudicator.Order) []string {
	var out []string
	ordered := variants.LocSet{}
	for _, o := range orders {
		if o.Loc != variants.NoLoc {
			ordered.Add(v.Province(o.Loc))
		}
	}
	switch pos.Phase.Type {
	case adjudicator.Movement:
		for _, u := range pos.Units {
			if u.Power == power && !ordered.Has(v.Province(u.Loc)) {
				out = append(out, v.UnitText(u))
			}
		}
	case adjudicator.Retreat:
		for _, d := range pos.Dislodged {
			if d.Unit.Power == power && !ordered.Has(v.Province(d.Unit.Loc)) {
				out = append(out, l.f("a retreat or disband for %s", v.UnitText(d.Unit)))
			}
		}
	case adjudicator.Adjustment:
		builds, removals := allowance(v, pos, power)
		for _, o := range orders {
			switch o.Type {
			case adjudicator.Build, adjudicator.Waive:
				builds--
			case adjudicator.Remove, adjudicator.Disband:
				removals--
			}
		}
		if builds > 0 {
			out = append(out, l.plural(builds, "build (or WAIVE)", "builds (or WAIVE)"))
		}
		if removals > 0 {
			out = append(out, l.plural(removals, "removal", "removals"))
		}
	}
	return out
}

// allowance is what power may build (limited by its free home centres)
// or must remove this winter.
func allowance(v *variants.Variant, pos *adjudicator.Position, power variants.Power) (builds, removals int) {
	centers, units := adjudicator.Count(v, pos)
	d := centers[power] - units[power]
	if d < 0 {
		return 0, -d
	}
	if pos.Disorder.Has(power) {
		return 0, 0 // a power in civil disorder builds nothing
	}
	return min(d, len(adjudicator.BuildSites(v, pos, power))), 0
}

// plural counts in l: "1 build", "2 builds".
func (l lang) plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + l.t(one)
	}
	return fmt.Sprintf("%d %s", n, l.t(many))
}

// owing lists the powers that have orders to give this phase; powers
// absent from the game (a setup for fewer players) give none.
func (vw *view) owing() []variants.Power {
	absent := vw.arrangement().absent
	var out []variants.Power
	for p := range vw.v.Powers {
		if !absent.Has(variants.Power(p)) && len(missing(vw.v, vw.pos, variants.Power(p), nil)) > 0 {
			out = append(out, variants.Power(p))
		}
	}
	return out
}
