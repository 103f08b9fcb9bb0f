// Package dice is a game's randomness: dice, coins, draws and shuffles
// from a seeded source that replays. The judge keeps a secret seed per
// game and opens one source per resolution, named by its phase; the same
// seed and name give the same rolls, so a phase processed again after a
// rollback or a crash rolls as it did. Every roll is recorded, for the
// audit log and, where the rules make it public, for the results.
//
// The stream is ChaCha8 (math/rand/v2, whose output is fixed by its
// specification), and the numbers are drawn from it by this package's own
// unbiased reduction, so that no library change alters a replay.
package dice
