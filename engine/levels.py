"""Playing levels for games against the bot: one frozen row per level, in one table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class EngineLevel:
    level: int
    depth: int | None  # None: as deep as time allows
    time_share: float  # fraction of the time budget used
    noise: float  # centi-men of Gaussian noise added to each root move's score (0: plain best move)
    blunder: float  # chance of playing a random legal move instead


LEVELS: dict[int, EngineLevel] = {
    1: EngineLevel(1, depth=2, time_share=0.2, noise=120.0, blunder=0.25),
    2: EngineLevel(2, depth=3, time_share=0.3, noise=60.0, blunder=0.10),
    3: EngineLevel(3, depth=5, time_share=0.5, noise=30.0, blunder=0.03),
    4: EngineLevel(4, depth=8, time_share=0.8, noise=10.0, blunder=0.0),
    5: EngineLevel(5, depth=None, time_share=1.0, noise=0.0, blunder=0.0),
}
