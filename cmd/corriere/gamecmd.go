package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/store"
)

const gameUsage = `usage: corriere game <verb> [--config FILE | --db PATH] arguments

  create NAME [--variant standard] [--rules 2023|1971] [--movement SPEC] [--retreat SPEC]
              [--adjustment SPEC] [--tz ZONE] [--grace 1h] [--reminder 12h] [--press white|grey|none] [--early=true]
              [--missing hold|disorder] [--end "YYYY-MM-DD HH:MM"] [--max-absence 15] [--draws all|partial]
              [--observers=true]
              [--players 7|6|5|4|3|2] [--alternative 1|2]
  seat NAME POWER ADDRESS PASSWORD
  observe NAME ADDRESS
  start NAME
  status NAME
`

func runGame(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, gameUsage)
		return 2
	}
	verb := args[0]
	fs := flag.NewFlagSet("game "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "the configuration file (for the database path)")
	dbPath := fs.String("db", "", "the database file (instead of --config)")
	set := judge.DefaultSettings()
	variant := fs.String("variant", "standard", "the variant")
	rules := fs.String("rules", "2023", "the rule edition: 2023 or 1971")
	if verb == "create" {
		fs.StringVar(&set.Movement, "movement", set.Movement, "cron spec of movement deadlines")
		fs.StringVar(&set.Retreat, "retreat", set.Retreat, "cron spec of retreat deadlines")
		fs.StringVar(&set.Adjustment, "adjustment", set.Adjustment, "cron spec of adjustment deadlines")
		fs.StringVar(&set.TimeZone, "tz", set.TimeZone, "the game's time zone")
		fs.TextVar(&set.Grace, "grace", set.Grace, "orders taken this long after the deadline")
		fs.TextVar(&set.Reminder, "reminder", set.Reminder, "remind this long before the deadline (0: never)")
		fs.StringVar(&set.Press, "press", set.Press, "press: white, grey or none")
		fs.BoolVar(&set.Early, "early", set.Early, "process early when every power is ready")
		fs.StringVar(&set.Missing, "missing", "hold", "a power without orders: hold, or disorder (seed XIV.3)")
		fs.StringVar(&set.End, "end", "", "end the game at this date and time (YYYY-MM-DD HH:MM): most units wins")
		fs.IntVar(&set.MaxAbsence, "max-absence", set.MaxAbsence, "days of absence (SET ABSENCE) each player may take over the game; 0: none")
		fs.IntVar(&set.Players, "players", 7, "players (seed XIV.2): 7; 6 (Italy absent); 5 (Italy and Germany absent); 4 (England; Austria+France; Germany+Turkey; Italy+Russia); 3 (see --alternative); 2 (England+France+Russia against Germany+Austria+Turkey, from 1914, Italy neutral until a coin toss)")
		fs.IntVar(&set.Alternative, "alternative", 0, "the three-player setup: 1 (Russia; England+France+Germany; Austria+Italy+Turkey) or 2 (England+Germany+Austria; Russia+Italy; France+Turkey)")
		fs.BoolFunc("observers", "take observers (OBSERVE <game>); --observers=false for none", func(v string) error {
			b, err := strconv.ParseBool(v)
			set.NoObservers = !b
			return err
		})
		fs.Func("draws", "draws: all (every survivor, the default) or partial (SET DRAW <powers> may leave some out)", func(v string) error {
			return set.SetDraws(v)
		})
	}
	// Flags may come before or after the positional arguments.
	var pos []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	want := map[string]int{"create": 1, "seat": 4, "observe": 2, "start": 1, "status": 1}
	n, ok := want[verb]
	if !ok {
		fmt.Fprintf(stderr, "corriere game: unknown verb %q\n%s", verb, gameUsage)
		return 2
	}
	if len(pos) != n {
		fmt.Fprintf(stderr, "corriere game %s: expected %d arguments, got %d\n%s", verb, n, len(pos), gameUsage)
		return 2
	}
	path, err := databasePath(*cfgPath, *dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Store: st, Now: time.Now}
	switch verb {
	case "create":
		err = j.CreateGame(ctx, pos[0], *variant, *rules, set)
	case "seat":
		err = j.Seat(ctx, pos[0], pos[1], pos[2], pos[3])
	case "observe":
		err = j.Observe(ctx, pos[0], pos[1])
	case "start":
		err = j.Start(ctx, pos[0])
	case "status":
		var text string
		if text, err = j.Status(ctx, pos[0]); err == nil {
			fmt.Fprint(stdout, text)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "corriere game %s: %v\n", verb, err)
		return 1
	}
	if verb != "status" {
		fmt.Fprintf(stdout, "game %s: %s done\n", pos[0], verb)
	}
	return 0
}

// databasePath is the database a shell command works on: --db, or the one
// the --config file names.
func databasePath(cfgPath, dbPath string) (string, error) {
	if dbPath != "" {
		return dbPath, nil
	}
	if cfgPath == "" {
		return "", fmt.Errorf("say where the database is: --config FILE or --db PATH")
	}
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return "", err
	}
	return cfg.Judge.Database, nil
}
