package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer/memmail"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
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
// client, under 150 MiB. Run with -benchtime 1x. It reports too the CPU
// seconds of the daemon, of this process while the daemon ran (the mail
// server) and of this process during the bare client's run (the server
// and the client): where two cores' time went. -serveprofile FILE writes
// the daemon's CPU profile.
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
		if *serveProfile != "" {
			cmd.Env = append(cmd.Env, childProfEnv+"="+*serveProfile)
		}
		var logs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logs, &logs
		want := int64(nGames * len(players))
		b.StartTimer()
		start, cpu0 := time.Now(), selfCPU()
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
		judgeTime, serverCPU := time.Since(start), selfCPU()-cpu0
		b.StopTimer()
		taken := sys.Taken()
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
		// The daemon's CPU includes its few idle polls after the last mail.
		daemonCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()

		// The bare client: the same number of mails, of the judge's mean
		// size and recipients, over one connection.
		size := taken.Bytes / taken.Messages
		cpu1 := selfCPU()
		bare := serveBenchBare(b, sys.SMTPAddr(), int(taken.Messages), int(size), players[:taken.Recipients/taken.Messages])
		bareCPU := selfCPU() - cpu1
		b.ReportMetric(judgeTime.Seconds(), "s/1000games")
		b.ReportMetric(first.Seconds(), "s-to-first-mail")
		b.ReportMetric(bare.Seconds(), "s/bare-client")
		b.ReportMetric(judgeTime.Seconds()/bare.Seconds(), "x-bare")
		b.ReportMetric(float64(rss)/1024, "MiB-peak-RSS")
		b.ReportMetric(float64(taken.Messages), "messages")
		b.ReportMetric(daemonCPU.Seconds(), "cpu-s-daemon")
		b.ReportMetric(serverCPU.Seconds(), "cpu-s-server")
		b.ReportMetric(bareCPU.Seconds(), "cpu-s-bare")
		sys.Close()
	}
}

var serveProfile = flag.String("serveprofile", "", "BenchmarkServe1000: write the daemon's CPU profile to this file")

// selfCPU is the CPU time this process has used, user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// serveBenchGames makes db with games of the standard board, every seat
// filled by one of seven players, started, each with orders of its own
// (serveBenchOrders), and every game's deadline an hour past: all due
// when the daemon starts. It returns the players' addresses.
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
	v := standard.Variant()
	rng := rand.New(rand.NewPCG(14, 1000))
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
			for _, o := range serveBenchOrders(v, rng) {
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

// serveBenchOrders are one game's orders for its opening, drawn from rng
// as players might give them: each power orders with a chance of nine in
// ten (the others' units hold); a unit moves to a place next to it (six
// in ten), supports a move of its power's it could make itself or, with
// none, a unit next to it in holding (a quarter), or holds. So the games
// end in positions of their own, and their maps differ as a deadline's
// do (a map cache across games would not pay here as it would not there).
func serveBenchOrders(v *variants.Variant, rng *rand.Rand) []store.Order {
	type plan struct {
		u  variants.Unit
		o  adjudicator.Order
		to variants.Loc // the move's destination, NoLoc for none
	}
	adj := func(u variants.Unit) variants.LocSet {
		if u.Type == variants.Army {
			return v.ArmyAdj[v.Province(u.Loc)]
		}
		return v.FleetAdj[u.Loc]
	}
	var out []store.Order
	for p := range v.Powers {
		if rng.IntN(10) == 0 {
			continue
		}
		var plans []plan
		for _, u := range v.StartUnits {
			if int(u.Power) != p {
				continue
			}
			pl := plan{u: u, to: variants.NoLoc, o: adjudicator.Order{Power: u.Power, Type: adjudicator.Hold, Unit: u.Type, Loc: u.Loc, Target: variants.NoLoc, Dest: variants.NoLoc}}
			var near []variants.Loc
			adj(u).Each(func(l variants.Loc) { near = append(near, l) })
			if r := rng.IntN(20); r < 12 && len(near) > 0 {
				pl.to = near[rng.IntN(len(near))]
				pl.o.Type, pl.o.Target = adjudicator.Move, pl.to
			} else if r < 17 {
				pl.o.Type = adjudicator.Support // its object is chosen below
			}
			plans = append(plans, pl)
		}
		for i := range plans {
			pl := &plans[i]
			if pl.o.Type != adjudicator.Support {
				continue
			}
			pl.o.Type = adjudicator.Hold
		choose:
			for _, k := range rng.Perm(len(plans)) {
				other := plans[k]
				switch {
				case k == i || other.o.Type == adjudicator.Support:
				case other.to != variants.NoLoc && v.CanReachProvince(pl.u.Type, pl.u.Loc, other.to):
					pl.o.Type, pl.o.Target, pl.o.TargetUnit, pl.o.Dest = adjudicator.Support, other.u.Loc, other.u.Type, other.to
				case other.to == variants.NoLoc && v.CanReachProvince(pl.u.Type, pl.u.Loc, other.u.Loc):
					pl.o.Type, pl.o.Target, pl.o.TargetUnit = adjudicator.Support, other.u.Loc, other.u.Type
				default:
					continue
				}
				break choose
			}
		}
		for _, pl := range plans {
			text := parser.Format(v, pl.o)
			out = append(out, store.Order{Power: v.Powers[p].ID, Key: v.Locs[v.Province(pl.u.Loc)].ID, Text: text, Canonical: text})
		}
	}
	return out
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
