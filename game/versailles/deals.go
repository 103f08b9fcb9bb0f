package versailles

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// Deal is a trade proposed in the turn («NEGOZIATI»): From exhausts
// Cubes of its available Influence so that To recovers as many (at
// most 6), and To promises the option Key for Issue should it choose
// that Issue's option this turn. Accepted, it is carried out and the
// promise binds; at the end of the turn it lapses.
type Deal struct {
	ID    int    `json:"id"`
	From  string `json:"from"`
	To    string `json:"to"`
	Cubes int    `json:"cubes"`
	Issue string `json:"issue,omitempty"`
	Key   string `json:"key,omitempty"`
}

// dealTerms are a deal's terms, written after a prefix (dealSaid).
const dealTerms = "deal #%s: %s exhausts %s Influence for %s to recover as much; %s promises option %s of %s"

// dealSaid are the texts that say a deal's terms.
var dealSaid = []string{"Proposed: %s.", "Proposed: %s. %s may ACCEPT %s this turn.\n", "Accepted: %s.", "Accepted and binding: %s.\n"}

// said is one of dealSaid with the deal's terms, and more arguments.
func (d Deal) said(format string, more ...any) table.Msg {
	prefix, suffix, _ := strings.Cut(format, "%s")
	m := table.M(prefix+dealTerms+suffix, append([]any{d.ID, d.From, d.Cubes, d.To, d.To, orDash(d.Key), orDash(d.Issue)}, more...)...)
	return m
}

// dealCommands are DEAL and ACCEPT (PATTO and ACCETTA), carried out when
// read; everybody is told.
func dealCommands() []game.Command {
	return []game.Command{{
		Verb:   "DEAL",
		Syntax: [game.Langs]string{"DEAL <player> <cubes> [OPTION <issue> <key>]", "DEAL <giocatore> <cubi> [OPTION <questione> <chiave>]"},
		Help:   [game.Langs]string{"proposes a binding trade this turn: your cubes exhausted so that the player recovers as many, for an option promised", "propone un patto vincolante per questo turno: i tuoi cubi esausti perché il giocatore ne recuperi altrettanti, in cambio di un'opzione promessa"},
		Do: func(st game.State, side []string, args string) (game.State, game.Text, game.Text, error) {
			next, err := st.(*table.State).Clone()
			if err != nil {
				return nil, nil, nil, err
			}
			p := next.P.(*Play)
			f := strings.Fields(strings.ToUpper(args))
			bad := table.Refuse(italian, table.M("expected DEAL <player> <cubes> [OPTION <issue> <key>]"))
			if len(f) != 2 && len(f) != 5 || len(f) == 5 && f[2] != "OPTION" {
				return nil, nil, nil, bad
			}
			to, ok := seatByName(f[0])
			n, err := strconv.Atoi(f[1])
			if !ok || err != nil || n < 0 || n > recoverMax || !slices.Contains(p.cubeHolders(), to) || to == side[0] {
				return nil, nil, nil, bad
			}
			if n > p.Get("avail", side[0]) {
				return nil, nil, nil, table.Refuse(italian, table.M("you have %s Influence available", p.Get("avail", side[0])))
			}
			d := Deal{ID: len(p.Deals) + 1, From: side[0], To: to, Cubes: n}
			if len(f) == 5 {
				d.Issue, d.Key = f[3], f[4]
				if is := p.Data.Issues[d.Issue]; is == nil || !slices.ContainsFunc(is.Options, func(o *Option) bool { return o.Key == d.Key }) {
					return nil, nil, nil, table.Refuse(italian, table.M("%s has no option %s", d.Issue, d.Key))
				}
			}
			p.Deals = append(p.Deals, d)
			return next, d.said(dealSaid[0]).Text(italian), d.said(dealSaid[1], d.To, d.ID).Text(italian), nil
		},
	}, {
		Verb:   "ACCEPT",
		Syntax: [game.Langs]string{"ACCEPT <deal>", "ACCEPT <patto>"},
		Help:   [game.Langs]string{"accepts a deal proposed to you this turn: it is carried out, and binds", "accetta un patto proposto a te in questo turno: è eseguito, e vincola"},
		Do: func(st game.State, side []string, args string) (game.State, game.Text, game.Text, error) {
			next, err := st.(*table.State).Clone()
			if err != nil {
				return nil, nil, nil, err
			}
			p := next.P.(*Play)
			id, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(args), "#"))
			i := slices.IndexFunc(p.Deals, func(d Deal) bool { return d.ID == id && slices.Contains(side, d.To) })
			if i < 0 {
				return nil, nil, nil, table.Refuse(italian, table.M("no deal #%s is proposed to you this turn", id))
			}
			d := p.Deals[i]
			if d.Cubes > p.Get("avail", d.From) || d.Cubes > p.Get("exh", d.To) {
				return nil, nil, nil, table.Refuse(italian, table.M("the cubes are no longer there: %s has %s available, %s has %s exhausted", d.From, p.Get("avail", d.From), d.To, p.Get("exh", d.To)))
			}
			p.Add("avail", d.From, -d.Cubes)
			p.Add("exh", d.From, d.Cubes)
			p.Add("exh", d.To, -d.Cubes)
			p.Add("avail", d.To, d.Cubes)
			if d.Issue != "" {
				if p.Bound == nil {
					p.Bound = map[string]string{}
				}
				p.Bound[d.To] = d.Issue + " " + d.Key
			}
			p.Deals = slices.Delete(p.Deals, i, i+1)
			return next, d.said(dealSaid[2]).Text(italian), d.said(dealSaid[3]).Text(italian), nil
		},
	}}
}
