-- The last mail the judge had fetched from its mailbox (UIDVALIDITY and
-- UID) when the game's current phase began: a mail fetched by then
-- arrived before the phase began, whatever the second its arrival time
-- gives. 0 when the phase began outside the daemon.
ALTER TABLE games ADD COLUMN began_validity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN began_uid INTEGER NOT NULL DEFAULT 0;
