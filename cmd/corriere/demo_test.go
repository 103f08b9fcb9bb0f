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
		raw, m := readMail(t, f)
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

// TestDemoItalia runs `corriere demo --game italia`: the year 1499 of Le
// Guerre d'Italia by mail, each player's mails written out, every line of
// the scripted sheets accepted but the one refused on purpose, the
// summer's sieges and the autumn's taxes in the results, and the Pope
// reading of Venice's moves but never of its dummy.
func TestDemoItalia(t *testing.T) {
	out, stdout := runDemoGame(t, "italia")
	mustHave(t, "the demo's output", stdout, "P1499O processed. Next: Summer 1499 operations (E1499O)",
		"E1499O processed. Next: Autumn 1499 operations (A1499O)", "A1499O processed. Next: Spring 1500 diplomacy (P1500D)",
		"Phase: Spring 1500 diplomacy (P1500D)")
	// The sheets are scripted for the position each turn leaves: a
	// refusal is a sheet gone stale, save the spring's expenses, which
	// Venice writes to show the rule (seed §3 C).
	replies, _ := filepath.Glob(filepath.Join(out, "*-Re-sheet-for-*.eml"))
	if len(replies) != 2+3+6+6 {
		t.Errorf("%d replies to sheets, want one per sheet mailed (17)", len(replies))
	}
	for _, f := range replies {
		for _, line := range strings.Split(mailText(t, f), "\n") {
			if (strings.Contains(line, "refused:") || strings.Contains(line, "rifiutato:")) && !strings.HasPrefix(strings.TrimSpace(line), "MANTIENI TUTTO") ||
				strings.Contains(line, "Still missing") || strings.Contains(line, "Mancano ancora") {
				t.Errorf("%s: %s", filepath.Base(f), line)
			}
		}
	}
	// Each phase's results: the Pope's with the news examples.ItaliaYear
	// says he reads, his map attached, never Venice's dummy.
	for _, ph := range examples.ItaliaYear {
		files, _ := filepath.Glob(filepath.Join(out, "*-papato-*"+ph.Phase+"-results.eml"))
		if len(files) != 1 {
			t.Fatalf("the Pope's results of %s: %v", ph.Phase, files)
		}
		raw, m := readMail(t, files[0])
		mustHave(t, "the Pope's results of "+ph.Phase, m.Text, ph.PopeReads...)
		if !bytes.Contains(raw, []byte("attachment; filename=map-"+ph.Phase+".png")) {
			t.Errorf("the Pope's results of %s have no map attached", ph.Phase)
		}
		if strings.Contains(m.Text, "FINTO") || strings.Contains(m.Text, "DUMMY") {
			t.Errorf("the Pope reads Venice's dummy in %s:\n%s", ph.Phase, m.Text)
		}
		data, err := os.ReadFile(filepath.Join(out, "map-"+ph.Phase+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("map-%s.png: %v", ph.Phase, err)
		}
	}
}

// TestDemoHistory runs `corriere demo --game hotw`: two epochs of History
// of the World by mail, each decision answered from the mail that
// prompted it, yellow writing in Italian, and no player reading another's
// hand.
func TestDemoHistory(t *testing.T) {
	out, stdout := runDemoGame(t, "hotw")
	mustHave(t, "the demo's output", stdout, "E0-0 processed. Next: draft of", "Next: turn of", "Phase: epoch III")
	for _, c := range hotwColours {
		files, _ := filepath.Glob(filepath.Join(out, "*-"+c+"-Corriere-mondo-E*-results.eml"))
		if len(files) < 16 {
			t.Errorf("%s has %d results mails, want one for each of two epochs' decisions", c, len(files))
		}
		for _, f := range files {
			_, m := readMail(t, f)
			for _, o := range hotwColours {
				if o != c && strings.Contains(m.Text, "Hand of "+o) {
					t.Errorf("%s reads %s's hand in %s", c, o, f)
				}
			}
		}
	}
	last, _ := filepath.Glob(filepath.Join(out, "*-red-Corriere-mondo-E2-*-results.eml"))
	if len(last) == 0 || !strings.Contains(mailText(t, last[len(last)-1]), "Epoch III begins.") {
		t.Errorf("red's last results of epoch II do not begin epoch III: %v", last)
	}
	raw, _ := readMail(t, last[len(last)-1])
	if !bytes.Contains(raw, []byte("image/png")) {
		t.Error("red's results have no picture of the board")
	}
	maps, _ := filepath.Glob(filepath.Join(out, "map-E*.png"))
	if len(maps) < 16 {
		t.Errorf("%d maps written, want the board after each step", len(maps))
	}
	for _, m := range maps[:1] {
		data, _ := os.ReadFile(m)
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", m, err)
		}
	}
	replies, _ := filepath.Glob(filepath.Join(out, "*-yellow-Re-answer-for-E*.eml"))
	italian := false
	for _, f := range replies {
		if text := mailText(t, f); strings.Contains(text, "ESPANDI") && strings.Contains(text, "ok: EXPAND") {
			italian = true
		}
	}
	if !italian {
		t.Errorf("no turn of yellow's read in Italian among %d replies", len(replies))
	}
}

// readMail reads a mail the demo wrote: as written, and parsed.
func readMail(t *testing.T, file string) ([]byte, *mailer.Message) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mailer.Parse(raw)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return raw, m
}

// runDemoGame runs `corriere demo --game name` into a temporary folder:
// the folder and what the demo wrote.
func runDemoGame(t *testing.T, name string) (out, stdout string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the demo plays by mail; skipped with -short")
	}
	out = t.TempDir()
	var o, e bytes.Buffer
	if code := run([]string{"demo", "--game", name, "--out", out}, nil, &o, &e); code != 0 {
		t.Fatalf("demo exit %d\nstdout:\n%s\nstderr:\n%s", code, o.String(), e.String())
	}
	return out, o.String()
}

// mailText is the text of a mail the demo wrote.
func mailText(t *testing.T, file string) string {
	t.Helper()
	_, m := readMail(t, file)
	return m.Text
}
