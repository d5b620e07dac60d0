"""The PostgreSQL store (DATABASE_URL=postgresql://…), for several processes or machines sharing one database.

It behaves like the SQLite store, so the service cannot tell them apart:
- `write()` is one transaction that first takes a transaction-scoped advisory lock, so writes are serialised
  across every process exactly as SQLite's single writer serialises them (the service's read-then-write steps,
  such as ratings, rely on that). Writes are short (a few milliseconds), so this is not the bottleneck.
- `read()` is one REPEATABLE READ, READ ONLY transaction: a snapshot, re-entrant within a task.
- A pooled connection the server has ended (pg_terminate_backend, a server restart) fails its first statement;
  a transaction that fails so before it has begun is started once more on a fresh connection (every pooled
  connection is renewed then: whatever ended one has likely ended them all).
- Migrations are the same numbered files, translated by `store.postgres_sql`; the applied version is kept in
  the table `dama_schema` (PostgreSQL has no PRAGMA user_version).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import re
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from data.repositories import Repositories
from data.store import DatabaseUnavailable, masked, migrations, postgres_sql

RawConnection: TypeAlias = "PoolConnectionProxy[Any]"  # a connection lent by the pool
WRITE_LOCK = 0x44414D41  # "DAMA": the advisory lock every write transaction holds
POOL_SIZE = 8
# what a connection the server has ended raises at its first use (InternalClientError: the server's goodbye
# arrived while the connection was idle, and the protocol is out of step)
DEAD_CONNECTION = (
    asyncpg.InternalClientError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.AdminShutdownError,
    asyncpg.InterfaceError,
    ConnectionError,
)
READ_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
_PLACEHOLDER = re.compile(r"('(?:[^']|'')*')|\?")


def numbered(sql: str) -> str:
    """`?` parameters as PostgreSQL's $1, $2… (question marks inside string literals stay)."""
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(1):
            return match.group(1)
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(replace, sql)


_translated: dict[str, str] = {}


def _sql(sql: str) -> str:
    found = _translated.get(sql)
    if found is None:
        found = _translated[sql] = numbered(sql)
    return found


class PostgresConnection:
    """The repositories' view of one asyncpg connection."""

    dialect = "postgresql"

    def __init__(self, conn: RawConnection) -> None:
        self.raw = conn

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any]:
        return list(await self.raw.fetch(_sql(sql), *params))

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        status = await self.raw.execute(_sql(sql), *params)
        last = str(status).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        return int(await self.raw.fetchval(_sql(sql) + " RETURNING id", *params))

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.raw.executemany(_sql(sql), rows)


# The connection holding this task's read snapshot (a task started inside a read copies the variable: it must
# not share the connection, so the owning task is kept too).
async def _end_transaction(conn: asyncpg.Connection[Any]) -> None:
    """What a connection needs before it goes back to the pool: only an unfinished transaction ended. Dama sets
    no session state (its locks are transaction-scoped), so asyncpg's full reset, one more round trip per
    use, has nothing to undo."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


_in_read: contextvars.ContextVar[tuple[asyncio.Task[Any] | None, RawConnection] | None] = contextvars.ContextVar(
    "dama_pg_read", default=None
)


class PostgresStore:
    kind = "postgresql"

    def __init__(self, url: str, pool: asyncpg.Pool[Any]) -> None:
        self.url = url
        self.path = masked(url)  # what messages and logs may show
        self._pool = pool
        self._lock = asyncio.Lock()  # one writer per process: the others wait here, not holding a connection

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True, create: bool = True) -> PostgresStore:
        """The database must exist (create=False changes nothing: a server database is never created here)."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, command_timeout=60, reset=_end_transaction
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise DatabaseUnavailable(masked(url), "cannot_connect", str(error)) from None
        assert pool is not None
        db = cls(url, pool)
        if migrate:
            try:
                await db.migrate()
            except BaseException:
                await pool.close()
                raise
        return db

    async def close(self) -> None:
        await self._pool.close()

    def replaced(self) -> str | None:
        return None  # a server's database has no file of ours to lose

    async def _ensure_version_table(self, conn: RawConnection) -> None:
        await conn.execute("CREATE TABLE IF NOT EXISTS dama_schema (version BIGINT NOT NULL)")

    async def user_version(self) -> int:
        async with self._pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('dama_schema') IS NOT NULL")
            if not exists:
                return 0
            value = await conn.fetchval("SELECT MAX(version) FROM dama_schema")
            return int(value or 0)

    async def migrate(self) -> list[str]:
        """Apply every migration newer than the recorded version, each in its own transaction. Two processes
        starting at once wait for each other on the advisory lock, so each migration runs once."""
        applied: list[str] = []
        async with self._lock, self._pool.acquire() as conn:
            for migration in migrations():
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
                    await self._ensure_version_table(conn)
                    current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM dama_schema"))
                    if migration.version <= current:
                        continue
                    await conn.execute(postgres_sql(migration.sql))
                    await conn.execute("DELETE FROM dama_schema")
                    await conn.execute("INSERT INTO dama_schema (version) VALUES ($1)", migration.version)
                applied.append(migration.name)
        return applied

    async def _begun(self, begin: Callable[[RawConnection], Awaitable[object]]) -> RawConnection:
        """A pooled connection with its transaction begun; on a dead connection, once more on a fresh one."""
        for attempt in (1, 2):
            conn = await self._pool.acquire()
            try:
                await begin(conn)
                return conn
            except DEAD_CONNECTION:
                await self._pool.release(conn)  # a closed connection is dropped and replaced by the pool
                if attempt == 2:
                    raise
                await self._pool.expire_connections()
            except BaseException:
                await self._pool.release(conn)
                raise
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Repositories]:
        """One short write transaction; commits on success, rolls back on any exception. BEGIN and the lock go
        in one round trip (each round trip is most of a short write's time)."""
        async with self._lock:
            conn = await self._begun(lambda c: c.execute(f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"))
            try:
                try:
                    yield Repositories(PostgresConnection(conn))
                except BaseException:
                    with contextlib.suppress(Exception):  # a lost connection: the server rolled back already
                        await conn.execute("ROLLBACK")
                    raise
                await conn.execute("COMMIT")
            finally:
                await self._pool.release(conn)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Repositories]:
        """A read-only snapshot; a read inside a read (same task) shares it."""
        current = _in_read.get()
        task = asyncio.current_task()
        if current is not None and current[0] is task:
            yield Repositories(PostgresConnection(current[1]))
            return
        conn = await self._begun(lambda c: c.execute(READ_BEGIN))
        token = _in_read.set((task, conn))
        try:
            yield Repositories(PostgresConnection(conn))
        finally:
            _in_read.reset(token)
            try:
                with contextlib.suppress(Exception):  # read only: nothing to keep; a lost connection ended it
                    await conn.execute("ROLLBACK")
            finally:
                await self._pool.release(conn)

    async def backup(self, target: str | Path) -> str:
        """Delegates to pg_dump (custom format, restore with pg_restore): a consistent snapshot taken while
        the bot keeps running."""
        pg_dump = shutil.which("pg_dump")
        if pg_dump is None:
            raise DatabaseUnavailable(self.path, "cannot_open", "pg_dump is not installed (PostgreSQL client tools)")
        process = await asyncio.create_subprocess_exec(
            pg_dump, "--format=custom", f"--file={target}", f"--dbname={self.url}",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        _, errors = await process.communicate()
        if process.returncode != 0:
            raise DatabaseUnavailable(self.path, "cannot_open", errors.decode(errors="replace").strip())
        return (
            f"backed up {self.path} to {target} with pg_dump --format=custom (a consistent snapshot; "
            f"restore into an empty database with pg_restore --dbname=URL {target})"
        )
