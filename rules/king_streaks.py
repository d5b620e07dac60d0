"""Frisian's limit on king moves: the same king may make at most RuleSet.king_move_limit (3) quiet moves
in a row while its side still has men (docs/RULES.md; dctl `max_same_king_move`).

The state lives in Position.king_streaks = (white square, white count, black square, black count):
the square of the king that made the side's last quiet moves in a row and how many (-1, 0 when the
last move was anything else). Other variants leave it at its default and never look at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.move import Move
from rules.movegen import FastMove
from rules.ruleset import Color

if TYPE_CHECKING:
    from rules.position import Position

NO_STREAKS = (-1, 0, -1, 0)


def blocked_king(position: Position) -> int:
    """The square of the side to move's king that has used up its quiet moves, or -1."""
    limit = position.rules.king_move_limit
    if not limit:
        return -1
    offset = 0 if position.turn is Color.WHITE else 2
    square, count = position.king_streaks[offset], position.king_streaks[offset + 1]
    if count < limit or not position.own & ~position.kings:
        return -1
    return square


def limit_king_moves(position: Position, moves: list[Move]) -> list[Move]:
    square = blocked_king(position)
    if square < 0:
        return moves
    return [m for m in moves if m.captures or not m.king_move or m.start != square]


def limit_fast_moves(
    limit: int, streaks: tuple[int, int, int, int], own: int, kings: int, color: int, moves: list[FastMove]
) -> list[FastMove]:
    """limit_king_moves for the generator's fast moves (mover xor, captured, kings xor) of color."""
    square, count = streaks[2 * color], streaks[2 * color + 1]
    if not limit or count < limit or square < 0 or not own & ~kings:
        return moves
    blocked = 1 << square
    return [m for m in moves if m[1] or m[2] != m[0] or not m[0] & blocked]


def next_streaks(position: Position, move: Move) -> tuple[int, int, int, int]:
    streaks = list(position.king_streaks)
    mine = 0 if position.turn is Color.WHITE else 2
    theirs = 2 - mine
    if move.king_move and not move.captures:
        count = streaks[mine + 1] + 1 if streaks[mine] == move.start else 1
        streaks[mine], streaks[mine + 1] = move.end, count
    else:
        streaks[mine], streaks[mine + 1] = -1, 0
    if streaks[theirs] in move.captures:  # their counting king was taken
        streaks[theirs], streaks[theirs + 1] = -1, 0
    return (streaks[0], streaks[1], streaks[2], streaks[3])


def perft_limited(position: Position, depth: int) -> int:
    """Perft that carries the king streaks (the plain fast path knows nothing about them)."""
    limit = position.rules.king_move_limit or 0
    gen = position.generator
    fast_moves = gen.fast_moves

    def to_bit(square: int) -> int:
        return 1 << square if square >= 0 else 0

    ws, wc, bs, bc = position.king_streaks

    def walk(
        white: int, black: int, kings: int, color: Color, streak: tuple[int, int, int, int], depth: int
    ) -> int:
        own = white if color is Color.WHITE else black
        mine = 0 if color is Color.WHITE else 2
        tracked, count = streak[mine], streak[mine + 1]
        blocked = tracked if count >= limit and own & ~kings else 0
        nodes = 0
        for mx, cap, kx in fast_moves(white, black, kings, color):
            quiet_king = not cap and kx == mx
            start = mx & own
            if quiet_king and start == blocked:
                continue
            if depth == 1:
                nodes += 1
                continue
            new = list(streak)
            if quiet_king:
                new[mine] = mx ^ start
                new[mine + 1] = count + 1 if start == tracked else 1
            else:
                new[mine], new[mine + 1] = 0, 0
            if new[2 - mine] & cap:
                new[2 - mine], new[3 - mine] = 0, 0
            nxt = (new[0], new[1], new[2], new[3])
            if color is Color.WHITE:
                nodes += walk(white ^ mx, black & ~cap, (kings & ~cap) ^ kx, Color.BLACK, nxt, depth - 1)
            else:
                nodes += walk(white & ~cap, black ^ mx, (kings & ~cap) ^ kx, Color.WHITE, nxt, depth - 1)
        return nodes

    if depth <= 0:
        return 1
    start_streak = (to_bit(ws), wc, to_bit(bs), bc)
    return walk(position.white, position.black, position.kings, position.turn, start_streak, depth)
