-- Revises: 0016
-- Reason: a server's own time zone (/server-settings time_zone:Europe/Rome): the daily puzzle's hour and
-- day are the server's local ones. NULL: UTC, as before.

ALTER TABLE servers ADD COLUMN time_zone TEXT;
