"""Durable timers: rows with a due time; the dispatcher claims each one exactly once."""

from __future__ import annotations

from data.models import TimerRow
from data.repositories.base import Repository


class TimerRepository(Repository):
    async def add(
        self,
        event: str,
        due_at: str,
        now: str,
        *,
        game_id: int | None = None,
        challenge_id: int | None = None,
        player_id: int | None = None,
    ) -> int:
        return await self._insert(
            "INSERT INTO timers (event, due_at, game_id, challenge_id, player_id, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (event, due_at, game_id, challenge_id, player_id, now),
        )

    async def add_game_timers(self, game_id: int, timers: list[tuple[str, str]], now: str) -> None:
        """Several (event, due_at) timers for one game in one statement."""
        if not timers:
            return
        values = ", ".join(["(?, ?, ?, ?)"] * len(timers))
        params: list[object] = []
        for event, due_at in timers:
            params.extend((event, due_at, game_id, now))
        await self._run(f"INSERT INTO timers (event, due_at, game_id, created_at) VALUES {values}", params)

    async def get(self, timer_id: int) -> TimerRow | None:
        return await self._one(TimerRow, "SELECT * FROM timers WHERE id = ?", (timer_id,))

    async def due(self, now: str, limit: int = 100) -> list[TimerRow]:
        return await self._all(
            TimerRow,
            "SELECT * FROM timers WHERE fired_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?",
            (now, limit),
        )

    async def claim(self, timer_id: int, now: str) -> bool:
        """Mark a timer fired; False if it already fired or was cancelled (so it runs exactly once)."""
        changed = await self._run("UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL", (now, timer_id))
        return changed == 1

    async def next_due(self) -> str | None:
        value = await self._scalar("SELECT MIN(due_at) FROM timers WHERE fired_at IS NULL")
        return None if value is None else str(value)

    async def cancel_for_game(self, game_id: int) -> int:
        return await self._run("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,))

    async def cancel_for_challenge(self, challenge_id: int) -> int:
        return await self._run("DELETE FROM timers WHERE challenge_id = ? AND fired_at IS NULL", (challenge_id,))

    async def cancel_for_player(self, player_id: int, event: str) -> int:
        return await self._run(
            "DELETE FROM timers WHERE player_id = ? AND event = ? AND fired_at IS NULL", (player_id, event)
        )
