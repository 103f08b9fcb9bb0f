package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/store"
)

// noConfig makes sure no configuration is found unless a test gives one.
func noConfig(t *testing.T) {
	t.Helper()
	t.Setenv(configEnv, "")
	saved := defaultConfigs
	defaultConfigs = []string{filepath.Join(t.TempDir(), "corriere.toml")}
	t.Cleanup(func() { defaultConfigs = saved })
}

// cli runs the command with stdin and returns its status, stdout and
// stderr.
func cli(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// outbox is the mail queued in the database at db.
func outbox(t *testing.T, db string) []store.Mail {
	t.Helper()
	var out []store.Mail
	err := crashWithStore(context.Background(), db, func(st *store.Store) error {
		return st.Tx(context.Background(), func(tx *store.Tx) (err error) {
			out, err = tx.Outbox()
			return err
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// lastMail is the body of the latest mail of a kind to addr.
func lastMail(t *testing.T, db, kind, addr string) string {
	t.Helper()
	body := ""
	for _, m := range outbox(t, db) {
		if m.Kind == kind && m.Recipient == addr {
			body = m.Body
		}
	}
	return body
}

// The shell workflow of the README, step by step: the game gets a master,
// players are mailed their power and password, a taken seat needs
// replace (announced), and the start mail names each player's power.
func TestShellWorkflow(t *testing.T) {
	noConfig(t)
	db := filepath.Join(t.TempDir(), "judge.db")
	code, out, errs := cli("", "game", "create", "roma", "--db", db)
	if code != 0 || !strings.Contains(out, "The master's password, shown this once: ") {
		t.Fatalf("create: %d %q %q", code, out, errs)
	}
	_, after, _ := strings.Cut(out, "shown this once: ")
	masterPW, _, _ := strings.Cut(after, "\n")

	steps := []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"game", "seat", "roma", "prussia", "p@x.test", "--db", db}, 1, `"prussia" is not a power of game roma: expected one of austria, england, france, germany, italy, russia, turkey`},
		{"", []string{"game", "seat", "roma", "france", "f@x.test", "--db", db}, 0, "Game roma: France: now played by f@x.test, who was sent a password."},
		{"", []string{"game", "seat", "roma", "Francia", "g@x.test", "--db", db}, 1, "France is already played by f@x.test (use REPLACE"},
		{"short\n", []string{"game", "seat", "roma", "italy", "i@x.test", "--password-stdin", "--db", db}, 1, "password: 5 characters is too short: expected at least 8"},
		{"", []string{"game", "seat", "roma", "italy", "i@x.test", "--password-stdin", "--db", db}, 2, "expected the password on the first line of stdin"},
		{"Chosen-pw7\n", []string{"game", "seat", "roma", "italy", "i@x.test", "--password-stdin", "--db", db}, 0, "Italy: now played by i@x.test"},
		{"", []string{"game", "replace", "roma", "france", "h@x.test", "--db", db}, 0, "France: now played by h@x.test, who was sent a password; everyone was told."},
	}
	for _, s := range steps {
		code, out, errs := cli(s.stdin, s.args...)
		if code != s.code || !strings.Contains(out+errs, s.want) {
			t.Errorf("%s: exit %d, %q%q; want exit %d saying %q", strings.Join(s.args, " "), code, out, errs, s.code, s.want)
		}
	}
	if body := lastMail(t, db, "seat", "i@x.test"); !strings.Contains(body, "You play Italy in game roma") || !strings.Contains(body, "SIGNON italy@roma Chosen-pw7\n") {
		t.Errorf("Italy's seat mail: %q", body)
	}
	if body := lastMail(t, db, "announce", "i@x.test"); !strings.Contains(body, "given France to a new player") {
		t.Errorf("Italy was not told of France's new player: %q", body)
	}
	for _, p := range []string{"austria", "england", "germany", "russia", "turkey"} {
		if code, _, errs := cli("", "game", "seat", "roma", p, p+"@x.test", "--db", db); code != 0 {
			t.Fatal(errs)
		}
	}
	if code, out, errs := cli("", "game", "observe", "roma", "fan@x.test", "--db", db); code != 0 || !strings.Contains(out, "fan@x.test observes it") {
		t.Fatalf("observe: %d %q %q", code, out, errs)
	}
	if code, _, errs := cli("", "game", "start", "roma", "--db", db); code != 0 {
		t.Fatal(errs)
	}
	if body := lastMail(t, db, "start", "h@x.test"); !strings.Contains(body, "You play France.") {
		t.Errorf("France's start mail does not say so: %q", body)
	}
	if body := lastMail(t, db, "start", "fan@x.test"); body == "" || strings.Contains(body, "You play") {
		t.Errorf("the observer's start mail: %q", body)
	}
	// The printed password is the master's: it works by mail.
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	j := &judge.Judge{Games: games, Store: st, Address: "judge@x.test"}
	raw := "From: gm@x.test\r\nTo: judge@x.test\r\nSubject: gm\r\nMessage-ID: <gm1@x.test>\r\n\r\nSIGNON master@roma " + masterPW + "\r\nPAUSE\r\n"
	if err := j.Handle(context.Background(), []byte(raw)); err != nil {
		t.Fatal(err)
	}
	var g *store.Game
	st.Tx(context.Background(), func(tx *store.Tx) (err error) { g, err = tx.Game("roma"); return err })
	if g == nil || g.State != store.Paused {
		t.Errorf("the master's PAUSE with the printed password: game %+v", g)
	}
}

// --master binds the master to an address and mails it the password,
// which is not printed.
func TestCreateWithMasterAddress(t *testing.T) {
	db := filepath.Join(t.TempDir(), "judge.db")
	code, out, errs := cli("", "game", "create", "roma", "--master", "GM@x.test", "--db", db)
	if code != 0 || !strings.Contains(out, "Its master, gm@x.test, is mailed the password") || strings.Contains(out, "shown this once") {
		t.Fatalf("create --master: %d %q %q", code, out, errs)
	}
	if body := lastMail(t, db, "seat", "gm@x.test"); !strings.Contains(body, "SIGNON master@roma ") {
		t.Errorf("master's mail: %q", body)
	}
	if code, _, errs := cli("", "game", "create", "milano", "--master", "nobody", "--db", db); code != 1 || !strings.Contains(errs, `master "nobody": expected a mail address`) {
		t.Errorf("--master nobody: %d %q", code, errs)
	}
}

// Every command lists its verbs with their syntax; --help prints on stdout
// and exits 0, a usage error prints on stderr and exits 2.
func TestUsageAndExitCodes(t *testing.T) {
	noConfig(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stdout bool // the usage on stdout, else on stderr
		want   []string
	}{
		{nil, 2, false, []string{"corriere serve [--config FILE]", "corriere game seat NAME POWER ADDRESS [--password-stdin]", "corriere game replace NAME", "corriere gm [--config FILE | --db PATH] GAME COMMAND...", "corriere adjudicate < request.json", "corriere map --in", "corriere demo [--out DIR]", "CORRIERE_CONFIG", "2 wrong usage"}},
		{[]string{"help"}, 0, true, []string{"corriere game create NAME [--master ADDRESS]", "corriere game observe NAME ADDRESS", "corriere game start NAME", "corriere game status NAME"}},
		{[]string{"--help"}, 0, true, []string{"usage: corriere <command>"}},
		{[]string{"frobnicate"}, 2, false, []string{`unknown command "frobnicate"`}},
		{[]string{"adjudicate", "--help"}, 0, true, []string{"usage: corriere adjudicate < request.json > response.json", "exits with status 2"}},
		{[]string{"game", "--help"}, 0, true, []string{"create NAME [--master ADDRESS]", "seat NAME POWER ADDRESS [--password-stdin]", "replace NAME POWER ADDRESS", "observe NAME ADDRESS", "start NAME", "status NAME", "POWER is exact"}},
		{[]string{"game"}, 2, false, []string{"usage: corriere game <verb>"}},
		{[]string{"game", "seat", "--help"}, 0, true, []string{"usage: corriere game", "-password-stdin"}},
		{[]string{"game", "seat", "roma", "--colour", "red"}, 2, false, []string{"flag provided but not defined: -colour"}},
		{[]string{"gm", "--help"}, 0, true, []string{"usage: corriere gm"}},
		{[]string{"gm"}, 2, false, []string{"usage: corriere gm"}},
		{[]string{"serve", "--help"}, 0, true, []string{"usage: corriere serve [--config FILE]"}},
		{[]string{"serve"}, 2, false, []string{"no configuration found"}},
		{[]string{"map", "--help"}, 0, true, []string{"usage: corriere map --in"}},
		{[]string{"demo", "--help"}, 0, true, []string{"usage: corriere demo"}},
	} {
		code, out, errs := cli("", tc.args...)
		where, other := errs, out
		if tc.stdout {
			where, other = out, errs
		}
		if code != tc.code || other != "" {
			t.Errorf("corriere %s: exit %d, stdout %q, stderr %q; want exit %d", strings.Join(tc.args, " "), code, out, errs, tc.code)
		}
		for _, w := range tc.want {
			if !strings.Contains(where, w) {
				t.Errorf("corriere %s: %q lacks %q", strings.Join(tc.args, " "), where, w)
			}
		}
	}
	// gm --help names every command the judge takes from a master.
	_, out, _ := cli("", "gm", "--help")
	for _, c := range judge.MasterCommands {
		if !strings.Contains(out, c.Syntax) {
			t.Errorf("gm --help lacks %q", c.Syntax)
		}
	}
}

// game and gm find the configuration as serve does: --config, then
// $CORRIERE_CONFIG, then ./corriere.toml, then the system's.
func TestConfigSearch(t *testing.T) {
	noConfig(t)
	dir := t.TempDir()
	write := func(name, db string) string {
		path := filepath.Join(dir, name)
		text := "[judge]\naddress = \"judge@x.test\"\ndatabase = " + `"` + filepath.Join(dir, db) + `"` + "\n"
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	flagCfg, envCfg, sysCfg := write("flag.toml", "flag.db"), write("env.toml", "env.db"), write("system.toml", "system.db")
	defaultConfigs = []string{"corriere.toml", sysCfg}
	t.Chdir(dir)
	steps := []struct {
		name, env string
		args      []string
		db        string
	}{
		{"the system's", "", nil, "system.db"},
		{"./corriere.toml", "", nil, "local.db"},
		{"$CORRIERE_CONFIG", envCfg, nil, "env.db"},
		{"--config", envCfg, []string{"--config", flagCfg}, "flag.db"},
	}
	for i, s := range steps {
		if i == 1 {
			write("corriere.toml", "local.db")
		}
		t.Setenv(configEnv, s.env)
		name := "g" + string(rune('a'+i))
		for _, args := range [][]string{
			append([]string{"game", "create", name}, s.args...),
			append(append([]string{"gm"}, s.args...), name, "TERMINATE"),
		} {
			if code, out, errs := cli("", args...); code != 0 {
				t.Fatalf("%s: %s: %d %q %q", s.name, strings.Join(args, " "), code, out, errs)
			}
		}
		if code, out, _ := cli("", append([]string{"game", "status", name, "--db"}, filepath.Join(dir, s.db))...); code != 0 || !strings.Contains(out, "finished") {
			t.Errorf("%s: game %s not in %s: %q", s.name, name, s.db, out)
		}
	}
}

// A second daemon on a database refuses to start, naming the first.
func TestServeRefusesALockedDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "judge.db")
	cfg := filepath.Join(dir, "corriere.toml")
	if err := os.WriteFile(cfg, []byte("[judge]\naddress = \"judge@x.test\"\ndatabase = \""+db+"\"\n[imap]\naddr = \"127.0.0.1:1\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	first, err := store.Acquire(db)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	code, out, errs := cli("", "serve", "--config", cfg)
	if code != 1 || !strings.Contains(errs, "database "+db+" is in use by another judge (pid ") || strings.Count(errs, "\n") != 1 {
		t.Errorf("second serve: exit %d, %q %q; want exit 1 and one line naming the holder", code, out, errs)
	}
}

func TestConfigAccess(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"operator = \"op@x.test\"\ncreate = [\"gm@x.test\", \"@club.test\"]\n", ""},
		{"operator = \"op\"\n", `judge.operator = "op": expected a mail address`},
		{"create = [\"club.test\"]\n", `judge.create: "club.test": expected an address (gm@example.org) or a domain (@club.example)`},
		{"create = [\"@\"]\n", `judge.create: "@"`},
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte("[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\n"+tc.text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := loadConfig(path)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.text, err)
		case tc.want == "":
			if a := c.access(); a.Operator != "op@x.test" || len(a.Create) != 2 {
				t.Errorf("access %+v", a)
			}
		case err == nil || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}
