package mailer_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/corriere/corriere/mailer"
)

// The judge talks to real servers over TLS or STARTTLS; memmail has
// neither, so these tests stand up go-imap and go-smtp servers with a
// certificate made on the spot.

// testCert returns a server configuration with a fresh self-signed
// certificate for 127.0.0.1 and a client configuration that trusts it.
func testCert(t *testing.T) (server, client *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "corriere test"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}},
		&tls.Config{RootCAs: pool}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// startTLSIMAP serves one user with one unseen message, over implicit TLS
// and over STARTTLS; it returns both addresses.
func startTLSIMAP(t *testing.T, serverTLS *tls.Config) (implicit, starttls string) {
	t.Helper()
	mem := imapmemserver.New()
	u := imapmemserver.NewUser(judgeAddr, judgePass)
	if err := u.Create("INBOX", nil); err != nil {
		t.Fatal(err)
	}
	raw := mail([]string{"From: " + playerAddr, "Subject: over tls"}, "A Ven - Tyr\n")
	if _, err := u.Append("INBOX", bytes.NewReader([]byte(raw)), &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	mem.AddUser(u)
	srv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:      imap.CapSet{imap.CapIMAP4rev1: {}},
		TLSConfig: serverTLS, // enables STARTTLS on the plain listener
		Logger:    log.New(io.Discard, "", 0),
	})
	lnTLS, lnPlain := listen(t), listen(t)
	go srv.Serve(tls.NewListener(lnTLS, serverTLS))
	go srv.Serve(lnPlain)
	t.Cleanup(func() {
		srv.Close()
		lnTLS.Close()
		lnPlain.Close()
	})
	return lnTLS.Addr().String(), lnPlain.Addr().String()
}

func TestInboxOverTLS(t *testing.T) {
	serverTLS, clientTLS := testCert(t)
	implicit, starttls := startTLSIMAP(t, serverTLS)
	for _, tc := range []struct{ security, addr string }{{"tls", implicit}, {"starttls", starttls}} {
		t.Run(tc.security, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			cfg := mailer.IMAPConfig{Addr: tc.addr, Security: tc.security, Username: judgeAddr, Password: judgePass, TLSConfig: clientTLS}
			in, err := mailer.DialInbox(ctx, cfg, quiet)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			got, err := in.Unseen(ctx, 0)
			if err != nil || len(got) != 1 || !bytes.Contains(got[0].Raw, []byte("Subject: over tls")) {
				t.Fatalf("unseen over %s: %d messages, %v", tc.security, len(got), err)
			}

			// Without the test CA the certificate must be refused.
			cfg.TLSConfig = nil
			if in, err := mailer.DialInbox(ctx, cfg, quiet); err == nil {
				in.Close()
				t.Error("an untrusted certificate was accepted")
			}
		})
	}
}

// smtpSink is an SMTP backend that wants AUTH PLAIN and keeps what it is
// given.
type smtpSink struct {
	mu    sync.Mutex
	hello []string
	mails [][]byte
}

func (s *smtpSink) NewSession(c *smtp.Conn) (smtp.Session, error) {
	s.mu.Lock()
	s.hello = append(s.hello, c.Hostname())
	s.mu.Unlock()
	return &sinkSession{sink: s}, nil
}

type sinkSession struct {
	sink   *smtpSink
	authed bool
}

func (ss *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *sinkSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != judgeAddr || pass != judgePass {
			return smtp.ErrAuthFailed
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *sinkSession) Mail(string, *smtp.MailOptions) error {
	if !ss.authed {
		return smtp.ErrAuthRequired
	}
	return nil
}

func (ss *sinkSession) Rcpt(string, *smtp.RcptOptions) error { return nil }

func (ss *sinkSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.sink.mu.Lock()
	ss.sink.mails = append(ss.sink.mails, b)
	ss.sink.mu.Unlock()
	return nil
}

func (ss *sinkSession) Reset()        {}
func (ss *sinkSession) Logout() error { return nil }

func TestSendOverTLS(t *testing.T) {
	serverTLS, clientTLS := testCert(t)
	sink := &smtpSink{}
	srv := smtp.NewServer(sink)
	srv.Domain = "localhost"
	srv.TLSConfig = serverTLS // STARTTLS on the plain listener; AUTH only under TLS
	srv.ErrorLog = log.New(io.Discard, "", 0)
	lnTLS, lnPlain := listen(t), listen(t)
	go srv.Serve(tls.NewListener(lnTLS, serverTLS))
	go srv.Serve(lnPlain)
	t.Cleanup(func() {
		srv.Close()
		lnTLS.Close()
		lnPlain.Close()
	})

	raw := []byte(mail([]string{"From: " + judgeAddr, "To: " + playerAddr, "Subject: results"}, "ok\n"))
	for _, tc := range []struct{ security, addr string }{{"tls", lnTLS.Addr().String()}, {"starttls", lnPlain.Addr().String()}} {
		t.Run(tc.security, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), generous)
			defer cancel()
			cfg := mailer.SMTPConfig{
				Addr: tc.addr, Security: tc.security, Username: judgeAddr, Password: judgePass,
				Hello: "judge.example.org", TLSConfig: clientTLS,
			}
			if err := mailer.NewSender(cfg).Send(ctx, judgeAddr, []string{playerAddr}, raw); err != nil {
				t.Fatalf("send over %s: %v", tc.security, err)
			}
			sink.mu.Lock()
			last, hello := sink.mails[len(sink.mails)-1], sink.hello[len(sink.hello)-1]
			sink.mu.Unlock()
			if !bytes.Equal(last, raw) {
				t.Errorf("server got\n%q\nwant\n%q", last, raw)
			}
			if hello != "judge.example.org" {
				t.Errorf("EHLO name %q, want judge.example.org", hello)
			}

			bad := cfg
			bad.Password = "nope"
			if err := mailer.NewSender(bad).Send(ctx, judgeAddr, []string{playerAddr}, raw); !errors.Is(err, mailer.ErrAuth) || errors.Is(err, mailer.ErrPermanent) {
				t.Errorf("wrong password over %s: %v, want ErrAuth and not ErrPermanent", tc.security, err)
			}
			bad = cfg
			bad.TLSConfig = nil
			if err := mailer.NewSender(bad).Send(ctx, judgeAddr, []string{playerAddr}, raw); err == nil || !strings.Contains(err.Error(), "certificate") {
				t.Errorf("untrusted certificate over %s: %v, want a certificate error", tc.security, err)
			}
		})
	}

	// Without TLS the server hides AUTH; the Sender says so rather than
	// sending the password in the clear or mail unauthenticated.
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	cfg := mailer.SMTPConfig{Addr: lnPlain.Addr().String(), Security: "none", Username: judgeAddr, Password: judgePass}
	if err := mailer.NewSender(cfg).Send(ctx, judgeAddr, []string{playerAddr}, raw); err == nil || !strings.Contains(err.Error(), "AUTH") {
		t.Errorf("plain connection: %v, want an error about AUTH", err)
	}
}
