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

    async def claim_due(self, now: str, worker: str, lease_until: str, limit: int = 50) -> list[TimerRow]:
        """Lease up to `limit` due timers to this worker: those nobody holds, or whose holder's lease ran out
        (it died). One statement, so two processes never lease the same timer. Earliest first (RETURNING keeps
        no order of its own)."""
        leased = await self._all(
            TimerRow,
            "UPDATE timers SET claimed_by = ?, lease_until = ? WHERE id IN ("
            "SELECT id FROM timers WHERE fired_at IS NULL AND due_at <= ? "
            "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at, id LIMIT ?) RETURNING *",
            (worker, lease_until, now, now, limit),
        )
        return sorted(leased, key=lambda timer: (timer.due_at, timer.id))

    async def claim(self, timer_id: int, now: str, worker: str | None = None) -> bool:
        """Mark a timer fired; False if it already fired, was cancelled, or (given a worker) is leased to
        another worker now. Done in the transaction that applies its effect, so it runs exactly once."""
        changed = await self._run(
            "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL "
            "AND (CAST(? AS TEXT) IS NULL OR claimed_by = ?)",
            (now, timer_id, worker, worker),
        )
        return changed == 1

    async def next_due(self) -> str | None:
        # a timer leased to a process is not ours to fire before its lease runs out
        value = await self._scalar(
            "SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > due_at THEN lease_until ELSE due_at END) "
            "FROM timers WHERE fired_at IS NULL"
        )
        return None if value is None else str(value)

    async def cancel_for_game(self, game_id: int) -> int:
        return await self._run("DELETE FROM timers WHERE game_id = ? AND fired_at IS NULL", (game_id,))

    async def cancel_for_challenge(self, challenge_id: int) -> int:
        return await self._run("DELETE FROM timers WHERE challenge_id = ? AND fired_at IS NULL", (challenge_id,))

    async def cancel_for_player(self, player_id: int, event: str) -> int:
        return await self._run(
            "DELETE FROM timers WHERE player_id = ? AND event = ? AND fired_at IS NULL", (player_id, event)
        )
