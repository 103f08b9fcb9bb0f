package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

// standing is a power's current order set, read back from the store.
type standing struct {
	keys   []string
	orders []adjudicator.Order
	rows   []store.Order
}

// standings reads the phase's orders in one query and returns the order
// sets of the given powers (of every power when none is given), indexed
// by power; the others are empty.
func (vw *view) standings(tx *store.Tx, powers ...variants.Power) ([]*standing, error) {
	rows, err := tx.Orders(vw.g.ID, vw.g.Phase)
	if err != nil {
		return nil, err
	}
	out := make([]*standing, len(vw.v.Powers))
	for p := range out {
		out[p] = &standing{}
	}
	for _, r := range rows {
		p := vw.v.PowerByID(r.Power)
		if p == variants.NoPower || (len(powers) > 0 && !slices.Contains(powers, p)) {
			continue
		}
		o, err := parser.Order(vw.v, vw.pos, p, r.Canonical)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored order %q no longer reads: %w", vw.g.Name, r.Canonical, err)
		}
		st := out[p]
		st.keys = append(st.keys, r.Key)
		st.orders = append(st.orders, o)
		st.rows = append(st.rows, r)
	}
	return out, nil
}

// key says which earlier order an order replaces: the one for the same
// unit, or in winter the one for the same centre.
func orderKey(v *variants.Variant, o adjudicator.Order, waives int) string {
	switch o.Type {
	case adjudicator.Build:
		return "build " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Remove:
		return "remove " + v.Locs[v.Province(o.Loc)].ID
	case adjudicator.Waive:
		return fmt.Sprintf("waive %d", waives+1)
	}
	return v.Locs[v.Province(o.Loc)].ID
}

// with returns the order set with o put in place of the order of the same key.
func (st *standing) with(key string, o adjudicator.Order) ([]string, []adjudicator.Order) {
	keys := append([]string(nil), st.keys...)
	orders := append([]adjudicator.Order(nil), st.orders...)
	for i, k := range keys {
		if k == key {
			keys = append(keys[:i], keys[i+1:]...)
			orders = append(orders[:i], orders[i+1:]...)
			break
		}
	}
	return append(keys, key), append(orders, o)
}

// submit reads order lines of the signed-on player, keeps the ones that
// make legal orders (each replacing the earlier order for its unit) and
// reports on every line. A player of several powers (seed XIV.2) writes
// their orders together: each is taken for the power it is legal for.
func (s *session) submit(lines []string) error {
	if err := s.reload(); err != nil {
		return err
	}
	vw := s.vw
	if vw.g.State != store.Active || vw.pos == nil {
		s.printf("Game %s is %s: orders are not taken now.\n", vw.g.Name, vw.g.State)
		for _, l := range lines {
			s.printf("> %s\n", l)
		}
		s.printf("\n")
		return nil
	}
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	var report strings.Builder
	fmt.Fprintf(&report, "Orders for %s:\n", phaseName(vw.pos.Phase))
	var parsedLines []string
	// A heading alone on its line ("France:") puts its power first for
	// the lines under it, where an order alone does not say (WAIVE).
	lead := variants.NoPower
	for _, line := range lines {
		if p, ok := heading(vw.v, line); ok {
			lead = p
			continue
		}
		for _, cands := range s.readLine(line, lead) {
			text := cands[0].Text
			refusal, better := "", false
			accepted := false
			for i, c := range cands {
				if c.Err != nil {
					if i == 0 {
						refusal = c.Err.Error()
					}
					continue
				}
				st := sets[c.power]
				key := orderKey(vw.v, c.Order, st.waives())
				keys, orders := st.with(key, c.Order)
				// Judge the order now, against the position and the power's
				// other orders, so the player learns at once what will not do.
				res, err := adjudicator.Resolve(vw.v, vw.rules, vw.pos, orders)
				if err != nil {
					return fmt.Errorf("game %s: %w", vw.g.Name, err)
				}
				canon := parser.Format(vw.v, c.Order)
				if r := res.Results[len(orders)-1]; r.Outcome == adjudicator.Invalid {
					// Another power's unit or none: the refusal of the
					// power the order was meant for says more.
					if !better && (i == 0 || (r.Reason != adjudicator.NotYours && r.Reason != adjudicator.NoUnit)) {
						refusal = fmt.Sprintf("%s (%s)", r.Reason, canon)
						better = i > 0
					}
					continue
				}
				st.keys, st.orders = keys, orders
				err = s.tx.PutOrder(store.Order{GameID: vw.g.ID, Phase: vw.g.Phase, Power: vw.v.Powers[c.power].ID, Key: key,
					Text: c.Text, Canonical: canon, MessageID: s.m.MessageID, At: s.now, ByMaster: s.asMaster})
				if err != nil {
					return err
				}
				if len(s.side) > 1 {
					canon = vw.v.Powers[c.power].Name + ": " + canon
				}
				fmt.Fprintf(&report, "  %-28s ok: %s\n", c.Text, canon)
				parsedLines = append(parsedLines, c.Text+" => "+canon)
				accepted = true
				break
			}
			if !accepted {
				fmt.Fprintf(&report, "  %-28s refused: %s\n", text, refusal)
				parsedLines = append(parsedLines, text+" => refused: "+refusal)
			}
		}
	}
	s.out.WriteString(report.String())
	s.printf("\n")
	from := s.m.From
	if s.asMaster {
		from = "master (" + s.m.From + ")"
	}
	err = s.tx.AddSubmission(store.Submission{GameID: vw.g.ID, Phase: vw.g.Phase, Power: vw.v.Powers[s.power].ID, Address: from,
		MessageID: s.m.MessageID, At: s.now, Raw: strings.Join(lines, "\n"), Parsed: strings.Join(parsedLines, "\n")})
	if err != nil {
		return err
	}
	actor := vw.v.Powers[s.power].ID
	if s.asMaster {
		actor = "master as " + actor
	}
	if err := s.tx.Audit(s.now, vw.g.ID, actor, "orders", strings.Join(parsedLines, "; ")); err != nil {
		return err
	}
	s.check = append(s.check, vw.g.Name)
	return s.orderState()
}

// waives counts the standing WAIVE orders, for the next one's key.
func (st *standing) waives() int {
	n := 0
	for _, k := range st.keys {
		if strings.HasPrefix(k, "waive ") {
			n++
		}
	}
	return n
}

// candidate is one reading of an order fragment, for one power.
type candidate struct {
	parser.Parsed
	power variants.Power
}

// heading reads a line that only names a power, as "France:" or "ITALIA".
func heading(v *variants.Variant, line string) (variants.Power, bool) {
	name := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(line), ":"))
	if name == "" || strings.ContainsAny(name, "-") {
		return variants.NoPower, false
	}
	p, err := parser.Power(v, name)
	return p, err == nil
}

// readLine reads a line of orders for each power the player plays. Each
// fragment comes with its readings, lead's first (when the player plays
// it), then the signed-on power's; when the readings split the line
// differently only the first is kept.
func (s *session) readLine(line string, lead variants.Power) [][]candidate {
	vw := s.vw
	side := s.side
	if i := slices.Index(side, lead); i > 0 {
		side = append([]variants.Power{lead}, slices.Delete(slices.Clone(side), i, i+1)...)
	}
	runs := make([][]parser.Parsed, len(side))
	for i, p := range side {
		runs[i] = parser.Orders(vw.v, vw.pos, p, line)
	}
	for _, run := range runs[1:] {
		if len(run) != len(runs[0]) {
			side, runs = side[:1], runs[:1]
			break
		}
	}
	out := make([][]candidate, len(runs[0]))
	for k := range out {
		for i, run := range runs {
			out[k] = append(out[k], candidate{Parsed: run[k], power: side[i]})
		}
	}
	return out
}

// orderState reports the player's whole order set (every power the player
// plays), what is missing and the deadline.
func (s *session) orderState() error {
	vw := s.vw
	s.shown = true
	s.printf("Your orders for %s (%s):\n", phaseName(vw.pos.Phase), vw.g.Name)
	var allMissing []string
	sets, err := vw.standings(s.tx, s.side...)
	if err != nil {
		return err
	}
	for _, power := range s.side {
		st := sets[power]
		indent := "  "
		if len(s.side) > 1 {
			s.printf("  %s:\n", vw.v.Powers[power].Name)
			indent = "    "
		}
		if len(st.rows) == 0 {
			s.printf("%s(none)\n", indent)
		}
		for _, r := range st.rows {
			s.printf("%s%s\n", indent, r.Canonical)
		}
		if miss := missing(vw.v, vw.pos, power, st.orders); len(miss) > 0 {
			if len(s.side) > 1 {
				allMissing = append(allMissing, vw.v.Powers[power].Name+": "+strings.Join(miss, ", "))
			} else {
				allMissing = append(allMissing, miss...)
			}
		}
	}
	if len(allMissing) > 0 {
		sep := ", "
		if len(s.side) > 1 {
			sep = "; "
		}
		s.printf("Still missing: %s.\n", strings.Join(allMissing, sep))
	} else {
		s.printf("Your orders are complete.\n")
	}
	s.printf("Deadline: %s.\n\n", vw.deadlineText())
	return nil
}

// missing lists what power still has to order: units without orders, or
// in winter the builds or removals not yet ordered.
func missing(v *variants.Variant, pos *adjudicator.Position, power variants.Power, orders []adjudicator.Order) []string {
	var out []string
	ordered := variants.LocSet{}
	for _, o := range orders {
		if o.Loc != variants.NoLoc {
			ordered.Add(v.Province(o.Loc))
		}
	}
	switch pos.Phase.Type {
	case adjudicator.Movement:
		for _, u := range pos.Units {
			if u.Power == power && !ordered.Has(v.Province(u.Loc)) {
				out = append(out, v.UnitText(u))
			}
		}
	case adjudicator.Retreat:
		for _, d := range pos.Dislodged {
			if d.Unit.Power == power && !ordered.Has(v.Province(d.Unit.Loc)) {
				out = append(out, "a retreat or disband for "+v.UnitText(d.Unit))
			}
		}
	case adjudicator.Adjustment:
		builds, removals := allowance(v, pos, power)
		for _, o := range orders {
			switch o.Type {
			case adjudicator.Build, adjudicator.Waive:
				builds--
			case adjudicator.Remove, adjudicator.Disband:
				removals--
			}
		}
		if builds > 0 {
			out = append(out, plural(builds, "build (or WAIVE)", "builds (or WAIVE)"))
		}
		if removals > 0 {
			out = append(out, plural(removals, "removal", "removals"))
		}
	}
	return out
}

// allowance is what power may build (limited by its free home centres)
// or must remove this winter.
func allowance(v *variants.Variant, pos *adjudicator.Position, power variants.Power) (builds, removals int) {
	centers, units := adjudicator.Count(v, pos)
	d := centers[power] - units[power]
	if d < 0 {
		return 0, -d
	}
	if pos.Disorder.Has(power) {
		return 0, 0 // a power in civil disorder builds nothing
	}
	return min(d, len(adjudicator.BuildSites(v, pos, power))), 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// owing lists the powers that have orders to give this phase; powers
// absent from the game (a setup for fewer players) give none.
func (vw *view) owing() []variants.Power {
	absent := vw.arrangement().absent
	var out []variants.Power
	for p := range vw.v.Powers {
		if !absent.Has(variants.Power(p)) && len(missing(vw.v, vw.pos, variants.Power(p), nil)) > 0 {
			out = append(out, variants.Power(p))
		}
	}
	return out
}
