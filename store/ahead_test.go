package store

import (
	"context"
	"testing"
	"time"
)

// A replaced order keeps the time its key was first ordered (for who was
// late at the deadline) and orders sent ahead are listed and dropped; a game keeps when its phase began.
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
		got, err := tx.Ahead(g.ID)
		if err != nil || len(got) != 3 || got[0].Text != "A par - bur" || !got[0].At.Equal(t0) || got[2].Phase != "S1902M" {
			t.Errorf("Ahead = %+v, %v", got, err)
		}
		if err := tx.DeleteAhead(got[0].ID); err != nil {
			return err
		}
		if again, _ := tx.Ahead(g.ID); len(again) != 2 || again[0].ID != got[1].ID {
			t.Errorf("after a delete: %+v", again)
		}
		g.PhaseBegan = t0
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		if back, err := tx.Game("roma"); err != nil || !back.PhaseBegan.Equal(t0) {
			t.Errorf("PhaseBegan = %v, %v", back.PhaseBegan, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
