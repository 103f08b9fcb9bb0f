-- The game a game is (package game: a registered Kind's name), so that
-- one judge hosts more than Diplomacy; every game before it was one.
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'diplomacy';
