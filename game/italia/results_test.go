package italia

import (
	"encoding/json"
	"testing"

	"github.com/corriere/corriere/game"
)

// The master reads every private line of a phase, with whom it is for
// where the line does not name him, and his own (arbiterOnly) as they
// are, with no raw id before them; the player reads his own as it is,
// and nobody else reads it.
func TestPrivateLinesForTheMaster(t *testing.T) {
	st := mustStart(t)
	rec := record{Phase: "P1499D", Events: []event{
		{Text: "you keep card %s (seed §10)", Args: []string{"23"}, To: []string{"venezia"}},
		{Text: "%s #%s is no more", Args: []string{"p:venezia", "1"}, To: []string{"venezia"}},
		{Text: "the council's dice and the ducats' votes: %s", Args: []string{"3"}, To: []string{arbiterOnly}},
	}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		to   game.Viewer
		lang game.Lang
		want string
	}{
		{game.Viewer{Master: true}, game.English, "to Venice: you keep card 23 (seed §10)\nVenice #1 is no more\nthe council's dice and the ducats' votes: 3\n"},
		{game.Viewer{Master: true}, game.Italian, "a Venezia: tieni la carta 23 (seed §10)\nVenezia #1 non c'è più\ni dadi del Consiglio e i voti dei ducati: 3\n"},
		{game.Viewer{Seats: []string{"venezia"}}, game.English, "you keep card 23 (seed §10)\nVenice #1 is no more\n"},
		{game.Viewer{Seats: []string{"papato"}}, game.English, ""},
	} {
		rep, err := st.Results(data, st, c.to)
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Events(c.lang); got != c.want {
			t.Errorf("%+v in %v: %q, want %q", c.to, c.lang, got, c.want)
		}
	}
}
