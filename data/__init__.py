"""Storage: one SQLite database (aiosqlite), numbered migrations, repositories returning dataclasses."""

from data.db import Database, DatabaseUnavailable, Migration, latest_version, migrations
from data.models import BOT_ID
from data.repositories import Repositories

__all__ = ["BOT_ID", "Database", "DatabaseUnavailable", "Migration", "Repositories", "latest_version", "migrations"]
