"""Perft: count leaf nodes of the legal-move tree.

Every leaf position is made (no bulk counting): the depth-1 loop builds each child's bitboards.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.king_streaks import perft_limited
from rules.movegen import FastMove, generator_for
from rules.position import Position
from rules.ruleset import Color

MoveGen = Callable[[int, int, int, Color], list[FastMove]]
WHITE, BLACK = Color.WHITE, Color.BLACK


def perft(position: Position, depth: int, *, keep_duplicates: bool = False) -> int:
    """Leaf count. keep_duplicates counts every capture path (published 'K' tables) instead of
    distinct moves by (start, final square, captured set) ('D' tables, what players see)."""
    if depth <= 0:
        return 1
    if position.rules.king_move_limit:  # Frisian: the counts depend on per-side king streaks


        return perft_limited(position, depth)
    gen = generator_for(position.rules, keep_duplicates)
    return _perft(gen.fast_moves, position.white, position.black, position.kings, position.turn, depth)


def _perft(fast_moves: MoveGen, white: int, black: int, kings: int, color: Color, depth: int) -> int:
    moves = fast_moves(white, black, kings, color)
    nodes = 0
    if color is WHITE:
        if depth == 1:
            return len([(white ^ mx, black ^ cap, (kings & ~cap) ^ kx) for mx, cap, kx in moves])
        for mx, cap, kx in moves:
            nodes += _perft(fast_moves, white ^ mx, black ^ cap, (kings & ~cap) ^ kx, BLACK, depth - 1)
        return nodes
    if depth == 1:
        return len([(white ^ cap, black ^ mx, (kings & ~cap) ^ kx) for mx, cap, kx in moves])
    for mx, cap, kx in moves:
        nodes += _perft(fast_moves, white ^ cap, black ^ mx, (kings & ~cap) ^ kx, WHITE, depth - 1)
    return nodes

