-- since: when an order for the key first stood this phase (a replacement
-- keeps it), so that who was missing orders at the deadline can be told
-- after a grace period. by_master: entered by the game master (BECOME).
ALTER TABLE orders ADD COLUMN since INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN by_master INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET since = at;

-- Orders mailed ahead for a later phase (njudge's PHASE line): read when
-- that phase begins, against its position.
CREATE TABLE ahead (
	id         INTEGER PRIMARY KEY,
	game_id    INTEGER NOT NULL REFERENCES games(id),
	phase      TEXT NOT NULL,
	power      TEXT NOT NULL,
	address    TEXT NOT NULL,
	message_id TEXT NOT NULL,
	at         INTEGER NOT NULL,
	text       TEXT NOT NULL
);
CREATE INDEX ahead_game_phase ON ahead (game_id, phase);
