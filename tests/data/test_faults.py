"""The database's faults told as they are (review rows 6, 7, 8, 11), on real SQLite files and a real PostgreSQL
database: a write lock another process holds is waited for a bounded time, then the write fails as "busy"; a
database file deleted or replaced under the process is noticed and writes are refused; a write that cannot
reach the disk fails as "cannot_write" and readiness says so; a pooled PostgreSQL connection the server ended
is replaced and the transaction tried once more."""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import sqlite3
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from data import Database
from data.db import StorageFault
from data.sqlite import LOCK_WAIT
from data.store import fault_kind
from tests.stores import ADMIN_URL, postgres_database

pytestmark = pytest.mark.asyncio
HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


async def hold_lock(path: Path, seconds: float) -> asyncio.subprocess.Process:
    """Another process holding BEGIN EXCLUSIVE on the database for `seconds` (review row 6: 30 s)."""
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, str(path), str(seconds), stdout=asyncio.subprocess.PIPE
    )
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 10) == b"held\n"
    return holder


async def put(db: Database, key: str) -> None:
    async with db.write() as repos:
        await repos.state.put(key, "v", "2026-12-01T00:00:00")


async def test_a_write_waits_a_bounded_time_for_another_processs_lock(tmp_path: Path) -> None:
    path = tmp_path / "dama.sqlite3"
    db = await Database.open(path)
    try:
        holder = await hold_lock(path, 8)
        started = time.monotonic()
        results = await asyncio.gather(*(put(db, f"k{n}") for n in range(3)), return_exceptions=True)
        waited = time.monotonic() - started
        assert [fault_kind(r) if isinstance(r, BaseException) else r for r in results] == ["busy"] * 3
        assert all(isinstance(r, StorageFault) for r in results)
        assert waited < LOCK_WAIT + 0.5 < 3.0  # three writers queued: each within Discord's 3 s, not 3 x 10 s
        async with db.read() as repos:  # reads go on (WAL)
            assert await repos.state.get("k0") is None
        await holder.wait()
        await put(db, "after")  # the lock is free: writes work again, nothing stuck
        assert await db.writable() is None
    finally:
        await db.close()


async def test_a_deleted_or_replaced_file_is_noticed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Review row 7: `rm` of the file and its -wal and -shm mid-run went unnoticed; everything since the start
    was lost at the next one."""
    path = tmp_path / "dama.sqlite3"
    db = await Database.open(path)
    try:
        await put(db, "before")
        assert await db.writable() is None and db.store.replaced() is None
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        with caplog.at_level(logging.ERROR, logger="data"):
            fault = await db.writable()
        assert fault is not None and fault.kind == "replaced" and "deleted" in str(fault)
        assert f"the database file {path} was deleted while the bot runs" in caplog.text
        with pytest.raises(StorageFault) as refused:
            await put(db, "lost")
        assert refused.value.kind == "replaced"
        other = sqlite3.connect(path)  # a new file at the same path: another inode
        other.execute("CREATE TABLE t (x)")
        other.close()
        assert db.store.replaced() == "replaced"
    finally:
        await db.close()


async def test_a_write_that_cannot_reach_the_disk_is_told_and_readiness_fails(tmp_path: Path) -> None:
    """Review row 8: a full disk (here the file size limit, which fails writes as a full disk does) answered
    "something went wrong" and /readyz said 200."""
    path = tmp_path / "dama.sqlite3"
    db = await Database.open(path)
    before = resource.getrlimit(resource.RLIMIT_FSIZE)
    try:
        await put(db, "before")
        wal = os.path.getsize(f"{path}-wal")
        resource.setrlimit(resource.RLIMIT_FSIZE, (wal, before[1]))  # no file may grow past the WAL as it is
        try:
            with pytest.raises(StorageFault) as failed:
                async with db.write() as repos:
                    await repos.state.put("big", "x" * 200_000, "2026-12-01T00:00:00")
            fault = await db.writable()
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, before)
        assert failed.value.kind == "cannot_write", failed.value
        assert fault is not None and fault.kind == "cannot_write"
        assert await db.writable() is None  # room again: ready again
        async with db.read() as repos:
            assert await repos.state.get("big") is None and await repos.state.get("before") == "v"
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, before)
        await db.close()


async def test_a_read_only_database_is_a_write_fault(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.close()
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        with pytest.raises(sqlite3.OperationalError) as refused:
            reader.execute("INSERT INTO t VALUES (1)")
    finally:
        reader.close()
    assert fault_kind(refused.value) == "cannot_write"
    assert fault_kind(sqlite3.IntegrityError("UNIQUE constraint failed")) is None  # the caller's, not storage's


@pytest.mark.database
async def test_a_pooled_postgresql_connection_ended_by_the_server_is_replaced() -> None:
    """Review row 11: after pg_terminate_backend the first use of each dead pooled connection failed."""
    async with postgres_database() as url:
        db = await Database.open(url)
        try:
            async def busy_read() -> None:
                async with db.read() as repos:
                    await repos.state.get("x")
                    await asyncio.sleep(0.2)

            await asyncio.gather(*(busy_read() for _ in range(6)))  # several connections in the pool
            admin = await asyncpg.connect(ADMIN_URL)
            try:
                name = url.rsplit("/", 1)[1]
                ended = await admin.fetchval(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1", name
                )
            finally:
                await admin.close()
            assert ended >= 2
            await put(db, "after")  # a write, then reads on every pooled connection
            await asyncio.gather(*(busy_read() for _ in range(6)))
            async with db.read() as repos:
                assert await repos.state.get("after") == "v"
        finally:
            await db.close()
