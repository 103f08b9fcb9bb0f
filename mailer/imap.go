package mailer

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// IMAPConfig says where the judge's mailbox is.
type IMAPConfig struct {
	Addr string // host:port
	// Security is "tls" (implicit TLS, port 993), "starttls" (port 143) or
	// "none" (loopback only, for tests).
	Security           string
	Username, Password string
	Mailbox            string      // "INBOX" when empty
	TLSConfig          *tls.Config // optional, e.g. to trust a test certificate
	// Archive is the folder Inbox.Archive moves handled mail to, levels
	// separated by "/" ("Corriere/handled"), created if missing; empty
	// leaves handled mail in Mailbox.
	Archive string
	// MaxSize is the largest message whose body is fetched: of a larger
	// one (by the server's RFC822.SIZE) only the header is, so that one
	// huge mail costs no memory. 0: no limit.
	MaxSize int
}

// Fetched is one message as the server stores it.
type Fetched struct {
	UID uint32
	// Raw is the whole RFC 5322 message, or its header only when Size
	// is over IMAPConfig.MaxSize.
	Raw []byte
	// Size is the message's size as the server gives it (RFC822.SIZE).
	Size int
	// Arrived is when the server took the message (its INTERNALDATE); the
	// zero time where the server gave none.
	Arrived time.Time
}

// Inbox is a logged-in IMAP connection with the mailbox selected. Its
// methods are meant for one goroutine at a time (the judge's mail loop);
// Close may be called from another to end a Wait.
//
// IMAP has no way to abandon a command, so when a context ends while a
// command is in flight the connection is closed; the Inbox is then broken
// and the caller dials a new one, as it does after any network error.
type Inbox struct {
	c           *imapclient.Client
	log         *slog.Logger
	mailbox     string
	uidValidity uint32
	idle        bool          // the server offers IDLE
	newMail     chan struct{} // signalled on EXISTS; capacity 1

	maxSize     int    // IMAPConfig.MaxSize
	archive     string // IMAPConfig.Archive
	archiveName string // archive as the server names it, once it exists there

	closeOnce sync.Once
	closeErr  error
}

// How long the goodbyes may take: a dead server must not hold up a
// shutdown.
const (
	logoutGrace   = 5 * time.Second
	idleDoneGrace = 10 * time.Second
)

// errIdleRefused reports a server that advertised IDLE but refused it.
var errIdleRefused = errors.New("server refused IDLE")

// DialInbox connects, logs in and selects the mailbox. A refused login
// is reported as an error that errors.Is(err, ErrAuth).
func DialInbox(ctx context.Context, cfg IMAPConfig, log *slog.Logger) (*Inbox, error) {
	if log == nil {
		log = slog.Default()
	}
	if cfg.Addr == "" {
		return nil, errors.New("imap: no server address")
	}
	mailbox := cfg.Mailbox
	if mailbox == "" {
		mailbox = "INBOX"
	}
	if sameMailbox(cfg.Archive, mailbox) {
		return nil, fmt.Errorf("imap: the archive folder %q is the mailbox read", cfg.Archive)
	}
	in := &Inbox{
		log:     log.With("imap", cfg.Addr, "mailbox", mailbox),
		mailbox: mailbox,
		newMail: make(chan struct{}, 1),
		archive: strings.Trim(cfg.Archive, "/"),
		maxSize: cfg.MaxSize,
	}
	opts := &imapclient.Options{
		TLSConfig:   clientTLSConfig(cfg.Addr, cfg.TLSConfig),
		WordDecoder: wordDecoder,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: in.mailboxUpdate,
		},
	}

	conn, err := dial(ctx, cfg.Addr, cfg.Security, cfg.TLSConfig, "imap")
	if err != nil {
		return nil, fmt.Errorf("imap dial %s: %w", cfg.Addr, err)
	}
	// Until the mailbox is open, an ended ctx closes the connection: that
	// is the only way to interrupt the library's blocking calls.
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	fail := func(step string, err error) (*Inbox, error) {
		if in.c != nil {
			in.c.Close()
		}
		conn.Close()
		return nil, fmt.Errorf("imap %s at %s: %w", step, cfg.Addr, ctxError(ctx, err))
	}

	if cfg.Security == securityStartTLS {
		if in.c, err = imapclient.NewStartTLS(conn, opts); err != nil {
			return fail("starttls", err)
		}
	} else {
		in.c = imapclient.New(conn, opts)
	}
	if err := in.c.WaitGreeting(); err != nil {
		return fail("greeting", err)
	}
	if err := in.c.Login(cfg.Username, cfg.Password).Wait(); err != nil {
		var imapErr *imap.Error
		if errors.As(err, &imapErr) && imapErr.Type == imap.StatusResponseTypeNo {
			err = fmt.Errorf("%w: %v", ErrAuth, err)
		}
		return fail(fmt.Sprintf("login as %q", cfg.Username), err)
	}
	sel, err := in.c.Select(mailbox, nil).Wait()
	if err != nil {
		return fail(fmt.Sprintf("select %q", mailbox), err)
	}
	in.uidValidity = sel.UIDValidity
	caps := in.c.Caps()
	in.idle = caps.Has(imap.CapIdle) || caps.Has(imap.CapIMAP4rev2)
	if !stop() {
		return fail("open", ctx.Err())
	}
	in.log.Info("imap mailbox open", "uidvalidity", in.uidValidity, "messages", sel.NumMessages, "idle", in.idle)
	return in, nil
}

// sameMailbox reports whether two mailbox names name one mailbox: INBOX
// is case-insensitive (RFC 3501, 5.1), other names are not.
func sameMailbox(a, b string) bool {
	a, b = strings.Trim(a, "/"), strings.Trim(b, "/")
	if strings.EqualFold(a, "INBOX") {
		return strings.EqualFold(b, "INBOX")
	}
	return a == b
}

// mailboxUpdate runs on the client's reader goroutine for unilateral
// mailbox data; it must not block.
func (in *Inbox) mailboxUpdate(d *imapclient.UnilateralDataMailbox) {
	if d.NumMessages == nil {
		return
	}
	select {
	case in.newMail <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// UIDValidity is the mailbox's UIDVALIDITY when it was selected. UIDs are
// only comparable under the same value; Unseen does not depend on it (it
// goes by the \Seen flag), but the caller may log a change.
func (in *Inbox) UIDValidity() uint32 { return in.uidValidity }

// run runs one IMAP exchange, closing the connection if ctx ends first.
func (in *Inbox) run(ctx context.Context, f func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { in.c.Close() })
	err := f()
	if !stop() && err != nil {
		return ctxError(ctx, err)
	}
	return err
}

// Unseen returns the messages without the \Seen flag, in UID order, at
// most limit of them (0: no limit), each with its full raw bytes. It
// fetches BODY.PEEK[], so fetching does not mark them seen: a message the
// judge fetched but could not store is fetched again next time.
func (in *Inbox) Unseen(ctx context.Context, limit int) ([]Fetched, error) {
	uids, err := in.search(ctx, &imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}})
	if err != nil {
		return nil, fmt.Errorf("imap search unseen in %q: %w", in.mailbox, err)
	}
	return in.fetch(ctx, uids, limit)
}

// search returns the UIDs of the messages that match criteria. Whatever
// arrived so far is found by it: a pending new-mail signal is spent.
func (in *Inbox) search(ctx context.Context, criteria *imap.SearchCriteria) ([]imap.UID, error) {
	in.takeNewMail()
	return in.uidSearch(ctx, criteria)
}

// uidSearch returns the UIDs of the messages that match criteria, leaving
// a pending new-mail signal for Wait: mail that arrived is not among what
// a search for known UIDs finds.
func (in *Inbox) uidSearch(ctx context.Context, criteria *imap.SearchCriteria) ([]imap.UID, error) {
	var uids []imap.UID
	err := in.run(ctx, func() error {
		data, err := in.c.UIDSearch(criteria, nil).Wait()
		if err != nil {
			return err
		}
		uids = data.AllUIDs()
		return nil
	})
	return uids, err
}

// takeNewMail spends a pending new-mail signal and reports whether there
// was one.
func (in *Inbox) takeNewMail() bool {
	select {
	case <-in.newMail:
		return true
	default:
		return false
	}
}

// fetch returns the raw messages with the given UIDs, lowest first, at
// most limit of them (0: all). It fetches BODY.PEEK[], which leaves the
// \Seen flag alone.
func (in *Inbox) fetch(ctx context.Context, uids []imap.UID, limit int) ([]Fetched, error) {
	if len(uids) == 0 {
		return nil, nil
	}
	slices.Sort(uids)
	if limit > 0 && len(uids) > limit {
		uids = uids[:limit]
	}

	// Sizes first: an oversized message is fetched by its header only.
	full, headOnly := uids, []imap.UID(nil)
	if in.maxSize > 0 {
		var sizes []*imapclient.FetchMessageBuffer
		err := in.run(ctx, func() error {
			var err error
			sizes, err = in.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("imap fetch the sizes of %d messages (uids %d-%d): %w", len(uids), uids[0], uids[len(uids)-1], err)
		}
		full = nil
		for _, b := range sizes {
			if b.RFC822Size > int64(in.maxSize) {
				headOnly = append(headOnly, b.UID)
			} else if b.UID != 0 {
				full = append(full, b.UID)
			}
		}
	}
	out := make([]Fetched, 0, len(uids))
	for _, part := range []struct {
		uids    []imap.UID
		section *imap.FetchItemBodySection
	}{
		{full, &imap.FetchItemBodySection{Peek: true}},
		{headOnly, &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}},
	} {
		if len(part.uids) == 0 {
			continue
		}
		var bufs []*imapclient.FetchMessageBuffer
		err := in.run(ctx, func() error {
			var err error
			bufs, err = in.c.Fetch(imap.UIDSetNum(part.uids...), &imap.FetchOptions{
				UID:          true,
				InternalDate: true,
				RFC822Size:   true,
				BodySection:  []*imap.FetchItemBodySection{part.section},
			}).Collect()
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("imap fetch %d messages (uids %d-%d): %w", len(part.uids), part.uids[0], part.uids[len(part.uids)-1], err)
		}
		for _, b := range bufs {
			raw := b.FindBodySection(part.section)
			if b.UID == 0 || raw == nil {
				// Expunged between search and fetch, or a server that left
				// out what was asked: the next poll will tell.
				in.log.Warn("imap fetch returned no body", "uid", b.UID, "seq", b.SeqNum)
				continue
			}
			out = append(out, Fetched{UID: uint32(b.UID), Raw: raw, Size: int(b.RFC822Size), Arrived: b.InternalDate})
		}
	}
	slices.SortFunc(out, func(a, b Fetched) int { return cmp.Compare(a.UID, b.UID) })
	in.log.Debug("imap fetched", "asked", len(uids), "fetched", len(out))
	return out, nil
}

// MarkSeen sets \Seen on the messages. The judge calls it only once it
// has stored them, so that a crash in between means fetching them again,
// never losing them.
func (in *Inbox) MarkSeen(ctx context.Context, uids ...uint32) error {
	if len(uids) == 0 {
		return nil
	}
	var set imap.UIDSet
	for _, u := range uids {
		if u == 0 {
			return errors.New("imap mark seen: uid 0 is no message")
		}
		set.AddNum(imap.UID(u))
	}
	if err := in.addSeen(ctx, set); err != nil {
		return fmt.Errorf("imap mark seen uids %v: %w", set, err)
	}
	in.log.Debug("imap marked seen", "uids", set.String())
	return nil
}

// addSeen sets \Seen on the messages of set.
func (in *Inbox) addSeen(ctx context.Context, set imap.UIDSet) error {
	return in.run(ctx, func() error {
		return in.c.Store(set, &imap.StoreFlags{
			Op:     imap.StoreFlagsAdd,
			Silent: true,
			Flags:  []imap.Flag{imap.FlagSeen},
		}, nil).Close()
	})
}

// Wait blocks until the server reports new mail (with IDLE, when the
// server has it), until max has passed or until ctx ends, and returns nil
// in all those cases: the caller polls with Unseen next. Mail that arrived
// since the last Unseen makes Wait return at once (it asks with a NOOP
// before idling). Without IDLE it waits max and then sends a NOOP, which
// keeps the connection alive. The error is for a broken connection, after
// which the Inbox must be dialled again.
func (in *Inbox) Wait(ctx context.Context, max time.Duration) error {
	if in.takeNewMail() || ctx.Err() != nil || max <= 0 {
		return nil
	}
	timer := time.NewTimer(max)
	defer timer.Stop()

	// A NOOP first. Servers report mail that arrived while no command was
	// running with the answer to the next command; not all of them do so
	// when IDLE starts (go-imap's own imapserver does not), and such mail
	// would wait for the next one. The NOOP also proves the connection.
	if err := in.run(ctx, func() error { return in.c.Noop().Wait() }); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("imap noop: %w", err)
	}
	if in.takeNewMail() {
		return nil
	}

	if in.idle {
		err := in.idleUntil(ctx, timer.C)
		if !errors.Is(err, errIdleRefused) {
			return err
		}
		in.idle = false
		in.log.Warn("imap IDLE refused; polling without it", "err", err)
	}

	select {
	case <-in.newMail:
		return nil
	case <-timer.C:
	case <-ctx.Done():
		return nil
	case <-in.c.Closed():
		return errors.New("imap wait: connection closed")
	}
	err := in.run(ctx, func() error { return in.c.Noop().Wait() })
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("imap noop: %w", err)
	}
	return nil
}

// idleUntil runs one IDLE until new mail, deadline or the end of ctx.
func (in *Inbox) idleUntil(ctx context.Context, deadline <-chan time.Time) error {
	var cmd *imapclient.IdleCommand
	err := in.run(ctx, func() error {
		var err error
		cmd, err = in.c.Idle()
		return err
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		var imapErr *imap.Error
		if errors.As(err, &imapErr) {
			return fmt.Errorf("%w: %v", errIdleRefused, err)
		}
		return fmt.Errorf("imap idle: %w", err)
	}

	broken := false
	select {
	case <-in.newMail:
		in.log.Debug("imap new mail")
	case <-deadline:
	case <-ctx.Done():
	case <-in.c.Closed():
		broken = true
	}

	// End IDLE (DONE) and wait for the server's OK. If ctx has ended the
	// caller is going away: the OK is awaited only briefly.
	doneCtx := ctx
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		doneCtx, cancel = context.WithTimeout(context.WithoutCancel(ctx), idleDoneGrace)
		defer cancel()
	}
	err = in.run(doneCtx, func() error {
		if err := cmd.Close(); err != nil {
			return err
		}
		return cmd.Wait()
	})
	switch {
	case broken:
		return fmt.Errorf("imap idle: connection closed (%v)", err)
	case err != nil && ctx.Err() == nil:
		return fmt.Errorf("imap idle: %w", err)
	}
	return nil
}

// Close logs out and closes the connection. It is safe to call more than
// once.
func (in *Inbox) Close() error {
	in.closeOnce.Do(func() {
		// A connection that broke earlier has nothing left to close; the
		// client would report the old read error again.
		select {
		case <-in.c.Closed():
			in.c.Close()
			return
		default:
		}
		done := make(chan struct{})
		go func() {
			in.c.Logout().Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-in.c.Closed():
		case <-time.After(logoutGrace):
		}
		err := in.c.Close()
		if err != nil && !errors.Is(err, net.ErrClosed) {
			in.closeErr = fmt.Errorf("imap close: %w", err)
		}
	})
	return in.closeErr
}
