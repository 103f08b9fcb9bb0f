package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/store"
)

func gmSyntax() []string {
	var verbs []string
	for _, c := range judge.MasterCommands {
		if len(verbs) == 0 || verbs[len(verbs)-1] != c.Verb {
			verbs = append(verbs, c.Verb)
		}
	}
	return []string{
		"gm [--config FILE | --db PATH] GAME COMMAND...   (COMMAND: " + strings.Join(verbs, ", ") + ")",
		"gm [--config FILE | --db PATH] GAME < commands.txt",
	}
}

// gmUsage lists the master's commands from the judge's own list, so that
// it names every one the judge takes.
func gmUsage() string {
	var b strings.Builder
	b.WriteString(`usage: corriere gm [--config FILE | --db PATH] GAME COMMAND...
       corriere gm [--config FILE | --db PATH] GAME < commands.txt

Runs game-master commands on GAME as its master would mail them after
SIGNON master@GAME (the operator needs no password), e.g.
  corriere gm --db judge.db roma PROCESS S1901M
  corriere gm --db judge.db roma EXTEND 24h
Mails to the players are queued for the running judge to send.

The master's commands:
`)
	for _, c := range judge.MasterCommands {
		fmt.Fprintf(&b, "  %s\n%s", c.Syntax, indent(c.What, "      "))
	}
	b.WriteString("\n" + configHelp + "\n")
	return b.String()
}

func runGM(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(stdout, gmUsage())
		return 0
	}
	fs := flag.NewFlagSet("gm", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "the configuration file, for the database's path")
	dbPath := fs.String("db", "", "the database file (instead of the configuration)")
	// Flags come first here: the commands may hold "--" (EDIT ... -- reason).
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprint(stdout, gmUsage())
			return 0
		}
		fmt.Fprint(stderr, gmUsage())
		return 2
	}
	if fs.NArg() < 1 {
		fmt.Fprint(stderr, gmUsage())
		return 2
	}
	name := fs.Arg(0)
	commands := strings.Join(fs.Args()[1:], " ")
	if commands == "" {
		if stdin == nil {
			fmt.Fprint(stderr, gmUsage())
			return 2
		}
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
		if err != nil {
			fmt.Fprintf(stderr, "corriere gm: read commands: %v\n", err)
			return 2
		}
		commands = string(b)
	}
	path, err := databasePath(*cfgPath, *dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "corriere gm: %v\n", err)
		return 2
	}
	ctx := context.Background()
	st, err := openWaiting(ctx, path, stderr, "corriere gm: waiting for the judge, which is writing the database...")
	if err != nil {
		fmt.Fprintf(stderr, "corriere gm: %v\n", err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Games: games, Store: st, Now: time.Now}
	reply, err := j.Master(ctx, name, commands)
	if err != nil {
		fmt.Fprintf(stderr, "corriere gm: %v\n", err)
		return 1
	}
	fmt.Fprint(stdout, reply)
	if strings.Contains(reply, "Refused") || strings.Contains(reply, "Unknown setting") {
		return 1
	}
	return 0
}

// openWaiting opens the database for a shell command: a write waits, as
// long as it takes, for the daemon's writing to end, and says once that
// it waits; reads never wait.
func openWaiting(ctx context.Context, path string, stderr io.Writer, notice string) (*store.Store, error) {
	var once sync.Once
	return store.OpenWith(ctx, path, store.OpenOptions{Wait: -1, Waiting: func() {
		once.Do(func() { fmt.Fprintln(stderr, notice) })
	}})
}
