"""`python -m bot db copy --to …`: a database of 1,000 finished and active games moves from SQLite to
PostgreSQL and back with nothing lost; every game replays; a non-empty target is refused untouched."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.__main__ import main
from data import Database
from service import GameError, GameSettings, Service, TargetNotEmpty, check_database, copy_database
from tests.stores import postgres_database

GAMES = 1_000


async def _fill(path: Path, games: int) -> dict[str, int]:
    """games games between ten players: a few moves each, a third resigned, some with offers and ratings."""
    rng = random.Random(15)
    async with await Database.open(path) as db:
        service = Service(db, rng=rng)
        for number in range(games):
            white, black = rng.sample(range(1, 11), 2)
            challenge = await service.challenges.create(
                white,
                black,
                settings=GameSettings(color="white", rated=number % 2 == 0),
            )
            game = (await service.challenges.accept(challenge.id, black)).game
            for _ in range(rng.randrange(0, 9)):
                mover = game.to_move_id or 0
                game = (await service.games.play(game.id, mover, rng.choice(game.position.legal_moves()))).game
                if game.status != "active":
                    break
            if number % 3 == 0 and game.status == "active":
                await service.games.resign(game.id, white)
            elif number % 7 == 0 and game.status == "active":
                try:
                    await service.games.offer_draw(game.id, white)
                except GameError:
                    pass
        with sqlite3.connect(path) as conn:
            return {
                table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in ("games", "moves", "ratings", "rating_changes", "offers", "timers", "challenges")
            }


@pytest.mark.database
@pytest.mark.slow
def test_copy_to_postgresql_and_back_keeps_every_row_and_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.sqlite3"
    counts = asyncio.run(_fill(source, GAMES))
    assert counts["games"] == GAMES and counts["moves"] > 2_000 and counts["rating_changes"] > 0

    async def scenario() -> None:
        async with postgres_database() as url:
            monkeypatch.setenv("DATABASE_PATH", str(source))
            assert await asyncio.to_thread(main, ["db", "copy", "--to", url]) == 0
            out = capsys.readouterr().out
            assert f"all {GAMES} games replay" in out and f"moves: {counts['moves']} rows" in out
            conn = await asyncpg.connect(url)
            try:
                for table, expected in counts.items():
                    assert await conn.fetchval(f"SELECT COUNT(*) FROM {table}") == expected, table
                finished = await conn.fetchval("SELECT COUNT(*) FROM games WHERE status = 'finished'")
            finally:
                await conn.close()
            assert 0 < finished < GAMES
            async with await Database.open(url) as copied:
                assert await check_database(copied) == []
                # New rows get ids after the copied ones (the identity sequence followed the copy).
                service = Service(copied)
                challenge = await service.challenges.create(1, 2, settings=GameSettings(color="white"))
                started = await service.challenges.accept(challenge.id, 2)
                assert started.game.id == GAMES + 1
            # A second copy into the now filled database is refused and changes nothing.
            assert await asyncio.to_thread(main, ["db", "copy", "--to", url]) == 1
            assert "is not empty" in capsys.readouterr().err
            # And back: PostgreSQL to a new SQLite file.
            back = tmp_path / "back.sqlite3"
            monkeypatch.delenv("DATABASE_PATH")
            monkeypatch.setenv("DATABASE_URL", url)
            assert await asyncio.to_thread(main, ["db", "copy", "--to", str(back)]) == 0
            assert f"all {GAMES + 1} games replay" in capsys.readouterr().out
            with sqlite3.connect(back) as conn:
                assert conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == counts["moves"]

    asyncio.run(scenario())


@pytest.mark.asyncio
async def test_copy_refuses_a_target_with_games_and_leaves_it_alone(tmp_path: Path) -> None:
    first, second = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _fill(first, 3)
    await _fill(second, 2)
    async with await Database.open(first) as source, await Database.open(second) as target:
        with pytest.raises(TargetNotEmpty) as raised:
            await copy_database(source, target)
        assert "games" in raised.value.tables
        async with target.read() as repos:
            assert len(await repos.games.ids()) == 2
