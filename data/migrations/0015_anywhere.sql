-- Revises: 0014
-- Reason: play anywhere (docs/ANYWHERE.md). A game or challenge started where only a player's own install
-- of the app reaches (a group DM, a server without the bot) can only be answered there, never posted to
-- later (reply_only). Time-bank clocks: the game's clock terms, and each side's bank of seconds.

ALTER TABLE challenges ADD COLUMN reply_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN clock TEXT;       -- NULL: days per move; else service/timecontrol.py's text
ALTER TABLE games ADD COLUMN reply_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN white_bank REAL;      -- seconds left on each side's time bank (a clock only)
ALTER TABLE games ADD COLUMN black_bank REAL;
ALTER TABLE tournaments ADD COLUMN clock TEXT;     -- its games' clock terms; NULL: days per move

-- The daily digest (/settings notifications:digest digest_hour:H): one DM a day at hour H (UTC) instead of
-- a DM per move. last_digest_day is the claim that makes it once a day across restarts and processes.
ALTER TABLE players ADD COLUMN digest_hour INTEGER CHECK (digest_hour BETWEEN 0 AND 23);
ALTER TABLE players ADD COLUMN last_digest_day TEXT;  -- YYYY-MM-DD (UTC) of the last digest queued

-- Following (/follow, /unfollow, the Follow button): a follower gets a followed game's moves, and the start of
-- a followed player's games, by DM, at most one message an hour. Where the follow was made (guild_id,
-- channel_id) is who the follower is for the privacy rule (service/access.py), checked when news is queued.
CREATE TABLE follows (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    follower_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    guild_id INTEGER,
    channel_id INTEGER,
    created_at TEXT NOT NULL,
    CHECK ((game_id IS NULL) <> (player_id IS NULL))
);
CREATE UNIQUE INDEX follows_game ON follows (follower_id, game_id) WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX follows_player ON follows (follower_id, player_id) WHERE player_id IS NOT NULL;
CREATE INDEX follows_of_game ON follows (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX follows_of_player ON follows (player_id) WHERE player_id IS NOT NULL;

CREATE TABLE follow_news (                  -- waiting for the follower's next hourly message
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    follower_id INTEGER NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('move', 'start', 'end')),
    notation TEXT,                          -- a move as players write it; an end: the result
    created_at TEXT NOT NULL
);
CREATE INDEX follow_news_follower ON follow_news (follower_id, id);

CREATE TABLE follow_sent (                  -- the hour limit: when each follower was last sent news
    follower_id INTEGER PRIMARY KEY REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    sent_at TEXT NOT NULL
);
