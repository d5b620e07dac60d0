-- Revises: 0003
-- Reason: a challenge (and so its game) may start from a position given as a FEN: teaching
-- positions, problems, an adjourned game brought over from elsewhere. NULL: the variant's start.

ALTER TABLE challenges ADD COLUMN start_fen TEXT;
