// Command corriere is a play-by-email Diplomacy judge. Subcommands:
//
//	corriere serve [--config FILE]
//	corriere game create|seat|replace|observe|start|status ...
//	corriere gm GAME COMMAND...
//	corriere adjudicate < request.json > response.json
//	corriere map --in position.json --out map.png
//	corriere demo [--out DIR]
//
// Run "corriere help" for the list with every verb's syntax. Exit status:
// 0 success, 1 failure, 2 usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

type command struct {
	name string
	// syntax is how the command is written, one line per form, each
	// without the leading "corriere ".
	syntax func() []string
	what   string
	run    func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands []command

// The table refers to the commands' functions, which refer to it for
// their usage: it is filled in at init.
func init() {
	commands = []command{
		{"serve", fixed("serve [--config FILE]"), "run the judge against a real mailbox: answer every mail, process the deadlines, send the mail", runServe},
		{"game", gameSyntax, "make and manage games from the shell", runGame},
		{"gm", gmSyntax, "the game master's commands from the shell, as if mailed by the master", runGM},
		{"adjudicate", fixed("adjudicate < request.json > response.json"), "resolve one phase: results and the next position as JSON", runAdjudicate},
		{"map", fixed(mapSyntax), "draw a position (or a response's next position with its orders)", runMap},
		{"demo", fixed(demoSyntax), "play a game by mail on loopback servers (by default the rulebook's worked game); the judge's mails go to DIR", runDemo},
		{"help", fixed("help"), "this list", nil},
	}
}

func fixed(lines ...string) func() []string { return func() []string { return lines } }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if isHelp(args[0]) {
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] && c.run != nil {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "corriere: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func isHelp(arg string) bool {
	return arg == "help" || arg == "-h" || arg == "-help" || arg == "--help"
}

func usage(w io.Writer) {
	fmt.Fprint(w, "usage: corriere <command> [arguments]   (corriere <command> --help for more)\n\n")
	for _, c := range commands {
		for _, line := range c.syntax() {
			fmt.Fprintf(w, "  corriere %s\n", line)
		}
		fmt.Fprintf(w, "      %s\n", c.what)
	}
	fmt.Fprintf(w, "\n%s\nExit status: 0 done, 1 failed or refused, 2 wrong usage.\n", configHelp)
}

// parseFlags reads args with fs, taking flags before, between and after
// the positional arguments, which it returns. When the command should stop
// it says with what status: 0 after --help (the usage on stdout), 2 after a
// bad flag (the flag package's message and the usage on stderr).
// parseNoArgs is parseFlags for a command that takes flags only: an
// argument is a usage error.
func parseNoArgs(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (code int, stop bool) {
	pos, code, stop := parseFlags(fs, args, usage, stdout, stderr)
	if !stop && len(pos) > 0 {
		fmt.Fprintf(stderr, "corriere %s: unexpected arguments %q\n%s", fs.Name(), strings.Join(pos, " "), usage)
		return 2, true
	}
	return code, stop
}

func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (pos []string, code int, stop bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, usage)
				if hasFlags(fs) {
					fmt.Fprint(stdout, "\nflags:\n")
					fs.SetOutput(stdout)
					fs.PrintDefaults()
				}
				return nil, 0, true
			}
			fmt.Fprint(stderr, usage)
			return nil, 2, true
		}
		if fs.NArg() == 0 {
			return pos, 0, false
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// indent prefixes every line of s.
func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return prefix + strings.Join(lines, "\n"+prefix) + "\n"
}
