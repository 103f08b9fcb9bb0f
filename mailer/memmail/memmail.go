package memmail

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// System is an IMAP server (go-imap's imapserver with the in-memory
// imapmemserver backend) and an SMTP server (go-smtp) on 127.0.0.1,
// random ports, no TLS. Every mail the SMTP server accepts for a known
// recipient is appended to that user's INBOX.
//
// The SMTP server accepts AUTH PLAIN with a user's address and password,
// and also mail without AUTH, since every client is on loopback. A
// recipient it does not know is refused with 550, a permanent failure.
type System struct {
	log    *slog.Logger
	mem    *imapmemserver.Server
	imap   *imapserver.Server
	smtp   *smtp.Server
	imapLn net.Listener
	smtpLn net.Listener
	wg     sync.WaitGroup

	mu    sync.Mutex
	users map[string]*account // by lower-cased address
	now   func() time.Time

	// Faults a test injects (SetIMAPDown, SetSMTPHang), under faultMu.
	faultMu   sync.Mutex
	imapDown  bool
	imapConns map[net.Conn]struct{} // open IMAP connections
	hung      bool
	hungFrom  map[string]bool // lower-cased envelope senders; empty: all
	unhang    chan struct{}   // closed when the hang ends
	closed    chan struct{}   // closed by Close

	// discard drops accepted mail (Options.Discard); taken counts it.
	discard bool
	takenMu sync.Mutex
	taken   Taken

	closeOnce sync.Once
	closeErr  error
}

type account struct {
	address, password string // address as given to AddUser: the IMAP login
	user              *imapmemserver.User
}

// Limits of the SMTP side; generous for a game, small enough that a
// runaway test fails rather than eats the memory.
const (
	maxMessageBytes = 25 << 20
	maxRecipients   = 100
	ioTimeout       = time.Minute
)

// Options change how a System behaves.
type Options struct {
	// Log receives the servers' own complaints and one line per delivery;
	// nil means slog.Default().
	Log *slog.Logger
	// WithoutMove makes the IMAP server offer neither MOVE (RFC 6851) nor
	// UIDPLUS, as some servers still do not, so that a client's fallback
	// (COPY, \Deleted, EXPUNGE) can be tested.
	WithoutMove bool
	// Now is the server's clock, which stamps each delivered mail's
	// arrival (its INTERNALDATE); nil means time.Now. A test whose judge
	// runs on a fake clock gives the servers the same one.
	Now func() time.Time
	// Discard takes the mail the SMTP server accepts, counts it (Taken)
	// and drops it instead of storing it: for a benchmark of thousands of
	// large mails, whose mailboxes would otherwise hold gigabytes.
	Discard bool
}

// Taken is what the SMTP server has accepted: messages, their
// recipients (one per mailbox) and their bytes.
type Taken struct {
	Messages, Recipients, Bytes int64
}

// Start starts both servers. log receives the servers' own complaints and
// one line per delivery; nil means slog.Default().
func Start(log *slog.Logger) (*System, error) {
	return StartOptions(Options{Log: log})
}

// StartOptions starts both servers, as o says.
func StartOptions(o Options) (*System, error) {
	log := o.Log
	if log == nil {
		log = slog.Default()
	}
	s := &System{
		log:       log.With("component", "memmail"),
		mem:       imapmemserver.New(),
		users:     make(map[string]*account),
		now:       o.Now,
		discard:   o.Discard,
		imapConns: make(map[net.Conn]struct{}),
		unhang:    make(chan struct{}),
		closed:    make(chan struct{}),
	}
	if s.now == nil {
		s.now = time.Now
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("memmail: imap listen: %w", err)
	}
	s.imapLn = imapListener{ln, s}
	if s.smtpLn, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		s.imapLn.Close()
		return nil, fmt.Errorf("memmail: smtp listen: %w", err)
	}

	// IMAP4rev1 is what most real servers speak; imapserver adds IDLE to
	// it once a client has logged in. MOVE and UIDPLUS, as Dovecot and
	// most servers have them, unless asked not to.
	caps := imap.CapSet{imap.CapIMAP4rev1: {}}
	if !o.WithoutMove {
		caps[imap.CapMove] = struct{}{}
		caps[imap.CapUIDPlus] = struct{}{}
	}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return pollingIdle{s.mem.NewSession()}, nil, nil
		},
		Caps:         caps,
		InsecureAuth: true, // loopback only, no TLS
		Logger:       printfLogger{s.log.With("server", "imap")},
	})

	s.smtp = smtp.NewServer(backend{s})
	s.smtp.Domain = "localhost"
	s.smtp.AllowInsecureAuth = true // loopback only, no TLS
	s.smtp.MaxMessageBytes = maxMessageBytes
	s.smtp.MaxRecipients = maxRecipients
	s.smtp.ReadTimeout = ioTimeout
	s.smtp.WriteTimeout = ioTimeout
	s.smtp.ErrorLog = printfLogger{s.log.With("server", "smtp")}

	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		if err := s.imap.Serve(s.imapLn); err != nil {
			s.log.Warn("imap server stopped", "err", err)
		}
	}()
	go func() {
		defer s.wg.Done()
		if err := s.smtp.Serve(s.smtpLn); err != nil && !errors.Is(err, smtp.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
			s.log.Warn("smtp server stopped", "err", err)
		}
	}()
	s.log.Debug("memmail started", "imap", s.IMAPAddr(), "smtp", s.SMTPAddr())
	return s, nil
}

// Taken is what the SMTP server has accepted so far.
func (s *System) Taken() Taken {
	s.takenMu.Lock()
	defer s.takenMu.Unlock()
	return s.taken
}

// IMAPAddr is the IMAP server's host:port.
func (s *System) IMAPAddr() string { return s.imapLn.Addr().String() }

// SMTPAddr is the SMTP server's host:port.
func (s *System) SMTPAddr() string { return s.smtpLn.Addr().String() }

// AddUser creates a user with an empty INBOX. The IMAP login is the
// address exactly as given; mail is delivered to it whatever the case of
// the address on the envelope.
func (s *System) AddUser(address, password string) error {
	key, err := mailboxKey(address)
	if err != nil {
		return fmt.Errorf("memmail: add user: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.users[key]; dup {
		return fmt.Errorf("memmail: add user %s: already exists", address)
	}
	u := imapmemserver.NewUser(address, password)
	if err := u.Create("INBOX", nil); err != nil {
		return fmt.Errorf("memmail: add user %s: create INBOX: %w", address, err)
	}
	s.mem.AddUser(u)
	s.users[key] = &account{address: address, password: password, user: u}
	return nil
}

// mailboxKey is the form addresses are looked up in. Local parts are
// case-sensitive in principle and never in practice.
func mailboxKey(address string) (string, error) {
	a := strings.ToLower(strings.TrimSpace(address))
	if a == "" || !strings.Contains(a, "@") || strings.ContainsAny(a, " \t\r\n<>") {
		return "", fmt.Errorf("%q is not a bare address", address)
	}
	return a, nil
}

func (s *System) account(address string) *account {
	key, err := mailboxKey(address)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.users[key]
}

// Messages returns the raw messages in the user's INBOX in arrival order,
// as an IMAP client sees them (it reads them over IMAP, read-only, so it
// changes no flag).
func (s *System) Messages(address string) ([][]byte, error) {
	msgs, err := s.Folder(address, "INBOX")
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.Raw)
	}
	return out, nil
}

// Stored is a message as a mailbox holds it.
type Stored struct {
	UID  uint32
	Seen bool // the \Seen flag
	Raw  []byte
}

// Folder returns the messages in one of the user's mailboxes ("INBOX", or
// a folder such as the judge's archive, named as the server names it:
// levels separated by "/") in UID order. It reads them over IMAP,
// read-only, so it changes no flag.
func (s *System) Folder(address, mailbox string) ([]Stored, error) {
	acc := s.account(address)
	if acc == nil {
		return nil, fmt.Errorf("memmail: messages of %s: no such user", address)
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr(), &imapclient.Options{Dialer: &net.Dialer{Timeout: ioTimeout}})
	if err != nil {
		return nil, fmt.Errorf("memmail: messages of %s: %w", address, err)
	}
	defer c.Close()
	// The client has no deadlines of its own for a server that stops
	// answering; this one is in-process, but a test should still fail
	// rather than hang.
	watchdog := time.AfterFunc(ioTimeout, func() { c.Close() })
	defer watchdog.Stop()

	if err := c.Login(acc.address, acc.password).Wait(); err != nil {
		return nil, fmt.Errorf("memmail: messages of %s: login: %w", address, err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fmt.Errorf("memmail: messages of %s: examine %s: %w", address, mailbox, err)
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	var all imap.SeqSet
	all.AddRange(1, sel.NumMessages)
	section := &imap.FetchItemBodySection{Peek: true}
	bufs, err := c.Fetch(all, &imap.FetchOptions{
		UID:         true,
		Flags:       true,
		BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		return nil, fmt.Errorf("memmail: messages of %s: fetch: %w", address, err)
	}
	slices.SortFunc(bufs, func(a, b *imapclient.FetchMessageBuffer) int {
		return cmp.Compare(a.UID, b.UID)
	})
	out := make([]Stored, 0, len(bufs))
	for _, b := range bufs {
		out = append(out, Stored{UID: uint32(b.UID), Seen: slices.Contains(b.Flags, imap.FlagSeen), Raw: b.FindBodySection(section)})
	}
	c.Logout().Wait()
	return out, nil
}

// Close stops both servers and drops every mailbox.
func (s *System) Close() error {
	s.closeOnce.Do(func() {
		close(s.closed) // ends the hung SMTP sessions
		var errs []error
		if err := s.imap.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			errs = append(errs, fmt.Errorf("imap: %w", err))
		}
		if err := s.smtp.Close(); err != nil && !errors.Is(err, net.ErrClosed) && !errors.Is(err, smtp.ErrServerClosed) {
			errs = append(errs, fmt.Errorf("smtp: %w", err))
		}
		// go-smtp's Close only closes the listeners its Serve has already
		// registered; one that Serve has not reached yet would keep it
		// accepting forever. Closing them here too ends both loops.
		s.imapLn.Close()
		s.smtpLn.Close()
		s.wg.Wait()
		if err := errors.Join(errs...); err != nil {
			s.closeErr = fmt.Errorf("memmail: close: %w", err)
		}
	})
	return s.closeErr
}

// deliver appends raw to the INBOX of each recipient. A Return-Path line
// records the envelope sender, as a delivering mail server does; "<>"
// there marks a bounce.
func (s *System) deliver(from string, rcpts []*account, raw []byte) error {
	s.takenMu.Lock()
	s.taken.Messages++
	s.taken.Recipients += int64(len(rcpts))
	s.taken.Bytes += int64(len(raw))
	s.takenMu.Unlock()
	if s.discard {
		return nil
	}
	msg := make([]byte, 0, len(raw)+len(from)+20)
	msg = append(msg, "Return-Path: <"+from+">\r\n"...)
	msg = append(msg, raw...)
	at := s.now()
	for _, acc := range rcpts {
		if _, err := acc.user.Append("INBOX", literal{bytes.NewReader(msg)}, &imap.AppendOptions{Time: at}); err != nil {
			return fmt.Errorf("append to %s: %w", acc.address, err)
		}
		s.log.Info("memmail delivered", "from", from, "to", acc.address, "bytes", len(msg))
	}
	return nil
}

// idlePoll is how often an idling IMAP session looks for new mail.
const idlePoll = 20 * time.Millisecond

// pollingIdle replaces imapserver's IDLE loop, which only wakes for updates
// queued after IDLE began: mail delivered between a client's last command
// and its IDLE would be reported only with the next mail. Polling the
// session's queue from the start of IDLE reports it at once.
type pollingIdle struct{ imapserver.Session }

func (s pollingIdle) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	t := time.NewTicker(idlePoll)
	defer t.Stop()
	for {
		if err := s.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-t.C:
		}
	}
}

// Move passes MOVE on to the session, which has it: embedding the
// interface alone would hide it from imapserver.
func (s pollingIdle) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	return s.Session.(imapserver.SessionMove).Move(w, numSet, dest)
}

// literal is an in-memory imap.LiteralReader.
type literal struct{ *bytes.Reader }

// backend makes SMTP sessions.
type backend struct{ s *System }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	if ap, ok := c.Conn().RemoteAddr().(*net.TCPAddr); !ok || !ap.IP.IsLoopback() {
		return nil, &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "Loopback only"}
	}
	return &session{s: b.s}, nil
}

// session is one SMTP transaction at a time.
type session struct {
	s     *System
	from  string
	rcpts []*account
}

var _ smtp.AuthSession = (*session)(nil)

func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		acc := ss.s.account(username)
		if acc == nil || acc.password != password || (identity != "" && identity != username) {
			return smtp.ErrAuthFailed
		}
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	acc := ss.s.account(to)
	if acc == nil {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here: " + to}
	}
	if !slices.Contains(ss.rcpts, acc) { // one copy per mailbox
		ss.rcpts = append(ss.rcpts, acc)
	}
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err // go-smtp turns a size overrun into its own 552
	}
	if ss.s.hangs(ss.from) {
		return errHung
	}
	if err := ss.s.deliver(ss.from, ss.rcpts, raw); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: err.Error()}
	}
	return nil
}

func (ss *session) Reset() {
	ss.from = ""
	ss.rcpts = nil
}

func (ss *session) Logout() error { return nil }

// printfLogger passes the servers' log lines on to slog.
type printfLogger struct{ log *slog.Logger }

func (l printfLogger) Printf(format string, v ...any) {
	l.log.Warn(strings.TrimSpace(fmt.Sprintf(format, v...)))
}

func (l printfLogger) Println(v ...any) {
	l.log.Warn(strings.TrimSpace(fmt.Sprintln(v...)))
}
