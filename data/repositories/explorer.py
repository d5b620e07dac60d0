"""The opening explorer's index: per owner, position and move, how often it was played and how it went."""

from __future__ import annotations

from collections.abc import Sequence

from data.models import ExplorerMoveRow
from data.repositories.base import Repository

# (owner_kind, owner_id, variant, position_key, guild_id, move, white_win, draw, black_win, game_id, imported, at)
ExplorerEntry = tuple[str, int, str, int, int, str, int, int, int, int, int, str]

_UPSERT = (
    "INSERT INTO explorer_moves (owner_kind, owner_id, variant, position_key, guild_id, move, games, white_wins, "
    "draws, black_wins, last_game_id, last_imported, last_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (owner_kind, owner_id, variant, position_key, guild_id, move) DO UPDATE SET "
    "games = explorer_moves.games + 1, white_wins = explorer_moves.white_wins + excluded.white_wins, "
    "draws = explorer_moves.draws + excluded.draws, black_wins = explorer_moves.black_wins + excluded.black_wins, "
    "last_game_id = CASE WHEN excluded.last_at >= explorer_moves.last_at THEN excluded.last_game_id "
    "ELSE explorer_moves.last_game_id END, "
    "last_imported = CASE WHEN excluded.last_at >= explorer_moves.last_at THEN excluded.last_imported "
    "ELSE explorer_moves.last_imported END, "
    "last_at = CASE WHEN excluded.last_at >= explorer_moves.last_at THEN excluded.last_at "
    "ELSE explorer_moves.last_at END"
)

_COLUMNS = "move, games, white_wins, draws, black_wins, last_game_id, last_imported, last_at"


class ExplorerRepository(Repository):
    async def add(self, entries: Sequence[ExplorerEntry]) -> None:
        """Count one game's moves (one entry per owner, position and move)."""
        if entries:
            await self.conn.execute_many(_UPSERT, entries)

    async def moves(
        self, variant: str, position_key: int, *, guild_id: int | None, player_id: int
    ) -> list[ExplorerMoveRow]:
        """The server's games and imports, plus the player's own outside that server (each counted once)."""
        rows: list[ExplorerMoveRow] = []
        if guild_id is not None:
            rows += await self._all(
                ExplorerMoveRow,
                f"SELECT {_COLUMNS} FROM explorer_moves WHERE owner_kind = 'guild' AND owner_id = ? "
                "AND variant = ? AND position_key = ?",
                (guild_id, variant, position_key),
            )
        rows += await self._all(
            ExplorerMoveRow,
            f"SELECT {_COLUMNS} FROM explorer_moves WHERE owner_kind = 'player' AND owner_id = ? "
            "AND variant = ? AND position_key = ? AND guild_id <> ?",
            (player_id, variant, position_key, guild_id if guild_id is not None else -1),
        )
        return rows

    async def size(self) -> int:
        return int(await self._scalar("SELECT COUNT(*) FROM explorer_moves") or 0)
