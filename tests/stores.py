"""Both stores for the tests: an SQLite file, or a PostgreSQL database.

Creating and dropping a PostgreSQL database costs a checkpoint, so each test session (each xdist worker)
creates one uniquely named database, migrates it once and drops it at the end; before each test it is
emptied (TRUNCATE … RESTART IDENTITY) and given back the rows the migrations put there. Tests of migrations,
backups and copies create databases of their own (postgres_database).

PostgreSQL is expected at 127.0.0.1:5432 (user postgres, trust authentication), or wherever DAMA_TEST_POSTGRES
points (a URL of a server's maintenance database). Without one the PostgreSQL tests fail with a sentence
saying so; they never skip.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from data import Database

ADMIN_URL = os.environ.get("DAMA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
STORES = ("sqlite", "postgresql")
T = TypeVar("T")


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


async def _create() -> str:
    name = f"dama_test_{uuid.uuid4().hex[:16]}"
    admin = await _admin()
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return name


async def _drop(name: str) -> None:
    admin = await _admin()
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@asynccontextmanager
async def postgres_database() -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped (with its connections) afterwards."""
    name = await _create()
    try:
        yield database_url(name)
    finally:
        await _drop(name)


# The rows a freshly migrated database holds, per table (the bot's own player, for one).
_fresh_rows: dict[str, dict[str, list[tuple[Any, ...]]]] = {}


async def _snapshot(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        rows: dict[str, list[tuple[Any, ...]]] = {}
        for table in await _tables(conn):
            rows[table] = [tuple(r) for r in await conn.fetch(f'SELECT * FROM "{table}"')]
        _fresh_rows[url] = rows
    finally:
        await conn.close()


async def _tables(conn: asyncpg.Connection) -> list[str]:
    found = await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_type = 'BASE TABLE' AND table_name <> 'dama_schema' ORDER BY table_name"
    )
    return [str(row[0]) for row in found]


async def reset(url: str) -> None:
    """Back to the state right after the migrations: every table emptied, ids from 1, the seeded rows."""
    conn = await asyncpg.connect(url)
    try:
        tables = await _tables(conn)
        async with conn.transaction():
            quoted = ", ".join(f'"{table}"' for table in tables)
            await conn.execute(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")
            for table, rows in _fresh_rows[url].items():
                if rows:
                    marks = ", ".join(f"${i}" for i in range(1, len(rows[0]) + 1))
                    await conn.executemany(f'INSERT INTO "{table}" VALUES ({marks})', rows)
    finally:
        await conn.close()


def _in_own_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to the end on a fresh loop in another thread (this fixture may be first asked for
    from inside a running loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


@pytest.fixture(scope="session")
def postgres_session_database() -> Iterator[str]:
    """One migrated database for this test session (this xdist worker), dropped at the end."""
    async def prepare() -> str:
        url = database_url(await _create())
        await (await Database.open(url)).close()
        await _snapshot(url)
        return url

    url = _in_own_loop(prepare())
    yield url
    _in_own_loop(_drop(url.rpartition("/")[2]))


@asynccontextmanager
async def store_target(kind: str, folder: Path, postgres_url: str | None = None) -> AsyncIterator[str]:
    """Where a database of this kind lives: a file in folder, or the session's PostgreSQL database, reset."""
    if kind == "sqlite":
        yield str(folder / "dama.sqlite3")
        return
    assert postgres_url is not None
    await reset(postgres_url)
    yield postgres_url
