package judge

import (
	"bytes"
	"context"
	"testing"
)

// After a ROLLBACK the phase is played again with other orders: its map
// must be drawn anew, not taken from the cache of the first playing.
func TestMapAfterRollback(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Bur")
	if _, err := f.j.Master(ctx, "roma", "PROCESS S1901M"); err != nil {
		t.Fatal(err)
	}
	first, err := f.j.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	if reply, err := f.j.Master(ctx, "roma", "ROLLBACK S1901M"); err != nil {
		t.Fatal(err, reply)
	}
	f.send(addr("france"), "SIGNON france@roma pw-france\nA Par-Pic")
	if _, err := f.j.Master(ctx, "roma", "PROCESS S1901M"); err != nil {
		t.Fatal(err)
	}
	again, err := f.j.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	fresh := &Judge{Store: f.j.Store, Now: f.j.Now, Log: f.j.Log}
	want, err := fresh.Map(ctx, "roma", "S1901M")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(first, again) || !bytes.Equal(again, want) {
		t.Errorf("the map after the rollback is the old one (same as before: %v; same as freshly drawn: %v)", bytes.Equal(first, again), bytes.Equal(again, want))
	}
}
