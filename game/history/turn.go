package history

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/table"
)

// turn plays an empire's script, line by line, each checked when its
// moment comes (a line that no longer stands is skipped, and said so);
// then the monuments, the clean-up and the seat's scoring (Cap. V, VI).
// A card the data leaves to the moderator stops the script: the card
// acts before the first army is placed (Cap. IV "Giocare le Carte
// Evento"), so the moderator applies it, and the rest of the script runs
// after the ruling.
func (p *Play) turn(lines []string, d *dice.Source) {
	t := p.Turn
	t.Rest = nil
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "PLAY":
			ev := p.Data.Events[f[1]]
			switch {
			case t.Placed:
				p.Log(table.M("%s skipped: cards are played before the first army is placed.", line))
			case len(t.Played) == 2:
				p.Log(table.M("%s skipped: two cards a turn at most.", line))
			case !slices.Contains(p.Hands[t.Seat], f[1]) || ev == nil:
				p.Log(table.M("%s skipped: %s holds no card %s.", line, t.Seat, f[1]))
			case slices.ContainsFunc(t.Played, func(c string) bool { return p.Data.Events[c].Name == ev.Name }):
				p.Log(table.M("%s skipped: two identical cards may not be played together.", line))
			case p.Epoch < ev.From || p.Epoch > ev.To:
				p.Log(table.M("%s skipped: the card is not for epoch %s.", line, roman(p.Epoch)))
			default:
				p.Take(t.Seat, f[1])
				t.Played = append(t.Played, f[1])
				n, _ := effect(ev.Effect)
				switch {
				case n > 0:
					t.Coins += n
				case n == -1:
					t.Leader = true
				case n == -2:
					t.Weapons = true
				}
				p.Log(table.M("%s plays %s (%s).", t.Seat, f[1], ev.Name))
				if n == 0 {
					t.Rest = lines[i+1:]
					p.Ask(table.Decision{Seat: table.Master, Kind: kindEvent, Answers: []string{"DONE"}, Default: "DONE",
						Prompt: table.M("%s played %s (%s), whose effect the data does not describe: apply it with EDIT, then RULE DONE.", t.Seat, f[1], ev.Name)})
					return
				}
			}
		case "EXPAND", "SEA":
			tries := 1
			var from string
			var lands []string
			for i := 1; i < len(f); i++ {
				switch {
				case f[i] == "TRY" && i+1 < len(f):
					tries, _ = strconv.Atoi(f[i+1])
					i++
				case f[i] == "FROM" && i+1 < len(f):
					from = f[i+1]
					i++
				default:
					lands = append(lands, strings.Split(f[i], ",")...)
				}
			}
			for _, land := range lands {
				if land == "" {
					continue
				}
				if !p.expand(land, from, f[0] == "SEA", tries, d) {
					break // a list stops at its first failure
				}
			}
		case "FORT":
			p.fort(f[1])
		}
	}
	p.monuments()
	if t.Coins > 0 {
		p.Log(table.M("%s coins unused are lost.", t.Coins))
	}
	p.score(t.Seat)
	p.Turn = nil
	p.callNext(d)
}

// expand throws up to tries armies at land, from a land next to it (or,
// by sea, over the empire's fleets); true when the land is taken.
func (p *Play) expand(land, from string, sea bool, tries int, d *dice.Source) bool {
	t := p.Turn
	l := p.Data.Lands[land]
	switch {
	case l == nil:
		p.Log(table.M("%s: there is no such land.", land))
		return false
	case l.Barren:
		p.Log(table.M("%s is barren: no army enters it.", land))
		return false
	case p.active(land):
		p.Log(table.M("%s holds an army of the %s already.", land, t.Empire))
		return true
	}
	// The source decides the defender's dice: the one given, else the
	// one that gives the fewest.
	var border string
	if !sea {
		srcs := p.sources(land)
		if from != "" {
			if !slices.Contains(srcs, from) {
				p.Log(table.M("%s: %s holds no army of the %s next to it.", land, from, t.Empire))
				return false
			}
			srcs = []string{from}
		}
		if len(srcs) == 0 {
			p.Log(table.M("%s is next to no army of the %s.", land, t.Empire))
			return false
		}
		best := 4
		for _, s := range srcs {
			k, _ := p.Data.border(s, land)
			if n := p.defenceDice(land, k, false); n < best {
				best, border = n, k
			}
		}
	} else if !p.bySea(land) {
		p.Log(table.M("%s is on no sea the %s's fleets reach from its armies.", land, t.Empire))
		return false
	}
	t.Placed = true
	for tries > 0 {
		if !p.supply() {
			p.Log(table.M("%s: no army left to place.", land))
			return false
		}
		def, defended := p.Find(land, func(pc table.Piece) bool { return pc.Kind == "army" })
		if defended && def.Owner == t.Seat {
			// An older army of the seat's: swapped, no combat.
			p.Remove(land, table.Is("army", t.Seat))
			defended = false
		}
		fort, hasFort := p.Find(land, table.Is("fort", ""))
		if !defended && hasFort && fort.Owner != t.Seat {
			// A fort left alone falls to the army (a ruling: the rulebook
			// leaves it open).
			p.Remove(land, table.Is("fort", ""))
		}
		if !defended {
			p.enter(land)
			return true
		}
		tries--
		won, tie := p.battle(land, border, sea, def, d)
		switch {
		case won:
			p.Remove(land, table.Is("army", def.Owner))
			p.enter(land)
			return true
		case tie:
			t.Lost++
			// Both go; the next army walks into the empty land.
		default:
			t.Lost++
		}
	}
	return false
}

// supply takes an army from the supply, or back from the lost with a
// coin; false when there is none.
func (p *Play) supply() bool {
	t := p.Turn
	if t.Supply == 0 && t.Lost > 0 && t.Coins > 0 {
		t.Coins--
		t.Lost--
		t.Supply++
		p.Log(table.M("A coin brings a lost army back."))
	}
	if t.Supply == 0 {
		return false
	}
	t.Supply--
	return true
}

// enter places the army, and sacks what stands there: a capital becomes
// a city, a city goes; monuments stay.
func (p *Play) enter(land string) {
	t := p.Turn
	if c, ok := p.Find(land, table.Is("capital", "")); ok && c.Tag != t.Empire {
		p.Remove(land, table.Is("capital", ""))
		p.Put(land, table.Piece{Kind: "city", Owner: c.Owner, Tag: c.Tag})
		p.Log(table.M("The capital in %s becomes a city.", land))
	} else if _, ok := p.Find(land, table.Is("city", "")); ok {
		p.Remove(land, table.Is("city", ""))
		p.Log(table.M("The city in %s is sacked.", land))
	}
	p.Put(land, table.Piece{Kind: "army", Owner: t.Seat, Tag: t.Empire})
	p.Log(table.M("The %s take %s.", t.Empire, land))
}

// defenceDice is the defender's dice: 3 from the sea; 2 for a forest or
// a mountain in the land attacked, a strait or the Great Wall crossed;
// else 1. The bonuses do not add up (a ruling: the rulebook says only
// that a fort's +1 does).
func (p *Play) defenceDice(land, border string, sea bool) int {
	switch l := p.Data.Lands[land]; {
	case sea:
		return 3
	case l.Terrain != "" || border != "":
		return 2
	}
	return 1
}

// battle is one army against the defender of land (Cap. V
// "Combattimento"): the attacker's highest of 2 dice (3 with a Leader,
// +1 with Weapons) against the defender's highest, +1 with a fort; a
// fort takes the loss first, and the same army fights on.
func (p *Play) battle(land, border string, sea bool, def table.Piece, d *dice.Source) (won, tie bool) {
	t := p.Turn
	n := 2
	if t.Leader {
		n = 3
	}
	for {
		a := p.Roll(d, "attack on "+land, n, 6, true)[0]
		if t.Weapons {
			a++
		}
		dd := p.Roll(d, "defence of "+land, p.defenceDice(land, border, sea), 6, true)[0]
		_, fort := p.Find(land, table.Is("fort", def.Owner))
		if fort {
			dd++
		}
		switch {
		case a > dd && fort:
			p.Remove(land, table.Is("fort", def.Owner))
			p.Log(table.M("%s against %s: the fort in %s falls.", a, dd, land))
			continue
		case a > dd:
			p.Log(table.M("%s against %s: the attack on %s wins.", a, dd, land))
			return true, false
		case a == dd && fort:
			p.Remove(land, table.Is("fort", def.Owner))
			p.Log(table.M("%s against %s: the fort in %s and the attacker fall.", a, dd, land))
			return false, false
		case a == dd:
			p.Remove(land, table.Is("army", def.Owner))
			p.Log(table.M("%s against %s: both armies in %s fall.", a, dd, land))
			return false, true
		default:
			p.Log(table.M("%s against %s: the attack on %s fails.", a, dd, land))
			return false, false
		}
	}
}

// fort turns an army of the supply into a fort where an active army
// stands, one a land.
func (p *Play) fort(land string) {
	t := p.Turn
	_, has := p.Find(land, table.Is("fort", ""))
	switch {
	case !p.active(land):
		p.Log(table.M("FORT %s skipped: no army of the %s there.", land, t.Empire))
	case has:
		p.Log(table.M("FORT %s skipped: it has a fort already.", land))
	case t.Supply == 0:
		p.Log(table.M("FORT %s skipped: no army left to turn into a fort.", land))
	default:
		t.Supply--
		p.Put(land, table.Piece{Kind: "fort", Owner: t.Seat, Tag: t.Empire})
		p.Log(table.M("A fort is built in %s.", land))
	}
}

// monuments builds one for every two resource lands the active empire
// holds: in its capital, else a city it holds, else a resource land it
// holds; one a land, 36 in all (Cap. V "Costruzioni").
func (p *Play) monuments() {
	t := p.Turn
	var held []string
	for _, id := range mapsKeys(p.Data.Lands) {
		if p.active(id) && p.Data.Lands[id].Resource {
			held = append(held, id)
		}
	}
	built := 0
	for _, pcs := range p.Board {
		for _, pc := range pcs {
			if pc.Kind == "monument" {
				built++
			}
		}
	}
	free := func(id string) bool { _, ok := p.Find(id, table.Is("monument", "")); return p.active(id) && !ok }
	for range len(held) / 2 {
		if built >= 36 {
			return
		}
		var at string
		for _, kind := range []string{"capital", "city"} {
			for _, id := range mapsKeys(p.Data.Lands) {
				if _, ok := p.Find(id, table.Is(kind, "")); ok && at == "" && free(id) {
					at = id
				}
			}
		}
		for _, id := range held {
			if at == "" && free(id) {
				at = id
			}
		}
		if at == "" {
			return
		}
		p.Put(at, table.Piece{Kind: "monument", Owner: t.Seat})
		built++
		p.Log(table.M("A monument is built in %s.", at))
	}
}

// score is Cap. VI: for each area, presence (1 army: the base value),
// domination (2 or more, more than anyone: twice) or control (3 or more,
// nobody else: three times); 2 a capital, 1 a city and 1 a monument in
// the lands the seat's armies hold.
func (p *Play) score(seat string) {
	armies := map[string]map[string]int{}
	bonus := 0
	for land, pcs := range p.Board {
		l := p.Data.Lands[land]
		if l == nil {
			continue
		}
		holder := ""
		for _, pc := range pcs {
			if pc.Kind == "army" {
				holder = pc.Owner
				if l.Area != "" {
					if armies[l.Area] == nil {
						armies[l.Area] = map[string]int{}
					}
					armies[l.Area][pc.Owner]++
				}
			}
		}
		if holder != seat {
			continue
		}
		for _, pc := range pcs {
			bonus += map[string]int{"capital": 2, "city": 1, "monument": 1}[pc.Kind]
		}
	}
	total := bonus
	var parts []table.Msg
	for _, a := range p.Data.Areas {
		mine := armies[a.ID][seat]
		if mine == 0 {
			continue
		}
		most, others := 0, 0
		for s, n := range armies[a.ID] {
			if s != seat {
				most = max(most, n)
				others += n
			}
		}
		times, how := 1, "presence"
		switch {
		case mine >= 3 && others == 0:
			times, how = 3, "control"
		case mine >= 2 && mine > most:
			times, how = 2, "domination"
		}
		v := p.Data.Score[a.ID][p.Epoch-1] * times
		total += v
		parts = append(parts, table.M("%s %s %s", a.ID, how, v))
	}
	p.Add("score", seat, total)
	p.Log(table.M("%s scores %s: %s; capitals, cities and monuments %s.", seat, total, table.List(parts), bonus))
}
