package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

var serveUsage = `usage: corriere serve [--config FILE]

Runs the judge: reads the mailbox the configuration names, answers every
mail, processes the deadlines and sends the mail. One judge per database:
a second one refuses to start, naming the first.

` + configHelp + "\n"

// serveMemoryLimit is the daemon's soft memory limit (runtime/debug).
const serveMemoryLimit = 96 << 20

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	cfgPath := fs.String("config", "", "the configuration file")
	if code, stop := parseNoArgs(fs, args, serveUsage, stdout, stderr); stop {
		return code
	}
	path, err := findConfig(*cfgPath)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 2
	}
	cfg, err := loadConfig(path)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 2
	}
	log := cfg.logger(os.Stderr)
	// A deadline's burst (a thousand games' maps and mails) would let the
	// heap grow to twice what it holds before collecting; a soft limit
	// keeps the daemon small on a small machine. GOMEMLIMIT overrides it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	// One daemon per database: a second would send every mail again.
	lock, err := store.Acquire(cfg.Judge.Database)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 1
	}
	defer lock.Release()
	st, err := store.Open(ctx, cfg.Judge.Database)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Games: games, Store: st, Address: cfg.Judge.Address, Log: log, MaxSize: cfg.Judge.MaxSize}
	j.Access = cfg.access()
	j.AuthServID = cfg.Judge.AuthServID
	if cfg.Judge.DKIM {
		j.Verifier = &mailer.DKIMVerifier{}
	}
	// A mail over the judge's limit is fetched by its header only.
	imapCfg := cfg.imap()
	imapCfg.MaxSize = j.SizeLimit()
	log.Info("judge starting", "address", cfg.Judge.Address, "imap", cfg.IMAP.Addr, "smtp", cfg.SMTP.Addr, "database", cfg.Judge.Database, "operator", cfg.Judge.Operator, "create", cfg.Judge.Create)
	err = j.Run(ctx, judge.RunOptions{
		Dial:   dialInbox(imapCfg, log),
		Sender: mailer.NewSender(cfg.smtp()),
		Poll:   time.Duration(cfg.Judge.Poll),
	})
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 1
	}
	log.Info("judge stopped")
	return 0
}

// dialInbox is the judge's RunOptions.Dial for an IMAP mailbox.
func dialInbox(cfg mailer.IMAPConfig, log *slog.Logger) func(context.Context) (judge.Inbox, error) {
	return func(ctx context.Context) (judge.Inbox, error) {
		in, err := mailer.DialInbox(ctx, cfg, log)
		if err != nil {
			return nil, err // a nil Inbox, not a nil *mailer.Inbox
		}
		return in, nil
	}
}
