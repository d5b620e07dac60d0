"""A real service on a temporary SQLite file behind a DamaBot whose Discord side is spec'd mocks."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock

import pytest
import pytest_asyncio

from bot.client import DamaBot
from data.db import Database
from engine import Analysis
from rules import Position
from service import SYSTEM, RandomEngine, Service, acting_as
from tests.bot import support


@pytest.fixture(autouse=True)
def system_scope() -> Iterator[None]:
    """The service refuses calls that do not say who asks (service/access.py): the test's own calls ask as the
    system; the bot's interactions still say who asks, as in production."""
    with acting_as(SYSTEM):
        yield


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


async def first_move_analyser(position: Position, history: Sequence[Position]) -> Analysis:
    """Stands in for the engine: 'recommends' the first legal move (hint wording is engine's concern)."""
    moves = position.legal_moves()
    move = moves[0] if moves else None
    return Analysis(move=move, score=0.0, pv=(move,) if move else (), depth=1, nodes=1, nps=1, seconds=0.0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest_asyncio.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Service]:
    db = await Database.open(tmp_path / "dama.sqlite3")
    try:
        yield Service(db, engine=RandomEngine(random.Random(7)), clock=clock, rng=random.Random(7))
    finally:
        await db.close()


@pytest.fixture
def log() -> support.Recorder:
    return support.Recorder()


@pytest.fixture
def channel(log: support.Recorder) -> MagicMock:
    return support.text_channel(support.CHANNEL, log)


@pytest_asyncio.fixture
async def bot(service: Service, log: support.Recorder, channel: MagicMock) -> AsyncIterator[DamaBot]:
    dama = DamaBot(service, analyser=first_move_analyser, sync_commands=False, run_timers=False)
    await dama.setup_hook()
    users = {uid: support.member(uid, log=log) for uid in (support.ALICE, support.BOB, support.CAROL)}
    channels: dict[int, Any] = {support.CHANNEL: channel}
    dama.get_channel = channels.get  # type: ignore[method-assign,assignment]
    dama.get_user = users.get  # type: ignore[method-assign,assignment]
    dama.test_channels = channels  # type: ignore[attr-defined]
    yield dama
    await dama.timers.stop()
