-- A deadline looks at the active games only (Tx.Schedules): finished
-- games accumulate for ever and need not be read.
CREATE INDEX games_state ON games (state);
