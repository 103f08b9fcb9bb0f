package mailer

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// A server that takes a mail, then hangs on the RSET before the next,
// costs the next Send its context's deadline, not for ever: the kept
// connection's RSET is bound by ctx as the mail is.
func TestSendKeptConnectionHangsOnRSET(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		say := func(s string) { c.Write([]byte(s + "\r\n")) }
		say("220 hang.test ESMTP")
		data := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
			case data && cmd == ".":
				data = false
				say("250 taken")
			case data:
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				say("250 hang.test")
			case strings.HasPrefix(cmd, "DATA"):
				data = true
				say("354 go on")
			case strings.HasPrefix(cmd, "RSET"):
				time.Sleep(time.Hour) // never answers
			default:
				say("250 ok")
			}
		}
	}()
	s := NewSender(SMTPConfig{Addr: ln.Addr().String(), Security: "none"})
	defer s.Close()
	raw := []byte("Subject: x\r\n\r\nx\r\n")
	if err := s.Send(context.Background(), "judge@x.test", []string{"p@x.test"}, raw); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Send(ctx, "judge@x.test", []string{"p@x.test"}, raw) }()
	select {
	case err := <-done:
		t.Logf("second send: %v", err)
		if err == nil {
			t.Fatal("a mail went through a server that hangs")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Send hung on the server's RSET past its context")
	}
}
