package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corriere/corriere/store"
)

// TestGameCreateFlags creates games with each of corriere game create's
// settings flags and reads what was stored, or how the flag was refused.
func TestGameCreateFlags(t *testing.T) {
	noConfig(t)
	db := filepath.Join(t.TempDir(), "judge.db")
	for i, c := range []struct {
		flags []string
		code  int
		want  string // the variant, rules and stored settings; or the error
	}{
		{nil, 0, `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{[]string{"--variant", "standard", "--rules", "1971", "--movement", "0 8 * * *", "--retreat", "0 9 * * *", "--adjustment", "0 10 * * *",
			"--tz", "Europe/Rome", "--grace", "30m", "--reminder", "2h", "--press", "grey", "--early=false", "--missing", "disorder",
			"--end", "2027-06-30 20:00", "--draws", "partial", "--language", "it", "--max-absence", "3", "--observers=false", "--sender-check", "not-failed"}, 0, `standard 1971 {"time_zone":"Europe/Rome","grace":"30m0s","reminder":"2h0m0s","press":"grey","early":false,"end":"2027-06-30 20:00","no_observers":true,"max_absence":3,"partial_draws":true,"language":"italian","sender_check":"not_failed","adjustment":"0 10 * * *","missing":"disorder","movement":"0 8 * * *","retreat":"0 9 * * *","rules":"1971","variant":"standard"}`},
		{[]string{"--players", "3", "--alternative", "2", "--early", "--observers"}, 0, `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"white","early":true,"max_absence":15,"adjustment":"0 20 * * *","alternative":"2","movement":"0 20 * * MON,THU","players":"3","retreat":"0 20 * * *"}`},
		{[]string{"--press", "GREY", "--early=0", "--observers=t"}, 0, `standard 2023 {"time_zone":"UTC","grace":"1h0m0s","reminder":"12h0m0s","press":"grey","early":false,"max_absence":15,"adjustment":"0 20 * * *","movement":"0 20 * * MON,THU","retreat":"0 20 * * *"}`},
		{[]string{"--players", "many"}, 2, `invalid value "many" for flag -players: players "many": expected a number of players`},
		{[]string{"--grace", "soon"}, 2, `invalid value "soon" for flag -grace: duration "soon": expected a form like 90s, 30m or 1h30m`},
		{[]string{"--draws", "most"}, 2, `invalid value "most" for flag -draws: draws "most": expected all (every survivor) or partial`},
		{[]string{"--press", "loud"}, 1, `corriere game create: game partitah: press "loud": expected white, grey or none`},
	} {
		name := "partita" + string(rune('a'+i))
		code, out, errs := cli("", append([]string{"game", "create", name, "--db", db}, c.flags...)...)
		got, _, _ := strings.Cut(errs, "\n") // the error, before the usage
		if code == 0 {
			st, err := store.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			st.Tx(context.Background(), func(tx *store.Tx) error {
				g, err := tx.Game(name)
				if err != nil {
					return err
				}
				got = g.Variant + " " + g.Rules + " " + g.Settings
				return nil
			})
			st.Close()
		}
		if code != c.code || got != c.want {
			t.Errorf("create %s: exit %d, got\n%s\n%s\nwant exit %d and\n%s", strings.Join(c.flags, " "), code, got, out, c.code, c.want)
		}
	}
}
