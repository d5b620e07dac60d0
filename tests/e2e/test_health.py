"""/healthz and /readyz (issue 31) on a real `python -m bot` process whose PostgreSQL database stops answering:
its connections are terminated and new ones refused (ALLOW_CONNECTIONS false), then allowed again."""

from __future__ import annotations

import asyncio
import json
import socket

import asyncpg
import pytest

from tests.e2e.test_metrics import free_port, get
from tests.fakediscord.fixtures import bot_launcher, fake_discord  # noqa: F401
from tests.stores import ADMIN_URL, postgres_database

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]


async def admin(sql: str, *args: object) -> None:
    conn = await asyncpg.connect(ADMIN_URL)
    try:
        await conn.execute(sql, *args)
    finally:
        await conn.close()


async def block(name: str) -> None:
    await admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
    await admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name)


async def unblock(name: str) -> None:
    await admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


async def answers(port: int, path: str, wanted: int, timeout: float = 10.0) -> tuple[int, str]:
    """Ask until `path` answers `wanted` (or the time is up): what a supervisor's probe does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        status, body = await get(port, path)
        if status == wanted or loop.time() > deadline:
            return status, body
        await asyncio.sleep(0.2)


@pytest.mark.database
async def test_healthz_follows_the_database(fake_discord, bot_launcher) -> None:  # noqa: F811
    port = free_port()
    async with postgres_database() as url:
        name = url.rsplit("/", 1)[1]
        bot = await bot_launcher.process("bot", env={"DATABASE_URL": url, "METRICS_PORT": str(port)})
        try:
            status, body = await get(port, "/healthz")
            assert status == 200, body
            assert json.loads(body) == {"healthy": True, "database": True, "shards": {"0": True}}
            status, body = await answers(port, "/readyz", 200)  # once discord.py has called on_ready
            assert status == 200, body

            await block(name)
            bot.allow_tracebacks = True  # its background loops log the outage, as they should
            status, body = await get(port, "/healthz")
            assert status == 503, body
            assert json.loads(body) == {"healthy": False, "database": False, "shards": {"0": True}}
            status, body = await get(port, "/readyz")
            assert status == 503 and json.loads(body)["ready"] is False, body
            status, text = await get(port, "/metrics")  # what is counted in memory is still served
            assert status == 200 and "dama_interactions_total" in text

            await unblock(name)
            status, body = await answers(port, "/healthz", 200)  # the pool opens a fresh connection
            assert json.loads(body) == {"healthy": True, "database": True, "shards": {"0": True}}, body
            assert (await get(port, "/readyz"))[0] == 200
        finally:
            await unblock(name)
            await bot.stop()



async def test_a_taken_metrics_port_is_named_not_blamed_on_discord(fake_discord, bot_launcher) -> None:  # noqa: F811
    """The operator is told which setting to change (as for WEB_PORT), not that Discord cannot be reached."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        bot = await bot_launcher.process("bot", env={"METRICS_PORT": str(port)}, start=False)
        await bot.spawn()
        code = await bot.wait_exit(timeout=60)
    said = bot.output()
    assert code == 5, said
    assert f"cannot serve the metrics on 127.0.0.1:{port} (METRICS_HOST, METRICS_PORT)" in said, said
    assert "could not reach Discord" not in said and "Traceback" not in said, said
