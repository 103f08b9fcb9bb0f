-- A player's concession: the power it concedes the game to, or ''.
ALTER TABLE seats ADD COLUMN concede TEXT NOT NULL DEFAULT '';
