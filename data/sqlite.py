"""The SQLite store (the default): a writer connection behind a lock, a reader connection, and migrations.

Writes are serialised (Datasette's single-writer idea): `async with db.write() as repos:` takes the
lock, runs `BEGIN IMMEDIATE` (so another process waits on the busy timeout instead of failing
mid-transaction) and commits or rolls back. Never await anything but the database inside it. The wait for
the lock, this process's writers and another process's together, is bounded (LOCK_WAIT: a player's command
hears back within Discord's 3 s); past it the write fails with StorageFault("busy"). A write also fails,
with StorageFault("replaced"), once the database file has been deleted or replaced under the process (its
device and inode are no longer the path's): what it wrote would vanish at the next start.
Reads use their own connection, so they never see another coroutine's uncommitted writes (WAL lets
them run while a write is in progress).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from data.repositories import Repositories
from data.store import DatabaseUnavailable, StorageFault, migrations

LOCK_WAIT = 2.0  # seconds a write waits for the write lock at most
BUSY_TIMEOUT_MS = int(LOCK_WAIT * 1000)
log = logging.getLogger("data")


class SqliteConnection:
    """The repositories' view of one aiosqlite connection."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.raw = conn

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any]:
        return list(await self.raw.execute_fetchall(sql, tuple(params)))

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self.raw.execute(sql, tuple(params))
        return cursor.rowcount  # not closed: one thread hop fewer, the statement is already done

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self.raw.execute(sql, tuple(params))
        rowid = cursor.lastrowid
        assert rowid is not None
        return rowid

    async def execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, rows)


async def _configure(conn: aiosqlite.Connection) -> None:
    conn.row_factory = sqlite3.Row
    # execute_fetchall finishes each statement: a PRAGMA left mid-result would hold a read lock.
    await conn.execute_fetchall(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    await conn.execute_fetchall("PRAGMA foreign_keys = ON")
    # FULL: a commit is on disk before it returns, so a move the players saw announced survives a power cut
    # (NORMAL in WAL mode may drop the last commits then). The -wal and -shm files belong to the database.
    await conn.execute_fetchall("PRAGMA synchronous = FULL")


def _identity(path: str) -> tuple[int, int] | None:
    if path == ":memory:" or path.startswith("file:"):
        return None
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


# Set while this task holds the reader's snapshot (read() is re-entrant).
_in_read: contextvars.ContextVar[bool] = contextvars.ContextVar("dama_in_read", default=False)


class SqliteStore:
    """Open with `await SqliteStore.open(path)` (migrates by default) and close with `await db.close()`."""

    kind = "sqlite"

    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection | None) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()  # one read snapshot at a time on the reader connection
        self._identity = _identity(path)  # the file opened (None: in memory)
        self._told: str | None = None  # the last replacement logged

    def replaced(self) -> str | None:
        """"deleted" or "replaced" when the path no longer names the file this process has open, else None."""
        if self._identity is None:
            return None
        now = _identity(self.path)
        found = None if now == self._identity else "deleted" if now is None else "replaced"
        if found is not None and found != self._told:
            log.error(
                "the database file %s was %s while the bot runs: writes are refused (they would be lost at the "
                "next start); restore the file and restart",
                self.path,
                found,
            )
        self._told = found
        return found

    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True, create: bool = True) -> SqliteStore:
        """create=False: refuse a path where no database exists yet (maintenance commands must not
        leave an empty database behind). Raises DatabaseUnavailable with a reason."""
        text = str(path)
        memory = text == ":memory:"
        if not memory and not create and not Path(text).is_file():
            raise DatabaseUnavailable(text, "missing")
        folder = Path(text).parent
        if not memory and not (folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)):
            # checked before aiosqlite starts its thread: a failed connect there can outlive the event loop
            raise DatabaseUnavailable(text, "cannot_open", f"{folder} is missing or not writable")
        try:
            writer = await aiosqlite.connect(text, isolation_level=None)
        except sqlite3.OperationalError as error:
            raise DatabaseUnavailable(text, "cannot_open", str(error)) from None
        try:
            await _configure(writer)
            if not memory:
                await writer.execute_fetchall("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as error:
            await writer.close()
            reason = "not_a_database" if "not a database" in str(error) else "cannot_open"
            raise DatabaseUnavailable(text, reason, str(error)) from None
        db = cls(text, writer, None)
        if migrate:
            await db.migrate()
        if not memory:
            reader = await aiosqlite.connect(text, isolation_level=None)
            await _configure(reader)
            db._reader = reader
        return db

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._writer.close()

    async def user_version(self) -> int:
        rows = await self._writer.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def migrate(self) -> list[str]:
        """Apply every migration newer than PRAGMA user_version, each in its own transaction."""
        applied: list[str] = []
        async with self._lock:
            current = await self.user_version()
            for migration in migrations():
                if migration.version <= current:
                    continue
                script = f"BEGIN IMMEDIATE;\n{migration.sql}\n;PRAGMA user_version = {migration.version};\nCOMMIT;"
                try:
                    await self._writer.executescript(script)
                except BaseException:
                    if self._writer.in_transaction:
                        await self._writer.rollback()
                    raise
                applied.append(migration.name)
        return applied

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Repositories]:
        """One short write transaction; commits on success, rolls back on any exception."""
        replaced = self.replaced()
        if replaced is not None:
            raise StorageFault("replaced", f"{self.path} was {replaced}")
        started = time.monotonic()
        try:
            async with asyncio.timeout(LOCK_WAIT):
                await self._lock.acquire()
        except TimeoutError:
            raise StorageFault("busy", f"this process's writes queued over {LOCK_WAIT:.0f} s") from None
        try:
            conn = self._writer
            try:
                await self._begin(conn, LOCK_WAIT - (time.monotonic() - started))
                yield Repositories(SqliteConnection(conn))
                await conn.commit()
            except BaseException:
                # Also when a cancel cut BEGIN or COMMIT short: the writer thread still runs them, then this
                # (a no-op outside a transaction); otherwise the next writer would find a transaction open.
                await conn.rollback()
                raise
        finally:
            self._lock.release()

    async def _begin(self, conn: aiosqlite.Connection, left: float) -> None:
        """BEGIN IMMEDIATE, waiting for another process's lock only as long as the write has left."""
        if left > LOCK_WAIT - 0.05:  # the usual case: the standing busy timeout is the whole wait
            await conn.execute("BEGIN IMMEDIATE")
            return
        await conn.execute_fetchall(f"PRAGMA busy_timeout = {max(1, int(left * 1000))}")
        try:
            await conn.execute("BEGIN IMMEDIATE")
        finally:
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Repositories]:
        """Repositories for reading, in one read transaction: every statement in the block sees the same
        committed snapshot (a game row and its moves agree even while another process writes).
        Re-entrant within a task, so a helper may open a read inside a read."""
        if self._reader is None:
            async with self._lock:  # :memory: has one connection: keep reads out of open transactions
                yield Repositories(SqliteConnection(self._writer))
            return
        if _in_read.get():
            yield Repositories(SqliteConnection(self._reader))
            return
        async with self._read_lock:
            token = _in_read.set(True)
            try:
                await self._reader.execute("BEGIN")
                yield Repositories(SqliteConnection(self._reader))
            finally:
                # ends the snapshot also when a cancel cut BEGIN short (the reader thread still runs it, then
                # this); a no-op when no transaction is open
                await self._reader.rollback()
                _in_read.reset(token)

    async def backup(self, target: str | Path) -> str:
        """A consistent online copy through SQLite's backup API (other connections may keep writing)."""
        destination = sqlite3.connect(str(target), check_same_thread=False)
        try:
            async with self._lock:
                await self._writer.backup(destination)
        finally:
            destination.close()
        return f"backed up {self.path} to {target} (SQLite's online backup: a consistent copy)"
