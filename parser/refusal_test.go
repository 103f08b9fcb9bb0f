package parser

import (
	"strings"
	"testing"

	"github.com/corriere/corriere/variants"
	"github.com/corriere/corriere/variants/standard"
)

// checkItalian fails t if err is a refusal with a Problem and no Italian.
// Every test that meets a refusal calls it, and so does FuzzOrders on its
// seeds: no refusal the parser can give may lack its Italian.
func checkItalian(t testing.TB, text string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	r, ok := err.(*Refusal)
	switch {
	case !ok:
		t.Errorf("%q: error %T, want *Refusal", text, err)
	case r == nil:
	case r.Problem != "" && r.Italian == "":
		t.Errorf("%q: refusal %q without its Italian", text, r.Problem)
	case r.Problem == r.Italian:
		t.Errorf("%q: refusal %q: the Italian is the English", text, r.Problem)
	}
}

// TestMessages checks the templates: each kind of refusal, and each thing
// the parser may expect, has both languages, with as many arguments.
func TestMessages(t *testing.T) {
	for m, p := range messages {
		if p.en == "" || p.it == "" || p.en == p.it {
			t.Errorf("message %d: %q / %q", m, p.en, p.it)
		}
		if strings.Count(p.en, "%s") != strings.Count(p.it, "%s") {
			t.Errorf("message %d: %q and %q take different arguments", m, p.en, p.it)
		}
	}
	for e, p := range expects {
		if p.en == "" || p.it == "" || p.en == p.it {
			t.Errorf("expect %d: %q / %q", e, p.en, p.it)
		}
	}
}

// TestRefusalItalian checks the Italian of a refusal of most kinds.
func TestRefusalItalian(t *testing.T) {
	v := standard.Variant()
	ps := positions(t)
	long := strings.Repeat("A par - bur ", 20)
	cases := []struct {
		pos, power, text string
		want             string
	}{
		{"S1901M", "france", "A par - Sweria", `"Sweria"? nessun luogo con questo nome; forse intendevi Serbia, Slesia o Siria?`},
		{"S1901M", "france", "A par - Xyzzyq", `"Xyzzyq"? nessun luogo con questo nome`},
		{"S1901M", "italy", "F Ven - Tir", `"Tir" può essere Tirolo o Mar Tirreno; l'ordine si legge in entrambi i modi (F ven - tyr o F ven - tys)`},
		{"S1901M", "italy", "A Ven-Pie-Mar", `"Ven-Pie-Mar" muove più di una volta in un solo ordine; può voler dire A ven - pie o A pie - mar: scrivi un ordine per unità`},
		{"S1901M", "england", "F Stands", `"F" non nomina nessun luogo, e hai più flotte (F lon e F edi): scrivi quale`},
		{"F1902R", "france", "F disband", `"F" non nomina nessun luogo, e non hai nessuna flotta a cui dare l'ordine: scrivi dove si trova l'unità`},
		{"S1901M", "france", "A par S", `l'ordine si ferma dopo "S": mi aspettavo l'unità sostenuta`},
		{"S1901M", "france", "A Mun xyzzyq A Ber", `"xyzzyq"? mi aspettavo cosa fa l'unità: "-" e un luogo (muove), H (fermo), S (sostiene) o C (trasporta)`},
		{"S1901M", "france", "A par - bur A mar - spa", `"A": un secondo ordine? metti una virgola o un a capo tra un ordine e l'altro`},
		{"S1901M", "england", "FRANCE: A par - bur", `"FRANCE": quest'ordine è sotto l'intestazione Francia, ma questi sono gli ordini per Inghilterra`},
		{"S1901M", "france", "build A par", `"build": costruzioni e rimozioni si ordinano in inverno; questa è una fase di movimento`},
		{"S1901M", "france", "A par retreats to bur", `"retreats": ritirate e scioglimenti si ordinano dopo i movimenti; questa è una fase di movimento`},
		{"F1902R", "france", "A bur supports A spa", `"supports": questa è una fase di ritirata; un'unità scacciata si ritira ("A Bur - Pic") o si scioglie ("A Bur disband")`},
		{"F1902R", "france", "build A bur", `"build": costruzioni e rimozioni si ordinano in inverno; questa è una fase di ritirata`},
		{"W1901A", "france", "A bur -> par", `"->": questa è la fase di aggiustamento invernale; ordina "build A Par", "remove F Nth" o "waive"`},
		{"W1901A", "france", "build F", `dove costruisci "F"? scrivi il centro: "build F Par"`},
		{"W1901A", "france", "build bre", `cosa costruisci a Brest? scrivi "build A" (armata) o "build F" (flotta)`},
		{"S1901M", "france", "A par - bur, A mar - spa", `mi aspettavo un solo ordine, ho trovato "A par - bur" e "A mar - spa"`},
		{"S1901M", "france", "", "nessun ordine"},
		{"S1901M", "france", long, "troppo lungo per un ordine solo: metti una virgola o un a capo tra un ordine e l'altro"},
	}
	for _, c := range cases {
		_, err := Order(v, ps[c.pos], v.PowerByID(c.power), c.text)
		r, _ := err.(*Refusal)
		if r == nil || r.Italian != c.want {
			t.Errorf("%s %q: got %+v, want Italian %q", c.pos, c.text, r, c.want)
		}
	}
	errs := []struct {
		err  error
		want string
	}{
		{second(Loc(v, "Liv")), `"Liv" può essere Livonia o Liverpool`},
		{second(Loc(v, "")), "nessun luogo indicato"},
		{second(Loc(v, long)), "troppo lungo per il nome di un luogo"},
		{second(Power(v, "Xyzzy")), `"Xyzzy"? nessuna potenza con questo nome; le potenze sono Austria, Inghilterra, Francia, Germania, Italia, Russia e Turchia`},
		{third(Unit(v, "X par")), `"X"? mi aspettavo il tipo dell'unità, A (armata) o F (flotta), e poi dove si trova`},
		{third(Unit(v, long)), "troppo lungo per un'unità"},
	}
	for _, c := range errs {
		r, _ := c.err.(*Refusal)
		if r == nil || r.Italian != c.want {
			t.Errorf("got %+v, want Italian %q", r, c.want)
		}
	}
	// A power without an Italian name is named in English.
	atlantis := &variants.Variant{Powers: []variants.PowerInfo{{Name: "Atlantis"}}}
	if got := powerName(atlantis, 0); got != (phrase{"Atlantis", "Atlantis"}) {
		t.Errorf("power without an Italian name: %+v", got)
	}
}

func second[T any](_ T, err error) error { return err }

func third[T, U any](_ T, _ U, err error) error { return err }
