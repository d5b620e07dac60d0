-- Revises: 0019
-- Reason: private notes (issue 60.3). A player may keep a note on a game (ply 0) and on any of its moves
-- (ply N: the note on the position after move N); only its writer ever reads it, it is never part of the
-- game's PDN, and /forget-me deletes the writer's notes.

CREATE TABLE notes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,              -- the writer, the only reader
    ply INTEGER NOT NULL,                    -- 0: the game; N: after move N
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id, ply)
);
CREATE INDEX notes_by_player ON notes (player_id);
