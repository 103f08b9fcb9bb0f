package belleepoque

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game/table"
)

// A card's effects (an event's, an Intrigue half's, a National card's)
// are the data's, in the engine's vocabulary (rules.go), applied in
// order from a queue (Play.Effects). An effect that needs a target
// asks who chooses it and waits: the card's player (8.6, 8.6.2), the
// moderator for an event; an Automated Power's are chosen by 13.4.3-6.
// An effect the data does not describe is the moderator's, applied
// with EDIT. A round whose card waits goes on once its effects are done.

// Effect is one effect of a card waiting its turn.
type Effect struct {
	// Seat played the card; "" for an event.
	Seat string `json:"seat,omitempty"`
	Card string `json:"card"`
	Name string `json:"name"`
	Do   string `json:"do"`
	// Left are the cubes still to place (minor) or remove (remove);
	// Hits each cube removed so far, "<power> <territory>".
	Left int      `json:"left,omitempty"`
	Hits []string `json:"hits,omitempty"`
	// NoBots marks the Automated Powers' half of an Intrigue card, which
	// a player may not turn against them (13.4).
	NoBots bool `json:"no_bots,omitempty"`
}

// effect queues a card's effects for seat (every Power, for an event)
// and applies them as far as they go.
func (p *Play) effect(seat, id, e, name string) {
	p.queue(Effect{Seat: seat, Card: id, Name: name}, e)
}

// queue queues the effects e, each like ef, and applies them as far as
// they go.
func (p *Play) queue(like Effect, e string) {
	for _, one := range strings.Split(e, ",") {
		ef := like
		ef.Do = one
		switch f := strings.Split(one, ":"); f[0] {
		case "minor":
			ef.Left, _ = strconv.Atoi(f[3])
		case "remove":
			ef.Left, _ = strconv.Atoi(f[1])
		}
		p.Effects = append(p.Effects, ef)
	}
	p.runEffects()
}

// runEffects applies the queue's effects until one waits for a choice;
// true when none is left.
func (p *Play) runEffects() bool {
	for len(p.Effects) > 0 {
		if !p.step(&p.Effects[0]) {
			return false
		}
		p.Effects = p.Effects[1:]
	}
	p.tellHolders()
	return true
}

// effectsGoOn goes on after a choice: the queue, then what waited for
// it (the round of the card's player, the turn after its events).
func (p *Play) effectsGoOn() {
	if !p.runEffects() || len(p.Pending) > 0 || p.Over {
		return
	}
	if r := p.Round; r != nil && p.Contest == nil {
		rest := r.Rest
		r.Rest = nil
		p.run(rest)
		return
	}
	p.resume()
}

// step applies an effect, or asks its target; false while it waits.
func (p *Play) step(ef *Effect) bool {
	f := strings.Split(ef.Do, ":")
	n := 0
	if len(f) > 1 {
		n, _ = strconv.Atoi(f[len(f)-1])
	}
	switch f[0] {
	case "money", "md", "prestige":
		who := []string{ef.Seat}
		if ef.Seat == "" {
			who = p.Order
		}
		for _, s := range who {
			switch f[0] {
			case "prestige":
				p.raisePrestige(s, n, true)
			case "md":
				p.Add("md", s, max(-p.Get("md", s), min(n, p.supply(s))))
			default:
				if !slices.Contains(p.Auto, s) { // an Automated Power has no money (13.3)
					p.Add("money", s, max(n, -p.Get("money", s)))
				}
			}
		}
		p.Log(table.M("%s: %s %s.", ef.Card, f[0], n))
	case "doctrine":
		if ef.Seat != "" {
			p.Powers[ef.Seat].Doctrine = true
		}
	case "purge":
		for _, t := range sortedKeys(p.Data.Territories) {
			if p.Data.Territories[t].Continent == f[2] {
				for p.Remove(t, table.Is("md", f[1])) {
				}
			}
		}
		p.Log(table.M("Every cube of %s in %s is removed.", f[1], f[2]))
	case "minor":
		return p.stepMinor(ef, f[1], strings.Split(f[2], "|"))
	case "lose":
		return p.stepLose(ef, f[1], n)
	case "remove":
		most := 0
		if len(f) == 3 {
			most = n
		}
		return p.stepRemove(ef, most)
	default:
		p.AskFirst(table.Decision{Seat: table.Master, Kind: kindCard, Data: "effect", Answers: []string{"DONE"}, Default: "DONE",
			Prompt: table.M("%s (%s) was played, and the data does not describe its effect: apply it with EDIT, then RULE DONE.", ef.Card, ef.Name)})
		return false
	}
	return true
}

// bot reports whether an Automated Power played the card.
func (p *Play) bot(ef *Effect) bool { return ef.Seat != "" && slices.Contains(p.Auto, ef.Seat) }

// askTarget asks the effect's target of the card's player, or of the
// moderator for an event.
func (p *Play) askTarget(ef *Effect, ans []string, prompt table.Msg) {
	d := table.Decision{Seat: ef.Seat, Kind: kindTarget, Data: "target", Answers: ans, Default: ans[0], Prompt: prompt}
	if ef.Seat == "" {
		d.Seat, d.Kind = table.Master, kindCard
		d.Prompt = table.M("The event's target is the moderator's (RULE TARGET ...): %s", prompt)
	}
	p.AskFirst(d)
}

// open says whether a Power may suffer the card's effect: not one
// another card affected this turn (8.6.1), nor an Automated Power by a
// player's half marked for them (13.4).
func (p *Play) open(ef *Effect) func(string) bool {
	return func(pw string) bool {
		if ef.NoBots && slices.Contains(p.Auto, pw) {
			return false
		}
		return ef.Seat == "" || p.Powers[pw].TargetedBy == "" || p.Powers[pw].TargetedBy == ef.Card
	}
}

// hit marks a Power the card of another affected (8.6.1).
func (p *Play) hit(ef *Effect, pw string) {
	if ef.Seat != "" && pw != ef.Seat && slices.Contains(p.Order, pw) {
		p.Powers[pw].TargetedBy = ef.Card
	}
}

// stepMinor places a minor nation's cubes (minor:<nation>:<t>|...:<n>):
// for an event by 6.2 (the moderator choosing among territories); for a
// player where it chooses, a free space or in place of a cube (8.6.2);
// for an Automated Power in the territory a die names (13.4.6) in place
// of the cube of the opposing Power with the most there (13.4.5), else
// in a free space.
func (p *Play) stepMinor(ef *Effect, nation string, ts []string) bool {
	for ; ef.Left > 0; ef.Left-- {
		switch {
		case ef.Seat == "":
			if len(ts) > 1 {
				var ans []string
				for _, t := range ts {
					ans = append(ans, "TARGET "+t)
				}
				p.askTarget(ef, ans, table.M("%s (%s): the territory of the cube of %s (TARGET <territory>).", ef.Card, ef.Name, nation))
				return false
			}
			p.minorCube(nation, ts[0])
		case p.bot(ef):
			t := ts[0]
			if len(ts) > 1 {
				t = ts[drawIndex(p.rollDie("the territory of "+ef.Card), len(ts))]
			}
			if victim, spaces := p.mostCubes(ef.Seat, t, "the cube replaced in "+t, p.open(ef)); victim != "" {
				p.replaceWith(ef, nation, t, spaces[0])
			} else if sp := p.free(t); sp > 0 {
				p.Put(t, table.Piece{Kind: "md", Owner: nation, Tag: strconv.Itoa(sp)})
				p.Log(table.M("A cube of %s is placed in %s, space %s.", nation, t, sp))
			} else {
				p.Log(table.M("The cube of %s for %s is cancelled.", nation, t))
			}
		default:
			var ans []string
			for _, t := range ts {
				if p.free(t) > 0 {
					ans = append(ans, "TARGET "+t)
				}
				for s := 1; s <= p.Data.Territories[t].Spaces; s++ {
					pc, md := p.at(t, s, "md")
					_, c := p.at(t, s, "contest")
					if md && !c && pc.Owner != ef.Seat && (!slices.Contains(p.Order, pc.Owner) || p.open(ef)(pc.Owner)) {
						ans = append(ans, "TARGET "+t+" "+strconv.Itoa(s))
					}
				}
			}
			if len(ans) == 0 {
				p.Log(table.M("The cube of %s for %s is cancelled.", nation, strings.Join(ts, ", ")))
				continue
			}
			p.askTarget(ef, ans, table.M("%s (%s): place a cube of %s (%s left): TARGET <territory> in its lowest free space, or TARGET <territory> <space> in place of the cube there (8.6.2).", ef.Card, ef.Name, nation, ef.Left))
			return false
		}
	}
	return true
}

// replaceWith puts a minor's cube in place of the cube in space sp.
func (p *Play) replaceWith(ef *Effect, nation, t string, sp int) {
	tag := strconv.Itoa(sp)
	old, _ := p.at(t, sp, "md")
	p.Remove(t, func(pc table.Piece) bool { return pc.Kind == "md" && pc.Tag == tag })
	p.Put(t, table.Piece{Kind: "md", Owner: nation, Tag: tag})
	p.hit(ef, old.Owner)
	p.Log(table.M("A cube of %s replaces the cube of %s in %s, space %s.", nation, old.Owner, t, sp))
}

// stepLose is lose:<what>:<n>: an opposing Power loses n money, Prestige
// or cubes of its Embassies; an Automated Power targets the one with
// the most of it, a die between equals (13.4.3). Money is lost by human
// Powers only: an Automated Power has none (13.3, 13.4.6 Scandalo
// finanziario).
func (p *Play) stepLose(ef *Effect, what string, n int) bool {
	var cands []string
	for _, pw := range p.Order {
		if what == "money" && slices.Contains(p.Auto, pw) {
			continue
		}
		if pw != ef.Seat && p.open(ef)(pw) {
			cands = append(cands, pw)
		}
	}
	if len(cands) == 0 {
		p.Log(table.M("%s (%s) has no Power to target.", ef.Card, ef.Name))
		return true
	}
	if !p.bot(ef) {
		var ans []string
		for _, pw := range cands {
			ans = append(ans, "TARGET "+pw)
		}
		p.askTarget(ef, ans, table.M("%s (%s): choose the Power that loses %s %s (TARGET <power>).", ef.Card, ef.Name, n, what))
		return false
	}
	most := table.Top(cands, func(pw string) int { return p.Get(what, pw) })
	pw := most[0]
	if len(most) > 1 {
		pw = most[drawIndex(p.rollDie("the target of "+ef.Card), len(most))]
	}
	p.lose(ef, pw, what, n)
	return true
}

// lose takes n of what from pw, as far as it has them.
func (p *Play) lose(ef *Effect, pw, what string, n int) {
	k := min(n, p.Get(what, pw))
	p.Add(what, pw, -k)
	p.hit(ef, pw)
	p.Log(table.M("%s (%s): %s loses %s %s.", ef.Card, ef.Name, pw, k, what))
}

// stepRemove is remove:<n>[:<most>]: n cubes of opposing Powers taken
// from the map, at most most of one Power. An Automated Power takes
// them by 13.4.3-4: the first territory of its Objective Priority list
// it neither allies nor controls with a cube it may take, the cube of
// the Power with the most cubes there (a die between equals), again
// for each cube; a Power it took from in one territory is not taken
// from in another (the example of 13.4.4).
func (p *Play) stepRemove(ef *Effect, most int) bool {
	took := func(pw string) (n int, where string) {
		for _, h := range ef.Hits {
			if w, t, _ := strings.Cut(h, " "); w == pw {
				n, where = n+1, t
			}
		}
		return n, where
	}
	may := func(pw string) bool {
		n, _ := took(pw)
		return p.open(ef)(pw) && (most == 0 || n < most)
	}
	for ; ef.Left > 0; ef.Left-- {
		if p.bot(ef) {
			held := p.holders()
			done := false
			for _, t := range p.Data.Automa[ef.Seat].priority() {
				if held[t] == ef.Seat {
					continue
				}
				victim, spaces := p.mostCubes(ef.Seat, t, "the cube removed in "+t, func(pw string) bool {
					_, where := took(pw)
					return may(pw) && (where == "" || where == t)
				})
				if victim != "" {
					p.removeCube(ef, t, spaces[0])
					done = true
					break
				}
			}
			if !done {
				p.Log(table.M("%s (%s) finds no more cubes to remove.", ef.Card, ef.Name))
				return true
			}
			continue
		}
		var ans []string
		for _, t := range sortedKeys(p.Data.Territories) {
			for s := 1; s <= p.Data.Territories[t].Spaces; s++ {
				pc, md := p.at(t, s, "md")
				_, c := p.at(t, s, "contest")
				if md && !c && pc.Owner != ef.Seat && slices.Contains(p.Order, pc.Owner) && may(pc.Owner) {
					ans = append(ans, "TARGET "+t+" "+strconv.Itoa(s))
				}
			}
		}
		if len(ans) == 0 {
			p.Log(table.M("%s (%s) finds no more cubes to remove.", ef.Card, ef.Name))
			return true
		}
		p.askTarget(ef, ans, table.M("%s (%s): choose a cube of an opposing Power to remove, %s left (TARGET <territory> <space>).", ef.Card, ef.Name, ef.Left))
		return false
	}
	return true
}

// priority is an Automated Power's Objective Priority list; none for a
// Power without a sheet.
func (a *Automa) priority() []string {
	if a == nil {
		return nil
	}
	return a.Priority
}

// removeCube takes the cube in space sp of t off the map.
func (p *Play) removeCube(ef *Effect, t string, sp int) {
	tag := strconv.Itoa(sp)
	pc, _ := p.at(t, sp, "md")
	p.Remove(t, func(x table.Piece) bool { return x.Kind == "md" && x.Tag == tag })
	ef.Hits = append(ef.Hits, pc.Owner+" "+t)
	p.hit(ef, pc.Owner)
	p.Log(table.M("%s (%s): the cube of %s in %s, space %s, is removed.", ef.Card, ef.Name, pc.Owner, t, sp))
}

// target carries out the target chosen for the effect at the head of
// the queue, then goes on.
func (p *Play) target(answer string) {
	if len(p.Effects) == 0 {
		return
	}
	ef := &p.Effects[0]
	f := strings.Split(ef.Do, ":")
	w := strings.Fields(strings.TrimPrefix(answer, "TARGET "))
	sp := 0
	if len(w) == 2 {
		sp, _ = strconv.Atoi(w[1])
	}
	done := true
	switch f[0] {
	case "minor":
		switch {
		case ef.Seat == "":
			p.minorCube(f[1], w[0])
		case sp > 0:
			p.replaceWith(ef, f[1], w[0], sp)
		default:
			s := p.free(w[0])
			p.Put(w[0], table.Piece{Kind: "md", Owner: f[1], Tag: strconv.Itoa(s)})
			p.Log(table.M("A cube of %s is placed in %s, space %s.", f[1], w[0], s))
		}
		ef.Left--
		done = ef.Left == 0
	case "lose":
		n, _ := strconv.Atoi(f[2])
		p.lose(ef, w[0], f[1], n)
	case "remove":
		p.removeCube(ef, w[0], sp)
		ef.Left--
		done = ef.Left == 0
	}
	if done {
		p.Effects = p.Effects[1:]
	}
	p.effectsGoOn()
}

// minorCube places a minor's cube by 6.2 (an event's): a free space,
// else the space a die names, whoever's cube it holds; none on armament
// or past the last space (a ruling: the die names the space by number).
func (p *Play) minorCube(minor, t string) {
	if sp := p.free(t); sp > 0 {
		p.Put(t, table.Piece{Kind: "md", Owner: minor, Tag: strconv.Itoa(sp)})
		p.Log(table.M("A cube of %s is placed in %s, space %s.", minor, t, sp))
		return
	}
	sp := p.Roll(p.dice, "the space in "+t, 1, 6, true)[0]
	if _, arm := p.at(t, sp, "armament"); arm || sp > p.Data.Territories[t].Spaces {
		p.Log(table.M("The cube of %s for %s is cancelled.", minor, t))
		return
	}
	tag := strconv.Itoa(sp)
	p.Remove(t, func(pc table.Piece) bool { return pc.Tag == tag && pc.Kind == "contest" })
	p.Remove(t, func(pc table.Piece) bool { return pc.Tag == tag && pc.Kind == "md" })
	p.Put(t, table.Piece{Kind: "md", Owner: minor, Tag: tag})
	p.Log(table.M("A cube of %s replaces the cube in %s, space %s.", minor, t, sp))
}
