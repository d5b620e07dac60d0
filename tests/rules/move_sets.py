"""Legal moves as (start, end, captured set) names, and a compact way to write expected sets."""

from __future__ import annotations

from rules.position import Position

Ident = tuple[str, str, frozenset[str]]


def moves(position: Position) -> set[Ident]:
    board = position.board
    return {
        (board.name(m.start), board.name(m.end), frozenset(board.name(c) for c in m.captures))
        for m in position.legal_moves()
    }


def expect(*texts: str) -> set[Ident]:
    """'33x11:28,17' = from 33 to 11 capturing 28 and 17; 'c3-b4' = quiet move."""
    out: set[Ident] = set()
    for text in texts:
        path, _, taken = text.partition(":")
        sep = "x" if "x" in path else "-"
        start, end = path.split(sep)
        out.add((start, end, frozenset(t for t in taken.split(",") if t)))
    return out
