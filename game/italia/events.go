package italia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The events of phase B (seed §3 B, spec §2.2): each turn the arbiter
// rolls 3D6 on the events table, and the scenario's famine table strikes
// in the spring, its plague table in the summer (R28). Corriere rolls a
// turn's events when the turn before it is processed, and publishes them
// in that results mail (spec §2.2's note): the spring's at the end of the
// diplomacy, the summer's at the end of the spring's operations, the
// autumn's at the end of the summer's. Every die is the game's, public.

// arbiterOnly is an event's reader that no seat is: the arbiter alone
// reads it (Results shows the game master everything).
const arbiterOnly = "-arbiter"

// averageDie is the seed's Dmedio (R6): a D6 read 1→2, 2→3, 3→3, 4→4,
// 5→4, 6→5.
func averageDie(d int) int { return [...]int{0, 2, 3, 3, 4, 4, 5}[d] }

// nextEvents rolls the events of the turn after the one resolved (its
// season), if the position has a scenario.
func (rs *resolution) nextEvents() {
	season, ok := rs.s.phase.nextSeason()
	if rs.pos.Scenario == nil || !ok {
		return
	}
	sc := rs.pos.Scenario.data()
	title := seasonYear(season, rs.s.phase.Year)
	sum, faces := rs.dice("events of "+title(game.English), 3)
	row := sc.Events[sum-3]
	text := rs.rowText(row, tx("row %d of the events table, which the arbiter supplies", sum))
	rs.tell(nil, "the events of %s: 3D6 %s (%s): %s", textArg(title), fmt.Sprint(sum), faces, text)
	rs.apply(sc, row, tx("event"), text)
	if sc.Disasters == "events" {
		return
	}
	switch season {
	case Spring:
		rs.disaster(effFamine, sc.Famine)
	case Summer:
		rs.disaster(effPlague, sc.Plague)
	}
}

// seasonYear is a season of a year as the reader reads it ("Spring
// 1500", "Primavera 1500").
func seasonYear(season Season, year int) game.Text {
	return func(l game.Lang) string {
		name := seasons[season].English
		if l == game.Italian {
			name = seasons[season].Italian
		}
		return fmt.Sprintf("%s %d", name, year)
	}
}

// nextSeason is the season of the turn whose events (and cards) the
// phase's processing rolls: the one after it; none after the autumn's,
// for the spring's come after its diplomacy.
func (p Phase) nextSeason() (Season, bool) {
	switch p.Step {
	case SpringDiplomacy:
		return Spring, true
	case SpringOps:
		return Summer, true
	case SummerOps:
		return Autumn, true
	}
	return 0, false
}

// dice rolls n public D6 for what: their sum, and the faces as written
// ("4+3+4").
func (rs *resolution) dice(what string, n int) (int, string) {
	sum := 0
	faces := make([]string, n)
	for i := range n {
		d := rs.roll(what)
		sum += d
		faces[i] = fmt.Sprint(d)
	}
	return sum, strings.Join(faces, "+")
}

// rowText is the text of a table's row as the players read it: the
// arbiter's, else what its effect does, else none (a placeholder row).
func (rs *resolution) rowText(r Row, none game.Text) string {
	if r.Text != "" {
		return r.Text
	}
	name := func(l game.Lang) string { return landName(rs.s, r.At) }
	switch r.Effect {
	case effNone:
		return textArg(tx("nothing happens"))
	case effFamine, effPlague:
		if r.At == "" {
			return textArg(tx("the %s table is rolled", effectName(r.Effect)))
		}
		return textArg(tx("%s in %s", effectName(r.Effect), game.Text(name)))
	case effRevolt, effSack:
		return textArg(tx("%s in %s", effectName(r.Effect), game.Text(name)))
	case effRaid:
		return textArg(tx("a Turkish raid"))
	}
	return textArg(none)
}

// effectName names a disaster or a marker an effect brings.
func effectName(kind string) game.Text {
	switch kind {
	case effFamine:
		return tx("famine")
	case effPlague:
		return tx("plague")
	case effRevolt:
		return tx("revolt")
	}
	return tx("sack")
}

// apply carries out a row's effect (from the table from names, read as
// text): those the engine knows, or a line to the arbiter for his.
func (rs *resolution) apply(sc *Scenario, r Row, from game.Text, text string) {
	switch r.Effect {
	case effArbiter:
		rs.tell([]string{arbiterOnly}, "%s %s rolled: %s: the arbiter decides, and applies it with EDIT", textArg(from), fmt.Sprint(r.Roll), text)
	case effFamine, effPlague:
		if r.At == "" {
			grid := sc.Famine
			if r.Effect == effPlague {
				grid = sc.Plague
			}
			rs.disaster(r.Effect, grid)
			return
		}
		rs.strike(r.Effect, []string{r.At})
	case effRevolt:
		switch {
		case rs.pos.Control[r.At] == "":
			rs.tell(nil, "%s is independent: the revolt changes nothing", "a:"+r.At)
		case rs.inRevolt(r.At):
			rs.tell(nil, "%s is in revolt already", "a:"+r.At)
		default:
			rs.pos.Revolts = append(rs.pos.Revolts, Revolt{At: r.At})
			rs.tell(nil, "%s rises in revolt: an event, which no defensive operation parries (seed §6)", "a:"+r.At)
		}
	case effSack:
		if slices.Contains(rs.pos.Sack, r.At) {
			rs.tell(nil, "%s is sacked already", "a:"+r.At)
			return
		}
		rs.pos.Sack = append(rs.pos.Sack, r.At)
		rs.tell(nil, "%s is sacked: no taxes, attrition on entering, until the new year (seed §6)", "a:"+r.At)
	case effRaid:
		rs.raid(sc)
	case effPope:
		rs.popeEvent()
	}
}

// raid rolls the Turkish raids table, with the dice its rows say, and
// applies the row.
func (rs *resolution) raid(sc *Scenario) {
	n := raidDice(sc.Raids[0].Roll)
	sum, faces := rs.dice("Turkish raid", n)
	r := sc.Raids[sum-sc.Raids[0].Roll]
	text := rs.rowText(r, tx("row %d of the raids table, which the arbiter supplies", sum))
	rs.tell(nil, "a Turkish raid: %sD6 %s (%s): %s", fmt.Sprint(n), fmt.Sprint(sum), faces, text)
	rs.apply(sc, r, tx("raid"), text)
}

// disaster rolls the famine or plague table (R28, AH's procedure): 2D6
// for the severity (2-3 nothing; 4 or 7 a row; 5 or 6 a column; 8-12 a
// row and a column), then 2D6 for the row and 2D6 for the column; every
// territory in them is struck.
func (rs *resolution) disaster(kind string, g *Grid) {
	sev, faces := rs.dice(kind+" table: severity", 2)
	row := sev == 4 || sev == 7 || sev >= 8
	col := sev == 5 || sev == 6 || sev >= 8
	outcome := tx("nothing this year")
	switch {
	case row && col:
		outcome = tx("a row and a column")
	case row:
		outcome = tx("a row")
	case col:
		outcome = tx("a column")
	}
	name := textArg(effectName(kind))
	rs.tell(nil, "the %s table (R28): severity 2D6 %s (%s): %s", name, fmt.Sprint(sev), faces, textArg(outcome))
	var struck []string
	add := func(cells []string) []string {
		var out []string
		for _, id := range cells {
			if id != "" {
				out = append(out, id)
				if !slices.Contains(struck, id) {
					struck = append(struck, id)
				}
			}
		}
		return out
	}
	if row {
		v, faces := rs.dice(kind+" table: row", 2)
		rs.tell(nil, "the %s table, row %s (2D6 %s): %s", name, fmt.Sprint(v), faces, rs.names(add(g[v-2][:])))
	}
	if col {
		v, faces := rs.dice(kind+" table: column", 2)
		var cells []string
		for _, r := range g {
			cells = append(cells, r[v-2])
		}
		rs.tell(nil, "the %s table, column %s (2D6 %s): %s", name, fmt.Sprint(v), faces, rs.names(add(cells)))
	}
	if len(struck) > 0 {
		rs.strike(kind, struck)
	}
}

// names writes territories' names, "none" for none.
func (rs *resolution) names(ids []string) string {
	if len(ids) == 0 {
		return textArg(tx("no territory"))
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = landName(rs.s, id)
	}
	return strings.Join(out, ", ")
}

// strike brings famine or plague to territories: a famine marker (seed
// §6: no taxes, no deployment, attrition on entering; gone at the start
// of the next year or by a summer's relief, R28); plague makes every
// army and contingent there lose an average die of elements, each its
// own die, in its power's PERDITE order (seed §6; ruling: one die per
// counter, as attrition is per counter, spec §3.13), and nothing else.
func (rs *resolution) strike(kind string, ids []string) {
	if kind == effFamine {
		var fresh []string
		for _, id := range ids {
			if !slices.Contains(rs.pos.Famine, id) {
				rs.pos.Famine = append(rs.pos.Famine, id)
				fresh = append(fresh, id)
			}
		}
		if len(fresh) > 0 {
			rs.tell(nil, "famine in %s: no taxes, no deployment, attrition on entering, until the next year or a summer's relief (seed §6, R28)", rs.names(fresh))
		}
		return
	}
	rs.tell(nil, "plague in %s (seed §6)", rs.names(ids))
	for _, id := range ids {
		for _, p := range rs.pos.Powers {
			for _, n := range counterNumbers(p) {
				ct := p.counter(n)
				if ct == nil || ct.At != id || ct.Kind == Dummy {
					continue
				}
				d := rs.roll(fmt.Sprintf("plague in %s: %s #%d", id, p.ID, n))
				lost := min(averageDie(d), ct.Elements.Troops())
				rs.tell(nil, "plague in %s: %s #%s loses %s elements (average die: D6 %s, R6)", "a:"+id, "p:"+p.ID, fmt.Sprint(n), fmt.Sprint(lost), fmt.Sprint(d))
				rs.loseElements(counterKey{p.ID, n}, lost)
			}
		}
	}
}
