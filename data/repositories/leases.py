"""Leases on named jobs (e.g. 'bot-move:42'): one holder at a time, until its lease runs out."""

from __future__ import annotations

from data.repositories.base import Repository


class LeaseRepository(Repository):
    async def claim(self, name: str, holder: str, now: str, until: str) -> bool:
        """True if `holder` now holds `name` until `until`: it was free, expired, or already this holder's."""
        changed = await self._run(
            "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
            "holder = excluded.holder, expires_at = excluded.expires_at "
            "WHERE leases.expires_at <= ? OR leases.holder = excluded.holder",
            (name, holder, until, now),
        )
        return changed == 1

    async def release(self, name: str, holder: str) -> None:
        await self._run("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    async def purge(self, now: str) -> int:
        """Drop expired leases (they only matter while they run)."""
        return await self._run("DELETE FROM leases WHERE expires_at <= ?", (now,))
