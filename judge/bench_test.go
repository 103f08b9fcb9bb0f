package judge

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

// BenchmarkIngest measures order mails read, authenticated, stored and
// answered (each its own committed transaction), the work per mail of the
// daemon without the network. Goal: at least 200 mails per second.
func BenchmarkIngest(b *testing.B) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "judge.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	j := &Judge{Games: testGames, Store: st, Address: "judge@corriere.test", Now: clk.now, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	set := DefaultSettings()
	if err := j.CreateGame(ctx, "roma", "standard", "2023", set); err != nil {
		b.Fatal(err)
	}
	for _, p := range powers {
		if err := j.Seat(ctx, "roma", p, addr(p), "pw-"+p); err != nil {
			b.Fatal(err)
		}
	}
	if err := j.Start(ctx, "roma"); err != nil {
		b.Fatal(err)
	}
	orders := []string{"A Par-Bur\nA Mar-Spa\nF Bre-Pic", "A Par-Pic\nA Mar S A Par-Bur\nF Bre-Mid"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		raw := fmt.Sprintf("From: %s\r\nTo: judge@corriere.test\r\nSubject: orders\r\nMessage-ID: <b%d@players.test>\r\n"+
			"Content-Type: text/plain; charset=utf-8\r\n\r\nSIGNON france@roma pw-france\r\n%s\r\nSIGNOFF\r\n", addr("france"), i, orders[i%2])
		if err := j.Handle(ctx, []byte(raw)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mails/s")
}

// BenchmarkDeadline1000 measures 1,000 games due at the same minute:
// each is adjudicated, its next position stored and its seven results
// mails queued (the maps are drawn later, by the outbox). Goal: within
// 10 seconds.
func BenchmarkDeadline1000(b *testing.B) {
	const games = 1000
	for range b.N {
		b.StopTimer()
		j, st, clk := dueGames(b, games)
		clk.advance(12 * time.Hour) // past the 20:00 deadline and its grace
		ctx := context.Background()
		b.StartTimer()
		start := time.Now()
		if err := j.Tick(ctx); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/1000games")
		b.StopTimer()
		var processed int
		st.Tx(ctx, func(tx *store.Tx) error {
			gs, _ := tx.Games()
			for _, g := range gs {
				if g.Phase == "F1901M" {
					processed++
				}
			}
			return nil
		})
		if processed != games {
			b.Fatalf("%d games processed, want %d", processed, games)
		}
		st.Close()
		b.StartTimer()
	}
}

// BenchmarkFlush1000 measures sending the results of 1,000 games
// processed at one deadline (maps drawn, messages composed, sent, rows
// marked) to a sender that takes them at once: the judge's side of
// BenchmarkServe1000 (cmd/corriere) without the network.
func BenchmarkFlush1000(b *testing.B) {
	const games = 1000
	for range b.N {
		b.StopTimer()
		j, st, clk := dueGames(b, games)
		ctx := context.Background()
		if err := j.Flush(ctx, nullSender{}); err != nil { // the start mails
			b.Fatal(err)
		}
		clk.advance(12 * time.Hour)
		if err := j.Tick(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		if err := j.Flush(ctx, nullSender{}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/1000games")
		b.StopTimer()
		st.Close()
		b.StartTimer()
	}
}

// nullSender takes every mail at once.
type nullSender struct{}

func (nullSender) Send(context.Context, string, []string, []byte) error { return nil }

// dueGames makes a judge with games started, half the powers with
// orders, due at 20:00 of its clock's day.
func dueGames(b *testing.B, games int) (*Judge, *store.Store, *clock) {
	b.Helper()
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "judge.db"))
	if err != nil {
		b.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	j := &Judge{Games: testGames, Store: st, Address: "judge@corriere.test", Now: clk.now, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	hash, _ := HashPassword("pw")
	set := DefaultSettings()
	set.Set("movement", "0 20 * * *")
	for g := range games {
		name := fmt.Sprintf("g%04d", g)
		if err := j.CreateGame(ctx, name, "standard", "2023", set); err != nil {
			b.Fatal(err)
		}
		err := st.Tx(ctx, func(tx *store.Tx) error {
			gm, err := tx.Game(name)
			if err != nil {
				return err
			}
			for _, p := range powers {
				if err := tx.PutSeat(store.Seat{GameID: gm.ID, Power: p, Address: addr(p), PasswordHash: hash}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		if err := j.Start(ctx, name); err != nil {
			b.Fatal(err)
		}
		// Half the powers have ordered; the rest hold.
		err = st.Tx(ctx, func(tx *store.Tx) error {
			gm, _ := tx.Game(name)
			for _, o := range []store.Order{
				{Power: "france", Key: "par", Text: "A par - bur", Canonical: "A par - bur"},
				{Power: "germany", Key: "mun", Text: "A mun - bur", Canonical: "A mun - bur"},
				{Power: "germany", Key: "ruh", Text: "A ber - kie", Canonical: "A ber - kie"},
				{Power: "italy", Key: "ven", Text: "A ven - tyr", Canonical: "A ven - tyr"},
				{Power: "turkey", Key: "con", Text: "A con - bul", Canonical: "A con - bul"},
			} {
				o.GameID, o.Phase = gm.ID, gm.Phase
				if err := tx.PutOrder(o); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return j, st, clk
}
