"""The operator's HTTP port (METRICS_PORT): /metrics for Prometheus, /healthz and /readyz for the supervisor.

/healthz: this process answers, the database answers a query, and every gateway shard this process runs is
connected. /readyz: healthy, logged in and not stopping (a process in its graceful stop is alive but takes no
new work), with file descriptors to spare (web.limits.FD_RESERVE), and the database takes a real write (a
row of bot_state rewritten: a read-only or full disk, a database file deleted or replaced under the process, a
write lock held elsewhere all fail it). Both answer 200 or 503 with a small JSON body saying which check
failed; a failed readiness check also says why in the log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import metrics
from service import SYSTEM, acting_as
from web.guard import quiet_malformed_requests
from web.limits import FD_RESERVE, file_limit, files_open

if TYPE_CHECKING:
    from bot.client import DamaBot

log = logging.getLogger(__name__)
DATABASE_TIMEOUT = 2.0  # seconds the database gets to answer a health check
WRITE_TIMEOUT = 4.0  # seconds readiness's write gets (the store's own lock wait is 2 s)


async def database_answers(bot: DamaBot) -> bool:
    try:
        async with asyncio.timeout(DATABASE_TIMEOUT):
            with acting_as(SYSTEM):
                return await bot.service.work.ping()
    except Exception as error:  # a health check reports, it does not raise: any failure is "no"
        log.warning("health: the database did not answer (%s)", type(error).__name__)
        return False


def shards_connected(bot: DamaBot) -> dict[str, bool]:
    return {str(shard_id): not info.is_closed() for shard_id, info in sorted(bot.shards.items())}


async def health(bot: DamaBot) -> tuple[bool, dict[str, Any]]:
    shards = shards_connected(bot)
    database = await database_answers(bot)
    healthy = database and bool(shards) and all(shards.values())
    return healthy, {"database": database, "shards": shards}


async def database_writable(bot: DamaBot) -> str | None:
    """None when a write reaches the database, else why not (a StorageFault kind, or "timeout")."""
    try:
        async with asyncio.timeout(WRITE_TIMEOUT):
            fault = await bot.service.ctx.db.writable()
    except TimeoutError:
        log.warning("readiness: a write to the database took over %.0f s", WRITE_TIMEOUT)
        return "timeout"
    except Exception as error:  # reported, never raised
        log.warning("readiness: the database write failed (%s)", type(error).__name__)
        return "error"
    if fault is None:
        return None
    log.warning("readiness: the database cannot be written (%s)", fault)
    return fault.kind


def files_to_spare() -> bool:
    """Whether the process can still open sockets and files (review row 3: with none left, every post to
    Discord failed while /healthz said 200)."""
    limit, used = file_limit(), files_open()
    if limit - used < FD_RESERVE:
        log.warning("readiness: %d of %d file descriptors in use (fewer than %d free)", used, limit, FD_RESERVE)
        return False
    return True


class MetricsUnavailable(Exception):
    """The operator's port cannot be opened where the settings say (taken, or not this machine's address);
    the message says where and why."""


class HealthServer:
    def __init__(self, bot: DamaBot, host: str, port: int) -> None:
        self.bot, self.host, self.port = bot, host, port
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/metrics", self.metrics)
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        return app

    async def start(self) -> None:
        quiet_malformed_requests()  # a scanner's bytes on this port: one line, not an ERROR with a traceback
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, self.host, self.port).start()
        except OSError as error:  # not Discord's fault: say which setting to change
            await self.stop()
            where = f"{self.host}:{self.port}"
            raise MetricsUnavailable(
                f"cannot serve the metrics on {where} (METRICS_HOST, METRICS_PORT): {error.strerror or error}"
            ) from None
        log.info("metrics and health checks on http://%s:%d/metrics, /healthz, /readyz", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def metrics(self, request: web.Request) -> web.Response:
        try:
            await asyncio.wait_for(metrics.refresh(self.bot), DATABASE_TIMEOUT)
        except Exception as error:  # still serve what is counted in memory
            log.warning("metrics: could not read the database's gauges (%s)", type(error).__name__)
        body = generate_latest(metrics.REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def healthz(self, request: web.Request) -> web.Response:
        healthy, checks = await health(self.bot)
        return web.json_response({"healthy": healthy, **checks}, status=200 if healthy else 503)

    async def readyz(self, request: web.Request) -> web.Response:
        healthy, checks = await health(self.bot)
        stopping = not self.bot.intake.open
        files = files_to_spare()
        fault = await database_writable(self.bot) if checks["database"] else "unavailable"
        ready = healthy and files and fault is None and self.bot.is_ready() and not stopping
        body = {"ready": ready, "stopping": stopping, "files": files, "database_writable": fault is None, **checks}
        if fault is not None:
            body["database_fault"] = fault
        return web.json_response(body, status=200 if ready else 503)
