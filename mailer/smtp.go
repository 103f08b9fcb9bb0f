package mailer

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"

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

// Sender submits mail over SMTP, one connection per message: the judge
// sends a few mails per deadline, not a stream, and a fresh connection
// has no state to go stale between deadlines.
type Sender struct {
	cfg SMTPConfig
}

// NewSender returns a Sender for cfg. It does not connect: a mistake in
// cfg shows at the first Send.
func NewSender(cfg SMTPConfig) *Sender {
	return &Sender{cfg: cfg}
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
	cfg := s.cfg
	conn, err := dial(ctx, cfg.Addr, cfg.Security, cfg.TLSConfig, "")
	if err != nil {
		return fmt.Errorf("smtp dial %s: %w", cfg.Addr, err)
	}
	// go-smtp knows no contexts: an ended ctx closes the connection.
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
	defer c.Close()

	if cfg.Hello != "" {
		if err := c.Hello(cfg.Hello); err != nil {
			return fmt.Errorf("smtp ehlo %s: %w", cfg.Addr, ctxError(ctx, err))
		}
	}
	if cfg.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return fmt.Errorf("smtp auth at %s: server offers no AUTH (without TLS, servers usually hide it)", cfg.Addr)
		}
		if err := c.Auth(sasl.NewPlainClient("", cfg.Username, cfg.Password)); err != nil {
			var se *smtp.SMTPError
			if errors.As(err, &se) && se.Code == 535 {
				err = fmt.Errorf("%w: %v", ErrAuth, err)
			}
			return fmt.Errorf("smtp auth as %q at %s: %w", cfg.Username, cfg.Addr, ctxError(ctx, err))
		}
	}

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
	if _, err := io.Copy(w, bytes.NewReader(raw)); err != nil {
		return transactionError(ctx, "data", err)
	}
	if err := w.Close(); err != nil {
		return transactionError(ctx, "end of data", err)
	}
	// The mail is accepted: whatever QUIT says no longer matters.
	_ = c.Quit()
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
