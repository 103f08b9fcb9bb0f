package dice

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"strconv"
	"strings"
)

// Seed is a game's secret seed.
type Seed [32]byte

// NewSeed returns a fresh seed from the system's secure source.
func NewSeed() Seed {
	var s Seed
	rand.Read(s[:]) // never fails (crypto/rand)
	return s
}

// String writes the seed as hex, as it is stored.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// ParseSeed reads a seed written by String.
func ParseSeed(text string) (Seed, error) {
	var s Seed
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(s) {
		return s, fmt.Errorf("dice seed %q: want %d hex bytes", text, len(s))
	}
	copy(s[:], b)
	return s, nil
}

// Roll is one use of the source, as the audit log and the results tell
// it.
type Roll struct {
	// What the roll was for, in the game's words: "coin: the side Italy
	// joins", "battle in Milano: attacker".
	What string
	// Sides is the die's number of faces (2 for a coin); 0 for a shuffle.
	Sides int
	// Result is the face, from 1; for a shuffle, the order drawn.
	Result []int
	// Public is set when the rules show the roll to every player; a
	// shuffled deck's order, say, is not.
	Public bool
}

// String writes the roll for the audit log: "coin: the side Italy joins:
// 2 of d2".
func (r Roll) String() string {
	res := make([]string, len(r.Result))
	for i, n := range r.Result {
		res[i] = strconv.Itoa(n)
	}
	if r.Sides == 0 {
		return r.What + ": shuffled " + strings.Join(res, " ")
	}
	return r.What + ": " + strings.Join(res, " ") + " of d" + strconv.Itoa(r.Sides)
}

// Source is the randomness of one resolution. It is not safe for use by
// more than one goroutine.
type Source struct {
	rng   *mrand.ChaCha8
	rolls []Roll
	// given are results the next rolls take, in order (Given).
	given []int
	// Again, where the judge sets it, reports whether the phase is played
	// again (after a rollback): its rolls fall as they did, and a game
	// may say so. A game asks only when it announces a roll, so that the
	// judge looks it up only then.
	Again func() bool
}

// New opens the source named stream of the game whose seed is seed: the
// same seed and stream always give the same numbers.
func New(seed Seed, stream string) *Source {
	h := sha256.New()
	h.Write(seed[:])
	h.Write([]byte(stream))
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return &Source{rng: mrand.NewChaCha8(key)}
}

// Given is the source of New whose first rolls fall as results says, in
// order, each that the die can show: to play a turn again outside the
// judge (corriere adjudicate) with the dice it rolled. A result the die
// cannot show, and every roll after the last, is the seed's.
func Given(results []int, seed Seed, stream string) *Source {
	s := New(seed, stream)
	s.given = results
	return s
}

// Roll rolls a die of sides faces, sides at least 1: a number from 1 to
// sides.
func (s *Source) Roll(what string, sides int, public bool) int {
	n := s.intN(sides) + 1
	if len(s.given) > 0 {
		if g := s.given[0]; g >= 1 && g <= sides {
			n = g
		}
		s.given = s.given[1:]
	}
	s.rolls = append(s.rolls, Roll{What: what, Sides: sides, Result: []int{n}, Public: public})
	return n
}

// Shuffle puts n things in a random order, calling swap as sort.Slice's
// callers do; the order is recorded (from 1), never public.
func (s *Source) Shuffle(what string, n int, swap func(i, j int)) {
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	for i := n - 1; i > 0; i-- {
		j := s.intN(i + 1)
		swap(i, j)
		order[i], order[j] = order[j], order[i]
	}
	s.rolls = append(s.rolls, Roll{What: what, Result: order})
}

// Rolls returns every roll made, in order.
func (s *Source) Rolls() []Roll { return s.rolls }

// intN draws a number in [0, n) without bias: the 2^64 mod n smallest
// draws, which would favour the low numbers, are drawn again.
func (s *Source) intN(n int) int {
	if n <= 0 {
		panic(fmt.Sprintf("dice: %d faces", n))
	}
	skip := -uint64(n) % uint64(n)
	for {
		if v := s.rng.Uint64(); v >= skip {
			return int(v % uint64(n))
		}
	}
}

// SeedWhere is the first of a run of plain seeds whose stream's dice do
// what ok wants (the coin falling on a given side): for tests and
// examples that must know how a game's dice fall. No seed of a real game
// is made so.
func SeedWhere(stream string, ok func(*Source) bool) Seed {
	var seed Seed
	for i := uint64(0); ; i++ {
		binary.LittleEndian.PutUint64(seed[:], i)
		if ok(New(seed, stream)) {
			return seed
		}
	}
}
