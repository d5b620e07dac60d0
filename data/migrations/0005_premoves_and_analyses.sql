-- Revises: 0004
-- Reason: correspondence players enter conditional moves ("if 21-17 then 11-14"), and a finished
-- game's engine analysis is kept so that showing it again costs no engine time.

-- One row per line of conditional moves: full move paths separated by spaces, starting with the
-- opponent's move from the game's current position. The lines of a game form a tree (shared
-- prefixes); only the player who is not to move has any.
CREATE TABLE premoves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    line TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE INDEX premoves_by_game ON premoves (game_id);

-- The engine's view of every position of a finished game, as JSON (scores, best moves, lines);
-- the verdicts, graph and annotated PDN are derived from it each time it is shown.
CREATE TABLE analyses (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    plies INTEGER NOT NULL,
    seconds_per_position REAL NOT NULL,
    data TEXT NOT NULL,
    requested_by INTEGER,
    created_at TEXT NOT NULL
);
