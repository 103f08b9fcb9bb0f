package judge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// credentialNotYours refuses the master's SET ADDRESS and SET PASSWORD:
// a seat's address and password are its player's.
func (s *session) credentialNotYours(c command) {
	what := strings.ToUpper(c.args[0])
	s.printf("> SET %s ...\n  The game master cannot change a player's %s. Nothing was changed.\n\n", what, word(strings.ToLower(what)))
}

// setCredential is a player's SET ADDRESS <address> or SET PASSWORD
// <password> (njudge, DPjudge): for every power the player plays, with a
// confirmation to the registered address, and to the new one.
func (s *session) setCredential(c command) error {
	vw := s.vw
	what := strings.ToUpper(c.args[0])
	if len(c.args) != 2 {
		s.printf("> SET %s ...\n  Expected SET %s <%s>, one word. Nothing was changed.\n\n", what, what, strings.ToLower(what))
		return nil
	}
	value := c.args[1]
	name := vw.sideName(s.lang, s.side)
	old := vw.seat(s.seat).Address
	var change func(*store.Seat)
	var done string
	var notice func(l lang) string
	switch what {
	case "ADDRESS":
		addr := strings.ToLower(strings.Trim(value, "<>"))
		if !ValidAddress(addr) {
			s.printf("> SET ADDRESS %s\n  %q is not a mail address: expected one address such as name@example.org. Nothing was changed.\n\n", value, value)
			return nil
		}
		if strings.EqualFold(addr, s.j.Address) {
			s.printf("> SET ADDRESS %s\n  That is the judge's own address. Nothing was changed.\n\n", value)
			return nil
		}
		change = func(st *store.Seat) { st.Address = addr }
		done = s.lang.f("%s is now played from %s: sign on from there, with the same password.", name, addr)
		notice = func(l lang) string {
			return l.f("The player of %s in game %s moved the seat from %s to %s (SET ADDRESS), on %s.\nIf that was not you, tell the game master at once.\n", vw.sideName(l, s.side), vw.g.Name, old, addr, vw.timeIn(l, s.now))
		}
	case "PASSWORD":
		if err := checkPassword(value, vw.g.Name, s.seat, strings.SplitN(s.m.From, "@", 2)[0]); err != nil {
			s.printf("> SET PASSWORD ...\n  Refused: the password: %s. Nothing was changed.\n\n", err)
			return nil
		}
		hash, err := HashPassword(value)
		if err != nil {
			return err
		}
		change = func(st *store.Seat) { st.PasswordHash = hash }
		done = s.lang.f("Your password for %s is changed; sign on with the new one from now on.", name)
		notice = func(l lang) string {
			return l.f("The password of %s in game %s was changed (SET PASSWORD), on %s.\nIf that was not you, tell the game master at once.\n", vw.sideName(l, s.side), vw.g.Name, vw.timeIn(l, s.now))
		}
	}
	if err := s.changeSeats(change); err != nil {
		return err
	}
	// The line is not echoed: it may hold the password.
	s.printf("> SET %s ...\n  %s\n\n", what, done)
	if err := s.tx.Audit(s.now, vw.g.ID, s.seat, "set "+strings.ToLower(what), old+" -> "+vw.seat(s.seat).Address); err != nil {
		return err
	}
	to := []string{old}
	if now := vw.seat(s.seat).Address; now != old {
		to = append(to, now)
	}
	// The player's language, which the seat keeps.
	l := vw.seatLang(vw.seat(s.seat))
	subject := l.f("Corriere %s: the address of %s changed", vw.g.Name, vw.sideName(l, s.side))
	if what == "PASSWORD" {
		subject = l.f("Corriere %s: the password of %s changed", vw.g.Name, vw.sideName(l, s.side))
	}
	for _, a := range to {
		_, err := s.tx.Queue(store.Mail{CreatedAt: s.now, Recipient: a, Subject: subject,
			Body: notice(l), GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "notice"})
		if err != nil {
			return err
		}
	}
	return nil
}

// Refused sign-ons in an hour beyond which sign-ons are refused without
// a look at the password: from one sender, or for one seat from any
// address but the seat's own (whose player is never locked out).
const (
	senderFailures = 5
	seatFailures   = 20
)

// lockouts are the lockouts, each longer than the one before, so that a
// guesser who waits out the first meets a longer one: refused sign-ons
// in the window, from one sender or for one seat, beyond which sign-ons
// are refused unread. A refusal while locked out is no refused sign-on:
// it does not lengthen the lockout.
var lockouts = []struct {
	window       time.Duration
	sender, seat int
	refusal      string
}{
	{time.Hour, senderFailures, seatFailures, "> SIGNON ...\n  Refused: too many refused sign-ons in the last hour; try again in an hour. Nothing in this mail was changed.\n\n"},
	{24 * time.Hour, 2 * senderFailures, 2 * seatFailures, "> SIGNON ...\n  Refused: too many refused sign-ons in the last day; try again tomorrow. Nothing in this mail was changed.\n\n"},
}

// lockedOut refuses a sign-on, unread, from a sender or for a seat that
// has had too many refused lately: guessing a password by mail takes
// years, not minutes.
func (s *session) lockedOut(vw *view, power string, seat *store.Seat) (bool, error) {
	// Mail from the seat's own address is answered there (signon): a
	// forger of it learns nothing, and its player is never locked out.
	if seat != nil && strings.EqualFold(seat.Address, s.m.From) {
		return false, nil
	}
	// The longest window first: its counts bound the shorter ones', and
	// below the smallest limits no lockout trips.
	for _, lock := range slices.Backward(lockouts) {
		since := s.now.Add(-lock.window)
		bySender, err := s.tx.CountAudit("signon refused", s.m.From, 0, "", since)
		if err != nil {
			return false, err
		}
		bySeat, err := s.tx.CountAudit("signon refused", "", vw.g.ID, power, since)
		if err != nil {
			return false, err
		}
		if bySender >= lock.sender || bySeat >= lock.seat {
			s.printf(lock.refusal)
			return true, s.tx.Audit(s.now, vw.g.ID, s.m.From, "signon locked", power)
		}
		if bySender < lockouts[0].sender && bySeat < lockouts[0].seat {
			return false, nil
		}
	}
	return false, nil
}

// A Verifier checks a mail's DKIM signatures against its From
// (mailer.DKIMVerifier): the judge's own source of verdicts where the
// receiving server gives none. It may ask the DNS, so the judge calls it
// outside any transaction, and only for a mail with a sign-on. An error
// (the DNS did not answer in time) comes with a verdict saying so.
type Verifier interface {
	Verify(ctx context.Context, raw []byte, from string) (mailer.Verdict, error)
}

// senderVerdict is what the judge knows of a mail's From, and from whom.
type senderVerdict struct {
	v mailer.Verdict
	// server is the authserv-id of the server that gave the verdict; ""
	// when the judge checked the DKIM signatures itself.
	server string
	// missing is set when the trusted server wrote no verdict, and the
	// judge has no DKIM check of its own.
	missing bool
}

// source names who gave the verdict, in l.
func (sv *senderVerdict) source(l lang) string {
	if sv.server != "" {
		return l.t("the receiving mail server")
	}
	return l.t("the judge's check of the DKIM signature")
}

// detail is the verdict itself, in l: technical words, or that there was
// none.
func (sv *senderVerdict) detail(l lang) string {
	if sv.missing {
		return l.f("no verdict from %s", sv.server)
	}
	return sv.v.String()
}

// senderVerdict finds the verdict on the From of a mail that signs on:
// the trusted server's, where the operator named it and it wrote one (it
// saw SPF and DMARC too), else the judge's own DKIM check. It runs before
// the mail's transaction, since the check may wait on the DNS (for the
// Verifier's timeout at most); nil when the judge has no source of
// verdicts or the mail no sign-on.
func (j *Judge) senderVerdict(ctx context.Context, raw []byte, m *mailer.Message, cmds []command) *senderVerdict {
	if !j.checksSenders() || !slices.ContainsFunc(cmds, func(c command) bool { return c.verb == "SIGNON" }) {
		return nil
	}
	if j.AuthServID != "" {
		v, found := m.Auth(j.AuthServID)
		if found || j.Verifier == nil {
			return &senderVerdict{v: v, server: j.AuthServID, missing: !found}
		}
	}
	v, err := j.Verifier.Verify(ctx, raw, m.From)
	if err != nil {
		// The DNS did not answer in time: the verdict is a temperror, no
		// proof either way.
		j.log().Warn("DKIM not verified", "message_id", m.MessageID, "from", m.From, "err", err)
	}
	return &senderVerdict{v: v}
}

// checksSenders reports whether the judge has a source of verdicts on a
// mail's From: the trusted receiving server, or its own DKIM check.
func (j *Judge) checksSenders() bool { return j.AuthServID != "" || j.Verifier != nil }

// senderChecked records the verdict on the From of a mail that signs on
// (as a player or as the master), and refuses the sign-on where the
// game's sender_check does not take it: a forged From must not pass for
// a player. A judge without a source of verdicts trusts the From.
func (s *session) senderChecked(vw *view) (bool, error) {
	if !s.j.checksSenders() {
		return true, nil
	}
	sv := s.sender
	if sv == nil {
		// Every mail with a sign-on was looked at before its
		// transaction; this one was not, so nothing confirms it.
		sv = &senderVerdict{server: s.j.AuthServID, missing: true}
	}
	check := vw.set.senderCheck()
	refused := check.refuses(sv.v)
	outcome := "accepted"
	if refused {
		outcome = "refused"
	}
	source := "judge DKIM check"
	if sv.server != "" {
		source = "server " + sv.server
	}
	detail := fmt.Sprintf("%s: %s; sender_check %s: %s", source, sv.detail(english), check.name, outcome)
	if err := s.tx.Audit(s.now, vw.g.ID, s.m.From, "sender check", detail); err != nil {
		return false, err
	}
	if !refused {
		return true, nil
	}
	who, what := phrase(sv.source), phrase(sv.detail)
	if check.name == "confirmed" {
		s.printf("> SIGNON ...\n  Refused: %s could not confirm that this mail comes from %s (%s), and game %s takes a sign-on only from a confirmed sender. Nothing in this mail was changed.\n"+
			"  Write from %s through its own provider's mail server, which signs its mail (DKIM) or is named in its domain's SPF record; mail forwarded, or sent through another service, often cannot be confirmed. If yours never can be, ask the game master to SET SENDER_CHECK not_failed.\n\n",
			who, s.m.From, what, vw.g.Name, s.m.From)
		return false, nil
	}
	s.printf("> SIGNON ...\n  Refused: %s found that this mail does not come from %s (%s): its sender is forged, or it was sent through a server that its domain does not allow. Nothing in this mail was changed.\n"+
		"  Write from %s through its own provider's mail server.\n\n",
		who, s.m.From, what, s.m.From)
	return false, nil
}

// setSenderCheck is the master's SET SENDER_CHECK <value>: how sure the
// judge must be of a sign-on's sender, announced to the players, whom it
// may refuse.
func (s *session) setSenderCheck(c command) error {
	vw := s.vw
	g := vw.g
	set := vw.set
	if len(c.args) != 2 || set.SetSenderCheck(c.args[1]) != nil {
		s.printf("> %s\n  Refused: expected SET SENDER_CHECK confirmed, not_failed or off. Nothing was changed.\n\n", c.text)
		return nil
	}
	vw.set = set
	g.Settings = set.json()
	if err := s.tx.UpdateGame(g); err != nil {
		return err
	}
	check := set.senderCheck()
	if err := s.tx.Audit(s.now, g.ID, "master", "set", "sender_check "+check.name); err != nil {
		return err
	}
	s.printf("> %s\n  Done. Sender check: %s (%s).\n\n", c.text, check.name, check.about(s.lang))
	return s.j.announce(s.tx, vw, g.Phase, func(l lang) (string, string) {
		return l.t("sender check changed"), l.f("The game master has set the sender check to %s: %s.\n", check.name, check.about(l))
	})
}

// failedSignonNotice is how often at most a seat's player is told of
// failed sign-ons, so that a stranger's guesses do not flood the player.
const failedSignonNotice = time.Hour

// tellFailedSignon tells the player of seat that someone else tried to
// sign on as the seat, at most once an hour.
func (j *Judge) tellFailedSignon(tx *store.Tx, vw *view, seat *store.Seat, from string, now time.Time) error {
	if seat == nil || seat.Address == "" || strings.EqualFold(seat.Address, from) {
		return nil
	}
	log, err := tx.AuditLog(vw.g.ID)
	if err != nil {
		return err
	}
	for _, e := range log {
		if e.Action == "signon refusal told" && e.Detail == seat.Power && now.Sub(e.At) < failedSignonNotice {
			return nil
		}
	}
	l := vw.seatLang(seat)
	body := l.f("Someone writing from %s tried to sign on as %s in game %s on %s, and was refused.\n"+
		"Nothing was changed. If it was you, write from the address this seat is registered to (this one). If not, you need do nothing; tell the game master if it goes on.\n",
		from, vw.seatName(l, seat.Power), vw.g.Name, vw.timeIn(l, now))
	if _, err := tx.Queue(store.Mail{CreatedAt: now, Recipient: seat.Address, Subject: l.f("Corriere %s: a refused sign-on", vw.g.Name),
		Body: body, GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "notice"}); err != nil {
		return err
	}
	return tx.Audit(now, vw.g.ID, "judge", "signon refusal told", seat.Power)
}
