-- Revises: (none)
-- Reason: first schema: players, servers, challenges, games, moves, offers, ratings, timers.
-- Timestamps are ISO-8601 UTC text with microseconds and "+00:00", so text order is time order.

CREATE TABLE players (
    id INTEGER PRIMARY KEY,                 -- Discord user id; 0 is the bot; negative ids are anonymised
    display_name TEXT,
    is_bot INTEGER NOT NULL DEFAULT 0,
    notifications TEXT NOT NULL DEFAULT 'dm' CHECK (notifications IN ('dm', 'channel', 'off')),
    board_theme TEXT NOT NULL DEFAULT 'classic',
    orientation TEXT NOT NULL DEFAULT 'auto' CHECK (orientation IN ('auto', 'white', 'black')),
    language TEXT NOT NULL DEFAULT 'en',
    vacation_started_at TEXT,
    anonymised INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

INSERT INTO players (id, display_name, is_bot, notifications, created_at)
VALUES (0, 'Dama bot', 1, 'off', '1970-01-01T00:00:00.000000+00:00');

CREATE TABLE vacation_usage (
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    year INTEGER NOT NULL,
    used_seconds REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, year)
);

CREATE TABLE servers (
    guild_id INTEGER PRIMARY KEY,
    default_variant TEXT NOT NULL DEFAULT 'italian',
    days_per_move INTEGER NOT NULL DEFAULT 3 CHECK (days_per_move BETWEEN 1 AND 14),
    thread_per_game INTEGER NOT NULL DEFAULT 0,
    hint_policy TEXT NOT NULL DEFAULT 'unrated' CHECK (hint_policy IN ('never', 'unrated', 'always'))
);

CREATE TABLE server_channels (
    guild_id INTEGER NOT NULL REFERENCES servers (guild_id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    white_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    black_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    start_fen TEXT NOT NULL,
    current_fen TEXT NOT NULL,
    ply INTEGER NOT NULL DEFAULT 0,
    anchor_ply INTEGER NOT NULL DEFAULT 0,  -- ply of the last man move or capture: replay starts here
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    termination TEXT,
    version INTEGER NOT NULL DEFAULT 0,     -- optimistic concurrency: bumped by every change
    rated INTEGER NOT NULL DEFAULT 0,
    bot_level INTEGER,
    days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    move_deadline TEXT,                     -- NULL while the bot or a player on vacation is to move
    paused_seconds REAL,                    -- time left on a clock paused by vacation
    guild_id INTEGER,
    channel_id INTEGER,
    thread_id INTEGER,
    message_id INTEGER,
    created_at TEXT NOT NULL,
    finished_at TEXT,
    CHECK (white_id <> black_id),
    CHECK ((status = 'finished') = (result IS NOT NULL))
);

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 1),  -- 1 = the first move of the game
    notation TEXT NOT NULL,
    path TEXT NOT NULL,                     -- every landing square, e.g. 22x13x6: replays unambiguously
    captures TEXT NOT NULL DEFAULT '',      -- captured squares in order, comma-separated
    reversible INTEGER NOT NULL,            -- a king's quiet move (counts towards the draw rules)
    fen_after TEXT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    played_at TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    challenger_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    opponent_id INTEGER REFERENCES players (id) ON UPDATE CASCADE,  -- NULL: open to anyone
    variant TEXT NOT NULL,
    color TEXT NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    rated INTEGER NOT NULL DEFAULT 0,
    bot_level INTEGER,
    guild_id INTEGER,
    channel_id INTEGER,
    message_id INTEGER,
    status TEXT NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    game_id INTEGER REFERENCES games (id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    answered_at TEXT,
    CHECK (opponent_id IS NULL OR opponent_id <> challenger_id)
);

CREATE TABLE offers (                       -- draw offers and takeback requests
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('draw', 'takeback')),
    from_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    ply INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'accepted', 'declined', 'void')),
    created_at TEXT NOT NULL,
    answered_at TEXT
);
CREATE UNIQUE INDEX offers_one_pending ON offers (game_id, kind) WHERE status = 'pending';

CREATE TABLE ratings (                      -- Glicko-2; pool 'human', 'bot', or 'level<N>' for the bot
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    variant TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (player_id, variant, pool)
);

CREATE TABLE rating_changes (               -- the primary key makes a second update of one game impossible
    game_id INTEGER NOT NULL REFERENCES games (id),
    player_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    pool TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    rd_before REAL NOT NULL,
    rd_after REAL NOT NULL,
    PRIMARY KEY (game_id, player_id)
);

CREATE TABLE timers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL CHECK (event IN ('reminder', 'timeout', 'challenge_expiry', 'vacation_end')),
    due_at TEXT NOT NULL,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    challenge_id INTEGER REFERENCES challenges (id) ON DELETE CASCADE,
    player_id INTEGER REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    fired_at TEXT
);
CREATE INDEX timers_due ON timers (due_at) WHERE fired_at IS NULL;
CREATE INDEX timers_game ON timers (game_id) WHERE fired_at IS NULL;
