-- A draw vote's powers where the game takes partial draws (ids joined by
-- commas); '' is a draw of all survivors.
ALTER TABLE seats ADD COLUMN draw_with TEXT NOT NULL DEFAULT '';
