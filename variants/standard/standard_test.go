package standard

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/corriere/corriere/variants"
)

func loc(t *testing.T, v *variants.Variant, id string) variants.Loc {
	t.Helper()
	l := v.Loc(id)
	if l == variants.NoLoc {
		t.Fatalf("no location %q", id)
	}
	return l
}

// ids returns the canonical ids of locs.
func ids(v *variants.Variant, locs []variants.Loc) []string {
	var out []string
	for _, l := range locs {
		out = append(out, v.Locs[l].ID)
	}
	return out
}

func TestValidate(t *testing.T) {
	v := Variant()
	if err := v.Validate(); err != nil {
		t.Fatal(err)
	}
	if Variant() != v {
		t.Error("Variant() builds a new variant on every call")
	}
	if v.Name != "standard" || v.StartYear != 1901 || v.VictoryCenters != 18 {
		t.Errorf("name %q, year %d, victory %d; want standard, 1901, 18", v.Name, v.StartYear, v.VictoryCenters)
	}
}

func TestCounts(t *testing.T) {
	v := Variant()
	var provinces, coasts, centres, homes, land, sea, coastal int
	for i, info := range v.Locs {
		if info.IsCoast() {
			coasts++
			continue
		}
		provinces++
		if info.Province != variants.Loc(i) {
			t.Errorf("%s: Province %d, want itself", info.ID, info.Province)
		}
		switch info.Terrain {
		case variants.Land:
			land++
		case variants.Sea:
			sea++
		case variants.Coast:
			coastal++
		}
		if info.SupplyCenter {
			centres++
		}
		if info.Home != variants.NoPower {
			homes++
			if !info.SupplyCenter {
				t.Errorf("%s: home centre that is no centre", info.ID)
			}
		}
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"provinces", provinces, 75},
		{"coasts", coasts, 6},
		{"supply centres", centres, 34},
		{"home centres", homes, 22},
		{"start units", len(v.StartUnits), 22},
		{"land provinces", land, 14},
		{"seas", sea, 19},
		{"coastal provinces", coastal, 42},
		{"powers", len(v.Powers), 7},
	} {
		if c.got != c.want {
			t.Errorf("%d %s, want %d", c.got, c.what, c.want)
		}
	}
}

func TestLocOrder(t *testing.T) {
	v := Variant()
	want := strings.Fields(`adr aeg alb ank apu arm bal bar bel ber bla boh bot bre bud bul bur cly
		con den eas edi eng fin gal gas gre hel hol ion iri kie lon lvn lvp lyo mao mar mos mun
		naf nao nap nth nwg nwy par pic pie por pru rom ruh rum ser sev sil ska smy spa stp swe
		syr tri tun tus tyr tys ukr ven vie wal war wes yor
		bul/ec bul/sc spa/nc spa/sc stp/nc stp/sc`)
	var got []string
	for _, info := range v.Locs {
		got = append(got, info.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("locations\n got %v\nwant %v", got, want)
	}
}

func TestTerrain(t *testing.T) {
	v := Variant()
	byTerrain := map[variants.Terrain][]string{}
	for _, info := range v.Locs {
		if !info.IsCoast() {
			byTerrain[info.Terrain] = append(byTerrain[info.Terrain], info.ID)
		}
	}
	for terrain, want := range map[variants.Terrain]string{
		variants.Land: "boh bud bur gal mos mun par ruh ser sil tyr ukr vie war",
		variants.Sea:  "adr aeg bal bar bla bot eas eng hel ion iri lyo mao nao nth nwg ska tys wes",
	} {
		if got := strings.Join(byTerrain[terrain], " "); got != want {
			t.Errorf("terrain %d: got %s, want %s", terrain, got, want)
		}
	}
}

func TestCoasts(t *testing.T) {
	v := Variant()
	for _, c := range []struct {
		province string
		coasts   []string
		name     string
	}{
		{"bul", []string{"bul/ec", "bul/sc"}, "Bulgaria (east coast)"},
		{"spa", []string{"spa/nc", "spa/sc"}, "Spain (north coast)"},
		{"stp", []string{"stp/nc", "stp/sc"}, "St Petersburg (north coast)"},
	} {
		p := loc(t, v, c.province)
		if got := ids(v, v.Locs[p].Coasts); !slices.Equal(got, c.coasts) {
			t.Errorf("%s: coasts %v, want %v", c.province, got, c.coasts)
		}
		for _, cl := range v.Locs[p].Coasts {
			info := v.Locs[cl]
			if info.Province != p || info.Terrain != variants.Coast || info.SupplyCenter || info.Home != variants.NoPower || !info.IsCoast() {
				t.Errorf("%s: %+v", info.ID, info)
			}
		}
		if got := v.Locs[v.Locs[p].Coasts[0]].Name; got != c.name {
			t.Errorf("%s: name %q, want %q", c.coasts[0], got, c.name)
		}
		if v.CanHold(variants.Fleet, p) || !v.CanHold(variants.Army, p) {
			t.Errorf("%s: a fleet must hold a coast of it, an army the province", c.province)
		}
		if v.FleetAdj[p].Len() != 0 {
			t.Errorf("%s: fleet edges on a split-coast province", c.province)
		}
	}
	for i, info := range v.Locs {
		if !info.IsCoast() && len(info.Coasts) > 0 && !slices.Contains([]string{"bul", "spa", "stp"}, info.ID) {
			t.Errorf("%s has coasts", info.ID)
		}
		if info.IsCoast() && v.ArmyAdj[i].Len() != 0 {
			t.Errorf("%s: army edges on a coast", info.ID)
		}
	}
}

func TestNames(t *testing.T) {
	v := Variant()
	for id, want := range map[string]string{
		"lon": "London", "nth": "North Sea", "lyo": "Gulf of Lyon", "mao": "Mid-Atlantic Ocean",
		"stp": "St Petersburg", "stp/nc": "St Petersburg (north coast)", "stp/sc": "St Petersburg (south coast)",
		"nao": "North Atlantic Ocean", "wes": "Western Mediterranean", "eas": "Eastern Mediterranean",
		"tys": "Tyrrhenian Sea", "tyr": "Tyrolia", "hel": "Heligoland Bight", "bot": "Gulf of Bothnia",
		"eng": "English Channel", "mar": "Marseilles", "rum": "Rumania", "sev": "Sevastopol",
		"lvn": "Livonia", "lvp": "Liverpool", "mun": "Munich", "nap": "Naples", "bul/sc": "Bulgaria (south coast)",
	} {
		if got := v.Locs[loc(t, v, id)].Name; got != want {
			t.Errorf("%s: name %q, want %q", id, got, want)
		}
	}
}

func TestPowers(t *testing.T) {
	v := Variant()
	c := func(hex uint32) color.RGBA { return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255} }
	want := []variants.PowerInfo{
		{ID: "austria", Name: "Austria", Adjective: "Austrian", Abbrev: "AUS", Italian: "Austria", Colour: c(0xD55E00)},
		{ID: "england", Name: "England", Adjective: "English", Abbrev: "ENG", Italian: "Inghilterra", Colour: c(0x0072B2)},
		{ID: "france", Name: "France", Adjective: "French", Abbrev: "FRA", Italian: "Francia", Colour: c(0x56B4E9)},
		{ID: "germany", Name: "Germany", Adjective: "German", Abbrev: "GER", Italian: "Germania", Colour: c(0x1A1A1A)},
		{ID: "italy", Name: "Italy", Adjective: "Italian", Abbrev: "ITA", Italian: "Italia", Colour: c(0x009E73)},
		{ID: "russia", Name: "Russia", Adjective: "Russian", Abbrev: "RUS", Italian: "Russia", Colour: c(0xCC79A7)},
		{ID: "turkey", Name: "Turkey", Adjective: "Turkish", Abbrev: "TUR", Italian: "Turchia", Colour: c(0xF0E442)},
	}
	if !slices.Equal(v.Powers, want) {
		t.Errorf("powers\n got %v\nwant %v", v.Powers, want)
	}
}

// The rulebook's games for fewer players (seed XIV.2) are the board's.
func TestSetups(t *testing.T) {
	v := Variant()
	sides := func(s variants.Setup) string {
		var out []string
		for _, side := range s.Sides {
			var ids []string
			for _, p := range side {
				ids = append(ids, v.Powers[p].ID)
			}
			out = append(out, strings.Join(ids, " "))
		}
		return strings.Join(out, " | ")
	}
	for _, c := range []struct {
		players, alt int
		want         string
	}{
		{6, 0, "austria | england | france | germany | russia | turkey"},
		{5, 0, "austria | england | france | russia | turkey"},
		{4, 0, "england | austria france | germany turkey | italy russia"},
		{3, 0, "russia | england france germany | austria italy turkey"},
		{3, 1, "russia | england france germany | austria italy turkey"},
		{3, 2, "england germany austria | russia italy | france turkey"},
		{2, 0, "england france russia | germany austria turkey"},
	} {
		s, ok := v.Setup(c.players, c.alt)
		if got := sides(s); !ok || got != c.want {
			t.Errorf("setup %d %d: %q, %v; want %q", c.players, c.alt, got, ok, c.want)
		}
	}
	if _, ok := v.Setup(3, 3); ok {
		t.Error("a third three-player alternative")
	}
	tp := v.TwoPlayer
	if tp == nil || tp.Year != 1914 || tp.Victory != 24 || v.Powers[tp.Neutral].ID != "italy" || len(tp.Closed) != 6 {
		t.Errorf("two-player game: %+v", tp)
	}
}

func TestStart(t *testing.T) {
	v := Variant()
	want := map[string]struct{ units, homes string }{
		"austria": {"A bud, A vie, F tri", "bud tri vie"},
		"england": {"A lvp, F edi, F lon", "edi lon lvp"},
		"france":  {"A mar, A par, F bre", "bre mar par"},
		"germany": {"A ber, A mun, F kie", "ber kie mun"},
		"italy":   {"A rom, A ven, F nap", "nap rom ven"},
		"russia":  {"A mos, A war, F sev, F stp/sc", "mos sev stp war"},
		"turkey":  {"A con, A smy, F ank", "ank con smy"},
	}
	units := map[string][]string{}
	for _, u := range v.StartUnits {
		p := v.Powers[u.Power].ID
		units[p] = append(units[p], u.Type.String()+" "+v.Locs[u.Loc].ID)
	}
	for power, w := range want {
		p := v.PowerByID(power)
		slices.Sort(units[power])
		if got := strings.Join(units[power], ", "); got != w.units {
			t.Errorf("%s units: %s, want %s", power, got, w.units)
		}
		var homes, owned []string
		for i, info := range v.Locs {
			if info.Home == p {
				homes = append(homes, info.ID)
			}
			if v.StartCenters[i] == p {
				owned = append(owned, info.ID)
			}
		}
		if got := strings.Join(homes, " "); got != w.homes {
			t.Errorf("%s home centres: %s, want %s", power, got, w.homes)
		}
		if got := strings.Join(owned, " "); got != w.homes {
			t.Errorf("%s owns at start: %s, want %s", power, got, w.homes)
		}
	}
	var neutral []string
	for i, info := range v.Locs {
		if info.SupplyCenter && v.StartCenters[i] == variants.NoPower {
			neutral = append(neutral, info.ID)
		}
	}
	if got, want := strings.Join(neutral, " "), "bel bul den gre hol nwy por rum ser spa swe tun"; got != want {
		t.Errorf("neutral centres: %s, want %s", got, want)
	}
}

func TestAdjacency(t *testing.T) {
	v := Variant()
	const (
		A = variants.Army
		F = variants.Fleet
	)
	for _, c := range []struct {
		t        variants.UnitType
		from, to string
		want     bool
	}{
		// Kiel, Berlin, Denmark, Sweden and the Baltic.
		{F, "kie", "ber", true}, {A, "kie", "ber", true}, {F, "kie", "bal", true}, {F, "ber", "bal", true},
		{F, "den", "kie", true}, {A, "den", "kie", true}, {F, "den", "swe", true}, {A, "den", "swe", true},
		{A, "den", "ber", false}, {F, "den", "ber", false}, {F, "bal", "ska", false}, {F, "ska", "bal", false},
		{F, "kie", "hol", true}, {F, "kie", "hel", true}, {F, "hel", "ska", false}, {F, "hel", "bal", false},
		{A, "kie", "mun", true}, {F, "kie", "mun", false}, {A, "kie", "ruh", true},
		// Bulgaria.
		{F, "con", "bul/ec", true}, {F, "con", "bul/sc", true}, {F, "bla", "bul/ec", true}, {F, "bla", "bul/sc", false},
		{F, "aeg", "bul/sc", true}, {F, "aeg", "bul/ec", false}, {F, "rum", "bul/ec", true}, {F, "rum", "bul/sc", false},
		{F, "gre", "bul/sc", true}, {F, "gre", "bul/ec", false}, {F, "bul/ec", "bul/sc", false}, {F, "con", "bul", false},
		{A, "con", "bul", true}, {A, "rum", "bul", true}, {A, "gre", "bul", true}, {A, "ser", "bul", true},
		// St Petersburg.
		{F, "stp/nc", "bar", true}, {F, "stp/nc", "nwy", true}, {F, "stp/sc", "bot", true}, {F, "stp/sc", "fin", true},
		{F, "stp/sc", "lvn", true}, {F, "stp/nc", "bot", false}, {F, "stp/sc", "bar", false}, {F, "stp/sc", "nwy", false},
		{F, "stp/nc", "fin", false}, {F, "stp/nc", "lvn", false}, {F, "nwy", "stp", false}, {F, "fin", "stp", false},
		{A, "nwy", "stp", true}, {A, "fin", "stp", true}, {A, "lvn", "stp", true}, {A, "mos", "stp", true},
		// Spain.
		{F, "spa/nc", "mao", true}, {F, "spa/nc", "gas", true}, {F, "spa/nc", "por", true}, {F, "spa/sc", "mao", true},
		{F, "spa/sc", "por", true}, {F, "spa/sc", "mar", true}, {F, "spa/sc", "lyo", true}, {F, "spa/sc", "wes", true},
		{F, "spa/nc", "mar", false}, {F, "spa/nc", "lyo", false}, {F, "spa/nc", "wes", false}, {F, "spa/sc", "gas", false},
		{F, "gas", "spa/sc", false}, {F, "mar", "spa/nc", false}, {A, "gas", "spa", true}, {A, "mar", "spa", true},
		{A, "por", "spa", true}, {A, "por", "gas", false},
		// Scandinavia.
		{F, "nwy", "swe", true}, {A, "nwy", "swe", true}, {A, "nwy", "fin", true}, {F, "nwy", "fin", false},
		{F, "fin", "swe", true}, {A, "fin", "swe", true}, {F, "swe", "bot", true}, {F, "fin", "bot", true},
		// No coastline in common.
		{F, "rom", "tus", true}, {F, "rom", "ven", false}, {A, "rom", "ven", true}, {F, "ven", "apu", true},
		{F, "ven", "tri", true}, {F, "pie", "tus", true}, {F, "mar", "pie", true}, {F, "pie", "ven", false},
		{A, "pie", "ven", true}, {F, "alb", "tri", true}, {F, "alb", "gre", true}, {F, "lvn", "pru", true},
		{F, "ank", "con", true}, {F, "ank", "arm", true}, {F, "smy", "con", true}, {F, "smy", "syr", true},
		{F, "arm", "sev", true}, {F, "sev", "rum", true}, {F, "yor", "lon", true}, {F, "yor", "edi", true},
		{F, "edi", "cly", true}, {F, "cly", "lvp", true}, {F, "lvp", "wal", true}, {F, "wal", "lon", true},
		{F, "edi", "lvp", false}, {A, "edi", "lvp", true}, {F, "yor", "wal", false}, {A, "yor", "wal", true},
		{F, "yor", "lvp", false}, {A, "yor", "lvp", true}, {F, "ank", "smy", false}, {A, "ank", "smy", true},
		{F, "arm", "syr", false}, {A, "arm", "syr", true}, {F, "apu", "rom", false}, {A, "apu", "rom", true},
		{F, "gas", "mar", false}, {A, "gas", "mar", true}, {F, "tus", "ven", false}, {A, "tus", "ven", true},
		{F, "nap", "rom", true}, {F, "apu", "nap", true}, {F, "tri", "ven", true}, {F, "bre", "pic", true},
		// Armies inland.
		{A, "apu", "nap", true}, {A, "nap", "rom", true}, {A, "pie", "tyr", true}, {A, "syr", "arm", true},
		{A, "syr", "smy", true}, {A, "ank", "syr", false}, {A, "con", "arm", false}, {A, "arm", "ukr", false},
		{A, "mos", "sev", true}, {A, "ukr", "sev", true}, {A, "war", "pru", true}, {A, "gal", "war", true},
		{A, "boh", "gal", true}, {A, "vie", "tyr", true}, {A, "tri", "tyr", true}, {A, "bud", "tri", true},
		{A, "bud", "rum", true}, {A, "ser", "tri", true}, {A, "alb", "ser", true}, {A, "bur", "bel", true},
		{A, "bur", "hol", false}, {A, "bel", "ruh", true}, {A, "mun", "boh", true}, {A, "pru", "sil", true},
		{A, "sil", "war", true}, {A, "lvn", "war", true}, {A, "rum", "gal", true}, {A, "rum", "ukr", true},
		{A, "lon", "lvp", false}, {A, "edi", "lon", false}, {A, "naf", "tun", true}, {A, "tun", "nap", false},
		{A, "bre", "par", true}, {F, "bre", "par", false}, {A, "mun", "tyr", true}, {A, "tyr", "tys", false},
		{A, "gal", "ukr", true}, {A, "bur", "mar", true}, {A, "sil", "boh", true}, {A, "vie", "gal", true},
		// Seas.
		{F, "nth", "pic", false}, {A, "lvp", "iri", false}, {F, "gre", "ser", false},
		{F, "nth", "nwg", true}, {F, "nth", "ska", true}, {F, "nth", "hel", true}, {F, "nth", "eng", true},
		{F, "nth", "edi", true}, {F, "nth", "yor", true}, {F, "nth", "lon", true}, {F, "nth", "bel", true},
		{F, "nth", "hol", true}, {F, "nth", "den", true}, {F, "nth", "nwy", true}, {F, "nth", "bal", false},
		{F, "mao", "nao", true}, {F, "mao", "iri", true}, {F, "mao", "eng", true}, {F, "mao", "bre", true},
		{F, "mao", "gas", true}, {F, "mao", "por", true}, {F, "mao", "naf", true}, {F, "mao", "wes", true},
		{F, "mao", "lyo", false}, {F, "ion", "tun", true}, {F, "ion", "tys", true}, {F, "ion", "nap", true},
		{F, "ion", "apu", true}, {F, "ion", "adr", true}, {F, "ion", "alb", true}, {F, "ion", "gre", true},
		{F, "ion", "aeg", true}, {F, "ion", "eas", true}, {F, "ion", "wes", false}, {F, "eas", "smy", true},
		{F, "eas", "syr", true}, {F, "eas", "aeg", true}, {F, "eas", "bla", false}, {F, "aeg", "con", true},
		{F, "aeg", "smy", true}, {F, "aeg", "bla", false}, {F, "bla", "rum", true}, {F, "bla", "sev", true},
		{F, "bla", "arm", true}, {F, "bla", "ank", true}, {F, "bla", "con", true}, {F, "lyo", "mar", true},
		{F, "lyo", "pie", true}, {F, "lyo", "tus", true}, {F, "lyo", "tys", true}, {F, "lyo", "wes", true},
		{F, "wes", "tys", true}, {F, "wes", "tun", true}, {F, "wes", "naf", true}, {F, "tys", "tus", true},
		{F, "tys", "rom", true}, {F, "tys", "nap", true}, {F, "tys", "tun", true}, {F, "tys", "adr", false},
		{F, "bal", "swe", true}, {F, "bal", "den", true}, {F, "bal", "pru", true}, {F, "bal", "lvn", true},
		{F, "bal", "bot", true}, {F, "bot", "lvn", true}, {F, "bar", "nwg", true}, {F, "bar", "nwy", true},
		{F, "nwg", "nao", true}, {F, "nwg", "edi", true}, {F, "nwg", "cly", true}, {F, "nao", "cly", true},
		{F, "nao", "lvp", true}, {F, "nao", "iri", true}, {F, "iri", "lvp", true}, {F, "iri", "wal", true},
		{F, "iri", "eng", true}, {F, "eng", "wal", true}, {F, "eng", "lon", true}, {F, "eng", "bel", true},
		{F, "eng", "pic", true}, {F, "eng", "bre", true}, {F, "hel", "hol", true}, {F, "hel", "den", true},
		{F, "ska", "nwy", true}, {F, "ska", "swe", true}, {F, "ska", "den", true}, {F, "adr", "ven", true},
		{F, "adr", "tri", true}, {F, "adr", "alb", true}, {F, "adr", "apu", true}, {F, "naf", "tun", true},
		{F, "nao", "nth", false}, {F, "nwg", "ska", false}, {F, "iri", "nth", false},
		// Units cannot stand there at all.
		{A, "nth", "lon", false}, {F, "mun", "kie", false}, {F, "spa", "gas", false}, {F, "stp", "bar", false},
	} {
		from, to := loc(t, v, c.from), loc(t, v, c.to)
		if got := v.Adjacent(c.t, from, to); got != c.want {
			t.Errorf("%s %s-%s: adjacent %v, want %v", c.t, c.from, c.to, got, c.want)
		}
		if got := v.Adjacent(c.t, to, from); got != c.want && !(c.t == variants.Army && (v.Locs[from].IsCoast() || v.Locs[to].IsCoast())) {
			t.Errorf("%s %s-%s: adjacent %v, want %v", c.t, c.to, c.from, got, c.want)
		}
	}
}

// TestEdgeCounts pins the size of the map, which the table above samples.
func TestEdgeCounts(t *testing.T) {
	v := Variant()
	var army, fleet int
	for i := range v.Locs {
		army += v.ArmyAdj[i].Len()
		fleet += v.FleetAdj[i].Len()
	}
	if army != 2*111 || fleet != 2*141 {
		t.Errorf("%d army and %d fleet edges, want 111 and 141", army/2, fleet/2)
	}
}

func TestCanReachProvince(t *testing.T) {
	v := Variant()
	for _, c := range []struct {
		t        variants.UnitType
		from, to string
		want     bool
	}{
		{variants.Fleet, "mar", "spa", true}, {variants.Fleet, "gas", "spa", true}, {variants.Fleet, "por", "spa", true},
		{variants.Fleet, "nap", "spa", false}, {variants.Fleet, "bla", "bul", true}, {variants.Fleet, "aeg", "bul", true},
		{variants.Fleet, "eas", "bul", false}, {variants.Fleet, "bot", "stp", true}, {variants.Fleet, "bar", "stp", true},
		{variants.Fleet, "spa/nc", "mar", false}, {variants.Fleet, "spa/sc", "mar", true}, {variants.Fleet, "gre", "ser", false},
		{variants.Army, "mos", "stp", true}, {variants.Army, "ank", "bul", false},
	} {
		if got := v.CanReachProvince(c.t, loc(t, v, c.from), loc(t, v, c.to)); got != c.want {
			t.Errorf("%s %s reaches %s: %v, want %v", c.t, c.from, c.to, got, c.want)
		}
	}
}

func TestCanonicalIDsResolve(t *testing.T) {
	v := Variant()
	for i, info := range v.Locs {
		got := ids(v, v.LocNames[info.ID])
		want := []string{info.ID}
		if info.ID == "tyr" {
			want = []string{"tyr", "tys"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q names %v, want %v", info.ID, got, want)
		}
		if !slices.Contains(v.LocNames[strings.ToLower(info.Name)], variants.Loc(i)) {
			t.Errorf("name %q does not name %s", info.Name, info.ID)
		}
	}
	for key, c := range v.LocNames {
		if key != strings.ToLower(strings.TrimSpace(key)) || len(c) == 0 || !slices.IsSorted(c) {
			t.Errorf("LocNames[%q] = %v", key, c)
		}
	}
}

func TestLocNames(t *testing.T) {
	v := Variant()
	for _, c := range []struct {
		name string
		want string // canonical ids, space separated
	}{
		// Ambiguous abbreviations.
		{"tyr", "tyr tys"}, {"liv", "lvn lvp"}, {"tir", "tyr tys"}, {"gul", "bot lyo"}, {"gol", "bot lyo"},
		{"med", "eas wes"}, {"atl", "mao nao"}, {"nor", "naf nwy"},
		// Canonical ids that another location's name would have taken.
		{"mar", "mar"}, {"gal", "gal"}, {"rom", "rom"}, {"pie", "pie"},
		// English.
		{"north sea", "nth"}, {"gulf of lyon", "lyo"}, {"gulf of lyons", "lyo"}, {"mid atlantic", "mao"},
		{"mid-atlantic ocean", "mao"}, {"mid atlantic ocean", "mao"}, {"st petersburg", "stp"}, {"st. petersburg", "stp"},
		{"saint petersburg", "stp"}, {"english channel", "eng"}, {"channel", "eng"}, {"the english channel", "eng"},
		{"north atlantic ocean", "nao"}, {"north atlantic", "nao"}, {"western mediterranean", "wes"},
		{"eastern mediterranean", "eas"}, {"tyrrhenian sea", "tys"}, {"tyrolia", "tyr"}, {"heligoland bight", "hel"},
		{"helgoland", "hel"}, {"gulf of bothnia", "bot"}, {"norwegian sea", "nwg"}, {"north africa", "naf"},
		{"marseilles", "mar"}, {"romania", "rum"}, {"sebastopol", "sev"},
		// The rulebook's abbreviations.
		{"nth", "nth"}, {"nrg", "nwg"}, {"nwy", "nwy"}, {"nat", "nao"}, {"naf", "naf"}, {"mid", "mao"},
		{"wes", "wes"}, {"eng", "eng"}, {"iri", "iri"}, {"hel", "hel"}, {"ska", "ska"}, {"bal", "bal"},
		{"bot", "bot"}, {"bar", "bar"}, {"ion", "ion"}, {"adr", "adr"}, {"aeg", "aeg"}, {"eas", "eas"},
		{"bla", "bla"}, {"yor", "yor"}, {"lyo", "lyo"},
		// Italian.
		{"mare del nord", "nth"}, {"mar del nord", "nth"}, {"mare di norvegia", "nwg"}, {"mare di barents", "bar"},
		{"manica", "eng"}, {"la manica", "eng"}, {"man", "eng"}, {"mare d'irlanda", "iri"}, {"mare d’irlanda", "iri"},
		{"atlantico del nord", "nao"}, {"oceano atlantico settentrionale", "nao"}, {"atlantico centrale", "mao"},
		{"golfo del leone", "lyo"}, {"mediterraneo occidentale", "wes"}, {"mediterraneo orientale", "eas"},
		{"mar tirreno", "tys"}, {"mar ionio", "ion"}, {"mare jonio", "ion"}, {"mar adriatico", "adr"},
		{"mar egeo", "aeg"}, {"mar nero", "bla"}, {"mar baltico", "bal"}, {"golfo di botnia", "bot"},
		{"skagerrak", "ska"}, {"helgoland", "hel"}, {"galles", "wal"}, {"guascogna", "gas"}, {"gua", "gas"},
		{"piccardia", "pic"}, {"borgogna", "bur"}, {"bor", "bur"}, {"ruhr", "ruh"}, {"prussia", "pru"},
		{"slesia", "sil"}, {"livonia", "lvn"}, {"ucraina", "ukr"}, {"finlandia", "fin"}, {"olanda", "hol"},
		{"spagna", "spa"}, {"siria", "syr"}, {"rumania", "rum"}, {"boemia", "boh"}, {"galizia", "gal"},
		{"tirolo", "tyr"}, {"toscana", "tus"}, {"puglia", "apu"}, {"tunisia", "tun"}, {"tunisi", "tun"},
		{"nord africa", "naf"}, {"africa del nord", "naf"}, {"piemonte", "pie"}, {"varsavia", "war"}, {"var", "war"},
		{"san pietroburgo", "stp"}, {"monaco", "mun"}, {"mon", "mun"}, {"costantinopoli", "con"}, {"cos", "con"},
		// Coasts.
		{"stp/nc", "stp/nc"}, {"stp(nc)", "stp/nc"}, {"stp (nc)", "stp/nc"}, {"stp nc", "stp/nc"}, {"spa(sc)", "spa/sc"},
		{"spa/sc", "spa/sc"}, {"bul/ec", "bul/ec"}, {"bul (east coast)", "bul/ec"}, {"bul/sc", "bul/sc"},
		{"st petersburg (north coast)", "stp/nc"}, {"st petersburg (south coast)", "stp/sc"}, {"spain south coast", "spa/sc"},
		{"spagna (costa settentrionale)", "spa/nc"}, {"spagna costa nord", "spa/nc"}, {"bulgaria/sc", "bul/sc"},
		{"bulgaria (costa orientale)", "bul/ec"}, {"s. pietroburgo (costa nord)", "stp/nc"}, {"stp/sc", "stp/sc"},
	} {
		if got := strings.Join(ids(v, v.LocNames[c.name]), " "); got != c.want {
			t.Errorf("%q names %q, want %q", c.name, got, c.want)
		}
	}
	for _, name := range []string{"switzerland", "svizzera", "swi", "", "stp/ec", "bul/nc", "spa/ec", "mar/nc"} {
		if c, ok := v.LocNames[name]; ok {
			t.Errorf("%q names %v, want nothing", name, ids(v, c))
		}
	}
}

// TestSeedNames checks the names the Italian rulebook (shared/seeds,
// 002_31f6203e24e5c594.txt) uses in its start position (VI.3) and in its
// example of play.
func TestSeedNames(t *testing.T) {
	v := Variant()
	for _, c := range []struct {
		name string
		want string
	}{
		// VI.3, the start position.
		{"Londra", "lon"}, {"Edimburgo", "edi"}, {"Liverpool", "lvp"}, {"Berlino", "ber"}, {"Monaco", "mun"},
		{"Kiel", "kie"}, {"Mosca", "mos"}, {"Varsavia", "war"}, {"S.Pietroburgo(costa sud)", "stp/sc"},
		{"S.Pietroburgo (costa sud)", "stp/sc"}, {"S. Pietroburgo(costa sud)", "stp/sc"}, {"Sebastopoli", "sev"},
		{"Costantinopoli", "con"}, {"Smirne", "smy"}, {"Ankara", "ank"}, {"Vienna", "vie"}, {"Budapest", "bud"},
		{"Trieste", "tri"}, {"Roma", "rom"}, {"Venezia", "ven"}, {"Napoli", "nap"}, {"Parigi", "par"},
		{"Marsiglia", "mar"}, {"Brest", "bre"},
		// The example of play: orders.
		{"Liv", "lvn lvp"}, {"Yor", "yor"}, {"Lon", "lon"}, {"Nth", "nth"}, {"Edi", "edi"}, {"Nrg", "nwg"},
		{"Ber", "ber"}, {"Kie", "kie"}, {"Mun", "mun"}, {"Ruh", "ruh"}, {"Den", "den"}, {"Mos", "mos"},
		{"Ukr", "ukr"}, {"War", "war"}, {"Gal", "gal"}, {"StP", "stp"}, {"Bot", "bot"}, {"Sev", "sev"},
		{"Bla", "bla"}, {"Con", "con"}, {"Bul", "bul"}, {"Smy", "smy"}, {"Ank", "ank"}, {"Vie", "vie"},
		{"Tri", "tri"}, {"Bud", "bud"}, {"Alb", "alb"}, {"Ven", "ven"}, {"Pie", "pie"}, {"Rom", "rom"},
		{"Nap", "nap"}, {"Ion", "ion"}, {"Par", "par"}, {"Bur", "bur"}, {"Mar", "mar"}, {"Spa", "spa"},
		{"Bre", "bre"}, {"Pic", "pic"}, {"Nwy", "nwy"}, {"Nth Sea", "nth"}, {"Bar", "bar"}, {"Rum", "rum"},
		{"Swe", "swe"}, {"Ser", "ser"}, {"Gre", "gre"}, {"Tun", "tun"}, {"Hol", "hol"}, {"Bel", "bel"},
		{"Por", "por"}, {"Arm", "arm"}, {"Wes", "wes"}, {"Tyr", "tyr tys"}, {"Mid", "mao"}, {"Gul", "bot lyo"},
		{"Gas", "gas"}, {"Paris", "par"}, {"Smyrne", "smy"},
		// The example of play: commentary.
		{"Galizia", "gal"}, {"Mar Nero", "bla"}, {"Belgio", "bel"}, {"Serbia", "ser"}, {"Bulgaria", "bul"},
		{"Portogallo", "por"}, {"Spagna", "spa"}, {"Norvegia", "nwy"}, {"S. Pietroburgo", "stp"},
		{"Svezia", "swe"}, {"Borgogna", "bur"}, {"Piccardia", "pic"}, {"Grecia", "gre"}, {"Romania", "rum"},
		// Elsewhere in the rulebook.
		{"Toscana", "tus"}, {"Danimarca", "den"}, {"Mar Baltico", "bal"}, {"Skagerrak", "ska"}, {"Slesia", "sil"},
		{"Boemia", "boh"}, {"Prussia", "pru"}, {"Mare Jonio", "ion"}, {"Tirreno", "tys"}, {"Manica", "eng"},
		{"Mare del Nord", "nth"}, {"Hel", "hel"}, {"Ska", "ska"}, {"Bal", "bal"}, {"Lyo", "lyo"}, {"Eng", "eng"},
		{"Iri", "iri"}, {"Boh", "boh"}, {"Sil", "sil"}, {"Pru", "pru"}, {"Nat", "nao"}, {"Naf", "naf"},
	} {
		if got := strings.Join(ids(v, v.LocNames[strings.ToLower(c.name)]), " "); got != c.want {
			t.Errorf("%q names %q, want %q", c.name, got, c.want)
		}
	}
}

func TestPowerNames(t *testing.T) {
	v := Variant()
	for power, names := range map[string]string{
		"austria": "austria, austrian, aus, austria-hungary, austria hungary, austria-ungheria, austria ungheria, austriaco",
		"england": "england, english, eng, inghilterra, inglese, great britain, gran bretagna, british",
		"france":  "france, french, fra, francia, francese",
		"germany": "germany, german, ger, germania, tedesco",
		"italy":   "italy, italian, ita, italia, italiano",
		"russia":  "russia, russian, rus, russo",
		"turkey":  "turkey, turkish, tur, turk, turchia, turco",
	} {
		p := v.PowerByID(power)
		for _, name := range strings.Split(names, ", ") {
			if got, ok := v.PowerNames[name]; !ok || got != p {
				t.Errorf("power name %q: %d, %v; want %s", name, got, ok, power)
			}
		}
	}
	for key := range v.PowerNames {
		if key != strings.ToLower(key) {
			t.Errorf("power name %q is not lower-case", key)
		}
	}
}

// TestParseErrors checks that the loader refuses broken map data.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		edits []string // old, new, old, new...
		want  string
	}{
		{[]string{"alb: gre ser tri\n", "alb: gre ser\n"}, "tri lists alb, but alb does not list tri"},
		{[]string{"bar: nwg nwy stp/nc\n", "bar: nwg nwy stp/nc stp\n", "stp/sc: bot fin lvn\n", "stp/sc: bot fin lvn\nstp: bar\n"},
			"fleet edge bar-stp touches a place fleets cannot stand"},
		{[]string{"naf: tun\n", "naf: tun mao\nmao: naf\n"}, "army edge mao-naf touches a place armies cannot stand"},
		{[]string{"yor: edi lon nth\n", "yor: edi lon nth xyz\n"}, "unknown location \"xyz\""},
		{[]string{"stp/sc    coast", "stp/sc    land"}, "coast stp/sc"},
		{[]string{"\n[coasts]\n", "\n[coast]\n"}, "unknown section"},
		{[]string{"russia:  F stp/sc,", "russia:  F stp,"}, "start unit F stp"},
		{[]string{"turkey:  Turk,", "turkey:  Turk, Inglese,"}, "names both"},
		{[]string{"ec: ec, east coast, east, costa est, costa orientale\n", ""}, "no names for coast \"ec\""},
		{[]string{"4 0: england | austria france | germany turkey | italy russia", "4 0: england | austria france | germany turkey"}, "3 sides for 4 players"},
		{[]string{"5 0: austria | england | france | russia | turkey", "5 0: austria | england | france | russia | austria"}, "power \"austria\" unknown or repeated"},
		{[]string{"#D55E00", "#D55E0"}, "want #rrggbb"},
		{[]string{"neutral  italy", "neutral  venice"}, "unknown power \"venice\""},
	} {
		data := standardData
		for i := 0; i < len(c.edits); i += 2 {
			if strings.Count(data, c.edits[i]) != 1 {
				t.Fatalf("standard.txt has not exactly one %q", c.edits[i])
			}
			data = strings.Replace(data, c.edits[i], c.edits[i+1], 1)
		}
		_, err := variants.Parse(data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("editing %q: error %v, want one with %q", c.edits, err, c.want)
		}
	}
}

// A location's Italian name is the first Italian name of its line; a coast
// and a location without Italian names have none.
func TestItalianNames(t *testing.T) {
	v := Variant()
	for id, want := range map[string]string{"par": "Parigi", "tys": "Mar Tirreno", "tyr": "Tirolo", "nth": "Mare del Nord", "lon": "Londra", "stp/nc": ""} {
		if got := v.Locs[v.Loc(id)].Italian; got != want {
			t.Errorf("%s: Italian %q, want %q", id, got, want)
		}
	}
}
