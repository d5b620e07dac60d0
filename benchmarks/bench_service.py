"""Moves per second through the game service with 1,000 active games, on an SQLite file and then on
PostgreSQL (a database created for the run at BENCH_POSTGRES, default the local server, and dropped after).

Each move goes the full way: read the game, rebuild it for the rules, validate, and store it in one write
transaction (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's advisory write lock) with the version check, new
deadline and timers. Targets: >= 500 moves/s and p99 < 50 ms per move.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import asyncpg

from data import Database
from service import SYSTEM, GameView, Service, acting_as

GAMES = 1_000
MOVES = int(os.environ.get("BENCH_MOVES", "6000"))
CONCURRENT = 16  # players moving at the same time in the concurrent run
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


async def _start_game(service: Service, index: int) -> GameView:
    white, black = 10_000 + 2 * index, 10_001 + 2 * index
    challenge = await service.challenges.create(white, black, color="white")
    return (await service.challenges.accept(challenge.id, black)).game


async def _move(service: Service, games: dict[int, GameView], slot: int, rng: random.Random) -> float:
    game = games[slot]
    move = rng.choice(game.position.legal_moves())
    assert game.to_move_id is not None
    started = time.perf_counter()
    result = await service.games.play(game.id, game.to_move_id, move, bot_reply=False)
    elapsed = time.perf_counter() - started
    games[slot] = result.game if result.ended is None else await _start_game(service, slot + GAMES * 100)
    return elapsed


def _report(label: str, latencies: list[float], wall: float) -> None:
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"{label}: {len(latencies)} moves in {wall:.2f} s = {len(latencies) / wall:,.0f} moves/s; "
        f"latency p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms, max {max(latencies) * 1000:.2f} ms"
    )


async def _run(path: Path | str) -> None:
    db = await Database.open(path)
    try:
        service = Service(db, rng=random.Random(1))
        rng = random.Random(2)
        began = time.perf_counter()
        games = {i: await _start_game(service, i) for i in range(GAMES)}
        print(f"set-up: {GAMES} active games in {time.perf_counter() - began:.1f} s")
        order = [rng.randrange(GAMES) for _ in range(MOVES)]

        began = time.perf_counter()
        sequential = [await _move(service, games, slot, rng) for slot in order]
        _report("one at a time", sequential, time.perf_counter() - began)

        queue = list(range(GAMES))
        rng.shuffle(queue)
        latencies: list[float] = []

        async def player(lane: int) -> None:
            # Each lane owns its own games, so no two lanes move in the same game.
            mine = queue[lane::CONCURRENT]
            for step in range(MOVES // CONCURRENT):
                latencies.append(await _move(service, games, mine[step % len(mine)], rng))

        began = time.perf_counter()
        await asyncio.gather(*(player(lane) for lane in range(CONCURRENT)))
        _report(f"{CONCURRENT} at once", latencies, time.perf_counter() - began)
        async with db.read() as repos:
            active = len(await repos.games.active_ids())
        print(f"active games at the end: {active}")
    finally:
        await db.close()


async def _postgres() -> None:
    try:
        admin = await asyncpg.connect(POSTGRES, timeout=10)
    except (OSError, asyncpg.PostgresError) as error:
        print(f"PostgreSQL at {POSTGRES} cannot be reached ({error}); set BENCH_POSTGRES to measure it")
        return
    name = f"dama_bench_{os.getpid()}"
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            await _run(f"{POSTGRES.rpartition('/')[0]}/{name}")
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def main() -> None:
    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        print("-- SQLite file")
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(_run(Path(folder) / "bench.sqlite3"))
        print("-- PostgreSQL (local server, same machine)")
        asyncio.run(_postgres())

if __name__ == "__main__":
    main()
