"""Delivering the outbox: claim announcements with a lease, then record what Discord made of them.

A worker names itself (`claimed_by`); a claim lasts `lease` seconds, after which another worker may take
the row (the first one died or hung). Results are recorded only by the worker that still holds the row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from data.models import OutboxRow
from data.timeutil import from_db, opt_from_db, to_db
from service.access import ScopedPart
from service.announcements import Announcement, loads
from service.context import Context


@dataclass(frozen=True, slots=True)
class Pending:
    """A claimed announcement. attempts counts this one (1 = the first try)."""

    id: int
    stream: str
    attempts: int
    announcement: Announcement
    created_at: datetime

    @property
    def retried(self) -> bool:
        """An earlier try may have reached Discord even though it failed here (a lost answer, a crash)."""
        return self.attempts > 1

    @classmethod
    def from_row(cls, row: OutboxRow) -> Pending:
        return cls(row.id, row.stream, row.attempts, loads(row.payload), from_db(row.created_at))


def _ignore(outcome: str) -> None:
    pass


def backoff(attempts: int, *, base: float, ceiling: float) -> float:
    """Seconds before the next try after `attempts` failed ones: base, 2 base, 4 base ... up to ceiling."""
    return float(min(base * 2 ** max(attempts - 1, 0), ceiling))


class OutboxService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self.observer: Callable[[str], None] = _ignore  # told "delivered", "retried" or "failed" (metrics)

    async def claim_due(self, worker: str, *, lease: float, limit: int = 20) -> list[Pending]:
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            rows = await repos.outbox.claim_due(worker, to_db(now + timedelta(seconds=lease)), to_db(now), limit)
        return [Pending.from_row(row) for row in rows]

    async def claim_stream(self, stream: str, upto: int, worker: str, *, lease: float) -> Pending | None:
        """The next row of the stream, up to row `upto` (what one action queued, and what waited before it)."""
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            until = to_db(now + timedelta(seconds=lease))
            row = await repos.outbox.claim_stream(stream, upto, worker, until, to_db(now))
        return None if row is None else Pending.from_row(row)

    async def last_id(self, stream: str) -> int:
        async with self._ctx.db.read() as repos:
            return await repos.outbox.last_id(stream)

    async def delivered(
        self, pending: Pending, worker: str, *, channel_id: int | None, message_id: int | None
    ) -> bool:
        self.observer("delivered")
        async with self._ctx.db.write() as repos:
            return await repos.outbox.delivered(pending.id, worker, to_db(self._ctx.now()), channel_id, message_id)

    async def retry_later(self, pending: Pending, worker: str, error: str, *, delay: float) -> bool:
        self.observer("retried")
        now = self._ctx.now()
        async with self._ctx.db.write() as repos:
            return await repos.outbox.retry(pending.id, worker, to_db(now + timedelta(seconds=delay)), error)

    async def failed(self, pending: Pending, worker: str, error: str) -> bool:
        self.observer("failed")
        async with self._ctx.db.write() as repos:
            return await repos.outbox.failed(pending.id, worker, to_db(self._ctx.now()), error)

    async def next_due(self) -> datetime | None:
        async with self._ctx.db.read() as repos:
            return opt_from_db(await repos.outbox.next_due())

    async def stream_pending(self, stream: str, upto: int) -> int:
        async with self._ctx.db.read() as repos:
            return await repos.outbox.stream_pending(stream, upto)

    async def pending_count(self) -> int:
        async with self._ctx.db.read() as repos:
            return await repos.outbox.pending_count()

    async def settle_for_players(self, player_ids: tuple[int, ...]) -> int:
        """Local mode shows every change itself: its players' news waits for no Discord."""
        async with self._ctx.db.write() as repos:
            return await repos.outbox.settle_for_players(player_ids, to_db(self._ctx.now()))
