package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The benchmarks here run the statements the judge runs, in the order it
// runs them, each sequence in one committed transaction: "prepared" on
// the statements the Store keeps, "unprepared" preparing each again as
// the store did before it kept them.

var benchPowers = []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"}

// benchStore opens a store on disk, as the daemon's, with games games of
// seven seats each, every game with five standing orders in S1901M.
func benchStore(b *testing.B, games int, unprepared bool) (*Store, []*Game) {
	b.Helper()
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(b.TempDir(), "judge.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	var gs []*Game
	err = st.Tx(ctx, func(tx *Tx) error {
		for i := range games {
			g := &Game{Name: fmt.Sprintf("g%04d", i), Kind: "diplomacy", Variant: "standard", Rules: "2023", Settings: `{"movement":"0 20 * * *"}`,
				State: Active, Phase: "S1901M", Position: strings.Repeat("p", 3000), Deadline: time.Unix(1795000000, 0)}
			if err := tx.CreateGame(g); err != nil {
				return err
			}
			for _, p := range benchPowers {
				if err := tx.PutSeat(Seat{GameID: g.ID, Power: p, Address: p + "@players.test", PasswordHash: "hash"}); err != nil {
					return err
				}
			}
			gs = append(gs, g)
		}
		return putBenchOrders(tx, gs)
	})
	if err != nil {
		b.Fatal(err)
	}
	st.unprepared = unprepared
	return st, gs
}

func putBenchOrders(tx *Tx, gs []*Game) error {
	for _, g := range gs {
		for i, p := range benchPowers[:5] {
			o := Order{GameID: g.ID, Phase: g.Phase, Power: p, Key: fmt.Sprintf("u%d", i), Text: "A par - bur", Canonical: "A par - bur", At: time.Unix(1794990000, 0)}
			if err := tx.PutOrder(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// BenchmarkDeadlineQueries is one game's deadline as the judge stores it
// (judge.process): the game loaded, its phase recorded, its orders
// cleared, the game updated, seven results mails queued and audited.
func BenchmarkDeadlineQueries(b *testing.B) {
	for _, unprepared := range []bool{false, true} {
		b.Run(map[bool]string{false: "prepared", true: "unprepared"}[unprepared], func(b *testing.B) {
			const games = 1000
			st, gs := benchStore(b, games, unprepared)
			ctx := context.Background()
			body := strings.Repeat("Results of the phase.\n", 100)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if i%games == 0 && i > 0 {
					// Every game has been processed: its orders back.
					b.StopTimer()
					if err := st.Tx(ctx, func(tx *Tx) error { return putBenchOrders(tx, gs) }); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				name := gs[i%games].Name
				err := st.Tx(ctx, func(tx *Tx) error {
					g, err := tx.Game(name)
					if err != nil {
						return err
					}
					seats, err := tx.Seats(g.ID)
					if err != nil {
						return err
					}
					if _, err := tx.Observers(g.ID); err != nil {
						return err
					}
					if os, err := tx.Orders(g.ID, g.Phase); err != nil || len(os) != 5 {
						return fmt.Errorf("%d orders, %v", len(os), err)
					}
					if _, err := tx.Absences(g.ID); err != nil {
						return err
					}
					if _, err := tx.Ahead(g.ID); err != nil {
						return err
					}
					now := time.Unix(1795000000+int64(i), 0)
					if err := tx.AddPhase(PhaseRecord{GameID: g.ID, Phase: g.Phase, Position: g.Position, Orders: "{}", Result: strings.Repeat("r", 2000), Late: "[]", ProcessedAt: now}); err != nil {
						return err
					}
					if err := tx.ClearOrders(g.ID, g.Phase, ""); err != nil {
						return err
					}
					g.PhaseBegan, g.Deadline = now, now.Add(24*time.Hour)
					if err := tx.UpdateGame(g); err != nil {
						return err
					}
					for _, s := range seats {
						if _, err := tx.Queue(Mail{CreatedAt: now, Recipient: s.Address, Subject: "Diplomacy results " + g.Name, Body: body, GameID: g.ID, Phase: g.Phase, Kind: "results"}); err != nil {
							return err
						}
					}
					return tx.Audit(now, g.ID, "judge", "process", g.Phase)
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIngestQueries is one order mail as the judge stores it
// (judge.Handle): the mail kept, the game and its seats looked up, the
// orders stored, the submission recorded, the reply queued and audited.
func BenchmarkIngestQueries(b *testing.B) {
	for _, unprepared := range []bool{false, true} {
		b.Run(map[bool]string{false: "prepared", true: "unprepared"}[unprepared], func(b *testing.B) {
			st, gs := benchStore(b, 100, unprepared)
			ctx := context.Background()
			raw := []byte(strings.Repeat("x", 600))
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				g0 := gs[i%len(gs)]
				now := time.Unix(1794990000+int64(i), 0)
				err := st.Tx(ctx, func(tx *Tx) error {
					from := "france@players.test"
					mid := fmt.Sprintf("<b%d@players.test>", i)
					if ok, err := tx.AddMessage(Message{MessageID: mid, Sender: from, Subject: "orders", ReceivedAt: now, Raw: raw, Status: "handled", BodyHash: fmt.Sprint(i)}); err != nil || !ok {
						return fmt.Errorf("add message: %v %v", ok, err)
					}
					if _, err := tx.RepeatedBody(from, fmt.Sprint(i), mid, now.Add(-time.Hour)); err != nil {
						return err
					}
					if _, err := tx.Seated(from); err != nil {
						return err
					}
					var g *Game
					for range 3 {
						var err error
						if g, err = tx.Game(g0.Name); err != nil {
							return err
						}
						if _, err := tx.Seats(g.ID); err != nil {
							return err
						}
					}
					if _, _, err := tx.LastSubmitted(g.ID, g.Phase, "france"); err != nil {
						return err
					}
					if _, err := tx.Orders(g.ID, g.Phase); err != nil {
						return err
					}
					for _, k := range []string{"par", "mar", "bre"} {
						if err := tx.PutOrder(Order{GameID: g.ID, Phase: g.Phase, Power: "france", Key: k, Text: "A " + k + " H", Canonical: "A " + k + " H", MessageID: mid, At: now}); err != nil {
							return err
						}
					}
					if err := tx.AddSubmission(Submission{GameID: g.ID, Phase: g.Phase, Power: "france", Address: from, MessageID: mid, At: now, Raw: "A par H\nA mar H\nF bre H", Parsed: "A par H\nA mar H\nF bre H"}); err != nil {
						return err
					}
					if _, err := tx.Orders(g.ID, g.Phase); err != nil {
						return err
					}
					if _, err := tx.RepliesSince(from, now.Add(-time.Hour)); err != nil {
						return err
					}
					if _, err := tx.Queue(Mail{CreatedAt: now, Recipient: from, Subject: "Re: orders", Body: strings.Repeat("Orders received.\n", 20), InReplyTo: mid, GameID: g.ID, Kind: "reply"}); err != nil {
						return err
					}
					return tx.Audit(now, g.ID, from, "orders", "france")
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDueMail is one look for mail to send (judge.Flush), in an
// outbox of 20,000 mails sent and 50 to send.
func BenchmarkDueMail(b *testing.B) {
	st, _ := benchStore(b, 0, false)
	ctx := context.Background()
	now := time.Unix(1795000000, 0)
	err := st.Tx(ctx, func(tx *Tx) error {
		for range 20050 {
			if _, err := tx.Queue(Mail{CreatedAt: now, Recipient: "france@players.test", Subject: "results", Body: "results", Kind: "results"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		_, err = st.db.ExecContext(ctx, `UPDATE outbox SET sent_at = ? WHERE id <= 20000`, unix(now))
	}
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if due, err := st.DueMail(ctx, now, 50); err != nil || len(due) != 50 {
			b.Fatalf("%d due, %v", len(due), err)
		}
	}
}
