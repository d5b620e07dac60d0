"""Review row 3 on the real bot (`python -m bot` against the loopback Discord): under a 1,024 file limit,
1,100 idle connections to the web port once stopped every post to Discord while /healthz said 200. Now the
caps hold them to 512, a move is played and posted meanwhile, /metrics counts them, /readyz fails (saying why
in the log) once the process has too few descriptors left, and the server itself closes the idle ones."""

from __future__ import annotations

import asyncio
import json
import resource
import socket

import pytest

from tests.e2e.helpers import check_board_image, slash_move, start_game
from tests.e2e.test_metrics import free_port, get, samples
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401

pytestmark = pytest.mark.asyncio
IDLE = 1_100


def open_idle(port: int, count: int) -> list[socket.socket]:
    """`count` connections that send nothing, from 127.0.0.2 upwards, 25 per address (under the per-address cap)."""
    held = []
    for n in range(count):
        sock = socket.socket()
        sock.settimeout(5)
        sock.bind((f"127.0.0.{2 + n // 25}", 0))
        sock.connect(("127.0.0.1", port))
        held.append(sock)
    return held


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


async def metric(port: int, name: str) -> float:
    status, text = await get(port, "/metrics")
    assert status == 200
    return samples(text)[(name, ())]


async def test_idle_connections_cannot_starve_the_bot(fake_discord, bot_launcher) -> None:  # noqa: F811
    fake = fake_discord
    web_port, metrics_port = free_port(), free_port()
    env = {"WEB_PORT": str(web_port), "METRICS_PORT": str(metrics_port)}
    bot = await bot_launcher.process("bot", env=env)
    assert bot.pid is not None
    resource.prlimit(bot.pid, resource.RLIMIT_NOFILE, (1024, 1024))  # the review's limit
    await start_game(fake, fake.alice, fake.bob)
    held = await asyncio.to_thread(open_idle, web_port, IDLE)
    try:
        moved = await slash_move(fake, fake.alice, "22-18")  # answered and posted meanwhile
        check_board_image(moved)
        assert await metric(metrics_port, "dama_web_connections") == 512
        assert await metric(metrics_port, "dama_web_connections_refused_total") == IDLE - 512
        status, body = await get(metrics_port, "/readyz")
        assert status == 200 and json.loads(body)["files"] is True, body

        resource.prlimit(bot.pid, resource.RLIMIT_NOFILE, (560, 1024))  # now the 512 leave too few free
        status, body = await get(metrics_port, "/readyz")
        assert status == 503 and json.loads(body)["files"] is False, body
        assert "file descriptors in use" in bot.output()
        resource.prlimit(bot.pid, resource.RLIMIT_NOFILE, (1024, 1024))

        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20  # the keep-alive timeout is 15 s
        while await metric(metrics_port, "dama_web_connections") > 0 and loop.time() < deadline:
            await asyncio.sleep(0.5)
        assert await metric(metrics_port, "dama_web_connections") == 0
        assert all(closed_by_server(sock) for sock in held)  # the server closed them, not this test
        status, body = await get(metrics_port, "/readyz")
        assert status == 200, body
    finally:
        for sock in held:
            sock.close()
