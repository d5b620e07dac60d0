"""The outbox: announcements waiting for Discord, claimed with a lease so several processes can share it.

Only the oldest pending row of a stream can be claimed, so a stream is delivered in order and by one
worker at a time. A stream is a destination (a game's channel, a player's DM); a row with after_stream
also waits for that stream's earlier rows (a DM for the board it links to), never the other way round.
The claim is one portable statement (UPDATE ... WHERE id IN (SELECT ... LIMIT ?) RETURNING, SQLite >= 3.35
and PostgreSQL); the outer WHERE repeats the lease test so that a concurrent claimer on PostgreSQL (which
re-checks it on the updated row) cannot take the same row twice.
"""

from __future__ import annotations

from data.models import OutboxRow
from data.repositories.base import Repository

_HEAD = (  # nothing older waits in its stream, nor in the stream it comes after
    "NOT EXISTS (SELECT 1 FROM outbox e WHERE e.stream = o.stream AND e.status = 'pending' AND e.id < o.id) "
    "AND NOT EXISTS (SELECT 1 FROM outbox a WHERE a.stream = o.after_stream AND a.status = 'pending' AND a.id < o.id)"
)
_CLAIMABLE = f"o.status = 'pending' AND (o.lease_until IS NULL OR o.lease_until < ?) AND {_HEAD}"
_CLAIM = (
    "UPDATE outbox SET claimed_by = ?, lease_until = ?, attempts = attempts + 1 "
    "WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < ?) AND id IN ("
    "SELECT o.id FROM outbox o WHERE {where} ORDER BY o.id LIMIT ?) RETURNING *"
)


class OutboxRepository(Repository):
    async def add(
        self, stream: str, kind: str, payload: str, now: str, not_before: str, after_stream: str | None = None
    ) -> int:
        return await self._insert(
            "INSERT INTO outbox (stream, kind, payload, created_at, next_attempt_at, after_stream) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (stream, kind, payload, now, not_before, after_stream),
        )

    async def claim_due(self, worker: str, lease_until: str, now: str, limit: int) -> list[OutboxRow]:
        """The head row of up to `limit` streams whose next attempt is due."""
        sql = _CLAIM.format(where=f"{_CLAIMABLE} AND o.next_attempt_at <= ?")
        rows = await self._all(OutboxRow, sql, (worker, lease_until, now, now, now, limit))
        return sorted(rows, key=lambda row: row.id)

    async def claim_stream(
        self, stream: str, upto: int, worker: str, lease_until: str, now: str
    ) -> OutboxRow | None:
        """The head row of one stream, if it is no newer than `upto`, for the inline path: a fresh row at
        once, a retried one when due."""
        where = f"{_CLAIMABLE} AND o.stream = ? AND o.id <= ? AND (o.attempts = 0 OR o.next_attempt_at <= ?)"
        params = (worker, lease_until, now, now, stream, upto, now, 1)
        return await self._one(OutboxRow, _CLAIM.format(where=where), params)

    async def last_id(self, stream: str) -> int:
        return int(await self._scalar("SELECT MAX(id) FROM outbox WHERE stream = ?", (stream,)) or 0)

    async def delivered(
        self, row_id: int, worker: str, now: str, channel_id: int | None, message_id: int | None
    ) -> bool:
        """False when this worker no longer held the row (its lease ran out and another took it)."""
        changed = await self._run(
            "UPDATE outbox SET status = 'delivered', delivered_at = ?, channel_id = ?, message_id = ?, "
            "claimed_by = NULL, lease_until = NULL WHERE id = ? AND claimed_by = ? AND status = 'pending'",
            (now, channel_id, message_id, row_id, worker),
        )
        return changed == 1

    async def retry(self, row_id: int, worker: str, next_attempt_at: str, error: str) -> bool:
        changed = await self._run(
            "UPDATE outbox SET claimed_by = NULL, lease_until = NULL, next_attempt_at = ?, last_error = ? "
            "WHERE id = ? AND claimed_by = ? AND status = 'pending'",
            (next_attempt_at, error[:500], row_id, worker),
        )
        return changed == 1

    async def failed(self, row_id: int, worker: str, now: str, error: str) -> bool:
        """Give up on a row Discord refuses for good (a closed DM, a deleted channel)."""
        changed = await self._run(
            "UPDATE outbox SET status = 'failed', delivered_at = ?, last_error = ?, claimed_by = NULL, "
            "lease_until = NULL WHERE id = ? AND claimed_by = ? AND status = 'pending'",
            (now, error[:500], row_id, worker),
        )
        return changed == 1

    async def next_due(self) -> str | None:
        """When the first row of a stream may be tried next (its lease end if it is claimed)."""
        value = await self._scalar(
            "SELECT MIN(CASE WHEN o.lease_until IS NOT NULL AND o.lease_until > o.next_attempt_at "
            f"THEN o.lease_until ELSE o.next_attempt_at END) FROM outbox o WHERE o.status = 'pending' AND {_HEAD}"
        )
        return None if value is None else str(value)

    async def get(self, row_id: int) -> OutboxRow | None:
        return await self._one(OutboxRow, "SELECT * FROM outbox WHERE id = ?", (row_id,))

    async def stream_pending(self, stream: str, upto: int) -> int:
        return int(
            await self._scalar(
                "SELECT COUNT(*) FROM outbox WHERE stream = ? AND id <= ? AND status = 'pending'", (stream, upto)
            )
            or 0
        )

    async def pending_count(self) -> int:
        return int(await self._scalar("SELECT COUNT(*) FROM outbox WHERE status = 'pending'") or 0)

    async def settle_for_players(self, player_ids: tuple[int, ...], now: str) -> int:
        """Mark the pending news of these players' games and tournaments (and their own) delivered: local
        mode shows everything itself and has no Discord to post to."""
        marks = ", ".join("?" * len(player_ids))
        streams = (
            f"SELECT 'game:' || id FROM games WHERE white_id IN ({marks}) OR black_id IN ({marks}) "
            f"UNION SELECT 'player:' || id FROM players WHERE id IN ({marks}) "
            f"UNION SELECT 'tournament:' || tournament_id FROM tournament_players WHERE player_id IN ({marks})"
        )
        return await self._run(
            "UPDATE outbox SET status = 'delivered', delivered_at = ?, claimed_by = NULL, lease_until = NULL "
            f"WHERE status = 'pending' AND stream IN ({streams})",
            (now, *player_ids, *player_ids, *player_ids, *player_ids),
        )
