package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// Settings are a game's rules of play outside the board: when its phases
// are due, how late orders are taken, and what players may do.
type Settings struct {
	// Game are the game's own settings (game.Configurable) and its
	// deadlines, by name: a cron spec (minute hour day-of-month month
	// day-of-week, or a descriptor such as "@every 10s") in TimeZone for
	// each kind of phase in the game's calendar (game.Calendar). They are
	// stored among the judge's, as Diplomacy's always were.
	Game     map[string]string `json:"-"`
	TimeZone string            `json:"time_zone"`
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
	// End, "YYYY-MM-DD HH:MM" in TimeZone, ends the game at that time: the
	// power with the most units wins, ties share the victory (seed III).
	End string `json:"end,omitempty"`
	// NoObservers refuses OBSERVE: only the players receive the results.
	NoObservers bool `json:"no_observers,omitempty"`
	// MaxAbsence is how many days of absence (SET ABSENCE) each player
	// may take over the whole game; 0 takes none. Not omitempty: a stored
	// 0 must not read back as the default.
	MaxAbsence int `json:"max_absence"`
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

// Set sets a game's own setting or the deadlines of a kind of its
// phases, by name, as CREATE's settings line does: the game checks it
// when the game is created.
func (s *Settings) Set(name, value string) {
	if s.Game == nil {
		s.Game = map[string]string{}
	}
	s.Game[name] = value
}

// gameSettings are the settings the rules of kind k take (its
// Configure): its own settings, but not its deadlines, which are the
// judge's to keep; and, where k declares them (Diplomacy), the board
// and edition the game's columns hold, which games made before they were
// settings keep there only. Other kinds' columns are what their rules
// said of themselves (game.Labeled), no setting of theirs.
func (s *Settings) gameSettings(g *store.Game, k game.Kind) map[string]string {
	cal := calendarOf(k)
	out := map[string]string{}
	if conf, ok := k.(game.Configurable); ok {
		columns := map[string]string{"variant": g.Variant, "rules": g.Rules}
		for _, st := range conf.Settings() {
			if value := columns[st.Names[0]]; value != "" {
				out[st.Names[0]] = value
			}
		}
	}
	for key, value := range s.Game {
		if !slices.ContainsFunc(cal, func(pk game.PhaseKind) bool { return pk.Name == key }) && value != "" && value != "0" {
			out[key] = value
		}
	}
	return out
}

// judgeKeys are the JSON names of the judge's own settings: every other
// key of a game's stored settings is the game's (Settings.Game).
var judgeKeys = func() map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeFor[Settings]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "-" {
			out[name] = true
		}
	}
	return out
}()

// MarshalJSON writes the judge's settings, then the game's by name (in
// order), in one object.
func (s Settings) MarshalJSON() ([]byte, error) {
	type plain Settings
	b, err := json.Marshal(plain(s))
	if err != nil || len(s.Game) == 0 {
		return b, err
	}
	var extra bytes.Buffer
	for _, key := range slices.Sorted(maps.Keys(s.Game)) {
		k, _ := json.Marshal(key)
		v, _ := json.Marshal(s.Game[key])
		extra.WriteString("," + string(k) + ":" + string(v))
	}
	return append(b[:len(b)-1], append(extra.Bytes(), '}')...), nil
}

// UnmarshalJSON reads what MarshalJSON writes, and the stored settings of
// games made before Settings.Game, whose Diplomacy settings were fields
// of their own ("players": 3): every key that is not the judge's is the
// game's, a number as written.
func (s *Settings) UnmarshalJSON(b []byte) error {
	type plain Settings
	if err := json.Unmarshal(b, (*plain)(s)); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	s.Game = nil
	for key, raw := range all {
		if judgeKeys[key] {
			continue
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			v = string(raw)
		}
		s.Set(key, v)
	}
	return nil
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

// settingsText describes the game's settings, in l: what the rows of its
// table show (settingsFor), as settingsLayout places them.
func (j *Judge) settingsText(l lang, vw *view) string {
	return settingsText(l, j.Games, j.settings(), settingsLayout, &Creation{Kind: vw.g.Kind, Settings: vw.set})
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

// DefaultSettings are the judge's settings of a game where its master
// sets none; the game's deadlines are its calendar's (game.Calendar).
func DefaultSettings() Settings {
	return Settings{
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

// Validate checks the deadlines of every kind of phase in the calendar,
// the time zone and the press setting.
func (s *Settings) Validate(cal []game.PhaseKind) error {
	for _, k := range cal {
		spec := s.Game[k.Name]
		sched, err := cronParser.Parse(spec)
		if err != nil {
			return fmt.Errorf("%s deadline %q: %v (expected a cron spec like \"0 20 * * MON,THU\" or \"@every 24h\")", k.Name, spec, err)
		}
		// cron gives up after five years: a spec that names no day that
		// comes (30 February) would leave a game without deadlines.
		if sched.Next(cronCheckFrom).IsZero() {
			return fmt.Errorf("%s deadline %q never falls due (expected a cron spec like \"0 20 * * MON,THU\" or \"@every 24h\")", k.Name, spec)
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
	// The game's own settings are its rules' to check: rulesOf.
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
// game.Phase's Kind) that starts at from; a game without a calendar has
// one, "deadline", for every phase.
func (s *Settings) Deadline(kind string, from time.Time) (time.Time, error) {
	spec, ok := s.Game[kind]
	if !ok {
		spec = s.Game[oneDeadline.Name]
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
