// Package judge is the play-by-email judge itself: it reads the commands
// players and observers mail (SIGNON, orders, LIST, STATUS, PRESS, SET
// NOWAIT...), keeps the orders in the store until the game's deadline,
// processes the phase with package game, and queues every reply and
// results mail in the store's outbox. Game masters run games by the same
// mail (CREATE, SIGNON master@<game>, SEAT, PROCESS, ROLLBACK...), and a
// game may follow one of the rulebook's setups for fewer players, where
// one player plays several powers (setup.go).
//
// Handling a mail and processing a phase are each one store transaction.
// Time comes from a clock the caller passes, so tests run on a fake one;
// Run is the daemon loop that ties the judge to a mailbox and an SMTP
// sender (package mailer).
package judge
