package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/corriere/corriere/judge"
)

// gameVerbs are the verbs of `corriere game`, with their positional
// arguments: the usage and the argument check both read them.
var gameVerbs = []struct {
	name   string
	args   int
	syntax string
	what   string
}{
	{"create", 1, wrapUsage("create NAME [--master ADDRESS]", judge.SettingFlagsUsage(games), "       "),
		"a new game, forming. Its master's password is printed once; with --master it is mailed to ADDRESS instead, the only address the master may sign on from"},
	{"seat", 3, "seat NAME POWER ADDRESS [--password-stdin]",
		"give a free power to a player, as the master's SEAT: the player is mailed the power and a new password (or the one read from stdin)"},
	{"replace", 3, "replace NAME POWER ADDRESS [--password-stdin]",
		"give a power already played to another player, as the master's REPLACE: the new player is mailed, everyone is told"},
	{"observe", 2, "observe NAME ADDRESS", "ADDRESS receives the game's results"},
	{"start", 1, "start NAME", "start a forming game whose powers all have players; each is mailed which power they play"},
	{"status", 1, "status NAME", "the game's settings, phase, deadline and players"},
}

// usageWidth is how far a usage's syntax lines go, in characters.
const usageWidth = 112

// wrapUsage is a syntax, head and then words, its lines broken between
// words to fit usageWidth and the lines after the first indented.
func wrapUsage(head string, words []string, indent string) string {
	var b strings.Builder
	b.WriteString(head)
	width := len(head)
	for _, w := range words {
		if width+1+len(w) > usageWidth {
			b.WriteString("\n" + indent + w)
			width = len(indent) + len(w)
			continue
		}
		b.WriteString(" " + w)
		width += 1 + len(w)
	}
	return b.String()
}

func gameSyntax() []string {
	var out []string
	for _, v := range gameVerbs {
		out = append(out, "game "+v.syntax+" [--config FILE | --db PATH]")
	}
	return out
}

func gameUsage() string {
	var b strings.Builder
	b.WriteString("usage: corriere game <verb> arguments [--config FILE | --db PATH]\n\n")
	for _, v := range gameVerbs {
		fmt.Fprintf(&b, "  %s\n%s", v.syntax, indent(v.what, "      "))
	}
	b.WriteString("\nPOWER is exact: its id, English or Italian name or abbreviation (france, Francia, FRA), any case.\n")
	b.WriteString("Mails are queued in the database; the running judge (corriere serve) sends them.\n")
	b.WriteString(configHelp + "\n")
	return b.String()
}

func runGame(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, gameUsage())
		return 2
	}
	verb := args[0]
	if isHelp(verb) {
		fmt.Fprint(stdout, gameUsage())
		return 0
	}
	want := -1
	for _, v := range gameVerbs {
		if v.name == verb {
			want = v.args
		}
	}
	if want < 0 {
		fmt.Fprintf(stderr, "corriere game: unknown verb %q\n\n%s", verb, gameUsage())
		return 2
	}
	fs := flag.NewFlagSet("game "+verb, flag.ContinueOnError)
	cfgPath := fs.String("config", "", "the configuration file, for the database's path")
	dbPath := fs.String("db", "", "the database file (instead of the configuration)")
	cr := judge.NewCreation()
	var master *string
	var passwordStdin *bool
	switch verb {
	case "create":
		master = fs.String("master", "", "the game master's address: mailed the master's password, and the only address the master may sign on from")
		judge.SettingFlags(fs, &cr, games)
	case "seat", "replace":
		passwordStdin = fs.Bool("password-stdin", false, "read the player's password from the first line of stdin instead of generating one")
	}
	pos, code, stop := parseFlags(fs, args[1:], gameUsage(), stdout, stderr)
	if stop {
		return code
	}
	if (verb == "seat" || verb == "replace") && len(pos) == 4 {
		fmt.Fprintf(stderr, "corriere game %s: a password on the command line stays in the shell's history and the process list: leave it out to have one generated and mailed to the player, or give it on stdin with --password-stdin\n", verb)
		return 2
	}
	if len(pos) != want {
		fmt.Fprintf(stderr, "corriere game %s: expected %d arguments, got %d\n\n%s", verb, want, len(pos), gameUsage())
		return 2
	}
	password := ""
	if passwordStdin != nil && *passwordStdin {
		var err error
		if password, err = readPassword(stdin); err != nil {
			fmt.Fprintf(stderr, "corriere game %s: --password-stdin: %v\n", verb, err)
			return 2
		}
	}
	path, err := databasePath(*cfgPath, *dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 2
	}
	ctx := context.Background()
	st, err := openWaiting(ctx, path, stderr, "corriere game "+verb+": waiting for the judge, which is writing the database...")
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Games: games, Store: st, Now: time.Now}
	var out string
	switch verb {
	case "create":
		var pw string
		if pw, err = j.CreateWithMaster(ctx, pos[0], cr, *master); err == nil {
			out = fmt.Sprintf("Game %s created, forming: seat its players with corriere game seat, then corriere game start (or leave it to its master).\n", pos[0])
			if *master != "" {
				out += fmt.Sprintf("Its master, %s, is mailed the password and may sign on from that address only.\n", strings.ToLower(*master))
			} else {
				out += fmt.Sprintf("The master's password, shown this once: %s\n(the master signs on with SIGNON master@%s <password>)\n", pw, pos[0])
			}
		}
	case "seat", "replace":
		if out, err = j.SeatPlayer(ctx, pos[0], pos[1], pos[2], password, verb == "replace"); err == nil {
			out = fmt.Sprintf("Game %s: %s\n", pos[0], out)
		}
	case "observe":
		if err = j.Observe(ctx, pos[0], pos[1]); err == nil {
			out = fmt.Sprintf("Game %s: %s observes it and receives its results.\n", pos[0], strings.ToLower(pos[1]))
		}
	case "start":
		if err = j.Start(ctx, pos[0]); err == nil {
			out = fmt.Sprintf("Game %s has started; everyone is mailed the position, the deadline and the power they play.\n", pos[0])
		}
	case "status":
		out, err = j.Status(ctx, pos[0])
	}
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 1
	}
	fmt.Fprint(stdout, out)
	return 0
}

// readPassword reads a password from the first line of r.
func readPassword(r io.Reader) (string, error) {
	if r == nil {
		return "", fmt.Errorf("expected the password on stdin, got nothing")
	}
	line, err := bufio.NewReader(io.LimitReader(r, 4096)).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("read the password: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", fmt.Errorf("expected the password on the first line of stdin, got an empty line")
	}
	return line, nil
}

// databasePath is the database a shell command works on: --db, or the one
// the configuration names (found as serve finds it).
func databasePath(cfgPath, dbPath string) (string, error) {
	if dbPath != "" {
		return dbPath, nil
	}
	path, err := findConfig(cfgPath)
	if err != nil {
		return "", fmt.Errorf("%w, or give the database with --db PATH", err)
	}
	cfg, err := loadConfig(path)
	if err != nil {
		return "", err
	}
	return cfg.Judge.Database, nil
}
