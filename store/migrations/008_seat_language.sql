-- The language a seat's player reads mail in: "" unknown, "english",
-- "italian";
-- language_fixed when the player chose it (SET LANGUAGE), else the judge
-- learnt it from the player's mail.
ALTER TABLE seats ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN language_fixed INTEGER NOT NULL DEFAULT 0;
