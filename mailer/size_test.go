package mailer_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
)

// A message over IMAPConfig.MaxSize is fetched by its header only, with
// the server's size and arrival time; others whole (issue 11.3).
func TestSinceFetchesOversizedHeaderOnly(t *testing.T) {
	sys := startSystem(t)
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	cfg := judgeIMAP(sys)
	cfg.MaxSize = 4000
	in, err := mailer.DialInbox(ctx, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	s := mailer.NewSender(mailer.SMTPConfig{Addr: sys.SMTPAddr(), Security: "none", Username: playerAddr, Password: playerPass, Hello: "player.example.it"})
	for i, body := range []string{"A Ven - Tyr\n", strings.Repeat("0123456789\n", 10000)} {
		raw := []byte(mail([]string{"From: " + playerAddr, "To: " + judgeAddr, "Subject: size", "Message-ID: <size-" + string(rune('a'+i)) + "@example.it>"}, body))
		if err := s.Send(ctx, playerAddr, []string{judgeAddr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	got, err := in.Since(ctx, 0, 0)
	if err != nil || len(got) != 2 {
		t.Fatalf("since: %d, %v", len(got), err)
	}
	small, big := got[0], got[1]
	if !bytes.Contains(small.Raw, []byte("A Ven - Tyr")) || small.Size != len(small.Raw) {
		t.Errorf("the small mail: %d bytes of %d", len(small.Raw), small.Size)
	}
	if big.Size < 100000 || len(big.Raw) > 1000 || bytes.Contains(big.Raw, []byte("0123456789")) || !bytes.Contains(big.Raw, []byte("Message-ID: <size-b@example.it>")) {
		t.Errorf("the big mail: %d bytes fetched of %d:\n%.300s", len(big.Raw), big.Size, big.Raw)
	}
	for _, f := range got {
		if f.Arrived.IsZero() || time.Since(f.Arrived) > time.Hour {
			t.Errorf("uid %d arrived %v", f.UID, f.Arrived)
		}
	}
}
