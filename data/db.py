"""The database the service talks to: SQLite (a file path, the default) or PostgreSQL (a postgresql:// URL).

    db = await Database.open("dama.sqlite3")                 # or "postgresql://dama@db.example/dama"
    async with db.write() as repos: ...                       # one short write transaction
    async with db.read() as repos: ...                        # one consistent snapshot

Both stores hand out the same repositories (data/repositories/), so nothing above this layer knows which one
it has. data/sqlite.py and data/postgres.py say how each keeps the promises above.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from data.postgres import PostgresStore
from data.repositories import Repositories
from data.sqlite import SqliteStore
from data.store import DatabaseUnavailable, Migration, StorageFault, fault_kind, is_postgres, latest_version, migrations

__all__ = ["Database", "DatabaseUnavailable", "Migration", "StorageFault", "latest_version", "migrations"]
PROBE_KEY = "ready_probe"  # bot_state row readiness rewrites: a write that must reach the disk


class Store(Protocol):
    kind: str
    path: str

    async def close(self) -> None: ...
    async def user_version(self) -> int: ...
    async def migrate(self) -> list[str]: ...
    def write(self) -> AbstractAsyncContextManager[Repositories]: ...
    def read(self) -> AbstractAsyncContextManager[Repositories]: ...
    async def backup(self, target: str | Path) -> str: ...
    def replaced(self) -> str | None: ...


class Database:
    """Open with `await Database.open(target)` (migrates by default) and close with `await db.close()`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # told (store kind, "read"/"write", seconds) after every transaction: the operator's metrics
        self.observer: Callable[[str, str, float], None] | None = None

    @classmethod
    async def open(cls, target: str | Path, *, migrate: bool = True, create: bool = True) -> Database:
        """target: a file path (SQLite) or a postgresql:// URL. create=False: refuse a path where no database
        exists yet (maintenance commands must not leave an empty database behind). Raises DatabaseUnavailable."""
        if is_postgres(target):
            return cls(await PostgresStore.open(str(target), migrate=migrate, create=create))
        return cls(await SqliteStore.open(target, migrate=migrate, create=create))

    @property
    def kind(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.store.kind

    @property
    def path(self) -> str:
        """Where the data is, fit to show (a URL's password is masked)."""
        return self.store.path

    async def close(self) -> None:
        await self.store.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def user_version(self) -> int:
        return await self.store.user_version()

    async def migrate(self) -> list[str]:
        return await self.store.migrate()

    def write(self) -> AbstractAsyncContextManager[Repositories]:
        """One short write transaction; commits on success, rolls back on any exception. Writes are serialised
        (across processes too); never await anything but the database inside it."""
        return self._timed("write", self.store.write())

    def read(self) -> AbstractAsyncContextManager[Repositories]:
        """One read snapshot, re-entrant within a task."""
        return self._timed("read", self.store.read())

    @asynccontextmanager
    async def _timed(self, mode: str, inner: AbstractAsyncContextManager[Repositories]) -> AsyncIterator[Repositories]:
        started = time.perf_counter()
        try:
            async with inner as repos:
                yield repos
        except Exception as error:
            kind = fault_kind(error)
            if kind is None or isinstance(error, StorageFault):
                raise
            raise StorageFault(kind, f"{type(error).__name__}: {error}") from error
        finally:
            if self.observer is not None:
                self.observer(self.kind, mode, time.perf_counter() - started)

    async def writable(self) -> StorageFault | None:
        """Readiness: None when a real write reaches the database, else why not (the file deleted or replaced,
        a read-only or full disk, the write lock held by another process, the server gone)."""
        try:
            now = datetime.now(UTC).isoformat()
            async with self.write() as repos:
                await repos.state.put(PROBE_KEY, now, now)
        except StorageFault as fault:
            return fault
        return None

    async def integrity_check(self) -> list[str]:
        async with self.read() as repos:
            return await repos.integrity_check()

    async def backup(self, target: str | Path) -> str:
        """A consistent online copy; returns a sentence saying what was done."""
        return await self.store.backup(target)
