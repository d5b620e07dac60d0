-- Revises: 0001
-- Reason: "my games" lists were sorted by game id and scanned the whole games table, and the
-- challenge list scanned every challenge. Record when each game last changed (backfilled from its
-- moves) so lists can show the most recently active games first, and index the lookups by player.

ALTER TABLE games ADD COLUMN last_move_at TEXT;

UPDATE games
SET last_move_at = COALESCE(
    (SELECT MAX(played_at) FROM moves WHERE moves.game_id = games.id),
    created_at
);

CREATE INDEX games_white_active ON games (white_id, status, last_move_at);
CREATE INDEX games_black_active ON games (black_id, status, last_move_at);
CREATE INDEX challenges_open ON challenges (status, opponent_id);
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
