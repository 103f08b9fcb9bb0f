package main

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/corriere/corriere/judge"
	"github.com/corriere/corriere/mailer"
)

// config is the file `corriere serve --config` reads; see
// examples/corriere.toml. Secrets may come from the environment instead:
// CORRIERE_IMAP_PASSWORD and CORRIERE_SMTP_PASSWORD override the file.
type config struct {
	Judge struct {
		Address  string         `toml:"address"`
		Database string         `toml:"database"`
		MaxSize  int            `toml:"max_size"`
		Poll     judge.Duration `toml:"poll"`
		// Operator is the operator's address; Create, who may CREATE games
		// by mail (addresses and "@domain"s; the operator when empty).
		Operator string   `toml:"operator"`
		Create   []string `toml:"create"`
		// AuthServID is the authserv-id of the receiving server whose
		// Authentication-Results are trusted; empty: none is.
		AuthServID string `toml:"authserv_id"`
		// DKIM has the judge check a signing-on mail's DKIM signatures
		// itself where that server gives no verdict.
		DKIM bool `toml:"dkim"`
	} `toml:"judge"`
	IMAP struct {
		Addr     string `toml:"addr"`
		Security string `toml:"security"`
		Username string `toml:"username"`
		Password string `toml:"password"`
		Mailbox  string `toml:"mailbox"`
		// Archive is the folder handled mail is moved to; empty leaves it
		// in Mailbox.
		Archive string `toml:"archive"`
	} `toml:"imap"`
	SMTP struct {
		Addr     string `toml:"addr"`
		Security string `toml:"security"`
		Username string `toml:"username"`
		Password string `toml:"password"`
		Hello    string `toml:"hello"`
	} `toml:"smtp"`
	Log struct {
		Level  string `toml:"level"`
		Format string `toml:"format"`
	} `toml:"log"`
}

func loadConfig(path string) (*config, error) {
	var c config
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("config %s: unknown setting %s", path, und[0])
	}
	if v := os.Getenv("CORRIERE_IMAP_PASSWORD"); v != "" {
		c.IMAP.Password = v
	}
	if v := os.Getenv("CORRIERE_SMTP_PASSWORD"); v != "" {
		c.SMTP.Password = v
	}
	if c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = "INBOX"
	}
	if c.Judge.Poll == 0 {
		c.Judge.Poll = judge.Duration(30 * time.Second)
	}
	// Checked in a fixed order, so that the message is always the same.
	var missing []string
	for _, s := range []struct{ name, v string }{{"judge.address", c.Judge.Address}, {"judge.database", c.Judge.Database}} {
		if s.v == "" {
			missing = append(missing, s.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config %s: missing %s", path, strings.Join(missing, ", "))
	}
	if c.Judge.Operator != "" && !judge.ValidAddress(c.Judge.Operator) {
		return nil, fmt.Errorf("config %s: judge.operator = %q: expected a mail address like admin@example.org", path, c.Judge.Operator)
	}
	for _, a := range c.Judge.Create {
		if !judge.ValidAddress(a) && !(strings.HasPrefix(a, "@") && judge.ValidAddress("x"+a)) {
			return nil, fmt.Errorf("config %s: judge.create: %q: expected an address (gm@example.org) or a domain (@club.example)", path, a)
		}
	}
	if a := strings.Trim(c.IMAP.Archive, "/"); a != "" && (a == c.IMAP.Mailbox || strings.EqualFold(a, "INBOX") && strings.EqualFold(c.IMAP.Mailbox, "INBOX")) {
		return nil, fmt.Errorf("config %s: imap.archive = %q: the archive must be another folder than the mailbox read (imap.mailbox)", path, c.IMAP.Archive)
	}
	for _, s := range []struct{ name, v string }{{"imap.security", c.IMAP.Security}, {"smtp.security", c.SMTP.Security}} {
		switch s.v {
		case "", "tls", "starttls", "none":
		default:
			return nil, fmt.Errorf("config %s: %s = %q: expected tls, starttls or none", path, s.name, s.v)
		}
	}
	return &c, nil
}

// access is who may do what on the judge.
func (c *config) access() judge.Access {
	return judge.Access{Operator: c.Judge.Operator, Create: c.Judge.Create}
}

func (c *config) imap() mailer.IMAPConfig {
	return mailer.IMAPConfig{Addr: c.IMAP.Addr, Security: orDefault(c.IMAP.Security, "tls"), Username: c.IMAP.Username, Password: c.IMAP.Password, Mailbox: c.IMAP.Mailbox, Archive: c.IMAP.Archive}
}

func (c *config) smtp() mailer.SMTPConfig {
	return mailer.SMTPConfig{Addr: c.SMTP.Addr, Security: orDefault(c.SMTP.Security, "starttls"), Username: c.SMTP.Username, Password: c.SMTP.Password, Hello: c.SMTP.Hello}
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}

func (c *config) logger(w *os.File) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(orDefault(c.Log.Level, "info")))
	opts := &slog.HandlerOptions{Level: level}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// configEnv names the configuration when --config does not.
const configEnv = "CORRIERE_CONFIG"

// defaultConfigs are where serve, game and gm look for the configuration
// after --config and $CORRIERE_CONFIG, in order.
var defaultConfigs = []string{"./corriere.toml", "/etc/corriere/corriere.toml"}

// configHelp says how the commands find the configuration, for usages.
var configHelp = "serve, game and gm read the configuration from --config FILE, else $" + configEnv + ", else " +
	strings.Join(defaultConfigs, ", else ") + "; game and gm take --db PATH instead."

// findConfig is the configuration file to read: flagPath (--config), else
// $CORRIERE_CONFIG, else the first of defaultConfigs that exists.
func findConfig(flagPath string) (string, error) {
	if flagPath != "" {
		return flagPath, nil
	}
	if p := os.Getenv(configEnv); p != "" {
		return p, nil
	}
	for _, p := range defaultConfigs {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no configuration found: give --config FILE or set %s (looked for %s)", configEnv, strings.Join(defaultConfigs, " and "))
}
