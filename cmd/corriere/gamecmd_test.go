package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestGameCommands(t *testing.T) {
	noConfig(t)
	db := filepath.Join(t.TempDir(), "judge.db")
	game := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(append([]string{"game"}, args...), nil, &out, &errb)
		return code, out.String(), errb.String()
	}
	steps := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"create", "roma", "--db", db, "--rules", "1971", "--movement", "0 20 * * MON,THU", "--tz", "Europe/Rome"}, 0, "created, forming"},
		{[]string{"create", "roma", "--db", db}, 1, "exists"},
		{[]string{"create", "bad name", "--db", db}, 1, "expected a letter then"},
		{[]string{"create", "--db", db}, 2, "expected 1 arguments"},
		{[]string{"create", "milano", "--db", db, "--movement", "every day"}, 1, "movement deadline"},
		{[]string{"create", "milano", "--db", db, "--tz", "Mars/Olympus"}, 1, "time zone"},
		{[]string{"create", "milano", "--db", db, "--max-absence", "-1"}, 1, "max absence -1"},
		{[]string{"create", "milano", "--db", db, "--players", "3", "--alternative", "5"}, 1, "alternative 5: expected 1"},
		{[]string{"create", "milano", "--db", db, "--draws", "most"}, 2, `draws "most": expected all`},
		{[]string{"create", "duo", "--db", db, "--players", "2", "--draws", "partial"}, 0, "created, forming"},
		{[]string{"seat", "duo", "italy", "i@x.test", "--db", db}, 1, "Italy is not played in game duo: it is neutral"},
		{[]string{"seat", "duo", "england", "allies@x.test", "--db", db}, 0, "England, France and Russia: now played by allies@x.test, who was sent a password."},
		{[]string{"seat", "duo", "austria", "central@x.test", "--db", db}, 0, ""},
		{[]string{"start", "duo", "--db", db}, 0, ""},
		{[]string{"status", "duo", "--db", db}, 0, "Phase: Spring 1914 movement (S1914M)"},
		{[]string{"create", "trio", "--db", db, "--observers=false"}, 0, "created, forming"},
		{[]string{"create", "lingua", "--db", db, "--language", "klingon"}, 2, `language "klingon": expected english or italian`},
		{[]string{"create", "lingua", "--db", db, "--language", "italiano"}, 0, "created, forming"},
		{[]string{"status", "lingua", "--db", db}, 0, "language italian"},
		{[]string{"observe", "trio", "fan@x.test", "--db", db}, 1, "takes no observers"},
		{[]string{"start", "roma", "--db", db}, 1, "no player for Austria, England"},
		{[]string{"seat", "roma", "Narnia", "a@x.test", "--db", db}, 1, `"Narnia" is not a power of game roma: expected one of austria, england`},
		{[]string{"seat", "roma", "prussia", "a@x.test", "--db", db}, 1, `"prussia" is not a power`},
		{[]string{"seat", "roma", "france", "not-an-address", "--db", db}, 1, "expected one like player@example.org"},
		{[]string{"seat", "roma", "france", "a@x.test", "s3cret", "--db", db}, 2, "a password on the command line stays in the shell's history"},
		{[]string{"seat", "roma", "france", "--db", db}, 2, "expected 3 arguments, got 2"},
		{[]string{"replace", "roma", "france", "--db", db}, 2, "expected 3 arguments, got 2"},
		{[]string{"status", "nowhere", "--db", db}, 1, "no such game"},
		{[]string{"frobnicate", "roma", "--db", db}, 2, "unknown verb"},
		{[]string{"status", "roma"}, 2, "no configuration found: give --config FILE or set CORRIERE_CONFIG (looked for "},
		{[]string{"status", "roma"}, 2, "), or give the database with --db PATH"},
	}
	for _, s := range steps {
		code, out, errs := game(s.args...)
		if code != s.code || !strings.Contains(out+errs, s.want) {
			t.Errorf("game %s: exit %d, output %q%q; want exit %d saying %q", strings.Join(s.args, " "), code, out, errs, s.code, s.want)
		}
	}
	for _, p := range []string{"Austria", "Inghilterra", "FRA", "germany", "italy", "russia", "turkey"} {
		if code, _, errs := game("seat", "roma", p, strings.ToLower(p)+"@players.test", "--db", db); code != 0 {
			t.Fatalf("seat %s: %s", p, errs)
		}
	}
	if code, _, errs := game("observe", "roma", "fan@x.test", "--db", db); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := game("start", "roma", "--db", db); code != 0 {
		t.Fatal(errs)
	}
	code, out, _ := game("status", "roma", "--db", db)
	if code != 0 || !strings.Contains(out, "Phase: Spring 1901 movement (S1901M)") || !strings.Contains(out, "CET") || !strings.Contains(out, "1971 rules") {
		t.Errorf("status: %d\n%s", code, out)
	}
}

func TestGMCommands(t *testing.T) {
	noConfig(t)
	db := filepath.Join(t.TempDir(), "judge.db")
	cli := func(stdin string, args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(stdin), &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, out := cli("", "game", "create", "roma", "--db", db); code != 0 {
		t.Fatal(out)
	}
	if code, out := cli("", "gm", "--db", db, "roma", "START"); code != 1 || !strings.Contains(out, "no player for Austria") {
		t.Errorf("START without players: %d %s", code, out)
	}
	for _, p := range []string{"austria", "england", "france", "germany", "italy", "russia", "turkey"} {
		if code, out := cli("", "gm", "--db", db, "roma", "SEAT", p, p+"@players.test"); code != 0 {
			t.Fatalf("SEAT %s: %s", p, out)
		}
	}
	steps := []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"gm", "--db", db, "roma", "START"}, 0, "has started"},
		{"", []string{"gm", "--db", db, "roma", "PROCESS", "F1901M"}, 1, "the current phase of roma is S1901M"},
		{"PREVIEW\nPROCESS S1901M\n", []string{"gm", "--db", db, "roma"}, 0, "S1901M processed now"},
		{"", []string{"gm", "--db", db, "roma", "ROLLBACK", "S1901M"}, 0, "back at Spring 1901 movement"},
		{"", []string{"gm", "--db", db, "nowhere", "PAUSE"}, 1, "no such game"},
		{"", []string{"gm", "roma", "PAUSE"}, 2, "no configuration found: give --config FILE or set CORRIERE_CONFIG"},
	}
	for _, s := range steps {
		code, out := cli(s.stdin, s.args...)
		if code != s.code || !strings.Contains(out, s.want) {
			t.Errorf("%s: exit %d, output %q; want exit %d saying %q", strings.Join(s.args, " "), code, out, s.code, s.want)
		}
	}
}
