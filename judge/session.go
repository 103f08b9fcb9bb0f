package judge

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// session carries out the commands of one mail and writes the reply.
type session struct {
	j   *Judge
	tx  *store.Tx
	m   *mailer.Message
	now time.Time
	// at is when the mail reached the judge's mailbox (its arrival): the
	// time its orders count from, whenever it was read.
	at time.Time
	// mark is the mail's place in the daemon's mailbox, which orders it
	// within the second of its arrival; zero for a mail from elsewhere.
	mark store.MailMark
	out  strings.Builder

	// The seat signed on, if any.
	vw   *view
	seat string
	// side is the seats the player signed on plays, seat first: more
	// than one in the rulebook's games for fewer players (seed XIV.2).
	side []string
	// Order lines waiting to be submitted together.
	pending []string
	// Games to process at once if all their powers are now ready, each
	// once and only in the phase the mail dealt with.
	check []gamePhase
	// shown is set once the signed-on power's order set was reported.
	shown bool
	// master is set when the game master signed on (vw is the game);
	// asMaster once the master has become a power (BECOME).
	master, asMaster bool
	// phase is the phase a PHASE line says the orders after it are for
	// (njudge); nil for the current one, and one without an ID for a
	// PHASE line that could not be read.
	phase *game.Phase
	// lang is the language of the reply; langSure when the mail's own
	// words told it.
	lang     lang
	langSure bool
	// signons counts the mail's SIGNON lines.
	signons int
	// registered is the address of the seat (or master) signed on: a
	// reply that confirms a change goes there, never to a Reply-To.
	registered string
	// sender is the verdict on the mail's From, found before the
	// transaction; nil when the judge has no source of verdicts or the
	// mail no sign-on.
	sender *senderVerdict
	// unread are the lines passed over as plainly no orders (greetings,
	// signatures), told once at the end of the reply.
	unread []string
}

// printf writes to the reply in the reader's language.
func (s *session) printf(format string, args ...any) { s.out.WriteString(s.lang.f(format, args...)) }

func (s *session) run(cmds []command) error {
	if len(cmds) == 0 {
		s.printf("The judge found no commands in your mail. Send HELP for the list.\n")
		return nil
	}
	for _, c := range cmds {
		if c.verb != orderVerb {
			if err := s.flush(); err != nil {
				return err
			}
		}
		err := s.do(c)
		if errors.Is(err, errNoGame) {
			s.printf("> %s\n  %v. Send LIST for the games this judge runs.\n\n", c.text, err)
			continue
		}
		if err != nil {
			return err
		}
	}
	if err := s.flush(); err != nil {
		return err
	}
	// A sign-on with nothing else shows the orders standing.
	if s.vw != nil && s.seat != "" && !s.shown && s.vw.g.State == store.Active && s.vw.st != nil {
		if err := s.orderState(); err != nil {
			return err
		}
	}
	s.tellUnread()
	return nil
}

// order takes a line of orders, submitted with the lines that follow it
// (flush): from the power signed on, or the master become one. Before a
// sign-on, a line that is plainly no order (a greeting) is passed over.
func (s *session) order(c command) error {
	switch {
	case s.vw == nil && s.prose(c.text):
		s.unread = append(s.unread, c.text)
	case s.vw == nil:
		s.printf("> %s\n  Not read: sign on first (SIGNON <power>@<game> <password>), then write your orders.\n\n", c.text)
	case s.master && s.seat == "":
		s.printf("> %s\n  Not read: the game master orders for a power after BECOME <power>.\n\n", c.text)
	default:
		s.pending = append(s.pending, c.text)
	}
	return nil
}

// conditional refuses njudge's conditional orders whole, rather than take
// them unconditionally.
func (s *session) conditional(c command) error {
	s.printf("> IF ... ENDIF\n  Conditional orders (IF ... ELSE ... ENDIF) are not taken by this judge: none of the %d lines from IF to ENDIF were read.\n  Send the orders you want to stand, without conditions.\n\n", strings.Count(c.text, "\n")+1)
	return nil
}

// signonLine signs on, once a mail, so that a mail cannot try passwords
// by the thousand.
func (s *session) signonLine(c command) error {
	if s.signons++; s.signons > 1 {
		s.printf("> SIGNON ...\n  Refused: one sign-on a mail; send another mail for another game or power. The orders that follow are not read.\n\n")
		s.vw, s.side, s.master, s.asMaster = nil, nil, false, false
		return nil
	}
	return s.signon(c)
}

// phaseLine says which phase the orders after it are for; orders after
// an unreadable one are not read.
func (s *session) phaseLine(c command) error {
	rules, err := s.rules()
	if err != nil {
		return err
	}
	p, err := rules.Phase(strings.Join(c.args, " "))
	if err != nil {
		s.printf("> %s\n  %v. The orders that follow are not read.\n\n", c.text, err)
		s.phase = &game.Phase{}
		return nil
	}
	s.phase = &p
	return nil
}

// signoff does nothing: the scanner reads nothing after it.
func (s *session) signoff(command) error { return nil }

// help answers HELP.
func (s *session) help(command) error {
	s.out.WriteString(s.lang.help(s.j.table(), s.j.settings(), s.j.Games))
	return nil
}

// listCmd is LIST, the judge's games, or LIST <game>, one game's status.
func (s *session) listCmd(c command) error {
	if len(c.args) == 0 {
		return s.list()
	}
	return s.status(c.args[0])
}

// learnLang settles the reply's language once the player is known: the
// one the player chose (SET LANGUAGE), else the one this mail is written
// in, which the seat then keeps for the mail the judge sends unasked
// (results, reminders), else the one the seat has, else the game's.
func (s *session) learnLang(seat *store.Seat) error {
	if l, ok := parseLang(seat.Language); ok && seat.LanguageFixed {
		s.lang = l
		return nil
	}
	if !s.langSure {
		s.lang = s.vw.seatLang(seat)
		return nil
	}
	if seat.Language == s.lang.String() {
		return nil
	}
	return s.changeSeats(func(st *store.Seat) { st.Language = s.lang.String() })
}

// maskAddress shows enough of an address for its owner to know it, and
// little to anyone else: "f…a@home.test".
func maskAddress(a string) string {
	local, domain, ok := strings.Cut(a, "@")
	r := []rune(local)
	if !ok || len(r) < 3 {
		return "…@" + domain
	}
	return string(r[0]) + "…" + string(r[len(r)-1]) + "@" + domain
}

// gamePhase names a game in one of its phases.
type gamePhase struct{ game, phase string }

// mayProcess notes that the signed-on game's current phase may now be
// ready for early processing.
func (s *session) mayProcess() {
	gp := gamePhase{s.vw.g.Name, s.vw.g.Phase}
	if !slices.Contains(s.check, gp) {
		s.check = append(s.check, gp)
	}
}

// tellAttachments says which attachments were read as orders and which
// were not, and that quoted text was left out.
func (s *session) tellAttachments() {
	for _, a := range s.m.Attached {
		s.printf("The attachment %s was read as part of your mail.\n", a.Name)
	}
	for _, a := range s.m.Unread {
		name := a.Name
		if name == "" {
			name = a.Type
		}
		s.printf("The attachment %s (%s) was not read: write orders in the mail itself, or attach them as a .txt file.\n", name, a.Type)
	}
	if s.m.Quoted {
		s.printf("The quoted text of your mail was not read, only what you wrote.\n")
	}
}

// gameName is the game the mail dealt with, for the log.
func (s *session) gameName() string {
	if s.vw == nil {
		return ""
	}
	return s.vw.g.Name
}

// tellUnread says, once, which lines were passed over as no orders, so
// that an order the judge failed to recognise is never lost in silence.
func (s *session) tellUnread() {
	if len(s.unread) == 0 {
		return
	}
	quoted := make([]string, len(s.unread))
	for i, l := range s.unread {
		quoted[i] = fmt.Sprintf("%q", l)
	}
	if s.out.Len() == 0 {
		s.printf("The judge found no commands in your mail. Send HELP for the list.\n")
	}
	if len(quoted) == 1 {
		s.printf("1 line was not read as an order: %s.\n", quoted[0])
		return
	}
	s.printf("%d lines were not read as orders: %s.\n", len(quoted), strings.Join(quoted, ", "))
}

// prose reports that a line is plainly no order nor command (a
// greeting, a signature, a reply's "On ... wrote:"), as the signed-on
// game tells (game.Prose) or, before a sign-on, the judge's first.
func (s *session) prose(line string) bool {
	rules, err := s.rules()
	if err != nil {
		return false
	}
	p, ok := rules.(game.Prose)
	return ok && p.Prose(line)
}

// rules are the signed-on game's rules, or before a sign-on the judge's
// first game's as its defaults configure them.
func (s *session) rules() (game.Rules, error) {
	if s.vw != nil {
		return s.vw.rules, nil
	}
	k, err := s.j.kind("")
	if err != nil {
		return nil, err
	}
	return k.Configure(map[string]string{})
}

func firstLine(text, verb string) string {
	if verb == "PRESS" || verb == "BROADCAST" {
		return verb + " ..."
	}
	return text
}

// gameArg is the game a command names, or the one signed on to.
func (s *session) gameArg(c command) string {
	if len(c.args) > 0 {
		return c.args[0]
	}
	if s.vw != nil {
		return s.vw.g.Name
	}
	return ""
}

func (s *session) signon(c command) error {
	s.vw, s.side, s.shown, s.master, s.asMaster = nil, nil, false, false, false
	if len(c.args) != 2 {
		s.printf("> SIGNON ...\n  Expected SIGNON <power>@<game> <password> (or SIGNON <initial><game> <password>, e.g. SIGNON Froma secret).\n  The orders that follow are not read.\n\n")
		return nil
	}
	who, password := c.args[0], c.args[1]
	var gameName, powerName string
	if p, g, ok := strings.Cut(who, "@"); ok {
		powerName, gameName = p, g
	} else if len(who) > 1 {
		gameName = who[1:]
	}
	vw, err := s.j.loadView(s.tx, gameName)
	if errors.Is(err, errNoGame) {
		s.printf("> SIGNON %s ...\n  There is no game %q. Send LIST for the games this judge runs.\n  The orders that follow are not read.\n\n", who, gameName)
		return nil
	}
	if err != nil {
		return err
	}
	// njudge's initials: M for the master, O for an observer, where no
	// power of the variant has that initial.
	initial := ""
	if powerName == "" && vw.seatByInitial(who[0]) == "" {
		initial = strings.ToUpper(who[:1])
	}
	if strings.EqualFold(powerName, "master") || strings.EqualFold(powerName, "gm") || initial == "M" {
		return s.signonMaster(vw, who, password)
	}
	if strings.EqualFold(powerName, "observer") || initial == "O" {
		return s.observe(vw.g.Name)
	}
	power := ""
	if powerName != "" {
		power, _ = vw.guessSeat(powerName)
	} else {
		power = vw.seatByInitial(who[0])
	}
	if power == "" {
		s.printf("> SIGNON %s ...\n  %q is not a power of game %s (expected one of %s).\n  The orders that follow are not read.\n\n", who, orEmpty(powerName, who[:1]), vw.g.Name, vw.seatList(s.lang))
		return nil
	}
	seat := vw.seat(power)
	if locked, err := s.lockedOut(vw, power, seat); err != nil || locked {
		return err
	}
	if trusted, err := s.senderChecked(vw); err != nil || !trusted {
		return err
	}
	if seat == nil || !s.j.passwordRight(seat.PasswordHash, password) || !strings.EqualFold(seat.Address, s.m.From) {
		// One message for every failure, so that it tells a stranger
		// nothing; but the player who knows the password and writes from
		// another address is told which one is registered.
		s.printf("> SIGNON %s ...\n  Refused: this address and password are not those of %s in game %s. Nothing in this mail was changed.\n", who, vw.seatName(s.lang, power), vw.g.Name)
		if seat != nil && seat.Address != "" && s.j.passwordRight(seat.PasswordHash, password) {
			s.printf("  The password is right, but %s is played from %s: write from that address (where SET ADDRESS <new address> moves the seat).\n", vw.seatName(s.lang, power), maskAddress(seat.Address))
		}
		s.printf("\n")
		if err := s.tx.Audit(s.now, vw.g.ID, s.m.From, "signon refused", power); err != nil {
			return err
		}
		// A mail from the seat's own address with a wrong password is
		// answered there, never at a Reply-To: a forger of the From
		// learns nothing, and the player sees the attempt.
		if seat != nil && seat.Address != "" && strings.EqualFold(seat.Address, s.m.From) {
			s.registered = seat.Address
		}
		return s.j.tellFailedSignon(s.tx, vw, seat, s.m.From, s.now)
	}
	side := vw.seating().Side(power)
	if side == nil {
		s.printf("> SIGNON %s ...\n  %s is not played in game %s (%s). Nothing in this mail was changed.\n\n", who, vw.seatName(s.lang, power), vw.g.Name, vw.absentWhy(power))
		return nil
	}
	s.vw, s.seat, s.side, s.registered = vw, power, side, seat.Address
	if err := s.learnLang(seat); err != nil {
		return err
	}
	s.printf("Signed on as %s in game %s.\n\n", vw.sideName(s.lang, side), vw.g.Name)
	return nil
}

func orEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// powerWords splits the words of a list of powers, which players separate
// by spaces, commas or semicolons ("France, Italy").
func powerWords(args []string) []string {
	var out []string
	for _, a := range args {
		out = append(out, strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ';' })...)
	}
	return out
}

// flush submits the pending order lines of the signed-on power.
func (s *session) flush() error {
	if len(s.pending) == 0 {
		return nil
	}
	lines := s.pending
	s.pending = nil
	return s.submit(lines)
}

// reload reads the signed-on game again: an earlier command of the same
// mail may have changed it (processed a phase, ended the game).
func (s *session) reload() error {
	g, err := s.tx.Game(s.vw.g.Name)
	if err != nil {
		return err
	}
	// The same settings and position read the same: only the game's row
	// and its seats are read again, not its rules and state.
	if old := s.vw; readFrom(g) == old.from {
		seats, err := s.tx.Seats(g.ID)
		if err != nil {
			return err
		}
		s.vw = &view{g: g, set: old.set, rules: old.rules, st: old.st, seats: seats, names: old.names, from: old.from}
		return nil
	}
	vw, err := s.j.viewOf(s.tx, g)
	if err != nil {
		return err
	}
	s.vw = vw
	return nil
}

// clear drops the orders the player gave for the current phase.
func (s *session) clear(command) error {
	vw := s.vw
	for _, p := range s.side {
		if err := s.tx.ClearOrders(vw.g.ID, vw.g.Phase, p); err != nil {
			return err
		}
	}
	s.printf("> CLEAR\n  Your orders for %s are cleared.\n\n", vw.g.Phase)
	return s.orderState()
}

// nothingToClear answers CLEAR in a game not under way.
func (s *session) nothingToClear(command) {
	s.printf("> CLEAR\n  Game %s is %s: there are no orders to clear.\n\n", s.vw.g.Name, s.lang.t(s.vw.g.State))
}

// setWait is SET WAIT: the phase waits for its deadline.
func (s *session) setWait(c command) error {
	s.printf("> %s\n  The phase will wait for its deadline.\n\n", c.text)
	return s.setSeats(c, func(st *store.Seat) { st.NoWait = false })
}

// setNoWait is SET NOWAIT: the player is ready, and the phase may be
// processed early.
func (s *session) setNoWait(c command) error {
	s.printf("> %s\n  Ready: once every power with orders to give is ready and has complete orders, the phase is processed without waiting for the deadline.\n\n", c.text)
	s.mayProcess()
	return s.setSeats(c, func(st *store.Seat) { st.NoWait = true })
}

// setDraw is SET DRAW [<powers>]: a vote for a draw, which ends the game
// when every survivor votes for the same.
func (s *session) setDraw(c command) error {
	with, ok := s.drawVote(c)
	if !ok {
		return nil
	}
	if err := s.setSeats(c, func(st *store.Seat) { st.Draw, st.DrawWith = true, with }); err != nil {
		return err
	}
	return s.j.drawIfUnanimous(s.tx, s.vw.g.Name)
}

// setNoDraw is SET NODRAW: the vote for a draw withdrawn.
func (s *session) setNoDraw(c command) error {
	s.printf("> %s\n  You no longer vote for a draw.\n\n", c.text)
	return s.setSeats(c, func(st *store.Seat) { st.Draw, st.DrawWith = false, "" })
}

// setLanguage is SET LANGUAGE: the language the judge writes to the
// player in, from this reply on.
func (s *session) setLanguage(c command) error {
	l, ok := parseLang(strings.Join(c.args[1:], " "))
	if !ok {
		s.printf("> %s\n  Expected SET LANGUAGE ENGLISH or SET LANGUAGE ITALIAN. Nothing was changed.\n\n", c.text)
		return nil
	}
	s.lang = l
	s.printf("> %s\n  The judge writes to you in %s from now on.\n\n", c.text, word(l.name()))
	return s.setSeats(c, func(st *store.Seat) { st.Language, st.LanguageFixed = l.String(), true })
}

// unknownSetting answers a player's SET of no setting the judge knows.
func (s *session) unknownSetting(c command) error {
	s.printf("> %s\n  Unknown setting: expected SET WAIT, SET NOWAIT, SET DRAW, SET DRAW <powers>, SET NODRAW, SET ABSENCE <from> TO <to>, SET NOABSENCE, SET ADDRESS <address>, SET PASSWORD <password> or SET LANGUAGE <english|italian>.\n\n", c.text)
	return nil
}

// setSeats stores a player's setting on the seats of every power the
// player plays, and audits it.
func (s *session) setSeats(c command, change func(*store.Seat)) error {
	if err := s.changeSeats(change); err != nil {
		return err
	}
	return s.tx.Audit(s.now, s.vw.g.ID, s.seat, "set", strings.ToUpper(strings.Join(c.args, " ")))
}

// changeSeats applies change to the seat of every power the signed-on
// player plays, and stores them.
func (s *session) changeSeats(change func(*store.Seat)) error {
	for _, p := range s.side {
		seat := s.vw.seat(p)
		if seat == nil {
			continue
		}
		change(seat)
		if err := s.tx.PutSeat(*seat); err != nil {
			return err
		}
	}
	return nil
}

// drawVote reads SET DRAW [<powers>] and replies; with is the draw's
// powers as stored ("" for all survivors), ok false when refused.
func (s *session) drawVote(c command) (with string, ok bool) {
	vw := s.vw
	if vw.st == nil || !alive(vw, s.side) {
		s.noDrawVote(c)
		return "", false
	}
	if len(c.args) == 1 {
		s.printf("> %s\n  You vote for a draw including all survivors. Votes are secret and last until the phase is processed; when every survivor votes, the game ends in a draw.\n\n", c.text)
		return "", true
	}
	a, all := vw.seating(), drawPowers(vw, "")
	in := map[string]bool{}
	for _, w := range powerWords(c.args[1:]) {
		p, ok := vw.guessSeat(w)
		if !ok || !alive(vw, a.Side(p)) {
			s.printf("> %s\n  Refused: %q is not a surviving power of game %s (survivors: %s). Nothing was changed.\n\n", c.text, w, vw.g.Name, vw.sideName(s.lang, all))
			return "", false
		}
		for _, q := range a.Side(p) {
			in[q] = true
		}
	}
	// The draw's powers: the surviving ones of the sides named.
	var chosen, ids []string
	for _, p := range all {
		if in[p] {
			chosen, ids = append(chosen, p), append(ids, p)
		}
	}
	with = strings.Join(ids, ",")
	names := vw.sideName(s.lang, chosen)
	if len(chosen) == len(all) {
		with = ""
	} else if !vw.set.PartialDraws {
		s.printf("> %s\n  Refused: in game %s a draw includes all survivors; send SET DRAW alone. Nothing was changed.\n\n", c.text, vw.g.Name)
		return "", false
	}
	s.printf("> %s\n  You vote for a draw between %s. Votes are secret and last until the phase is processed; when every surviving player votes for this same draw, the game ends in it.\n\n", c.text, names)
	return with, true
}

// noDrawVote refuses a vote for a draw from a power out of the game, or
// in a game not under way.
func (s *session) noDrawVote(c command) {
	s.printf("> %s\n  Refused: only a power still in a game under way may vote for a draw. Nothing was changed.\n\n", c.text)
}

// drawPowers lists the surviving powers a draw vote names: with "" all
// the survivors the game's setup plays, else the ids in with.
func drawPowers(vw *view, with string) []string {
	survivors := vw.survivors()
	var out []string
	for _, p := range vw.seatIDs() {
		if !slices.Contains(survivors, p) {
			continue
		}
		if with == "" || slices.Contains(strings.Split(with, ","), p) {
			out = append(out, p)
		}
	}
	return out
}

// drawIfUnanimous ends the game in a draw when every surviving power votes
// for the same draw: all survivors, or the same ones where the game takes
// partial draws.
func (j *Judge) drawIfUnanimous(tx *store.Tx, name string) error {
	vw, err := j.loadView(tx, name)
	if err != nil || vw.g.State != store.Active || vw.st == nil {
		return err
	}
	survivors := drawPowers(vw, "")
	with := ""
	for i, p := range survivors {
		seat := vw.seat(p)
		if seat == nil || !seat.Draw || (i > 0 && seat.DrawWith != with) {
			return nil
		}
		with = seat.DrawWith
	}
	draw := drawPowers(vw, with)
	if err := tx.Audit(j.now(), vw.g.ID, "judge", "draw", vw.sideName(english, draw)); err != nil {
		return err
	}
	return j.finish(tx, vw, "judge", byDraw, func(l lang) (string, string) {
		return l.t("the game ends in a draw"), l.f("Every surviving power voted for this draw. Game %s ends in a draw between %s.\n", vw.g.Name, vw.sideName(l, draw))
	})
}

// pressNotYours answers the master's press: the master may order for a
// power, never speak for it; and does either only after BECOME.
func (s *session) pressNotYours(c command) {
	if s.seat == "" {
		s.needBecome(c)
		return
	}
	s.printf("> %s ...\n  The game master cannot send press as %s. Nothing was delivered.\n\n", c.verb, s.vw.seatName(s.lang, s.seat))
}

// press delivers PRESS and BROADCAST.
func (s *session) press(c command) error {
	vw := s.vw
	side := s.side
	if vw.set.Press == "none" {
		s.printf("> %s ...\n  Game %s is played without press: nothing was delivered.\n\n", c.verb, vw.g.Name)
		return nil
	}
	if strings.TrimSpace(c.text) == "" {
		s.printf("> %s ...\n  The message is empty: nothing was delivered. End it with END%s.\n\n", c.verb, c.verb)
		return nil
	}
	var to []string
	var powers []string // empty for everyone
	anonymous := false
	if c.verb == "BROADCAST" {
		all, err := vw.recipients(s.tx)
		if err != nil {
			return err
		}
		to = all
	} else {
		args := c.args
		if len(args) > 0 && strings.EqualFold(args[0], "TO") {
			args = args[1:]
		}
		for _, w := range powerWords(args) {
			if strings.EqualFold(w, "anonymous") || strings.EqualFold(w, "anon") {
				anonymous = true
				continue
			}
			p, ok := vw.guessSeat(w)
			if !ok {
				s.printf("> PRESS %s ...\n  %q is not a power of this game (expected %s). Nothing was delivered.\n\n", strings.Join(c.args, " "), w, vw.seatList(s.lang))
				return nil
			}
			seat := vw.seat(p)
			if seat == nil || seat.Address == "" {
				s.printf("> PRESS ...\n  %s has no player to receive press. Nothing was delivered.\n\n", vw.seatName(s.lang, p))
				return nil
			}
			if !slices.Contains(to, seat.Address) {
				to = append(to, seat.Address)
			}
			powers = append(powers, p)
		}
		if len(to) == 0 {
			s.printf("> PRESS ...\n  Say whom it is for: PRESS TO <powers>, e.g. PRESS TO France Italy. Nothing was delivered.\n\n")
			return nil
		}
		if anonymous && vw.set.Press != "grey" {
			s.printf("> PRESS ...\n  Game %s allows only signed (white) press. Nothing was delivered.\n\n", vw.g.Name)
			return nil
		}
	}
	from := phrase(func(l lang) string {
		if anonymous {
			return l.t("an anonymous power")
		}
		return vw.sideName(l, side)
	})
	whom := phrase(func(l lang) string {
		if len(powers) == 0 {
			return l.t("everyone")
		}
		words := make([]string, len(powers))
		for i, p := range powers {
			words[i] = vw.seatName(l, p)
		}
		return strings.Join(words, ", ")
	})
	sort.Strings(to)
	for _, a := range to {
		l := vw.langOf(a)
		_, err := s.tx.Queue(store.Mail{CreatedAt: s.now, Recipient: a, Subject: l.f("Corriere %s: press from %s", vw.g.Name, from),
			Body: l.f("Press in game %s from %s to %s:\n\n%s\n", vw.g.Name, from, whom, c.text), GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "press"})
		if err != nil {
			return err
		}
	}
	s.printf("> %s ...\n  Delivered to %s.\n\n", c.verb, whom)
	return s.tx.Audit(s.now, vw.g.ID, s.seat, strings.ToLower(c.verb), whom(english))
}

// concede gives the game to another power; when every other surviving
// power concedes to the same one, it wins. Concessions, like draw votes,
// last one phase.
func (s *session) concede(c command) error {
	vw := s.vw
	if len(c.args) != 1 || vw.st == nil {
		s.concedeUsage(c)
		return nil
	}
	a := vw.seating()
	p, ok := vw.guessSeat(c.args[0])
	if !ok || slices.Contains(s.side, p) || !alive(vw, a.Side(p)) || !alive(vw, s.side) {
		s.printf("> %s\n  Refused: a surviving power concedes to another player's surviving power. Nothing was changed.\n\n", c.text)
		return nil
	}
	winner := a.Side(p)
	id := p
	if err := s.changeSeats(func(st *store.Seat) { st.Concede = id }); err != nil {
		return err
	}
	if err := s.tx.Audit(s.now, vw.g.ID, s.seat, "concede", id); err != nil {
		return err
	}
	name := vw.sideName(s.lang, winner)
	s.printf("> %s\n  You concede the game to %s. When every other surviving player does, %s wins.\n\n", c.text, name, name)
	for _, q := range drawPowers(vw, "") {
		if slices.Contains(winner, q) {
			continue
		}
		st := vw.seat(q)
		if st == nil || st.Concede == "" || !slices.Contains(winner, st.Concede) {
			return nil
		}
	}
	return s.j.finish(s.tx, vw, s.seat, byConcession, func(l lang) (string, string) {
		name := vw.sideName(l, winner)
		return l.f("%s wins", name), l.f("Every other surviving player has conceded: %s wins game %s.\n", name, vw.g.Name)
	})
}

// concedeUsage answers a CONCEDE that names no one power, or in a game
// not under way.
func (s *session) concedeUsage(c command) {
	s.printf("> %s\n  Expected CONCEDE <power>, in a game under way. Nothing was changed.\n\n", c.text)
}

// resign gives up the player's seat (all the powers the player plays):
// the units hold (or follow civil disorder, if the game has it) until the
// master seats another.
func (s *session) resign(command) error {
	vw, side, name := s.vw, s.side, s.vw.sideName(s.lang, s.side)
	if err := s.j.unseat(s.tx, vw, s.side); err != nil {
		return err
	}
	if err := s.tx.Audit(s.now, vw.g.ID, s.seat, "resign", s.m.From); err != nil {
		return err
	}
	s.printf("> RESIGN\n  You no longer play %s in game %s. Thank you for playing.\n\n", name, vw.g.Name)
	s.vw, s.side = nil, nil
	return s.j.announce(s.tx, vw, vw.g.Phase, func(l lang) (string, string) {
		name := vw.sideName(l, side)
		return l.f("%s's player resigned", name), l.f("The player of %s has resigned; the units hold until the game master seats another player.\n", name)
	})
}

// observe puts the sender among a game's observers, who receive every
// results mail, where the game allows observers.
func (s *session) observe(name string) error {
	vw, err := s.named("OBSERVE", name)
	if vw == nil || err != nil {
		return err
	}
	if vw.set.NoObservers {
		s.printf("> OBSERVE %s\n  Game %s takes no observers.\n\n", vw.g.Name, vw.g.Name)
		return nil
	}
	if err := s.tx.AddObserver(vw.g.ID, strings.ToLower(s.m.From)); err != nil {
		return err
	}
	if err := s.tx.Audit(s.now, vw.g.ID, s.m.From, "observe", ""); err != nil {
		return err
	}
	s.printf("> OBSERVE %s\n  You will receive the results of game %s.\n\n", vw.g.Name, vw.g.Name)
	return nil
}
