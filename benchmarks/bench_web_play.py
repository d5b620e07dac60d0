"""Playing on the web page (issue 60.2), in one process as the bot serves it: the web server and the service
on one event loop over SQLite, while the service keeps playing another game.

1. A move posted to a game's page (`POST <page>/move`, CSRF token, Origin) by two signed-in players in turn,
   timed from the request to the answer: the move stored and its news queued in the outbox (one transaction),
   then the new state answered. Target: under 50 ms at p99.
2. The page's scripts (dama.js and play.js), gzipped. Target: under 150 KB.
3. 1,000 open pages of live games: 1,000 clients each holding a connection and asking for its game's state
   every 5 s (what an open page does), for 20 s, while moves go on; the state's latency and the process's
   memory (peak RSS) reported.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
import resource
import socket
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from data import Database
from rules import format_move
from service import SYSTEM, GameSettings, Service, acting_as
from web import OAuthConfig, WebConfig, start
from web.app import STATIC
from web.limits import raise_file_limit

MOVES = 300
PAGES = 1_000
PAGE_POLL = 5.0
PAGE_SECONDS = 20.0
TARGET_MOVE_P99_MS = 50.0
TARGET_SCRIPTS_KB = 150.0
WHITE, BLACK, OTHER_A, OTHER_B = 734_512_998_101, 734_512_998_202, 734_512_998_303, 734_512_998_404


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def new_game(service: Service, white: int, black: int) -> int:
    challenge = await service.challenges.create(white, black, settings=GameSettings(color="white"))
    return (await service.challenges.accept(challenge.id, black)).game.id


async def keep_playing(service: Service, stop: asyncio.Event) -> int:
    """Another game played by the service meanwhile (a new one when it ends); the moves played."""
    rng = random.Random(5)
    played = 0
    game = await new_game(service, OTHER_A, OTHER_B)
    while not stop.is_set():
        view = await service.queries.game(game)
        moves = view.position.legal_moves() if view.active else []
        if not moves or view.to_move_id is None:
            game = await new_game(service, OTHER_A, OTHER_B)
            continue
        await service.games.play(game, view.to_move_id, format_move(view.position, rng.choice(moves)))
        played += 1
        await asyncio.sleep(0.02)
    return played


async def sessions(service: Service) -> dict[int, tuple[str, str]]:
    found = {}
    for player in (WHITE, BLACK):
        opened = await service.sessions.open(player, f"Player {player % 1000}")
        found[player] = (opened.cookie, opened.session.csrf)
    return found


async def moves_on_the_web(service: Service, base: str, signed: dict[int, tuple[str, str]]) -> list[float]:
    rng = random.Random(11)
    timings: list[float] = []
    clients = {
        player: aiohttp.ClientSession(cookies={"dama_session": cookie}, headers={"X-CSRF-Token": csrf, "Origin": base})
        for player, (cookie, csrf) in signed.items()
    }
    try:
        game = await new_game(service, WHITE, BLACK)
        page = base + service.web.path(game)
        while len(timings) < MOVES:
            view = await service.queries.game(game)
            if not view.active or view.to_move_id is None:
                game = await new_game(service, WHITE, BLACK)
                page = base + service.web.path(game)
                continue
            move = format_move(view.position, rng.choice(view.position.legal_moves()))
            began = time.perf_counter()
            async with clients[view.to_move_id].post(page + "/move", data=json.dumps({"move": move})) as answer:
                await answer.read()
                assert answer.status == 200, answer.status
            timings.append((time.perf_counter() - began) * 1000)
    finally:
        for client in clients.values():
            await client.close()
    return timings


async def open_pages(service: Service, base: str) -> list[float]:
    games = [await new_game(service, OTHER_A + 10 + i, OTHER_B + 10 + i) for i in range(20)]
    links = [base + service.web.path(game) + "/state" for game in games]
    timings: list[float] = []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:

        async def page(index: int) -> None:
            await asyncio.sleep(index * PAGE_POLL / PAGES)  # pages opened over one poll interval
            ends = time.monotonic() + PAGE_SECONDS
            while time.monotonic() < ends:
                began = time.perf_counter()
                async with http.get(links[index % len(links)]) as answer:
                    await answer.read()
                timings.append((time.perf_counter() - began) * 1000)
                await asyncio.sleep(PAGE_POLL)

        await asyncio.gather(*(page(i) for i in range(PAGES)))
    return timings


async def run() -> None:
    raise_file_limit()
    with tempfile.TemporaryDirectory() as folder, acting_as(SYSTEM):
        db = await Database.open(str(Path(folder) / "bench.sqlite3"))
        service = Service(db, rng=random.Random(3))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        config = WebConfig(
            port=port,
            base_url=base,
            oauth=OAuthConfig("1", "unused-in-this-benchmark"),
            requests_per_minute=1_000_000,
            burst=100_000,
            max_connections=PAGES + 200,
            max_per_address=PAGES + 200,
            actions_per_minute=1_000_000,  # a person's allowance is 30 a minute; here two move as fast as they can
        )
        server = await start(service, config)
        for player in (WHITE, BLACK, OTHER_A, OTHER_B):
            await service.players.ensure(player, None)
        for i in range(20):
            await service.players.ensure(OTHER_A + 10 + i, None)
            await service.players.ensure(OTHER_B + 10 + i, None)
        signed = await sessions(service)
        stop = asyncio.Event()
        background = asyncio.create_task(keep_playing(service, stop))
        try:
            moves = await moves_on_the_web(service, base, signed)
            polls = await open_pages(service, base)
        finally:
            stop.set()
            others = await background
            await server.stop()
            await db.close()
    scripts = sum(len(gzip.compress((STATIC / name).read_bytes(), 9)) for name in ("dama.js", "play.js")) / 1024
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(moves)} moves posted on the web (another game played {others} moves meanwhile):")
    print(
        f"  p50 {statistics.median(moves):.1f} ms, p90 {percentile(moves, 0.9):.1f} ms, "
        f"p99 {percentile(moves, 0.99):.1f} ms (target < {TARGET_MOVE_P99_MS:.0f} ms)"
    )
    print(f"page scripts gzipped: {scripts:.1f} KB (target < {TARGET_SCRIPTS_KB:.0f} KB)")
    print(
        f"{PAGES} open pages polling every {PAGE_POLL:.0f} s for {PAGE_SECONDS:.0f} s: {len(polls)} states, "
        f"p50 {statistics.median(polls):.1f} ms, p99 {percentile(polls, 0.99):.1f} ms; peak RSS {peak_mb:.0f} MB"
    )


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
