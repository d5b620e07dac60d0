-- Revises: 0015
-- Reason: puzzles (issue 27). Puzzles found in a server's own finished games are kept per server (scope: the
-- game's guild id, 0 for games outside any server) so that no server sees another's; the bundled set lives
-- in data/puzzles/. Each player has one puzzle rating (Glicko-2, apart from game ratings) with a streak,
-- and one attempt per puzzle (the step reached, solved or failed). Servers may ask for a daily puzzle.

CREATE TABLE server_puzzles (
    scope INTEGER NOT NULL,                 -- the game's guild id; 0: a game outside any server
    id TEXT NOT NULL,                       -- engine.puzzles.puzzle_id (variant and position)
    variant TEXT NOT NULL,
    game_id INTEGER,                        -- the finished game it comes from (source.game), or NULL
    rating INTEGER NOT NULL,
    data TEXT NOT NULL,                     -- the puzzle as JSON; its source names the game and ply, no player
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope, id)
);

CREATE INDEX server_puzzles_by_variant ON server_puzzles (scope, variant);

CREATE TABLE puzzle_scans (                 -- finished games and imported records already searched
    kind TEXT NOT NULL CHECK (kind IN ('game', 'imported')),
    source_id INTEGER NOT NULL,
    found INTEGER NOT NULL,
    scanned_at TEXT NOT NULL,
    PRIMARY KEY (kind, source_id)
);

CREATE TABLE puzzle_ratings (
    player_id INTEGER PRIMARY KEY REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);

CREATE TABLE puzzle_attempts (
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    puzzle_id TEXT NOT NULL,
    scope INTEGER NOT NULL,                 -- where it was opened: a server's puzzles are only its own
    variant TEXT NOT NULL,
    step INTEGER NOT NULL DEFAULT 0,        -- the solver's moves played right so far
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed')),
    daily_day TEXT,                         -- the daily puzzle's day (YYYY-MM-DD) when opened from its post
    started_at TEXT NOT NULL,
    finished_at TEXT,
    PRIMARY KEY (player_id, puzzle_id)
);

CREATE TABLE daily_puzzles (
    guild_id INTEGER NOT NULL,
    day TEXT NOT NULL,                      -- YYYY-MM-DD, UTC
    puzzle_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    posted_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

ALTER TABLE servers ADD COLUMN daily_puzzle_channel INTEGER;
ALTER TABLE servers ADD COLUMN daily_puzzle_hour INTEGER CHECK (daily_puzzle_hour BETWEEN 0 AND 23);
