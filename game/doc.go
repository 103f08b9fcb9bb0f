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
// Optional capabilities are small interfaces a State may also implement,
// checked with a type assertion, as go-imap checks a backend's
// extensions: Ender (who wins at the game's end date), Survivors (among
// whom a draw is voted); a map and the master's edits are to follow. Texts for people
// are Text values, written in the reader's Lang; each game keeps the
// Italian of its texts in its own Dictionary.
//
// A minimal game, one seat that owes one word a phase, is the package's
// example (example_test.go): it compiles against the contract, and plays.
//
// Today the judge reads orders, processes phases and writes results
// through this contract; the rest of Diplomacy (its setups for fewer
// players, EDIT, draws, the map) still reaches into package diplomacy
// from the judge, and moves behind the contract next (issue 12).
package game
