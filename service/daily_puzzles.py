"""The daily puzzle: each server that asked for one (/server-settings daily_puzzle_channel, daily_puzzle_hour)
gets one post a day at that hour of its own day (its time_zone, UTC unless set), queued in the outbox in the
transaction that records the day's puzzle. The (server, day) primary key makes it one post across processes and
restarts: whoever records the day first posts it; a process that was down at the hour posts it when it is back,
the same day.
"""

from __future__ import annotations

import json
import zlib

from data.models import DailyPuzzleRow, ServerRow
from data.repositories import Repositories
from data.timeutil import local_time, to_db
from engine.puzzles import Puzzle
from service.access import ScopedPart
from service.announcements import Announcement, AnnouncementKind, announce
from service.context import Context
from service.puzzles import PuzzleNotFound, PuzzleService, PuzzleView, bundled_puzzles


class DailyPuzzles(ScopedPart):
    def __init__(self, ctx: Context, puzzles: PuzzleService) -> None:
        self._ctx = ctx
        self._puzzles = puzzles

    async def post_due(self) -> int:
        """Record and announce the day's puzzle of every server whose hour has come; how many were posted."""
        now = self._ctx.now()
        posted = 0
        async with self._ctx.db.write() as repos:
            for server in await repos.puzzles.daily_servers():
                hour = server.daily_puzzle_hour
                local = local_time(now, server.time_zone)
                day = local.date().isoformat()
                if hour is None or local.hour < hour or await repos.puzzles.daily(server.guild_id, day) is not None:
                    continue
                puzzle = await self._pick(repos, server, day)
                if puzzle is None:
                    continue
                previous = await repos.puzzles.last_daily(server.guild_id, day)
                solvers = await repos.puzzles.daily_solvers(server.guild_id, previous.day) if previous else None
                row = DailyPuzzleRow(server.guild_id, day, puzzle.id, puzzle.variant, to_db(now))
                if await repos.puzzles.claim_daily(row):
                    news = Announcement(AnnouncementKind.DAILY_PUZZLE, guild_id=server.guild_id, day=day, count=solvers)
                    await announce(repos, news, now)
                    posted += 1
        return posted

    async def _pick(self, repos: Repositories, server: ServerRow, day: str) -> Puzzle | None:
        """The server's own puzzles first (oldest not yet a daily one), then a bundled one of its variant."""
        used = set(await repos.puzzles.daily_ids(server.guild_id))
        own = await repos.puzzles.unused_found(server.guild_id, used)
        if own is not None:
            return Puzzle.from_json(json.loads(own.data))
        fresh = [p for p in bundled_puzzles(server.default_variant) if p.id not in used]
        if not fresh:
            return None
        return fresh[zlib.crc32(f"{server.guild_id}:{day}".encode()) % len(fresh)]

    async def puzzle_of(self, guild_id: int, day: str) -> Puzzle:
        async with self._ctx.db.read() as repos:
            row = await repos.puzzles.daily(guild_id, day)
            if row is None:
                raise PuzzleNotFound(day)
            found = await repos.puzzles.found(guild_id, row.puzzle_id)
        if found is not None:
            return Puzzle.from_json(json.loads(found.data))
        for puzzle in bundled_puzzles(row.variant):
            if puzzle.id == row.puzzle_id:
                return puzzle
        raise PuzzleNotFound(row.puzzle_id)

    async def open(self, player_id: int, guild_id: int, day: str) -> PuzzleView:
        """The Solve button: the day's puzzle, privately, counted for the next day's post when solved."""
        puzzle = await self.puzzle_of(guild_id, day)
        return await self._puzzles.open(player_id, puzzle, guild_id, day)
