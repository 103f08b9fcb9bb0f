// Package judge is the play-by-email judge itself: it reads the commands
// players and observers mail (SIGNON, orders, LIST, STATUS, PRESS, SET
// NOWAIT...), keeps the orders in the store until the game's deadline,
// processes the phase through the game contract (package game), and
// queues every reply and results mail in the store's outbox. It imports
// no game: it hosts the games it is given (Judge.Games; cmd/corriere
// registers Diplomacy, Le Guerre d'Italia and the others), and asks each
// for what only it knows (seats.go: who plays what; gamesettings.go: its
// settings and calendar; gamecommands.go: its own commands). Game masters
// run games by the same mail (CREATE, SIGNON master@<game>, SEAT, PROCESS,
// ROLLBACK...), and a game may seat one player at several of its seats.
//
// The commands are one table (commands.go): each verb with who may use it
// (anyone, a player, the power's own player, the master), the game states
// it is taken in, its help and its handler; the scanner, the dispatch,
// HELP and corriere gm's list read it, and the games' own commands join
// it (gamecommands.go). A game's state (forming, active, paused, finished) changes
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
// Handling a mail is one store transaction; a deadline's games are
// processed twenty to a transaction, each in a savepoint of its own. The
// outbox goes out in batches, one message for the readers of the same
// text (outbox.go).
// Time comes from a clock the caller passes, so tests run on a fake one;
// Run is the daemon loop that ties the judge to a mailbox and an SMTP
// sender (package mailer).
package judge
