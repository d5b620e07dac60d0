"""Post-game analysis (issue 17): a 60-ply Italian game analysed at the default setting, through the
service and the engine's process pool, on a fresh database. Target: at most 60 s of one core.

The sample game is the first 60 plies of a game Dama's engine played against itself (level 4 against
level 2), so it has both good moves and mistakes to find.
"""

from __future__ import annotations

import asyncio
import resource
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from data import Database
from engine import Analysis, Engine
from rules import Position
from service import SYSTEM, GameSettings, Service, acting_as

SAMPLE = (
    "24-20", "10-14", "20-16", "5-10", "23-20", "10-13", "21-18", "14x21", "26x10", "6x13",
    "25-21", "13-17", "22-18", "17x26", "30x21", "1-5", "27-22", "3-6", "28-24", "5-10",
    "32-28", "10-14", "28-23", "6-10", "22-19", "10-13", "19x10", "13x22", "21-17", "9-13",
    "10-6", "13-18", "6-3", "2-5", "17-13", "11-15", "20x11", "7x14", "16x7", "4x11",
    "13-9", "8-12", "9x2", "11-15", "2-5", "12-16", "3-6", "18-21", "5-10", "15-19",
    "24-20", "19x28", "10x17", "16x23", "31x24", "23-28", "24-20", "28-31", "17-21", "31-28",
)
WHITE, BLACK = 1001, 1002


def cpu_seconds() -> float:
    """This process and its finished children (the engine's worker, once the pool is shut down)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


async def run() -> tuple[float, float, int, str]:
    assert len(SAMPLE) == 60
    pool = Engine(workers=1)
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.sqlite3")
        try:

            async def search(position: Position, history: Sequence[Position]) -> Analysis:
                return await pool.analyse(position, time=service.ctx.config.analysis_seconds, history=history)

            service = Service(db, review_search=search)
            challenge = await service.challenges.create(WHITE, BLACK, settings=GameSettings(color="white"))
            game = (await service.challenges.accept(challenge.id, BLACK)).game
            for ply, move in enumerate(SAMPLE):
                await service.games.play(game.id, (WHITE, BLACK)[ply % 2], move)
            await service.games.resign(game.id, BLACK)
            cpu_before, wall_before = cpu_seconds(), time.perf_counter()
            review = await service.analysis.analyse(game.id, WHITE)
            wall = time.perf_counter() - wall_before
            pool.close()  # the worker exits, so its CPU time is counted among the children
            cpu = cpu_seconds() - cpu_before
            again_start = time.perf_counter()
            shown = await service.analysis.analyse(game.id, BLACK)
            again = time.perf_counter() - again_start
            assert shown.from_store
            counts = ", ".join(
                f"{p.color.label} {p.accuracy:.0f} % ({p.inaccuracies}/{p.mistakes}/{p.blunders})"
                for p in review.players
            )
            return wall, cpu, len(review.plies), f"{counts}; shown again in {again * 1000:.0f} ms"
        finally:
            await db.close()


def main() -> None:
    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        wall, cpu, plies, summary = asyncio.run(run())
    print(f"analysis of a {plies}-ply Italian game at 0.6 s per position: wall {wall:.1f} s, CPU {cpu:.1f} s "
          "(target <= 60 s of one core)")
    print(f"accuracy (inaccuracies/mistakes/blunders): {summary}")


if __name__ == "__main__":
    main()
