package judge

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/corriere/corriere/game"
)

// A game's settings are declared once each, as rows of one table
// (settingsFor): the judge's own here (judgeSettings), the deadlines of
// the game's calendar and the game's own settings from its Kind
// (gamesettings.go). Each row says how CREATE's settings line and
// corriere game create's flag name it, how its value is read and
// written, how the settings text (STATUS, CREATE's reply) says it and how
// HELP describes it, in each language. CREATE, the flags, the settings
// text, HELP and the usages read the table. A new setting of the judge's
// is a field of Settings and a row here, with its place in
// settingsLayout and its Show's Italian in italianText; its default is
// DefaultSettings'. A game's are its own to declare (game.Configurable).

// A Setting is one setting of a game.
type Setting struct {
	// Names are how a settings line of CREATE names it, the one the judge
	// writes first; in any case, with a ":" or "=" after it or not
	// ("Grace: 1h", "grace= 1h"). A name of several words ("max absence")
	// is written whole.
	Names []string
	// Form is how its value is written, in usages: "white|grey|none",
	// "<days>"; yesOrNo for a yes-or-no setting, which is a boolean flag.
	Form string
	// Flag is its flag of corriere game create, "" for none. FlagHelp
	// says what it does there; a back-quoted word in it names the flag's
	// value in the flags' listing (flag.UnquoteUsage: "time `zone`").
	Flag, FlagHelp string
	// Game is "" for a setting of the judge's own, which every game has
	// (grace, press, languages...), else the kind of game whose calendar
	// or own settings it comes from ("diplomacy").
	Game string
	// Parse reads a value, as written after the setting's name, into s.
	// It checks what can be checked of the value alone; Settings.Validate
	// checks the settings together, once all are read.
	Parse func(s *Creation, value string) error
	// Value is the setting's value in s, as Parse reads it: a flag's
	// default, from the defaults (NewCreation), is its Value there.
	Value func(s *Creation) string
	// Show is what the settings text says of it, in l ("grace 1h0m0s");
	// "" for nothing (no end date). Nil for a setting said elsewhere (the
	// variant, in STATUS's first line; the setup, by setupIn).
	// settingsLayout places it.
	Show func(l lang, s *Creation) string
	// Help describes it in CREATE's entry of HELP, in each language: its
	// name and its values, "press (white|grey|none)". Empty where another
	// setting's describes it too ("movement/retreat/adjustment"). A "\n"
	// breaks the help's line there; otherwise lines break between
	// settings, where one no longer fits.
	Help [languages]string
}

// languages counts the languages the judge writes in.
const languages = lang(game.Langs)

// yesOrNo is the Form of a yes-or-no setting.
const yesOrNo = "yes|no"

// A Creation is what CREATE makes a game of: its kind and its settings,
// the judge's and the game's (Settings.Game), stored as JSON.
type Creation struct {
	// Kind is the game's kind (a registered game.Kind's name): "" for the
	// judge's first.
	Kind     string
	Settings Settings
}

// NewCreation is a game as CREATE makes it without settings lines.
func NewCreation() Creation {
	return Creation{Settings: DefaultSettings()}
}

// judgeSettings are the judge's own settings, those of any game, in
// HELP's order: the kind of game, then (the deadlines of the game's
// calendar, settingsFor) their time zone, grace, reminder, press, early
// processing, the days of absence, the end date, observers, whether a
// draw may leave survivors out (the judge counts the votes; the game
// says who survives), the language and the sender check. At the end date
// the game says who wins (game.Ender).
var judgeSettings = []Setting{
	{
		Names: []string{"game"}, Form: "<game>", Flag: "game", FlagHelp: "the `game` to play, of those the judge runs (default: its first)",
		Parse: func(c *Creation, v string) error { c.Kind = strings.ToLower(v); return nil },
		Value: func(c *Creation) string { return c.Kind },
		Help:  [languages]string{"game (the judge's first by default)", "game (per difetto il primo del giudice)"},
	},
	{
		Names: []string{"timezone", "tz"}, Form: "<zone>", Flag: "tz", FlagHelp: "the game's time `zone`",
		Parse: func(c *Creation, v string) error { c.Settings.TimeZone = v; return nil },
		Value: func(c *Creation) string { return c.Settings.TimeZone },
		Show:  func(l lang, c *Creation) string { return c.Settings.TimeZone },
		Help:  [languages]string{"timezone", "timezone"},
	},
	{
		Names: []string{"grace"}, Form: "<duration>", Flag: "grace", FlagHelp: "orders taken this long after the deadline",
		Parse: func(c *Creation, v string) error { return c.Settings.Grace.UnmarshalText([]byte(v)) },
		Value: func(c *Creation) string { return time.Duration(c.Settings.Grace).String() },
		Show:  func(l lang, c *Creation) string { return l.f("grace %s", time.Duration(c.Settings.Grace)) },
		Help:  [languages]string{"grace", "grace"},
	},
	{
		Names: []string{"reminder"}, Form: "<duration>", Flag: "reminder", FlagHelp: "remind this long before the deadline (0: never)",
		Parse: func(c *Creation, v string) error { return c.Settings.Reminder.UnmarshalText([]byte(v)) },
		Value: func(c *Creation) string { return time.Duration(c.Settings.Reminder).String() },
		Show:  func(l lang, c *Creation) string { return l.f("reminder %s", time.Duration(c.Settings.Reminder)) },
		Help:  [languages]string{"reminder", "reminder"},
	},
	{
		Names: []string{"press"}, Form: "white|grey|none", Flag: "press", FlagHelp: "`press`: white, grey or none",
		Parse: func(c *Creation, v string) error { c.Settings.Press = strings.ToLower(v); return nil },
		Value: func(c *Creation) string { return c.Settings.Press },
		Show:  func(l lang, c *Creation) string { return l.t("press " + c.Settings.Press) },
		Help:  [languages]string{"press (white|grey|none)", "press (white|grey|none)"},
	},
	{
		Names: []string{"early"}, Form: yesOrNo, Flag: "early", FlagHelp: "process early when every power has SET NOWAIT",
		Parse: func(c *Creation, v string) (err error) { c.Settings.Early, err = yesNo("early", v); return err },
		Value: func(c *Creation) string { return strconv.FormatBool(c.Settings.Early) },
		Show:  func(l lang, c *Creation) string { return l.f("Early processing %s", yesWord(c.Settings.Early)) },
		Help:  [languages]string{"early (yes|no)", "early (yes|no)"},
	},
	{
		Names: []string{"max absence", "max_absence", "max-absence"}, Form: "<days>", Flag: "max-absence",
		FlagHelp: "`days` of absence (SET ABSENCE) each player may take over the game; 0: none",
		Parse: func(c *Creation, v string) error {
			return atoi(&c.Settings.MaxAbsence, v, "max absence %q: expected a number of days (0: no absences)")
		},
		Value: func(c *Creation) string { return strconv.Itoa(c.Settings.MaxAbsence) },
		Show: func(l lang, c *Creation) string {
			if c.Settings.MaxAbsence > 0 {
				return l.f("absences: %s", l.f("%d days per player", c.Settings.MaxAbsence))
			}
			return l.f("absences: %s", l.t("none taken"))
		},
		Help: [languages]string{"max absence <days> (each player's over the game, 15; 0: none)", "max absence <giorni>"},
	},
	{
		Names: []string{"end"}, Form: "<YYYY-MM-DD HH:MM>", Flag: "end", FlagHelp: "end the game at this `date` and time (YYYY-MM-DD HH:MM): most units wins",
		Parse: func(c *Creation, v string) error { c.Settings.End = v; return nil },
		Value: func(c *Creation) string { return c.Settings.End },
		Show: func(l lang, c *Creation) string {
			if c.Settings.End == "" {
				return ""
			}
			return l.f("ends %s", c.Settings.End)
		},
		Help: [languages]string{"end (YYYY-MM-DD HH:MM: most units wins then)", "end (AAAA-MM-GG HH:MM)"},
	},
	{
		Names: []string{"observers"}, Form: yesOrNo, Flag: "observers", FlagHelp: "take observers (OBSERVE <game>); --observers=false for none",
		Parse: func(c *Creation, v string) error {
			yes, err := yesNo("observers", v)
			c.Settings.NoObservers = !yes
			return err
		},
		Value: func(c *Creation) string { return strconv.FormatBool(!c.Settings.NoObservers) },
		Show:  func(l lang, c *Creation) string { return l.f("observers %s", yesWord(!c.Settings.NoObservers)) },
		Help:  [languages]string{"observers (yes|no)", "observers (yes|no)"},
	},
	{
		Names: []string{"draws"}, Form: "all|partial", Flag: "draws",
		FlagHelp: "`draws`: all (every survivor) or partial (SET DRAW <powers> may leave some out)",
		Parse:    func(c *Creation, v string) error { return c.Settings.SetDraws(v) },
		Value: func(c *Creation) string {
			if c.Settings.PartialDraws {
				return "partial"
			}
			return "all"
		},
		Show: func(l lang, c *Creation) string {
			if c.Settings.PartialDraws {
				return l.f("draws: %s", l.t("partial allowed"))
			}
			return l.f("draws: %s", l.t("all survivors"))
		},
		Help: [languages]string{"draws (all|partial)", "draws (all|partial)"},
	},
	{
		Names: []string{"language"}, Form: "english|italian", Flag: "language",
		FlagHelp: "the `language` the judge writes to the game in until a reader writes in another: english or italian",
		Parse:    func(c *Creation, v string) error { return c.Settings.SetLanguage(v) },
		Value:    func(c *Creation) string { return c.Settings.lang().String() },
		Show:     func(l lang, c *Creation) string { return l.f("language %s", word(c.Settings.lang().String())) },
		Help:     [languages]string{"language (english|italian)", "language (italian|english)"},
	},
	{
		Names: []string{"sender_check", "sender-check"}, Form: "confirmed|not_failed|off", Flag: "sender-check",
		FlagHelp: "how sure the judge must be that a sign-on comes from its From: confirmed (DKIM, SPF or DMARC confirm it), not_failed (only a sender shown forged is refused) or off (recorded, never refused)",
		Parse:    func(c *Creation, v string) error { return c.Settings.SetSenderCheck(v) },
		Value:    func(c *Creation) string { return c.Settings.senderCheck().name },
		Show: func(l lang, c *Creation) string {
			check := c.Settings.senderCheck()
			return l.f("Sender check: %s (%s)", check.name, check.about(l))
		},
		Help: [languages]string{"sender_check (confirmed|not_failed|off: how sure the judge must be\nthat a sign-on comes from its From)",
			"sender_check (confirmed|not_failed|off: quanto il giudice deve essere\nsicuro che un collegamento venga dal suo mittente)"},
	},
}

// yesWord is a yes-or-no setting as the settings text says it.
func yesWord(b bool) word {
	if b {
		return "yes"
	}
	return "no"
}

// settingOf finds the setting a settings line sets, by its first word,
// and the value written after its name. A line whose first word names no
// setting gives nil; one whose first word begins a name of several words
// but whose next words are not that name's gives an error ("max days 3").
func settingOf(table []Setting, line string) (*Setting, string, error) {
	first, rest := cutWord(line)
	for i := range table {
		st := &table[i]
		for _, name := range st.Names {
			words := strings.Fields(name)
			if !sameKey(first, words[0], len(words) == 1) {
				continue
			}
			value := rest
			for j, w := range words[1:] {
				var got string
				got, value = cutWord(value)
				if !sameKey(got, w, j == len(words)-2) {
					return nil, "", fmt.Errorf("expected %s %s", name, st.Form)
				}
			}
			return st, value, nil
		}
	}
	return nil, "", nil
}

// sameKey says whether a word as written is the word of a name: in any
// case, and, for its last word, with a ":" or "=" after it or not.
func sameKey(written, word string, last bool) bool {
	if last {
		written = strings.TrimRight(written, ":=")
	}
	return strings.EqualFold(written, word)
}

// cutWord is a line's first word and, trimmed, what follows it.
func cutWord(line string) (word, rest string) {
	line = strings.TrimSpace(line)
	i := strings.IndexFunc(line, unicode.IsSpace)
	if i < 0 {
		return line, ""
	}
	return line[:i], strings.TrimSpace(line[i:])
}

// namesSetting says whether a line of a mail is a settings line of CREATE:
// whether its first word begins a setting's name.
func namesSetting(table []Setting, line string) bool {
	st, _, err := settingOf(table, line)
	return st != nil || err != nil
}

// readLines reads CREATE's settings lines into c, each "<name> <value>";
// at the first it cannot read it returns that line and why.
func (c *Creation) readLines(table []Setting, text string) (string, error) {
	for _, line := range strings.Split(text, "\n") {
		st, value, err := settingOf(table, line)
		if err == nil && st != nil {
			err = st.Parse(c, value)
		}
		if err != nil {
			return line, err
		}
	}
	return "", nil
}

// settingsLayout places the settings in the settings text, by their first
// name: a text line per entry, its clauses joined by "; ", each of
// settings joined by ", "; "deadlines" stands for the deadlines of the
// game's calendar (deadlinesText). It follows the table's order but for
// the draws and the end date, which the text has said where they are
// since before the table. A setting with a Show it does not name (a
// game's own) follows, on a line of its own.
var settingsLayout = []string{
	"deadlines, timezone; grace, reminder, press",
	"early; draws; max absence; observers, end; language",
	"sender_check",
}

// settingsText is the settings text of table's settings in c, in l, for
// a judge that hosts kinds.
func settingsText(l lang, kinds []game.Kind, table []Setting, layout []string, c *Creation) string {
	show := func(name string) string {
		if name == "deadlines" {
			return deadlinesText(l, kinds, c)
		}
		for _, st := range table {
			if st.Names[0] == name && st.Show != nil {
				return st.Show(l, c)
			}
		}
		return ""
	}
	var b strings.Builder
	line := func(clauses [][]string) {
		var said []string
		for _, clause := range clauses {
			var parts []string
			for _, name := range clause {
				if t := show(name); t != "" {
					parts = append(parts, t)
				}
			}
			if len(parts) > 0 {
				said = append(said, strings.Join(parts, ", "))
			}
		}
		if len(said) > 0 {
			b.WriteString(strings.Join(said, "; ") + ".\n")
		}
	}
	placed := map[string]bool{}
	for _, entry := range layout {
		var clauses [][]string
		for _, clause := range strings.Split(entry, ";") {
			var names []string
			for _, name := range strings.Split(clause, ",") {
				name = strings.TrimSpace(name)
				names = append(names, name)
				placed[name] = true
			}
			clauses = append(clauses, names)
		}
		line(clauses)
	}
	var rest [][]string
	for _, st := range table {
		if st.Show != nil && !placed[st.Names[0]] {
			rest = append(rest, []string{st.Names[0]})
		}
	}
	line(rest)
	return b.String()
}

// helpColumn and helpWidth are where HELP's descriptions begin and how
// far its lines go, in characters.
const helpColumn, helpWidth = 37, 109

// helpSettingsMark stands in HELP's text for the settings' descriptions,
// on CREATE's line.
const helpSettingsMark = "<settings>"

// withSettingsHelp is help with the settings' descriptions in l where
// helpSettingsMark stands, in a line such as "CREATE ... followed by
// settings lines: <settings>; you become its master" (withList).
func withSettingsHelp(l lang, table []Setting, help string) string {
	var parts []string
	for _, st := range table {
		if h := st.Help[l]; h != "" {
			parts = append(parts, h+",")
		}
	}
	return withList(help, helpSettingsMark, parts)
}

// helpEditMark stands in HELP's text for the changes each game's EDIT
// takes (game.EditHelper).
const helpEditMark = "<edits>"

// withEditHelp is help with the changes the kinds' EDIT takes in l where
// helpEditMark stands, after the names of the games that take them (the
// games on one engine take the same), broken after their commas.
func withEditHelp(l lang, kinds []game.Kind, help string) string {
	var forms, names []string
	for _, k := range kinds {
		if e, ok := k.(game.EditHelper); ok {
			f := e.EditForms()[l]
			if i := slices.Index(forms, f); i >= 0 {
				names[i] += ", " + k.Name()
				continue
			}
			forms, names = append(forms, f), append(names, k.Name())
		}
	}
	var parts []string
	for i, f := range forms {
		words := strings.SplitAfter(f, ", ")
		for w := range words {
			words[w] = strings.TrimSpace(words[w])
		}
		words[0] = l.f("for %s: ", names[i]) + words[0]
		words[len(words)-1] += ";"
		parts = append(parts, words...)
	}
	if len(parts) == 0 {
		parts = []string{l.t("what the game takes") + ";"}
	}
	return withList(help, helpEditMark, parts)
}

// withList is help with parts where mark stands, each with its
// separator but the last, which ends with the word right after the mark
// in place of its own. The line is broken to fit helpWidth between the
// parts, after the words before the mark and before those after it.
func withList(help, mark string, parts []string) string {
	at := strings.Index(help, mark)
	if at < 0 {
		return help
	}
	start := strings.LastIndexByte(help[:at], '\n') + 1
	stop := strings.IndexByte(help[at:], '\n')
	if stop < 0 {
		stop = len(help)
	} else {
		stop += at
	}
	before := strings.TrimRight(help[start:at], " ")
	end, rest, _ := strings.Cut(strings.TrimSpace(help[at+len(mark):stop]), " ")
	if len(parts) > 0 {
		last := parts[len(parts)-1]
		parts[len(parts)-1] = last[:len(last)-1] + end
	}
	if rest != "" {
		parts = append(parts, rest)
	}
	var b strings.Builder
	b.WriteString(help[:start] + before)
	width := utf8.RuneCountInString(before)
	indent := strings.Repeat(" ", helpColumn)
	for _, p := range parts {
		lines := strings.Split(p, "\n")
		if n := utf8.RuneCountInString(lines[0]); width+1+n <= helpWidth {
			b.WriteString(" " + lines[0])
			width += 1 + n
		} else {
			b.WriteString("\n" + indent + lines[0])
			width = helpColumn + n
		}
		for _, more := range lines[1:] {
			b.WriteString("\n" + indent + more)
			width = helpColumn + utf8.RuneCountInString(more)
		}
	}
	b.WriteString(help[stop:])
	return b.String()
}

// settingNames lists the settings' names, for usages:
// "variant, rules, movement, ...".
func settingNames(table []Setting) string {
	var names []string
	for _, st := range table {
		names = append(names, st.Names[0])
	}
	return strings.Join(names, ", ")
}

// A settingFlag is a setting as a flag.Value: the flag is read as
// CREATE's settings line is.
type settingFlag struct {
	st *Setting
	s  *Creation
}

func (f settingFlag) Set(v string) error { return f.st.Parse(f.s, v) }

// String is the setting's value, quoted where it has spaces as a shell
// wants it ("0 20 * * MON,THU"); "" for the zero settingFlag, which flag
// makes to tell a default worth printing.
func (f settingFlag) String() string {
	if f.st == nil {
		return ""
	}
	v := f.st.Value(f.s)
	if strings.ContainsFunc(v, unicode.IsSpace) {
		return strconv.Quote(v)
	}
	return v
}

// IsBoolFlag lets a yes-or-no setting's flag stand alone: --early.
func (f settingFlag) IsBoolFlag() bool { return f.st != nil && f.st.Form == yesOrNo }

// registerFlags gives fs a flag for each of table's settings that has
// one, which sets it in s.
func registerFlags(fs *flag.FlagSet, table []Setting, s *Creation) {
	for i := range table {
		if st := &table[i]; st.Flag != "" {
			fs.Var(settingFlag{st, s}, st.Flag, st.FlagHelp)
		}
	}
}

// flagsUsage lists table's flags as a usage writes them:
// "[--press white|grey|none]", "[--early=yes|no]".
func flagsUsage(table []Setting) []string {
	var out []string
	for _, st := range table {
		switch {
		case st.Flag == "":
		case st.Form == yesOrNo:
			out = append(out, "[--"+st.Flag+"="+st.Form+"]")
		default:
			out = append(out, "[--"+st.Flag+" "+st.Form+"]")
		}
	}
	return out
}

// SettingFlags gives fs a flag for each setting of a new game, on a
// judge that hosts games, that has one, for corriere game create; each
// is read into c as CREATE's settings line is.
func SettingFlags(fs *flag.FlagSet, c *Creation, games []game.Kind) {
	registerFlags(fs, settingsFor(games), c)
}

// SettingFlagsUsage lists the flags of SettingFlags as a usage writes
// them: "[--press white|grey|none]".
func SettingFlagsUsage(games []game.Kind) []string { return flagsUsage(settingsFor(games)) }
