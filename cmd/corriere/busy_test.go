package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

// While the daemon holds a write transaction, `corriere game status` reads
// at once, and `corriere gm` waits its turn, says so once, and then does
// its work (issue 11.4).
func TestShellWhileTheDaemonWrites(t *testing.T) {
	noConfig(t)
	db := filepath.Join(t.TempDir(), "judge.db")
	if code, _, errs := cli("", "game", "create", "roma", "--db", db); code != 0 {
		t.Fatal(errs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	daemon, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer daemon.Close()
	holding, release, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- daemon.Tx(ctx, func(tx *store.Tx) error {
			if err := tx.Audit(time.Now(), 0, "test", "hold", "the write lock"); err != nil {
				return err
			}
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	if code, out, errs := cli("", "game", "status", "roma", "--db", db); code != 0 || !strings.Contains(out, "Game roma: forming") {
		t.Errorf("status while the daemon writes: %d %q %q", code, out, errs)
	}
	var out bytes.Buffer
	var errs lockedBuffer
	gm := make(chan int, 1)
	go func() { gm <- run([]string{"gm", "--db", db, "roma", "SET GRACE 2h"}, nil, &out, &errs) }()
	// It waits, and says so, until the daemon lets go.
	for !strings.Contains(errs.String(), "corriere gm: waiting for the judge, which is writing the database") {
		select {
		case code := <-gm:
			t.Fatalf("gm finished while the daemon held the database: %d %q", code, errs.String())
		case <-ctx.Done():
			t.Fatal("gm never said it waits")
		case <-time.After(50 * time.Millisecond):
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if code := <-gm; code != 0 || !strings.Contains(out.String(), "Done. Deadline") || strings.Count(errs.String(), "waiting") != 1 {
		t.Errorf("gm after the wait: exit %d, %q, %q", code, out.String(), errs.String())
	}
}

// lockedBuffer is a buffer written by one goroutine and read by another.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
