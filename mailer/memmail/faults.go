package memmail

import (
	"net"
	"strings"
	"sync"

	"github.com/emersion/go-smtp"
)

// SetIMAPDown takes the IMAP server down (true) or brings it back
// (false). While it is down every open IMAP connection is closed, and a
// new one is closed as soon as it is accepted, before the greeting, as a
// client meets a server that is restarting; the SMTP server goes on
// delivering into the mailboxes, which keep their mail. Messages and
// Folder read over IMAP, so they fail too while it is down.
func (s *System) SetIMAPDown(down bool) {
	s.faultMu.Lock()
	s.imapDown = down
	var open []net.Conn
	if down {
		for c := range s.imapConns {
			open = append(open, c)
		}
	}
	s.faultMu.Unlock()
	for _, c := range open {
		c.Close()
	}
}

// SetSMTPHang makes the SMTP server hang (true) or answer again (false).
// While it hangs, it takes connections and commands as usual and reads
// a mail's data whole, but then never answers it: the client waits until
// it gives up or the hang ends. A hung mail is not delivered, since it
// was never acknowledged; when the hang ends, a client still waiting
// gets 451 and may send it again. senders, when given, limit the hang to
// mail with those envelope senders (a judge's submission server that
// hangs while the server taking the players' mail does not: memmail is
// both); SetSMTPHang(false) ends every hang.
func (s *System) SetSMTPHang(hang bool, senders ...string) {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	if !hang {
		if s.hung {
			close(s.unhang)
			s.unhang = make(chan struct{})
		}
		s.hung, s.hungFrom = false, nil
		return
	}
	s.hung, s.hungFrom = true, map[string]bool{}
	for _, a := range senders {
		s.hungFrom[strings.ToLower(strings.TrimSpace(a))] = true
	}
}

// hangs waits while mail from the envelope sender from is hung, and says
// whether it was: such a mail is then refused, not delivered.
func (s *System) hangs(from string) bool {
	s.faultMu.Lock()
	hung := s.hung && (len(s.hungFrom) == 0 || s.hungFrom[strings.ToLower(from)])
	unhang := s.unhang
	s.faultMu.Unlock()
	if !hung {
		return false
	}
	s.log.Info("memmail hangs", "from", from)
	select {
	case <-unhang:
	case <-s.closed:
	}
	return true
}

// errHung answers a mail that hung, when the hang ends.
var errHung = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Hung up on purpose; not delivered, try again"}

// imapListener is the IMAP server's listener: it keeps the open
// connections, so that SetIMAPDown can close them, and closes the new
// ones while the server is down.
type imapListener struct {
	net.Listener
	s *System
}

func (l imapListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		l.s.faultMu.Lock()
		down := l.s.imapDown
		if !down {
			l.s.imapConns[c] = struct{}{}
		}
		l.s.faultMu.Unlock()
		if !down {
			return &imapConn{Conn: c, s: l.s}, nil
		}
		c.Close()
	}
}

// imapConn leaves the System's list of open connections when closed.
type imapConn struct {
	net.Conn
	s    *System
	once sync.Once
}

func (c *imapConn) Close() error {
	c.once.Do(func() {
		c.s.faultMu.Lock()
		delete(c.s.imapConns, c.Conn)
		c.s.faultMu.Unlock()
	})
	return c.Conn.Close()
}
