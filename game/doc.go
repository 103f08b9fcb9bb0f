// Package game is the contract between the judge and the games it hosts:
// the judge is the engine (mail, deadlines, seats, storage), and each game
// is a package behind these few interfaces, as an IMAP backend is behind
// go-imap's. The judge knows no game's rules; a game knows no mail.
//
// A game implements:
//
//   - Kind: its name, and Configure, which reads the game's own settings
//     into Rules.
//   - Rules: the seats a game has, its first State, and how a stored
//     state and a written phase read.
//   - State: a game between two deadlines, as a value. It says its Phase,
//     who owes orders now (Owing), reads a line of a player's mail into
//     orders or refusals (Read), says what a seat still owes (Missing),
//     and resolves the phase (Resolve): orders and the game's dice in, the
//     next state, the record of what happened and the end of the game
//     out; and it writes a processed phase's record for one reader
//     (Results). Resolve is pure; everything a game needs comes in as
//     arguments, so that a phase processed again after a crash or a
//     rollback comes out the same.
//
// Optional capabilities are small interfaces a Kind, Rules or State may
// also implement, checked with a type assertion, as go-imap checks a
// backend's extensions; a game without one plays without it:
//
//   - Configurable (Kind): the game's own settings, which CREATE's lines,
//     corriere game create's flags and HELP take beside the judge's.
//   - Calendar (Kind): the kinds of its phases, each with a deadline of
//     its own; else one deadline for every phase.
//   - Seater (Rules, State): who plays which seats, when not one player
//     to a seat (setups for fewer players, a seat joining a side).
//   - Guesser (Rules): a seat a player misspelt.
//   - MasterSeater (Rules): seats no player takes that the master plays
//     through BECOME (non-player powers).
//   - MasterOwer (State): the master's word the phase waits for (a
//     ruling, a battle's result), which the judge reminds him of.
//   - Prose (Rules): lines that are plainly no orders (greetings).
//   - Labeled (Rules): the board and edition, for the game's listing.
//   - Open (Rules): everyone sees the same results, written once; a game
//     that is not Open gets Results and maps per reader (Viewer).
//   - Mapper (Rules): the results as a picture.
//   - Historian (Rules): HISTORY and SUMMARY.
//   - Commander (Kind): commands of its own beside orders, carried out
//     when read (a card passed, a bid, a ruling); HELP lists them.
//   - Editor (State): the master's (the arbiter's) EDIT, for a ruling;
//     EditHelper (Kind) spells its changes for HELP.
//   - Eager (State): resolved as soon as its orders are complete, not
//     at the deadline: a turn-by-turn game at the speed of its players.
//     A phase nobody owes orders for (a ruling of the master's) goes on
//     before its deadline only when its State is Eager.
//   - Sheet (State): a seat's mail replaces its whole sheet of orders.
//   - Aliased (Kind): other names for the game.
//   - Ender (State): who wins at the game's end date.
//   - Survivors (State): among whom a draw is voted.
//
// Outcome.Carried keeps standing instructions for the next phase, and a
// Reading with no order and no refusal is a line understood that orders
// nothing (a sheet's heading).
//
// Texts for people are Text values, written in the reader's Lang; each
// game keeps the Italian of its texts in its own Dictionary.
//
// A minimal game, one seat that owes one word a phase, is the package's
// example (example_test.go): it compiles against the contract, and plays.
// A game is registered with the judge in one place, cmd/corriere's games
// list (Judge.Games); nothing in the judge changes for it. The judge's
// own tests play a second game written against this contract alone
// (judge/turns_test.go): turn by turn, with hidden hands and dice.
//
// Diplomacy (game/diplomacy) and Le Guerre d'Italia (game/italia) are
// the games written so far.
package game
