package judge

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/store"
)

// timeIn writes a time in the game's zone, in l: "Mon 2026-11-23 20:00 CET".
func (vw *view) timeIn(l lang, t time.Time) string {
	loc, err := time.LoadLocation(vw.set.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	// Seconds only where they tell two times apart: a grace of seconds.
	return l.time(t, loc, t.Second() != 0 || time.Duration(vw.set.Grace)%time.Minute != 0)
}

// deadlineIn is the deadline with the end of its grace, in l.
func (vw *view) deadlineIn(l lang) string {
	if vw.g.Deadline.IsZero() {
		return l.t("none set")
	}
	s := vw.timeIn(l, vw.g.Deadline)
	if vw.set.Grace > 0 {
		s += l.f(" (orders taken until %s)", vw.timeIn(l, vw.g.Deadline.Add(time.Duration(vw.set.Grace))))
	}
	return s
}

// helpHead and helpTail begin and end HELP, whose lines are the table's
// usages (judgeVerbs).
const (
	helpHead = "Corriere, a play-by-email judge. Write one command per line:\n"
	helpTail = `A player of several powers signs on with any of them and orders for all of
them in one mail (a heading such as "France:" may come before each power's).
A later order for a unit replaces the earlier one. Every mail gets one reply
with your orders as the judge understood them and what is still missing.
Quoted text (lines starting with ">", and the quoted mail under a reply) and
your signature (after "-- ") are ignored; lines that are plainly not orders
(greetings, sign-offs) are passed over and listed once at the end of the reply.
Conditional orders (IF ... ENDIF) are not taken. The judge answers in the
language you write in (English or Italian).

`
)

// createHelp is what HELP says of CREATE: the settings its lines take,
// described from settingTable where the mark stands (withSettingsHelp).
const createHelp = "a new game, followed by settings lines: " + helpSettingsMark + "; you become its master"

// masterHelp is what HELP says of SIGNON master@<game>: the master's
// commands, which corriere gm lists one by one (MasterCommands); the
// changes EDIT takes are each game's, where helpEditMark stands.
const masterHelp = `then: SEAT|REPLACE <power> <address>, EJECT <power>, START,
PAUSE, RESUME, EXTEND <duration>, SET DEADLINE <YYYY-MM-DD HH:MM>,
SET GRACE <duration>, SET SENDER_CHECK confirmed|not_failed|off,
PROCESS <phase>, PREVIEW, ROLLBACK <phase>,
BECOME <power> (then orders for it), DECLARE WINNER <power>,
DECLARE DRAW <powers>, TERMINATE, EDIT <change> -- <reason>, where <change> is, ` + helpEditMark + `.`

func (s *session) list() error {
	games, err := s.tx.Games()
	if err != nil {
		return err
	}
	s.printf("> LIST\n")
	if len(games) == 0 {
		s.printf("  This judge runs no games yet.\n\n")
		return nil
	}
	for _, g := range games {
		// Only the deadline is needed: the settings, not the position.
		set, err := s.j.settingsOf(g.Settings)
		if err != nil {
			return fmt.Errorf("game %s: %w", g.Name, err)
		}
		vw := &view{g: g, set: set}
		if vw.rules, err = s.j.rulesOf(g, &set); err != nil {
			return fmt.Errorf("game %s: %w", g.Name, err)
		}
		line := fmt.Sprintf("  %-16s %-9s %-8s %s", g.Name, s.lang.t(g.State), cmp.Or(g.Variant, g.Kind), vw.phaseOf(s.lang, g.Phase))
		if g.State == store.Active {
			line += s.lang.t(", deadline ") + vw.deadlineIn(s.lang)
		}
		s.printf("%s\n", strings.TrimRight(line, " "))
	}
	s.printf("\n")
	return nil
}

func (s *session) status(name string) error {
	vw, err := s.named("STATUS", name)
	if vw == nil || err != nil {
		return err
	}
	s.printf("> STATUS %s\n", vw.g.Name)
	text, err := s.j.statusIn(s.lang, s.tx, vw, s.viewer(vw))
	if err != nil {
		return err
	}
	s.out.WriteString(text)
	return nil
}

// statusIn is a game's position as to may see it, who has ordered and
// the deadline, in l.
func (j *Judge) statusIn(l lang, tx *store.Tx, vw *view, to game.Viewer) (string, error) {
	var b strings.Builder
	b.WriteString(l.f("Game %s: %s, %s.\n", vw.g.Name, l.t(vw.g.State), gameLabel(l, vw)))
	b.WriteString(j.settingsText(l, vw))
	if t := setupIn(l, vw); t != "" {
		b.WriteString(t)
	}
	if vw.st == nil {
		var seated []string
		for _, s := range vw.seats {
			seated = append(seated, vw.seatName(l, s.Power))
		}
		b.WriteString(l.f("Seats taken: %s.\n\n", l.none(seated)))
		return b.String(), nil
	}
	b.WriteString(l.f("Phase: %s. Deadline: %s.\n\n", vw.phaseTitle(l), vw.deadlineIn(l)))
	b.WriteString(vw.st.Position(to)(game.Lang(l)))
	if vw.g.State == store.Active {
		b.WriteString(l.t("\nOrders received:\n"))
		sets, err := vw.standings(tx)
		if err != nil {
			return "", err
		}
		for _, p := range vw.owing() {
			st := sets[p]
			state := "none"
			if len(st.rows) > 0 {
				state = "partial"
				if len(vw.missing(p, st.orders)) == 0 {
					state = "complete"
				}
			}
			fmt.Fprintf(&b, "  %-8s %s\n", vw.seatName(l, p), l.t(state))
		}
	}
	b.WriteString("\n")
	return b.String(), nil
}

// gameLabel names the game's board and edition (game.Labeled), in l:
// "standard variant, 2023 rules"; its kind for a game without them.
func gameLabel(l lang, vw *view) string {
	if vw.g.Variant == "" {
		return vw.g.Kind
	}
	return l.f("%s variant, %s rules", vw.g.Variant, vw.g.Rules)
}

// none lists xs, or says none.
func (l lang) none(xs []string) string {
	if len(xs) == 0 {
		return l.t("none")
	}
	return strings.Join(xs, ", ")
}

// resultsText is the results mail of a processed phase in l: the game's
// report of its orders and the position after, set among the judge's
// own (who was late, the coin, the end or the next deadline).
func resultsText(l lang, vw *view, before string, rep game.Report, lt lateness, next *view, ending phrase) string {
	gl := game.Lang(l)
	var b strings.Builder
	b.WriteString(l.f("Game %s: results of %s.\n\n", vw.g.Name, vw.phaseOf(l, before)))
	// A part a game leaves nil says nothing.
	if rep.Orders != nil {
		b.WriteString(rep.Orders(gl))
	}
	b.WriteString(lt.text(l, vw))
	if rep.Events != nil {
		b.WriteString(rep.Events(gl))
	}
	b.WriteString("\n")
	if rep.Position != nil {
		b.WriteString(rep.Position(gl))
	}
	if ending != nil {
		b.WriteString("\n" + ending(l))
	} else {
		b.WriteString(l.f("\nNext: %s, deadline %s.\n", next.phaseTitle(l), next.deadlineIn(l)))
	}
	return b.String()
}

// text says who was late and who used grace, or, for a phase processed
// before its deadline, whose orders were missing: empty when nobody's.
func (lt lateness) text(l lang, vw *view) string {
	names := func(ids []string) string {
		words := make([]string, len(ids))
		for i, id := range ids {
			words[i] = vw.seatName(l, id)
		}
		return strings.Join(words, ", ")
	}
	var b strings.Builder
	if lt.early {
		if len(lt.missing) > 0 {
			b.WriteString(l.f("\nProcessed before the deadline; orders missing or incomplete: %s.\n", names(lt.missing)))
		}
		return b.String()
	}
	if len(lt.late) > 0 {
		b.WriteString(l.f("\nLate (orders missing or incomplete at the deadline): %s.\n", names(lt.late)))
	}
	if len(lt.graced) > 0 {
		b.WriteString(l.f("Completed in the grace period: %s.\n", names(lt.graced)))
	}
	var still []string
	for _, p := range lt.late {
		if !slices.Contains(lt.graced, p) {
			still = append(still, p)
		}
	}
	if len(still) > 0 {
		b.WriteString(l.f("Still missing or incomplete when processed: %s.\n", names(still)))
	}
	return b.String()
}

// named loads the game a STATUS, HISTORY or SUMMARY names; without a
// name it says so in the reply and returns no view.
func (s *session) named(verb, name string) (*view, error) {
	if name == "" {
		s.printf("> %s\n  Which game? Write %s <game>, or sign on first.\n\n", verb, verb)
		return nil, nil
	}
	return s.j.loadView(s.tx, name)
}

// historian is the game's HISTORY and SUMMARY (game.Historian), nil for
// a game that keeps none; then the reply says so.
func (s *session) historian(verb string, vw *view) game.Historian {
	h, ok := vw.rules.(game.Historian)
	if !ok {
		s.printf("> %s %s\n  Game %s keeps no %s.\n\n", verb, vw.g.Name, vw.g.Name, verb)
	}
	return h
}

func (s *session) history(name string) error {
	vw, err := s.named("HISTORY", name)
	if vw == nil || err != nil {
		return err
	}
	h := s.historian("HISTORY", vw)
	if h == nil {
		return nil
	}
	phases, err := s.tx.Phases(vw.g.ID)
	if err != nil {
		return err
	}
	s.printf("> HISTORY %s\n", vw.g.Name)
	if len(phases) == 0 {
		s.printf("  No phase of %s has been processed yet.\n\n", vw.g.Name)
		return nil
	}
	to := s.viewer(vw)
	for _, ph := range phases {
		text, err := h.History([]byte(ph.Result), to)
		if err != nil {
			return fmt.Errorf("game %s: stored result of %s: %w", vw.g.Name, ph.Phase, err)
		}
		s.printf("%s, processed %s:\n", vw.phaseOf(s.lang, ph.Phase), vw.timeIn(s.lang, ph.ProcessedAt))
		s.out.WriteString(text(game.Lang(s.lang)))
		s.printf("\n")
	}
	return nil
}

func (s *session) summary(name string) error {
	vw, err := s.named("SUMMARY", name)
	if vw == nil || err != nil {
		return err
	}
	h := s.historian("SUMMARY", vw)
	if h == nil {
		return nil
	}
	phases, err := s.tx.Phases(vw.g.ID)
	if err != nil {
		return err
	}
	records := make([][]byte, len(phases))
	for i, ph := range phases {
		records[i] = []byte(ph.Result)
	}
	text, err := h.Summary(records)
	if err != nil {
		return fmt.Errorf("game %s: stored results: %w", vw.g.Name, err)
	}
	s.printf("> SUMMARY %s\n", vw.g.Name)
	s.out.WriteString(text(game.Lang(s.lang)))
	s.printf("\n")
	return nil
}
