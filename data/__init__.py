"""Storage: SQLite (aiosqlite, the default) or PostgreSQL (asyncpg), numbered migrations shared by both, and
repositories returning dataclasses."""

from data.db import Database, DatabaseUnavailable, Migration, latest_version, migrations
from data.models import BOT_ID
from data.repositories import Repositories
from data.store import INTEGRITY_ERRORS

__all__ = [
    "BOT_ID",
    "INTEGRITY_ERRORS",
    "Database",
    "DatabaseUnavailable",
    "Migration",
    "Repositories",
    "latest_version",
    "migrations",
]
