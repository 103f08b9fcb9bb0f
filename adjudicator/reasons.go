package adjudicator

// Reason says in words why an order failed or was refused. The zero value
// is no reason (the order succeeded).
type Reason uint8

const (
	NoReason Reason = iota

	// Reasons for Invalid.
	NoUnit            // no unit at the ordered location
	NotYours          // the unit belongs to another power
	WrongType         // the unit there is of the other type
	WrongCoast        // the fleet stands on the other coast
	CoastNeeded       // the destination has two coasts and none was named
	Unreachable       // the destination cannot be reached
	SameProvince      // a move to the unit's own province
	FleetCannotConvoy // only armies are convoyed
	NotAtSea          // only fleets at sea convoy
	SupportUnreachable
	SupportSelf        // a unit cannot support itself
	SupportedAbsent    // no unit where the support or convoy names one
	SupportOwnProvince // a support into the supporter's own province
	WrongPhase         // this kind of order does not belong in this phase
	DuplicateOrder     // a later order for the same unit replaces this one
	NotDislodged       // a retreat order for a unit that need not retreat
	RetreatBlocked     // the retreat destination is the attacker's origin, occupied or contested
	NotHome            // builds only in home centres
	NotOwned           // builds only in owned centres
	Occupied           // builds only in vacant centres
	NoBuilds           // no builds allowed (or all used)
	NoRemovals         // no removals due (or all made)
	NoCoastForFleet    // a fleet cannot be built inland
	ArmyAtSea          // an army cannot be built on a coast location
	TypeNeeded         // a build on a coast must say army or fleet
	NotOnRoute         // no convoy route from the army to its destination needs this fleet
	InDisorder         // a power in civil disorder builds nothing
	Neutral            // the destination is a closed, neutral province

	// Reasons for Fails.
	Bounced      // the move met an equal or stronger force
	Cut          // the support was cut
	WasDislodged // the unit was dislodged
	NoConvoy     // no convoy carried the army
	Disrupted    // the convoy was dislodged or broken
	NotMatched   // the supported or convoyed unit was ordered otherwise
	RetreatClash // two units retreated to the same place and both disband
	Paradox      // broken by the convoy paradox rule
)

var reasonText = [...]string{
	NoReason:           "",
	NoUnit:             "there is no unit there",
	NotYours:           "that unit belongs to another power",
	WrongType:          "the unit there is of the other type",
	WrongCoast:         "the fleet is on the other coast",
	CoastNeeded:        "the destination has two coasts: name one",
	Unreachable:        "the unit cannot reach that destination",
	SameProvince:       "a unit cannot move to the province it stands in",
	FleetCannotConvoy:  "only armies can be convoyed",
	NotAtSea:           "only fleets at sea can convoy",
	SupportUnreachable: "the supporting unit could not move there itself",
	SupportSelf:        "a unit cannot support itself",
	SupportedAbsent:    "there is no such unit to support or convoy",
	SupportOwnProvince: "a unit cannot support a move into its own province",
	WrongPhase:         "that kind of order does not belong in this phase",
	DuplicateOrder:     "replaced by a later order for the same unit",
	NotDislodged:       "the unit was not dislodged",
	RetreatBlocked:     "a unit cannot retreat there (the attacker's origin, occupied, or left empty by a standoff)",
	NotHome:            "units are built only in home supply centres",
	NotOwned:           "the supply centre is not yours",
	Occupied:           "the supply centre is occupied",
	NoBuilds:           "no builds left this winter",
	NoRemovals:         "no removals due",
	NoCoastForFleet:    "fleets are built only on coasts",
	ArmyAtSea:          "an army cannot stand on a coast of its own",
	TypeNeeded:         "say which unit to build there: A (army) or F (fleet)",
	NotOnRoute:         "no convoy route for that army needs this fleet",
	InDisorder:         "a power in civil disorder builds nothing",
	Neutral:            "that province is neutral: no unit may enter it",
	Bounced:            "bounced",
	Cut:                "support cut",
	WasDislodged:       "dislodged",
	NoConvoy:           "no convoy",
	Disrupted:          "convoy disrupted",
	NotMatched:         "the unit was ordered otherwise",
	RetreatClash:       "two units retreated to the same place: both disband",
	Paradox:            "convoy paradox",
}

func (r Reason) String() string {
	if int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "unknown reason"
}
