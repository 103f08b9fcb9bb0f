package judge

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/store"
)

// update rewrites the golden files of this package's tests from what the
// code does now: go test ./judge -run Golden -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs from line %d:\n got %q\nwant %q", path, i+1, g, w)
		}
	}
}

// The states a dispatch case finds its game in, each a game of its own
// in the same database.
var dispatchGames = []struct{ name, state string }{
	{"fo", store.Forming}, {"ac", store.Active}, {"pa", store.Paused}, {"fi", store.Finished},
}

// dispatchRoles are who sends a case's command: the lines that come
// before it in the mail (%g is the game), or "operator" for corriere gm.
var dispatchRoles = []struct{ name, from, prefix string }{
	{"stranger", "someone@else.test", ""},
	{"player", "france@players.test", "SIGNON france@%g pw-france\n"},
	{"giocatore", "france@players.test", "Ciao, ecco i miei ordini per la partita:\nSIGNON france@%g pw-france\n"},
	{"master", "gm@x.test", "SIGNON master@%g s3cret-gm\n"},
	{"arbitro", "gm@x.test", "Ciao, ecco i miei comandi per la partita:\nSIGNON master@%g s3cret-gm\n"},
	{"become", "gm@x.test", "SIGNON master@%g s3cret-gm\nBECOME france\n"},
	{"operator", "", ""},
}

// dispatchCommands are the commands of the cases: every verb the judge
// reads, well and badly written (%g is the game).
var dispatchCommands = []string{
	"LIST", "LIST %g", "STATUS %g", "STATUS", "HISTORY %g", "SUMMARY %g", "SUMMARY nowhere", "OBSERVE %g",
	"PHASE S1901M\nA Par-Bur", "PHASE F1901M\nA Par-Bur", "PHASE sometime", "SIGNOFF\nA Par-Bur",
	"IF A Par-Bur\nA Mar-Spa\nENDIF", "Hello judge,", "A Par-Bur", "A Par-Bur\nA Mar-Spa\nF Bre-Mao",
	"CLEAR", "CLEAR x",
	"SET", "SET WAIT", "SET WAIT 5", "SET NOWAIT", "SET DRAW", "SET DRAW France Italy", "SET DRAW Narnia",
	"SET NODRAW", "SET NODRAW x", "SET ABSENCE 2026-11-25", "SET ABSENCE", "SET NOABSENCE", "SET NOABSENCE x",
	"SET ADDRESS elsewhere@players.test", "SET ADDRESS", "SET PASSWORD nuova-parola-9", "SET PASSWORD",
	"SET LANGUAGE ITALIAN", "SET LINGUA italiano", "SET LANGUAGE klingon", "SET COLOUR red",
	"CONCEDE", "CONCEDE germany", "RESIGN",
	"PRESS TO Italy\nhello\nENDPRESS", "PRESS\nhello\nENDPRESS", "BROADCAST\nhello all\nENDBROADCAST",
	"CREATE", "CREATE nuova s3cret-new\nrules 1971",
	"SEAT", "SEAT france new@players.test", "REPLACE france new@players.test", "EJECT", "EJECT france",
	"START", "PAUSE", "RESUME", "EXTEND", "EXTEND 24h", "PROCESS", "PROCESS S1901M", "PROCESS F1901M",
	"PREVIEW", "ROLLBACK", "ROLLBACK S1901M", "ROLLBACK S1905M", "BECOME", "BECOME france", "BECOME narnia",
	"EDIT", "EDIT REMOVE par -- a ruling", "DECLARE", "DECLARE WINNER france", "DECLARE DRAW france italy",
	"TERMINATE", "SET DEADLINE", "SET DEADLINE 2026-12-01 20:00", "SET DEADLINE 2020-01-01 20:00",
	"SET GRACE 1h", "SET GRACE x", "SET SENDER_CHECK off", "SET SENDER-CHECK", "SET SENDER_CHECK",
	"PAUSE\nRESUME", "TERMINATE\nRESUME",
}

// dispatchBase writes the database every case starts from: the four
// games of dispatchGames, each with a master and every seat taken.
func dispatchBase(t *testing.T, j *Judge, path string) {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	j.Store = st
	set := DefaultSettings()
	everyDay(&set)
	hash, err := HashPassword("s3cret-gm")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range dispatchGames {
		if err := j.CreateGame(ctx, g.name, "standard", "2023", set); err != nil {
			t.Fatal(err)
		}
		err := st.Tx(ctx, func(tx *store.Tx) error {
			row, err := tx.Game(g.name)
			if err != nil {
				return err
			}
			row.MasterHash = hash
			return tx.UpdateGame(row)
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range powers {
			if err := j.Seat(ctx, g.name, p, p+"@players.test", "pw-"+p); err != nil {
				t.Fatal(err)
			}
		}
		var steps []string
		switch g.state {
		case store.Active:
			steps = []string{"START", "PROCESS S1901M"}
		case store.Paused:
			steps = []string{"START", "PROCESS S1901M", "PAUSE"}
		case store.Finished:
			steps = []string{"START", "PROCESS S1901M", "TERMINATE"}
		}
		for _, s := range steps {
			if _, err := j.Master(ctx, g.name, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenDispatch pins what every verb does, for each kind of sender
// and in each state of a game: the reply, the game's state after, and the
// mail it queued for others. Each case starts from the same database.
func TestGoldenDispatch(t *testing.T) {
	if testing.Short() {
		t.Skip("some thousands of mails; skipped with -short")
	}
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	judge := func() *Judge {
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		return &Judge{Games: testGames, Address: "judge@corriere.test", Now: clk.now, Log: quiet, NoMap: true,
			Access: Access{Create: []string{"gm@x.test"}}, Seed: seedTossing("F1914M", 0)}
	}
	base := filepath.Join(t.TempDir(), "base.db")
	dispatchBase(t, judge(), base)
	raw, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range dispatchGames {
		t.Run(g.state, func(t *testing.T) {
			t.Parallel()
			golden(t, "dispatch-"+g.state+".txt", dispatchCases(t, judge(), raw, g.name, clk.now()))
		})
	}
}

// dispatchCases runs every role's every command on game name, each from
// the database raw, and writes what happened.
func dispatchCases(t *testing.T, j *Judge, raw []byte, name string, now time.Time) string {
	ctx := context.Background()
	dir := t.TempDir()
	var out strings.Builder
	n := 0
	for _, r := range dispatchRoles {
		for _, c := range dispatchCommands {
			n++
			path := filepath.Join(dir, fmt.Sprintf("case%d.db", n))
			if err := os.WriteFile(path, raw, 0o600); err != nil {
				t.Fatal(err)
			}
			st, err := store.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			j.Store = st
			cmd := strings.ReplaceAll(c, "%g", name)
			fmt.Fprintf(&out, "=== %s: %s\n", r.name, strings.ReplaceAll(cmd, "\n", " / "))
			var before int
			st.Read(ctx, func(tx *store.Tx) error {
				m, err := tx.Outbox()
				before = len(m)
				return err
			})
			if r.name == "operator" {
				reply, err := j.Master(ctx, name, cmd)
				out.WriteString(reply)
				if err != nil {
					fmt.Fprintf(&out, "error: %v\n", err)
				}
			} else {
				id := fmt.Sprintf("case%d@test", n)
				body := strings.ReplaceAll(r.prefix, "%g", name) + cmd
				mail := "From: " + r.from + "\r\nTo: judge@corriere.test\r\nSubject: commands\r\nMessage-ID: <" + id + ">\r\n" +
					"Date: " + now.Format(time.RFC1123Z) + "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
				if err := j.Handle(ctx, []byte(mail)); err != nil {
					fmt.Fprintf(&out, "error: %v\n", err)
				}
			}
			err = st.Read(ctx, func(tx *store.Tx) error {
				row, err := tx.Game(name)
				if err != nil {
					return err
				}
				fmt.Fprintf(&out, "--- %s %s deadline %s\n", row.State, row.Phase, row.Deadline.Format(time.RFC3339))
				mails, err := tx.Outbox()
				for _, m := range mails[before:] {
					if m.Kind == "reply" {
						out.WriteString(m.Body)
						continue
					}
					body := m.Body
					if m.Kind == "seat" { // a new password, random
						body = ""
					}
					sum := sha256.Sum256([]byte(body))
					fmt.Fprintf(&out, "--- %s to %s: %s (%x)\n", m.Kind, m.Recipient, m.Subject, sum[:6])
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			os.Remove(path)
		}
	}
	return out.String()
}
