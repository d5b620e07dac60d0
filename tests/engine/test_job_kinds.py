"""What the engine pool tells the operator's metrics (issue 31): each finished search with its kind (hint,
bot_move, analysis, puzzle) and its time, and how many searches run or wait for a slot."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import engine
from engine import Engine
from rules import find_variant, start_position
from service.engine import hint_analyser, puzzle_refuter


@pytest.fixture(scope="module")
def pool() -> Iterator[Engine]:
    searcher = Engine(workers=1, slots=1, tt_bits=12)
    yield searcher
    searcher.close()


@pytest.mark.asyncio
async def test_searches_are_reported_with_their_kind_and_time(pool: Engine) -> None:
    seen: list[tuple[str, float]] = []

    def observer(kind: str, seconds: float) -> None:
        seen.append((kind, seconds))

    engine.observe_searches(observer)
    engine.observe_searches(observer)  # asked twice (two bots in one process): told once
    position = start_position(find_variant("italian"))
    try:
        await pool.analyse(position, time=0.2)
        with engine.job_kind("hint"):
            await pool.analyse(position, time=0.2)
        with engine.job_kind("puzzle"):
            await pool.analyse(position, time=0.2)
        await pool.choose(position, level=5, time_budget=0.2, seed=1)
    finally:
        engine.api._observers.remove(observer)
    assert [kind for kind, _ in seen] == ["analysis", "hint", "puzzle", "bot_move"]
    assert all(0.05 < seconds < 5 for _, seconds in seen), seen


@pytest.mark.asyncio
async def test_the_pool_counts_running_and_waiting_searches(pool: Engine) -> None:
    position = start_position(find_variant("italian"))
    assert pool.jobs() == (0, 0)
    first = asyncio.create_task(pool.analyse(position, time=0.5))
    second = asyncio.create_task(pool.analyse(position, time=0.2))
    await asyncio.sleep(0.1)
    assert pool.jobs() == (1, 1)  # one slot: the second waits
    await asyncio.gather(first, second)
    assert pool.jobs() == (0, 0)


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="kind must be one of"), engine.job_kind("blitz"):
        pass


@pytest.mark.asyncio
async def test_the_services_hint_and_puzzle_refutation_are_counted_apart() -> None:
    seen: list[str] = []

    def observer(kind: str, seconds: float) -> None:
        seen.append(kind)

    engine.observe_searches(observer)
    position = start_position(find_variant("italian"))
    try:
        await hint_analyser(position, ())
        await puzzle_refuter(position, ())
    finally:
        engine.api._observers.remove(observer)
        engine.shutdown()  # the shared pool they used: closed here, not at interpreter exit
    assert seen == ["hint", "puzzle"]
