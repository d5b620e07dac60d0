"""Imported game records (PDN brought in by players)."""

from __future__ import annotations

from data.models import ImportedGameRow, NewImportedGame
from data.repositories.base import Repository


class ImportedGameRepository(Repository):
    async def insert(self, game: NewImportedGame) -> int:
        return await self._insert(
            "INSERT INTO imported_games (guild_id, importer_id, variant, start_fen, moves, result, white_name, "
            "black_name, event, game_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.guild_id,
                game.importer_id,
                game.variant,
                game.start_fen,
                game.moves,
                game.result,
                game.white_name,
                game.black_name,
                game.event,
                game.game_date,
                game.created_at,
            ),
        )

    async def get(self, imported_id: int) -> ImportedGameRow | None:
        return await self._one(ImportedGameRow, "SELECT * FROM imported_games WHERE id = ?", (imported_id,))
