"""How the service asks for the bot's move. The real engine (engine.analyse) plugs in behind Engine."""

from __future__ import annotations

import random
from typing import Protocol

from rules import Move, Position


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
