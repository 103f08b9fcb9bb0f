package parser

import (
	"slices"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
)

// Resolving turns readings into orders. A reading whose places are
// ambiguous becomes several candidate orders; each is scored by how much
// sense it makes in the position (the power has a unit where the order
// says, the supported unit exists, the unit can reach where it goes, the
// unit type can stand there). The best-scoring order is taken when it is
// the only one; otherwise the order is ambiguous and refused with its
// readings. The score only chooses between readings: an order with one
// reading is never refused for making no sense, that is for the
// adjudicator to judge.

// cand is one candidate order with its score.
type cand struct {
	o     adjudicator.Order
	score int
	r     *reading
}

const (
	scoreOwn    = 64 // the power has a unit (a dislodged one in retreats) where the order says
	scoreTarget = 32 // the supported or convoyed unit exists; a build's centre is free
	scoreReach  = 16 // the unit can get where it is sent
	scoreStand  = 8  // the unit type can stand where the order puts it
	scoreType   = 4  // the type written is the type of the unit there
	// scoreCanon, per place, breaks the last ties: a name that is a
	// location's canonical id ("tyr") means that location (Tyrolia) when
	// nothing else decides, so that Order reads back what Format writes.
	scoreCanon = 1
)

// unitAt returns the unit in province prov in the position (the dislodged
// one in a retreat phase when dislodged is set).
func (p *parser) unitAt(l variants.Loc, dislodged bool) *variants.Unit {
	if p.pos == nil || int(l) >= len(p.v.Locs) {
		return nil
	}
	prov := p.v.Province(l)
	if dislodged {
		for i := range p.pos.Dislodged {
			u := &p.pos.Dislodged[i].Unit
			if int(u.Loc) < len(p.v.Locs) && p.v.Province(u.Loc) == prov {
				return u
			}
		}
		return nil
	}
	for i := range p.pos.Units {
		u := &p.pos.Units[i]
		if int(u.Loc) < len(p.v.Locs) && p.v.Province(u.Loc) == prov {
			return u
		}
	}
	return nil
}

// ownUnits lists the power's units of type t (its dislodged units in a
// retreat phase).
func (p *parser) ownUnits(t variants.UnitType) []variants.Unit {
	if p.pos == nil {
		return nil
	}
	var out []variants.Unit
	if p.phase == adjudicator.Retreat {
		for _, d := range p.pos.Dislodged {
			if d.Unit.Power == p.power && (t == variants.NoType || d.Unit.Type == t) && int(d.Unit.Loc) < len(p.v.Locs) {
				out = append(out, d.Unit)
			}
		}
		return out
	}
	for _, u := range p.pos.Units {
		if u.Power == p.power && (t == variants.NoType || u.Type == t) && int(u.Loc) < len(p.v.Locs) {
			out = append(out, u)
		}
	}
	return out
}

// span returns the text of tokens [start, end) as the player wrote it.
func (p *parser) span(start, end int) string {
	if start >= end || start >= len(p.toks) {
		return ""
	}
	if end > len(p.toks) {
		end = len(p.toks)
	}
	return p.text[p.toks[start].start:p.toks[end-1].end]
}

// resolve chooses the order the readings mean, or explains why none.
func (p *parser) resolve() (adjudicator.Order, *Refusal) {
	if len(p.out) == 0 {
		return adjudicator.Order{}, p.failure()
	}
	cands := p.candBuf[:0]
	defer func() { p.candBuf = cands[:0] }()
	var firstErr *Refusal
	for i := range p.out {
		r := &p.out[i]
		if r.lead != variants.NoPower && r.lead != p.power {
			if firstErr == nil {
				firstErr = p.otherPower(r.lead, p.span(r.leadAt, r.leadAt+1))
			}
			continue
		}
		if len(r.chain) > 0 {
			if o, ok := p.convoyRoute(r); ok {
				cands = append(cands, cand{o: o, score: 0, r: r})
				continue
			}
			return adjudicator.Order{}, p.chainRefusal(r)
		}
		var err *Refusal
		cands, err = p.expand(r, cands)
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if len(cands) == 0 {
		return adjudicator.Order{}, firstErr
	}
	best := cands[0].score
	for _, c := range cands[1:] {
		if c.score > best {
			best = c.score
		}
	}
	var top []cand
	for _, c := range cands {
		if c.score == best && !slices.ContainsFunc(top, func(t cand) bool { return t.o == c.o }) {
			top = append(top, c)
		}
	}
	if len(top) == 1 {
		return p.settle(top[0].o), nil
	}
	return adjudicator.Order{}, p.ambiguous(top)
}

// settle names the ordered unit, and the unit a support or convoy is for,
// by where it stands: "F StP-Bot" is the fleet on stp/sc, and the player
// is shown so. Only a province written without a coast is filled in.
func (p *parser) settle(o adjudicator.Order) adjudicator.Order {
	fill := func(l variants.Loc, t variants.UnitType, dislodged bool) variants.Loc {
		if l == variants.NoLoc || int(l) >= len(p.v.Locs) || len(p.v.Locs[l].Coasts) == 0 {
			return l
		}
		if u := p.unitAt(l, dislodged); u != nil && (t == variants.NoType || t == u.Type) {
			return u.Loc
		}
		return l
	}
	switch o.Type {
	case adjudicator.Build, adjudicator.Waive:
		return o
	case adjudicator.Support, adjudicator.Convoy:
		o.Target = fill(o.Target, o.TargetUnit, false)
	}
	o.Loc = fill(o.Loc, o.Unit, p.phase == adjudicator.Retreat)
	return o
}

// expand turns one reading into candidate orders, one per combination of
// the places its names may mean.
func (p *parser) expand(r *reading, out []cand) ([]cand, *Refusal) {
	if r.kind == adjudicator.Waive {
		o := adjudicator.Order{Power: p.power, Type: adjudicator.Waive, Loc: variants.NoLoc, Target: variants.NoLoc, Dest: variants.NoLoc}
		return append(out, cand{o: o, r: r}), nil
	}
	unitLocs := r.unit.at.cands
	if r.unit.at.omitted() {
		if r.kind == adjudicator.Build {
			word := p.span(r.unit.start, r.unit.start+1)
			return out, refuse(word, nil, msgBuildWhere, same(word), same(word))
		}
		// "F Stands", "F S A Bul-Rum": the power's only unit of that type.
		own := p.ownUnits(r.unit.typ)
		if len(own) != 1 {
			return out, p.whichUnit(r, own)
		}
		unitLocs = []variants.Loc{own[0].Loc}
	}
	targets := []variants.Loc{variants.NoLoc}
	if r.kind == adjudicator.Support || r.kind == adjudicator.Convoy {
		targets = r.target.at.cands
	}
	dests := []variants.Loc{variants.NoLoc}
	if !r.dest.omitted() {
		dests = r.dest.cands
	}
	var err *Refusal
	for _, ul := range unitLocs {
		for _, tl := range targets {
			for _, dl := range dests {
				o, score, e := p.build(r, ul, tl, dl)
				if e != nil {
					if err == nil {
						err = e
					}
					continue
				}
				score += p.canon(r.unit.at, ul) + p.canon(r.target.at, tl) + p.canon(r.dest, dl)
				out = append(out, cand{o: o, score: score, r: r})
			}
		}
	}
	return out, err
}

// canon scores an ambiguous name written as l's canonical id.
func (p *parser) canon(ref locRef, l variants.Loc) int {
	if len(ref.cands) < 2 || ref.end != ref.start+1 || int(l) >= len(p.v.Locs) {
		return 0
	}
	if p.toks[ref.start].norm == p.v.Locs[l].ID {
		return scoreCanon
	}
	return 0
}

// build makes one candidate order and scores it.
func (p *parser) build(r *reading, ul, tl, dl variants.Loc) (adjudicator.Order, int, *Refusal) {
	v := p.v
	o := adjudicator.Order{
		Power:  p.power,
		Type:   r.kind,
		Unit:   r.unit.typ,
		Loc:    ul,
		Target: variants.NoLoc,
		Dest:   variants.NoLoc,
	}
	score := 0
	switch r.kind {
	case adjudicator.Build, adjudicator.Remove:
		u := p.unitAt(ul, false)
		own := u != nil && u.Power == p.power
		// "F Edi" in winter where the power has a unit is a removal.
		if r.kind == adjudicator.Build && !(r.bare && own) {
			if o.Unit == variants.NoType {
				// The type can be left out where only one can stand.
				if o.Unit = p.onlyType(ul); o.Unit == variants.NoType {
					return o, 0, refuse(p.span(r.unit.at.start, r.unit.at.end),
						[]string{"build A " + v.Locs[ul].ID, "build F " + v.Locs[ul].ID},
						msgBuildWhat, p.ix.provinces[ul])
				}
			}
			info := &v.Locs[v.Province(ul)]
			if info.Home == p.power {
				score += scoreOwn
			}
			if u == nil {
				score += scoreTarget
			}
			if v.CanHold(o.Unit, ul) {
				score += scoreStand
			}
			return o, score, nil
		}
		o.Type = adjudicator.Remove
		if own {
			score += scoreOwn
		}
		if u != nil && o.Unit == variants.NoType {
			o.Unit = u.Type
		}
		if u != nil && u.Type == o.Unit {
			score += scoreType
		}
		return o, score, nil
	}

	// Movement and retreat orders: the ordered unit.
	u := p.unitAt(ul, p.phase == adjudicator.Retreat)
	from := ul
	if u != nil {
		if u.Power == p.power {
			score += scoreOwn
		}
		if o.Unit == variants.NoType {
			o.Unit = u.Type
		}
		if u.Type == o.Unit {
			score += scoreType
		}
		from = u.Loc
	}
	if p.canStand(o.Unit, from) {
		score += scoreStand
	}
	switch r.kind {
	case adjudicator.Hold, adjudicator.Disband:
		score += scoreTarget + scoreReach
	case adjudicator.Move, adjudicator.RetreatTo:
		o.Target = dl
		o.ViaConvoy = r.via
		score += scoreTarget
		if p.reach(o.Unit, from, dl, r.kind == adjudicator.Move) {
			score += scoreReach
		}
	case adjudicator.Support, adjudicator.Convoy:
		o.Target = tl
		o.TargetUnit = r.target.typ
		o.Dest = dl
		t := p.unitAt(tl, false)
		tfrom := tl
		if t != nil {
			if o.TargetUnit == variants.NoType {
				o.TargetUnit = t.Type
			}
			if r.target.power == variants.NoPower || r.target.power == t.Power {
				score += scoreTarget
			}
			tfrom = t.Loc
		} else if o.TargetUnit == variants.NoType {
			// "F Wal S Mao - Iri": only a fleet can be in a sea.
			o.TargetUnit = p.onlyType(tl)
		}
		ok := true
		if r.kind == adjudicator.Support {
			goal := tl
			if dl != variants.NoLoc {
				goal = dl
				ok = p.reach(o.TargetUnit, tfrom, dl, true)
			}
			ok = ok && o.Unit != variants.NoType && v.CanReachProvince(o.Unit, from, goal)
		} else {
			ok = o.Unit == variants.Fleet && v.Locs[v.Province(from)].Terrain == variants.Sea &&
				o.TargetUnit != variants.Fleet && int(dl) < len(v.Locs) && v.Locs[v.Province(dl)].Terrain == variants.Coast
		}
		if ok {
			score += scoreReach
		}
	}
	return o, score, nil
}

// onlyType returns the one unit type that can stand at l, or NoType.
func (p *parser) onlyType(l variants.Loc) variants.UnitType {
	switch a, f := p.v.CanHold(variants.Army, l), p.v.CanHold(variants.Fleet, l); {
	case a && !f:
		return variants.Army
	case f && !a:
		return variants.Fleet
	}
	return variants.NoType
}

// reach reports whether a unit of type t at from can get to to: next to
// it, on any coast of it, or for an army by convoy between coasts.
func (p *parser) reach(t variants.UnitType, from, to variants.Loc, convoy bool) bool {
	v := p.v
	if t == variants.NoType || int(from) >= len(v.Locs) || int(to) >= len(v.Locs) {
		return false
	}
	if v.Province(from) == v.Province(to) {
		return false
	}
	if t == variants.Fleet && len(v.Locs[to].Coasts) > 0 {
		return v.CanReachProvince(t, from, to)
	}
	if v.Adjacent(t, from, to) {
		return true
	}
	return convoy && t == variants.Army && v.Locs[v.Province(from)].Terrain == variants.Coast &&
		v.Locs[v.Province(to)].Terrain == variants.Coast
}

// convoyRoute reads "A Lon - Nth - Bel": an army's move through seas only
// is a move via convoy.
func (p *parser) convoyRoute(r *reading) (adjudicator.Order, bool) {
	if r.unit.typ == variants.Fleet || r.unit.at.omitted() || len(r.unit.at.cands) != 1 || p.phase != adjudicator.Movement {
		return adjudicator.Order{}, false
	}
	seas := append([]locRef{r.dest}, r.chain[:len(r.chain)-1]...)
	for _, s := range seas {
		if len(s.cands) != 1 || p.v.Locs[s.cands[0]].Terrain != variants.Sea {
			return adjudicator.Order{}, false
		}
	}
	last := r.chain[len(r.chain)-1]
	if len(last.cands) != 1 {
		return adjudicator.Order{}, false
	}
	ul := r.unit.at.cands[0]
	t := r.unit.typ
	if u := p.unitAt(ul, false); u != nil && t == variants.NoType {
		t = u.Type
	}
	if t != variants.Army {
		return adjudicator.Order{}, false
	}
	return adjudicator.Order{Power: p.power, Type: adjudicator.Move, Unit: t, Loc: ul,
		Target: last.cands[0], Dest: variants.NoLoc, ViaConvoy: true}, true
}

// chainRefusal explains "A Ven-Pie-Mar": several moves in one order could
// be any of the moves between neighbouring names.
func (p *parser) chainRefusal(r *reading) *Refusal {
	places := append([]locRef{r.unit.at, r.dest}, r.chain...)
	var readings []string
	for i := 0; i+1 < len(places); i++ {
		from, to := places[i], places[i+1]
		if from.omitted() {
			continue
		}
		// The type written is the first unit's, and the likeliest for the
		// others; the position knows better where it has a unit.
		t := r.unit.typ
		ul := from.cands[0]
		if u := p.unitAt(ul, p.phase == adjudicator.Retreat); u != nil && (i > 0 || t == variants.NoType) {
			t = u.Type
		}
		o := adjudicator.Order{Power: p.power, Type: adjudicator.Move, Unit: t, Loc: ul, Target: to.cands[0], Dest: variants.NoLoc}
		if p.phase == adjudicator.Retreat {
			o.Type = adjudicator.RetreatTo
		}
		readings = append(readings, Format(p.v, o))
	}
	word := p.span(places[0].start, places[len(places)-1].end)
	if places[0].omitted() {
		word = p.span(r.dest.start, places[len(places)-1].end)
	}
	return refuse(word, readings, msgChain, same(word), orList(sames(readings)))
}

// ambiguous explains an order with several readings that make equal sense.
func (p *parser) ambiguous(top []cand) *Refusal {
	readings := make([]string, len(top))
	for i, c := range top {
		readings[i] = Format(p.v, c.o)
	}
	// Name the word the readings disagree on.
	type slot struct {
		get func(adjudicator.Order) variants.Loc
		ref func(*reading) locRef
	}
	slots := []slot{
		{func(o adjudicator.Order) variants.Loc { return o.Loc }, func(r *reading) locRef { return r.unit.at }},
		{func(o adjudicator.Order) variants.Loc { return o.Target }, func(r *reading) locRef {
			if r.kind == adjudicator.Move || r.kind == adjudicator.RetreatTo {
				return r.dest
			}
			return r.target.at
		}},
		{func(o adjudicator.Order) variants.Loc { return o.Dest }, func(r *reading) locRef { return r.dest }},
	}
	for _, s := range slots {
		var names []phrase
		var locs []variants.Loc
		for _, c := range top {
			l := s.get(c.o)
			if int(l) < len(p.v.Locs) && !slices.Contains(locs, l) {
				locs = append(locs, l)
				names = append(names, p.ix.locNames[l])
			}
		}
		if len(locs) < 2 {
			continue
		}
		ref := s.ref(top[0].r)
		word := p.span(ref.start, ref.end)
		if word == "" {
			break
		}
		return refuse(word, readings, msgAmbiguousWord, same(word), orList(names), orList(sames(readings)))
	}
	word := strings.TrimSpace(p.text)
	return refuse(word, readings, msgAmbiguous, orList(sames(readings)))
}

// whichUnit explains an order that names no place when the power does not
// have exactly one unit of the type written.
func (p *parser) whichUnit(r *reading, own []variants.Unit) *Refusal {
	word := p.span(r.unit.start, r.unit.start+1)
	t := r.unit.typ
	if len(own) == 0 {
		return refuse(word, nil, msgNoUnitOfType, same(word), typeName(t, false))
	}
	var readings []string
	for _, u := range own {
		readings = append(readings, u.Type.String()+" "+p.v.Locs[u.Loc].ID)
	}
	return refuse(word, readings, msgWhichUnit, same(word), typeName(t, true), andList(sames(readings)))
}

// otherPower refuses an order headed with another power's name.
func (p *parser) otherPower(lead variants.Power, word string) *Refusal {
	return refuse(word, nil, msgOtherPower, same(word), powerName(p.v, lead), powerName(p.v, p.power))
}

// failure explains why no reading fitted, at the furthest word reached.
func (p *parser) failure() *Refusal {
	if len(p.toks) == 0 {
		return refuse("", nil, msgNoOrder)
	}
	if p.steps > maxSteps {
		return refuse(strings.TrimSpace(p.text), nil, msgTangled)
	}
	at := p.far
	if at < 0 {
		at = 0
	}
	exps := make([]phrase, len(p.expect))
	for i, e := range p.expect {
		exps[i] = expects[e]
	}
	expect := orList(exps)
	if at >= len(p.toks) {
		last := p.span(len(p.toks)-1, len(p.toks))
		return refuse(last, nil, msgStops, same(last), expect)
	}
	t := &p.toks[at]
	word := p.text[t.start:t.end]
	wantsPlace := false
	for _, e := range p.expect {
		switch e {
		case expLoc, expUnit, expDest, expSupported, expConvoyed:
			wantsPlace = true
		}
	}
	if t.kind == tWord && wantsPlace && !p.isReserved(t.norm) {
		// An unknown place: name the nearest.
		var names []phrase
		limit := 2
		switch {
		case len(t.norm) >= 7:
			limit = 3
		case len(t.norm) <= 4:
			limit = 1
		}
		for _, n := range p.nearPlaces(at, limit) {
			names = append(names, n)
			if len(names) == 3 {
				break
			}
		}
		if len(names) > 0 {
			return refuse(word, ens(names), msgNoPlaceNear, same(word), orList(names))
		}
		return refuse(word, nil, msgNoPlace, same(word))
	}
	if p.unitWord(at) != variants.NoType && slices.Contains(p.expect, expEnd) && at > 0 {
		return refuse(word, nil, msgSecondOrder, same(word))
	}
	return refuse(word, nil, msgExpected, same(word), expect)
}

// nearPlaces names the places closest to the words at i.
func (p *parser) nearPlaces(i, limit int) []phrase {
	var out []phrase
	var seen variants.LocSet
	add := func(locs []variants.Loc) {
		for _, l := range locs {
			if !seen.Has(l) {
				seen.Add(l)
				out = append(out, p.ix.locNames[l])
			}
		}
	}
	for _, c := range p.fuzzyCands(i) {
		if c.dist <= limit {
			add(c.locs)
		}
	}
	if len(out) == 0 && len(p.toks[i].norm) < 5 {
		for _, c := range p.ix.nearest(p.toks[i].norm, limit) {
			add(c.locs)
		}
	}
	return out
}
