"""The web server under 2,000 idle connections (review row 3): the real `python -m bot` on the loopback
Discord with WEB_PORT set; a client on 127.0.0.x keeps 2,000 connections open that send nothing (reopening
each one the server closes) for DURATION seconds, while two members play by /move. Reported: the bot's resident
memory before and its peak (VmHWM) during, the connections the server held, and /move's reply latency
before and meanwhile. Twice: with the default caps (512 in all, 32 per address), and with the caps raised so
that all 2,000 are held. Everything stays on 127.0.0.1..127.0.0.80 and stops by itself.
"""

from __future__ import annotations

import asyncio
import random
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.bench_e2e import percentile
from rules import Game, find_variant, format_move
from tests.e2e.test_metrics import free_port, get, samples
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.process import BotLauncher

CONNECTIONS = 2_000
PER_ADDRESS = 25  # 80 source addresses
DURATION = 20.0  # seconds of load (longer than the 15 s keep-alive timeout: closed ones are reopened)
MOVES = 40  # before the load, and again during it


def memory_kb(pid: int) -> tuple[int, int]:
    """(resident now, peak resident) of a process, in KB (Linux)."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


class Idler:
    """Keeps `count` idle connections open until stopped, reopening those the server closes."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stopping = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=self.run, name="idler", daemon=True)

    def connect(self, n: int) -> socket.socket | None:
        sock = socket.socket()
        sock.settimeout(2)
        try:
            sock.bind((f"127.0.0.{2 + n // PER_ADDRESS}", 0))
            sock.connect(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            return None
        sock.setblocking(False)
        self.opened += 1
        return sock

    def run(self) -> None:
        held: list[socket.socket | None] = [self.connect(n) for n in range(self.count)]
        while not self.stopping.wait(1.0):
            for n, sock in enumerate(held):
                if sock is not None:
                    try:
                        if sock.recv(1) != b"":
                            continue
                    except BlockingIOError:
                        continue
                    except OSError:
                        pass
                    sock.close()
                held[n] = self.connect(n)
        for sock in held:
            if sock is not None:
                sock.close()


async def play(fake: FakeDiscord, moves: int, rnd: random.Random) -> list[float]:
    rules = find_variant("italian")
    players = (fake.alice, fake.bob)
    latencies: list[float] = []
    while len(latencies) < moves:
        inter = await fake.slash(fake.alice, "challenge", opponent=fake.bob, colour="white")
        offer = await fake.wait_for_reply(inter)
        accept = next(c for c in offer.custom_ids() if c.startswith("dama:accept:"))
        await fake.wait_for_followups(await fake.click(fake.bob, offer, accept), 1)
        game = Game(rules)
        while game.outcome() is None and len(latencies) < moves:
            move = rnd.choice(game.legal_moves())
            sent = await fake.slash(players[game.ply % 2], "move", move=format_move(game.position, move))
            reply = await fake.wait_for_reply(sent, timeout=30)
            assert reply.files, reply.content
            game.push(move)
            latencies.append(reply.latency * 1000)
        if game.outcome() is None:
            await fake.wait_for_reply(await fake.slash(fake.alice, "resign"))
    return latencies


async def measure(env: dict[str, str]) -> dict[str, float]:
    fake = FakeDiscord(conformance=False)
    await fake.start()
    rnd = random.Random(3)
    web_port, metrics_port = free_port(), free_port()
    with tempfile.TemporaryDirectory() as tmp:
        launcher = BotLauncher(fake, Path(tmp))
        try:
            bot = await launcher.process(
                "bot", env={"WEB_PORT": str(web_port), "METRICS_PORT": str(metrics_port), **env}
            )
            assert bot.pid is not None
            await play(fake, 6, rnd)  # warm up: imports, fonts, caches
            before = await play(fake, MOVES, rnd)
            rss_before, _ = memory_kb(bot.pid)
            idler = Idler(web_port, CONNECTIONS)
            began = time.monotonic()
            idler.thread.start()
            await asyncio.sleep(2.0)
            held: list[float] = []
            during: list[float] = []
            while time.monotonic() - began < DURATION:
                during += await play(fake, 5, rnd)
                held.append(samples((await get(metrics_port, "/metrics"))[1])[("dama_web_connections", ())])
            _, peak = memory_kb(bot.pid)
            idler.stopping.set()
            await asyncio.to_thread(idler.thread.join, 30)
        finally:
            await launcher.stop_all()
            await fake.close()
    return {
        "rss_before_mb": rss_before / 1024,
        "peak_mb": peak / 1024,
        "held_max": max(held),
        "opened": idler.opened,
        "before_p50": statistics.median(before),
        "before_p99": percentile(before, 0.99),
        "during_p50": statistics.median(during),
        "during_p99": percentile(during, 0.99),
        "during_n": len(during),
    }


def main() -> None:
    for label, env in (
        ("default caps (512 in all, 32 per address)", {}),
        ("caps raised (WEB_MAX_CONNECTIONS=4000, _PER_ADDRESS=100)",
         {"WEB_MAX_CONNECTIONS": "4000", "WEB_MAX_CONNECTIONS_PER_ADDRESS": "100"}),
    ):
        found = asyncio.run(measure(env))
        print(
            f"{CONNECTIONS} idle connections for {DURATION:.0f} s, {label}: at most {found['held_max']:.0f} held "
            f"({found['opened']} opened in all); bot memory {found['rss_before_mb']:.0f} MB before, peak "
            f"{found['peak_mb']:.0f} MB; /move p50 {found['before_p50']:.0f} ms / p99 {found['before_p99']:.0f} ms "
            f"before, p50 {found['during_p50']:.0f} ms / p99 {found['during_p99']:.0f} ms meanwhile "
            f"(n={found['during_n']})"
        )


if __name__ == "__main__":
    main()
