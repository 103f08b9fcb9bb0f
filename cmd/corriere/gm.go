package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/store"
)

const gmUsage = `usage: corriere gm [--config FILE | --db PATH] GAME COMMAND...
       corriere gm [--config FILE | --db PATH] GAME < commands.txt

Runs game-master commands on GAME as its master would mail them, e.g.
  corriere gm --db judge.db roma PROCESS S1901M
  corriere gm --db judge.db roma EXTEND 24h
(SEAT, REPLACE, EJECT, START, PAUSE, RESUME, EXTEND, SET DEADLINE, SET GRACE,
PROCESS, PREVIEW, ROLLBACK, DECLARE WINNER|DRAW, TERMINATE). Mails to the
players are queued for the running judge to send.
`

func runGM(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gm", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, gmUsage) }
	cfgPath := fs.String("config", "", "the configuration file (for the database path)")
	dbPath := fs.String("db", "", "the database file (instead of --config)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		fmt.Fprint(stderr, gmUsage)
		return 2
	}
	name := fs.Arg(0)
	commands := strings.Join(fs.Args()[1:], " ")
	if commands == "" {
		if stdin == nil {
			fmt.Fprint(stderr, gmUsage)
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
	st, err := store.Open(ctx, path)
	if err != nil {
		fmt.Fprintf(stderr, "corriere gm: %v\n", err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Store: st, Now: time.Now}
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
