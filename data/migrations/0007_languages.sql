-- Revises: 0006
-- Reason: speak the players' language (issue 13). players.language keeps the last locale the bot saw
-- from a player's Discord client; chosen_language is what they picked with /settings language (NULL:
-- follow the client). A server may pick the language of its public posts (NULL: its Discord locale).

ALTER TABLE players ADD COLUMN chosen_language TEXT;
ALTER TABLE servers ADD COLUMN language TEXT;
