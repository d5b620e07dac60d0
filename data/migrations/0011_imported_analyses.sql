-- Revises: 0010
-- Reason: /analyse works on imported records too; their analysis is kept like a played game's
-- (analyses, 0005), keyed by the record, and goes when the record goes.

CREATE TABLE imported_analyses (
    imported_id INTEGER PRIMARY KEY REFERENCES imported_games (id) ON DELETE CASCADE,
    plies INTEGER NOT NULL,
    seconds_per_position REAL NOT NULL,
    data TEXT NOT NULL,
    requested_by INTEGER,
    created_at TEXT NOT NULL
);
