-- Indexes for the judge's frequent queries, each of which scanned a whole
-- table that only grows.
-- DueMail (every pass of the outbox) reads unsent mail in id order: it
-- scanned every mail ever sent, in id order, to find the few unsent ones.
-- Only unsent mail is in this index; the few waiting for a retry are
-- skipped by their next_attempt_at.
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL AND failed_at IS NULL;
DROP INDEX outbox_due;
-- Audited (a phase processed again), a game's audit log (failed sign-ons)
-- and CountAudit of one game read the game's entries, not every game's.
CREATE INDEX audit_game ON audit (game_id, action);
-- Seated, for a mail that repeats one of its sender's.
CREATE INDEX seats_address ON seats (address COLLATE NOCASE);
