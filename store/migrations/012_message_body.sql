-- A hash of what a mail says (its text), so that the same mail from the
-- same sender, sent again soon under a new Message-ID, is answered once.
ALTER TABLE messages ADD COLUMN body_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX messages_sender_body ON messages (sender, body_hash);
