package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer/memmail"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants/standard"
)

// BenchmarkServe1000 is issue 14's end to end: `corriere serve` (this
// test binary run again as the daemon, see TestMain) against the
// in-memory mail system, with 1,000 games of seven players due at one
// minute, measured from the daemon's start until the SMTP server has
// accepted the last results mail. In the same run a bare SMTP client
// submits as many mails of the same size to the same server over one
// connection: the judge's time is reported beside it, with the ratio,
// and the daemon's peak RSS. Goal: under 10 s, within 1.5x of the bare
// client, under 150 MiB. Run with -benchtime 1x.
func BenchmarkServe1000(b *testing.B) {
	const nGames = 1000
	for range b.N {
		b.StopTimer()
		dir := b.TempDir()
		db := filepath.Join(dir, "judge.db")
		sys, err := memmail.StartOptions(memmail.Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Discard: true})
		if err != nil {
			b.Fatal(err)
		}
		players := serveBenchGames(b, db, nGames)
		for _, a := range append(players, crashJudge) {
			if err := sys.AddUser(a, crashPassword); err != nil {
				b.Fatal(err)
			}
		}
		cfg := writeServeConfig(b, dir, db, sys, "poll = \"200ms\"\n", "warn")
		cmd := exec.Command(os.Args[0])
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "CORRIERE_") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, crashChildEnv+"=serve", crashConfigEnv+"="+cfg)
		var logs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logs, &logs
		want := int64(nGames * len(players))
		b.StartTimer()
		start := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		var first time.Duration
		for sys.Taken().Recipients < want {
			if first == 0 && sys.Taken().Messages > 0 {
				first = time.Since(start)
			}
			if time.Since(start) > 10*time.Minute {
				cmd.Process.Kill()
				b.Fatalf("after 10 minutes %+v taken, want %d recipients; the daemon's log:\n%s", sys.Taken(), want, logs.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
		judgeTime := time.Since(start)
		b.StopTimer()
		taken := sys.Taken()
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux

		// The bare client: the same number of mails, of the judge's mean
		// size and recipients, over one connection.
		size := taken.Bytes / taken.Messages
		bare := serveBenchBare(b, sys.SMTPAddr(), int(taken.Messages), int(size), players[:taken.Recipients/taken.Messages])
		b.ReportMetric(judgeTime.Seconds(), "s/1000games")
		b.ReportMetric(first.Seconds(), "s-to-first-mail")
		b.ReportMetric(bare.Seconds(), "s/bare-client")
		b.ReportMetric(judgeTime.Seconds()/bare.Seconds(), "x-bare")
		b.ReportMetric(float64(rss)/1024, "MiB-peak-RSS")
		b.ReportMetric(float64(taken.Messages), "messages")
		sys.Close()
	}
}

// serveBenchGames makes db with games of the standard board, every seat
// filled by one of seven players, started, half the powers with orders,
// and every game's deadline an hour past: all due when the daemon
// starts. It returns the players' addresses.
func serveBenchGames(b *testing.B, db string, n int) []string {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	j := &judge.Judge{Games: games, Store: st, Address: crashJudge, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	var players []string
	for _, p := range standard.Variant().Powers {
		players = append(players, p.ID+"@players.test")
	}
	hash, err := judge.HashPassword("pw-bench-1")
	if err != nil {
		b.Fatal(err)
	}
	set := judge.DefaultSettings()
	set.Grace, set.Reminder = 0, 0
	for g := range n {
		name := fmt.Sprintf("g%04d", g)
		if err := j.CreateGame(ctx, name, "standard", "2023", set); err != nil {
			b.Fatal(err)
		}
		err := st.Tx(ctx, func(tx *store.Tx) error {
			gm, err := tx.Game(name)
			if err != nil {
				return err
			}
			for i, p := range standard.Variant().Powers {
				if err := tx.PutSeat(store.Seat{GameID: gm.ID, Power: p.ID, Address: players[i], PasswordHash: hash}); err != nil {
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
		err = st.Tx(ctx, func(tx *store.Tx) error {
			gm, err := tx.Game(name)
			if err != nil {
				return err
			}
			for _, o := range []store.Order{
				{Power: "france", Key: "par", Text: "A par - bur", Canonical: "A par - bur"},
				{Power: "germany", Key: "mun", Text: "A mun - bur", Canonical: "A mun - bur"},
				{Power: "italy", Key: "ven", Text: "A ven - tyr", Canonical: "A ven - tyr"},
				{Power: "turkey", Key: "con", Text: "A con - bul", Canonical: "A con - bul"},
			} {
				o.GameID, o.Phase = gm.ID, gm.Phase
				if err := tx.PutOrder(o); err != nil {
					return err
				}
			}
			gm.Deadline = time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
			return tx.UpdateGame(gm)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	// The start mails are not the benchmark's: sent already.
	var mails []store.Mail
	err = st.Tx(ctx, func(tx *store.Tx) (err error) {
		mails, err = tx.Outbox()
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range mails {
		if err := st.MarkSent(ctx, m.ID, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
	return players
}

// serveBenchBare submits n mails of size bytes, each to rcpts, from the
// judge's address over one SMTP connection, and returns how long it took.
func serveBenchBare(b *testing.B, addr string, n, size int, rcpts []string) time.Duration {
	b.Helper()
	body := bytes.Repeat([]byte("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/\r\n"), size/66+1)[:size]
	msg := append([]byte("From: "+crashJudge+"\r\nTo: undisclosed-recipients:;\r\nSubject: bare\r\n\r\n"), body...)
	start := time.Now()
	c, err := smtp.Dial(addr)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	for range n {
		if err := c.SendMail(crashJudge, rcpts, bytes.NewReader(msg)); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start)
}
