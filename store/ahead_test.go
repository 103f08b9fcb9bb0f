package store

import (
	"context"
	"testing"
	"time"
)

// A replaced order keeps the time its key was first ordered (for who was
// late at the deadline) and orders sent ahead are taken once.
func TestOrderSinceAndAhead(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	t0 := time.Date(2026, 11, 22, 19, 0, 0, 0, time.UTC)
	err := s.Tx(ctx, func(tx *Tx) error {
		g := &Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Active}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		put := func(key, text string, at time.Time, master bool) {
			if err := tx.PutOrder(Order{GameID: g.ID, Phase: "S1901M", Power: "france", Key: key, Text: text, At: at, ByMaster: master}); err != nil {
				t.Fatal(err)
			}
		}
		put("par", "A par - bur", t0, false)
		put("par", "A par - pic", t0.Add(2*time.Hour), true)
		put("mar", "A mar H", t0.Add(3*time.Hour), false)
		os, err := tx.Orders(g.ID, "S1901M")
		if err != nil {
			return err
		}
		if len(os) != 2 || os[0].Text != "A par - pic" || !os[0].Since.Equal(t0) || !os[0].At.Equal(t0.Add(2*time.Hour)) || !os[0].ByMaster ||
			!os[1].Since.Equal(t0.Add(3*time.Hour)) || os[1].ByMaster {
			t.Errorf("orders: %+v", os)
		}
		for _, ph := range []string{"F1901M", "F1901M", "S1902M"} {
			if err := tx.AddAhead(Ahead{GameID: g.ID, Phase: ph, Power: "france", Address: "f@x", MessageID: "m", At: t0, Text: "A par - bur"}); err != nil {
				return err
			}
		}
		got, err := tx.TakeAhead(g.ID, "F1901M")
		if err != nil || len(got) != 2 || got[0].Text != "A par - bur" || !got[0].At.Equal(t0) {
			t.Errorf("TakeAhead = %+v, %v", got, err)
		}
		if again, _ := tx.TakeAhead(g.ID, "F1901M"); len(again) != 0 {
			t.Errorf("taken twice: %+v", again)
		}
		if later, _ := tx.TakeAhead(g.ID, "S1902M"); len(later) != 1 {
			t.Errorf("S1902M: %+v", later)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
