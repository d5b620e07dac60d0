"""Moves per second through the game service with 1,000 active games, on an SQLite file and then on
PostgreSQL (a database created for the run at BENCH_POSTGRES, default the local server, and dropped after).

Each move goes the full way: read the game, rebuild it for the rules, validate, and store it in one write
transaction (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's advisory write lock) with the version check, new
deadline and timers. Targets: >= 500 moves/s and p99 < 50 ms per move.

`python -m benchmarks.bench_service --before [REVISION]` measures SQLite one move at a time twice in one run,
side by side: the packages the service runs on as they were at REVISION (default BEFORE: the commit before the
one move loop), taken from this repository's history into a temporary folder (with this tree's compiled engine
core, unchanged since) and imported in a subprocess, then this tree's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

from data import Database
from rules import Move
from service import GameView, MoveResult, Service

try:
    from service import SYSTEM, acting_as
except ImportError:  # a service from before access was closed by default (the --before subprocess)
    SYSTEM = None

    @contextlib.contextmanager
    def acting_as(scope: object) -> Iterator[None]:
        yield

try:
    from service import GameSettings
except ImportError:  # a service from before the settings value (the --before subprocess)
    GameSettings = None  # type: ignore[assignment, misc]

GAMES = 1_000
MOVES = int(os.environ.get("BENCH_MOVES", "6000"))
CONCURRENT = 16  # players moving at the same time in the concurrent run
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
ROOT = Path(__file__).resolve().parent.parent
# main just before the one move loop (issue 58): three reads of the game row per move, two with the bot's reply.
BEFORE = "b3dfc7ec5a963f7ef7bfcfa963bda4cea997f05a"
PACKAGES = ("rules", "engine", "messages", "data", "service")  # what the service imports, at that revision


async def _start_game(service: Service, index: int) -> GameView:
    white, black = 10_000 + 2 * index, 10_001 + 2 * index
    if GameSettings is None:
        challenge = await service.challenges.create(white, black, color="white")  # type: ignore[call-arg]
    else:
        challenge = await service.challenges.create(white, black, settings=GameSettings(color="white"))
    return (await service.challenges.accept(challenge.id, black)).game


async def _move(
    service: Service, games: dict[int, GameView], slot: int, rng: random.Random, *, as_discord: bool = False
) -> float:
    game = games[slot]
    move = rng.choice(game.position.legal_moves())
    assert game.to_move_id is not None
    started = time.perf_counter()
    if as_discord:
        result = await _as_discord(service, game.id, game.to_move_id, move)
    else:
        result = await service.games.play(game.id, game.to_move_id, move, bot_reply=False)
    elapsed = time.perf_counter() - started
    games[slot] = result.game if result.ended is None else await _start_game(service, slot + GAMES * 100)
    return elapsed


async def _as_discord(service: Service, game_id: int, player_id: int, move: Move) -> MoveResult:
    """The service calls one /move with a game number made: before the one move loop, the command loaded the
    game (bot.ui.lookup.game_for), the action loaded it again (to word a refusal), then played; now it moves."""
    games: Any = service.games
    if hasattr(games, "move"):
        return await games.move(game_id, player_id, move)  # type: ignore[no-any-return]
    await service.queries.game(game_id)
    await service.queries.game(game_id)
    return await service.games.play(game_id, player_id, move)


def _report(label: str, latencies: list[float], wall: float) -> None:
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"{label}: {len(latencies)} moves in {wall:.2f} s = {len(latencies) / wall:,.0f} moves/s; "
        f"latency p50 {cuts[49] * 1000:.2f} ms, p99 {cuts[98] * 1000:.2f} ms, max {max(latencies) * 1000:.2f} ms"
    )


async def _run(path: Path | str, *, concurrent: bool = True) -> None:
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
        if not concurrent:
            began = time.perf_counter()
            sequential = [await _move(service, games, slot, rng, as_discord=True) for slot in order]
            _report("one at a time, as /move calls the service", sequential, time.perf_counter() - began)
            return

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


def sqlite_once() -> None:
    print(f"service from {Path(sys.modules[Service.__module__].__file__ or '?').parent}")
    with acting_as(SYSTEM), tempfile.TemporaryDirectory() as folder:
        asyncio.run(_run(Path(folder) / "bench.sqlite3", concurrent=False))


def before_and_after(revision: str = BEFORE) -> None:
    """SQLite, one move at a time: the service at `revision` and this tree's, in one run (before, after, after,
    before)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "before.tar"
        made = subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), revision, *PACKAGES],
                              capture_output=True, text=True, check=False)
        if made.returncode != 0:
            print(f"revision {revision[:12]} cannot be read from this checkout's history (a shallow clone?): "
                  "run `git fetch --unshallow` and try again")
            return
        with tarfile.open(archive) as tar:
            tar.extractall(Path(folder) / "before", filter="data")
        for built in (ROOT / "engine").glob("*.so"):  # the compiled core: engine/core is the same since BEFORE
            shutil.copy(built, Path(folder) / "before" / "engine" / built.name)
        before = (f"before ({revision[:12]})", Path(folder) / "before")
        after: tuple[str, Path | None] = ("after (this tree)", None)
        for label, path in (before, after, after, before):  # ABBA: a load that drifts during the run favours neither
            print(f"-- SQLite file, {label}", flush=True)
            # `python -m` puts its working folder first on the path: the old packages' folder, or this tree
            paths = [str(path), str(ROOT)] if path is not None else [str(ROOT)]
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
            subprocess.run([sys.executable, "-m", "benchmarks.bench_service", "--sqlite-once"], cwd=path or ROOT,
                           env=env, check=True)


def main() -> None:
    if "--sqlite-once" in sys.argv:
        sqlite_once()
        return
    if "--before" in sys.argv:
        rest = sys.argv[sys.argv.index("--before") + 1 :]
        before_and_after(rest[0] if rest else BEFORE)
        return
    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        print("-- SQLite file")
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(_run(Path(folder) / "bench.sqlite3"))
        print("-- PostgreSQL (local server, same machine)")
        asyncio.run(_postgres())

if __name__ == "__main__":
    main()
