-- Revises: 0008
-- Reason: an announcement (a board after a move, a "your move" DM, an offer, a reminder, a loss on
-- time, an expired challenge) was posted straight to Discord after the change was committed, so a
-- Discord outage or a restart lost it for good. Each one is now a row written in the same transaction
-- as the change that causes it; a delivery worker posts it until Discord takes it.
-- Rows of one stream ('game:12', 'challenge:3', 'player:7') are delivered in id order. Several bot
-- processes may share the table: a worker claims a row with a lease (claimed_by, lease_until), so the
-- claims of a process that died expire and another picks the row up.

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    stream TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,                  -- JSON, written by service/announcements.py
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    created_at TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,          -- not before this (backoff; a short grace for the inline path)
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    lease_until TEXT,
    last_error TEXT,
    delivered_at TEXT,
    channel_id INTEGER,                     -- where it went, and the message Discord made of it
    message_id INTEGER
);
CREATE INDEX outbox_pending ON outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX outbox_stream ON outbox (stream, id) WHERE status = 'pending';
