-- Revises: 0007
-- Reason: players bring game records (PDN) to the bot: each readable game is kept as an imported, unrated
-- record that /board, /replay and /pdn can show, belonging to the server it was imported in (NULL: a DM
-- or local mode, then only its importer sees it). Not a played game: no clock, no rating, no moves table.

CREATE TABLE imported_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,
    importer_id INTEGER NOT NULL,
    variant TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    moves TEXT NOT NULL,                    -- every move's full path (22x13x6), separated by spaces
    result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '*')),
    white_name TEXT NOT NULL DEFAULT '',
    black_name TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '',
    game_date TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

CREATE INDEX imported_games_by_guild ON imported_games (guild_id);
