"""Fixtures: a migrated database in a temporary file, a settable clock, and a seeded service."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from data import Database
from service import GameSettings, GameView, Service
from service.access import SYSTEM, acting_as
from tests.stores import STORES, postgres_session_database, store_target

__all__ = ["postgres_session_database"]  # a fixture the target fixture asks for

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL = 101, 202, 303


class FakeClock:
    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


class FixedChoice(random.Random):
    """An RNG whose choice() returns the option given (for the random colour)."""

    def __init__(self, pick: str) -> None:
        super().__init__(0)
        self.pick = pick

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        return self.pick if self.pick in seq else super().choice(seq)


@pytest.fixture(autouse=True)
def system_scope() -> Iterator[None]:
    """The service refuses calls that do not say who asks (service/access.py): these tests ask as the system,
    and say `acting_as(Caller(...))` where who asks matters."""
    with acting_as(SYSTEM):
        yield


@pytest_asyncio.fixture(params=STORES)
async def target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test database lives: every test using it runs once on SQLite and once on PostgreSQL."""
    postgres = request.getfixturevalue("postgres_session_database") if request.param == "postgresql" else None
    async with store_target(request.param, tmp_path, postgres) as where:
        yield where


@pytest_asyncio.fixture
async def db(target: str) -> AsyncIterator[Database]:
    database = await Database.open(target)
    yield database
    await database.close()


@pytest_asyncio.fixture
async def clock() -> FakeClock:
    return FakeClock()


@pytest_asyncio.fixture
async def service(db: Database, clock: FakeClock) -> Service:
    return Service(db, clock=clock, rng=random.Random(7))


async def new_game(service: Service, *, rated: bool = False, days: int | None = None) -> GameView:
    """ALICE (White) against BOB (Black)."""
    challenge = await service.challenges.create(
        ALICE,
        BOB,
        settings=GameSettings(color="white", rated=rated, days_per_move=days),
    )
    started = await service.challenges.accept(challenge.id, BOB)
    return started.game


async def set_position(db: Database, game_id: int, fen: str) -> None:
    """Start a fresh game from another position (test set-up only)."""
    async with db.write() as repos:
        await repos.conn.execute(
            "UPDATE games SET start_fen = ?, current_fen = ? WHERE id = ? AND ply = 0", (fen, fen, game_id)
        )
