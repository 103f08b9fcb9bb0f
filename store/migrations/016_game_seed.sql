-- A game's secret seed for its dice (package game/dice), as hex: every
-- roll comes from it and the phase's name, so that a phase processed
-- again after a rollback or a crash rolls the same. Empty until the
-- judge first needs one.
ALTER TABLE games ADD COLUMN seed TEXT NOT NULL DEFAULT '';
