"""The database: pragmas, migrations from empty and from a filled older version, transactions, backup."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from data import INTEGRITY_ERRORS, Database, latest_version, migrations

V1_TABLES = {
    "players", "vacation_usage", "servers", "server_channels", "games", "moves", "challenges",
    "offers", "ratings", "rating_changes", "timers",
}  # fmt: skip


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


@pytest.mark.asyncio
async def test_an_empty_database_migrates_to_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = await Database.open(path)
    try:
        assert await db.user_version() == latest_version() == len(migrations()) >= 2
        assert await db.migrate() == []  # nothing left to apply
        async with db.read() as repos:
            bot = await repos.players.get(0)
        assert bot is not None and bot.is_bot == 1
    finally:
        await db.close()
    assert _tables(path) >= V1_TABLES
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.asyncio
async def test_connection_pragmas(tmp_path: Path) -> None:
    async with await Database.open(tmp_path / "pragmas.sqlite3") as db, db.write() as repos:
        foreign_keys = next(iter(await repos.conn.execute_fetchall("PRAGMA foreign_keys")))[0]
        busy = next(iter(await repos.conn.execute_fetchall("PRAGMA busy_timeout")))[0]
    assert foreign_keys == 1 and busy >= 1000


def _fill_version_1(path: Path) -> None:
    first = migrations()[0]
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(f"BEGIN;\n{first.sql}\nPRAGMA user_version = 1;\nCOMMIT;")
    t = "2024-05-0{}T10:00:00.000000+00:00"
    conn.execute("INSERT INTO players (id, created_at) VALUES (1, ?), (2, ?)", (t.format(1), t.format(1)))
    for game_id in (1, 2):
        conn.execute(
            "INSERT INTO games (id, variant, white_id, black_id, start_fen, current_fen, days_per_move, "
            "created_at) VALUES (?, 'italian', 1, 2, 'W:W21-32:B1-12', 'W:W21-32:B1-12', 3, ?)",
            (game_id, t.format(2)),
        )
    conn.execute(
        "INSERT INTO moves (game_id, ply, notation, path, reversible, fen_after, player_id, played_at) "
        "VALUES (1, 1, '21-18', '21-18', 0, 'B:W18,22-32:B1-12', 1, ?), "
        "(1, 2, '10-13', '10-13', 0, 'W:W18,22-32:B1-9,11-13', 2, ?)",
        (t.format(3), t.format(4)),
    )
    conn.close()


@pytest.mark.asyncio
async def test_a_filled_version_1_database_upgrades_keeping_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    _fill_version_1(path)
    db = await Database.open(path)
    try:
        assert await db.user_version() == latest_version()
        async with db.read() as repos:
            moved, quiet = await repos.games.get(1), await repos.games.get(2)
            moves = await repos.moves.for_game(1)
        assert moved is not None and quiet is not None
        # 0002 backfills last activity: the last move's time, or the creation time without moves.
        assert moved.last_move_at == "2024-05-04T10:00:00.000000+00:00"
        assert quiet.last_move_at == "2024-05-02T10:00:00.000000+00:00"
        assert [m.notation for m in moves] == ["21-18", "10-13"]
        assert await db.integrity_check() == ["ok"]
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        plan = " ".join(
            str(row[-1])
            for row in conn.execute("EXPLAIN QUERY PLAN SELECT * FROM games WHERE white_id = 1 AND status = 'active'")
        )
    assert "games_white_active" in plan


@pytest.mark.asyncio
async def test_a_failed_transaction_leaves_nothing_behind(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.write() as repos:
            await repos.players.ensure(42, "Temporary", "2025-01-01T00:00:00.000000+00:00")
            raise RuntimeError("boom")
    async with db.read() as repos:
        assert await repos.players.get(42) is None


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", ["write", "read"])
@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4, 6])
async def test_a_transaction_cancelled_at_any_step_leaves_the_next_one_working(
    db: Database, kind: str, steps: int
) -> None:
    # a graceful stop cancels interactions; one cut short while its BEGIN or COMMIT was on the way must not
    # leave the connection inside a transaction ("cannot start a transaction within a transaction" ever after)
    async def cut_short() -> None:
        if kind == "write":
            async with db.write() as repos:
                await repos.players.ensure(43, "Cut short", "2025-01-01T00:00:00.000000+00:00")
        else:
            async with db.read() as repos:
                await repos.players.get(1)

    task = asyncio.ensure_future(cut_short())
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    async with db.write() as repos:
        await repos.players.ensure(44, "Next", "2025-01-01T00:00:00.000000+00:00")
    async with db.read() as repos:  # a fresh snapshot sees the write
        assert await repos.players.get(44) is not None


@pytest.mark.asyncio
async def test_foreign_keys_are_enforced(db: Database) -> None:
    with pytest.raises(INTEGRITY_ERRORS):
        async with db.write() as repos:
            await repos.conn.execute(
                "INSERT INTO moves (game_id, ply, notation, path, reversible, fen_after, player_id, played_at) "
                "VALUES (999, 1, 'a', 'a', 0, 'f', 0, 't')"
            )


@pytest.mark.asyncio
async def test_backup_is_a_consistent_copy(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "dama.sqlite3")
    async with db.write() as repos:
        await repos.players.ensure(7, "Seven", "2025-01-01T00:00:00.000000+00:00")
    target = tmp_path / "copy.sqlite3"
    await db.backup(target)
    await db.close()
    with sqlite3.connect(target) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT display_name FROM players WHERE id = 7").fetchone()[0] == "Seven"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest_version()


@pytest.mark.asyncio
async def test_memory_database_works(tmp_path: Path) -> None:
    db = await Database.open(":memory:")
    try:
        async with db.read() as repos:
            assert (await repos.players.get(0)) is not None
    finally:
        await db.close()
