"""Sentences for the operator's terminal: the bot's start-up, local mode and the maintenance commands."""

from __future__ import annotations

from data.store import DatabaseUnavailable

_DATABASE = {
    "missing": "There is no database at {path}. Check DATABASE_PATH (python -m bot db upgrade creates one).",
    "cannot_open": (
        "I cannot open the database at {path}: its folder must exist and be writable. Check DATABASE_PATH."
    ),
    "not_a_database": "{path} is not a Dama database (not an SQLite file). Check DATABASE_PATH.",
    "cannot_connect": (
        "I cannot reach the PostgreSQL database at {path} ({detail}). Check DATABASE_URL, that the server runs "
        "and that the database exists (createdb)."
    ),
}


def database_problem(error: DatabaseUnavailable) -> str:
    return _DATABASE.get(error.reason, _DATABASE["cannot_open"]).format(path=error.path, detail=error.detail)
