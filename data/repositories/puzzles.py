"""Puzzles found in a server's games, puzzle ratings and attempts, and the daily puzzle posts."""

from __future__ import annotations

from data.models import (
    DailyPuzzleRow,
    ImportedGameRow,
    PuzzleAttemptRow,
    PuzzleRatingRow,
    ServerPuzzleRow,
    ServerRow,
)
from data.repositories.base import Repository


class PuzzleRepository(Repository):
    async def add_found(self, row: ServerPuzzleRow) -> None:
        await self._run(
            "INSERT INTO server_puzzles (scope, id, variant, game_id, rating, data, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, id) DO NOTHING",
            (row.scope, row.id, row.variant, row.game_id, row.rating, row.data, row.created_at),
        )

    async def found(self, scope: int, puzzle_id: str) -> ServerPuzzleRow | None:
        return await self._one(
            ServerPuzzleRow, "SELECT * FROM server_puzzles WHERE scope = ? AND id = ?", (scope, puzzle_id)
        )

    async def unseen_found(self, scope: int, variant: str, player_id: int, limit: int = 1) -> list[ServerPuzzleRow]:
        """The scope's own puzzles the player has not opened, oldest first."""
        return await self._all(
            ServerPuzzleRow,
            "SELECT * FROM server_puzzles AS p WHERE p.scope = ? AND p.variant = ? AND NOT EXISTS ("
            "SELECT 1 FROM puzzle_attempts AS a WHERE a.player_id = ? AND a.puzzle_id = p.id) "
            "ORDER BY p.created_at, p.id LIMIT ?",
            (scope, variant, player_id, limit),
        )

    async def count_found(self, scope: int) -> int:
        return int(await self._scalar("SELECT COUNT(*) FROM server_puzzles WHERE scope = ?", (scope,)) or 0)

    async def unscanned_games(self, limit: int) -> list[int]:
        found = await self._column(
            "SELECT g.id FROM games AS g WHERE g.status = 'finished' AND NOT EXISTS ("
            "SELECT 1 FROM puzzle_scans AS s WHERE s.kind = 'game' AND s.source_id = g.id) ORDER BY g.id LIMIT ?",
            (limit,),
        )
        return [int(value) for value in found]

    async def unscanned_imports(self, limit: int) -> list[ImportedGameRow]:
        return await self._all(
            ImportedGameRow,
            "SELECT i.* FROM imported_games AS i WHERE NOT EXISTS (SELECT 1 FROM puzzle_scans AS s "
            "WHERE s.kind = 'imported' AND s.source_id = i.id) ORDER BY i.id LIMIT ?",
            (limit,),
        )

    async def mark_scanned(self, kind: str, source_id: int, found: int, now: str) -> None:
        await self._run(
            "INSERT INTO puzzle_scans (kind, source_id, found, scanned_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, source_id) DO NOTHING",
            (kind, source_id, found, now),
        )

    async def rating(self, player_id: int) -> PuzzleRatingRow | None:
        return await self._one(PuzzleRatingRow, "SELECT * FROM puzzle_ratings WHERE player_id = ?", (player_id,))

    async def save_rating(self, row: PuzzleRatingRow) -> None:
        await self._run(
            "INSERT INTO puzzle_ratings (player_id, rating, rd, volatility, solved, failed, streak, best_streak, "
            "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player_id) DO UPDATE SET "
            "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, solved = excluded.solved, "
            "failed = excluded.failed, streak = excluded.streak, best_streak = excluded.best_streak, "
            "updated_at = excluded.updated_at",
            (
                row.player_id, row.rating, row.rd, row.volatility, row.solved, row.failed, row.streak,
                row.best_streak, row.updated_at,
            ),
        )  # fmt: skip

    async def attempt(self, player_id: int, puzzle_id: str) -> PuzzleAttemptRow | None:
        return await self._one(
            PuzzleAttemptRow,
            "SELECT * FROM puzzle_attempts WHERE player_id = ? AND puzzle_id = ?",
            (player_id, puzzle_id),
        )

    async def latest_open(self, player_id: int) -> PuzzleAttemptRow | None:
        return await self._one(
            PuzzleAttemptRow,
            "SELECT * FROM puzzle_attempts WHERE player_id = ? AND status = 'open' "
            "ORDER BY started_at DESC, puzzle_id LIMIT 1",
            (player_id,),
        )

    async def opened(self, player_id: int, variant: str) -> list[str]:
        found = await self._column(
            "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = ? AND variant = ?", (player_id, variant)
        )
        return [str(value) for value in found]

    async def open_attempt(self, row: PuzzleAttemptRow) -> bool:
        """False when the player already opened this puzzle."""
        touched = await self._run(
            "INSERT INTO puzzle_attempts (player_id, puzzle_id, scope, variant, step, status, daily_day, started_at) "
            "VALUES (?, ?, ?, ?, 0, 'open', ?, ?) ON CONFLICT (player_id, puzzle_id) DO NOTHING",
            (row.player_id, row.puzzle_id, row.scope, row.variant, row.daily_day, row.started_at),
        )
        return touched > 0

    async def advance(self, player_id: int, puzzle_id: str, step: int) -> bool:
        """Move an open attempt from step to step + 1; False if another click got there first."""
        touched = await self._run(
            "UPDATE puzzle_attempts SET step = step + 1 WHERE player_id = ? AND puzzle_id = ? AND step = ? "
            "AND status = 'open'",
            (player_id, puzzle_id, step),
        )
        return touched > 0

    async def close_attempt(self, player_id: int, puzzle_id: str, step: int, status: str, now: str) -> bool:
        touched = await self._run(
            "UPDATE puzzle_attempts SET status = ?, finished_at = ? WHERE player_id = ? AND puzzle_id = ? "
            "AND step = ? AND status = 'open'",
            (status, now, player_id, puzzle_id, step),
        )
        return touched > 0

    async def daily_solvers(self, guild_id: int, day: str) -> int:
        return int(
            await self._scalar(
                "SELECT COUNT(*) FROM puzzle_attempts WHERE scope = ? AND daily_day = ? AND status = 'solved'",
                (guild_id, day),
            )
            or 0
        )

    async def daily(self, guild_id: int, day: str) -> DailyPuzzleRow | None:
        return await self._one(
            DailyPuzzleRow, "SELECT * FROM daily_puzzles WHERE guild_id = ? AND day = ?", (guild_id, day)
        )

    async def last_daily(self, guild_id: int, before: str) -> DailyPuzzleRow | None:
        return await self._one(
            DailyPuzzleRow,
            "SELECT * FROM daily_puzzles WHERE guild_id = ? AND day < ? ORDER BY day DESC LIMIT 1",
            (guild_id, before),
        )

    async def claim_daily(self, row: DailyPuzzleRow) -> bool:
        """True for the one process that records this server's puzzle of the day (the primary key decides)."""
        touched = await self._run(
            "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, variant, posted_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, day) DO NOTHING",
            (row.guild_id, row.day, row.puzzle_id, row.variant, row.posted_at),
        )
        return touched > 0

    async def daily_ids(self, guild_id: int) -> list[str]:
        found = await self._column("SELECT puzzle_id FROM daily_puzzles WHERE guild_id = ?", (guild_id,))
        return [str(value) for value in found]

    async def unused_found(self, scope: int, used: set[str]) -> ServerPuzzleRow | None:
        for row in await self._all(
            ServerPuzzleRow, "SELECT * FROM server_puzzles WHERE scope = ? ORDER BY created_at, id", (scope,)
        ):
            if row.id not in used:
                return row
        return None

    async def daily_servers(self) -> list[ServerRow]:
        return await self._all(
            ServerRow,
            "SELECT * FROM servers WHERE daily_puzzle_channel IS NOT NULL AND daily_puzzle_hour IS NOT NULL "
            "ORDER BY guild_id",
        )
