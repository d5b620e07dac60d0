"""Glicko-2 ratings per player, variant and pool, and the change each rated game made."""

from __future__ import annotations

from data.models import RatingChangeRow, RatingRow
from data.repositories.base import Repository


class RatingRepository(Repository):
    async def get(self, player_id: int, variant: str, pool: str) -> RatingRow | None:
        return await self._one(
            RatingRow,
            "SELECT * FROM ratings WHERE player_id = ? AND variant = ? AND pool = ?",
            (player_id, variant, pool),
        )

    async def for_player(self, player_id: int) -> list[RatingRow]:
        return await self._all(
            RatingRow, "SELECT * FROM ratings WHERE player_id = ? ORDER BY variant, pool", (player_id,)
        )

    async def save(self, row: RatingRow) -> None:
        await self._run(
            "INSERT INTO ratings (player_id, variant, pool, rating, rd, volatility, games, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player_id, variant, pool) DO UPDATE SET "
            "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
            "games = excluded.games, updated_at = excluded.updated_at",
            (
                row.player_id,
                row.variant,
                row.pool,
                row.rating,
                row.rd,
                row.volatility,
                row.games,
                row.updated_at,
            ),
        )

    async def record_change(self, change: RatingChangeRow) -> None:
        """Raises sqlite3.IntegrityError if this game already changed this player's rating."""
        await self._run(
            "INSERT INTO rating_changes (game_id, player_id, pool, rating_before, rating_after, rd_before, "
            "rd_after) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                change.game_id,
                change.player_id,
                change.pool,
                change.rating_before,
                change.rating_after,
                change.rd_before,
                change.rd_after,
            ),
        )

    async def changes_for_game(self, game_id: int) -> list[RatingChangeRow]:
        return await self._all(
            RatingChangeRow, "SELECT * FROM rating_changes WHERE game_id = ? ORDER BY player_id", (game_id,)
        )

    async def leaderboard(self, variant: str, pool: str, limit: int) -> list[RatingRow]:
        return await self._all(
            RatingRow,
            "SELECT r.* FROM ratings AS r JOIN players AS p ON p.id = r.player_id "
            "WHERE r.variant = ? AND r.pool = ? AND p.is_bot = 0 AND p.anonymised = 0 "
            "ORDER BY r.rating DESC, r.rd ASC, r.player_id LIMIT ?",
            (variant, pool, limit),
        )
