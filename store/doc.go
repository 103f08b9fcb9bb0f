// Package store keeps the judge's state in SQLite (modernc.org/sqlite, no
// cgo): games and their seats, the standing orders of the current phase,
// the history of processed phases, every inbound message (unique by
// Message-ID), the outbox of mails to send, and an audit log of every
// change. The schema's migrations are embedded and applied on Open; the
// database runs in WAL mode so that a killed process loses nothing that
// was committed.
//
// Everything that changes state happens inside Store.Tx, one SQLite
// transaction, so that a mail is either fully handled (orders stored,
// reply queued) or not at all.
package store
