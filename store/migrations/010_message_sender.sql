-- A Message-ID marks a mail as seen only for the address that sent it: a
-- stranger reusing a player's Message-ID must not make the player's mail
-- be skipped (or the reverse). SQLite cannot drop the old UNIQUE, so the
-- table is rebuilt. Addresses compare regardless of case, as everywhere.
CREATE TABLE messages_new (
	id          INTEGER PRIMARY KEY,
	message_id  TEXT NOT NULL,
	sender      TEXT NOT NULL COLLATE NOCASE,
	subject     TEXT NOT NULL,
	received_at INTEGER NOT NULL,
	raw         BLOB NOT NULL,
	status      TEXT NOT NULL,
	UNIQUE (message_id, sender)
);
INSERT INTO messages_new (id, message_id, sender, subject, received_at, raw, status)
	SELECT id, message_id, sender, subject, received_at, raw, status FROM messages;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
