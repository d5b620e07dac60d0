"""The web page of a 60-ply game, served by the bot process while it plays: the real `python -m bot` as a
subprocess against the loopback Discord with WEB_PORT set. A 60-ply game is played by /move first; then
its page, its state (what an open page asks for) and one of its boards are fetched over and over while two
members keep playing another game by /move (each move renders and posts a board picture).
Then the page of a finished 60-ply game with a stored engine analysis (graph, verdicts, critical moments),
served in-process (tests/web/site.py) while the service keeps playing another game.
Targets: the page served in under 20 ms at p99, the board's SVG under 30 KB.
"""

from __future__ import annotations

import asyncio
import random
import socket
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import aiohttp

from engine import Analysis, Engine
from rules import Game, Position, find_variant, format_move
from service import SYSTEM, ServiceConfig, acting_as
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.process import BotLauncher
from tests.web.site import BLACK, WHITE, Site

PLIES = 60
REQUESTS = 400  # per kind of request
TARGET_P99_MS = 20.0
TARGET_SVG_BYTES = 30_000


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def new_game(fake: FakeDiscord) -> tuple[int, str]:
    """A game between alice (White) and bob; its number and the link under its first board."""
    offer = await fake.wait_for_reply(await fake.slash(fake.alice, "challenge", opponent=fake.bob, colour="white"))
    accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
    board = (await fake.wait_for_followups(await fake.click(fake.bob, offer, accept), 1))[0]
    link = next(c["url"] for c in board.all_components() if c.get("style") == 5)
    return int(accept.rsplit(":", 1)[1]), link


async def play(fake: FakeDiscord, game_id: int, plies: int, rng: random.Random, stop: asyncio.Event | None) -> int:
    """Random legal moves by /move; returns how many were played (a game that ends stops early)."""
    game = Game(find_variant("italian"))
    players = (fake.alice, fake.bob)
    for ply in range(plies):
        moves = game.legal_moves()
        if not moves or (stop is not None and stop.is_set()):
            return ply
        move = rng.choice(moves)
        text = format_move(game.position, move)
        await fake.wait_for_reply(await fake.slash(players[ply % 2], "move", move=text, game=game_id))
        game.push(move)
    return plies


async def timed(session: aiohttp.ClientSession, url: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    async with session.get(url) as answer:
        body = await answer.read()
        assert answer.status == 200, answer.status
    return (time.perf_counter() - start) * 1000, body


async def measure() -> dict[str, object]:
    fake = FakeDiscord()
    await fake.start()
    port = free_port()
    env = {"WEB_PORT": str(port), "WEB_BASE_URL": f"http://127.0.0.1:{port}", "WEB_REQUESTS_PER_MINUTE": "1000000"}
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        launcher = BotLauncher(fake, Path(tmp))
        try:
            await launcher.process("bot", env=env)
            while True:  # a game that lasts the 60 plies
                game_id, link = await new_game(fake)
                if await play(fake, game_id, PLIES, rng, None) == PLIES:
                    break
            other, _ = await new_game(fake)
            stop = asyncio.Event()
            background = asyncio.create_task(play(fake, other, 10_000, random.Random(9), stop))
            times: dict[str, list[float]] = {"page": [], "state": [], "board": []}
            sizes: dict[str, int] = {}
            async with aiohttp.ClientSession() as session:
                for kind, url in (("page", link), ("state", f"{link}/state"), ("board", f"{link}/ply/{PLIES}")):
                    for _ in range(10):  # warm-up: imports, caches, the first replay
                        await timed(session, url)
                    for _ in range(REQUESTS):
                        took, body = await timed(session, url)
                        times[kind].append(took)
                    sizes[kind] = len(body)
                svg = await (await session.get(f"{link}/ply/{PLIES}")).json()
            stop.set()
            moves_meanwhile = await background
        finally:
            await launcher.stop_all()
            await fake.close()
    return {"times": times, "sizes": sizes, "svg_bytes": len(svg["svg"].encode()), "moves": moves_meanwhile}


def analysed_page() -> tuple[float, list[float], int]:
    """The first answer (the analysis is derived then, off the event loop) and the next ones, in ms."""
    pool = Engine(workers=1)

    async def search(position: Position, history: Sequence[Position]) -> Analysis:
        return await pool.analyse(position, time=0.05, history=history)

    options = {"config": ServiceConfig(analysis_seconds=0.05), "review_search": search}
    with tempfile.TemporaryDirectory() as tmp:
        site = Site(Path(tmp), options, requests_per_minute=1_000_000)
        try:
            seed = 1
            while True:
                game = site.new_game()
                if len(site.play(game, PLIES, seed=seed)) == PLIES:
                    break
                seed += 1
            site.run(site.service.games.resign(game, BLACK))
            site.run(site.service.analysis.analyse(game, WHITE))
            other = site.new_game()
            busy = asyncio.run_coroutine_threadsafe(site.play_moves(other, 10_000, 3), site.loop)
            link = site.link(game)
            times = []
            for _ in range(REQUESTS + 1):
                start = time.perf_counter()
                with urllib.request.urlopen(link, timeout=10) as answer:
                    size = len(answer.read())
                times.append((time.perf_counter() - start) * 1000)
            busy.cancel()
        finally:
            site.close()
            pool.close()
    return times[0], times[1:], size


def main() -> None:
    with acting_as(SYSTEM):  # an operator's measurement (service/access.py)
        figures = asyncio.run(measure())
    times: dict[str, list[float]] = figures["times"]  # type: ignore[assignment]
    sizes: dict[str, int] = figures["sizes"]  # type: ignore[assignment]
    print(f"{PLIES}-ply game, {REQUESTS} requests each, while the bot played {figures['moves']} /move meanwhile")
    for kind, values in times.items():
        print(
            f"  {kind:5}: p50 {statistics.median(values):5.1f} ms  p90 {percentile(values, 0.9):5.1f} ms  "
            f"p99 {percentile(values, 0.99):5.1f} ms  max {max(values):5.1f} ms  ({sizes[kind]:,} bytes)"
        )
    svg_bytes = int(figures["svg_bytes"])  # type: ignore[call-overload]
    print(f"  board SVG after ply {PLIES}: {svg_bytes:,} bytes (target < {TARGET_SVG_BYTES:,})")
    first, again, size = analysed_page()
    print(
        f"  analysed {PLIES}-ply game's page: first {first:.1f} ms, then p50 {statistics.median(again):.1f} ms  "
        f"p99 {percentile(again, 0.99):.1f} ms  ({size:,} bytes)"
    )
    p99 = max(percentile(times["page"], 0.99), percentile(again, 0.99))
    verdict = "met" if p99 < TARGET_P99_MS and svg_bytes < TARGET_SVG_BYTES else "NOT met"
    print(f"  target (page p99 < {TARGET_P99_MS:.0f} ms, SVG < 30 KB): {verdict}")
