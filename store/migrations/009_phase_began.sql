-- When the game's current phase began (its start, the processing of the
-- phase before, or a rollback): mail dated before it was written for an
-- earlier phase. 0 before the first.
ALTER TABLE games ADD COLUMN phase_began INTEGER NOT NULL DEFAULT 0;
