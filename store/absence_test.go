package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestAbsences(t *testing.T) {
	s, _ := open(t)
	day := func(d int) time.Time { return time.Date(2027, 3, d, 0, 0, 0, 0, time.UTC) }
	err := s.Tx(context.Background(), func(tx *Tx) error {
		g := &Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Active, CreatedAt: day(1)}
		if err := tx.CreateGame(g); err != nil {
			return err
		}
		for _, a := range []Absence{
			{Power: "france", From: day(10), To: day(12)},
			{Power: "italy", From: day(2), To: day(3)},
			{Power: "france", From: day(1), To: day(5)},
		} {
			a.GameID, a.CreatedAt = g.ID, day(1)
			if _, err := tx.AddAbsence(a); err != nil {
				return err
			}
		}
		list, err := tx.Absences(g.ID)
		if err != nil {
			return err
		}
		var got []string
		for _, a := range list {
			got = append(got, a.Power+" "+a.From.Format("02")+"-"+a.To.Format("02"))
		}
		if want := "[france 01-05 france 10-12 italy 02-03]"; fmt.Sprint(got) != want {
			t.Errorf("absences %s, want %s", fmt.Sprint(got), want)
		}
		// Only France's absence that has not begun on the 3rd goes.
		n, err := tx.DeleteAbsences(g.ID, "france", day(3))
		if err != nil {
			return err
		}
		if n != 1 {
			t.Errorf("%d absences cancelled, want 1", n)
		}
		if list, err = tx.Absences(g.ID); err != nil {
			return err
		}
		if len(list) != 2 || list[0].Power != "france" || !list[0].From.Equal(day(1)) || list[1].Power != "italy" {
			t.Errorf("after cancelling: %+v", list)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
