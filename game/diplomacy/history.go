package diplomacy

import (
	"fmt"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants"
)

// History is a phase's orders, power by power, each with what became of
// it, from the phase's record (game.Historian).
func (r *Rules) History(data []byte, _ game.Viewer) (game.Text, error) {
	rec, err := readRecord(data)
	if err != nil {
		return nil, err
	}
	v := r.V
	return func(l game.Lang) string {
		var b strings.Builder
		for p := range v.Powers {
			for _, res := range rec.Results[v.Powers[p].ID] {
				text, outcome := ResultWords(l, res)
				fmt.Fprintf(&b, "  %-*s %-28s %s\n", NameWidth(l, v), PowerName(l, v, variants.Power(p)), text, outcome)
			}
		}
		return b.String()
	}, nil
}

// Summary is the supply centres each power held at the end of each year,
// from the records of the phases played, oldest first (game.Historian).
func (r *Rules) Summary(records [][]byte) (game.Text, error) {
	type year struct {
		year    int
		centres []int
	}
	var years []year
	for _, data := range records {
		rec, err := readRecord(data)
		if err != nil {
			return nil, err
		}
		next, err := adjudicator.ParsePhase(rec.Next.Phase)
		if err != nil || next.Season != adjudicator.Spring {
			continue // only phases that close a year
		}
		y := year{year: next.Year - 1}
		for _, p := range r.V.Powers {
			y.centres = append(y.centres, len(rec.Next.Centers[p.ID]))
		}
		years = append(years, y)
	}
	return func(l game.Lang) string {
		var b strings.Builder
		b.WriteString(f(l, "Supply centres at the end of each year:\n  %-6s", t(l, "Year")))
		for _, p := range r.V.Powers {
			fmt.Fprintf(&b, " %4s", p.Abbrev)
		}
		b.WriteString("\n")
		for _, y := range years {
			fmt.Fprintf(&b, "  %-6d", y.year)
			for _, n := range y.centres {
				fmt.Fprintf(&b, " %4d", n)
			}
			b.WriteString("\n")
		}
		if len(years) == 0 {
			b.WriteString(t(l, "  (no year completed yet)\n"))
		}
		return b.String()
	}, nil
}
