package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A savepoint that fails leaves the rest of its transaction standing;
// Schedules lists the active games' schedules only; MarkSentAll marks
// every row with the one Message-ID they went out under.
func TestSavepointSchedulesAndSentAs(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	deadline := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	boom := errors.New("boom")
	err := s.Tx(ctx, func(tx *Tx) error {
		for _, name := range []string{"uno", "due", "tre"} {
			err := tx.Savepoint(func() error {
				if err := tx.CreateGame(&Game{Name: name, Kind: "diplomacy", State: Active, Settings: "{}", Deadline: deadline}); err != nil {
					return err
				}
				if name == "due" {
					return boom
				}
				return nil
			})
			if (err != nil) != (name == "due") {
				t.Errorf("%s: %v", name, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = s.Tx(ctx, func(tx *Tx) error {
		games, err := tx.Schedules()
		for _, g := range games {
			got = append(got, g.Name)
			if !g.Deadline.Equal(deadline) || g.Settings != "{}" || g.Position != "" {
				t.Errorf("schedule %+v", g)
			}
		}
		return err
	})
	if err != nil || len(got) != 2 || got[0] != "uno" || got[1] != "tre" {
		t.Fatalf("schedules %v, %v; want uno and tre (due rolled back)", got, err)
	}
	var ids []int64
	err = s.Tx(ctx, func(tx *Tx) error {
		for _, to := range []string{"a@x.test", "b@x.test"} {
			id, err := tx.Queue(Mail{CreatedAt: deadline, Recipient: to, Subject: "s", Body: "b", Kind: "results"})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSentAll(ctx, ids, deadline, "corriere-1@x.test"); err != nil {
		t.Fatal(err)
	}
	err = s.Tx(ctx, func(tx *Tx) error {
		mails, err := tx.Outbox()
		if len(mails) != len(ids) {
			t.Errorf("outbox holds %d mails, want %d", len(mails), len(ids))
		}
		for _, m := range mails {
			if m.SentAt.IsZero() || m.SentAs != "corriere-1@x.test" {
				t.Errorf("mail %d: sent %v as %q", m.ID, m.SentAt, m.SentAs)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
