package adjudicator

import (
	"fmt"
	"strconv"

	"github.com/corriere/corriere/variants"
)

// Rules is the edition of the rules a game is played under.
type Rules uint8

const (
	// Rules2023 follows the preferences of DATC v3.0 (the 2023 rulebook):
	// Szykman's rule for convoy paradoxes, convoys to adjacent provinces only
	// when ordered "via convoy" or when the army's own fleet convoys it.
	Rules2023 Rules = iota
	// Rules1971 follows the 1971 rulebook, which the Italian seed rulebook
	// translates: a convoy fails when any fleet on any route is dislodged,
	// and an army convoys whenever a convoy route is ordered for it.
	Rules1971
)

// ParseRules reads a rule edition name: "2023" (also "" and "2000", "1982")
// or "1971".
func ParseRules(s string) (Rules, error) {
	switch s {
	case "", "2023":
		return Rules2023, nil
	case "1971":
		return Rules1971, nil
	}
	return 0, fmt.Errorf("unknown rule edition %q (expected \"2023\" or \"1971\")", s)
}

func (r Rules) String() string {
	if r == Rules1971 {
		return "1971"
	}
	return "2023"
}

// Season is the part of a game year.
type Season uint8

const (
	Spring Season = iota
	Fall
	Winter
)

// PhaseType is what a phase resolves.
type PhaseType uint8

const (
	Movement PhaseType = iota
	Retreat
	Adjustment
)

// MaxYear is the last year a phase may have. Positions must be a year
// short of it, so that every next phase can be named too.
const MaxYear = 999999

// Phase names a phase: S1901M, F1901R, W1901A.
type Phase struct {
	Year   int
	Season Season
	Type   PhaseType
}

func (p Phase) String() string {
	return string("SFW"[p.Season]) + strconv.Itoa(p.Year) + string("MRA"[p.Type])
}

// Long writes the phase for people: "Spring 1901 movement".
func (p Phase) Long() string {
	return [...]string{"Spring", "Fall", "Winter"}[p.Season] + " " + strconv.Itoa(p.Year) + " " +
		[...]string{"movement", "retreats", "adjustments"}[p.Type]
}

// ParsePhase reads a phase name such as "S1901M", "F1902R" or "W1901A".
func ParsePhase(s string) (Phase, error) {
	bad := fmt.Errorf("phase %q: expected a season letter, a year and a phase letter, like S1901M, F1901R or W1901A", s)
	if len(s) < 3 {
		return Phase{}, bad
	}
	var p Phase
	switch s[0] {
	case 'S', 's':
		p.Season = Spring
	case 'F', 'f':
		p.Season = Fall
	case 'W', 'w':
		p.Season = Winter
	default:
		return Phase{}, bad
	}
	switch s[len(s)-1] {
	case 'M', 'm':
		p.Type = Movement
	case 'R', 'r':
		p.Type = Retreat
	case 'A', 'a', 'B', 'b':
		p.Type = Adjustment
	default:
		return Phase{}, bad
	}
	y, err := strconv.Atoi(s[1 : len(s)-1])
	if err != nil || y < 1 || y > MaxYear {
		return Phase{}, bad
	}
	p.Year = y
	if (p.Season == Winter) != (p.Type == Adjustment) {
		return Phase{}, fmt.Errorf("phase %q: adjustments happen in winter and only then", s)
	}
	return p, nil
}

// Dislodged is a unit dislodged in a movement phase, waiting to retreat.
type Dislodged struct {
	Unit variants.Unit
	// AttackerFrom is the province the dislodging unit came from.
	AttackerFrom variants.Loc
	// ViaConvoy is set when the attacker was convoyed: then the dislodged
	// unit may retreat to the attacker's origin (DATC 6.H.11).
	ViaConvoy bool
	// Retreats are the locations the unit may retreat to; filled by Resolve.
	Retreats variants.LocSet
}

// Position is the state of a game at the start of a phase.
type Position struct {
	Phase Phase
	Units []variants.Unit
	// Centers[l] is the owner of supply centre l, or NoPower. Its length is
	// the variant's number of locations.
	Centers []variants.Power
	// Dislodged and Contested matter in retreat phases only. Contested holds
	// the provinces left empty by a standoff, where no unit may retreat.
	Dislodged []Dislodged
	Contested variants.LocSet
	// Disorder holds the powers in civil disorder or absent (seed XIV.2-3):
	// their units hold, a dislodged one is disbanded at once, and they
	// build nothing. It carries over to the next position unchanged.
	Disorder variants.PowerSet
	// Closed holds the provinces no unit may enter, a neutral country's
	// (seed XIV.2, the two-player game's Italy): moves, supports, convoys
	// and retreats into them are illegal. Units standing in them stay. It
	// carries over to the next position unchanged.
	Closed variants.LocSet
}

// OrderType is the kind of an order.
type OrderType uint8

const (
	Hold OrderType = iota
	Move
	Support
	Convoy
	RetreatTo // a retreat move (retreat phases)
	Disband   // a dislodged unit disbands (retreat phases)
	Build
	Remove
	Waive
)

// Order is one order, already read from text. Locations are as written: the
// adjudicator checks them against the position.
type Order struct {
	Power variants.Power
	Type  OrderType
	// Unit is the ordered unit's type as written, NoType when left out.
	Unit variants.UnitType
	// Loc is the ordered unit's location; for Build, where to build.
	Loc variants.Loc
	// Target is a Move's or RetreatTo's destination, or the location of the
	// unit a Support or Convoy is for.
	Target variants.Loc
	// TargetUnit is the supported or convoyed unit's type as written.
	TargetUnit variants.UnitType
	// Dest is the destination of the supported or convoyed move; NoLoc for a
	// support to hold.
	Dest variants.Loc
	// ViaConvoy marks a move ordered "via convoy".
	ViaConvoy bool
}

// Outcome is what became of an order.
type Outcome uint8

const (
	Succeeds Outcome = iota
	Fails            // legal, but bounced, cut, dislodged, disrupted...
	Invalid          // illegal or impossible; the unit holds
)

func (o Outcome) String() string {
	switch o {
	case Succeeds:
		return "succeeds"
	case Fails:
		return "fails"
	}
	return "invalid"
}

// Result is an order's outcome and the reason for it.
type Result struct {
	Outcome Outcome
	Reason  Reason
}

// Resolution is the outcome of one phase.
type Resolution struct {
	// Results has one entry per order, in the order given.
	Results []Result
	// Removed lists units taken off the board without an order of their
	// own: dislodged with nowhere to go, unordered retreats, civil disorder.
	Removed []variants.Unit
	// Next is the position of the next phase that has something to do.
	Next Position
	// Winner is the power that reached the victory count, or NoPower.
	Winner variants.Power
}
