package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runMapCmd runs "corriere map" with args and stdin.
func runMapCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"map"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// adjudicated returns the response of `corriere adjudicate` to a request.
func adjudicated(t *testing.T, req string) string {
	t.Helper()
	code, stdout, stderr := runAdjudicateCmd(t, req)
	if code != 0 {
		t.Fatalf("adjudicate: exit %d: %s", code, stderr)
	}
	return stdout
}

func TestMap(t *testing.T) {
	dir := t.TempDir()
	opening, err := os.ReadFile("../../examples/s1901-seed-opening.json")
	if err != nil {
		t.Fatal(err)
	}
	retreats := "../../examples/f1902-retreats.json"
	response := filepath.Join(dir, "response.json")
	if err := os.WriteFile(response, []byte(adjudicated(t, string(opening))), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		// In the SVG: strings that must appear.
		want []string
	}{
		{"position with orders, PNG", "", []string{"--in", "../../examples/s1901-seed-opening.json", "--out", "OUT.png"}, nil},
		{"position with orders, SVG", "", []string{"--in", "../../examples/s1901-seed-opening.json", "--out", "OUT.svg"},
			[]string{`data-order="A lvp - yor" data-power="england"`, "orders for Spring 1901 movement"}},
		{"retreat position", "", []string{"--in", retreats, "--out", "OUT.svg", "--game", "Partita <7>", "--date", "1902-10-01"},
			[]string{`class="dislodged" data-unit="A stp"`, "Partita &lt;7&gt;", "1 October 1902", `data-order="A stp - mos"`}},
		{"response: next position with results", "", []string{"--in", response, "--out", "OUT.svg"},
			[]string{`data-phase="F1901M"`, `data-order="A mos - ukr" data-power="russia" data-result="succeeds"`, `data-order="A war - gal" data-power="russia" data-result="fails"`, "results of Spring 1901 movement"}},
		{"stdin", string(opening), []string{"--out", "OUT.svg"}, []string{`data-unit="F lon"`}},
		{"format flag", "", []string{"--in", response, "--out", "OUT.picture", "--format", "svg"}, []string{"<svg"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string(nil), c.args...)
			var out string
			for i, a := range args {
				if strings.HasPrefix(a, "OUT.") {
					out = filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+strings.TrimPrefix(a, "OUT"))
					args[i] = out
				}
			}
			code, stdout, stderr := runMapCmd(t, c.stdin, args...)
			if code != 0 || stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(out, ".png") {
				cfg, err := png.DecodeConfig(bytes.NewReader(data))
				if err != nil || cfg.Width != 1600 {
					t.Errorf("not a 1600-pixel PNG: %v %+v", err, cfg)
				}
				return
			}
			if err := xml.Unmarshal(data, new(struct {
				XMLName xml.Name `xml:"svg"`
			})); err != nil {
				t.Errorf("not an SVG: %v", err)
			}
			for _, w := range c.want {
				if !bytes.Contains(data, []byte(w)) {
					t.Errorf("the SVG has no %q", w)
				}
			}
		})
	}
}

func TestMapToStdout(t *testing.T) {
	code, stdout, stderr := runMapCmd(t, `{"phase": "S1901M"}`, "--out", "-")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "\x89PNG") {
		t.Errorf("stdout is not a PNG: %q", stdout[:min(len(stdout), 16)])
	}
}

// TestMapUnreadableOrder: an order that cannot be read is not drawn, and
// the map is drawn all the same.
func TestMapUnreadableOrder(t *testing.T) {
	code, stdout, stderr := runMapCmd(t, `{"orders": {"france": ["A par - bur", "A par flies to the moon"]}}`, "--out", "-", "--format", "svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, `"A par flies to the moon" of france not drawn`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line about the unreadable order", stderr)
	}
	if !strings.Contains(stdout, `data-order="A par - bur"`) {
		t.Errorf("the readable order is not drawn")
	}
}

// TestMapErrors: malformed input exits 2 with one line on stderr.
func TestMapErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "map.png")
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"no out", `{}`, nil, "--out is required"},
		{"unknown format", `{}`, []string{"--out", filepath.Join(dir, "map.gif")}, "cannot tell the format"},
		{"bad date", `{}`, []string{"--out", out, "--date", "yesterday"}, "want YYYY-MM-DD"},
		{"missing file", "", []string{"--in", filepath.Join(dir, "nothing.json"), "--out", out}, "no such file"},
		{"not JSON", `{"phase": `, []string{"--out", out}, "bad JSON"},
		{"null", `null`, []string{"--out", out}, "got null"},
		{"unknown field", `{"phase": "S1901M", "colour": "red"}`, []string{"--out", out}, "unknown field"},
		{"unknown variant", `{"variant": "chaos"}`, []string{"--out", out}, `unknown variant "chaos"`},
		{"bad unit", `{"units": {"france": ["A atlantis"]}}`, []string{"--out", out}, "atlantis"},
		{"impossible position", `{"units": {"france": ["F par"]}}`, []string{"--out", out}, "par"},
		{"response without next", `{"phase": "S1901M", "results": {}, "next": null}`, []string{"--out", out}, `"next" is null`},
		{"response with a bad result", `{"phase": "S1901M", "results": {"france": [{"order": "x", "parsed": "A par H", "result": "maybe", "reason": ""}]}, "next": {"phase": "F1901M"}}`, []string{"--out", out}, "unknown result"},
		{"arguments", `{}`, []string{"--out", out, "extra"}, "unexpected arguments"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runMapCmd(t, c.stdin, c.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "corriere map: ") {
				t.Errorf("stderr %q, want one line with %q", stderr, c.want)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a failed run left %s behind", out)
	}
}
