package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/mailer"
)

// TestDemo runs `corriere demo`: the rulebook's game by mail through
// loopback IMAP and SMTP servers, to S1903M, with every outcome checked
// against the rulebook by the demo itself, and every mail the judge sent
// compared with the golden copy (demo_golden_test.go).
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("the demo plays a whole game by mail; skipped with -short")
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"demo", "--out", out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("demo exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	mustHave(t, "the demo's output", stdout.String(), "W1902A processed. Next: Spring 1903 movement (S1903M)",
		"Every move, retreat, build and removal came out as the rulebook states.",
		"Phase: Spring 1903 movement (S1903M)")
	files, _ := filepath.Glob(filepath.Join(out, "*.eml"))
	results, replies := 0, 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mailer.Parse(raw)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !m.Automatic {
			t.Errorf("%s: the judge's mail is not marked automatic", f)
		}
		switch {
		case strings.Contains(m.Subject, "results"):
			results++
			if !bytes.Contains(raw, []byte("image/png")) {
				t.Errorf("%s: results without the map", f)
			}
		case strings.HasPrefix(m.Subject, "Re: "):
			replies++
		}
	}
	// Seven phases of results to seven players, and one reply per order mail.
	orderMails := 0
	for _, ph := range examples.Seed {
		orderMails += len(strings.Split(ph.Orders, "\n"))
	}
	if results != 7*7 || replies != orderMails {
		t.Errorf("%d results mails and %d replies, want 49 and %d", results, replies, orderMails)
	}
	maps, _ := filepath.Glob(filepath.Join(out, "map-*.png"))
	if len(maps) != 7 {
		t.Errorf("%d maps written, want one per phase", len(maps))
	}
	// The same run, compared with the golden copy of every mail.
	failed := t.Failed()
	t.Run("Golden", func(t *testing.T) { checkDemoGolden(t, out, failed) })
}

// TestDemoItalia runs `corriere demo --game italia`: the spring of 1499 of
// Le Guerre d'Italia by mail, each player's mails written out, the Pope
// reading of Venice's moves but never of its dummy.
func TestDemoItalia(t *testing.T) {
	if testing.Short() {
		t.Skip("the demo plays by mail; skipped with -short")
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"demo", "--game", "italia", "--out", out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("demo exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	mustHave(t, "the demo's output", stdout.String(), "P1499O processed. Next: Summer 1499 operations (E1499O)", "Phase: Summer 1499 operations (E1499O)")
	files, _ := filepath.Glob(filepath.Join(out, "*-papato-*P1499O-results.eml"))
	if len(files) != 1 {
		t.Fatalf("the Pope's results of P1499O: %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	m, err := mailer.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	mustHave(t, "the Pope's results", m.Text, "Venice #3: Treviso -> Vicenza", "Urbino rises in revolt, stirred by unknown parties")
	if !bytes.Contains(raw, []byte("attachment; filename=map-P1499O.png")) {
		t.Error("the Pope's results have no map attached")
	}
	for _, ph := range []string{"P1499D", "P1499O"} {
		data, err := os.ReadFile(filepath.Join(out, "map-"+ph+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("map-%s.png: %v", ph, err)
		}
	}
	if strings.Contains(m.Text, "FINTO") || strings.Contains(m.Text, "DUMMY") {
		t.Errorf("the Pope reads Venice's dummy:\n%s", m.Text)
	}
}
