"""The async face of the engine: searches run in a small process pool, never on the event loop.

    analysis = await analyse(position, time=2.0)          # best move, score (men), PV, depth, nodes, nps
    move = await choose(position, level=3, time_budget=5.0)

Cancelling the awaiting task raises the job's stop flag; the worker notices within a few milliseconds
and its slot is reused only once it has really stopped, so at most `slots` jobs ever exist.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from engine import native, worker
from engine.levels import LEVELS
from engine.search import TABLE_BOUND, TABLE_WIN, WIN, WIN_BOUND
from rules import Move, Position
from rules.movegen import FastMove

DEFAULT_TIME = 2.0
# What a search is for, as the operator's metrics count them (a small fixed set: a label value).
KINDS = ("hint", "bot_move", "analysis", "puzzle")
_kind: ContextVar[str] = ContextVar("engine_job_kind", default="analysis")
SearchObserver = Callable[[str, float], None]  # (kind, seconds the search took)
_observers: list[SearchObserver] = []


@contextlib.contextmanager
def job_kind(kind: str) -> Iterator[None]:
    """Searches started inside this block are counted as `kind` (one of KINDS)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    token = _kind.set(kind)
    try:
        yield
    finally:
        _kind.reset(token)


def observe_searches(observer: SearchObserver) -> None:
    """Call observer(kind, seconds) after every finished search (the bot's metrics); once, however often asked."""
    if observer not in _observers:
        _observers.append(observer)


@dataclass(frozen=True, slots=True)
class Analysis:
    """A search result. score is in men from the side to move's point of view (+1.0 = a man up)."""

    move: Move | None
    score: float
    pv: tuple[Move, ...]
    depth: int
    nodes: int
    nps: int
    seconds: float
    win_in: int | None = None  # plies to a forced result: > 0 the side to move wins, < 0 it loses


def fast_of(move: Move) -> FastMove:
    """The generator's (mover xor, captured mask, kings xor) for a rules.Move."""
    start, end = 1 << move.start, 1 << move.end
    mx = start ^ end
    captured = 0
    for square in move.captures:
        captured |= 1 << square
    if move.king_move:
        kx = mx
    elif move.promotes:
        kx = end
    else:
        kx = 0
    return (mx, captured, kx)


def to_moves(position: Position, line: Sequence[FastMove]) -> list[Move]:
    """Turn a line of fast moves into rules.Move objects, stopping at the first that is not legal."""
    out: list[Move] = []
    for fast in line:
        match = next((m for m in position.legal_moves() if fast_of(m) == fast), None)
        if match is None:
            break
        out.append(match)
        position = position.apply(match)
    return out


def make_analysis(position: Position, outcome: worker.Outcome) -> Analysis:
    pv = to_moves(position, outcome.pv)
    move = pv[0] if pv else None
    if move is None and outcome.move is not None:
        found = to_moves(position, [outcome.move])
        move = found[0] if found else None
        pv = found
    win_in = None
    if abs(outcome.score) > WIN_BOUND:
        plies = WIN - abs(outcome.score)
        win_in = plies if outcome.score > 0 else -plies
    elif abs(outcome.score) > TABLE_BOUND:  # an endgame table's exact result
        plies = TABLE_WIN - abs(outcome.score)
        win_in = plies if outcome.score > 0 else -plies
    seconds = max(outcome.seconds, 1e-6)
    return Analysis(
        move=move,
        score=round(outcome.score / 100, 2),
        pv=tuple(pv),
        depth=outcome.depth,
        nodes=outcome.nodes,
        nps=int(outcome.nodes / seconds),
        seconds=round(outcome.seconds, 3),
        win_in=win_in,
    )


class Engine:
    """A bounded process pool plus stop flags. Create one per service; close() when done."""

    def __init__(self, workers: int = 1, slots: int = 8, tt_bits: int = 18) -> None:
        native.log_cores()
        self._context = multiprocessing.get_context("spawn")  # never fork a process running an event loop
        self._flags: Any = self._context.RawArray("b", slots)
        self._workers = workers
        self._tt_bits = tt_bits
        self._executor = self._new_executor()
        self._free = list(range(slots))
        self._waiters: list[asyncio.Future[None]] = []

    def _new_executor(self) -> concurrent.futures.ProcessPoolExecutor:
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=self._workers,
            mp_context=self._context,
            initializer=worker.init,
            initargs=(self._flags, self._tt_bits),
        )

    async def _slot(self) -> int:
        while not self._free:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            await waiter
        return self._free.pop()

    def _release(self, slot: int) -> None:
        self._flags[slot] = 0
        self._free.append(slot)
        while self._waiters:
            waiter = self._waiters.pop(0)
            if not waiter.done():
                waiter.set_result(None)
                break

    async def _run(self, job: worker.Job) -> worker.Outcome:
        loop = asyncio.get_running_loop()
        future = self._executor.submit(worker.run, job)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            self._flags[job.slot] = 1
            future.add_done_callback(lambda _: loop.call_soon_threadsafe(self._release, job.slot))
            raise
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool for the next caller.
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()
            self._release(job.slot)
            raise
        except BaseException:
            self._release(job.slot)
            raise

    async def _submit(self, position: Position, **fields: Any) -> worker.Outcome:
        slot = await self._slot()
        job = worker.Job(
            variant=position.rules.id,
            white=position.white,
            black=position.black,
            kings=position.kings,
            turn=int(position.turn),
            streaks=position.king_streaks,
            slot=slot,
            **fields,
        )
        self._flags[slot] = 0
        outcome = await self._run(job)
        self._release(slot)
        for observer in _observers:
            observer(_kind.get(), outcome.seconds)
        return outcome

    def jobs(self) -> tuple[int, int]:
        """(searches running, searches waiting for a slot)."""
        return len(self._flags) - len(self._free), len(self._waiters)

    async def analyse(
        self,
        position: Position,
        time: float | None = None,
        depth: int | None = None,
        history: Sequence[Position] = (),
    ) -> Analysis:
        """Search position for `time` seconds and/or to `depth` plies (default: DEFAULT_TIME seconds).

        history: earlier positions of the game (for repetition draws); only the tail since the last
        man move or capture matters.
        """
        if time is None and depth is None:
            time = DEFAULT_TIME
        outcome = await self._submit(position, seconds=time, depth=depth, history=_history_keys(position, history))
        return make_analysis(position, outcome)

    async def choose(
        self,
        position: Position,
        level: int,
        time_budget: float,
        history: Sequence[Position] = (),
        seed: int | None = None,
    ) -> Move:
        """The bot's move at level 1 (beginner, blunders sometimes) to 5 (full strength in time_budget)."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}, not {level!r}")
        legal = position.legal_moves()
        if not legal:
            raise ValueError("the side to move has no legal move")
        if len(legal) == 1:
            return legal[0]
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        keys = _history_keys(position, history)
        with job_kind("bot_move"):
            outcome = await self._submit(
                position, seconds=time_budget, depth=None, history=keys, level=level, seed=seed
            )
        found = to_moves(position, [outcome.move]) if outcome.move is not None else []
        return found[0] if found else legal[0]

    def close(self) -> None:
        for slot in range(len(self._flags)):
            self._flags[slot] = 1
        self._executor.shutdown(wait=True, cancel_futures=True)


def repeatable_tail(position: Position, history: Sequence[Position]) -> list[Position]:
    """The earlier positions that can still repeat: those since the last man move or capture.

    Men never move back and captures never undo, so exactly those positions have the same men and
    the same number of pieces as the current one. The search counts the no-progress rule's plies from
    their number, so a longer history would make it see draws that are not there.
    """
    men = (position.white & ~position.kings, position.black & ~position.kings)
    count = (position.white | position.black).bit_count()
    tail: list[Position] = []
    items = list(history)
    if items and items[-1] == position:
        items.pop()
    for p in reversed(items[-400:]):
        if (p.white & ~p.kings, p.black & ~p.kings) != men or (p.white | p.black).bit_count() != count:
            break
        tail.append(p)
    return tail[::-1]


def _history_keys(position: Position, history: Sequence[Position]) -> tuple[worker.HistoryEntry, ...]:
    return tuple((p.white, p.black, p.kings, int(p.turn), p.king_streaks) for p in repeatable_tail(position, history))


_default: Engine | None = None


def default_engine() -> Engine:
    """A process-wide engine with a small pool (created on first use)."""
    global _default
    if _default is None:
        _default = Engine(workers=max(1, min(2, (os.cpu_count() or 2) - 1)))
    return _default


async def analyse(
    position: Position,
    time: float | None = None,
    depth: int | None = None,
    history: Sequence[Position] = (),
) -> Analysis:
    return await default_engine().analyse(position, time=time, depth=depth, history=history)


async def choose(
    position: Position,
    level: int,
    time_budget: float,
    history: Sequence[Position] = (),
    seed: int | None = None,
) -> Move:
    return await default_engine().choose(position, level, time_budget, history=history, seed=seed)


def jobs() -> tuple[int, int]:
    """(running, waiting) searches of the process-wide engine; (0, 0) before its first use."""
    return (0, 0) if _default is None else _default.jobs()


def shutdown() -> None:
    global _default
    if _default is not None:
        _default.close()
        _default = None
