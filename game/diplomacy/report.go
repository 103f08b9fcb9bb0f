package diplomacy

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants"
)

// Results writes the results of the phase played from s, from its record:
// every order and its outcome, the units removed without orders, the
// builds left unordered, the coin of the two-player game, and the
// position after, next (nil: the record's). Diplomacy hides nothing:
// every reader reads the same.
func (s *State) Results(data []byte, next game.State, _ game.Viewer) (game.Report, error) {
	after, _ := next.(*State)
	var rec *record
	if after != nil && sameBytes(after.from.data, data) {
		rec = after.from.rec // as Resolve made it
	} else {
		var err error
		if rec, err = readRecord(data); err != nil {
			return game.Report{}, err
		}
		if after == nil {
			if after, err = s.r.State(rec.Next); err != nil {
				return game.Report{}, err
			}
		}
	}
	rep := game.Report{
		Orders:   func(l game.Lang) string { return s.ordersText(l, rec) },
		Position: after.positionText,
	}
	if rec.Coin != "" || rec.Pending {
		rep.Events = func(l game.Lang) string { return "\n" + s.coinText(l, rec) }
	}
	return rep, nil
}

// sameBytes reports whether a and b are the same bytes in memory.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// coinText announces the two-player game's coin.
func (s *State) coinText(l game.Lang, rec *record) string {
	v, tp := s.r.V, s.r.TwoPlayer()
	neutral := PowerName(l, v, tp.Neutral)
	if rec.Pending {
		return f(l, "When this phase is processed, the judge tosses the coin for the side %s joins.\n", neutral)
	}
	st, _ := v.Setup(2, 0)
	var side []variants.Power
	for _, sd := range st.Sides {
		if v.Powers[sd[0]].ID == rec.Coin {
			side = sd
		}
	}
	if rec.Again {
		return f(l, "As the coin decided when it was tossed before the rollback: %s joins %s from Spring %d.\n", neutral, SideName(l, v, side), tp.Year+1)
	}
	return f(l, "The judge has tossed the coin: %s joins %s from Spring %d.\n", neutral, SideName(l, v, side), tp.Year+1)
}

// ordersText is the orders of the phase and what became of them.
func (s *State) ordersText(l game.Lang, rec *record) string {
	v, resp, byMaster := s.r.V, rec.Response, rec.ByMaster
	var b strings.Builder
	b.WriteString(t(l, "Orders:"))
	empty := true
	for p := range v.Powers {
		id := v.Powers[p].ID
		rs := resp.Results[id]
		if len(rs) == 0 {
			continue
		}
		if empty {
			b.WriteString("\n")
			empty = false
		}
		fmt.Fprintf(&b, "%s:\n", PowerName(l, v, variants.Power(p)))
		for i, r := range rs {
			text, outcome := ResultWords(l, r)
			if i < len(byMaster[id]) && byMaster[id][i] {
				outcome += t(l, " (entered by the game master)")
			}
			fmt.Fprintf(&b, "  %-28s %s\n", text, outcome)
		}
	}
	if empty {
		b.WriteString(t(l, " none.\n"))
	}
	if len(resp.Removed) > 0 {
		b.WriteString(t(l, "\nRemoved without orders of their own (no retreat, no order, or civil disorder):\n"))
		for _, id := range slices.Sorted(maps.Keys(resp.Removed)) {
			fmt.Fprintf(&b, "  %s: %s\n", powerByID(l, v, id), strings.Join(resp.Removed[id], ", "))
		}
	}
	b.WriteString(s.unusedBuilds(l, resp))
	return b.String()
}

// ResultWords is an order as understood (as written, if it could not be
// read) and its outcome with the reason: "fails: bounced".
func ResultWords(l game.Lang, r OrderResult) (text, outcome string) {
	text = r.Parsed
	if text == "" {
		text = r.Order
	}
	return text, outcomeIn(l, r.Result, r.Reason)
}

// unusedBuilds says, after adjustments, which powers left builds they
// were owed unordered: forfeited, not waived, since no WAIVE was sent.
func (s *State) unusedBuilds(l game.Lang, resp *Response) string {
	v := s.r.V
	if s.pos.Phase.Type != adjudicator.Adjustment {
		return ""
	}
	var out []string
	for p := range v.Powers {
		// What the power could build: free home centres, no disorder.
		owed, _ := s.allowance(variants.Power(p))
		if owed <= 0 {
			continue
		}
		for _, r := range resp.Results[v.Powers[p].ID] {
			if r.Result == "succeeds" {
				owed-- // a build made or a WAIVE
			}
		}
		if owed > 0 {
			out = append(out, fmt.Sprintf("%s %d", PowerName(l, v, variants.Power(p)), owed))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return f(l, "\nBuilds not ordered, and so not made: %s.\n", strings.Join(out, ", "))
}

// positionText lists units, dislodged units and the centre table, in l.
func (s *State) positionText(l game.Lang) string {
	v, pos := s.r.V, s.pos
	var b strings.Builder
	centers, units := adjudicator.Count(v, pos)
	// Builds and removals are due only in winter: before, centres may
	// still change hands.
	winter := pos.Phase.Type == adjudicator.Adjustment
	b.WriteString(t(l, "Supply centres and units:\n"))
	w := NameWidth(l, v)
	header := fmt.Sprintf("  %-*s %7s %5s", w, t(l, "Power"), t(l, "Centres"), t(l, "Units"))
	if winter {
		header += t(l, "  Adjustment")
	}
	b.WriteString(header + "\n")
	for p := range v.Powers {
		if centers[p] == 0 && units[p] == 0 {
			continue
		}
		line := fmt.Sprintf("  %-*s %7d %5d", w, PowerName(l, v, variants.Power(p)), centers[p], units[p])
		if winter {
			builds, removals := s.allowance(variants.Power(p))
			switch {
			case builds > 0:
				line += "  " + plural(l, builds, "build", "builds")
			case removals > 0:
				line += "  " + plural(l, removals, "removal", "removals")
			}
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(t(l, "\nUnits:\n"))
	for p := range v.Powers {
		var list []string
		for _, u := range pos.Units {
			if int(u.Power) == p {
				list = append(list, v.UnitText(u))
			}
		}
		var owned []string
		for loc, o := range pos.Centers {
			if int(o) == p {
				owned = append(owned, v.Locs[loc].ID)
			}
		}
		if len(list) > 0 || len(owned) > 0 {
			b.WriteString(f(l, "  %-*s %s; centres: %s\n", w, PowerName(l, v, variants.Power(p)), none(l, list), none(l, owned)))
		}
	}
	if len(pos.Dislodged) > 0 {
		b.WriteString(t(l, "\nDislodged, to retreat or disband:\n"))
		for _, d := range pos.Dislodged {
			b.WriteString("  " + dislodgedText(l, v, d) + "\n")
		}
	}
	return b.String()
}

func dislodgedText(l game.Lang, v *variants.Variant, d adjudicator.Dislodged) string {
	var opts []string
	d.Retreats.Each(func(loc variants.Loc) { opts = append(opts, v.Locs[loc].ID) })
	from := ""
	if d.AttackerFrom != variants.NoLoc {
		from = f(l, " (attacked from %s)", v.Locs[d.AttackerFrom].ID)
	}
	if len(opts) == 0 {
		return f(l, "%s %s %s%s has no retreat", PowerName(l, v, d.Unit.Power), d.Unit.Type, v.Locs[d.Unit.Loc].ID, from)
	}
	return f(l, "%s %s %s%s may retreat to %s", PowerName(l, v, d.Unit.Power), d.Unit.Type, v.Locs[d.Unit.Loc].ID, from, strings.Join(opts, ", "))
}

// Position is the position as everyone sees it: units, dislodged units
// and the centre table.
func (s *State) Position(game.Viewer) game.Text { return s.positionText }
