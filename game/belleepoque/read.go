package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// verbs are the orders' words in Italian, read as their English.
var verbs = map[string]string{
	"COMPRA": "BUY", "INVIA": "SEND", "OPERA": "WORK", "INVESTI": "INVEST", "PRESTIGIO": "PRESTIGE",
	"GIOCA": "PLAY", "RISOLVI": "RESOLVE", "DISPIEGA": "DEPLOY", "VENDI": "SELL", "PASSA": "PASS",
	"PIAZZA": "SETUP", "IMPIEGA": "COMMIT", "TIENI": "KEEP", "SEMPRE": "ALWAYS", "SU": "ON",
	"FLOTTE": "FLEETS", "ESERCITI": "ARMIES", "FINE": "DONE", "SOSTITUISCI": "REPLACE",
	"ARSENALE": "ARSENAL", "EUROPA": "EUROPE", "MASSIMO": "MAX", "MAI": "NEVER",
	"BERSAGLIO": "TARGET",
}

// territory is the territory a player names: any case, - for _.
func (p *Play) territory(w string) (string, bool) {
	id := strings.ReplaceAll(strings.ToLower(w), "-", "_")
	_, ok := p.Data.Territories[id]
	return id, ok
}

// Read reads a line: a setup placement, a contest's commitment, the
// Ottoman card kept, or an action of a round (sent ahead when it is not
// the seat's round, a whole turn's script in order).
func (p *Play) Read(seat string, owed *table.Decision, line string) (table.Answer, error) {
	f := table.Words(strings.NewReplacer("@", " ", ">", " ", ",", " ").Replace(line), verbs)
	if len(f) == 0 {
		return table.Answer{}, &game.Refusal{NotOrder: true}
	}
	refuse := func(format string, args ...any) (table.Answer, error) {
		return table.Answer{}, table.Refuse(italian, table.M(format, args...))
	}
	round := func(text string) (table.Answer, error) { return table.Answer{Kind: kindRound, Text: text}, nil }
	num := func(w string) (int, bool) { n, err := strconv.Atoi(w); return n, err == nil && n >= 0 }
	switch f[0] {
	case "SETUP":
		var ts []string
		for _, w := range f[1:] {
			id, ok := p.territory(w)
			if !ok {
				return refuse("there is no territory %s", strings.ToLower(w))
			}
			ts = append(ts, id)
		}
		if owed != nil && owed.Kind == kindSetup {
			if e := p.placeError(seat, ts); e != nil {
				return table.Answer{}, table.Refuse(italian, *e)
			}
		}
		return table.Answer{Kind: kindSetup, Text: "SETUP " + strings.Join(ts, " ")}, nil
	case "ALWAYS", "NEVER":
		if len(f) >= 1 && f[0] == "NEVER" {
			return table.Answer{Kind: kindContest, Withdraw: true}, nil
		}
		if len(f) != 3 || f[1] != "COMMIT" {
			return refuse("expected ALWAYS COMMIT <n>|MAX")
		}
		if _, ok := num(f[2]); !ok && f[2] != "MAX" {
			return refuse("expected ALWAYS COMMIT <n>|MAX")
		}
		return table.Answer{Kind: kindContest, Text: "COMMIT " + f[2], Standing: true}, nil
	case "COMMIT":
		if _, ok := num(f[len(f)-1]); len(f) != 2 || !ok && f[1] != "MAX" {
			return refuse("expected COMMIT <n>")
		}
		return table.Answer{Kind: kindContest, Text: "COMMIT " + f[1]}, nil
	case "TARGET":
		// A card's target: a Power, a territory, or a territory's space.
		if len(f) < 2 || len(f) > 3 {
			return refuse("expected TARGET <power>|<territory> [<space>]")
		}
		w := []string{strings.ToLower(f[1])}
		if t, ok := p.territory(f[1]); ok {
			w[0] = t
		} else if s, ok := seatByName(f[1]); ok {
			w[0] = s
		}
		if len(f) == 3 {
			w = append(w, f[2])
		}
		return table.Answer{Kind: kindTarget, Text: "TARGET " + strings.Join(w, " ")}, nil
	case "KEEP":
		if len(f) != 2 {
			return refuse("expected KEEP <card>")
		}
		return table.Answer{Kind: kindKeep, Text: "KEEP " + f[1]}, nil
	case "PASS", "WORK", "INVEST", "PRESTIGE", "DONE":
		if len(f) != 1 {
			return refuse("expected %s alone", f[0])
		}
		return round(f[0])
	case "BUY":
		a, fl := 0, 0
		for _, w := range f[1:] {
			n, ok := num(strings.TrimRight(w, "AEF"))
			switch {
			case ok && (strings.HasSuffix(w, "A") || strings.HasSuffix(w, "E")):
				a = n
			case ok && strings.HasSuffix(w, "F"):
				fl = n
			default:
				return refuse("expected BUY <n>A <n>F")
			}
		}
		if a+fl == 0 {
			return refuse("expected BUY <n>A <n>F")
		}
		return round("BUY " + strconv.Itoa(a) + "A " + strconv.Itoa(fl) + "F")
	case "SEND", "RESOLVE", "SELL":
		if len(f) < 2 {
			return refuse("expected %s <territory>", f[0])
		}
		t, ok := p.territory(f[1])
		if !ok {
			return refuse("there is no territory %s", strings.ToLower(f[1]))
		}
		switch f[0] {
		case "SEND":
			if len(f) == 2 {
				return round("SEND " + t)
			}
			sp, ok := num(f[len(f)-1])
			if f[2] != "ON" || !ok {
				return refuse("expected SEND <territory> [ON <space>]")
			}
			return round("SEND " + t + " ON " + strconv.Itoa(sp))
		case "RESOLVE":
			sp, ok := 0, len(f) >= 3
			if ok {
				sp, ok = num(f[2])
			}
			out := []string{"RESOLVE", t, strconv.Itoa(sp)}
			for i := 3; ok && i < len(f); i += 2 {
				n, good := 0, i+1 < len(f)
				if good {
					n, good = num(f[i+1])
				}
				ok = good && (f[i] == "FLEETS" || f[i] == "ARMIES")
				out = append(out, f[i], strconv.Itoa(n))
			}
			if !ok {
				return refuse("expected RESOLVE <territory> <space> [FLEETS <n>] [ARMIES <n>]")
			}
			return round(strings.Join(out, " "))
		default:
			if len(f) == 2 {
				return round("SELL " + t)
			}
			var sp []string
			for _, w := range f[3:] {
				if _, ok := num(w); ok {
					sp = append(sp, w)
				}
			}
			if f[2] != "REPLACE" || len(sp) == 0 {
				return refuse("expected SELL <territory> [REPLACE <space>,...]")
			}
			return round("SELL " + t + " REPLACE " + strings.Join(sp, ","))
		}
	case "PLAY":
		if len(f) < 2 || len(f) > 3 || len(f) == 3 && f[2] != "A" && f[2] != "B" {
			return refuse("expected PLAY <card> [A|B]")
		}
		if owed != nil && !slices.Contains(p.Hands[seat], f[1]) {
			return refuse("you hold no card %s", f[1])
		}
		return round(strings.Join(f, " "))
	case "DEPLOY":
		w := f[1:]
		if len(w) > 0 && w[0] == "F" {
			w = w[1:]
		}
		places := []string{"ARSENAL", "EUROPE", "AFRICA", "ASIA"}
		if len(w) != 2 || !slices.Contains(places, w[0]) || !slices.Contains(places, w[1]) {
			return refuse("expected DEPLOY <from> <to>, each arsenal, europe, africa or asia")
		}
		return round("DEPLOY " + strings.ToLower(w[0]) + " " + strings.ToLower(w[1]))
	}
	return table.Answer{}, &game.Refusal{NotOrder: true}
}

// Decide plays an Automated Power (13.0): its round is the script of
// 13.3; it commits nothing to contests, having no units (13.3); its
// setup and Ottoman choices are the defaults.
func (p *Play) Decide(dec table.Decision) ([]string, bool) {
	if !slices.Contains(p.Auto, dec.Seat) {
		return nil, false
	}
	switch dec.Kind {
	case kindRound:
		return []string{"AUTOMA"}, true
	case kindContest:
		return []string{"COMMIT 0"}, true
	}
	return []string{dec.Default}, true
}

// Show is the report's board: the Powers' sheets, and every territory
// with its cubes and holder.
func (p *Play) Show(to game.Viewer, l game.Lang) string {
	w := func(m table.Msg) string { return m.Write(italian, l) }
	var b strings.Builder
	if p.Turn > 0 {
		b.WriteString(w(table.M("Turn %s. Order: %s. Passed: %s.", p.Turn, strings.Join(p.Order, " "), orDash(strings.Join(p.Passed, " ")))) + "\n\n")
	}
	rows := [][]string{{w(table.M("power")), "£", "MD", w(table.M("prestige")), "VP", w(table.M("armies")), w(table.M("fleets")), w(table.M("great work"))}}
	for _, s := range p.Order {
		fc := p.Powers[s]
		if fc == nil {
			continue
		}
		work := "-"
		if fc.Work {
			work = powerOf(s).Work
		}
		rows = append(rows, []string{italian.T(l, powerOf(s).Name), strconv.Itoa(p.Get("money", s)), strconv.Itoa(p.Get("md", s)), strconv.Itoa(p.Get("prestige", s)),
			strconv.Itoa(p.Get("vp", s)), strconv.Itoa(fc.Armies-fc.Tired) + "/" + strconv.Itoa(fc.Armies), p.fleetsText(s), work})
	}
	b.WriteString(table.Grid(rows) + "\n")
	held := p.holders()
	terr := [][]string{{w(table.M("continent")), w(table.M("territory")), w(table.M("spaces")), w(table.M("held by"))}}
	for _, c := range continents {
		for _, id := range sortedKeys(p.Data.Territories) {
			t := p.Data.Territories[id]
			if t.Continent != c {
				continue
			}
			pcs := slices.Clone(p.Board[id])
			slices.SortStableFunc(pcs, func(a, b table.Piece) int { x, _ := strconv.Atoi(a.Tag); y, _ := strconv.Atoi(b.Tag); return x - y })
			var cells []string
			for _, pc := range pcs {
				cell := pc.Tag + ":" + pc.Owner
				switch pc.Kind {
				case "contest":
					cell = pc.Tag + ":^" + pc.Owner
				case "armament":
					cell = pc.Tag + ":#"
				}
				cells = append(cells, cell)
			}
			terr = append(terr, []string{italian.T(l, c), id, strconv.Itoa(t.Spaces) + " " + strings.Join(cells, " "), orDash(held[id])})
		}
	}
	b.WriteString(table.Grid(terr))
	if c := p.Contest; c != nil {
		b.WriteString("\n" + w(table.M("Contest in %s, space %s: %s against %s.", c.Territory, c.Space, c.Attacker, orMinor(c))) + "\n")
	}
	return b.String() + "\n"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
