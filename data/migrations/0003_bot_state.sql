-- Revises: 0002
-- Reason: the bot re-registered its slash commands with Discord at every start, which Discord
-- rate-limits (global command creates are capped per day). Keep small named facts about the bot
-- itself, first of all a digest of the command set last synced to each scope, so a restart
-- with unchanged commands syncs nothing.

CREATE TABLE bot_state (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
