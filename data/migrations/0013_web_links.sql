-- Revises: 0012
-- Reason: every game has a page on the web (web/) reached through a link button under its board; a server
-- may turn those links off, which also makes its games' pages answer "not found".

ALTER TABLE servers ADD COLUMN web_links INTEGER NOT NULL DEFAULT 1;
