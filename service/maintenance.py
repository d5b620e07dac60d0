"""Operator checks: the store's integrity check plus a replay of every game from its start position; and
`db copy`, which moves a whole database to another store and proves nothing was lost."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from data.db import Database, latest_version
from data.models import GameRow, MoveRow
from data.repositories import Repositories, TableInfo
from rules import Game, RulesError, find_variant, parse_fen
from service.results import GameStatus


def check_game(row: GameRow, moves: list[MoveRow]) -> list[str]:
    """Problems found replaying one game's stored moves against its stored position."""
    problems: list[str] = []
    where = f"game {row.id}"
    try:
        game = Game(find_variant(row.variant), row.start_fen)
    except RulesError as error:
        return [f"{where}: bad variant or start position ({error})"]
    for expected_ply, move in enumerate(moves, start=1):
        if move.ply != expected_ply:
            problems.append(f"{where}: move {expected_ply} is missing (found ply {move.ply})")
            return problems
        try:
            game.play(move.path)
        except RulesError as error:
            problems.append(f"{where}: move {move.ply} {move.path!r} does not replay ({error})")
            return problems
        if game.position != _position(game, move.fen_after):
            problems.append(f"{where}: after move {move.ply} the position is {game.fen}, stored {move.fen_after}")
    if game.ply != row.ply:
        problems.append(f"{where}: {game.ply} moves stored but the game says ply {row.ply}")
    if game.position != _position(game, row.current_fen):
        problems.append(f"{where}: moves replay to {game.fen} but the stored position is {row.current_fen}")
    outcome = game.outcome()
    if outcome is not None and row.status == GameStatus.ACTIVE:
        problems.append(f"{where}: the rules ended it ({outcome.result}) but it is still active")
    if outcome is not None and row.status == "finished" and row.result != outcome.result:
        problems.append(f"{where}: the rules give {outcome.result} but {row.result} is stored")
    return problems


async def check_database(db: Database) -> list[str]:
    """Everything wrong with the database; an empty list means it is sound."""
    problems: list[str] = []
    async with db.read() as repos:
        integrity = await repos.integrity_check()
        if integrity != ["ok"]:
            problems.extend(f"integrity_check: {line}" for line in integrity)
        problems.extend(f"foreign key: {line}" for line in await repos.foreign_key_problems())
        for game_id in await repos.games.ids():
            row = await repos.games.get(game_id)
            assert row is not None
            problems.extend(check_game(row, await repos.moves.for_game(game_id)))
    return problems


def _position(game: Game, fen: str) -> object:
    try:
        return parse_fen(game.rules, fen)
    except RulesError:
        return None


COPY_BATCH = 2_000


@dataclass(frozen=True, slots=True)
class CopyReport:
    tables: dict[str, int]  # rows copied per table
    games_replayed: int
    problems: list[str]  # empty: the target holds the same rows and every game replays there


class TargetNotEmpty(Exception):
    """`db copy` only fills an empty database; `tables` names those holding rows already."""

    def __init__(self, tables: list[str]) -> None:
        super().__init__(", ".join(tables))
        self.tables = tables


class SourceNotCurrent(Exception):
    """The source's schema is older than this version of Dama (run `db upgrade` on it first)."""


async def _fresh_counts() -> dict[str, int]:
    """What a newly migrated database holds (the bot's own player row, for one)."""
    async with await Database.open(":memory:") as fresh, fresh.read() as repos:
        return {table.name: await repos.schema.count(table) for table in await repos.schema.tables()}


async def _digest(repos: Repositories, table: TableInfo) -> tuple[int, str]:
    """Row count and a digest of every row's values, the same for equal rows in either store."""
    digest = hashlib.sha256()
    count, offset = 0, 0
    while True:
        batch = await repos.schema.rows(table, COPY_BATCH, offset)
        for row in batch:
            digest.update(repr(row).encode())
        count += len(batch)
        offset += COPY_BATCH
        if len(batch) < COPY_BATCH:
            return count, digest.hexdigest()


async def _copy_table(old: Repositories, new: Repositories, table: TableInfo) -> int:
    offset = 0
    while True:
        batch = await old.schema.rows(table, COPY_BATCH, offset)
        await new.schema.insert_rows(table, batch)
        offset += len(batch)
        if len(batch) < COPY_BATCH:
            break
    await new.schema.continue_ids_after_copy(table)
    return offset


async def copy_database(source: Database, target: Database) -> CopyReport:
    """Copy every table of source into an empty target (same schema version), then verify: the same rows in
    every table, and every game replays on the target. Raises TargetNotEmpty or SourceNotCurrent."""
    if await source.user_version() != latest_version():
        raise SourceNotCurrent()
    fresh = await _fresh_counts()
    async with source.read() as old, target.write() as new:
        tables = await old.schema.tables()
        target_tables = {table.name: table for table in await new.schema.tables()}
        busy = [t.name for t in target_tables.values() if await new.schema.count(t) != fresh.get(t.name, 0)]
        if busy:
            raise TargetNotEmpty(busy)
        for table in reversed(tables):  # children first: the seeded rows go before their parents
            if fresh.get(table.name):
                await new.schema.delete_all(target_tables[table.name])
        copied = {table.name: await _copy_table(old, new, table) for table in tables}
    problems: list[str] = []
    async with source.read() as old, target.read() as new:
        for table in tables:
            before, after = await _digest(old, table), await _digest(new, table)
            if before[0] != after[0]:
                problems.append(f"{table.name}: {before[0]} rows in the source, {after[0]} in the copy")
            elif before[1] != after[1]:
                problems.append(f"{table.name}: the copied rows differ from the source's")
        games = len(await new.games.ids())
    problems.extend(await check_database(target))
    return CopyReport(copied, games, problems)
