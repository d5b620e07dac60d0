"""Perft: count leaf nodes of the legal-move tree (every leaf is made, no bulk counting)."""

from __future__ import annotations

from rules.movegen import generator_for
from rules.position import Position
from rules.ruleset import Color


def perft(position: Position, depth: int) -> int:
    if depth <= 0:
        return 1
    gen = generator_for(position.rules)
    return _perft(gen.fast_moves, position.white, position.black, position.kings, position.turn, depth)


def _perft(fast_moves, white: int, black: int, kings: int, color: Color, depth: int) -> int:  # type: ignore[no-untyped-def]
    moves = fast_moves(white, black, kings, color)
    if color is Color.WHITE:
        if depth == 1:
            nodes = 0
            for mx, cap, kx in moves:
                _child = (white ^ mx, black ^ cap, (kings & ~cap) ^ kx)
                nodes += 1
            return nodes
        nxt = Color.BLACK
        return sum(
            _perft(fast_moves, white ^ mx, black ^ cap, (kings & ~cap) ^ kx, nxt, depth - 1)
            for mx, cap, kx in moves
        )
    if depth == 1:
        nodes = 0
        for mx, cap, kx in moves:
            _child = (white ^ cap, black ^ mx, (kings & ~cap) ^ kx)
            nodes += 1
        return nodes
    nxt = Color.WHITE
    return sum(
        _perft(fast_moves, white ^ cap, black ^ mx, (kings & ~cap) ^ kx, nxt, depth - 1)
        for mx, cap, kx in moves
    )


def divide(position: Position, depth: int) -> list[tuple[object, int]]:
    """Per root move: (Move, leaf count at depth - 1 below it)."""
    out: list[tuple[object, int]] = []
    for move in position.legal_moves():
        out.append((move, perft(position.apply(move), depth - 1)))
    return out
