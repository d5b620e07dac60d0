-- Revises: 0011
-- Reason: issue 25: order is kept per destination, not per game. A private notice (a DM: your move, a
-- reminder, the end of a vacation) has its player's stream ('player:7'), so one Discord will not take
-- (a closed DM, a 5xx) never holds up its game's public boards; it only waits for the rows of
-- `after_stream` (its game's board, which it links to) written before it, never the other way round.

ALTER TABLE outbox ADD COLUMN after_stream TEXT;
