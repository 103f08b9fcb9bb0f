package judge

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// Inbox is the judge's mailbox (mailer.Inbox satisfies it).
type Inbox interface {
	// UIDValidity is the mailbox's UIDVALIDITY: UIDs compare only under one.
	UIDValidity() uint32
	// Since returns up to limit messages with UIDs above after, in UID order.
	Since(ctx context.Context, after uint32, limit int) ([]mailer.Fetched, error)
	MarkSeen(ctx context.Context, uids ...uint32) error
	// MarkSeenThrough marks every message up to UID last seen.
	MarkSeenThrough(ctx context.Context, last uint32) error
	Wait(ctx context.Context, max time.Duration) error
	Close() error
}

// Archiver is an Inbox that can move handled mail out of the mailbox, so
// that it does not grow for ever (mailer.Inbox does, into the folder its
// configuration names, and leaves mail where it is without one). Run
// checks for it by type assertion: an Inbox without it keeps all its mail.
type Archiver interface {
	// Archive moves the messages with these UIDs out of the mailbox.
	Archive(ctx context.Context, uids ...uint32) error
	// ArchiveThrough moves every message with a UID up to last.
	ArchiveThrough(ctx context.Context, last uint32) error
}

// inboxCursor names the judge's mailbox in the store's cursors.
const inboxCursor = "inbox"

// Limits on sending: how long one mail may take, how often it is tried,
// and the longest wait between two tries.
const (
	sendTimeout  = time.Minute
	maxAttempts  = 20
	maxRetryWait = 5 * time.Minute
)

// mailboxTimeout is the default bound on each call to the mailbox
// server (RunOptions.Timeout). A batch of fifty mails of the largest size
// the judge reads fits in it on a slow line.
const mailboxTimeout = 3 * time.Minute

// maxMailboxWait is the longest wait before the mailbox is tried again.
const maxMailboxWait = 5 * time.Minute

// bounded runs f with ctx bounded by limit (0: mailboxTimeout).
func bounded(ctx context.Context, limit time.Duration, f func(context.Context) error) error {
	if limit <= 0 {
		limit = mailboxTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	return f(ctx)
}

// Sender delivers a composed mail (mailer.Sender satisfies it).
type Sender interface {
	Send(ctx context.Context, from string, to []string, raw []byte) error
}

// RunOptions tie the judge to the outside world.
type RunOptions struct {
	// Dial opens the mailbox; Run calls it again after a broken connection.
	Dial   func(ctx context.Context) (Inbox, error)
	Sender Sender
	// Poll is the longest wait between looks at the mailbox and the clock.
	Poll time.Duration
	// Batch is how many mails are read per look (0: 50).
	Batch int
	// Timeout bounds each call to the mailbox server: opening it, a
	// batch's fetch, marking, moving (0: three minutes). A server that
	// hangs is then treated as down, and the mailbox opened again.
	Timeout time.Duration
}

// Run is the daemon: it reads new mail, handles it, processes what is due,
// sends the outbox, and waits for more, until ctx ends. New mail is found
// by UID past a cursor that moves in the transaction handling each mail,
// and a mail is marked seen on the server only after that commits, so a
// crash at any point loses nothing and handles nothing twice; mail handled
// but not yet marked is marked when the mailbox is opened again. Where the
// Inbox is an Archiver, handled mail is then moved out of the mailbox, and
// what a crash left behind is moved when the mailbox is opened again.
func (j *Judge) Run(ctx context.Context, o RunOptions) error {
	if o.Poll <= 0 {
		o.Poll = 30 * time.Second
	}
	if o.Batch <= 0 {
		o.Batch = 50
	}
	var inbox Inbox
	// Mail is sent apart from the loop that reads mail and processes
	// deadlines, so that a hanging SMTP server delays neither.
	wake := make(chan struct{}, 1)
	j.wake = wake
	sent := make(chan struct{})
	sender, poll := o.Sender, o.Poll
	go func() {
		defer close(sent)
		j.sendLoop(ctx, sender, wake, poll)
	}()
	defer func() {
		if inbox != nil {
			inbox.Close()
		}
		<-sent
		// A sender that keeps its connection (mailer.Sender) ends it.
		if c, ok := sender.(io.Closer); ok {
			c.Close()
		}
	}()
	tick := func(at time.Time) {
		if err := j.tickAt(ctx, at); err != nil {
			j.log().Error("tick", "err", err)
		}
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	// A mailbox that fails, however it fails, is tried again after a
	// wait that doubles up to maxMailboxWait, and resets once mail is
	// read again. No deadline is processed while mail that arrived before
	// it may be waiting unread.
	backoff := time.Second
	failed := func(what string, err error) {
		j.log().Error(what, "err", err, "retry_in", backoff)
		if inbox != nil {
			inbox.Close()
			inbox = nil
		}
		if err := j.tellWaiting(ctx); err != nil {
			j.log().Error("tell the masters their deadlines wait", "err", err)
		}
		select {
		case wake <- struct{}{}: // send the notices now
		default:
		}
		sleep(ctx, backoff)
		backoff = min(2*backoff, maxMailboxWait)
	}
	for ctx.Err() == nil {
		if inbox == nil {
			err := bounded(ctx, o.Timeout, func(ctx context.Context) (err error) {
				inbox, err = o.Dial(ctx)
				return err
			})
			if err != nil {
				inbox = nil
				failed("mailbox unreachable: deadlines wait", err)
				continue
			}
			if err := j.catchUpSeen(ctx, inbox, o.Timeout); err != nil {
				j.log().Warn("mark handled mail seen and archive it", "err", err)
			}
		}
		r, err := j.readMail(ctx, inbox, o.Batch, o.Timeout)
		if err != nil {
			failed("mailbox: deadlines wait", err)
			continue
		}
		backoff = time.Second
		if r.more {
			continue // more mail may be waiting: read it before any deadline
		}
		tick(r.upTo)
		if err := inbox.Wait(ctx, o.Poll); err != nil && ctx.Err() == nil {
			failed("mailbox wait", err)
		}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// readMail handles the mail that arrived since the last one handled, in
// the order it arrived. The cursor (UIDVALIDITY and last UID) moves in the
// transaction that handles each mail; \Seen is set on the server after
// that commits. A mail whose handling fails stops the batch, so that
// nothing after it is skipped; it is tried again at the next look.
//
// A game that fell due before a mail arrived is processed before the mail
// is handled: a mail counts from its arrival, whenever it is read.
func (j *Judge) readMail(ctx context.Context, inbox Inbox, batch int, limit time.Duration) (batchRead, error) {
	name := inboxCursor
	var validity, last uint32
	err := j.Store.Tx(ctx, func(tx *store.Tx) (err error) {
		validity, last, err = tx.Cursor(name)
		return err
	})
	if err != nil {
		return batchRead{}, err
	}
	if now := inbox.UIDValidity(); now != validity {
		if validity != 0 {
			j.log().Warn("mailbox UIDVALIDITY changed: reading it again from the start", "was", validity, "now", now)
		}
		validity, last = now, 0
	}
	// Mail that reached the server before this moment is in the batch
	// (or in the next, when the batch is full).
	upTo := j.now()
	var msgs []mailer.Fetched
	err = bounded(ctx, limit, func(ctx context.Context) (err error) {
		msgs, err = inbox.Since(ctx, last, batch)
		return err
	})
	if err != nil {
		return batchRead{}, err
	}
	if len(msgs) > 0 {
		j.setFetched(store.MailMark{Validity: validity, UID: msgs[len(msgs)-1].UID})
	}
	_, next, err := j.dueGames(ctx, time.Time{})
	if err != nil {
		return batchRead{}, err
	}
	var handled []uint32
	failed := false
	for _, m := range msgs {
		at := j.arrival(m.Arrived)
		if !next.IsZero() && !at.Before(next) {
			if err := j.tickAt(ctx, at); err != nil {
				j.log().Error("tick", "err", err)
			}
			if _, next, err = j.dueGames(ctx, at); err != nil {
				upTo, failed = at, true
				break
			}
		}
		uid := m.UID
		err := j.handle(ctx, m.Raw, m.Size, m.Arrived, store.MailMark{Validity: validity, UID: uid}, func(tx *store.Tx) error { return tx.SetCursor(name, validity, uid) })
		if err != nil {
			j.log().Error("handle mail", "uid", m.UID, "err", err)
			upTo, failed = at, true
			break
		}
		if err := bounded(ctx, limit, func(ctx context.Context) error { return inbox.MarkSeen(ctx, m.UID) }); err != nil {
			return batchRead{}, err
		}
		handled = append(handled, m.UID)
	}
	// Moved only once committed and seen; moved mail is behind the cursor,
	// which goes by UID, so it is never looked for again. A move that
	// fails leaves the mail for catchUpSeen.
	if a, ok := inbox.(Archiver); ok && len(handled) > 0 {
		if err := bounded(ctx, limit, func(ctx context.Context) error { return a.Archive(ctx, handled...) }); err != nil {
			j.log().Warn("archive handled mail", "uids", len(handled), "err", err)
		}
	}
	return batchRead{handled: len(handled), more: !failed && len(msgs) == batch, upTo: upTo}, nil
}

// batchRead says what readMail did.
type batchRead struct {
	handled int
	// more says a full batch was handled: more mail may be waiting.
	more bool
	// upTo is the time up to which all mail has been handled, to which
	// the daemon may then process what is due: when it looked, or when
	// the mail that failed arrived.
	upTo time.Time
}

// catchUpSeen marks seen, and archives where the Inbox can, the mail
// handled before a crash or a broken connection could mark or move it.
func (j *Judge) catchUpSeen(ctx context.Context, in Inbox, limit time.Duration) error {
	var validity, last uint32
	err := j.Store.Tx(ctx, func(tx *store.Tx) (err error) {
		validity, last, err = tx.Cursor(inboxCursor)
		return err
	})
	if err != nil || validity != in.UIDValidity() {
		return err
	}
	if err := bounded(ctx, limit, func(ctx context.Context) error { return in.MarkSeenThrough(ctx, last) }); err != nil {
		return err
	}
	if a, ok := in.(Archiver); ok {
		return bounded(ctx, limit, func(ctx context.Context) error { return a.ArchiveThrough(ctx, last) })
	}
	return nil
}

// waitNotice is how long a game may wait for an unreadable mailbox past
// its deadline before its master is told: a short break is not news.
const waitNotice = 5 * time.Minute

// tellWaiting tells the master of each game that has waited waitNotice
// past its deadline for a mailbox the judge cannot read, and the
// operator, once a phase: the phase is processed when the mail that
// arrived before the deadline has been read, and the master may want to
// tell the players, or move the deadline.
func (j *Judge) tellWaiting(ctx context.Context) error {
	now := j.now()
	due, _, err := j.dueGames(ctx, now.Add(-waitNotice))
	if err != nil {
		return err
	}
	for _, g := range due {
		err := j.Store.Tx(ctx, func(tx *store.Tx) error {
			vw, err := j.loadView(tx, g.Name)
			if err != nil || vw.g.State != store.Active {
				return err
			}
			g := vw.g // due has the schedule only
			if n, err := tx.CountAudit("deadline waits", "judge", g.ID, g.Phase, time.Time{}); err != nil || n > 0 {
				return err
			}
			if err := tx.Audit(now, g.ID, "judge", "deadline waits", g.Phase); err != nil {
				return err
			}
			to := []reader{}
			if j.Access.Operator != "" {
				to = append(to, reader{j.Access.Operator, vw.set.lang()})
			}
			if g.MasterAddress != "" && !strings.EqualFold(g.MasterAddress, j.Access.Operator) {
				to = append(to, reader{g.MasterAddress, vw.set.lang()})
			}
			for _, r := range to {
				l := r.lang
				body := l.f("The deadline of %s in game %s was %s, but the judge cannot read its mailbox: the phase waits, and is processed as soon as the mail that arrived before the deadline has been read. Mail that arrived after it counts as late.\nYou may want to tell the players, or move the deadline.\n",
					vw.phaseTitle(l), g.Name, vw.timeIn(l, g.Deadline))
				if _, err := tx.Queue(store.Mail{CreatedAt: now, Recipient: r.address, Subject: l.f("Corriere %s: the deadline waits for the mailbox", g.Name), Body: body, GameID: g.ID, Phase: g.Phase, Kind: "notice"}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("game %s: %w", g.Name, err)
		}
	}
	return nil
}

// tellGivenUp tells the game's master (when the master has an address)
// and the operator that a mail was given up, unless it was itself such a
// notice: nobody else would know a player never got it.
func (j *Judge) tellGivenUp(ctx context.Context, m store.Mail, why error) error {
	if m.Kind == "undeliverable" {
		return nil
	}
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		to := []string{}
		if j.Access.Operator != "" {
			to = append(to, j.Access.Operator)
		}
		name := ""
		if m.GameID != 0 {
			g, err := tx.GameByID(m.GameID)
			if err != nil {
				return err
			}
			name = g.Name
			if g.MasterAddress != "" && !strings.EqualFold(g.MasterAddress, j.Access.Operator) {
				to = append(to, g.MasterAddress)
			}
		}
		for _, a := range to {
			// Not its text: it may be a player's press, or a password.
			body := fmt.Sprintf("The judge gave up sending a mail after %d tries: %v.\nTo: %s\nSubject: %s\nGame: %s\nKind: %s\n",
				m.Attempts+1, why, m.Recipient, m.Subject, orDash(name), m.Kind)
			if _, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: a, Subject: "Corriere: a mail could not be delivered", Body: body, GameID: m.GameID, Phase: m.Phase, Kind: "undeliverable"}); err != nil {
				return err
			}
		}
		return nil
	})
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// sendLoop sends the outbox whenever woken and at least every poll,
// until ctx ends.
func (j *Judge) sendLoop(ctx context.Context, s Sender, wake <-chan struct{}, poll time.Duration) {
	for ctx.Err() == nil {
		if err := j.Flush(ctx, s); err != nil && ctx.Err() == nil {
			j.log().Error("send", "err", err)
		}
		select {
		case <-ctx.Done():
		case <-wake:
		case <-time.After(poll):
		}
	}
}

func bareAddress(a string) string {
	if i, k := strings.Index(a, "<"), strings.Index(a, ">"); i >= 0 && k > i {
		return a[i+1 : k]
	}
	return strings.TrimSpace(a)
}
