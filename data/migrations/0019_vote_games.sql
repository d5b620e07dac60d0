-- Revises: 0017
-- Reason: vote games (issue 59). A team of members holds one side of a game and plays it by vote. The team
-- holds its seat through a player row of its own (id 1000000 + the team's id: below every Discord id, above
-- local mode's), so the game, its clock, its timers and its record treat the team as they treat a player.
-- A team forms before its game starts (game_id NULL); each vote is for the ply it was cast at, and a changed
-- vote is a new row (its id orders the votes: the tie-break is the move whose votes were all in first). Whether
-- the team followed a vote is read from the move played after it (moves.ply = votes.ply + 1).

CREATE TABLE vote_teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id INTEGER NOT NULL,             -- the team's seat in games (1000000 + id)
    name TEXT NOT NULL,                     -- the team's name in the record and its PDN
    organiser_id INTEGER NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER,
    thread_id INTEGER,                      -- the team's discussion thread, where the server allows one
    message_id INTEGER,                     -- the post with the Join button
    side TEXT NOT NULL CHECK (side IN ('white', 'black', 'random')),
    opponent TEXT NOT NULL CHECK (opponent IN ('bot')),
    bot_level INTEGER,
    variant TEXT NOT NULL,
    days_per_move INTEGER NOT NULL CHECK (days_per_move BETWEEN 1 AND 14),
    role_id INTEGER,                        -- only members holding this role may join; NULL: anyone
    secret INTEGER NOT NULL DEFAULT 0,      -- the tally stays hidden until the move is played
    joining TEXT NOT NULL DEFAULT 'start' CHECK (joining IN ('start', 'open')),
    status TEXT NOT NULL DEFAULT 'forming' CHECK (status IN ('forming', 'playing', 'over', 'cancelled')),
    game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX vote_teams_seat ON vote_teams (player_id);
CREATE INDEX vote_teams_game ON vote_teams (game_id);
CREATE INDEX vote_teams_channel ON vote_teams (channel_id, status);

CREATE TABLE vote_members (
    team_id INTEGER NOT NULL REFERENCES vote_teams (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,
    joined_at TEXT NOT NULL,
    PRIMARY KEY (team_id, player_id)
);

CREATE INDEX vote_members_player ON vote_members (player_id);

CREATE TABLE votes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,   -- order of casting: a changed vote gets a new id
    team_id INTEGER NOT NULL REFERENCES vote_teams (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,                   -- the game's ply when cast: the window it counts in
    voter_id INTEGER NOT NULL,
    path TEXT NOT NULL,                     -- the move, every landing square (replays unambiguously)
    notation TEXT NOT NULL,
    voted_at TEXT NOT NULL
);

CREATE UNIQUE INDEX votes_window ON votes (team_id, ply, voter_id);
