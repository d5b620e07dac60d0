-- Revises: 0005
-- Reason: tournaments in a server (issue 20): round robins and Swiss events whose games are ordinary games.

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,                       -- the server it belongs to; NULL in local mode
    channel_id INTEGER,                     -- where it was created: announcements and games go there
    thread_id INTEGER,                      -- its thread, when the server plays games in threads
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    format TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    rounds INTEGER NOT NULL CHECK (rounds >= 1),  -- Swiss: rounds; round robin: cycles (1 or 2)
    rated INTEGER NOT NULL DEFAULT 0,
    creator_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    current_round INTEGER NOT NULL DEFAULT 0,     -- the last round paired
    total_rounds INTEGER NOT NULL DEFAULT 0,      -- fixed at the start
    created_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    seed INTEGER,                           -- starting number, given at the start
    rating REAL NOT NULL DEFAULT 1500,      -- the rating the seeding used
    joined_at TEXT NOT NULL,
    withdrawn_round INTEGER,                -- the round during which the player withdrew; NULL: still in
    PRIMARY KEY (tournament_id, player_id)
);

CREATE TABLE tournament_boards (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    board INTEGER NOT NULL CHECK (board >= 1),
    white_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    black_id INTEGER REFERENCES players (id) ON UPDATE CASCADE,  -- NULL: a bye for white_id
    game_id INTEGER REFERENCES games (id),
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_boards_game ON tournament_boards (game_id);
