package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// TestDemoTableGames runs `corriere demo --game lbe` and `--game
// versailles`: the setup and first turn of La Belle Époque, a round of
// turns of Versailles 1919, each by mail over loopback, every mail the
// judge sent written out.
func TestDemoTableGames(t *testing.T) {
	if testing.Short() {
		t.Skip("the demos play by mail; skipped with -short")
	}
	for game, wants := range map[string][]string{
		"lbe":        {"ru@players.test: PIAZZA", "RESOLVE", "Phase: turn 2"},
		"versailles": {"SCHIERA africa 6", "SETTLE", "Phase: turn 4"},
	} {
		t.Run(game, func(t *testing.T) {
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			if code := run([]string{"demo", "--game", game, "--out", out}, nil, &stdout, &stderr); code != 0 {
				t.Fatalf("demo exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
			}
			mustHave(t, "the demo's output", stdout.String(), wants...)
			if files, _ := filepath.Glob(filepath.Join(out, "*-results*.eml")); len(files) == 0 {
				t.Error("no results written")
			}
		})
	}
}
