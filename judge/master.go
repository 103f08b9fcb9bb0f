package judge

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// The game master runs a game by mail with the verbs of njudge and
// DPjudge. Every change is checked, recorded in the audit log and
// announced to the players it affects.

func (s *session) signonMaster(vw *view, who, password string) error {
	// A master bound to an address (corriere game create --master) signs
	// on from it only; one message for every failure tells a stranger
	// nothing.
	if trusted, err := s.senderChecked(vw); err != nil || !trusted {
		return err
	}
	bound := vw.g.MasterAddress != "" && !strings.EqualFold(vw.g.MasterAddress, s.m.From)
	if vw.g.MasterHash == "" || bound || !s.j.passwordRight(vw.g.MasterHash, password) {
		s.printf("> SIGNON %s ...\n  Refused: that is not the game master's password of game %s. Nothing in this mail was changed.\n\n", who, vw.g.Name)
		return s.tx.Audit(s.now, vw.g.ID, s.m.From, "master signon refused", "")
	}
	s.vw, s.master, s.seat, s.registered = vw, true, "", s.m.From
	if !s.langSure {
		s.lang = vw.set.lang() // the master reads the game's language
	}
	s.printf("Signed on as the game master of %s.\n\n", vw.g.Name)
	return nil
}

// create makes a game by mail; its creator becomes its master.
func (s *session) create(c command) error {
	if len(c.args) != 2 {
		s.printf("> %s\n  Expected CREATE <game> <password>, then settings lines (%s).\n\n", c.verb, settingNames(s.j.settings()))
		return nil
	}
	name, password := c.args[0], c.args[1]
	if a := s.j.Access; !a.mayCreate(s.m.From) {
		s.printf("> CREATE %s ...\n  Refused: %s. The game was not created.\n\n", name, word(a.createRule()))
		return nil
	}
	if err := checkPassword(password, name, strings.SplitN(s.m.From, "@", 2)[0]); err != nil {
		s.printf("> CREATE %s ...\n  Refused: the master's password: %s. The game was not created.\n\n", name, err)
		return nil
	}
	cr := NewCreation()
	if line, err := cr.readLines(s.j.settings(), c.text); err != nil {
		s.printf("> CREATE %s ...\n  %s: %v. The game was not created.\n\n", name, line, err)
		return nil
	}
	set := cr.Settings
	// The master is bound to the creator's address as well as the
	// password: a stranger who learns the password cannot use it.
	err := s.j.createGame(s.tx, name, cr, password, s.m.From, s.m.From)
	if err != nil {
		if isRefusal(err) {
			s.printf("> CREATE %s ...\n  %s. The game was not created.\n\n", name, err)
			return nil
		}
		return err
	}
	if !s.langSure {
		s.lang = set.lang() // its master reads the game's language
	}
	vw, err := s.j.loadView(s.tx, name)
	if err != nil {
		return err
	}
	s.printf("> CREATE %s ...\n  Game %s created (%s).\n", name, name, gameLabel(s.lang, vw))
	for _, line := range strings.Split(strings.TrimSpace(s.j.settingsText(s.lang, vw)), "\n") {
		s.printf("  %s\n", line)
	}
	if t := setupIn(s.lang, vw); t != "" {
		s.printf("  %s", t)
	}
	s.printf("  You are its master: SIGNON master@%s <password>, from %s only, then SEAT <power> <address> for each player and START.\n\n", name, s.m.From)
	return nil
}

// refusal is a request refused: it is told to the asker, and nothing is
// changed. It keeps what was wrong in words apart from their arguments,
// so that it can be said in each language.
type refusal struct {
	format string
	args   []any
}

func (r *refusal) Error() string { return fmt.Sprintf(r.format, r.args...) }

// in says the refusal in l.
func (r *refusal) in(l lang) string { return l.f(r.format, r.args...) }

func badRequest(format string, args ...any) error {
	return &refusal{format, args}
}

func isRefusal(err error) bool {
	var r *refusal
	return errors.As(err, &r)
}

// announce tells every player and observer of the signed-on game
// something the master did, in their language.
func (s *session) announce(text func(lang) (subject, body string)) error {
	return s.j.announce(s.tx, s.vw, s.vw.g.Phase, text)
}

// The master's commands (judgeVerbs): each is refused (badRequest) or
// done and audited (audited), on the game as the mail left it, in the
// states the table gives it.

func (s *session) masterStart(command) error {
	if err := s.j.start(s.tx, s.vw, "master"); err != nil {
		return err
	}
	s.printf("> START\n  Game %s has started; everyone was told.\n\n", s.vw.g.Name)
	return nil
}

// masterSeat is SEAT and REPLACE.
func (s *session) masterSeat(c command) error {
	if len(c.args) != 2 {
		return badRequest("expected %s <power> <address>", c.verb)
	}
	done, err := s.j.seatPlayer(s.tx, s.vw, c.verb, c.args[0], c.args[1], "")
	if err != nil {
		return err
	}
	s.printf("> %s\n  %s\n\n", c.text, done(s.lang))
	return nil
}

// onePower reads the one power a master's command names (EJECT, BECOME).
func (s *session) onePower(c command) (string, error) {
	if len(c.args) != 1 {
		return "", badRequest("expected %s <power>", c.verb)
	}
	return lookupSeat(s.vw, c.args[0])
}

func (s *session) masterEject(c command) error {
	vw := s.vw
	p, err := s.onePower(c)
	if err != nil {
		return err
	}
	old := vw.seat(p)
	if old == nil || old.Address == "" {
		return badRequest("%s has no player", vw.seatArg(p))
	}
	side := vw.seating().Side(p)
	if err := s.j.unseat(s.tx, vw, side); err != nil {
		return err
	}
	s.printf("> %s\n  %s has no player now; its units hold until it is given to another (SEAT or REPLACE).\n\n", c.text, vw.sideName(s.lang, side))
	return s.announce(func(l lang) (string, string) {
		name := vw.sideName(l, side)
		return l.f("%s left", name), l.f("The game master has removed the player of %s; its units hold until a new player takes it.\n", name)
	})
}

func (s *session) masterPause(command) error {
	g := s.vw.g
	if err := s.j.transition(s.tx, s.vw, paused, "master", "PAUSE"); err != nil {
		return err
	}
	if err := s.tx.UpdateGame(g); err != nil {
		return err
	}
	s.printf("> PAUSE\n  Game %s is paused: no deadline runs until RESUME.\n\n", g.Name)
	return s.announce(func(l lang) (string, string) {
		return l.t("paused"), l.t("The game master has paused the game: no deadline runs until it resumes.\n")
	})
}

func (s *session) masterResume(command) error {
	vw, g := s.vw, s.vw.g
	if err := s.j.transition(s.tx, vw, active, "master", "RESUME"); err != nil {
		return err
	}
	if !g.Deadline.After(s.now) {
		d, err := s.j.deadline(s.tx, vw, s.now)
		if err != nil {
			return err
		}
		g.Deadline = d
	}
	if err := s.tx.UpdateGame(g); err != nil {
		return err
	}
	s.printf("> RESUME\n  Game %s runs again; deadline %s.\n\n", g.Name, vw.deadlineIn(s.lang))
	return s.announce(func(l lang) (string, string) {
		return l.t("resumed"), l.f("The game master has resumed the game. Deadline: %s.\n", vw.deadlineIn(l))
	})
}

func (s *session) masterExtend(c command) error {
	vw, g := s.vw, s.vw.g
	var d Duration
	if len(c.args) != 1 || d.UnmarshalText([]byte(c.args[0])) != nil || d <= 0 {
		return badRequest("expected EXTEND <duration>, e.g. EXTEND 24h or EXTEND 90m")
	}
	g.Deadline = g.Deadline.Add(time.Duration(d))
	if err := s.tx.UpdateGame(g); err != nil {
		return err
	}
	s.printf("> %s\n  Deadline now %s.\n\n", c.text, vw.deadlineIn(s.lang))
	return s.announce(func(l lang) (string, string) {
		return l.t("deadline extended"), l.f("The game master has extended the deadline of %s to %s.\n", vw.phaseTitle(l), vw.deadlineIn(l))
	})
}

// masterProcess is PROCESS <phase>: the phase is named, so that a mail
// sent twice processes it once.
func (s *session) masterProcess(c command) error {
	g := s.vw.g
	if len(c.args) != 1 {
		return badRequest("expected PROCESS <phase>, naming the current phase (%s)", g.Phase)
	}
	if !strings.EqualFold(c.args[0], g.Phase) {
		return badRequest("the current phase of %s is %s, not %s (it may have been processed already)", g.Name, g.Phase, c.args[0])
	}
	before := g.Phase
	if err := s.j.process(s.tx, s.vw); err != nil {
		return err
	}
	s.printf("> %s\n  %s processed now; the results went to everyone.\n\n", c.text, before)
	return nil
}

// masterPreview is PREVIEW: the results the orders would give, to the
// master alone; nothing is stored.
func (s *session) masterPreview(command) error {
	vw := s.vw
	if vw.st == nil {
		// Forming, or ended before it started: nothing to play.
		return badRequest("game %s has not started", vw.g.Name)
	}
	// No dice: a preview tosses no coin.
	resp, err := s.j.play(s.tx, vw, nil)
	if err != nil {
		return err
	}
	next := *vw
	next.st = resp.Next
	rep, err := vw.st.Results(resp.Record, resp.Next, game.Viewer{Master: true})
	if err != nil {
		return err
	}
	s.printf("> PREVIEW (nothing stored; only you see this)\n%s\n", resultsText(s.lang, vw, vw.g.Phase, rep, resp.lateness, &next, endText(resp.End)))
	return nil
}

// masterBecome is BECOME <power>: the orders that follow are the power's,
// entered by the master; the submissions and the audit log say so.
func (s *session) masterBecome(c command) error {
	vw := s.vw
	p, err := s.onePower(c)
	switch {
	case err != nil:
		// A seat no player takes, which the master plays.
		id, ok := "", false
		if len(c.args) == 1 {
			id, ok = vw.masterSeat(c.args[0])
		}
		if !ok {
			return err
		}
		p = id
	case vw.seat(p) == nil:
		return badRequest("%s has no seat in game %s", vw.seatArg(p), vw.g.Name)
	case vw.seating().Side(p) == nil:
		return badRequest("%s is not played in game %s: %s", vw.seatArg(p), vw.g.Name, vw.absentWhy(p))
	}
	s.seat, s.side, s.asMaster = p, []string{p}, true
	s.printf("> %s\n  The orders that follow are entered for %s, marked as the game master's.\n\n", c.text, vw.seatName(s.lang, p))
	return nil
}

func (s *session) masterEdit(c command) error { return s.edit(s.vw, c) }

func (s *session) masterRollback(c command) error {
	if len(c.args) != 1 {
		return badRequest("expected ROLLBACK <phase>, naming a phase already processed")
	}
	return s.rollback(s.vw, strings.ToUpper(c.args[0]))
}

// masterDeclare is DECLARE WINNER <power> and DECLARE DRAW <powers>: the
// master ends the game with the result the players agreed on.
func (s *session) masterDeclare(c command) error {
	vw := s.vw
	if len(c.args) < 2 || (!strings.EqualFold(c.args[0], "WINNER") && !strings.EqualFold(c.args[0], "DRAW")) {
		return badRequest("expected DECLARE WINNER <power> or DECLARE DRAW <powers>")
	}
	var declared []string
	survivors := vw.survivors()
	for _, w := range powerWords(c.args[1:]) {
		p, err := lookupSeat(vw, w)
		if err != nil {
			return err
		}
		if !slices.Contains(survivors, p) {
			return badRequest("%s is not a surviving power of game %s", vw.seatArg(p), vw.g.Name)
		}
		if !slices.Contains(declared, p) {
			declared = append(declared, p)
		}
	}
	winner := strings.EqualFold(c.args[0], "WINNER")
	if winner && len(declared) != 1 {
		return badRequest("a game has one winner; for several, DECLARE DRAW")
	}
	what := func(l lang) string {
		if winner {
			return l.f("%s the winner", vw.seatName(l, declared[0]))
		}
		words := make([]string, len(declared))
		for i, p := range declared {
			words[i] = vw.seatName(l, p)
		}
		return l.f("a draw between %s", strings.Join(words, ", "))
	}
	s.printf("> %s\n  Game %s is over: %s.\n\n", c.text, vw.g.Name, what(s.lang))
	return s.j.finish(s.tx, vw, "master", "DECLARE", func(l lang) (string, string) {
		return l.t("the game is over"), l.f("The game master has declared %s. The game is over.\n", what(l))
	})
}

func (s *session) masterTerminate(command) error {
	s.printf("> TERMINATE\n  Game %s is over.\n\n", s.vw.g.Name)
	return s.j.finish(s.tx, s.vw, "master", "TERMINATE", func(l lang) (string, string) {
		return l.t("the game is over"), l.t("The game master has ended the game.\n")
	})
}

// The master's SET: SET DEADLINE <date time>, SET GRACE <duration> and
// SET SENDER_CHECK <value>, each with a value; without one, or for
// another word, unknownMasterSetting answers.

// unknownMasterSetting answers a master's SET without a value, or of a
// setting the master does not set.
func (s *session) unknownMasterSetting(c command) error {
	if len(c.args) < 2 {
		s.printf("> %s\n  Expected SET DEADLINE <YYYY-MM-DD HH:MM>, SET GRACE <duration> or SET SENDER_CHECK confirmed|not_failed|off.\n\n", c.text)
		return nil
	}
	s.printf("> %s\n  Unknown setting: the game master may SET DEADLINE, SET GRACE or SET SENDER_CHECK.\n\n", c.text)
	return nil
}

// badDeadline refuses a deadline that is no future time, or for a game
// that does not run.
func (s *session) badDeadline(c command) {
	s.printf("> %s\n  Refused: expected a future date and time in the game's zone (%s), like 2026-12-01 20:00, for a game that runs. Nothing was changed.\n\n", c.text, s.vw.set.TimeZone)
}

func (s *session) setDeadline(c command) error {
	vw := s.vw
	loc, _ := time.LoadLocation(vw.set.TimeZone)
	t, err := time.ParseInLocation("2006-01-02 15:04", strings.Join(c.args[1:], " "), loc)
	if err != nil || !t.After(s.now) {
		s.badDeadline(c)
		return nil
	}
	vw.g.Deadline = t.UTC()
	return s.deadlineSet(c)
}

func (s *session) setGrace(c command) error {
	vw := s.vw
	var d Duration
	if d.UnmarshalText([]byte(c.args[1])) != nil || d < 0 {
		s.printf("> %s\n  Refused: expected a duration like 1h or 30m. Nothing was changed.\n\n", c.text)
		return nil
	}
	vw.set.Grace = d
	vw.g.Settings = vw.set.json()
	return s.deadlineSet(c)
}

// deadlineSet stores the master's SET DEADLINE or SET GRACE, and tells
// everyone the deadline it gives.
func (s *session) deadlineSet(c command) error {
	vw, g := s.vw, s.vw.g
	if err := s.tx.UpdateGame(g); err != nil {
		return err
	}
	if err := s.tx.Audit(s.now, g.ID, "master", "set", strings.Join(c.args, " ")); err != nil {
		return err
	}
	s.printf("> %s\n  Done. Deadline: %s.\n\n", c.text, vw.deadlineIn(s.lang))
	return s.announce(func(l lang) (string, string) {
		return l.t("deadline changed"), l.f("The game master has changed the deadline. %s: deadline %s.\n", phaseNameOrNone(l, vw), vw.deadlineIn(l))
	})
}

func phaseNameOrNone(l lang, vw *view) string {
	if vw.st == nil {
		return l.t("No phase yet")
	}
	return vw.phaseTitle(l)
}

// newPassword makes a password a player can type: ten letters and digits
// without look-alikes.
func newPassword() string {
	const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 10)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// rollback restores the position and the orders of an earlier phase as
// they were when it was processed, dropping the history after it.
func (s *session) rollback(vw *view, phase string) error {
	g, tx := vw.g, s.tx
	phases, err := tx.Phases(g.ID)
	if err != nil {
		return err
	}
	var rec *store.PhaseRecord
	for i := range phases {
		if phases[i].Phase == phase {
			rec = &phases[i] // the latest, if played more than once
		}
	}
	if rec == nil {
		return badRequest("%s was never processed in game %s (processed: %s)", phase, g.Name, processedList(phases))
	}
	var orders map[string][]string
	if err := json.Unmarshal([]byte(rec.Orders), &orders); err != nil {
		return fmt.Errorf("stored orders of %s: %w", phase, err)
	}
	// A finished game runs again; an active or paused one stays so.
	if vw.state() == finished {
		if err := s.j.transition(tx, vw, active, "master", "ROLLBACK"); err != nil {
			return err
		}
	}
	if err := tx.DeletePhasesFrom(g.ID, rec.Seq); err != nil {
		return err
	}
	if err := tx.ClearOrders(g.ID, g.Phase, ""); err != nil {
		return err
	}
	g.Phase, g.Position, g.Reminded, g.PhaseBegan, g.BeganMark = phase, rec.Position, false, s.now, s.j.fetchedMark()
	nvw, err := s.j.viewOf(tx, g)
	if err != nil {
		return err
	}
	// Back before a seat joined a side (the two-player game's Italy):
	// nobody plays it until it joins again (its seat is given anew then).
	if err := s.j.unseatAbsent(tx, nvw); err != nil {
		return err
	}
	if g.Deadline, err = s.j.deadline(tx, nvw, s.now); err != nil {
		return err
	}
	if err := tx.UpdateGame(g); err != nil {
		return err
	}
	// The orders are read again as the players' were: each replaces the
	// earlier one of its key.
	var standing []game.Order
	for _, power := range slices.Sorted(maps.Keys(orders)) {
		for _, text := range orders[power] {
			readings, err := nvw.st.Read([]string{power}, text, standing)
			if err != nil {
				return fmt.Errorf("stored order %q of %s: %w", text, phase, err)
			}
			for _, r := range readings {
				if r.Refused != nil {
					return fmt.Errorf("stored order %q of %s no longer reads: %v", text, phase, r.Refused)
				}
				standing = append(standing, r.Order)
				err = tx.PutOrder(store.Order{GameID: g.ID, Phase: phase, Power: power, Key: r.Order.Key, Text: text, Canonical: r.Order.Text, MessageID: "rollback", At: s.now})
				if err != nil {
					return err
				}
			}
		}
	}
	s.printf("> ROLLBACK %s\n  Game %s is back at %s, with the orders it had; deadline %s.\n\n", phase, g.Name, nvw.phaseTitle(s.lang), nvw.deadlineIn(s.lang))
	return s.j.announce(tx, nvw, phase, func(l lang) (string, string) {
		return l.f("rolled back to %s", phase), l.f("The game master has rolled the game back to %s: the position and the orders are as they were before it was processed.\nDeadline: %s.\nYou may change your orders until then.\n",
			nvw.phaseTitle(l), nvw.deadlineIn(l))
	})
}

func processedList(phases []store.PhaseRecord) phrase {
	var names []string
	for _, p := range phases {
		names = append(names, p.Phase)
	}
	return func(l lang) string { return l.none(names) }
}

// Master carries out game-master commands from the operator's shell, as
// if the game's master had mailed them after signing on (the operator
// needs no password), and returns the reply. Announcements are queued in
// the outbox for the daemon to send.
func (j *Judge) Master(ctx context.Context, name, commands string) (string, error) {
	var out string
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		now := j.now()
		m := &mailer.Message{MessageID: fmt.Sprintf("operator-%d@corriere.invalid", now.UnixNano()), From: "operator", ReplyTo: "operator", Subject: "corriere gm"}
		s := &session{j: j, tx: tx, m: m, now: now, at: now, vw: vw, master: true}
		if err := s.run(scan(commands, j.table(), j.settings())); err != nil {
			return err
		}
		if err := tx.Audit(now, vw.g.ID, "operator", "gm", strings.Join(strings.Fields(commands), " ")); err != nil {
			return err
		}
		out = s.out.String()
		return nil
	})
	return out, err
}

// edit changes the game's state for an arbiter's ruling (game.Editor):
// the game reads the words, the reason after "--" is required and
// announced with the change; the game's text for the master alone, where
// it gives one, is his reply.
func (s *session) edit(vw *view, c command) error {
	words, reason, _ := strings.Cut(strings.Join(c.args, " "), "--")
	reason = strings.TrimSpace(reason)
	ed, ok := vw.st.(game.Editor)
	if !ok {
		return badRequest("game %s cannot be edited by hand", vw.g.Name)
	}
	if reason == "" {
		words = "" // the game's refusal says what EDIT takes
	}
	seat := func(name string) (string, error) { return lookupSeat(vw, name) }
	st, what, private, err := ed.Edit(words, seat)
	var refused *game.Refusal
	if isRefusal(err) {
		return err
	}
	if errors.As(err, &refused) {
		return badRequest("%s", phrase(func(l lang) string { return refused.Reason(game.Lang(l)) }))
	}
	if err != nil {
		return err
	}
	b, err := st.Encode()
	if err != nil {
		return err
	}
	vw.st = st
	vw.g.Position = string(b)
	if err := s.tx.UpdateGame(vw.g); err != nil {
		return err
	}
	if private == nil {
		private = what
	}
	done := phrase(func(l lang) string { return what(game.Lang(l)) })
	// The master reads the change whole; the players what they may.
	s.printf("> %s\n  Done: %s.\n\n", c.text, phrase(func(l lang) string { return private(game.Lang(l)) }))
	return s.j.announce(s.tx, vw, vw.g.Phase, func(l lang) (string, string) {
		return l.t("the position was changed"), l.f("The game master has changed the position of %s: %s.\nReason: %s\n", vw.phaseTitle(l), done, reason)
	})
}
