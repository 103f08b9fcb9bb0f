// Package store keeps the judge's state in SQLite (modernc.org/sqlite, no
// cgo): games and their seats, the standing orders of the current phase,
// the history of processed phases, every inbound message (unique by
// sender and Message-ID), the outbox of mails to send, and an audit log of
// every change. The schema's migrations are embedded and applied on Open; the
// database runs in WAL mode so that a killed process loses nothing that
// was committed.
//
// Everything that changes state happens inside Store.Tx, one SQLite
// transaction, so that a mail is either fully handled (orders stored,
// reply queued) or not at all. Tx holds SQLite's one write lock; while
// another process (the daemon) holds it, Tx waits as OpenOptions say,
// telling its caller once through OpenOptions.Waiting. What only reads
// runs in Store.Read, on connections of its own that see the last
// committed state and never wait for a writer.
package store
