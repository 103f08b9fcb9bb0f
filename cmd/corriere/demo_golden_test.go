package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/mailer"
)

// The golden copy of the demo's mails: every mail the judge sends in
// `corriere demo`, as the player reads it, one file per mail. It pins what
// players see while the judge's insides change (issue 12). Rewrite it, after
// reading the diff, with
//
//	go test ./cmd/corriere -run TestDemo/Golden -update
var updateGolden = flag.Bool("update", false, "rewrite the golden copy of the demo's mails in "+demoGoldenDir)

const demoGoldenDir = "testdata/demo-golden"

// checkDemoGolden compares the mails the demo wrote to out with the golden
// copy, or rewrites the copy with -update (not when demoFailed: a demo that
// failed its own checks must not become the reference).
func checkDemoGolden(t *testing.T, out string, demoFailed bool) {
	got, err := goldenMails(out)
	if err != nil {
		t.Fatal(err)
	}
	if *updateGolden {
		if demoFailed {
			t.Fatal("the demo failed its own checks: the golden copy is left as it was")
		}
		if err := writeGolden(demoGoldenDir, got); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d mails to %s", len(got), demoGoldenDir)
		return
	}
	want, err := readGolden(demoGoldenDir)
	if err != nil {
		t.Fatalf("%v (make the golden copy with -update)", err)
	}
	if report := compareGolden(want, got, 3); report != "" {
		t.Errorf("the demo's mails differ from %s (if the change is meant, rewrite it with -update):\n%s", demoGoldenDir, report)
	}
}

// goldenMails reads the .eml files the demo wrote to out (named
// NNN-recipient-subject.eml, NNN the order the judge queued them) and
// returns each mail normalised, keyed by recipient/NN-subject.txt, NN its
// place among that recipient's mails. The order between recipients is left
// out: it only follows the Message-IDs' numbers.
func goldenMails(out string) (map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(out, "*.eml"))
	if err != nil {
		return nil, err
	}
	type eml struct {
		n               int
		recipient, rest string
		path            string
	}
	var all []eml
	for _, f := range files {
		num, name, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".eml"), "-")
		n, err := strconv.Atoi(num)
		recipient, rest, ok := strings.Cut(name, "-")
		if err != nil || !ok {
			return nil, fmt.Errorf("%s: not named NNN-recipient-subject.eml", f)
		}
		all = append(all, eml{n, recipient, rest, f})
	}
	slices.SortFunc(all, func(a, b eml) int { return a.n - b.n })
	mails := map[string]string{}
	seq := map[string]int{}
	for _, e := range all {
		raw, err := os.ReadFile(e.path)
		if err != nil {
			return nil, err
		}
		text, err := normaliseMail(string(raw), out)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.path, err)
		}
		seq[e.recipient]++
		mails[fmt.Sprintf("%s/%02d-%s.txt", e.recipient, seq[e.recipient], e.rest)] = text
	}
	return mails, nil
}

// normaliseMail writes a mail as text that is the same on every run: the
// headers in order, unfolded; each part's content decoded, text as text and
// other files by name and digest. What differs from run to run is replaced
// by a placeholder: the Date and Message-ID fields, the MIME boundary
// (derived from the Message-ID), and the dates and times in the text (the
// deadlines). dir is where the demo wrote its maps, which the attachments
// are compared with.
func normaliseMail(raw, dir string) (string, error) {
	var b strings.Builder
	err := writeEntity(&b, strings.ReplaceAll(raw, "\r\n", "\n"), dir, true)
	return b.String(), err
}

// writeEntity writes a message or a MIME part: its header fields, then its
// content. top is the message itself, whose Date and Message-ID vary.
func writeEntity(b *strings.Builder, s, dir string, top bool) error {
	head, body, found := strings.Cut(s, "\n\n")
	if strings.HasPrefix(s, "\n") {
		head, body, found = "", s[1:], true
	}
	if !found {
		return fmt.Errorf("no empty line after the header")
	}
	ctype, cte, filename := "text/plain", "7bit", ""
	var boundary string
	for _, field := range unfold(head) {
		key, value, _ := strings.Cut(field, ":")
		value = strings.TrimSpace(value)
		switch strings.ToLower(key) {
		case "date":
			if _, err := mail.ParseDate(value); top && err == nil {
				value = "<date>"
			}
		case "message-id":
			if top {
				value = "<message-id>"
			}
		case "content-transfer-encoding":
			cte = strings.ToLower(value)
		case "content-disposition":
			if _, params, err := mime.ParseMediaType(value); err == nil && params["filename"] != "" {
				filename = params["filename"]
			}
		case "content-type":
			mt, params, err := mime.ParseMediaType(value)
			if err != nil {
				return fmt.Errorf("content type %q: %w", value, err)
			}
			ctype = mt
			if filename == "" {
				filename = params["name"]
			}
			if boundary = params["boundary"]; boundary != "" {
				value = strings.ReplaceAll(value, boundary, "<boundary>")
			}
		}
		fmt.Fprintf(b, "%s: %s\n", key, value)
	}
	b.WriteString("\n")
	if strings.HasPrefix(ctype, "multipart/") {
		for _, part := range splitParts(body, boundary) {
			b.WriteString("--<boundary>\n")
			if err := writeEntity(b, part, dir, false); err != nil {
				return err
			}
		}
		b.WriteString("--<boundary>--\n")
		return nil
	}
	content, err := decodeContent(body, cte)
	if err != nil {
		return err
	}
	if strings.HasPrefix(ctype, "text/") {
		text := dateTimeRE.ReplaceAllStringFunc(strings.ReplaceAll(string(content), "\r\n", "\n"), dateTimePlaceholder)
		b.WriteString(text)
		if !strings.HasSuffix(text, "\n") {
			b.WriteString("\n[no line end at the end of the text]\n")
		}
		return nil
	}
	b.WriteString(describeFile(content, filename, dir) + "\n")
	return nil
}

// unfold returns the header's fields, each on one line.
func unfold(head string) []string {
	var fields []string
	for _, line := range strings.Split(head, "\n") {
		if n := len(fields); n > 0 && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) {
			fields[n-1] += " " + strings.TrimSpace(line)
		} else if line != "" {
			fields = append(fields, line)
		}
	}
	return fields
}

// splitParts returns the parts of a multipart body, preamble and epilogue
// left out.
func splitParts(body, boundary string) []string {
	chunks := strings.Split("\n"+body, "\n--"+boundary)
	var parts []string
	for _, c := range chunks[1:] {
		if strings.HasPrefix(c, "--") {
			break // the closing delimiter
		}
		_, part, _ := strings.Cut(c, "\n") // the rest of the delimiter line
		parts = append(parts, part)
	}
	return parts
}

func decodeContent(body, cte string) ([]byte, error) {
	switch cte {
	case "quoted-printable":
		return io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
	case "base64":
		return base64.StdEncoding.DecodeString(strings.Join(strings.Fields(body), ""))
	case "7bit", "8bit", "binary":
		return []byte(body), nil
	}
	return nil, fmt.Errorf("unknown transfer encoding %q", cte)
}

// describeFile stands for an attachment in the golden copy. A map's title
// holds the day it was drawn (the palette is the variant's, so the day's
// letters change only the title's pixels); a build for GOAMD64=v3 (fused
// multiply-adds) changes a pixel or two as well: a map's bytes change from
// day to day and from machine to machine. So a map is described, not
// hashed: its
// size in pixels, and that it is byte for byte the map of its phase that
// the demo writes beside the mails. The drawing itself is pinned by
// render's own golden test, which compares pixels with a tolerance. Any
// other file is named by its SHA-256.
func describeFile(content []byte, filename, dir string) string {
	if filename != "" && filepath.Base(filename) == filename {
		if same, err := os.ReadFile(filepath.Join(dir, filename)); err == nil && bytes.Equal(same, content) {
			if cfg, format, err := image.DecodeConfig(bytes.NewReader(content)); err == nil {
				return fmt.Sprintf("[%s image %dx%d, byte for byte the %s the demo writes; its pixels are not pinned here]", format, cfg.Width, cfg.Height, filename)
			}
			return fmt.Sprintf("[byte for byte the %s the demo writes]", filename)
		}
	}
	return fmt.Sprintf("[%d bytes, sha256 %x]", len(content), sha256.Sum256(content))
}

// dateTimeRE matches a date as the judge writes a deadline ("Fri
// 2026-11-27 01:31:10"), the weekday and the time being optional.
var dateTimeRE = regexp.MustCompile(`\b((Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?\b`)

// dateTimePlaceholder replaces a date and time by its shape, so that a
// change of format still shows: "Ddd YYYY-MM-DD hh:mm[:ss]". The judge
// writes the seconds only when they are not 0, and the demo's deadlines,
// 5 seconds apart, fall on a whole minute now and then: with or without
// its seconds, a time is the same placeholder.
func dateTimePlaceholder(s string) string {
	at := strings.IndexAny(s, "0123456789")
	shape := ""
	if at > 0 {
		shape = "Ddd" + s[3:at] // the comma and the space kept
	}
	date, clock, _ := strings.Cut(s[at:], " ")
	shape += "YYYY-MM-DD"[:len(date)]
	if clock != "" {
		shape += " hh:mm[:ss]"
	}
	return shape
}

func writeGolden(dir string, mails map[string]string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, text := range mails {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func readGolden(dir string) (map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no golden mails in %s", dir)
	}
	mails := map[string]string{}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, f)
		mails[filepath.ToSlash(rel)] = string(text)
	}
	return mails, nil
}

// compareGolden names the mails missing and the mails new, then shows the
// diffs of the first limit mails that differ; "" when all are the same.
func compareGolden(want, got map[string]string, limit int) string {
	var missing, added, differ []string
	for name := range want {
		if _, ok := got[name]; !ok {
			missing = append(missing, name)
		}
	}
	for name, text := range got {
		w, ok := want[name]
		switch {
		case !ok:
			added = append(added, name)
		case w != text:
			differ = append(differ, name)
		}
	}
	slices.Sort(missing)
	slices.Sort(added)
	slices.Sort(differ)
	var b strings.Builder
	if len(missing) > 0 {
		fmt.Fprintf(&b, "%d mails not sent any more:\n  %s\n", len(missing), strings.Join(missing, "\n  "))
	}
	if len(added) > 0 {
		fmt.Fprintf(&b, "%d mails not in the golden copy:\n  %s\n", len(added), strings.Join(added, "\n  "))
	}
	if len(differ) > 0 {
		fmt.Fprintf(&b, "%d mails differ", len(differ))
		if rest := differ[min(limit, len(differ)):]; len(rest) > 0 {
			fmt.Fprintf(&b, "; not shown: %s", strings.Join(rest[:min(len(rest), 10)], ", "))
			if len(rest) > 10 {
				fmt.Fprintf(&b, " and %d more", len(rest)-10)
			}
			differ = differ[:limit]
		}
		b.WriteString(":\n")
	}
	for _, name := range differ {
		fmt.Fprintf(&b, "--- %s/%s (golden)\n+++ %s (this run)\n%s", demoGoldenDir, name, name, lineDiff(want[name], got[name], 3))
	}
	return b.String()
}

// lineDiff writes the lines that differ between a and b, as "-" and "+"
// lines with context lines around them, "@@" heading each stretch with its
// line in a.
func lineDiff(a, b string, context int) string {
	lines := func(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }
	x, y := lines(a), lines(b)
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:]: a mail has a few hundred lines at most.
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte // ' ', '-' or '+'
		text string
		at   int // the line's number in a
	}
	var edits []line
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			edits = append(edits, line{' ', x[i], i + 1})
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			edits = append(edits, line{'-', x[i], i + 1})
			i++
		default:
			edits = append(edits, line{'+', y[j], i + 1})
			j++
		}
	}
	var out strings.Builder
	shown := -1 // the last line written
	for k, l := range edits {
		if l.op == ' ' {
			continue
		}
		from := max(k-context, shown+1)
		if from > shown+1 || shown < 0 {
			fmt.Fprintf(&out, "@@ line %d @@\n", edits[from].at)
		}
		for ; from <= k; from++ {
			out.WriteString(string(edits[from].op) + edits[from].text + "\n")
		}
		shown = k
		for n := k + 1; n < len(edits) && n <= k+context && edits[n].op == ' '; n++ {
			out.WriteString(" " + edits[n].text + "\n")
			shown = n
		}
	}
	if out.Len() == 0 && a != b {
		return "(the texts differ only in their last line end)\n"
	}
	return out.String()
}

// TestNormaliseMail checks the golden copy's normalisation on mails the
// judge's writer composes: what changes from run to run (date, Message-ID,
// boundary, deadline) is gone, what a player reads stays, decoded.
func TestNormaliseMail(t *testing.T) {
	dir := t.TempDir()
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 2, 1))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "map-S1901M.png"), pic.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	long := "A line longer than quoted-printable's 76 characters, which it breaks with soft line breaks: è."
	normalised := func(id string, at time.Time, deadline, subject string) string {
		t.Helper()
		raw, err := mailer.Compose(mailer.Outgoing{From: "Corriere <judge@corriere.test>", To: "austria@players.test",
			Subject: subject, MessageID: id, InReplyTo: "demo-0-austria@players.test", Date: at,
			Text: long + "\nDeadline: " + deadline + " UTC.\n",
			Attachments: []mailer.Attachment{
				{Filename: "map-S1901M.png", ContentType: "image/png", Data: pic.Bytes()},
				{Filename: "notes.bin", Data: []byte("notes")},
			}})
		if err != nil {
			t.Fatal(err)
		}
		text, err := normaliseMail(string(raw), dir)
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	a := normalised("corriere-1@corriere.test", time.Date(2026, 11, 27, 1, 31, 5, 0, time.UTC), "Fri 2026-11-27 01:31:10", "Corriere seed: S1901M results")
	b := normalised("corriere-42@corriere.test", time.Date(2027, 3, 1, 20, 0, 0, 0, time.UTC), "Mon 2027-03-01 20:00", "Corriere seed: S1901M results")
	if a != b {
		t.Errorf("two runs of one mail normalise apart:\n%s", lineDiff(a, b, 2))
	}
	mustHave(t, "the normalised mail", a, "Date: <date>\n", "Message-ID: <message-id>\n",
		"In-Reply-To: <demo-0-austria@players.test>\n", `boundary="<boundary>"`, "\n--<boundary>\n", "\n--<boundary>--\n",
		"Subject: Corriere seed: S1901M results\n", "\n"+long+"\nDeadline: Ddd YYYY-MM-DD hh:mm[:ss] UTC.\n",
		"[png image 2x1, byte for byte the map-S1901M.png the demo writes;",
		fmt.Sprintf("[5 bytes, sha256 %x]", sha256.Sum256([]byte("notes"))))
	if c := normalised("corriere-1@corriere.test", time.Date(2026, 11, 27, 1, 31, 5, 0, time.UTC), "Fri 2026-11-27 01:31:10", "Corriere seed: F1901M results"); c == a {
		t.Error("another subject normalises to the same text")
	}
}

func TestLineDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	b := "1\n2\nthree\n4\n5\n6\n7\n8\n9\nten\n"
	want := "@@ line 1 @@\n 1\n 2\n-3\n+three\n 4\n 5\n@@ line 8 @@\n 8\n 9\n+ten\n"
	if got := lineDiff(a, b, 2); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := lineDiff(a, a, 3); got != "" {
		t.Errorf("a diff of equal texts:\n%s", got)
	}
}
