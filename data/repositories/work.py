"""Work a process holds on the others' behalf (outbox claims, leased timers, named leases), seen as a whole:
handed back at a graceful stop, and counted for the operator's metrics."""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories.base import Repository


@dataclass(frozen=True, slots=True)
class Released:
    outbox: int
    timers: int
    leases: int


@dataclass(frozen=True, slots=True)
class Backlog:
    pending: int  # announcements not yet delivered (nor given up)
    oldest: str | None  # when the oldest of them was written


class WorkRepository(Repository):
    async def release(self, holders: tuple[str, ...], now: str) -> Released:
        """Give back everything these holders claimed, due at once: another process takes it on its next look
        instead of waiting for the lease to run out. A timer or row already done is left alone."""
        marks = ", ".join("?" for _ in holders)
        outbox = await self._run(
            f"UPDATE outbox SET claimed_by = NULL, lease_until = NULL, next_attempt_at = ? "
            f"WHERE status = 'pending' AND claimed_by IN ({marks})",
            (now, *holders),
        )
        timers = await self._run(
            f"UPDATE timers SET claimed_by = NULL, lease_until = NULL "
            f"WHERE fired_at IS NULL AND claimed_by IN ({marks})",
            holders,
        )
        leases = await self._run(f"DELETE FROM leases WHERE holder IN ({marks})", holders)
        return Released(outbox, timers, leases)

    async def held(self, holders: tuple[str, ...]) -> int:
        """How many outbox rows, unfired timers and leases these holders have claimed."""
        marks = ", ".join("?" for _ in holders)
        value = await self._scalar(
            f"SELECT (SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND claimed_by IN ({marks})) "
            f"+ (SELECT COUNT(*) FROM timers WHERE fired_at IS NULL AND claimed_by IN ({marks})) "
            f"+ (SELECT COUNT(*) FROM leases WHERE holder IN ({marks}))",
            holders * 3,
        )
        return int(value or 0)

    async def outbox_backlog(self) -> Backlog:
        rows = await self.conn.execute_fetchall(
            "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE status = 'pending'", ()
        )
        count, oldest = rows[0][0], rows[0][1]
        return Backlog(int(count or 0), None if oldest is None else str(oldest))

    async def timers_due(self, now: str) -> int:
        due = await self._scalar("SELECT COUNT(*) FROM timers WHERE fired_at IS NULL AND due_at <= ?", (now,))
        return int(due or 0)

    async def ping(self) -> bool:
        """The database answers a query."""
        return bool(await self._scalar("SELECT 1") == 1)
