-- Revises: 0011
-- Reason: play anywhere (docs/ANYWHERE.md). A game or challenge started where only a player's own install
-- of the app reaches (a group DM, a server without the bot) can only be answered there, never posted to
-- later (reply_only). Time-bank clocks: the game's clock terms, and each side's bank of seconds.

ALTER TABLE challenges ADD COLUMN reply_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN clock TEXT;       -- NULL: days per move; else service/timecontrol.py's text
ALTER TABLE games ADD COLUMN reply_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN white_bank REAL;      -- seconds left on each side's time bank (a clock only)
ALTER TABLE games ADD COLUMN black_bank REAL;

-- The daily digest (/settings notifications:digest digest_hour:H): one DM a day at hour H (UTC) instead of
-- a DM per move. last_digest_day is the claim that makes it once a day across restarts and processes.
ALTER TABLE players ADD COLUMN digest_hour INTEGER CHECK (digest_hour BETWEEN 0 AND 23);
ALTER TABLE players ADD COLUMN last_digest_day TEXT;  -- YYYY-MM-DD (UTC) of the last digest queued
