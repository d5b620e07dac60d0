"""Perft for Chinese checkers: leaves of the move tree to a depth, counting distinct (start, end) moves and a
pass as one move when a player has none (tests/rules/data/star_perft.json)."""

from __future__ import annotations

from rules.star.position import StarPosition


def perft(position: StarPosition, depth: int) -> int:
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(move), depth - 1) for move in moves)
