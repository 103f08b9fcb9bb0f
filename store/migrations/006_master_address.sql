-- The address a game's master must write from, when the operator bound the
-- master to one (corriere game create --master); '' takes any address.
ALTER TABLE games ADD COLUMN master_address TEXT NOT NULL DEFAULT '';
