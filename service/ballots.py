"""Ballot games: a published opening's moves recorded as a new game's first moves, inside its transaction."""

from __future__ import annotations

import random

from data.models import GameRow, MoveRow
from data.repositories import Repositories
from rules import Color, Game, find_variant, format_move
from rules.openings import ballot_deck
from service.errors import NoBallots, StaleGame
from service.lifecycle import load_row


def draw_ballot(variant_id: str, rng: random.Random) -> int:
    """A ballot number from the variant's deck (barred openings are never drawn); NoBallots if none."""
    deck = ballot_deck(find_variant(variant_id))
    if not deck:
        raise NoBallots(variant_id)
    return rng.choice(deck).number


async def play_ballot(repos: Repositories, row: GameRow, moves: tuple[str, ...], now: str) -> GameRow:
    """Record a ballot's moves as the game's first moves, played by whoever had the move (no clock yet)."""
    game = Game(find_variant(row.variant), row.start_fen)
    for text in moves:
        before = game.position
        mover = row.white_id if before.turn is Color.WHITE else row.black_id
        move = game.play(text)
        await repos.moves.insert(
            MoveRow(
                game_id=row.id,
                ply=game.ply,
                notation=game.notations[-1],
                path=format_move(before, move, full=True),
                captures=",".join(before.board.name(square) for square in move.captures),
                reversible=int(move.is_reversible),
                fen_after=game.fen,
                player_id=mover,
                played_at=now,
            )
        )
    anchor = max((i + 1 for i, move in enumerate(game.moves) if not move.is_reversible), default=0)
    if not await repos.games.update_position(
        row.id,
        row.version,
        fen=game.fen,
        ply=game.ply,
        anchor_ply=anchor,
        move_deadline=None,
        paused_seconds=None,
        now=now,
    ):
        raise StaleGame()
    return await load_row(repos, row.id)
