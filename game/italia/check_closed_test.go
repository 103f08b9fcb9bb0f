package italia

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/game"
)

// The pink Ottoman lands and Switzerland are closed to every player's
// troops (seed §7), not to their own power's, which the arbiter plays
// through BECOME: an Ottoman army in Albania marches to Durazzo, a
// Venetian one may not.
func TestClosedLands(t *testing.T) {
	st := venice1500(t, "P1500O", 20)
	st.power("ottomani").Counters = []Counter{{N: 1, Kind: Army, At: "alban", Elements: Elements{CINC: 1, FT: 6}}}
	st.power("venezia").Counters[0].At = "dalma"
	next, err := st.r.State(st.pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seat, line, refusal string
	}{
		{"ottomani", "#1 - Durazzo", ""},
		{"ottomani", "#1 - Erzegovina", ""},
		{"venezia", "#1 - Erzegovina", "the Ottomans' and the Swiss lands are closed"},
	} {
		rs, _ := readSheet(t, next, c.seat, c.line)
		switch r := rs[0]; {
		case c.refusal == "" && r.Refused != nil:
			t.Errorf("%s %q refused: %s", c.seat, c.line, r.Refused.Reason(game.English))
		case c.refusal != "" && (r.Refused == nil || !strings.Contains(r.Refused.Reason(game.English), c.refusal)):
			t.Errorf("%s %q: %+v, want refused: %s", c.seat, c.line, r, c.refusal)
		}
	}
}
