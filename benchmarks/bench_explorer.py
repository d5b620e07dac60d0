"""The opening explorer over 100,000 generated games on an SQLite file: how long the index takes to build,
its size, and the latency of `/explore` questions (target: p99 < 100 ms).

Games are generated as English draughts openings of EXPLORER_PLIES plies, moves chosen with a skewed
(geometric) preference per position so that lines repeat as real openings do; 500 players in one server.
Each question goes through ExplorerService.explore: replay the asked line, check the asker's active games,
look up the index for the server and the asker, merge.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from data import Database
from data.repositories.explorer import ExplorerEntry
from rules import Position, format_fen, format_move, start_position
from service import SYSTEM, Service, acting_as
from service.explorer_index import EXPLORER_PLIES, owners, position_key

GAMES = int(os.environ.get("BENCH_EXPLORER_GAMES", "100000"))
QUERIES = int(os.environ.get("BENCH_EXPLORER_QUERIES", "2000"))
PLAYERS = 500
GUILD = 4242
BATCH = 500  # games per write transaction while building
SKEW = 0.4  # the chance of passing over each more popular move for the next


class _Node:
    """A position reached by a prefix of move indexes, its index key, and its moves as written."""

    __slots__ = ("children", "key", "moves", "notations", "position")

    def __init__(self, position: Position) -> None:
        self.position = position
        self.key = position_key(format_fen(position))
        self.moves = position.legal_moves()
        self.notations = [format_move(position, move) for move in self.moves]
        self.children: dict[int, _Node] = {}

    def child(self, index: int) -> _Node:
        found = self.children.get(index)
        if found is None:
            found = self.children[index] = _Node(self.position.apply(self.moves[index]))
        return found


def _line(root: _Node, rng: random.Random) -> tuple[tuple[int, str], ...]:
    """A generated opening: (position key, move) per ply; the first move is the most popular, and so on."""
    node, steps = root, []
    for _ in range(EXPLORER_PLIES):
        if not node.moves:
            break
        pick = 0
        while pick < len(node.moves) - 1 and rng.random() < SKEW:
            pick += 1
        steps.append((node.key, node.notations[pick]))
        node = node.child(pick)
    return tuple(steps)


async def _build(service: Service, root: _Node, rng: random.Random) -> tuple[float, list[list[str]]]:
    """Index the games as finish() does (the same rows index_entries writes), BATCH games a transaction."""
    results = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    lines: list[list[str]] = []
    started = time.perf_counter()
    for first in range(0, GAMES, BATCH):
        batch: list[ExplorerEntry] = []
        for number in range(first, min(first + BATCH, GAMES)):
            steps = _line(root, rng)
            lines.append([move for _, move in steps])
            white, black = rng.sample(range(1, PLAYERS + 1), 2)
            w, d, b = rng.choice(results)
            at = f"2025-01-01T00:{number // 60 % 60:02d}:{number % 60:02d}+00:00"
            for kind, owner, where in owners(GUILD, (white, black)):
                batch += [
                    (kind, owner, "english", key, where, move, w, d, b, number + 1, 0, at)
                    for key, move in sorted(set(steps))
                ]
        async with service.ctx.db.write() as repos:
            await repos.explorer.add(batch)
    return time.perf_counter() - started, lines


async def _run() -> None:
    rng = random.Random(2025)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "explorer.sqlite3"
        db = await Database.open(str(path))
        service = Service(db)
        root = _Node(start_position("english"))
        built, lines = await _build(service, root, rng)
        async with db.read() as repos:
            rows = await repos.explorer.size()
        await db.close()
        size = path.stat().st_size
        db = await Database.open(str(path))
        service = Service(db)
        latencies: list[float] = []
        for _ in range(QUERIES):
            line = rng.choice(lines)
            asked = line[: min(len(line) - 1, int(rng.expovariate(0.25)))]  # a position the index holds moves of
            asker = rng.randint(1, PLAYERS)
            started = time.perf_counter()
            await service.explorer.explore(asker, GUILD, "english", asked)
            latencies.append(time.perf_counter() - started)
        await db.close()
    cuts = statistics.quantiles(latencies, n=100)
    print(f"index: {GAMES:,} games in {built:.1f} s; {rows:,} rows; database file {size / 1e6:.1f} MB")
    print(
        f"explore: {QUERIES} questions, p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms, "
        f"max {max(latencies) * 1000:.2f} ms (target p99 < 100 ms)"
    )


def main() -> None:
    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        asyncio.run(_run())
