-- Revises: 0016
-- Reason: time zones. A server's (/server-settings time_zone:Europe/Rome): the daily puzzle's hour and day are
-- the server's local ones. A player's (/settings time_zone:...): the daily digest's hour and day are theirs.
-- NULL: UTC, as before.

ALTER TABLE servers ADD COLUMN time_zone TEXT;
ALTER TABLE players ADD COLUMN time_zone TEXT;
