-- Replies to one address in the last hour are counted for every reply
-- (RepliesSince).
CREATE INDEX outbox_reply_to ON outbox (recipient COLLATE NOCASE, created_at) WHERE kind = 'reply';
