package judge

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/game/diplomacy"
	"github.com/corriere/corriere/game/italia"
	"github.com/corriere/corriere/game/versailles"
	"github.com/corriere/corriere/store"
)

// The help and the settings texts, as they were written by hand before
// the settings table: what the table generates must read the same.

// TestHelpIsPinned holds HELP, in each language, to its copy in testdata.
func TestHelpIsPinned(t *testing.T) {
	for _, l := range []lang{english, italian} {
		want, err := os.ReadFile("testdata/help." + l.String() + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		got := l.help(commands, testTable, testGames)
		if *update {
			if err := os.WriteFile("testdata/help."+l.String()+".txt", []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got != string(want) {
			t.Errorf("HELP in %s differs from testdata/help.%s.txt:\n%s", l, l, got)
		}
	}
}

// TestSettingsTextIsPinned holds the settings text (STATUS, CREATE's
// reply) to what it says for the defaults and for every setting changed.
func TestSettingsTextIsPinned(t *testing.T) {
	changed := DefaultSettings()
	changed.Set("movement", "@every 10s")
	changed.Set("retreat", "0 8 * * *")
	changed.Set("adjustment", "0 9 * * SAT")
	changed.Set("missing", "disorder")
	changed.TimeZone = "Europe/Rome"
	changed.Grace, changed.Reminder, changed.Press, changed.Early = 0, Duration(90*time.Minute), "grey", false
	changed.End, changed.NoObservers, changed.MaxAbsence = "2027-06-30 20:00", true, 0
	changed.PartialDraws, changed.Language, changed.SenderCheck = true, "italian", "not_failed"
	for _, c := range []struct {
		name string
		set  Settings
		l    lang
		want string
	}{
		{"defaults", DefaultSettings(), english, `Deadlines: movement "0 20 * * MON,THU", retreats "0 20 * * *", adjustments "0 20 * * *", UTC; grace 1h0m0s, reminder 12h0m0s, press white.
Early processing yes; draws: all survivors; absences: 15 days per player; observers yes; language english.
Sender check: confirmed (a sign-on is taken only from a sender that the mail's DKIM signature, SPF or DMARC confirms).
Missing orders: hold.
`},
		{"defaults", DefaultSettings(), italian, `Scadenze: movimento "0 20 * * MON,THU", ritirate "0 20 * * *", aggiustamenti "0 20 * * *", UTC; tolleranza 1h0m0s, promemoria 12h0m0s, messaggi firmati.
Risoluzione anticipata sì; patte: tutti i sopravvissuti; assenze: 15 giorni per giocatore; osservatori sì; lingua inglese.
Controllo del mittente: confirmed (un collegamento è accettato solo da un mittente confermato dalla firma DKIM della mail, da SPF o da DMARC).
Ordini mancanti: le unità restano ferme.
`},
		{"changed", changed, english, `Deadlines: movement "@every 10s", retreats "0 8 * * *", adjustments "0 9 * * SAT", Europe/Rome; grace 0s, reminder 1h30m0s, press grey.
Early processing no; draws: partial allowed; absences: none taken; observers no, ends 2027-06-30 20:00; language italian.
Sender check: not_failed (a sign-on is refused only from a sender shown to be forged).
Missing orders: disorder.
`},
		{"changed", changed, italian, `Scadenze: movimento "@every 10s", ritirate "0 8 * * *", aggiustamenti "0 9 * * SAT", Europe/Rome; tolleranza 0s, promemoria 1h30m0s, messaggi anche anonimi.
Risoluzione anticipata no; patte: anche parziali; assenze: nessuna; osservatori no, finisce il 2027-06-30 20:00; lingua italiano.
Controllo del mittente: not_failed (un collegamento è rifiutato solo da un mittente risultato falso).
Ordini mancanti: disordine civile.
`},
	} {
		if got := settingsText(c.l, testGames, testTable, settingsLayout, &Creation{Settings: c.set}); got != c.want {
			t.Errorf("%s, in %s:\n%s\nwant\n%s", c.name, c.l, got, c.want)
		}
	}
}

// TestCreateLinesArePinned sends CREATE with settings lines and reads
// what the judge stored, or what it refused.
func TestCreateLinesArePinned(t *testing.T) {
	f := newFixture(t, nil)
	for i, c := range []struct {
		lines string
		want  string // the variant, rules and stored settings; or the refusal
	}{
		{"", `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{"variant standard\nrules 1971\nmovement 0 8 * * *\nretreat 0 9 * * *\nadjustment 0 10 * * *\ntimezone Europe/Rome\ngrace 30m\nreminder 2h\npress GREY\nearly no\n" +
			"missing Disorder\nend 2027-06-30 20:00\ndraws partial\nlanguage it\nmax absence 3\nobservers no\nsender_check not-failed", `standard 1971 {"time_zone":"Europe/Rome","grace":"30m0s","reminder":"2h0m0s","press":"grey","early":false,"end":"2027-06-30 20:00","no_observers":true,"max_absence":3,"partial_draws":true,"language":"italian","sender_check":"not_failed","adjustment":"0 10 * * *","missing":"disorder","movement":"0 8 * * *","retreat":"0 9 * * *","rules":"1971","variant":"standard"}`},
		{"tz Asia/Tokyo\nmax_absence 4\nsender-check off\ndraws nodias\nobservers off\nearly on", `standard 2023 {"time_zone":"Asia/Tokyo","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"no_observers":true,"max_absence":4,"partial_draws":true,"sender_check":"off","adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{"Press: grey\nGrace= 10m\nmax-absence: 0\nTZ Europe/Rome", `standard 2023 {"time_zone":"Europe/Rome","grace":"10m0s","reminder":"12h0m0s","press":"grey","early":true,"max_absence":0,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{"players 3\nalternative 2", `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","alternative":"2","movement":"0 20 * * MON,THU","players":"3","retreat":"0 20 * * *"}`},
		{"players 2\ndraws dias\nobservers yes\nearly true", `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","players":"2","retreat":"0 20 * * *"}`},
		{"grace 5m\nhello\npress none", `standard 2023 {"time_zone":"UTC","grace":"5m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{"grace\t5m\nmax absence: 5", `standard 2023 {"time_zone":"UTC","grace":"5m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":5,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{"max days 3", `max days 3: expected max absence <days>. The game was not created.`},
		{"players many", `players many: players "many": expected a number of players. The game was not created.`},
		{"alternative x", `alternative x: alternative "x": expected 1 or 2. The game was not created.`},
		{"language klingon", `language klingon: language "klingon": expected english or italian. The game was not created.`},
		{"draws most", `draws most: draws "most": expected all (every survivor) or partial. The game was not created.`},
		{"sender_check strict", `sender_check strict: sender_check "strict": expected confirmed, not_failed or off. The game was not created.`},
		{"grace 1 hour", `grace 1 hour: duration "1 hour": expected a form like 90s, 30m or 1h30m. The game was not created.`},
	} {
		name := "nuova" + string(rune('a'+i))
		reply := f.send("gm@x.test", "CREATE "+name+" pw-master\n"+c.lines)
		_, got, _ := strings.Cut(strings.TrimSpace(reply), "\n  ") // the refusal, after the echo
		_ = f.j.Store.Tx(context.Background(), func(tx *store.Tx) error {
			if g, err := tx.Game(name); err == nil {
				got = g.Variant + " " + g.Rules + " " + g.Settings
			}
			return nil
		})
		if got != c.want {
			t.Errorf("CREATE with %q: got\n%s\nwant\n%s", c.lines, got, c.want)
		}
	}
}

// testTable is the settings table of the tests' judge.
var testTable = settingsFor(testGames)

// TestSettingTable checks each setting's row: named, each name's first
// word its own (a settings line is found by it), a flag of corriere game
// create as well as a settings line, read and written, its value read
// back as it was written, the game's own taken by its rules and the
// judge's not, and the judge's said in the settings text where
// settingsLayout places them.
func TestSettingTable(t *testing.T) {
	first := map[string]string{}
	shown := map[string]bool{"deadlines": true}
	var diplomacys []string
	for _, st := range (diplomacy.Kind{}).Settings() {
		diplomacys = append(diplomacys, st.Names[0])
	}
	for _, st := range testTable {
		if len(st.Names) == 0 || st.Parse == nil || st.Value == nil || st.Form == "" {
			t.Errorf("setting %v: want names, a Form, Parse and Value", st.Names)
			continue
		}
		for _, name := range st.Names {
			w := strings.Fields(name)[0]
			if other, ok := first[w]; ok {
				t.Errorf("%q and %q begin with the same word", other, name)
			}
			first[w] = name
			if !namesSetting(testTable, name+" x") {
				t.Errorf("%q does not name a setting", name)
			}
		}
		if st.Show != nil && st.Game == "" {
			shown[st.Names[0]] = true
		}
		if st.Flag == "" || st.FlagHelp == "" {
			t.Errorf("%s: no flag of corriere game create", st.Names[0])
		}
		// Diplomacy's own settings are those its rules take; the judge's,
		// and the deadlines, are none of theirs.
		c0 := NewCreation()
		_, err := diplomacy.Configure(map[string]string{st.Names[0]: st.Value(&c0)})
		if theirs := err == nil || !strings.Contains(err.Error(), "is no setting of Diplomacy"); theirs != slices.Contains(diplomacys, st.Names[0]) {
			t.Errorf("%s: Game %q, but Diplomacy's rules say %v", st.Names[0], st.Game, err)
		}
		// The default's value, read back, is the same value.
		c := NewCreation()
		v := st.Value(&c)
		if err := st.Parse(&c, v); err != nil || st.Value(&c) != v {
			t.Errorf("%s: its value %q reads back as %q, %v", st.Names[0], v, st.Value(&c), err)
		}
	}
	for _, entry := range settingsLayout {
		for _, name := range strings.FieldsFunc(entry, func(r rune) bool { return r == ',' || r == ';' }) {
			name = strings.TrimSpace(name)
			if !shown[name] {
				t.Errorf("settingsLayout places %q, which is no setting of the judge's with a Show", name)
			}
			delete(shown, name)
		}
	}
	for name := range shown {
		t.Errorf("settingsLayout does not place %q", name)
	}
}

// TestSettingsTextPlacesTheUnplaced: a setting the layout does not name
// (a game's own) is said on a line of their own, after the judge's.
func TestSettingsTextPlacesTheUnplaced(t *testing.T) {
	table := append(slices.Clone(testTable), Setting{
		Names: []string{"ducats"}, Form: "<ducats>",
		Show: func(l lang, c *Creation) string { return "ducats 100" },
	})
	c := &Creation{Settings: DefaultSettings()}
	got := settingsText(english, testGames, table, settingsLayout, c)
	if want := strings.TrimSuffix(settingsText(english, testGames, testTable, settingsLayout, c), ".\n") + "; ducats 100.\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSettingOf(t *testing.T) {
	for _, c := range []struct {
		line, name, value, err string
	}{
		{"Grace: 1h", "grace", "1h", ""},
		{"grace= 1h", "grace", "1h", ""},
		{"grace=1h", "", "", ""},
		{"TZ  Europe/Rome ", "timezone", "Europe/Rome", ""},
		{"movement\t0 20 * * *", "movement", "0 20 * * *", ""},
		{"Max Absence 4", "max absence", "4", ""},
		{"max-absence: 4", "max absence", "4", ""},
		{"max absences 4", "", "", "expected max absence <days>"},
		{"max: 4", "", "", ""},
		{"A Par-Bur", "", "", ""},
		{"", "", "", ""},
	} {
		st, value, err := settingOf(testTable, c.line)
		name := ""
		if st != nil {
			name = st.Names[0]
		}
		if name != c.name || value != c.value || fmt.Sprint(err) != cmp.Or(c.err, "<nil>") {
			t.Errorf("settingOf(%q): %q %q %v; want %q %q %s", c.line, name, value, err, c.name, c.value, c.err)
		}
	}
}

// TestSettingsHelp: HELP describes every setting in every language, in
// its own Help or in another's ("movement/retreat/adjustment").
func TestSettingsHelp(t *testing.T) {
	for l := range languages {
		help := l.help(commands, testTable, testGames)
		for _, st := range testTable {
			if st.Help[l] == "" && !slices.ContainsFunc(testTable, func(o Setting) bool {
				return strings.Contains(o.Help[l], st.Names[0])
			}) {
				t.Errorf("HELP in %s does not describe %s", l, st.Names[0])
			}
			if st.Help[l] != "" && !strings.Contains(help, strings.Split(st.Help[l], "\n")[0]) {
				t.Errorf("HELP in %s lacks %q", l, st.Help[l])
			}
		}
	}
}

// TestCreateUsage: CREATE without its arguments names every setting.
func TestCreateUsage(t *testing.T) {
	f := newFixture(t, nil)
	reply := f.send("gm@x.test", "CREATE")
	want := "Expected CREATE <game> <password>, then settings lines (game, movement, retreat, adjustment, timezone, grace, reminder, " +
		"press, early, max absence, end, observers, draws, language, sender_check, variant, rules, missing, players, alternative)."
	mustContain(t, "CREATE alone", reply, want)
}

// A game stored before Settings.Game, with Diplomacy's settings as fields
// of their own (numbers for the setup), reads as it did: the same
// deadlines and the same rules.
func TestSettingsStoredBeforeGameSettings(t *testing.T) {
	old := `{"movement":"0 8 * * *","retreat":"0 9 * * *","adjustment":"0 10 * * *","time_zone":"Europe/Rome","grace":"30m0s","reminder":"2h0m0s",` +
		`"press":"grey","early":false,"missing":"disorder","max_absence":3,"players":2,"italy_joins":"england","language":"italian"}`
	set, err := parseSettings(old)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"movement": "0 8 * * *", "retreat": "0 9 * * *", "adjustment": "0 10 * * *",
		"missing": "disorder", "players": "2", "italy_joins": "england"}
	if !maps.Equal(set.Game, want) {
		t.Errorf("game settings %v, want %v", set.Game, want)
	}
	if set.TimeZone != "Europe/Rome" || set.Press != "grey" || set.Early || set.MaxAbsence != 3 || set.Language != "italian" {
		t.Errorf("the judge's settings read as %+v", set)
	}
	g := &store.Game{Variant: "standard", Rules: "1971"}
	r, err := diplomacy.Configure(set.gameSettings(g, diplomacy.Kind{}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Players != 2 || !r.Disorder || r.Edition.String() != "1971" || r.TwoPlayer() == nil {
		t.Errorf("rules %+v", r)
	}
	d, err := set.Deadline("retreat", time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC))
	if err != nil || !d.Equal(time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)) {
		t.Errorf("retreat deadline %v, %v", d, err)
	}
	// Written again, it keeps every value.
	again, err := parseSettings(set.json())
	if err != nil || !maps.Equal(again.Game, set.Game) || again.json() != set.json() {
		t.Errorf("written again: %s, %v", again.json(), err)
	}
}

// A setting two games share ("players") is read by the first game's row;
// HELP says what it means in each, among the game's own settings or, for
// a game with none of its own, after the last.
func TestSharedSettingHelp(t *testing.T) {
	kinds := append(slices.Clone(testGames), italia.Kind{}, versailles.Kind{})
	for l, want := range map[lang][]string{
		english: {"players (7; 6: Italy absent", "for italia: players (6|7|8: the Ottomans, then the Swiss seated),\n", "for versailles: players (1|2|3|4); you become its master"},
		italian: {"players (7|6|5|4|3|2)", "per italia: players (6|7|8: seduti gli Ottomani, poi gli Svizzeri),\n", "per versailles: players (1|2|3|4: i giocatori); ne diventi l'arbitro"},
	} {
		help := l.help(commands, settingsFor(kinds), kinds)
		for _, w := range want {
			// HELP indents a row's further lines under its first.
			if !strings.Contains(strings.ReplaceAll(help, "\n"+strings.Repeat(" ", helpColumn), "\n"), w) {
				t.Errorf("HELP in %s lacks %q:\n%s", l, w, help)
			}
		}
	}
}
