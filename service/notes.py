"""Private notes (issue 60.3): a player's note on a game (ply 0) or on one of its moves (ply N, the position
after move N). Only the writer reads them, wherever they open the game; they are never part of the game's
PDN; writing an empty note deletes it; /forget-me deletes them all (players.delete_data).

The writer must be able to see the game (service/access.py, through load_row), and a game holds at most
MAX_NOTES of one writer's notes, each at most MAX_NOTE characters: the bounds keep a page that shows them
small.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.repositories import NoteRow
from data.timeutil import to_db
from service.access import ScopedPart
from service.context import Context
from service.errors import GameError, LineTooLong, PlyOutOfRange
from service.lifecycle import load_row
from service.study import MAX_TRIED

MAX_NOTE = 1_000  # characters
MAX_NOTES = 600  # per game and writer: one per ply of the longest record the bounds allow, and the game's
MAX_LINES = 50  # saved study lines per game and player


class NoteTooLong(GameError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"a note is at most {limit} characters")
        self.limit = limit


class TooManyNotes(GameError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"a game holds at most {limit} notes of one player")
        self.limit = limit


class TooManyLines(GameError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"a game holds at most {limit} saved lines of one player")
        self.limit = limit


@dataclass(frozen=True, slots=True)
class SavedLine:
    """A line tried on the study board: `moves` played from the position after `ply`."""

    game_id: int
    ply: int
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Note:
    game_id: int
    ply: int  # 0: the game itself
    text: str


class NoteService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def write(self, game_id: int, player_id: int, ply: int, text: str) -> Note | None:
        """Keep the player's note (None: an empty text deleted it). GameNotFound for a game the player may
        not see; PlyOutOfRange for a ply the game does not have; NoteTooLong past MAX_NOTE characters."""
        text = text.strip()
        if len(text) > MAX_NOTE:
            raise NoteTooLong(MAX_NOTE)
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            if not 0 <= ply <= row.ply:
                raise PlyOutOfRange(ply, row.ply)
            if not text:
                await repos.notes.delete(game_id, player_id, ply)
                return None
            if await repos.notes.count(game_id, player_id) >= MAX_NOTES:
                raise TooManyNotes(MAX_NOTES)
            await repos.notes.put(NoteRow(game_id, player_id, ply, text, to_db(self._ctx.now())))
        return Note(game_id, ply, text)

    async def of(self, game_id: int, player_id: int) -> list[Note]:
        """The player's own notes on the game, by ply (nobody else's, ever)."""
        async with self._ctx.db.read() as repos:
            await load_row(repos, game_id)
            rows = await repos.notes.of(game_id, player_id)
        return [Note(row.game_id, row.ply, row.text) for row in rows]

    async def save_line(self, game_id: int, player_id: int, ply: int, moves: tuple[str, ...]) -> SavedLine:
        """Keep a line tried on the study board (a Study's tried notations, already played by the rules
        there). GameNotFound for a game the player may not see; PlyOutOfRange; TooManyLines past MAX_LINES."""
        if not moves or len(moves) > MAX_TRIED:
            raise LineTooLong(MAX_TRIED)
        async with self._ctx.db.write() as repos:
            row = await load_row(repos, game_id)
            if not 0 <= ply <= row.ply:
                raise PlyOutOfRange(ply, row.ply)
            if await repos.saved_lines.count(game_id, player_id) >= MAX_LINES:
                raise TooManyLines(MAX_LINES)
            await repos.saved_lines.add(game_id, player_id, ply, " ".join(moves), to_db(self._ctx.now()))
        return SavedLine(game_id, ply, moves)

    async def lines(self, game_id: int, player_id: int) -> list[SavedLine]:
        """The player's own saved lines on the game (nobody else's, ever), by the ply they start from."""
        async with self._ctx.db.read() as repos:
            await load_row(repos, game_id)
            rows = await repos.saved_lines.of(game_id, player_id)
        return [SavedLine(row.game_id, row.ply, tuple(row.moves.split())) for row in rows]
