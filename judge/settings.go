package judge

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// Settings are a game's rules of play outside the board: when its phases
// are due, how late orders are taken, and what players may do.
type Settings struct {
	// Deadlines as cron specs (minute hour day-of-month month day-of-week,
	// or descriptors such as "@every 10s") in TimeZone, per phase type.
	Movement   string `json:"movement"`
	Retreat    string `json:"retreat"`
	Adjustment string `json:"adjustment"`
	TimeZone   string `json:"time_zone"`
	// Grace is how long after the deadline orders are still taken; the
	// phase is processed when it ends.
	Grace Duration `json:"grace"`
	// Reminder is how long before the deadline powers without complete
	// orders are reminded; zero for no reminder.
	Reminder Duration `json:"reminder"`
	// Press is "white" (signed), "grey" (may be anonymous) or "none".
	Press string `json:"press"`
	// Early processing when every power with orders to give is ready
	// (SET NOWAIT and complete orders).
	Early bool `json:"early"`
	// Missing is what becomes of a power that sends no orders by the
	// deadline: "hold" (its units hold) or "disorder" (seed XIV.3: also
	// disbanded when dislodged and no builds, until it orders again).
	Missing string `json:"missing,omitempty"`
	// End, "YYYY-MM-DD HH:MM" in TimeZone, ends the game at that time: the
	// power with the most units wins, ties share the victory (seed III).
	End string `json:"end,omitempty"`
	// NoObservers refuses OBSERVE: only the players receive the results.
	NoObservers bool `json:"no_observers,omitempty"`
	// MaxAbsence is how many days of absence (SET ABSENCE) each player
	// may take over the whole game; 0 takes none. Not omitempty: a stored
	// 0 must not read back as the default.
	MaxAbsence int `json:"max_absence"`
	// Players is the rulebook's setup for fewer players (seed XIV.2), 0
	// or 7 for the full game; see setup.go. Alternative picks between the
	// two three-player setups (1 or 2; 0 is 1).
	Players     int `json:"players,omitempty"`
	Alternative int `json:"alternative,omitempty"`
	// ItalyJoins is the two-player game's coin as games tossed it before
	// the coin moved into the position, tossed by the game's dice (the id
	// of the first power of the side Italy joins from Spring 1915): read
	// for those games, never written now.
	ItalyJoins string `json:"italy_joins,omitempty"`
	// PartialDraws lets players vote for draws that leave out some
	// survivors (SET DRAW <powers>); by default a draw includes all
	// survivors.
	PartialDraws bool `json:"partial_draws,omitempty"`
	// Language is what the judge writes to the game's players in until
	// one writes in another or chooses one (SET LANGUAGE), and to its
	// master and observers: "english" ("" too) or "italian".
	Language string `json:"language,omitempty"`
	// SenderCheck is how sure the judge must be that a mail that signs
	// on, as a player or as the master, comes from its From: a name of
	// senderChecks, "" for the first.
	SenderCheck string `json:"sender_check,omitempty"`
}

// gameSettings are the settings the game's own rules take (game.Kind's
// Configure): its columns' board and edition, and the settings of
// Diplomacy's that Settings keeps among the judge's (missing orders,
// the setup for fewer players, the coin of older two-player games), each
// where it is set.
func (s *Settings) gameSettings(g *store.Game) map[string]string {
	out := map[string]string{}
	put := func(key, value string) {
		if value != "" && value != "0" {
			out[key] = value
		}
	}
	put("variant", g.Variant)
	put("rules", g.Rules)
	put("missing", s.Missing)
	put("italy_joins", s.ItalyJoins)
	put("players", strconv.Itoa(s.Players))
	put("alternative", strconv.Itoa(s.Alternative))
	return out
}

// A senderCheck is a value of the setting sender_check.
type senderCheck struct {
	name string
	// refuses says whether a sign-on with this verdict on its From is
	// refused.
	refuses func(mailer.Verdict) bool
	// about says what the value means, in l.
	about func(l lang) string
}

// senderChecks are the values of sender_check, strictest and default
// first. A verdict comes from the receiving server (Judge.AuthServID) or
// the judge's DKIM check (Judge.Verifier); a judge with neither has none
// and trusts the From whatever the setting.
var senderChecks = []senderCheck{
	{"confirmed", func(v mailer.Verdict) bool { return !v.Passes() }, func(l lang) string {
		return l.t("a sign-on is taken only from a sender that the mail's DKIM signature, SPF or DMARC confirms")
	}},
	// For players whose mail cannot be confirmed (a provider that signs
	// nothing, a forwarder): an error of the DNS, or no verdict, passes.
	{"not_failed", func(v mailer.Verdict) bool { return v.Fails() }, func(l lang) string {
		return l.t("a sign-on is refused only from a sender shown to be forged")
	}},
	{"off", func(mailer.Verdict) bool { return false }, func(l lang) string {
		return l.t("senders are recorded, never refused")
	}},
}

// senderCheck is the game's sender_check; the strictest where the stored
// value is none the judge knows.
func (s *Settings) senderCheck() senderCheck {
	c, err := senderCheckNamed(s.SenderCheck)
	if err != nil {
		return senderChecks[0]
	}
	return c
}

// senderCheckNamed is the value of sender_check named name exactly, the
// default for "".
func senderCheckNamed(name string) (senderCheck, error) {
	if name == "" {
		return senderChecks[0], nil
	}
	var names []string
	for _, c := range senderChecks {
		if c.name == name {
			return c, nil
		}
		names = append(names, c.name)
	}
	return senderCheck{}, fmt.Errorf("sender_check %q: expected %s or %s", name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// SetSenderCheck reads the setting sender_check: confirmed, not_failed
// (or not-failed) or off.
func (s *Settings) SetSenderCheck(value string) error {
	c, err := senderCheckNamed(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(value)), "-", "_"))
	if err != nil {
		return err
	}
	s.SenderCheck = c.name
	return nil
}

// lang is the game's language.
func (s *Settings) lang() lang {
	l, _ := parseLang(s.Language)
	return l
}

const endLayout = "2006-01-02 15:04"

// endTime is End as a time; zero when the game has no end date.
func (s *Settings) endTime() (time.Time, error) {
	if s.End == "" {
		return time.Time{}, nil
	}
	loc, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.ParseInLocation(endLayout, s.End, loc)
	if err != nil {
		return time.Time{}, fmt.Errorf("end %q: expected a date and time like 2027-06-30 20:00", s.End)
	}
	return t, nil
}

// textIn describes the settings, in l: what settingTable's rows show,
// as settingsLayout places them.
func (s *Settings) textIn(l lang) string {
	return settingsText(l, settingTable, settingsLayout, &Creation{Settings: *s})
}

// atoi reads a whole number into n; problem, with the value, says what
// was expected.
func atoi(n *int, value, problem string) error {
	v, err := strconv.Atoi(value)
	if err != nil {
		return fmt.Errorf(problem, value)
	}
	*n = v
	return nil
}

// yesNo reads a yes-or-no setting: yes, true or on; no, false or off;
// and, since corriere game create's flags are read with it, what a Go
// boolean flag took before they were (1, t; 0, f).
func yesNo(name, value string) (bool, error) {
	switch strings.ToLower(value) {
	case "yes", "true", "on", "1", "t":
		return true, nil
	case "no", "false", "off", "0", "f":
		return false, nil
	}
	return false, fmt.Errorf("%s %q: expected yes or no", name, value)
}

// SetLanguage reads the language setting: english or italian (en, it).
func (s *Settings) SetLanguage(value string) error {
	l, ok := parseLang(value)
	if !ok {
		return fmt.Errorf("language %q: expected english or italian", value)
	}
	s.Language = l.String()
	return nil
}

// SetDraws reads the draws setting: "all" (a draw includes every
// survivor) or "partial" (SET DRAW <powers> may leave some out).
func (s *Settings) SetDraws(value string) error {
	switch strings.ToLower(value) {
	case "all", "dias":
		s.PartialDraws = false
	case "partial", "nodias":
		s.PartialDraws = true
	default:
		return fmt.Errorf("draws %q: expected all (every survivor) or partial", value)
	}
	return nil
}

// DefaultSettings are those of a twice-weekly game.
func DefaultSettings() Settings {
	return Settings{
		Movement:   "0 20 * * MON,THU",
		Retreat:    "0 20 * * *",
		Adjustment: "0 20 * * *",
		TimeZone:   "UTC",
		Grace:      Duration(time.Hour),
		Reminder:   Duration(12 * time.Hour),
		Press:      "white",
		Early:      true,
		MaxAbsence: 15,
	}
}

// Duration is a time.Duration written as "1h30m" in JSON and TOML.
type Duration time.Duration

func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("duration %q: expected a form like 90s, 30m or 1h30m", b)
	}
	*d = Duration(v)
	return nil
}

// cronCheckFrom is when Validate looks for a spec's next deadline: a fixed
// time, so that a check gives the same answer every day.
var cronCheckFrom = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// Validate checks every spec, the time zone and the press setting.
func (s *Settings) Validate() error {
	for _, c := range []struct{ name, spec string }{{"movement", s.Movement}, {"retreat", s.Retreat}, {"adjustment", s.Adjustment}} {
		sched, err := cronParser.Parse(c.spec)
		if err != nil {
			return fmt.Errorf("%s deadline %q: %v (expected a cron spec like \"0 20 * * MON,THU\" or \"@every 24h\")", c.name, c.spec, err)
		}
		// cron gives up after five years: a spec that names no day that
		// comes (30 February) would leave a game without deadlines.
		if sched.Next(cronCheckFrom).IsZero() {
			return fmt.Errorf("%s deadline %q never falls due (expected a cron spec like \"0 20 * * MON,THU\" or \"@every 24h\")", c.name, c.spec)
		}
	}
	if _, err := time.LoadLocation(s.TimeZone); err != nil {
		return fmt.Errorf("time zone %q: %v (expected a name like Europe/Rome)", s.TimeZone, err)
	}
	switch s.Press {
	case "white", "grey", "none":
	default:
		return fmt.Errorf("press %q: expected white, grey or none", s.Press)
	}
	if _, err := s.endTime(); err != nil {
		return err
	}
	// Diplomacy's own settings (players, alternative, missing) are its
	// rules' to check: rulesOf.
	if s.MaxAbsence < 0 {
		return fmt.Errorf("max absence %d: expected a number of days, 0 or more (0: no absences)", s.MaxAbsence)
	}
	if _, err := senderCheckNamed(s.SenderCheck); err != nil {
		return err
	}
	if s.Grace < 0 || s.Reminder < 0 {
		return fmt.Errorf("grace and reminder must not be negative")
	}
	return nil
}

// Deadline returns the deadline of a phase of the calendar's kind (a
// game.Phase's Kind) that starts at from: retreats and adjustments have
// their own schedules, any other kind the movement's.
func (s *Settings) Deadline(kind string, from time.Time) (time.Time, error) {
	spec := s.Movement
	switch kind {
	case "retreat":
		spec = s.Retreat
	case "adjustment":
		spec = s.Adjustment
	}
	sched, err := cronParser.Parse(spec)
	if err != nil {
		return time.Time{}, fmt.Errorf("deadline spec %q: %w", spec, err)
	}
	loc, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return time.Time{}, fmt.Errorf("time zone %q: %w", s.TimeZone, err)
	}
	return sched.Next(from.In(loc)), nil
}

func parseSettings(raw string) (Settings, error) {
	s := DefaultSettings()
	if strings.TrimSpace(raw) == "" {
		return s, nil
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return s, fmt.Errorf("game settings: %w", err)
	}
	return s, nil
}

func (s Settings) json() string {
	b, _ := json.Marshal(s)
	return string(b)
}
