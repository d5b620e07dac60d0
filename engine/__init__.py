"""Dama's draughts engine: PVS search with a transposition table, for every variant in rules.VARIANTS.

    from engine import analyse, choose, hint
    analysis = await analyse(position, time=2.0)     # Analysis: move, score (men), pv, depth, nodes, nps
    move = await choose(position, level=3, time_budget=5.0)
    said = hint(position, analysis)                  # Hint("22-18", ("13x22", "26x10x1"), WINS_PIECES, White, 1)

Searches run in a small process pool (`Engine`), so the event loop never blocks; cancelling the
awaiting task stops the worker.
"""

from engine.api import (
    KINDS,
    Analysis,
    Engine,
    analyse,
    choose,
    default_engine,
    job_kind,
    jobs,
    observe_searches,
    shutdown,
)
from engine.evaluate import evaluate_position
from engine.hint import Hint, Outcome, hint
from engine.levels import LEVELS, EngineLevel
from engine.search import Searcher

__all__ = [
    "KINDS",
    "LEVELS",
    "Analysis",
    "Engine",
    "EngineLevel",
    "Hint",
    "Outcome",
    "Searcher",
    "analyse",
    "choose",
    "default_engine",
    "evaluate_position",
    "hint",
    "job_kind",
    "jobs",
    "observe_searches",
    "shutdown",
]
