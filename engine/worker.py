"""What runs inside the worker processes: plain data in, plain data out (everything pickles).

Cancellation: the pool shares a small array of stop flags with its workers (passed at process start);
each job owns one slot, and the search looks at its flag every ~thousand nodes.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engine.levels import LEVELS
from engine.native import make_searcher
from engine.search import Result, SearchCore
from engine.tablefiles import Stamp, table_stamp
from rules import find_variant
from rules.king_streaks import NO_STREAKS
from rules.movegen import FastMove

Streaks = tuple[int, int, int, int]
HistoryEntry = tuple[int, int, int, int, Streaks]  # white, black, kings, turn, king streaks

_flags: Any = None  # multiprocessing RawArray of c_byte, one stop flag per job slot
_tt_bits = 18
_searchers: OrderedDict[str, SearchCore] = OrderedDict()
_MAX_SEARCHERS = 2  # transposition tables kept per process (one per recent variant)
_stamps: dict[str, Stamp] = {}  # each searcher's table file when it was made


@dataclass(frozen=True, slots=True)
class Job:
    variant: str
    white: int
    black: int
    kings: int
    turn: int
    seconds: float | None
    depth: int | None
    history: tuple[HistoryEntry, ...]  # earlier positions since the last irreversible move
    slot: int
    level: int | None = None
    seed: int | None = None
    streaks: Streaks = NO_STREAKS  # Position.king_streaks (Frisian's king move limit)


@dataclass(frozen=True, slots=True)
class Outcome:
    move: FastMove | None
    score: int
    pv: tuple[FastMove, ...]
    depth: int
    nodes: int
    seconds: float


def init(flags: Any, tt_bits: int) -> None:
    global _flags, _tt_bits
    _flags = flags
    _tt_bits = tt_bits


def searcher_for(variant: str, tt_bits: int | None = None) -> SearchCore:
    stamp = table_stamp(variant)
    searcher = _searchers.get(variant)
    if searcher is None or _stamps.get(variant) != stamp:
        # new, or a table file appeared (or was rebuilt) since: a fresh searcher maps it (engine/tablebuild.py)
        searcher = make_searcher(find_variant(variant), tt_bits=tt_bits or _tt_bits)
        _searchers[variant] = searcher
        _stamps[variant] = stamp
        while len(_searchers) > _MAX_SEARCHERS:
            _searchers.popitem(last=False)
    _searchers.move_to_end(variant)
    return searcher


def run(job: Job) -> Outcome:
    searcher = searcher_for(job.variant)
    flags = _flags
    slot = job.slot

    def stopped() -> bool:
        return bool(flags is not None and flags[slot])

    history = [searcher.hash_of(w, b, k, t, streaks) for w, b, k, t, streaks in job.history]
    if job.level is None:
        result = searcher.search(
            job.white,
            job.black,
            job.kings,
            job.turn,
            depth=job.depth,
            seconds=job.seconds,
            history=history,
            should_stop=stopped,
            streaks=job.streaks,
        )
        return _outcome(result)
    return _outcome(play_level(searcher, job, history, stopped))


def play_level(searcher: SearchCore, job: Job, history: list[int], stopped: Any) -> Result:
    """A move for a game against the bot: weaker levels search less, add noise and sometimes blunder."""
    level = LEVELS[job.level or 5]
    rng = random.Random(job.seed)
    seconds = None if job.seconds is None else job.seconds * level.time_share
    if level.noise == 0:
        return searcher.search(
            job.white,
            job.black,
            job.kings,
            job.turn,
            depth=level.depth,
            seconds=seconds,
            history=history,
            should_stop=stopped,
            streaks=job.streaks,
        )
    result = searcher.search(
        job.white,
        job.black,
        job.kings,
        job.turn,
        depth=level.depth,
        seconds=seconds,
        history=history,
        should_stop=stopped,
        all_scores=True,
        streaks=job.streaks,
    )
    scored = result.root_scores or ([(result.move, result.score)] if result.move else [])
    if not scored:
        return result
    if rng.random() < level.blunder:
        move, score = rng.choice(scored)
    else:
        move, score = max(scored, key=lambda ms: ms[1] + rng.gauss(0.0, level.noise))
    return Result(move, score, [move], result.depth, result.nodes, result.seconds)


def _outcome(result: Result) -> Outcome:
    return Outcome(result.move, result.score, tuple(result.pv), result.depth, result.nodes, result.seconds)
