"""Both stores for the tests: an SQLite file, or a PostgreSQL database created for one test and dropped after.

PostgreSQL is expected at 127.0.0.1:5432 (user postgres, trust authentication), or wherever DAMA_TEST_POSTGRES
points (a URL of a server's maintenance database). Without one the PostgreSQL tests fail with a sentence
saying so; they never skip.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

ADMIN_URL = os.environ.get("DAMA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
STORES = ("sqlite", "postgresql")


def database_url(name: str) -> str:
    base, _, _ = ADMIN_URL.rpartition("/")
    return f"{base}/{name}"


async def _admin() -> asyncpg.Connection:
    try:
        return await asyncpg.connect(ADMIN_URL, timeout=10)
    except (OSError, asyncpg.PostgresError) as error:
        pytest.fail(
            f"These tests need PostgreSQL at {ADMIN_URL} (set DAMA_TEST_POSTGRES to another server's "
            f"maintenance database URL): {error}",
            pytrace=False,
        )


@asynccontextmanager
async def postgres_database() -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped (with its connections) afterwards."""
    name = f"dama_test_{uuid.uuid4().hex[:16]}"
    admin = await _admin()
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield database_url(name)
    finally:
        admin = await _admin()
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@asynccontextmanager
async def store_target(kind: str, folder: Path, name: str = "dama") -> AsyncIterator[str]:
    """Where a database of this kind lives: a file in folder, or a fresh PostgreSQL database."""
    if kind == "sqlite":
        yield str(folder / f"{name}.sqlite3")
        return
    async with postgres_database() as url:
        yield url
