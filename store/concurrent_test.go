package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestReadersDoNotWaitForAWriter holds a write transaction open in one
// Store, as the daemon does while it handles a long mail, and uses a
// second Store on the same file, as a shell command in another process
// would: its reads go through at once, and its write waits, says once
// that it waits, and is done when the first commits.
func TestReadersDoNotWaitForAWriter(t *testing.T) {
	daemon, path := open(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := daemon.Tx(ctx, func(tx *Tx) error {
		return tx.CreateGame(&Game{Name: "roma", Variant: "standard", Rules: "2023", Settings: "{}", State: Forming})
	}); err != nil {
		t.Fatal(err)
	}

	// The daemon's long transaction: it holds the write lock until release.
	holding, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- daemon.Tx(ctx, func(tx *Tx) error {
			g, err := tx.Game("roma")
			if err != nil {
				return err
			}
			g.Phase = "S1901M"
			if err := tx.UpdateGame(g); err != nil {
				return err
			}
			close(holding)
			<-release
			return nil
		})
	}()
	select {
	case <-holding:
	case err := <-done:
		t.Fatalf("the daemon's transaction ended early: %v", err)
	}

	waiting := make(chan struct{}, 10)
	shell, err := OpenWith(ctx, path, OpenOptions{Wait: -1, NoticeAfter: time.Millisecond, Waiting: func() { waiting <- struct{}{} }})
	if err != nil {
		t.Fatalf("open while the daemon writes: %v", err)
	}
	defer shell.Close()

	// A read sees the last committed state and does not wait: its context
	// is shorter than SQLite's busy wait of a writer would be.
	rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
	err = shell.Read(rctx, func(tx *Tx) error {
		g, err := tx.Game("roma")
		if err == nil && g.Phase != "" {
			t.Errorf("a read saw the uncommitted phase %q", g.Phase)
		}
		return err
	})
	rcancel()
	if err != nil {
		t.Fatalf("read while the daemon writes: %v", err)
	}
	// The daemon's own reads do not wait for its writing either.
	if err := daemon.Read(ctx, func(tx *Tx) error { _, err := tx.Games(); return err }); err != nil {
		t.Fatalf("the daemon's read while it writes: %v", err)
	}
	// Nothing is written through Read.
	if err := shell.Read(ctx, func(tx *Tx) error { return tx.AddObserver(1, "x@y") }); err == nil {
		t.Error("a write through Read succeeded")
	}

	// A writer in the other process waits, tells once, and goes on when
	// the daemon commits.
	wrote := make(chan error, 1)
	go func() {
		wrote <- shell.Tx(ctx, func(tx *Tx) error {
			g, err := tx.Game("roma")
			if err != nil {
				return err
			}
			if g.Phase != "S1901M" {
				t.Errorf("the waiting writer saw phase %q, not the daemon's S1901M", g.Phase)
			}
			return tx.AddObserver(g.ID, "watcher@example.org")
		})
	}()
	select {
	case <-waiting:
	case err := <-wrote:
		t.Fatalf("the writer did not wait for the daemon: %v", err)
	case <-ctx.Done():
		t.Fatal("the waiting writer never said so")
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("the daemon's transaction: %v", err)
	}
	select {
	case err := <-wrote:
		if err != nil {
			t.Fatalf("the waiting writer: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("the waiting writer did not finish after the daemon committed")
	}
	if n := len(waiting); n != 0 {
		t.Errorf("Waiting was called %d more times in one transaction", n)
	}
	err = daemon.Read(ctx, func(tx *Tx) error {
		obs, err := tx.Observers(1)
		if err == nil && (len(obs) != 1 || obs[0] != "watcher@example.org") {
			t.Errorf("observers %v, want the shell's watcher", obs)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWriterGivesUp: a writer whose wait runs out fails with ErrBusy, and
// one whose context ends stops waiting.
func TestWriterGivesUp(t *testing.T) {
	daemon, path := open(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	holding, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- daemon.Tx(ctx, func(tx *Tx) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	defer func() {
		close(release)
		<-done
	}()

	shell, err := OpenWith(ctx, path, OpenOptions{Wait: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer shell.Close()
	if err := shell.Tx(ctx, func(*Tx) error { return nil }); !errors.Is(err, ErrBusy) {
		t.Errorf("a writer past its wait: %v, want ErrBusy", err)
	}

	patient, err := OpenWith(ctx, path, OpenOptions{Wait: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer patient.Close()
	// Its context ends while it waits, after SQLite's own wait: the loop,
	// not BeginTx, must give up.
	cctx, ccancel := context.WithTimeout(ctx, 3*busyStep)
	defer ccancel()
	if err := patient.Tx(cctx, func(*Tx) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a writer whose context ended while it waited: %v, want context.DeadlineExceeded", err)
	}
}
