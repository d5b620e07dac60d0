-- Revises: 0013
-- Reason: ballots and the opening explorer. A ballot challenge remembers the ballot drawn for it, and its
-- games the ballot they started from and the game played with colours reversed from the same ballot.
-- explorer_moves counts, per owner, the moves played from each opening position of finished games and
-- imported records, so /explore answers from one indexed lookup instead of replaying games.
-- owner_kind 'guild': a server's games and imports (owner_id = the server); 'player': a player's own games
-- and imports (owner_id = the player; guild_id says which server the games were in, 0 for DMs and local
-- mode, so a question asked in a server does not count that server's games twice).
-- position_key: a 63-bit hash of the position's FEN (side to move included), so transpositions meet.

ALTER TABLE challenges ADD COLUMN ballot INTEGER;
ALTER TABLE games ADD COLUMN ballot INTEGER;
ALTER TABLE games ADD COLUMN ballot_pair_id INTEGER;
-- A ballot tournament: each pairing plays one drawn ballot with both colours (two boards, two games).
ALTER TABLE tournaments ADD COLUMN ballots INTEGER NOT NULL DEFAULT 0;

CREATE TABLE explorer_moves (
    owner_kind TEXT NOT NULL CHECK (owner_kind IN ('guild', 'player')),
    owner_id INTEGER NOT NULL,
    variant TEXT NOT NULL,
    position_key INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    move TEXT NOT NULL,
    games INTEGER NOT NULL,
    white_wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black_wins INTEGER NOT NULL,
    last_game_id INTEGER NOT NULL,
    last_imported INTEGER NOT NULL,
    last_at TEXT NOT NULL,
    PRIMARY KEY (owner_kind, owner_id, variant, position_key, guild_id, move)
) WITHOUT ROWID;
