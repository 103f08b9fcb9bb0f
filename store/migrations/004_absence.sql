-- A player's announced absence: the game's deadlines that fall inside it
-- are postponed while the power owes orders. starts_at is 00:00 of the
-- first day and ends_at 24:00 of the last, in the game's time zone, as
-- unix seconds; ends_at is not part of the absence.
CREATE TABLE absences (
	id         INTEGER PRIMARY KEY,
	game_id    INTEGER NOT NULL REFERENCES games(id),
	power      TEXT NOT NULL,
	starts_at  INTEGER NOT NULL,
	ends_at    INTEGER NOT NULL,
	created_at INTEGER NOT NULL
);
CREATE INDEX absences_game ON absences (game_id, power);
