"""How the service asks for the bot's move. The real engine (engine.analyse) plugs in behind Engine."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

import engine
from engine import Analysis
from rules import Move, Position

HINT_SECONDS = 1.5  # a hint's search time, in the engine's process pool
Analyser = Callable[[Position, Sequence[Position]], Awaitable[Analysis]]


async def _hint_search(kind: str, position: Position, history: Sequence[Position]) -> Analysis:
    with engine.job_kind(kind):
        return await engine.analyse(position, time=HINT_SECONDS, history=history)


async def hint_analyser(position: Position, history: Sequence[Position]) -> Analysis:
    """The real engine for hints, as both front ends use it (never on the event loop)."""
    return await _hint_search("hint", position, history)


async def puzzle_refuter(position: Position, history: Sequence[Position]) -> Analysis:
    """The reply that refutes a wrong puzzle move: a hint's search, counted as a puzzle job."""
    return await _hint_search("puzzle", position, history)


class Engine(Protocol):
    async def choose(self, position: Position, level: int, time_budget: float) -> Move:
        """A legal move for the side to move. CPU-heavy engines must not block the event loop."""
        ...


class RandomEngine:
    """A stand-in that plays any legal move (captures are compulsory, so they come first anyway)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng or random.Random()

    async def choose(self, position: Position, level: int, time_budget: float) -> Move:
        moves = position.legal_moves()
        if not moves:
            raise ValueError("no legal move in this position")
        return self._rng.choice(moves)
