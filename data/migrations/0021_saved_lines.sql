-- Revises: 0020
-- Reason: saved study lines (issue 60.3). A player studying a game may keep a tried line (the moves tried
-- from the position after ply N); only they see it, when they study that game again or open its page, and
-- /forget-me deletes it. The moves are stored as the notation the study showed, replayed on reading.

CREATE TABLE saved_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,             -- the writer, the only reader
    ply INTEGER NOT NULL,                   -- the line starts from the position after this ply
    moves TEXT NOT NULL,                    -- space-separated notation
    created_at TEXT NOT NULL
);
CREATE INDEX saved_lines_by_game ON saved_lines (game_id, player_id);
CREATE INDEX saved_lines_by_player ON saved_lines (player_id);
