package parser

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// fast reads one order by the fast path alone.
func fast(v *variants.Variant, pos *adjudicator.Position, power variants.Power, text string) (adjudicator.Order, bool) {
	p := acquire(v, pos, power)
	defer p.release()
	return p.canonical(text)
}

// lenient reads one order by the grammar alone, as Order did before it had
// a fast path.
func lenient(v *variants.Variant, pos *adjudicator.Position, power variants.Power, text string) (adjudicator.Order, *Refusal) {
	p := acquire(v, pos, power)
	defer p.release()
	o, err, _ := p.readOne(text)
	return o, err
}

// canonTexts writes orders in Format's shape for the phase: every unit
// type at every place with every destination, and supports and convoys
// around each place; places of all kinds and unit types that do not fit
// them, to reach every branch of the grammar the fast path stands in for.
func canonTexts(v *variants.Variant, phase adjudicator.PhaseType, rng *rand.Rand) []string {
	ids := make([]string, len(v.Locs))
	for i := range v.Locs {
		ids[i] = v.Locs[i].ID
	}
	types := []string{"A", "F"}
	var out []string
	switch phase {
	case adjudicator.Adjustment:
		out = append(out, "waive")
		for _, x := range ids {
			for _, t := range types {
				out = append(out, "build "+t+" "+x, "remove "+t+" "+x)
			}
		}
		return out
	case adjudicator.Retreat:
		for _, x := range ids {
			for _, t := range types {
				out = append(out, t+" "+x+" disband")
				for _, y := range ids {
					out = append(out, t+" "+x+" - "+y)
				}
			}
		}
		return out
	}
	near := func(l variants.Loc) []variants.Loc {
		var ls []variants.Loc
		v.ArmyAdj[l].Union(v.FleetAdj[l]).Each(func(n variants.Loc) { ls = append(ls, n) })
		return append(ls, variants.Loc(rng.IntN(len(v.Locs))))
	}
	for xi, x := range ids {
		for _, t := range types {
			out = append(out, t+" "+x+" H")
			for _, y := range ids {
				out = append(out, t+" "+x+" - "+y, t+" "+x+" - "+y+" via convoy")
			}
			for _, t2 := range types {
				for _, y := range near(variants.Loc(xi)) {
					out = append(out, t+" "+x+" S "+t2+" "+ids[y])
					for _, z := range near(y) {
						out = append(out, t+" "+x+" S "+t2+" "+ids[y]+" - "+ids[z], t+" "+x+" C "+t2+" "+ids[y]+" - "+ids[z])
					}
				}
			}
		}
	}
	return out
}

// TestCanonicalAsLenient checks that the fast path reads every text it
// takes as the grammar does, on positions of each phase and for powers
// with and without units there; and that it takes most texts, so that
// the judge's stored orders do not go the long way.
func TestCanonicalAsLenient(t *testing.T) {
	v := standard.Variant()
	ix := indexFor(v)
	ps := positions(t)
	rng := rand.New(rand.NewPCG(14, 14))
	keys := []string{"S1901M", "S1903M", "F1902R", "F1903R", "W1901A", "W1902A"}
	if testing.Short() {
		keys = []string{"S1903M", "F1902R", "W1902A"}
	}
	for _, k := range keys {
		pos := ps[k]
		texts := canonTexts(v, pos.Phase.Type, rng)
		taken := 0
		for pw := variants.Power(0); int(pw) < len(v.Powers); pw += 2 {
			for _, text := range texts {
				got, ok := fast(v, pos, pw, text)
				if !ok {
					continue
				}
				taken++
				if fr := split(ix, text, nil); len(fr) != 1 || fr[0].text != text || fr[0].label != variants.NoPower {
					t.Fatalf("%s: %q is not one fragment as Orders splits it: %+v", k, text, fr)
				}
				want, err := lenient(v, pos, pw, text)
				if err != nil {
					t.Errorf("%s %s %q: fast path read %q, the grammar refuses it: %v", k, v.Powers[pw].ID, text, Format(v, got), err)
				} else if got != want {
					t.Errorf("%s %s %q: fast path %+v, grammar %+v", k, v.Powers[pw].ID, text, got, want)
				}
			}
		}
		if total := len(texts) * ((len(v.Powers) + 1) / 2); taken*100 < total*85 {
			t.Errorf("%s: the fast path took %d of %d texts", k, taken, total)
		}
	}
}

// TestCanonicalRefuses checks texts the fast path must leave to the
// grammar: other spellings, spacing, ambiguous ids and orders of another
// phase.
func TestCanonicalRefuses(t *testing.T) {
	v := standard.Variant()
	ps := positions(t)
	for _, c := range []struct{ pos, text string }{
		{"S1901M", "A par-bur"}, {"S1901M", "A Par - Bur"}, {"S1901M", "a par - bur"}, {"S1901M", "A par  - bur"},
		{"S1901M", " A par - bur"}, {"S1901M", "A par - bur "}, {"S1901M", "A par - bur."}, {"S1901M", "A par -> bur"},
		{"S1901M", "A con - bul sea"}, {"S1901M", "A par - bur via"},
		{"S1901M", "A par disband"}, {"S1901M", "build A par"}, {"S1901M", "F nth C A lon"}, {"S1901M", "A par hold"},
		{"S1901M", "par - bur"}, {"S1901M", "A par S bur"}, {"S1901M", "A par - bur, A mar - spa"}, {"S1901M", "waive"},
		{"F1902R", "A bur H"}, {"F1902R", "A bur - pic via convoy"}, {"F1902R", "build A par"},
		{"W1901A", "A par H"}, {"W1901A", "A par - bur"}, {"W1901A", "build A"}, {"W1901A", "build par"},
		{"W1901A", "Build A par"}, {"W1901A", "waive waive"},
	} {
		if o, ok := fast(v, ps[c.pos], 0, c.text); ok {
			t.Errorf("%s %q: taken by the fast path as %q", c.pos, c.text, Format(v, o))
		}
	}
}

// TestCanonicalTables checks the tables of ids against the readers they
// stand in for.
func TestCanonicalTables(t *testing.T) {
	v := standard.Variant()
	ix := indexFor(v)
	if len(ix.canon.locs) != len(v.Locs) || len(ix.canon.units) < len(v.Locs) || len(ix.canon.powers) != len(v.Powers) {
		t.Errorf("tables of %d places, %d units, %d powers", len(ix.canon.locs), len(ix.canon.units), len(ix.canon.powers))
	}
	for i := range v.Locs {
		id := v.Locs[i].ID
		if l, err := readLoc(v, ix, id); err != nil || l != ix.canon.locs[id] {
			t.Errorf("Loc(%q): table %d, reader %d, %v", id, ix.canon.locs[id], l, err)
		}
		for _, ty := range []variants.UnitType{variants.Army, variants.Fleet} {
			text := ty.String() + " " + id
			ut, ul, err := readUnit(v, ix, text)
			u, ok := ix.canon.units[text]
			if ok != (err == nil) || ok && (u.t != ut || u.l != ul) {
				t.Errorf("Unit(%q): table %+v %v, reader %v %v %v", text, u, ok, ut, ul, err)
			}
		}
	}
	for i := range v.Powers {
		if p := ix.canon.powers[v.Powers[i].ID]; p != variants.Power(i) {
			t.Errorf("Power(%q) = %d", v.Powers[i].ID, p)
		}
	}
	if got := slices.Sorted(func(yield func(string) bool) {
		for id := range ix.canon.locs {
			if _, ok := ix.canon.orderLocs[id]; !ok && !yield(id) {
				return
			}
		}
	}); len(got) > 0 {
		t.Errorf("ids left to the grammar in orders: %v", got)
	}
}
