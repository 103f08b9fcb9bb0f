// Package table is the engine of turn-by-turn games by mail: games in
// which nothing is simultaneous, where each step is one seat's decision
// (a card drafted, a turn's expansion, a defender's forces) and the
// moderator rules where the rules leave off. A game on it is its rules
// and its data: the engine keeps the rest.
//
// The engine keeps, in a Table that the game's state embeds:
//
//   - a queue of pending Decisions: who owes one now (a seat, or the
//     moderator), its kind (the phase kind its deadline is set by), the
//     prompt with the legal answers written out, and the default the
//     deadline applies;
//   - hands of cards and secret markers per seat, shown only to their
//     holder (sealed markers to nobody but the moderator), and decks
//     whose order nobody sees;
//   - pieces in places and numeric tracks (scores), which the report
//     writes as a text table, and the moderator may change (EDIT);
//   - queued answers (a whole turn's script sent ahead) and standing
//     answers (how to answer every prompt of a kind), applied in order
//     when their moment comes, each read again then.
//
// State wraps a game (Play) into the judge's game.State: each decision
// is a phase whose ID is the game's stage and a step counter ("E2-14"),
// resolved as soon as its owner answers (game.Eager); the moderator's
// decisions are answered with RULE. Every text is a Msg, a format and
// its arguments, stored as such and written in the reader's language at
// the last moment, shown only to the seats it is for.
//
// Randomness is the game's dice (game/dice), passed to Play.Apply: the
// same phase rolls the same after a rollback or a crash.
//
// A game's own front end shares the engine's helpers: Words reads a
// line's words (a step's number dropped, the Italian verbs as English),
// Skipped tells a line skipped and why, ReadData and DataRefusals read
// the data file, Top keeps a rule's tied best, Rank orders the end.
package table
