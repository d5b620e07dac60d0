"""Operator checks: SQLite's integrity check plus a replay of every game from its start position."""

from __future__ import annotations

from data.db import Database
from data.models import GameRow, MoveRow
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
