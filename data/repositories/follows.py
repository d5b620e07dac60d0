"""Followers of games and players, their news waiting for the next hourly message, and when each was last sent."""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories.base import Repository


@dataclass(frozen=True, slots=True)
class FollowRow:
    id: int
    follower_id: int
    game_id: int | None
    player_id: int | None
    guild_id: int | None
    channel_id: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class FollowNewsRow:
    id: int
    follower_id: int
    game_id: int
    kind: str
    notation: str | None
    created_at: str


class FollowRepository(Repository):
    async def add(
        self, follower_id: int, *, game_id: int | None, player_id: int | None, guild_id: int | None,
        channel_id: int | None, now: str,
    ) -> bool:
        """False if the follower already follows it."""
        changed = await self._run(
            "INSERT INTO follows (follower_id, game_id, player_id, guild_id, channel_id, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (follower_id, game_id, player_id, guild_id, channel_id, now),
        )
        return changed == 1

    async def remove(self, follower_id: int, *, game_id: int | None = None, player_id: int | None = None) -> bool:
        if game_id is not None:
            changed = await self._run(
                "DELETE FROM follows WHERE follower_id = ? AND game_id = ?", (follower_id, game_id)
            )
        else:
            changed = await self._run(
                "DELETE FROM follows WHERE follower_id = ? AND player_id = ?", (follower_id, player_id)
            )
        return changed > 0

    async def drop_follower(self, follower_id: int) -> None:
        """Every follow and waiting news of a follower (closed DMs, or /forget-me)."""
        await self._run("DELETE FROM follow_news WHERE follower_id = ?", (follower_id,))
        await self._run("DELETE FROM follows WHERE follower_id = ?", (follower_id,))

    async def of_follower(self, follower_id: int) -> list[FollowRow]:
        return await self._all(FollowRow, "SELECT * FROM follows WHERE follower_id = ? ORDER BY id", (follower_id,))

    async def of_game(self, game_id: int) -> list[FollowRow]:
        return await self._all(FollowRow, "SELECT * FROM follows WHERE game_id = ? ORDER BY id", (game_id,))

    async def of_players(self, player_ids: tuple[int, ...]) -> list[FollowRow]:
        marks = ", ".join("?" for _ in player_ids)
        return await self._all(
            FollowRow, f"SELECT * FROM follows WHERE player_id IN ({marks}) ORDER BY id", player_ids
        )

    async def add_news(self, follower_id: int, game_id: int, kind: str, notation: str | None, now: str) -> None:
        await self._run(
            "INSERT INTO follow_news (follower_id, game_id, kind, notation, created_at) VALUES (?, ?, ?, ?, ?)",
            (follower_id, game_id, kind, notation, now),
        )

    async def followers_due(self, sent_before: str) -> list[int]:
        """Followers with news waiting who were last sent news before `sent_before` (or never)."""
        return await self._column(
            "SELECT DISTINCT n.follower_id FROM follow_news n LEFT JOIN follow_sent s ON s.follower_id = n.follower_id "
            "WHERE s.sent_at IS NULL OR s.sent_at <= ? ORDER BY n.follower_id",
            (sent_before,),
        )

    async def claim_sending(self, follower_id: int, sent_before: str, now: str) -> bool:
        """Take the follower's hourly slot; False if another process (or this one, before a restart) has it."""
        changed = await self._run(
            "INSERT INTO follow_sent (follower_id, sent_at) VALUES (?, ?) ON CONFLICT (follower_id) DO UPDATE SET "
            "sent_at = excluded.sent_at WHERE follow_sent.sent_at <= ?",
            (follower_id, now, sent_before),
        )
        return changed == 1

    async def take_news(self, follower_id: int) -> list[FollowNewsRow]:
        rows = await self._all(
            FollowNewsRow, "SELECT * FROM follow_news WHERE follower_id = ? ORDER BY id", (follower_id,)
        )
        await self._run("DELETE FROM follow_news WHERE follower_id = ?", (follower_id,))
        return rows
