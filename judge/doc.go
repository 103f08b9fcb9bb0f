// Package judge is the play-by-email judge itself: it reads the commands
// players and observers mail (SIGNON, orders, LIST, STATUS, PRESS, SET
// NOWAIT...), keeps the orders in the store until the game's deadline,
// processes the phase through the game contract (package game; Diplomacy
// is game/diplomacy), and queues every reply and results mail in the
// store's outbox. Game masters run games by the same
// mail (CREATE, SIGNON master@<game>, SEAT, PROCESS, ROLLBACK...), and a
// game may follow one of the rulebook's setups for fewer players, where
// one player plays several powers (setup.go).
//
// The commands are one table (commands.go): each verb with who may use it
// (anyone, a player, the power's own player, the master), the game states
// it is taken in, its help and its handler; the scanner, the dispatch,
// HELP and corriere gm's list read it, and a game's own verbs can join it
// (newTable). A game's state (forming, active, paused, finished) changes
// only by transition (state.go), which checks the move against its table
// and writes it in the audit log.
//
// Everything a player reads is written in English in the code and has its
// Italian in italian.go (lang.go: a reply is in the language the player
// chose with SET LANGUAGE, else the one the mail is written in, else the
// one the seat learnt, else the game's; English for a stranger whose
// mail does not tell); orders may be mailed
// ahead for a later phase with njudge's PHASE line (orders.go), and mail
// written before the current phase began is refused as late rather than
// misapplied. Who may create games is the operator's Access.
//
// Handling a mail and processing a phase are each one store transaction.
// Time comes from a clock the caller passes, so tests run on a fake one;
// Run is the daemon loop that ties the judge to a mailbox and an SMTP
// sender (package mailer).
package judge
