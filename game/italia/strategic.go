package italia

import (
	"fmt"
	"slices"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/variants/machiavelli"
)

// strategic resolves the strategic moves (spec §2.3 step 7, §3.6.2),
// counter by counter in power order: along its path a counter stops at
// the first territory a hostile counter holds after the standard moves
// (seed §7), and in an independent territory before its last on a D6 of
// 1-2 (R19); it pays attrition for each famine, revolt or sack it enters
// (R20); then it meets what stands where it stops, overruns only there
// (R19), rolls for the Ottomans for each Balkan state it entered (R51),
// and quells with SEDA. A path that the earlier steps closed (a
// territory on it lost to another player) is not carried out (R10).
func (rs *resolution) strategic() {
	b := rs.s.r.board
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vStrategic) {
			k := counterKey{p.ID, o.num("k")}
			ct := rs.counterOf(k)
			if ct == nil {
				continue
			}
			path := o.areas("tpath")
			if why := rs.pathClosed(p.ID, path); why != nil {
				rs.tell([]string{p.ID}, "%s: not carried out: %s", rs.s.r.reader().format(o), textArg(why))
				continue
			}
			from := ct.At
			var entered []string
			for i, t := range path {
				id := b.Areas[t].ID
				entered = append(entered, id)
				if i == len(path)-1 || rs.hostileIn(p.ID, id) {
					break
				}
				if rs.pos.Control[id] == "" {
					d := rs.roll(fmt.Sprintf("strategic move of %s #%d: stop in %s", p.ID, k.n, id))
					if d <= 2 {
						rs.tell(nil, "%s #%s must stop in %s (D6 %s, seed §7)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+id, fmt.Sprint(d))
						break
					}
					rs.tell(nil, "%s #%s crosses %s (D6 %s, seed §7)", "p:"+p.ID, fmt.Sprint(k.n), "a:"+id, fmt.Sprint(d))
				}
			}
			stop := entered[len(entered)-1]
			origin := from
			if len(entered) > 1 {
				origin = entered[len(entered)-2]
			}
			ct.At, ct.InCity, ct.Strategic = stop, false, true
			rs.strategicMoved[k] = true
			rs.tell(nil, "%s #%s moves strategically: %s -> %s", "p:"+p.ID, fmt.Sprint(k.n), "a:"+from, "a:"+stop)
			rs.arrive(k, entered, origin, tx("famine, revolt or sack on the way"))
			rs.finish(k, o.mods(), stop)
		}
	}
}

// arrive resolves what follows counter k's strategic move or landing
// through the territories entered, the last its stop (spec §2.3 steps 7
// and 8): attrition for each famine, revolt or sack (why), the meeting
// where it stops (origin: where it came from), the overrun there, and an
// Ottoman roll for each Balkan state entered (R51).
func (rs *resolution) arrive(k counterKey, entered []string, origin string, why game.Text) {
	p := rs.power(k.power)
	for _, id := range entered {
		if ct := p.counter(k.n); ct != nil && rs.marked(id) {
			rs.attrition(p, ct, why)
		}
	}
	if p.counter(k.n) == nil {
		return
	}
	rs.merge()
	rs.meetings(map[counterKey]string{k: origin})
	rs.overrun(k, entered[len(entered)-1])
	for _, id := range entered {
		rs.ottomans(p.ID, id)
	}
}

// pathClosed says why power p may no longer take a strategic path, nil
// when it may: every territory its own, an ally's that lets it through,
// or independent (seed §7, R19).
func (rs *resolution) pathClosed(p string, path []machiavelli.Area) game.Text {
	b := rs.s.r.board
	for _, t := range path {
		id := b.Areas[t].ID
		if owner := rs.pos.Control[id]; owner != "" && !rs.pos.letsThrough(p, id) && lostWar(rs.pos, owner) == nil {
			return tx("%s is no longer open to the move", b.Areas[t].Italian)
		}
	}
	return nil
}

// letsThrough reports whether territory id in pos is open to power p, to
// pass through or to use its port: its own, or an ally's that lets it
// through (R13, R19, R22).
func (pos *Position) letsThrough(p, id string) bool {
	owner := pos.Control[id]
	return owner == p || owner != "" && pos.allied(owner, p) && slices.Contains(pos.Transit[owner], p)
}

// maritime resolves the maritime moves (spec §2.3 step 8, §3.6.3-4):
// the fleets sail (no dice: they never fight, seed §7); then each
// transport lands its counter at the port named, if both ports are still
// usable and the counter is still at the first (R10, R22); then each
// sea assault, in power order, rolls against the fleets protecting the
// target, if any (R23): D6 + the invader's and its allies' fleets on the
// sea − the protectors, failing on 3 or less; a landed counter meets,
// overruns and rolls for the Ottomans as after a standard move.
func (rs *resolution) maritime() {
	b := rs.s.r.board
	busy := map[counterKey]bool{}
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vFleetMove, vTransport, vAssault) {
			fl := p.fleet(o.num("f"))
			if o.verb != vFleetMove {
				busy[counterKey{p.ID, fl.N}] = true
			}
			if path := o.areas("spath"); len(path) > 0 {
				from := fl.At
				fl.At = b.Areas[path[len(path)-1]].ID
				rs.tell(nil, "%s F%s: %s -> %s", "p:"+p.ID, fmt.Sprint(fl.N), "a:"+from, "a:"+fl.At)
			}
		}
	}
	for _, p := range rs.pos.Powers {
		for _, o := range rs.sheets[p.ID].lines(vTransport, vAssault) {
			k := counterKey{p.ID, o.num("j")}
			ct := rs.counterOf(k)
			from, to := b.Areas[o.area("t")].ID, b.Areas[o.area("t2")].ID
			owner := rs.pos.Control[to]
			switch {
			case ct == nil || ct.At != from:
				rs.tell([]string{p.ID}, "%s: not carried out: %s", rs.s.r.reader().format(o), textArg(tx("the counter is not in the port")))
				continue
			case o.verb == vTransport && (!rs.pos.letsThrough(p.ID, from) || !rs.pos.letsThrough(p.ID, to)):
				rs.tell([]string{p.ID}, "%s: not carried out: %s", rs.s.r.reader().format(o), textArg(tx("a port is no longer yours or open to you")))
				continue
			case o.verb == vAssault && (rs.pos.Control[from] != p.ID || owner == p.ID || rs.allied(owner, p.ID)):
				rs.tell([]string{p.ID}, "%s: not carried out: %s", rs.s.r.reader().format(o), textArg(tx("the port is no longer yours, or the target is friendly")))
				continue
			}
			if o.verb == vAssault && !rs.assaultLands(p, o, owner, busy) {
				continue
			}
			ct.At, ct.InCity = to, false
			rs.tell(nil, "%s #%s lands from the sea: %s -> %s", "p:"+p.ID, fmt.Sprint(k.n), "a:"+from, "a:"+to)
			rs.arrive(k, []string{to}, from, tx("famine, revolt or sack on entry"))
		}
	}
}

// assaultLands rolls a sea assault against the target's protectors: the
// fleets of its controller and allies on the assaulting fleet's sea that
// neither transport nor assault (R23); with none, it lands unopposed.
func (rs *resolution) assaultLands(p *Power, o *order, owner string, busy map[counterKey]bool) bool {
	sea := p.fleet(o.num("f")).At
	protectors, invaders := 0, 0
	for _, q := range rs.pos.Powers {
		for _, f := range q.Fleets {
			switch {
			case f.At != sea:
			case q.ID == p.ID || rs.allied(q.ID, p.ID):
				invaders++
			case owner != "" && (q.ID == owner || rs.allied(q.ID, owner)) && !busy[counterKey{q.ID, f.N}]:
				protectors++
			}
		}
	}
	if protectors == 0 {
		return true
	}
	d := rs.roll(fmt.Sprintf("sea assault of %s from %s", p.ID, sea))
	if d+invaders-protectors <= 3 {
		rs.tell(nil, "%s's assault from %s is beaten off (D6 %s, %s fleets against %s, seed §7)", "p:"+p.ID, "a:"+sea, fmt.Sprint(d), fmt.Sprint(invaders), fmt.Sprint(protectors))
		return false
	}
	return true
}
