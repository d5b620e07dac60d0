"""Importing game records (PDN): each readable game is stored as an imported, unrated record of its server.

An imported game is what its file says, not a game played here: no clock, no rating, no turn. It belongs to
the server it was imported in (access.check_imported); /board, /replay and /pdn show it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from data.models import ImportedGameRow, NewImportedGame
from data.timeutil import to_db
from rules import Game, find_variant
from rules.notation import format_move, parse_move
from rules.pdn import write_game
from rules.pdn_replay import Replay, event_and_date, players, replay
from rules.pdn_scan import read_records
from rules.ruleset import RuleSet
from service.access import ScopedPart, check_imported
from service.bounds import MAX_IMPORT_BYTES, MAX_IMPORT_GAMES, MAX_RECORD_PLIES
from service.context import Context
from service.errors import ImportedGameNotFound, ImportTooLarge
from service.explorer_index import index_entries, owners
from service.lifecycle import MAX_ID


@dataclass(frozen=True, slots=True)
class ImportedEntry:
    """One game of an imported file: its replay (with any failure) and its number here when stored.

    too_long: the record's plies when it has more than MAX_RECORD_PLIES (then it is neither replayed nor stored).
    """

    replay: Replay
    imported_id: int | None
    too_long: int | None = None


@dataclass(frozen=True, slots=True)
class ImportReport:
    entries: tuple[ImportedEntry, ...]

    @property
    def stored(self) -> int:
        return sum(1 for entry in self.entries if entry.imported_id is not None)


@dataclass(frozen=True, slots=True)
class ImportedGame:
    row: ImportedGameRow
    game: Game  # replayed as a record: draws on the way do not stop it

    @property
    def rules(self) -> RuleSet:
        return self.game.rules


def _read(data: bytes, rules: RuleSet | None) -> list[ImportedEntry]:
    records = read_records(data)
    if len(records) > MAX_IMPORT_GAMES:
        raise ImportTooLarge("games", len(records), MAX_IMPORT_GAMES)
    return [
        ImportedEntry(Replay(record, None, None), None, too_long=len(record.moves))
        if len(record.moves) > MAX_RECORD_PLIES  # refused before the work of replaying it
        else ImportedEntry(replay(record, rules), None)
        for record in records
    ]


def _paths(result: Replay) -> str:
    game = result.game
    assert game is not None
    return " ".join(format_move(game.positions[i], move, full=True) for i, move in enumerate(game.moves))


def rebuild(row: ImportedGameRow) -> Game:
    game = Game(find_variant(row.variant), row.start_fen)
    for path in row.moves.split():
        game.push(parse_move(game.position, path))
    return game


class ImportService(ScopedPart):
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def import_pdn(
        self, data: bytes, *, importer_id: int, guild_id: int | None, variant: str | None
    ) -> ImportReport:
        """Read, replay and store every readable game. variant: for games without a GameType tag."""
        if len(data) > MAX_IMPORT_BYTES:
            raise ImportTooLarge("bytes", len(data), MAX_IMPORT_BYTES)
        rules = find_variant(variant) if variant else None
        read = await asyncio.to_thread(_read, data, rules)  # parsing and replaying is CPU work
        now = to_db(self._ctx.now())
        entries: list[ImportedEntry] = []
        async with self._ctx.db.write() as repos:
            for entry in read:
                result = entry.replay
                if result.failure is not None or result.game is None or result.rules is None:
                    entries.append(entry)
                    continue
                white, black = players(result.record)
                event, date = event_and_date(result.record)
                new = NewImportedGame(
                    guild_id=guild_id,
                    importer_id=importer_id,
                    variant=result.rules.id,
                    start_fen=result.game.start_fen,
                    moves=_paths(result),
                    result=result.result,
                    white_name=white[:100],
                    black_name=black[:100],
                    event=event[:200],
                    game_date=date[:40],
                    created_at=now,
                )
                imported_id = await repos.imported.insert(new)
                entries.append(ImportedEntry(result, imported_id))
                await repos.explorer.add(
                    index_entries(
                        result.game,
                        result.result,
                        game_id=imported_id,
                        imported=True,
                        at=now,
                        owned_by=owners(guild_id, (importer_id,)),
                    )
                )
        return ImportReport(tuple(entries))

    async def row(self, imported_id: int) -> ImportedGameRow:
        """The imported game's row, if it exists and the caller may see it; else ImportedGameNotFound."""
        if not 0 < imported_id <= MAX_ID:
            raise ImportedGameNotFound(imported_id)
        async with self._ctx.db.read() as repos:
            row = await repos.imported.get(imported_id)
        if row is None:
            raise ImportedGameNotFound(imported_id)
        check_imported(row)
        return row

    async def get(self, imported_id: int) -> ImportedGame:
        """The imported game, replayed (the same checks as row)."""
        row = await self.row(imported_id)
        return ImportedGame(row, await asyncio.to_thread(rebuild, row))

    async def export_pdn(self, imported_id: int) -> str:
        found = await self.get(imported_id)
        row = found.row
        tags = {
            "Event": row.event or "?",
            "Date": row.game_date or "????.??.??",
            "White": row.white_name or "?",
            "Black": row.black_name or "?",
        }
        return write_game(found.game, tags, result=row.result)
