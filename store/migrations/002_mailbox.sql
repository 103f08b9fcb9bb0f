-- Where the judge stopped reading each mailbox: new mail is found by UID,
-- and a change of UIDVALIDITY means reading the mailbox again from the
-- start (the Message-IDs in messages keep that from doing anything twice).
CREATE TABLE mailboxes (
	name        TEXT PRIMARY KEY,
	uidvalidity INTEGER NOT NULL,
	last_uid    INTEGER NOT NULL
);
