"""The web server on a thread of its own, for local mode: its prompt blocks the main thread between
commands, and the page must answer meanwhile. The thread has its own event loop and database connection."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from data.db import Database
from service import Service, ServiceConfig
from web.app import WebConfig, start


def _call(loop: asyncio.AbstractEventLoop, work: Callable[[], None]) -> None:
    loop.call_soon_threadsafe(work)


def serve_in_thread(
    database: Path | str, config: WebConfig, service_config: ServiceConfig | None = None
) -> Callable[[], None]:
    """Start serving; returns the function that stops it. A failure to start (the port is taken) is
    raised here, in the caller's thread. service_config: the front end's (so a PDN reads the same)."""
    ready = threading.Event()
    failure: list[BaseException] = []
    stopping: list[Callable[[], None]] = []

    async def serve() -> None:
        db = await Database.open(database)
        try:
            server = await start(Service(db, config=service_config), config)
        except BaseException:
            await db.close()
            raise
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        stopping.append(lambda: _call(loop, stop.set))
        ready.set()
        await stop.wait()
        await server.stop()
        await db.close()

    def main() -> None:
        try:
            asyncio.run(serve())
        except BaseException as error:  # handed to the starting thread
            failure.append(error)
            ready.set()

    thread = threading.Thread(target=main, name="dama-web", daemon=True)
    thread.start()
    ready.wait()
    if failure:
        raise failure[0]

    def stop() -> None:
        for request in stopping:
            request()
        thread.join(timeout=10)

    return stop
