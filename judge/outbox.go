package judge

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// The outbox is sent in batches: the mails of a batch that are one text
// to several readers (a game's results or announcement, the same in
// their language, in a game that shows everyone the same) go out as one
// message to all of them, their addresses in the envelope only
// (mailer.Undisclosed); the messages are composed, maps drawn, a few
// ahead of the one being sent and in parallel with it.

// flushBatch is how many outbox rows Flush reads at a time, and
// maxRecipients how many recipients one message has at most (servers
// commonly take 100).
const (
	flushBatch    = 200
	maxRecipients = 50
)

// groupable are the kinds of mail that one text may serve several
// readers: what the judge sends a game's readers alike.
var groupable = map[string]bool{"results": true, "announce": true}

// Flush sends the outbox's due mails. A temporary failure is retried with
// growing back-off (1 minute, doubling, at most 1 hour); a permanent one
// is kept with its reason and not retried. A message to several
// recipients that one of them refuses is sent to each alone.
func (j *Judge) Flush(ctx context.Context, s Sender) error {
	for {
		due, err := j.Store.DueMail(ctx, j.now(), flushBatch)
		if err != nil || len(due) == 0 {
			return err
		}
		groups, err := j.group(ctx, due)
		if err != nil {
			return err
		}
		composed, done := j.composeAhead(ctx, groups)
		for i, g := range groups {
			c := <-composed[i]
			err := j.deliver(ctx, s, g, c.raw, c.err)
			done()
			if err != nil {
				// The rest are composed still: wait, so that none is left
				// drawing after Flush returns.
				for _, c := range composed[i+1:] {
					<-c
					done()
				}
				return err
			}
		}
		if len(due) < flushBatch {
			return nil
		}
	}
}

// group puts the rows that are one text to several readers together, in
// the order of their first row.
func (j *Judge) group(ctx context.Context, due []store.Mail) ([][]store.Mail, error) {
	type key struct {
		game          int64
		phase, kind   string
		subject, body string
		groupable     bool
	}
	open := map[int64]bool{}
	var out [][]store.Mail
	at := map[key]int{}
	for _, m := range due {
		k := key{game: m.GameID, phase: m.Phase, kind: m.Kind, subject: m.Subject, body: m.Body}
		if groupable[m.Kind] && m.InReplyTo == "" && m.GameID != 0 {
			o, ok := open[m.GameID]
			if !ok {
				var err error
				if o, err = j.openGame(ctx, m.GameID); err != nil {
					return nil, err
				}
				open[m.GameID] = o
			}
			// A game that shows each reader his own (its maps too) sends
			// each his own.
			k.groupable = o
		}
		if i, ok := at[k]; ok && k.groupable && len(out[i]) < maxRecipients {
			out[i] = append(out[i], m)
			continue
		}
		at[k] = len(out)
		out = append(out, []store.Mail{m})
	}
	return out, nil
}

// openGame reports whether the game shows everyone the same (game.Open):
// false for one the judge cannot read, whose mail then goes one by one.
func (j *Judge) openGame(ctx context.Context, id int64) (bool, error) {
	var open bool
	err := j.Store.Read(ctx, func(tx *store.Tx) error {
		g, err := tx.GameByID(id)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		set, err := j.settingsOf(g.Settings)
		if err != nil {
			return nil
		}
		rules, err := j.rulesOf(g, &set)
		if err != nil {
			return nil
		}
		_, open = rules.(game.Open)
		return nil
	})
	return open, err
}

// composition is a group's message, or why it could not be made.
type composition struct {
	raw []byte
	err error
}

// composeAhead composes the groups' messages in parallel, each on its
// own channel, in order, at most ahead of those sent: the caller
// receives each group's in turn and then calls done, which lets one more
// be composed. Bounded so, a batch's messages (maps, each 200 KB) are
// never all in memory at once.
func (j *Judge) composeAhead(ctx context.Context, groups [][]store.Mail) (out []chan composition, done func()) {
	out = make([]chan composition, len(groups))
	for i := range out {
		out[i] = make(chan composition, 1)
	}
	ahead := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	go func() {
		for i, g := range groups {
			select {
			case ahead <- struct{}{}:
			case <-ctx.Done():
				for _, c := range out[i:] {
					c <- composition{err: ctx.Err()}
				}
				return
			}
			go func() {
				raw, err := j.compose(ctx, g)
				out[i] <- composition{raw, err}
			}()
		}
	}()
	// Each group composed holds a place, given back once it is sent; a
	// group the feeder gave up on (ctx ended) holds none.
	return out, func() {
		select {
		case <-ahead:
		default:
		}
	}
}

// deliver sends a group's message and records what became of each row.
func (j *Judge) deliver(ctx context.Context, s Sender, g []store.Mail, raw []byte, err error) error {
	now := j.now()
	if err == nil {
		to := make([]string, len(g))
		for i, m := range g {
			to[i] = m.Recipient
		}
		// Every send has a deadline: a server that hangs costs one mail
		// a minute, never the judge.
		sctx, cancel := context.WithTimeout(ctx, sendTimeout)
		err = s.Send(sctx, bareAddress(j.Address), to, raw)
		cancel()
	}
	if err == nil {
		ids := make([]int64, len(g))
		for i, m := range g {
			ids[i] = m.ID
		}
		if err := j.Store.MarkSentAll(ctx, ids, now, j.messageID(g[0])); err != nil {
			return err
		}
		for _, m := range g {
			// A password is kept only until its mail is out.
			if secretKinds[m.Kind] {
				if err := j.Store.ForgetBody(ctx, m.ID, sentSecretBody); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if len(g) > 1 && errors.Is(err, mailer.ErrPermanent) {
		// One recipient refused: the others are not to lose their mail
		// for it.
		for _, m := range g {
			raw, err := j.compose(ctx, []store.Mail{m})
			if err := j.deliver(ctx, s, []store.Mail{m}, raw, err); err != nil {
				return err
			}
		}
		return nil
	}
	for _, m := range g {
		// A mail that cannot be sent is given up after a while, and
		// recorded: retrying it for ever only hides it.
		permanent := errors.Is(err, mailer.ErrPermanent) || m.Attempts+1 >= maxAttempts
		retry := now.Add(min(time.Minute<<min(m.Attempts, 6), maxRetryWait))
		j.log().Warn("mail not sent", "id", m.ID, "to", m.Recipient, "err", err, "permanent", permanent)
		if err := j.Store.MarkAttempt(ctx, m.ID, now, retry, permanent, err.Error()); err != nil {
			return err
		}
		if permanent {
			if err := j.tellGivenUp(ctx, m, err); err != nil {
				return err
			}
		}
	}
	return nil
}

// messageID is the Message-ID of the mail of outbox row m, and of the
// rows sent with it.
func (j *Judge) messageID(m store.Mail) string {
	addr := bareAddress(j.Address)
	domain := "corriere.invalid"
	if i := strings.LastIndex(addr, "@"); i >= 0 {
		domain = addr[i+1:]
	}
	return fmt.Sprintf("corriere-%d@%s", m.ID, domain)
}

// compose turns a group of outbox rows, one text to each of their
// recipients, into the mail sent: to the one recipient, or to several
// undisclosed; the same rows always give the same bytes, Message-ID
// included (the first row's).
func (j *Judge) compose(ctx context.Context, g []store.Mail) ([]byte, error) {
	m := g[0]
	addr := bareAddress(j.Address)
	o := mailer.Outgoing{
		From:      "Corriere <" + addr + ">",
		To:        m.Recipient,
		Subject:   m.Subject,
		MessageID: j.messageID(m),
		InReplyTo: m.InReplyTo,
		Date:      m.CreatedAt,
		Text:      m.Body,
		Loop:      addr,
		// RFC 3834: auto-replied answers a mail, auto-generated is the rest.
		Reply: m.Kind == "reply",
	}
	if len(g) > 1 {
		o.To = mailer.Undisclosed
	}
	if m.Kind == "results" && !j.NoMap {
		// Drawn here, when the mail goes out, not in the deadline's
		// transaction; the players of one game share one picture.
		d, err := j.drawResults(ctx, m.GameID, m.Phase, m.Recipient)
		if err != nil {
			j.log().Error("map not drawn", "game", m.GameID, "phase", m.Phase, "err", err)
		} else if d != nil {
			o.Attachments = []mailer.Attachment{d.attachment(m.Phase)}
		}
	}
	return mailer.Compose(o)
}
