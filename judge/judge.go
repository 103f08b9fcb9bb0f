package judge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// repeatWindow is how soon the same mail from the same sender is not
// answered again.
const repeatWindow = 10 * time.Minute

// DefaultMaxSize is the largest mail the judge reads.
const DefaultMaxSize = 1 << 20

// Judge handles mail and deadlines for the games in its store.
type Judge struct {
	Store *store.Store
	// Games are the games the judge hosts, each a package behind the
	// game contract (package game): a game's kind names one. The first
	// is the default, the kind of a game created without one.
	Games   []game.Kind
	Address string           // the judge's own address: From of every mail it sends
	Now     func() time.Time // the clock; time.Now when nil
	Log     *slog.Logger     // slog.Default() when nil
	MaxSize int              // DefaultMaxSize when 0
	// NoMap leaves the map out of results mails.
	NoMap bool
	// Seed makes a new game's secret seed for its dice (package
	// game/dice); dice.NewSeed when nil. Tests give their own, to know
	// how the dice will fall.
	Seed func() dice.Seed
	// Access says who may do what: the zero value lets nobody create
	// games by mail.
	Access Access
	// AuthServID, when set, is the authserv-id of the receiving mail
	// server whose Authentication-Results the judge trusts: a sign-on in
	// a mail whose From it did not confirm (DMARC, DKIM, SPF) is refused,
	// as strictly as the game's setting sender_check says.
	AuthServID string
	// Verifier, when set, checks a mail's DKIM signatures itself where
	// the receiving server gave no verdict (no AuthServID, or no field of
	// it in the mail): the judge's own source of verdicts.
	Verifier Verifier

	maps mapCache
	// hosted are the tables of the games the judge hosts.
	hosted hosted
	// passwords are the passwords checked right lately.
	passwords verified
	// read are games' settings as read from their stored text.
	read settingsRead
	// wake, while the daemon runs, wakes its sender: a deadline's results
	// go out while the games after them are still processed.
	wake chan struct{}
	// fetched is the last mail the daemon has fetched from its mailbox:
	// a phase that begins records it (store.Game.BeganMark), so that a
	// mail fetched by then counts as arrived before the phase began even
	// in the second the two share.
	fetched struct {
		sync.Mutex
		mark store.MailMark
	}
}

// newSeed is a new game's seed for its dice, as the store keeps it.
func (j *Judge) newSeed() string {
	if j.Seed != nil {
		return j.Seed().String()
	}
	return dice.NewSeed().String()
}

// diceFor is the dice of the game's current phase, from the game's seed
// and the phase's name: processed again, the phase rolls the same. A game
// made before the dice is given its seed now, kept with the game.
func (j *Judge) diceFor(g *store.Game) (*dice.Source, error) {
	if g.Seed == "" {
		g.Seed = j.newSeed()
	}
	seed, err := dice.ParseSeed(g.Seed)
	if err != nil {
		return nil, fmt.Errorf("game %s: seed: %w", g.Name, err)
	}
	return dice.New(seed, g.Phase), nil
}

// fetchedMark is the last mail the daemon has fetched: the zero mark
// outside the daemon.
func (j *Judge) fetchedMark() store.MailMark {
	j.fetched.Lock()
	defer j.fetched.Unlock()
	return j.fetched.mark
}

// setFetched records that the daemon fetched the mail at mark.
func (j *Judge) setFetched(mark store.MailMark) {
	j.fetched.Lock()
	j.fetched.mark = mark
	j.fetched.Unlock()
}

func (j *Judge) now() time.Time {
	if j.Now != nil {
		return j.Now().UTC().Truncate(time.Second)
	}
	return time.Now().UTC().Truncate(time.Second)
}

func (j *Judge) log() *slog.Logger {
	if j.Log != nil {
		return j.Log
	}
	return slog.Default()
}

// Handle reads one inbound mail and, in one transaction, records it,
// carries out its commands and queues the reply. A mail seen before (same
// Message-ID) is skipped; an automatic mail (auto-reply, bounce, list) is
// recorded and never answered.
func (j *Judge) Handle(ctx context.Context, raw []byte) error {
	return j.handle(ctx, raw, 0, time.Time{}, store.MailMark{}, nil)
}

// handle is Handle with also, inside the same transaction, the mailbox
// cursor moved past this mail.
// size is the mail's size as its server gives it, when raw may be its
// header only (a mail too large to fetch whole); 0 when raw is whole.
// arrived is when the mail reached the mailbox (zero: now), and mark its
// place there (the zero mark for a mail not from the daemon's mailbox).
func (j *Judge) handle(ctx context.Context, raw []byte, size int, arrived time.Time, mark store.MailMark, also func(*store.Tx) error) error {
	if also == nil {
		also = func(*store.Tx) error { return nil }
	}
	now := j.now()
	at := j.arrival(arrived)
	// An oversized mail is refused unread: only its header is parsed.
	m, perr := mailer.ParseLimit(raw, j.SizeLimit())
	if perr == nil && size > m.Size {
		m.Size = size // the body was left on the server
	}
	if perr != nil {
		// Unreadable header: keep it for the operator, answer no one.
		j.log().Warn("unreadable mail", "err", perr)
		return j.Store.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.AddMessage(store.Message{MessageID: syntheticID(raw), Raw: raw, ReceivedAt: at, Status: "unreadable"})
			if err != nil {
				return err
			}
			return also(tx)
		})
	}
	cmds := withSubject(m.Subject, scan(m.Text, j.table(), j.settings()))
	status := j.mailStatus(m)
	var sender *senderVerdict
	if status == "handled" {
		// Before the transaction: the judge's own DKIM check asks the
		// DNS; for a mail that is read, not one passed over unanswered.
		sender = j.senderVerdict(ctx, raw, m, cmds)
	}
	err := j.Store.Tx(ctx, func(tx *store.Tx) (err error) {
		if err := also(tx); err != nil {
			return err
		}
		status := status
		kept := keptRaw(raw, cmds, status == "oversized")
		sum := sha256.Sum256([]byte(m.Subject + "\n" + m.Text))
		bodyHash := hex.EncodeToString(sum[:16])
		if status == "handled" && !j.Access.mayCreate(m.From) {
			// The same mail again soon, under a new Message-ID, from an
			// address the judge does not know (a program that resends, a
			// loop), is answered once; players may ask twice.
			again, err := tx.RepeatedBody(m.From, bodyHash, m.MessageID, at.Add(-repeatWindow))
			if err == nil && again {
				var seated bool
				if seated, err = tx.Seated(m.From); !seated {
					status = "repeat"
				}
			}
			if err != nil {
				return err
			}
		}
		added, err := tx.AddMessage(store.Message{MessageID: m.MessageID, Sender: m.From, Subject: m.Subject, ReceivedAt: at, Raw: kept, Status: status, BodyHash: bodyHash})
		if err != nil || !added {
			return err
		}
		switch status {
		case "repeat":
			j.log().Info("mail not answered", "message_id", m.MessageID, "from", m.From, "why", "the same mail came a moment ago")
			return nil
		case "automatic", "own":
			j.log().Info("mail not answered", "message_id", m.MessageID, "from", m.From, "why", status)
			return nil
		case "oversized":
			l, _ := detectLang(m.Subject)
			return j.reply(tx, m, "", l.f("Your mail of %d bytes is larger than the %d bytes the judge reads; nothing in it was read.\nSend orders and commands as plain text, without attachments.\n", m.Size, j.SizeLimit()))
		}
		s := &session{j: j, tx: tx, m: m, now: now, at: at, mark: mark, sender: sender}
		defer func() {
			if r := recover(); r != nil {
				err = recovered(s.gameName(), r)
			}
		}()
		s.lang, s.langSure = detectLang(m.Subject + "\n" + m.Text)
		if err := s.run(cmds); err != nil {
			return err
		}
		s.tellAttachments()
		if err := j.reply(tx, m, s.registered, s.out.String()); err != nil {
			return err
		}
		j.log().Info("mail answered", "message_id", m.MessageID, "from", m.From, "game", s.gameName(), "bytes", m.Size)
		for _, gp := range s.check {
			if err := j.processIfReady(tx, gp.game, gp.phase); err != nil {
				return err
			}
		}
		return nil
	})
	var f *fault
	if errors.As(err, &f) {
		return j.setAside(ctx, m, raw, at, f, also)
	}
	return err
}

// mailStatus is what becomes of a mail, from the mail alone: "handled"
// (read and answered), or passed over, as "automatic" (an auto-reply, a
// bounce), "own" (the judge's own) or "oversized" (answered unread).
func (j *Judge) mailStatus(m *mailer.Message) string {
	switch {
	case m.Automatic:
		return "automatic"
	case strings.EqualFold(m.From, j.Address) || m.ReplyTo == "":
		return "own"
	case m.Size > j.SizeLimit():
		return "oversized"
	}
	return "handled"
}

// arrival is the time a mail that reached the mailbox at arrived counts
// from: its arrival to the second, or now for a mail whose server gave
// none. The mail server's clock may run ahead of the judge's: no mail
// counts as arrived after the judge reads it.
func (j *Judge) arrival(arrived time.Time) time.Time {
	now := j.now()
	if arrived.IsZero() {
		return now
	}
	if at := arrived.UTC().Truncate(time.Second); at.Before(now) {
		return at
	}
	return now
}

// SizeLimit is the largest mail the judge reads: MaxSize, or DefaultMaxSize.
func (j *Judge) SizeLimit() int {
	if j.MaxSize > 0 {
		return j.MaxSize
	}
	return DefaultMaxSize
}

// reply answers m at its Reply-To, or at to when given: the registered
// address of the seat signed on, so that a forged From with a Reply-To
// never takes a player's confirmation away from the player.
func (j *Judge) reply(tx *store.Tx, m *mailer.Message, to, body string) error {
	// Whom the judge knows (a seat's or a master's registered address,
	// one allowed to create games) may have more replies, and longer,
	// than anyone else: the judge is no weapon against a forged Reply-To.
	limit, size := strangerReplies, strangerReplySize
	if to != "" || (j.Access.mayCreate(m.From) && strings.EqualFold(m.From, m.ReplyTo)) {
		limit, size = knownReplies, knownReplySize
	}
	if to == "" {
		to = m.ReplyTo
	}
	n, err := tx.RepliesSince(to, j.now().Add(-time.Hour))
	if err != nil {
		return err
	}
	if n >= limit {
		j.log().Warn("reply not sent: too many to one address this hour", "to", to, "message_id", m.MessageID, "replies", n)
		return nil
	}
	if len(body) > size {
		cut := strings.LastIndexByte(body[:size], '\n') + 1
		body = body[:cut] + "[... the rest of this reply is left out: it was too long.]\n"
	}
	subject := m.Subject
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	if strings.TrimSpace(m.Subject) == "" {
		subject = "Corriere: your mail"
	}
	_, err = tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: to, Subject: subject, Body: body, InReplyTo: m.MessageID, Kind: "reply"})
	return err
}

// How many replies an hour, and how long, the judge writes to one address:
// to someone it knows (a player, a master), or to anyone else.
const (
	knownReplies      = 60
	knownReplySize    = 64 << 10
	strangerReplies   = 6
	strangerReplySize = 8 << 10
)

func syntheticID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return fmt.Sprintf("unreadable-%x@corriere.invalid", sum[:12])
}

// view is a game loaded for one transaction.
type view struct {
	g   *store.Game
	set Settings
	// rules are the game's rules as its kind and settings configure
	// them; st is the game between two deadlines, nil before it starts.
	// The judge reads orders, processes phases and writes their results
	// through the contract (package game).
	rules game.Rules
	st    game.State
	seats []store.Seat
	// names are the seats' names, by id.
	names map[string]game.Text
	// from are the stored settings, kind, board and position that rules
	// and st were read from: a view read again from the same is the same.
	from [5]string
}

// rulesOf configures the game's rules from its kind, its columns and
// its settings.
func (j *Judge) rulesOf(g *store.Game, set *Settings) (game.Rules, error) {
	k, err := j.kind(g.Kind)
	if err != nil {
		return nil, err
	}
	return k.Configure(set.gameSettings(g, k))
}

var errNoGame = errors.New("no such game")

func (j *Judge) loadView(tx *store.Tx, name string) (*view, error) {
	g, err := tx.Game(name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %q", errNoGame, name)
	}
	if err != nil {
		return nil, err
	}
	return j.viewOf(tx, g)
}

func (j *Judge) viewOf(tx *store.Tx, g *store.Game) (*view, error) {
	vw := &view{g: g}
	var err error
	if vw.set, err = j.settingsOf(g.Settings); err != nil {
		return nil, fmt.Errorf("game %s: %w", g.Name, err)
	}
	if vw.rules, err = j.rulesOf(g, &vw.set); err != nil {
		return nil, &fault{game: g.Name, err: err}
	}
	if vw.seats, err = tx.Seats(g.ID); err != nil {
		return nil, err
	}
	if g.Position != "" {
		if vw.st, err = vw.rules.Decode([]byte(g.Position)); err != nil {
			return nil, &fault{game: g.Name, err: err}
		}
	}
	vw.from = readFrom(g)
	return vw, nil
}

// readFrom is what of a game's row its view's rules and state are read
// from.
func readFrom(g *store.Game) [5]string {
	return [5]string{g.Settings, g.Kind, g.Variant, g.Rules, g.Position}
}

func (vw *view) seat(power string) *store.Seat {
	for i := range vw.seats {
		if vw.seats[i].Power == power {
			return &vw.seats[i]
		}
	}
	return nil
}

// recipients lists every player's and observer's address, once each.
func (vw *view) recipients(tx *store.Tx) ([]string, error) {
	rs, err := vw.readers(tx)
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.address
	}
	return out, err
}

// reader is an address the judge writes to, with its language.
type reader struct {
	address string
	lang    lang
}

// readers lists every player and observer once, each with the language
// they read: the seat's, else the game's.
func (vw *view) readers(tx *store.Tx) ([]reader, error) {
	seen := map[string]bool{}
	var out []reader
	for _, s := range vw.seats {
		if s.Address != "" && !seen[strings.ToLower(s.Address)] {
			seen[strings.ToLower(s.Address)] = true
			out = append(out, reader{s.Address, vw.seatLang(&s)})
		}
	}
	obs, err := tx.Observers(vw.g.ID)
	if err != nil {
		return nil, err
	}
	for _, a := range obs {
		if !seen[strings.ToLower(a)] {
			seen[strings.ToLower(a)] = true
			out = append(out, reader{a, vw.set.lang()})
		}
	}
	return out, nil
}

// langOf is the language the reader at address reads: a seat's, else
// the game's.
func (vw *view) langOf(address string) lang {
	for i := range vw.seats {
		if strings.EqualFold(vw.seats[i].Address, address) {
			return vw.seatLang(&vw.seats[i])
		}
	}
	return vw.set.lang()
}

// seatLang is the language a seat's player reads.
func (vw *view) seatLang(s *store.Seat) lang {
	if l, ok := parseLang(s.Language); ok {
		return l
	}
	return vw.set.lang()
}

// mailAllIn is mailAll with the mail written for each reader's language.
func (j *Judge) mailAllIn(tx *store.Tx, vw *view, kind, phase string, text func(lang) (subject, body string)) error {
	to, err := vw.readers(tx)
	if err != nil {
		return err
	}
	type mail struct{ subject, body string }
	written := map[lang]mail{}
	for _, r := range to {
		m, ok := written[r.lang]
		if !ok {
			m.subject, m.body = text(r.lang)
			written[r.lang] = m
		}
		if _, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: r.address, Subject: m.subject, Body: m.body, GameID: vw.g.ID, Phase: phase, Kind: kind}); err != nil {
			return err
		}
	}
	return nil
}

// finish ends the game, for cause by actor (see moves), and tells
// everyone how, in their language: subject follows "Corriere <game>: " in
// the announcement.
func (j *Judge) finish(tx *store.Tx, vw *view, actor, cause string, text func(lang) (subject, body string)) error {
	if err := j.transition(tx, vw, finished, actor, cause); err != nil {
		return err
	}
	if err := tx.UpdateGame(vw.g); err != nil {
		return err
	}
	return j.announce(tx, vw, vw.g.Phase, text)
}

// announce tells every player and observer of the game something, in
// their language: subject follows "Corriere <game>: ".
func (j *Judge) announce(tx *store.Tx, vw *view, phase string, text func(lang) (subject, body string)) error {
	return j.mailAllIn(tx, vw, "announce", phase, func(l lang) (string, string) {
		subject, body := text(l)
		return "Corriere " + vw.g.Name + ": " + subject, body
	})
}
