"""Work this process holds, as the operator sees it: handed back at a graceful stop, measured for metrics."""

from __future__ import annotations

from datetime import datetime

from data.repositories.work import Released
from data.timeutil import from_db, to_db
from service.access import ScopedPart
from service.context import Context


class WorkService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def release(self, *holders: str) -> Released:
        """Hand back the outbox rows, timers and leases these holders (this process's names) claimed, so
        that another process takes them at once rather than when the leases run out."""
        names = (self._ctx.worker, *holders)
        async with self._ctx.db.write() as repos:
            return await repos.work.release(names, to_db(self._ctx.now()))

    async def held(self, *holders: str) -> int:
        async with self._ctx.db.read() as repos:
            return await repos.work.held((self._ctx.worker, *holders))

    async def outbox_backlog(self) -> tuple[int, datetime | None]:
        """How many announcements wait for Discord, and when the oldest of them was written."""
        async with self._ctx.db.read() as repos:
            backlog = await repos.work.outbox_backlog()
        return backlog.pending, None if backlog.oldest is None else from_db(backlog.oldest)

    async def timers_due(self) -> int:
        async with self._ctx.db.read() as repos:
            return await repos.work.timers_due(to_db(self._ctx.now()))

    async def ping(self) -> bool:
        async with self._ctx.db.read() as repos:
            return await repos.work.ping()
