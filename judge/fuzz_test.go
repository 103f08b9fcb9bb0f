package judge

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

// FuzzHandle feeds whole mails to a judge with a game under way: no mail
// may crash it or fail its transaction, and none is answered more than
// once (issue 11). The store is SQLite in memory, so that thousands of
// mails a minute go through:
//
//	go test -fuzz=FuzzHandle -fuzztime=60s ./judge
func FuzzHandle(f *testing.F) {
	for _, seed := range []string{
		"From: france@players.test\r\nSubject: orders\r\nMessage-ID: <a@p>\r\n\r\nSIGNON france@roma pw-france\r\nA Par-Bur\r\nPHASE F1901M\r\nA Bur-Mun\r\n",
		"From: x@y\r\nSubject: help\r\n\r\nHi, how do I play?\r\n",
		"From: gm@x.test\r\nSubject: create\r\n\r\nCREATE milano Arbitro-2026\r\nlanguage italian\r\n",
		"From: france@players.test\r\nReply-To: a@b\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\nSIGNON france@roma pw-france\r\nIF x\r\nA Par H\r\nENDIF\r\n--B--\r\n",
		"From: italy@players.test\r\nSubject: Re: x\r\n\r\nSIGNON italy@roma pw-italy\r\nSET LANGUAGE ITALIAN\r\nA Ven-Tri\r\n\r\nOn Mon, 23 Nov 2026, Judge <judge@corriere.test> wrote:\r\n> A Ven H\r\n",
	} {
		f.Add([]byte(seed))
	}
	st, err := store.Open(context.Background(), ":memory:")
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	j := &Judge{Games: testGames, Store: st, Address: "judge@corriere.test", Now: func() time.Time { return now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Access: Access{Create: []string{"gm@x.test"}}}
	ctx := context.Background()
	set := DefaultSettings()
	if err := j.CreateGame(ctx, "roma", "standard", "2023", set); err != nil {
		f.Fatal(err)
	}
	for _, p := range powers {
		if err := j.Seat(ctx, "roma", p, addr(p), "pw-"+p); err != nil {
			f.Fatal(err)
		}
	}
	if err := j.Start(ctx, "roma"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		now = now.Add(time.Minute) // past the repeat window and rate limits, now and then
		if err := j.Handle(ctx, raw); err != nil {
			t.Fatalf("Handle: %v", err)
		}
		err := st.Tx(ctx, func(tx *store.Tx) error {
			mails, err := tx.Outbox()
			if err != nil {
				return err
			}
			replies := map[string]int{}
			for _, m := range mails {
				if m.Kind == "reply" && m.InReplyTo != "" {
					replies[m.InReplyTo+" "+m.Recipient]++
				}
			}
			for k, n := range replies {
				if n > 1 {
					t.Fatalf("%d replies to %s", n, k)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
