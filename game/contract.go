package game

import (
	"time"

	"github.com/corriere/corriere/game/dice"
)

// A Kind is a game the judge can host, as registered: Diplomacy, Le
// Guerre d'Italia. It knows the game's own settings and makes the Rules
// they select.
type Kind interface {
	// Name is the game's name as CREATE and `game create` take it.
	Name() string
	// Configure makes the rules that the game's own settings select (a
	// board, a rules edition, a setup for fewer players), by name as the
	// game master wrote them; a setting it does not know, or a value it
	// cannot take, is an error that says what it expected.
	Configure(settings map[string]string) (Rules, error)
}

// Rules are a game's rules as configured for one game: who sits at the
// table, how the game starts, and how its stored states and its phases
// read.
type Rules interface {
	// Seats lists the seats players may take, in the order the game
	// lists them (a board's powers, a card game's players).
	Seats() []Seat
	// Seat is the seat named name exactly as the game names it (an id, a
	// name in either language, an abbreviation), for the master's SEAT
	// and a heading line in a mail; false for none.
	Seat(name string) (string, bool)
	// Start is the game's first state, with the seats in absent left
	// empty (played, or not, as the rules say for fewer players), and the
	// game's dice for a setup that draws or shuffles.
	Start(absent []string, d *dice.Source) (State, error)
	// Decode reads a state written by State.Encode.
	Decode(data []byte) (State, error)
	// Phase reads a phase as a player names it ("S1901M", "Fall 1903
	// Retreats", "Primavera 1902"), for orders sent ahead or late.
	Phase(text string) (Phase, error)
}

// A Seat is a place at the table a player takes: a power, a player's
// colour. ID is how the judge stores it and players sign on to it.
type Seat struct {
	ID string
	// Name is how readers call it, in their language.
	Name Text
}

// Phase is a step of the game that orders are given for.
type Phase struct {
	// ID names the phase for good: in the store, in subjects, in PHASE
	// lines ("S1901M").
	ID string
	// Kind is the phase's kind in the game's calendar: the game's
	// deadline settings are per kind ("movement", "retreat").
	Kind string
	// Rank orders phases: a later phase has a higher rank.
	Rank int
	// Title is the phase for people: "Spring 1901 movement (S1901M)".
	Title Text
}

// Order is one order as the judge keeps it until the deadline.
type Order struct {
	Seat string
	// Key says which earlier order this one replaces: the seat's order
	// with the same key (a unit's place, a build's centre).
	Key string
	// Text is the order as the game wrote it when it read it; the game
	// reads it back, exactly, at the deadline.
	Text string
	// ByMaster marks an order the game master entered for the seat: the
	// results say so.
	ByMaster bool
}

// A Reading is what a game made of one fragment of a mail's line: an
// order, or a refusal with its reason; or, with neither (an Order
// without a Key), a line understood that orders nothing (a sheet's
// heading), whose Note says what it was taken for.
type Reading struct {
	// Written is the fragment as the player wrote it.
	Written string
	// Order is the order read, when Refused is nil.
	Order Order
	// Note says how the order was understood where that differs from
	// what was written ("you wrote F mar, but the unit in mar is an
	// army"); nil for none.
	Note Text
	// Refused says why the fragment is no order; nil when it is one.
	Refused *Refusal
}

// A Refusal says why a fragment was not taken as an order.
type Refusal struct {
	Reason Text
	// NotOrder marks text that plainly is no order at all (a greeting, a
	// signature): the judge passes over it instead of refusing it.
	NotOrder bool
}

func (r *Refusal) Error() string {
	if r.Reason == nil {
		return "not an order"
	}
	return r.Reason(English)
}

// State is a game between two deadlines. A state is a value: its methods
// change nothing, and Resolve returns the next one.
type State interface {
	// Phase is the phase orders are given for now.
	Phase() Phase
	// Owing lists the seats that owe orders now: every power with units
	// in Diplomacy's movement, the one active player of a turn-by-turn
	// game, the arbiter's seat in a ruling step.
	Owing() []string
	// Read reads one line of a mail of the player who holds the seats of
	// side (side[0] first where the line could be any of theirs), given
	// the orders standing for them: a Reading for each fragment, which
	// takes the orders read before it into account. An order is refused
	// where it cannot stand with the seat's other orders. The error is
	// the game's own failure (a standing order that no longer reads), not
	// the player's.
	Read(side []string, line string, standing []Order) ([]Reading, error)
	// Missing says what seat still owes, given its standing orders: empty
	// when they are complete.
	Missing(seat string, standing []Order) []Text
	// Resolve plays the phase with the standing orders of every seat
	// (those of a seat that gave none: none), and the game's dice for
	// this phase. It is pure: the same state, orders and dice give the
	// same outcome.
	Resolve(orders []Order, d *dice.Source) (*Outcome, error)
	// Results writes the results of the phase played from this state, from
	// its Outcome.Record and the state it led to (Outcome.Next, or the
	// one the store kept), for one reader: the same record may read
	// differently to a player who may see a hidden hand and to an
	// observer who may not.
	Results(record []byte, next State, to Viewer) (Report, error)
	// Position is the state for one reader, as STATUS, the start mail
	// and the end of the game show it: the board, the scores, and what
	// the reader may see of hands.
	Position(to Viewer) Text
	// Encode writes the state for the store; Rules.Decode reads it back.
	Encode() ([]byte, error)
}

// Outcome is what a resolved phase came to.
type Outcome struct {
	Next State
	// Record is what the phase's results are written from (State.Results
	// of the state resolved), kept with the phase for HISTORY.
	Record []byte
	// Joined are seats that take part from the next phase on, played by
	// the player of the seats they join (the two-player game's Italy).
	Joined []string
	// Carried are orders that stand for the next phase too (a standing
	// instruction: how to fight, whom to retreat from), which the judge
	// keeps for it as if their seat had sent them again; each is read
	// there (State.Read) and may be replaced like any other.
	Carried []Order
	// End, when set, ends the game.
	End *Ending
}

// Ending is how a game ended.
type Ending struct {
	// Winners are the seats that won, or shared a draw.
	Winners []string
	Draw    bool
	// Text tells it to readers.
	Text Text
}

// An Ender is a State that can be ended before its rules end it, at the
// game's end date: EndNow says who wins then. Its Ending's Text is a
// clause ("France wins with 9 units") that the judge sets in its own
// sentence.
type Ender interface {
	EndNow() *Ending
}

// Survivors is a State in which players may vote a draw: the seats
// still in the game, among whom a draw is shared.
type Survivors interface {
	Survivors() []string
}

// Viewer is the reader a text is written for: the game master, a
// player holding seats, or (neither) an observer.
type Viewer struct {
	Master bool
	Seats  []string
}

// Report is a phase's results for one reader, in parts, for the judge to
// set among its own (who was late, the next deadline), in the reader's
// language.
type Report struct {
	// Orders is each order and what became of it. A part left nil says
	// nothing.
	Orders Text
	// Events is what happened beyond the orders: a coin tossed, a die
	// rolled; nil for nothing.
	Events Text
	// Position is the state the game goes on from.
	Position Text
}

// Optional capabilities: a game's Rules or State may also be one of the
// interfaces below, which the judge asks for with a type assertion. A
// game that is none of them plays without the capability.

// Seating says who plays which seats: the sides (the seats one player
// plays together, the seat the player signs on with first) and the seats
// nobody plays, each with why. A game whose Rules and States are not
// Seaters seats one player to a seat, none left out.
type Seating struct {
	Sides [][]string
	// Absent are the seats nobody plays now, each with why ("the setup
	// for 6 players leaves it out").
	Absent map[string]Text
	// About describes a setup that differs from the game as designed,
	// for STATUS and CREATE's reply ("Played by 3 (seed XIV.2): ...");
	// nil for none.
	About Text
}

// Side is the seats played with seat, seat first; nil for a seat nobody
// plays.
func (s Seating) Side(seat string) []string {
	if _, absent := s.Absent[seat]; absent {
		return nil
	}
	for _, side := range s.Sides {
		for _, id := range side {
			if id == seat {
				out := []string{seat}
				for _, other := range side {
					if other != seat {
						out = append(out, other)
					}
				}
				return out
			}
		}
	}
	return []string{seat}
}

// A Seater is Rules (before the game starts) or a State (once it has)
// that seats players otherwise than one to a seat: the rulebook's games
// for fewer players, a seat that joins a side during the game.
type Seater interface {
	Seating() Seating
}

// A MasterOwer is a State whose phase waits for the game master's word
// (a moderator's ruling, a battle's result): MasterOwes says what, in
// the reader's language, or nil when nothing is due from him. The judge
// reminds the master of it as it reminds the players of their orders.
type MasterOwer interface {
	MasterOwes() Text
}

// A MasterSeater is Rules with seats that no player takes and the game
// master plays when he will (Le Guerre d'Italia's Ottomans and Swiss with
// six players): BECOME takes one as it takes a player's seat, by its id
// or its name in either language, and the orders the master gives for
// it are kept and resolved with the players'. Such a seat never owes
// orders (State.Owing leaves it out) and is not among Seats.
type MasterSeater interface {
	MasterSeats() []Seat
}

// A Guesser is Rules that know a seat by a name a player misspelt
// ("Frnace"), for the commands of players; the master's must name a seat
// exactly (Rules.Seat), so that a typo never seats a stranger.
type Guesser interface {
	GuessSeat(name string) (string, bool)
}

// An Editor is a State that the game master (the arbiter) may change by
// hand, for a ruling: EDIT <words>. Edit returns the state changed, what
// changed in words every player reads, and what the master alone reads
// of it where a change is partly secret (Le Guerre d'Italia's
// treasuries; nil: the public text); a Refusal where the words make no
// edit, which says what was expected. A seat the words name is read by
// seat, the judge's exact reading of the master's words, whose error
// Edit returns as it is.
type Editor interface {
	Edit(words string, seat func(name string) (string, error)) (next State, public, master Text, err error)
}

// An EditHelper is a Kind whose states are Editors and which spells, for
// HELP, the changes its EDIT takes: the words after EDIT and before the
// reason, in each language. The same words are its refusals' "expected".
type EditHelper interface {
	EditForms() [Langs]string
}

// A Mapper is Rules that draw a phase's results as a picture (PNG): the
// state the phase led to, with its orders, from Outcome.Record, as the
// reader may see it, titled with the game's name and the time the phase
// was processed.
type Mapper interface {
	Map(record []byte, to Viewer, title string, at time.Time) ([]byte, error)
}

// A Historian is Rules that write HISTORY and SUMMARY from the records
// of the phases played (Outcome.Record, oldest first).
type Historian interface {
	// History is the orders of a phase and what became of them.
	History(record []byte, to Viewer) (Text, error)
	// Summary is the game's course in a table (the centres each power
	// held at the end of each year).
	Summary(records [][]byte) (Text, error)
}

// An Open game (its Rules) shows everyone the same results and maps:
// the judge writes them once for all readers. The results of a game that
// is not Open are written for each reader, so that nobody sees another's
// secrets.
type Open interface {
	Open()
}

// A Prose is Rules that tell a line that is plainly no order (a
// greeting, a signature), which the judge passes over unrefused, even
// before a sign-on says whose the orders are.
type Prose interface {
	Prose(line string) bool
}

// A Labeled is Rules that name the board and the rules edition their
// settings chose ("standard", "2023"), for the game's listing and STATUS.
type Labeled interface {
	Label() (board, edition string)
}

// A Configurable Kind has settings of its own, which CREATE's settings
// lines and corriere game create's flags take, and HELP describes, as
// they do the judge's: the judge stores them by name, as Parse leaves
// them, and Configure reads them.
type Configurable interface {
	Settings() []Setting
}

// Setting is one of a game's own settings.
type Setting struct {
	// Names are how a settings line names it: the first is how the judge
	// stores it and its flag (with "-" for "_"); then others it takes.
	Names []string
	// Form is how its values are written, for usages: "7|6|5|4|3|2".
	Form string
	// Default is its value where the game master gives none, as Parse
	// leaves it; "" for none.
	Default string
	// Parse reads a value as written after the setting's name into the
	// form Configure takes (lower case, say), and checks what it can of
	// it alone, saying what it expected; nil takes it as written.
	Parse func(value string) (string, error)
	// FlagHelp says what its flag of corriere game create does; a
	// back-quoted word names the flag's value (flag.UnquoteUsage).
	FlagHelp string
	// Help describes it in HELP, in each language: its name and values,
	// "players (7|6|5|4|3|2)"; a "\n" breaks HELP's line there. Empty
	// where another setting's Help describes it too.
	Help [Langs]string
	// Show is what the settings text (STATUS, CREATE's reply) says of
	// its value, in l; nil for a setting it does not show.
	Show func(l Lang, value string) string
}

// A Calendar Kind gives each kind of its phases (game.Phase.Kind) a
// deadline of its own, which the game master sets as a cron spec; the
// judge writes them together in the settings text ("Deadlines: movement
// ..., retreats ..."). A game with no Calendar has one deadline,
// "deadline", for every phase.
type Calendar interface {
	Calendar() []PhaseKind
}

// PhaseKind is a kind of phase in a game's calendar.
type PhaseKind struct {
	// Name is the kind as game.Phase.Kind gives it, and the setting that
	// sets its deadlines ("movement").
	Name string
	// Default is its deadlines' cron spec where the master gives none.
	Default string
	// Show is the kind's deadlines in the settings text, in l, with the
	// spec quoted: "retreats \"0 20 * * *\"".
	Show func(l Lang, spec string) string
}

// A Commander Kind has commands of its own beside orders, carried out
// when the mail is read rather than at the deadline: a card passed, a
// bid, an arbiter's ruling. The judge reads them as it reads its own
// (HELP lists them; the scanner tells them from orders by their verb) and
// refuses them in a game of another kind.
type Commander interface {
	Commands() []Command
}

// Command is one command of a game.
type Command struct {
	// Verb is the command's first word ("GIVE"), in any case as written.
	Verb string
	// Master marks a command of the game master's (the arbiter's), taken
	// after SIGNON master@<game>; else a player's, after a sign-on.
	Master bool
	// Block marks a command that takes the lines after it, up to a line
	// END<verb> alone (a data file, a script of a whole turn): Do's args
	// are then its own line's words, a newline, and those lines.
	Block bool
	// Syntax and Help are its line of HELP, in each language: "GIVE
	// <card>", "gives a card to the next player".
	Syntax, Help [Langs]string
	// Do carries it out on the game's state for the seats of side (the
	// signed-on player's; none for the master), with the words after the
	// verb. It returns the state changed (nil: unchanged), the reply to
	// the sender, and a notice every player and observer is sent (nil:
	// none); a Refusal where the command cannot be carried out, which the
	// reply gives, and nothing changes.
	Do func(st State, side []string, args string) (next State, reply, notice Text, err error)
}

// An Eager State is resolved as soon as every seat that owes orders has
// complete ones (Missing says none), without waiting for its deadline or
// for the players' SET NOWAIT: a turn-by-turn game runs at the speed of
// its players. The deadline still resolves a phase whose orders never
// come. A phase that no seat owes orders for waits on the game master (a
// ruling, given by a game's command), and goes on before its deadline
// only when its State says it is Eager.
type Eager interface {
	Eager() bool
}

// A Sheet State takes each seat's orders for a phase as one sheet (Le
// Guerre d'Italia's operation sheet): a mail that gives a seat orders
// replaces all the orders the seat gave before in the phase, but those
// carried from the last (Outcome.Carried), instead of only those of the
// same Keys.
type Sheet interface {
	Sheet() bool
}

// An Aliased Kind is known by other names too, as CREATE's game line and
// corriere game create's --game take it ("guerre" for "italia").
type Aliased interface {
	Aliases() []string
}
