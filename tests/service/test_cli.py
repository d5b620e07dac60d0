"""Operator commands: db upgrade, db check (finds a tampered game), db backup, export-pdn."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.__main__ import main
from data import Database, latest_version
from service import GameSettings, Service
from tests.service.conftest import ALICE, BOB, new_game
from tests.stores import postgres_database


def _make_game(path: Path | str) -> int:
    async def build() -> int:
        db = await Database.open(path)
        try:
            service = Service(db)
            game = await new_game(service)
            await service.games.play(game.id, ALICE, "21-18")
            await service.games.play(game.id, BOB, "10-13")
            return game.id
        finally:
            await db.close()

    return asyncio.run(build())


@pytest.fixture
def env_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cli.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(path))
    return path


def test_upgrade_creates_the_schema(env_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade"]) == 0
    assert f"-> {latest_version()}" in capsys.readouterr().out
    with sqlite3.connect(env_db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest_version()


def test_check_passes_then_finds_a_tampered_position(env_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _make_game(env_db)
    assert main(["db", "check"]) == 0
    assert capsys.readouterr().out.strip() == "ok"
    with sqlite3.connect(env_db) as conn:  # someone edits the stored position by hand
        conn.execute("UPDATE games SET current_fen = 'W:W21-32:B1-12' WHERE id = ?", (game_id,))
    assert main(["db", "check"]) == 1
    out = capsys.readouterr().out
    assert f"game {game_id}: moves replay to" in out and "1 problem(s) found" in out


def test_check_finds_a_move_that_does_not_replay(env_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _make_game(env_db)
    with sqlite3.connect(env_db) as conn:
        conn.execute("UPDATE moves SET path = '21-17' WHERE game_id = ? AND ply = 1", (game_id,))
        conn.execute("UPDATE moves SET path = '9-14' WHERE game_id = ? AND ply = 2", (game_id,))
    assert main(["db", "check"]) == 1
    out = capsys.readouterr().out
    # 21-17 is legal but leads elsewhere; 9-14 is then not a legal move at all.
    assert f"game {game_id}: after move 1 the position is" in out
    assert f"game {game_id}: move 2 '9-14' does not replay" in out


def test_backup_and_export(env_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _make_game(env_db)
    copy = tmp_path / "backup.sqlite3"
    assert main(["db", "backup", str(copy)]) == 0
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 2
    capsys.readouterr()
    assert main(["export-pdn", str(game_id)]) == 0
    out = capsys.readouterr().out
    assert '[Result "*"]' in out and "1. 21-18 10-13" in out
    assert main(["export-pdn", "999"]) == 1


@pytest.mark.database
def test_the_same_commands_on_postgresql(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def scenario() -> None:
        async with postgres_database() as url:
            monkeypatch.setenv("DATABASE_URL", url)
            monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "unused.sqlite3"))
            assert await asyncio.to_thread(main, ["db", "upgrade"]) == 0
            assert f"schema version 0 -> {latest_version()}" in capsys.readouterr().out
            game_id = await asyncio.to_thread(_make_game, url)
            assert await asyncio.to_thread(main, ["db", "check"]) == 0
            assert capsys.readouterr().out.strip() == "ok"
            conn = await asyncpg.connect(url)
            try:
                await conn.execute("UPDATE games SET current_fen = 'W:W21-32:B1-12' WHERE id = $1", game_id)
            finally:
                await conn.close()
            assert await asyncio.to_thread(main, ["db", "check"]) == 1
            assert f"game {game_id}: moves replay to" in capsys.readouterr().out
            dump = tmp_path / "dama.dump"
            assert await asyncio.to_thread(main, ["db", "backup", str(dump)]) == 0
            assert "pg_dump" in capsys.readouterr().out and dump.stat().st_size > 0
        assert not (tmp_path / "unused.sqlite3").exists()  # DATABASE_URL wins over DATABASE_PATH

    asyncio.run(scenario())


def test_an_unreachable_postgresql_is_a_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://dama:hunter2@127.0.0.1:9/dama")
    assert main(["db", "check"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the PostgreSQL database" in err and "hunter2" not in err and "Traceback" not in err


def test_puzzles_searches_the_stored_games(env_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A finished game holding a published shot (tests/engine/pdn/partite-shots.pdn, game 6) yields its puzzle."""

    async def build() -> int:
        db = await Database.open(env_db)
        try:
            service = Service(db)
            fen = "W:W16,18,19,22,27,29,30,32:B1,4,7,9,10,11,12,21,24"
            challenge = await service.challenges.create(
                ALICE,
                BOB,
                settings=GameSettings(color="white", start_fen=fen),
                guild_id=7,
            )
            game = (await service.challenges.accept(challenge.id, BOB)).game
            for player, move in ((ALICE, "18-14"), (BOB, "11x18"), (ALICE, "22x6")):
                await service.games.play(game.id, player, move)
            await service.games.resign(game.id, BOB)
            return game.id
        finally:
            await db.close()

    game_id = asyncio.run(build())
    assert main(["puzzles"]) == 0
    assert capsys.readouterr().out.strip().endswith("puzzles found")
    with sqlite3.connect(env_db) as conn:
        rows = list(conn.execute("SELECT scope, game_id, variant FROM server_puzzles"))
    assert (7, game_id, "italian") in rows
    assert main(["puzzles"]) == 0
    assert capsys.readouterr().out.strip() == "0 puzzles found"  # each game once
