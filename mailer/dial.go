package mailer

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
)

// Security settings of IMAPConfig and SMTPConfig.
const (
	securityTLS      = "tls"      // TLS from the first byte (993, 465)
	securityStartTLS = "starttls" // plain connection upgraded by STARTTLS (143, 587)
	securityNone     = "none"     // no TLS at all: loopback only
)

// dial opens a TCP connection to addr: TLS from the start for "tls",
// plain for "starttls" (the protocol upgrades it) and "none". "none" is
// refused unless the peer is a loopback address, so that a configuration
// mistake cannot send a password in the clear over a network.
func dial(ctx context.Context, addr, security string, tlsConfig *tls.Config, alpn string) (net.Conn, error) {
	var d net.Dialer
	switch security {
	case securityTLS:
		cfg := clientTLSConfig(addr, tlsConfig)
		if alpn != "" && cfg.NextProtos == nil {
			cfg.NextProtos = []string{alpn}
		}
		td := tls.Dialer{NetDialer: &d, Config: cfg}
		return td.DialContext(ctx, "tcp", addr)
	case securityStartTLS:
		return d.DialContext(ctx, "tcp", addr)
	case securityNone:
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			return nil, err
		}
		if ap, ok := conn.RemoteAddr().(*net.TCPAddr); !ok || !ap.IP.IsLoopback() {
			conn.Close()
			return nil, fmt.Errorf("security %q is for loopback only, and %s is not loopback", securityNone, conn.RemoteAddr())
		}
		return conn, nil
	}
	return nil, fmt.Errorf("security %q: want %q, %q or %q", security, securityTLS, securityStartTLS, securityNone)
}

// clientTLSConfig copies c (nil: defaults) and names the server to verify
// after the host of addr.
func clientTLSConfig(addr string, c *tls.Config) *tls.Config {
	cfg := &tls.Config{}
	if c != nil {
		cfg = c.Clone()
	}
	if cfg.ServerName == "" {
		if host, _, err := net.SplitHostPort(addr); err == nil {
			cfg.ServerName = host
		}
	}
	return cfg
}

// ctxError puts the context's error first when ctx has ended: the error
// seen (a closed connection, say) is then only a consequence.
func ctxError(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil && err != nil {
		return fmt.Errorf("%w (%v)", cerr, err)
	}
	return err
}
