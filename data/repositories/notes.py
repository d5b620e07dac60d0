"""Private notes on games and moves: each row is read by its writer only (service/notes.py)."""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories.base import Repository


@dataclass(frozen=True, slots=True)
class NoteRow:
    game_id: int
    player_id: int
    ply: int
    text: str
    updated_at: str


class NoteRepository(Repository):
    async def put(self, row: NoteRow) -> None:
        await self._run(
            "INSERT INTO notes (game_id, player_id, ply, text, updated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, player_id, ply) "
            "DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at",
            (row.game_id, row.player_id, row.ply, row.text, row.updated_at),
        )

    async def delete(self, game_id: int, player_id: int, ply: int) -> int:
        return await self._run(
            "DELETE FROM notes WHERE game_id = ? AND player_id = ? AND ply = ?", (game_id, player_id, ply)
        )

    async def of(self, game_id: int, player_id: int) -> list[NoteRow]:
        return await self._all(
            NoteRow, "SELECT * FROM notes WHERE game_id = ? AND player_id = ? ORDER BY ply", (game_id, player_id)
        )

    async def count(self, game_id: int, player_id: int) -> int:
        found = await self._scalar(
            "SELECT COUNT(*) FROM notes WHERE game_id = ? AND player_id = ?", (game_id, player_id)
        )
        return int(found or 0)

    async def delete_for_player(self, player_id: int) -> int:
        return await self._run("DELETE FROM notes WHERE player_id = ?", (player_id,))


@dataclass(frozen=True, slots=True)
class SavedLineRow:
    id: int
    game_id: int
    player_id: int
    ply: int
    moves: str
    created_at: str


class SavedLineRepository(Repository):
    async def add(self, game_id: int, player_id: int, ply: int, moves: str, now: str) -> int:
        return await self._insert(
            "INSERT INTO saved_lines (game_id, player_id, ply, moves, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, player_id, ply, moves, now),
        )

    async def of(self, game_id: int, player_id: int) -> list[SavedLineRow]:
        return await self._all(
            SavedLineRow,
            "SELECT * FROM saved_lines WHERE game_id = ? AND player_id = ? ORDER BY ply, id",
            (game_id, player_id),
        )

    async def count(self, game_id: int, player_id: int) -> int:
        found = await self._scalar(
            "SELECT COUNT(*) FROM saved_lines WHERE game_id = ? AND player_id = ?", (game_id, player_id)
        )
        return int(found or 0)

    async def delete_for_player(self, player_id: int) -> int:
        return await self._run("DELETE FROM saved_lines WHERE player_id = ?", (player_id,))
