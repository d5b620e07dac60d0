"""The async API: legal answers, time limits, cancellation, and a free event loop."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Iterator

import pytest

from engine import Engine
from messages.hints import hint_text
from rules import Game, find_variant, parse_fen, start_position

ITALIAN = find_variant("italian")


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    engine = Engine(workers=1, slots=4, tt_bits=14)
    yield engine
    engine.close()


@pytest.mark.asyncio
async def test_analyse_gives_a_legal_move_and_a_line(engine: Engine) -> None:
    position = start_position(ITALIAN)
    analysis = await engine.analyse(position, depth=5)
    assert analysis.move in position.legal_moves()
    assert analysis.pv[0] == analysis.move
    assert analysis.depth >= 5
    assert analysis.nodes > 0 and analysis.nps > 0
    # the PV is a legal line
    for move in analysis.pv:
        assert move in position.legal_moves()
        position = position.apply(move)


@pytest.mark.asyncio
async def test_respects_the_time_limit(engine: Engine) -> None:
    await engine.analyse(start_position(ITALIAN), depth=1)  # warm the worker up
    started = time.monotonic()
    analysis = await engine.analyse(start_position(ITALIAN), time=0.5)
    elapsed = time.monotonic() - started
    assert 0.2 <= elapsed <= 0.5 + 0.4
    assert analysis.move is not None


@pytest.mark.asyncio
async def test_cancelling_stops_the_worker(engine: Engine) -> None:
    position = start_position(ITALIAN)
    await engine.analyse(position, depth=1)
    task = asyncio.create_task(engine.analyse(position, time=60))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # One worker only: this answers quickly only if the cancelled search really stopped.
    started = time.monotonic()
    await engine.analyse(position, time=0.2)
    assert time.monotonic() - started < 2.0


@pytest.mark.asyncio
async def test_the_loop_keeps_ticking(engine: Engine) -> None:
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.monotonic()
        while not done.is_set():
            await asyncio.sleep(0.01)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    tick = asyncio.create_task(ticker())
    await engine.analyse(start_position(ITALIAN), time=0.8)
    done.set()
    await tick
    assert len(gaps) > 20
    assert max(gaps) < 0.15


@pytest.mark.asyncio
async def test_choose_plays_legal_moves_at_every_level(engine: Engine) -> None:
    game = Game(ITALIAN)
    for level in (1, 2, 3, 4, 5):
        move = await engine.choose(game.position, level, 0.3, history=game.positions, seed=level)
        assert move in game.position.legal_moves()
        game.push(move)


@pytest.mark.asyncio
async def test_choose_is_reproducible_with_a_seed(engine: Engine) -> None:
    position = start_position(ITALIAN)
    first = [await engine.choose(position, 1, 5.0, seed=seed) for seed in range(6)]
    second = [await engine.choose(position, 1, 5.0, seed=seed) for seed in range(6)]
    assert first == second


@pytest.mark.asyncio
async def test_choose_rejects_unknown_levels(engine: Engine) -> None:
    with pytest.raises(ValueError):
        await engine.choose(start_position(ITALIAN), 9, 1.0)


@pytest.mark.asyncio
async def test_hint_reads_like_a_sentence(engine: Engine) -> None:
    # The shot from test_tactics: 22-18 13x22 26x12 wins two men for one.
    position = parse_fen(ITALIAN, "W:W22,26,29,31:B1,13,15")
    analysis = await engine.analyse(position, depth=6)
    text = hint_text(position, analysis)
    assert text.startswith("22-18: after 13x22 26x12")
    assert "White wins" in text


@pytest.mark.asyncio
async def test_the_worker_knows_frisian_king_streaks(engine: Engine) -> None:
    """The king on 46 has made three quiet moves in a row and White has men: 45-40 is the only legal move,
    though the search would rather move the king (it does when the streaks are left out)."""
    frisian = find_variant("frisian")
    fresh = parse_fen(frisian, "W:W6,45,K46:B1,K50")
    held = dataclasses.replace(fresh, king_streaks=(fresh.board.parse_square("46"), 3, -1, 0))
    assert [str(m) for m in held.legal_moves()] == [str(m) for m in fresh.legal_moves() if not m.king_move]
    assert len(held.legal_moves()) == 1
    unaware = await engine.analyse(fresh, depth=6)
    assert unaware.move is not None and unaware.move.king_move
    analysis = await engine.analyse(held, depth=6)
    assert analysis.move == held.legal_moves()[0]
