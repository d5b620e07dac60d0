"""A task that runs beside the gateway for the bot's whole life and can be woken early (timers, outbox)."""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod

from service import system_context


class BackgroundLoop(ABC):
    task_name = "dama-background"

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            # work without a person: it asks the service as the system (service/access.py)
            loop = asyncio.get_running_loop()
            self._task = loop.create_task(self._run(), name=self.task_name, context=system_context())

    async def stop(self) -> None:
        task = self._task
        if task is None:
            return
        # Python 3.11's wait_for returns normally when its inner wait ends as the cancellation arrives (the
        # loop was just poked): the cancellation is lost and the loop goes on, so cancel until it has ended.
        while not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=1.0)
        with contextlib.suppress(asyncio.CancelledError):
            await task
        self._task = None

    async def nap(self, delay: float) -> None:
        """Sleep up to `delay` seconds, or until poked. Not asyncio.wait_for: on Python 3.11 it swallows a
        cancel that arrives just as the wake-up does (a poke right before stop()), and the loop then slept on
        through the whole shutdown."""
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(delay):
                await self._wake.wait()

    def poke(self) -> None:
        """Look now instead of at the end of the current sleep."""
        self._wake.set()

    @abstractmethod
    async def _run(self) -> None: ...
