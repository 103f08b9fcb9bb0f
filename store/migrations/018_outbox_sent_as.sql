-- The Message-ID an outbox row went out under: its own, or that of the
-- one message that served several rows of the same text (a game's
-- results to its readers). Empty until sent, and for rows sent before.
ALTER TABLE outbox ADD COLUMN sent_as TEXT NOT NULL DEFAULT '';
