-- What an order mail asks of the store, each in one step down an index
-- however many mails a seat or a sender has sent: the last submission of
-- a seat in a phase (Tx.LastSubmitted) and the same mail sent again
-- lately (Tx.RepeatedBody).
CREATE INDEX submissions_at ON submissions (game_id, phase, power, by_master, at);
CREATE INDEX submissions_written ON submissions (game_id, phase, power, by_master, written);
CREATE INDEX messages_repeat ON messages (sender, body_hash, received_at);
DROP INDEX messages_sender_body;
