"""Games and their moves. Position changes go through a version check (optimistic concurrency)."""

from __future__ import annotations

from data.models import GameRow, MoveRow, NewGame
from data.repositories.base import Repository


class GameRepository(Repository):
    async def insert(self, game: NewGame) -> int:
        return await self._insert(
            "INSERT INTO games (variant, white_id, black_id, start_fen, current_fen, rated, bot_level, "
            "days_per_move, move_deadline, paused_seconds, guild_id, channel_id, created_at, last_move_at, "
            "reply_only, clock, white_bank, black_bank) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.variant,
                game.white_id,
                game.black_id,
                game.start_fen,
                game.start_fen,
                int(game.rated),
                game.bot_level,
                game.days_per_move,
                game.move_deadline,
                game.paused_seconds,
                game.guild_id,
                game.channel_id,
                game.created_at,
                game.created_at,
                int(game.reply_only),
                game.clock,
                game.white_bank,
                game.black_bank,
            ),
        )

    async def get(self, game_id: int) -> GameRow | None:
        return await self._one(GameRow, "SELECT * FROM games WHERE id = ?", (game_id,))

    async def for_player(self, player_id: int, *, active_only: bool, limit: int = 100) -> list[GameRow]:
        status = ("active",) if active_only else ("active", "finished")
        return await self._all(
            GameRow,
            "SELECT * FROM games WHERE white_id = ? AND status IN (?, ?) "
            "UNION ALL SELECT * FROM games WHERE black_id = ? AND status IN (?, ?) "
            "ORDER BY last_move_at DESC, id DESC LIMIT ?",
            (player_id, status[0], status[-1], player_id, status[0], status[-1], limit),
        )

    async def ids(self) -> list[int]:
        return [int(value) for value in await self._column("SELECT id FROM games ORDER BY id")]

    async def active_waiting_for(self, player_id: int) -> list[GameRow]:
        """Active games where it is this player's turn (by the side to move in the stored FEN)."""
        return await self._all(
            GameRow,
            "SELECT * FROM games WHERE status = 'active' AND ("
            "(white_id = ? AND current_fen LIKE 'W%') OR (black_id = ? AND current_fen LIKE 'B%'))",
            (player_id, player_id),
        )

    async def bot_to_move_since(self, bot_id: int, before: str, limit: int = 50) -> list[int]:
        """Active games where the bot is to move and nothing happened since `before` (its reply is overdue)."""
        found = await self._column(
            "SELECT id FROM games WHERE white_id = ? AND status = 'active' AND last_move_at <= ? "
            "AND current_fen LIKE 'W%' UNION ALL "
            "SELECT id FROM games WHERE black_id = ? AND status = 'active' AND last_move_at <= ? "
            "AND current_fen LIKE 'B%' ORDER BY 1 LIMIT ?",
            (bot_id, before, bot_id, before, limit),
        )
        return [int(value) for value in found]

    async def active_ids(self) -> list[int]:
        return [int(value) for value in await self._column("SELECT id FROM games WHERE status = 'active' ORDER BY id")]

    async def update_position(
        self,
        game_id: int,
        expected_version: int,
        *,
        fen: str,
        ply: int,
        anchor_ply: int,
        move_deadline: str | None,
        paused_seconds: float | None,
        now: str,
        banks: tuple[float | None, float | None] | None = None,
    ) -> bool:
        """False when the game changed since expected_version (nothing is written then). banks: a clock game's
        (white, black) time banks after the move, written in the same statement."""
        columns = "current_fen = ?, ply = ?, anchor_ply = ?, move_deadline = ?, paused_seconds = ?, last_move_at = ?"
        values: tuple[object, ...] = (fen, ply, anchor_ply, move_deadline, paused_seconds, now)
        if banks is not None:
            columns += ", white_bank = ?, black_bank = ?"
            values += banks
        changed = await self._run(
            f"UPDATE games SET {columns}, version = version + 1 WHERE id = ? AND version = ? AND status = 'active'",
            (*values, game_id, expected_version),
        )
        return changed == 1

    async def finish(self, game_id: int, expected_version: int, *, result: str, termination: str, now: str) -> bool:
        changed = await self._run(
            "UPDATE games SET status = 'finished', result = ?, termination = ?, finished_at = ?, "
            "move_deadline = NULL, paused_seconds = NULL, version = version + 1 "
            "WHERE id = ? AND version = ? AND status = 'active'",
            (result, termination, now, game_id, expected_version),
        )
        return changed == 1

    async def set_clock(self, game_id: int, move_deadline: str | None, paused_seconds: float | None) -> None:
        """Clock-only change (vacation): no version bump, so a displayed board stays current."""
        await self._run(
            "UPDATE games SET move_deadline = ?, paused_seconds = ? WHERE id = ? AND status = 'active'",
            (move_deadline, paused_seconds, game_id),
        )

    async def active_at(self, guild_id: int, variant: str, ply: int) -> list[GameRow]:
        """Active games of a server at a given ply (the positions an onlooker may not get a hint on)."""
        return await self._all(
            GameRow,
            "SELECT * FROM games WHERE status = 'active' AND guild_id = ? AND variant = ? AND ply = ?",
            (guild_id, variant, ply),
        )

    async def set_ballot(self, game_id: int, ballot: int, pair_id: int | None) -> None:
        await self._run("UPDATE games SET ballot = ?, ballot_pair_id = ? WHERE id = ?", (ballot, pair_id, game_id))

    async def in_conversation(self, channel_id: int, limit: int = 3) -> list[GameRow]:
        """Active games of a reply-only conversation whose last board has not been shown there."""
        return await self._all(
            GameRow,
            "SELECT * FROM games WHERE channel_id = ? AND reply_only = 1 AND status = 'active' "
            "AND message_id IS NULL ORDER BY id LIMIT ?",
            (channel_id, limit),
        )

    async def set_display(
        self, game_id: int, channel_id: int | None, thread_id: int | None, message_id: int | None
    ) -> None:
        await self._run(
            "UPDATE games SET channel_id = ?, thread_id = ?, message_id = ? WHERE id = ?",
            (channel_id, thread_id, message_id, game_id),
        )


class MoveRepository(Repository):
    async def insert(self, move: MoveRow) -> None:
        await self._run(
            "INSERT INTO moves (game_id, ply, notation, path, captures, reversible, fen_after, player_id, "
            "played_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                move.game_id,
                move.ply,
                move.notation,
                move.path,
                move.captures,
                move.reversible,
                move.fen_after,
                move.player_id,
                move.played_at,
            ),
        )

    async def for_game(self, game_id: int, after_ply: int = 0) -> list[MoveRow]:
        return await self._all(
            MoveRow, "SELECT * FROM moves WHERE game_id = ? AND ply > ? ORDER BY ply", (game_id, after_ply)
        )

    async def fen_after(self, game_id: int, ply: int) -> str | None:
        value = await self._scalar("SELECT fen_after FROM moves WHERE game_id = ? AND ply = ?", (game_id, ply))
        return None if value is None else str(value)

    async def last_irreversible_ply(self, game_id: int, up_to: int) -> int:
        value = await self._scalar(
            "SELECT MAX(ply) FROM moves WHERE game_id = ? AND ply <= ? AND reversible = 0", (game_id, up_to)
        )
        return int(value or 0)

    async def delete_after(self, game_id: int, ply: int) -> int:
        return await self._run("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, ply))
