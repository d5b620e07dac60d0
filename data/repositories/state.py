"""Named facts about the bot itself (for example the digest of the slash commands last synced)."""

from __future__ import annotations

from data.repositories.base import Repository


class StateRepository(Repository):
    async def get(self, key: str) -> str | None:
        value = await self._scalar("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if value is None else str(value)

    async def put(self, key: str, value: str, now: str) -> None:
        await self._run(
            "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, now),
        )

    async def delete(self, key: str) -> None:
        await self._run("DELETE FROM bot_state WHERE key = ?", (key,))
