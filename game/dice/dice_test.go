package dice_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/corriere/corriere/game/dice"
)

var seed, _ = dice.ParseSeed("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")

// The same seed and stream roll the same, whenever and however often.
func TestReplay(t *testing.T) {
	roll := func(stream string) []int {
		s := dice.New(seed, stream)
		var out []int
		for range 20 {
			out = append(out, s.Roll("d6", 6, true))
		}
		deck := []int{1, 2, 3, 4, 5, 6, 7, 8}
		s.Shuffle("deck", len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		return append(out, deck...)
	}
	a, b := roll("S1901M"), roll("S1901M")
	if !slices.Equal(a, b) {
		t.Fatalf("the same stream rolled %v and %v", a, b)
	}
	if slices.Equal(a, roll("F1901M")) {
		t.Error("two streams rolled the same")
	}
	other := seed
	other[0]++
	if slices.Equal(a, func() []int { s := dice.New(other, "S1901M"); return []int{s.Roll("x", 1<<30, true)} }()) {
		t.Error("another seed rolled the same")
	}
}

// The numbers this version draws from this seed are fixed: a change to
// them would change every game's replay. (The values were drawn once and
// written here.)
func TestStable(t *testing.T) {
	s := dice.New(seed, "stable")
	var got []int
	for range 10 {
		got = append(got, s.Roll("d6", 6, true))
	}
	coin := s.Roll("coin", 2, true)
	want := []int{4, 6, 4, 4, 4, 2, 1, 1, 3, 1, 2}
	if !slices.Equal(append(got, coin), want) {
		t.Errorf("rolls %v, want %v", append(got, coin), want)
	}
}

// Every face comes up about as often as the others.
func TestFair(t *testing.T) {
	s := dice.New(seed, "fair")
	count := make([]int, 6)
	const n = 60000
	for range n {
		count[s.Roll("d6", 6, false)-1]++
	}
	for face, c := range count {
		if c < n/6-600 || c > n/6+600 {
			t.Errorf("face %d came %d times in %d", face+1, c, n)
		}
	}
}

// Each roll is recorded with what it was for.
func ExampleSource_Rolls() {
	s := dice.New(seed, "W1914A")
	s.Roll("coin: the side Italy joins", 2, true)
	for _, r := range s.Rolls() {
		fmt.Println(r.Public, r.String())
	}
	// Output: true coin: the side Italy joins: 2 of d2
}

func TestSeedText(t *testing.T) {
	s := dice.NewSeed()
	back, err := dice.ParseSeed(s.String())
	if err != nil || back != s {
		t.Errorf("%s read back as %s, %v", s, back, err)
	}
	if _, err := dice.ParseSeed("abc"); err == nil {
		t.Error("a short seed was read")
	}
}

// SeedWhere finds a seed whose stream's dice fall as asked.
func TestSeedWhere(t *testing.T) {
	for want := 1; want <= 6; want++ {
		seed := dice.SeedWhere("S1901M", func(d *dice.Source) bool { return d.Roll("die", 6, true) == want })
		if got := dice.New(seed, "S1901M").Roll("die", 6, true); got != want {
			t.Errorf("a seed for %d rolls %d", want, got)
		}
	}
}

// Given rolls fall as given, in order, then as the seed says; a result
// the die cannot show is the seed's.
func TestGiven(t *testing.T) {
	d := dice.Given([]int{4, 9, 2}, seed, "t")
	ref := dice.New(seed, "t")
	got := []int{d.Roll("a", 6, true), d.Roll("b", 6, true), d.Roll("c", 2, true), d.Roll("d", 6, true)}
	want := []int{4, 0, 2, 0}
	for i := range want {
		r := ref.Roll("", []int{6, 6, 2, 6}[i], true)
		if want[i] == 0 {
			want[i] = r
		}
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("roll %d: %d, want %d", i, got[i], want[i])
		}
	}
}
