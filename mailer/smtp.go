package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPConfig says where the judge submits its mail.
type SMTPConfig struct {
	Addr string // host:port
	// Security is "tls" (implicit TLS, port 465), "starttls" (port 587)
	// or "none" (loopback only, for tests).
	Security           string
	Username, Password string // AUTH PLAIN when Username is set
	Hello              string // EHLO name; "localhost" when empty
	TLSConfig          *tls.Config
}

// Sender submits mail over SMTP on one connection, kept open between
// mails and reset before each (RSET), so that a deadline's thousands of
// mails do not each pay a connection, a TLS handshake and a login. A
// connection idle for idleClose is closed (QUIT), so that nothing goes
// stale between deadlines; one that fails is closed, and the next mail
// opens a new one. A Sender is safe for concurrent use; its mails go out
// one at a time.
type Sender struct {
	cfg SMTPConfig

	mu   sync.Mutex
	c    *smtp.Client
	conn net.Conn
	idle *time.Timer
}

// idleClose is how long an unused connection is kept open.
const idleClose = 30 * time.Second

// NewSender returns a Sender for cfg. It does not connect: a mistake in
// cfg shows at the first Send.
func NewSender(cfg SMTPConfig) *Sender {
	return &Sender{cfg: cfg}
}

// Close ends the connection, if one is open.
func (s *Sender) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(true)
	return nil
}

// drop closes the connection, saying QUIT first when polite.
func (s *Sender) drop(polite bool) {
	if s.idle != nil {
		s.idle.Stop()
		s.idle = nil
	}
	if s.c == nil {
		return
	}
	if polite {
		s.conn.SetDeadline(time.Now().Add(5 * time.Second))
		_ = s.c.Quit()
	}
	s.c.Close()
	s.c, s.conn = nil, nil
}

// Send delivers raw from the envelope sender to the recipients. It is all
// or nothing: if the server refuses any recipient nothing is sent, so that
// a retry cannot deliver twice to the others.
//
// A refusal of the mail itself (a 5xx reply to MAIL, RCPT, DATA or the
// content) is reported as an error that errors.Is(err, ErrPermanent). A
// refused login is errors.Is(err, ErrAuth) and, like any other error
// (network, 4xx, a 5xx to EHLO or STARTTLS, which are about the server and
// not this mail), is worth retrying later.
func (s *Sender) Send(ctx context.Context, from string, to []string, raw []byte) error {
	if len(to) == 0 {
		return errors.New("smtp send: no recipients")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle != nil {
		s.idle.Stop()
	}
	// A kept connection the server has dropped fails its RSET: then a new
	// one, once. The RSET is bound by ctx as the mail is: a server that
	// hangs on it costs the caller's deadline, never the judge.
	if s.c != nil {
		conn := s.conn
		stop := context.AfterFunc(ctx, func() { conn.Close() })
		err := s.c.Reset()
		if !stop() || err != nil {
			s.drop(false)
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("smtp rset: %w", ctx.Err())
	}
	if s.c == nil {
		if err := s.connect(ctx); err != nil {
			return err
		}
	}
	// go-smtp knows no contexts: an ended ctx closes the connection.
	conn := s.conn
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	err := s.transaction(ctx, from, to, raw)
	if !stop() || err != nil {
		// A failed transaction leaves the connection in a state best not
		// guessed at.
		s.drop(false)
		return err
	}
	s.idle = time.AfterFunc(idleClose, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.c != nil && s.conn == conn {
			s.drop(true)
		}
	})
	return nil
}

// connect opens the connection: TLS as configured, EHLO, and the login.
func (s *Sender) connect(ctx context.Context) error {
	cfg := s.cfg
	conn, err := dial(ctx, cfg.Addr, cfg.Security, cfg.TLSConfig, "")
	if err != nil {
		return fmt.Errorf("smtp dial %s: %w", cfg.Addr, err)
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	var c *smtp.Client
	if cfg.Security == securityStartTLS {
		// The EHLO before STARTTLS goes out as "localhost" (go-smtp does
		// not let it be named); the one after it, which counts, uses Hello.
		c, err = smtp.NewClientStartTLS(conn, clientTLSConfig(cfg.Addr, cfg.TLSConfig))
		if err != nil {
			conn.Close()
			return fmt.Errorf("smtp starttls %s: %w", cfg.Addr, ctxError(ctx, err))
		}
	} else {
		c = smtp.NewClient(conn)
	}
	fail := func(err error) error {
		c.Close()
		return err
	}
	if cfg.Hello != "" {
		if err := c.Hello(cfg.Hello); err != nil {
			return fail(fmt.Errorf("smtp ehlo %s: %w", cfg.Addr, ctxError(ctx, err)))
		}
	}
	if cfg.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return fail(fmt.Errorf("smtp auth at %s: server offers no AUTH (without TLS, servers usually hide it)", cfg.Addr))
		}
		if err := c.Auth(sasl.NewPlainClient("", cfg.Username, cfg.Password)); err != nil {
			var se *smtp.SMTPError
			if errors.As(err, &se) && se.Code == 535 {
				err = fmt.Errorf("%w: %v", ErrAuth, err)
			}
			return fail(fmt.Errorf("smtp auth as %q at %s: %w", cfg.Username, cfg.Addr, ctxError(ctx, err)))
		}
	}
	s.c, s.conn = c, conn
	return nil
}

// transaction sends one mail on the open connection.
func (s *Sender) transaction(ctx context.Context, from string, to []string, raw []byte) error {
	c := s.c
	var opts *smtp.MailOptions
	if !isASCII(from) || !allASCII(to) {
		opts = &smtp.MailOptions{UTF8: true}
	}
	if err := c.Mail(from, opts); err != nil {
		return transactionError(ctx, fmt.Sprintf("mail from <%s>", from), err)
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt, nil); err != nil {
			return transactionError(ctx, fmt.Sprintf("rcpt to <%s>", rcpt), err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return transactionError(ctx, "data", err)
	}
	if _, err := w.Write(raw); err != nil {
		return transactionError(ctx, "data", err)
	}
	if err := w.Close(); err != nil {
		return transactionError(ctx, "end of data", err)
	}
	return nil
}

// transactionError wraps an error of the mail transaction; a 5xx reply
// makes it permanent.
func transactionError(ctx context.Context, step string, err error) error {
	var se *smtp.SMTPError
	if errors.As(err, &se) && se.Code >= 500 && se.Code < 600 {
		return fmt.Errorf("smtp %s: %w: %w", step, ErrPermanent, err)
	}
	return fmt.Errorf("smtp %s: %w", step, ctxError(ctx, err))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func allASCII(l []string) bool {
	for _, s := range l {
		if !isASCII(s) {
			return false
		}
	}
	return true
}
