"""Challenges, and the offers made during a game (draws, takebacks)."""

from __future__ import annotations

from data.models import ChallengeRow, OfferRow
from data.repositories.base import Repository


class ChallengeRepository(Repository):
    async def insert(
        self,
        *,
        challenger_id: int,
        opponent_id: int | None,
        variant: str,
        color: str,
        days_per_move: int,
        rated: bool,
        bot_level: int | None,
        guild_id: int | None,
        channel_id: int | None,
        created_at: str,
        expires_at: str,
        start_fen: str | None = None,
        ballot: int | None = None,
        reply_only: bool = False,
        clock: str | None = None,
    ) -> int:
        return await self._insert(
            "INSERT INTO challenges (challenger_id, opponent_id, variant, color, days_per_move, rated, "
            "bot_level, guild_id, channel_id, created_at, expires_at, start_fen, ballot, reply_only, clock) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                challenger_id,
                opponent_id,
                variant,
                color,
                days_per_move,
                int(rated),
                bot_level,
                guild_id,
                channel_id,
                created_at,
                expires_at,
                start_fen,
                ballot,
                int(reply_only),
                clock,
            ),
        )

    async def get(self, challenge_id: int) -> ChallengeRow | None:
        return await self._one(ChallengeRow, "SELECT * FROM challenges WHERE id = ?", (challenge_id,))

    async def answer(
        self, challenge_id: int, status: str, now: str, *, game_id: int | None = None, opponent_id: int | None
    ) -> bool:
        """Move an open challenge to its final status; False if it was already answered."""
        changed = await self._run(
            "UPDATE challenges SET status = ?, answered_at = ?, game_id = ?, "
            "opponent_id = COALESCE(opponent_id, ?) WHERE id = ? AND status = 'open'",
            (status, now, game_id, opponent_id, challenge_id),
        )
        return changed == 1

    async def set_message(self, challenge_id: int, channel_id: int | None, message_id: int | None) -> None:
        await self._run(
            "UPDATE challenges SET channel_id = ?, message_id = ? WHERE id = ?",
            (channel_id, message_id, challenge_id),
        )

    async def open_for(self, player_id: int) -> list[ChallengeRow]:
        """Open challenges this player made, was sent, or may take (open ones from others)."""
        return await self._all(
            ChallengeRow,
            "SELECT * FROM challenges WHERE status = 'open' AND "
            "(challenger_id = ? OR opponent_id = ? OR opponent_id IS NULL) ORDER BY id",
            (player_id, player_id),
        )

    async def open_by(self, player_id: int) -> list[ChallengeRow]:
        return await self._all(
            ChallengeRow,
            "SELECT * FROM challenges WHERE status = 'open' AND (challenger_id = ? OR opponent_id = ?)",
            (player_id, player_id),
        )


class OfferRepository(Repository):
    async def insert(self, game_id: int, kind: str, from_id: int, ply: int, now: str) -> int:
        return await self._insert(
            "INSERT INTO offers (game_id, kind, from_id, ply, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, kind, from_id, ply, now),
        )

    async def pending(self, game_id: int, kind: str) -> OfferRow | None:
        return await self._one(
            OfferRow,
            "SELECT * FROM offers WHERE game_id = ? AND kind = ? AND status = 'pending'",
            (game_id, kind),
        )

    async def answer(self, offer_id: int, status: str, now: str) -> bool:
        changed = await self._run(
            "UPDATE offers SET status = ?, answered_at = ? WHERE id = ? AND status = 'pending'",
            (status, now, offer_id),
        )
        return changed == 1

    async def void(self, game_id: int, now: str, *, kind: str | None = None, from_id: int | None = None) -> int:
        """Cancel pending offers of a game (optionally of one kind, or made by one player)."""
        return await self._run(
            "UPDATE offers SET status = 'void', answered_at = ? WHERE game_id = ? AND status = 'pending' "
            "AND (CAST(? AS TEXT) IS NULL OR kind = ?) AND (CAST(? AS BIGINT) IS NULL OR from_id = ?)",
            (now, game_id, kind, kind, from_id, from_id),
        )

    async def void_on_move(self, game_id: int, now: str, waiting_id: int) -> int:
        """After a move: takeback requests and the waiting player's draw offer lapse (the mover's stands)."""
        return await self._run(
            "UPDATE offers SET status = 'void', answered_at = ? WHERE game_id = ? AND status = 'pending' "
            "AND (kind = 'takeback' OR from_id = ?)",
            (now, game_id, waiting_id),
        )

    async def for_game(self, game_id: int) -> list[OfferRow]:
        return await self._all(OfferRow, "SELECT * FROM offers WHERE game_id = ? ORDER BY id", (game_id,))
