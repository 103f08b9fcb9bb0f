-- Games: one row each; position is the game.Position JSON of the current phase.
CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
	variant     TEXT NOT NULL,
	rules       TEXT NOT NULL,
	settings    TEXT NOT NULL,            -- JSON, see Settings
	state       TEXT NOT NULL,            -- forming, active, paused, finished
	phase       TEXT NOT NULL DEFAULT '',
	position    TEXT NOT NULL DEFAULT '',
	deadline    INTEGER NOT NULL DEFAULT 0, -- unix seconds; 0 while forming
	reminded    INTEGER NOT NULL DEFAULT 0, -- reminder sent for the current phase
	master_hash TEXT NOT NULL DEFAULT '',
	created_at  INTEGER NOT NULL
);

CREATE TABLE seats (
	game_id       INTEGER NOT NULL REFERENCES games(id),
	power         TEXT NOT NULL,
	address       TEXT NOT NULL,
	password_hash TEXT NOT NULL,
	nowait        INTEGER NOT NULL DEFAULT 0,
	draw          INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (game_id, power)
);

CREATE TABLE observers (
	game_id INTEGER NOT NULL REFERENCES games(id),
	address TEXT NOT NULL,
	PRIMARY KEY (game_id, address)
);

-- The standing orders of a game's current phase, one per unit (key), in
-- the order they were given (seq).
CREATE TABLE orders (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	phase      TEXT NOT NULL,
	power      TEXT NOT NULL,
	key        TEXT NOT NULL,
	text       TEXT NOT NULL,
	canonical  TEXT NOT NULL,
	message_id TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	at         INTEGER NOT NULL,
	PRIMARY KEY (game_id, phase, power, key)
);

-- Every order submission as mailed, with what the judge made of it.
CREATE TABLE submissions (
	id         INTEGER PRIMARY KEY,
	game_id    INTEGER NOT NULL REFERENCES games(id),
	phase      TEXT NOT NULL,
	power      TEXT NOT NULL,
	address    TEXT NOT NULL,
	message_id TEXT NOT NULL,
	at         INTEGER NOT NULL,
	raw        TEXT NOT NULL,
	parsed     TEXT NOT NULL
);

-- Processed phases: the position before, the orders, the results.
CREATE TABLE phases (
	game_id      INTEGER NOT NULL REFERENCES games(id),
	seq          INTEGER NOT NULL,
	phase        TEXT NOT NULL,
	position     TEXT NOT NULL,
	orders       TEXT NOT NULL,
	result       TEXT NOT NULL,
	late         TEXT NOT NULL,
	processed_at INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
);

-- Every inbound message, once: the Message-ID is the key against doubles.
CREATE TABLE messages (
	id          INTEGER PRIMARY KEY,
	message_id  TEXT NOT NULL UNIQUE,
	sender      TEXT NOT NULL,
	subject     TEXT NOT NULL,
	received_at INTEGER NOT NULL,
	raw         BLOB NOT NULL,
	status      TEXT NOT NULL
);

-- Mails to send. The row id makes the Message-ID, so a resend is the same mail.
CREATE TABLE outbox (
	id              INTEGER PRIMARY KEY,
	created_at      INTEGER NOT NULL,
	recipient       TEXT NOT NULL,
	subject         TEXT NOT NULL,
	body            TEXT NOT NULL,
	in_reply_to     TEXT NOT NULL DEFAULT '',
	game_id         INTEGER,
	phase           TEXT NOT NULL DEFAULT '',
	kind            TEXT NOT NULL,
	attempts        INTEGER NOT NULL DEFAULT 0,
	next_attempt_at INTEGER NOT NULL,
	sent_at         INTEGER,
	failed_at       INTEGER,
	last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

CREATE TABLE audit (
	id      INTEGER PRIMARY KEY,
	at      INTEGER NOT NULL,
	game_id INTEGER,
	actor   TEXT NOT NULL,
	action  TEXT NOT NULL,
	detail  TEXT NOT NULL
);
