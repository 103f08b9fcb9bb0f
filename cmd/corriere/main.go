// Command corriere is a play-by-email Diplomacy judge. Subcommands:
//
//	corriere adjudicate < request.json > response.json
//
// Run "corriere help" for the list.
package main

import (
	"fmt"
	"io"
	"os"
)

type command struct {
	name, usage string
	run         func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"adjudicate", "adjudicate < position.json: resolve one phase; results and the next position as JSON on stdout", runAdjudicate},
	{"map", "map --in position.json --out map.png|map.svg: draw a position (or a response's next position with its orders)", runMap},
	{"demo", "demo [--out DIR]: play the rulebook's worked game by mail on loopback servers; the judge's mails go to DIR", runDemo},
	{"serve", "serve --config corriere.toml: run the judge against a real mailbox", runServe},
	{"gm", "gm [--db PATH] GAME COMMAND...: game-master commands (PROCESS, ROLLBACK, PAUSE...) from the shell", runGM},
	{"game", "game create|seat|observe|start|status ...: manage games from the shell", runGame},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "corriere: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: corriere <command> [arguments]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %s\n", c.usage)
	}
}
