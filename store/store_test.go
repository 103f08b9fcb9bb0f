package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func open(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func TestGamesSeatsOrders(t *testing.T) {
	s, path := open(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	err := s.Tx(ctx, func(tx *Tx) error {
		g := &Game{Name: "Roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Forming, CreatedAt: now}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		if err := tx.CreateGame(&Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Forming}); err == nil {
			t.Error("a second game named roma (any case) was created")
		}
		if err := tx.PutSeat(Seat{GameID: g.ID, Power: "italy", Address: "a@x", PasswordHash: "h"}); err != nil {
			return err
		}
		for _, o := range []Order{
			{Key: "ven", Text: "A ven - pie"}, {Key: "rom", Text: "A rom - ven"}, {Key: "ven", Text: "A ven H"},
		} {
			o.GameID, o.Phase, o.Power, o.At = g.ID, "S1901M", "italy", now
			if err := tx.PutOrder(o); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Reopening applies no migration twice and keeps the data.
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	err = s2.Tx(ctx, func(tx *Tx) error {
		g, err := tx.Game("ROMA")
		if err != nil {
			return err
		}
		orders, err := tx.Orders(g.ID, "S1901M")
		if err != nil {
			return err
		}
		var texts []string
		for _, o := range orders {
			texts = append(texts, o.Text)
		}
		if len(texts) != 2 || texts[0] != "A rom - ven" || texts[1] != "A ven H" {
			t.Errorf("orders %q, want the later Venice order replacing the first, last in line", texts)
		}
		if _, err := tx.Game("milano"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing game: %v, want ErrNotFound", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMessagesOnce(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	for i, want := range []bool{true, false} {
		err := s.Tx(ctx, func(tx *Tx) error {
			added, err := tx.AddMessage(Message{MessageID: "m1@x", Sender: "a@x", Raw: []byte("raw"), Status: "handled"})
			if added != want {
				t.Errorf("attempt %d: added %v, want %v", i, added, want)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestOutbox(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	var id int64
	err := s.Tx(ctx, func(tx *Tx) (err error) {
		id, err = tx.Queue(Mail{CreatedAt: now, Recipient: "a@x", Subject: "s", Body: "b", Kind: "reply"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	dueAt := func(at time.Time) []Mail {
		t.Helper()
		due, err := s.DueMail(ctx, at, 10)
		if err != nil {
			t.Fatal(err)
		}
		return due
	}
	if due := dueAt(now); len(due) != 1 || due[0].ID != id {
		t.Fatalf("due %v, want the queued mail", due)
	}
	if err := s.MarkAttempt(ctx, id, now, now.Add(time.Minute), false, "421 try later"); err != nil {
		t.Fatal(err)
	}
	if due := dueAt(now); len(due) != 0 {
		t.Fatalf("due right after a failed attempt: %v", due)
	}
	if due := dueAt(now.Add(time.Minute)); len(due) != 1 || due[0].Attempts != 1 || due[0].LastError != "421 try later" {
		t.Fatalf("due after back-off %+v", due)
	}
	if err := s.MarkSent(ctx, id, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if due := dueAt(now.Add(time.Hour)); len(due) != 0 {
		t.Fatalf("sent mail still due: %v", due)
	}
}

// LastSubmitted gives the latest arrival and Date of a power's own order
// mails for a phase; the master's entries and other phases do not count.
func TestLastSubmitted(t *testing.T) {
	s, _ := open(t)
	at := func(h int) time.Time { return time.Date(2026, 11, 23, h, 0, 0, 0, time.UTC) }
	err := s.Tx(context.Background(), func(tx *Tx) error {
		g := &Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Active}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		if a, w, err := tx.LastSubmitted(g.ID, "S1901M", "italy"); err != nil || !a.IsZero() || !w.IsZero() {
			t.Errorf("no submission: %v %v %v", a, w, err)
		}
		for _, sub := range []Submission{
			{Phase: "S1901M", At: at(10), Written: at(9)},
			{Phase: "S1901M", At: at(11)}, // no Date
			{Phase: "S1901M", At: at(15), Written: at(15), ByMaster: true},
			{Phase: "F1901M", At: at(16), Written: at(16)},
		} {
			sub.GameID, sub.Power, sub.Address, sub.MessageID = g.ID, "italy", "a@x", "m"
			if err := tx.AddSubmission(sub); err != nil {
				return err
			}
		}
		a, w, err := tx.LastSubmitted(g.ID, "S1901M", "italy")
		if err != nil || !a.Equal(at(11)) || !w.Equal(at(9)) {
			t.Errorf("LastSubmitted = %v, %v, %v; want 11:00 and 09:00", a, w, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMailMarkCovers(t *testing.T) {
	for _, c := range []struct {
		m, o MailMark
		want bool
	}{
		{MailMark{1, 10}, MailMark{1, 9}, true},
		{MailMark{1, 10}, MailMark{1, 10}, true},
		{MailMark{1, 10}, MailMark{1, 11}, false},
		{MailMark{1, 10}, MailMark{2, 9}, false}, // another UIDVALIDITY
		{MailMark{}, MailMark{1, 1}, false},      // began outside the daemon
		{MailMark{1, 10}, MailMark{}, false},     // a mail not from the mailbox
	} {
		if got := c.m.Covers(c.o); got != c.want {
			t.Errorf("%v covers %v: %v", c.m, c.o, got)
		}
	}
	s, _ := open(t)
	err := s.Tx(context.Background(), func(tx *Tx) error {
		g := &Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Active, BeganMark: MailMark{7, 42}}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		g.BeganMark.UID = 43
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		back, err := tx.Game("roma")
		if err == nil && back.BeganMark != (MailMark{7, 43}) {
			t.Errorf("mark read back as %v", back.BeganMark)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A game keeps its dice's seed, given when it is made or later.
func TestGameSeed(t *testing.T) {
	s, _ := open(t)
	err := s.Tx(context.Background(), func(tx *Tx) error {
		g := &Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Active, Seed: "ab"}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		back, err := tx.Game("roma")
		if err != nil {
			return err
		}
		if back.Seed != "ab" {
			t.Errorf("seed read back as %q", back.Seed)
		}
		g.Seed = "cd"
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		if back, err = tx.Game("roma"); err == nil && back.Seed != "cd" {
			t.Errorf("seed updated as %q", back.Seed)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Audited finds an entry by the start of its detail, in its game only.
func TestAudited(t *testing.T) {
	s, _ := open(t)
	err := s.Tx(context.Background(), func(tx *Tx) error {
		if err := tx.Audit(time.Now(), 1, "judge", "process", "F1914M -> W1914A; late: italy"); err != nil {
			return err
		}
		for _, c := range []struct {
			game           int64
			action, prefix string
			want           bool
		}{
			{1, "process", "F1914M -> ", true},
			{1, "process", "W1914A -> ", false},
			{2, "process", "F1914M -> ", false},
			{1, "roll", "F1914M", false},
		} {
			got, err := tx.Audited(c.game, c.action, c.prefix)
			if err != nil || got != c.want {
				t.Errorf("Audited(%d, %s, %q) = %v, %v", c.game, c.action, c.prefix, got, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
