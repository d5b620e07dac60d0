-- Revises: 0009
-- Reason: several bot processes may share one database (cluster mode, PostgreSQL). Work that no
-- interaction starts (timers, the bot's moves after a crash) is claimed with a lease: a process that
-- dies leaves it to the others once its lease runs out.

ALTER TABLE timers ADD COLUMN claimed_by TEXT;
ALTER TABLE timers ADD COLUMN lease_until TEXT;

CREATE TABLE leases (                       -- named jobs, e.g. 'bot-move:42'
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
