"""The explorer's index, written as games finish and records are imported (inside those transactions)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from data.models import BOT_ID, GameRow
from data.repositories import Repositories
from data.repositories.explorer import ExplorerEntry
from rules import Game, RuleSet, find_variant, format_fen

EXPLORER_PLIES = 24  # how deep into a game the index reaches: the opening, not the whole game
_RESULTS = {"1-0": (1, 0, 0), "1/2-1/2": (0, 1, 0), "0-1": (0, 0, 1)}


def position_key(fen: str) -> int:
    """A 63-bit key for a position's FEN (as format_fen writes it): fits every store's integer."""
    digest = hashlib.blake2b(fen.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def owners(guild_id: int | None, player_ids: Iterable[int]) -> list[tuple[str, int, int]]:
    """Who a game counts for: its server, and each of its human players (with the server it was in)."""
    where = guild_id if guild_id is not None else 0
    found: list[tuple[str, int, int]] = [("guild", guild_id, guild_id)] if guild_id is not None else []
    for player in dict.fromkeys(player_ids):
        if player != BOT_ID:
            found.append(("player", player, where))
    return found


def index_entries(
    game: Game,
    result: str,
    *,
    game_id: int,
    imported: bool,
    at: str,
    owned_by: Sequence[tuple[str, int, int]],
) -> list[ExplorerEntry]:
    """One entry per owner, position and move over the game's first EXPLORER_PLIES plies."""
    scores = _RESULTS.get(result)
    if scores is None or not owned_by:
        return []
    seen = {
        (position_key(format_fen(position)), notation)
        for position, notation in zip(game.positions[:EXPLORER_PLIES], game.notations[:EXPLORER_PLIES], strict=False)
    }
    white, draw, black = scores
    variant = game.rules.id
    return [
        (kind, owner, variant, key, where, move, white, draw, black, game_id, int(imported), at)
        for kind, owner, where in owned_by
        for key, move in sorted(seen)
    ]


def replayed(rules: RuleSet, start_fen: str, paths: Sequence[str]) -> Game:
    """The game's opening (its first EXPLORER_PLIES plies), replayed."""
    game = Game(rules, start_fen)
    for path in paths[:EXPLORER_PLIES]:
        game.play(path)
    return game


async def index_finished_game(repos: Repositories, row: GameRow, result: str, at: str) -> None:
    """Count a game that has just finished (called inside the transaction that finishes it)."""
    if row.ply == 0:
        return
    moves = await repos.moves.for_game(row.id)
    entries = index_entries(
        replayed(find_variant(row.variant), row.start_fen, [m.path for m in moves]),
        result,
        game_id=row.id,
        imported=False,
        at=at,
        owned_by=owners(row.guild_id, (row.white_id, row.black_id)),
    )
    await repos.explorer.add(entries)
