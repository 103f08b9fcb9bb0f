package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

func runServe(args []string, _ io.Reader, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "corriere.toml", "the configuration file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 2
	}
	log := cfg.logger(os.Stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, cfg.Judge.Database)
	if err != nil {
		fmt.Fprintf(stderr, "corriere serve: %v\n", err)
		return 1
	}
	defer st.Close()
	j := &judge.Judge{Store: st, Address: cfg.Judge.Address, Log: log, MaxSize: cfg.Judge.MaxSize}
	log.Info("judge starting", "address", cfg.Judge.Address, "imap", cfg.IMAP.Addr, "smtp", cfg.SMTP.Addr, "database", cfg.Judge.Database)
	err = j.Run(ctx, judge.RunOptions{
		Dial:   dialInbox(cfg.imap(), log),
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
