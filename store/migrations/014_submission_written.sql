-- A submission keeps the Date its mail was written on, and whether the
-- game master entered it, so that an older mail (a replay, a resend)
-- never overwrites a player's newer orders (LastSubmitted).
ALTER TABLE submissions ADD COLUMN written INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN by_master INTEGER NOT NULL DEFAULT 0;
UPDATE submissions SET by_master = 1 WHERE address LIKE 'master (%';
CREATE INDEX submissions_seat ON submissions (game_id, phase, power);
