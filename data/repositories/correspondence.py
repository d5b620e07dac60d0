"""Conditional moves (premoves) and stored game analyses."""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories.base import Repository


@dataclass(frozen=True, slots=True)
class PremoveRow:
    id: int
    game_id: int
    player_id: int
    line: str  # full move paths separated by spaces, the opponent's move first
    created_at: str


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    game_id: int
    plies: int
    seconds_per_position: float
    data: str  # JSON
    requested_by: int | None
    created_at: str


class PremoveRepository(Repository):
    async def for_game(self, game_id: int) -> list[PremoveRow]:
        return await self._all(PremoveRow, "SELECT * FROM premoves WHERE game_id = ? ORDER BY id", (game_id,))

    async def add(self, game_id: int, player_id: int, line: str, now: str) -> int:
        return await self._insert(
            "INSERT INTO premoves (game_id, player_id, line, created_at) VALUES (?, ?, ?, ?)",
            (game_id, player_id, line, now),
        )

    async def delete(self, premove_id: int) -> None:
        await self._run("DELETE FROM premoves WHERE id = ?", (premove_id,))

    async def clear(self, game_id: int, player_id: int | None = None) -> int:
        """Delete the game's lines (only player_id's, if given); returns how many went."""
        if player_id is None:
            return await self._run("DELETE FROM premoves WHERE game_id = ?", (game_id,))
        return await self._run("DELETE FROM premoves WHERE game_id = ? AND player_id = ?", (game_id, player_id))


class AnalysisRepository(Repository):
    """Analyses of games played here (analyses) and of imported records (imported_analyses, by record id,
    read into the same row shape)."""

    async def get(self, game_id: int) -> AnalysisRow | None:
        return await self._one(AnalysisRow, "SELECT * FROM analyses WHERE game_id = ?", (game_id,))

    async def get_imported(self, imported_id: int) -> AnalysisRow | None:
        return await self._one(
            AnalysisRow,
            "SELECT imported_id AS game_id, plies, seconds_per_position, data, requested_by, created_at "
            "FROM imported_analyses WHERE imported_id = ?",
            (imported_id,),
        )

    async def save_imported(self, row: AnalysisRow) -> None:
        """row.game_id is the imported record's id."""
        await self._run(
            "INSERT INTO imported_analyses (imported_id, plies, seconds_per_position, data, requested_by, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (imported_id) DO UPDATE SET plies = excluded.plies, "
            "seconds_per_position = excluded.seconds_per_position, data = excluded.data, "
            "requested_by = excluded.requested_by, created_at = excluded.created_at",
            (row.game_id, row.plies, row.seconds_per_position, row.data, row.requested_by, row.created_at),
        )

    async def save(self, row: AnalysisRow) -> None:
        await self._run(
            "INSERT INTO analyses (game_id, plies, seconds_per_position, data, requested_by, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET plies = excluded.plies, "
            "seconds_per_position = excluded.seconds_per_position, data = excluded.data, "
            "requested_by = excluded.requested_by, created_at = excluded.created_at",
            (row.game_id, row.plies, row.seconds_per_position, row.data, row.requested_by, row.created_at),
        )
