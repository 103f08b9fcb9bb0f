package gametest

import "testing"

// The dice fall as asked.
func TestRolls(t *testing.T) {
	d := Rolls(6, 4, 2, 6)
	for _, w := range []int{4, 2, 6} {
		if got := d.Roll("x", 6, true); got != w {
			t.Fatalf("rolled %d, want %d", got, w)
		}
	}
}
