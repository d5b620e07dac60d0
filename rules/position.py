"""Immutable positions: bitboards plus the side to move; apply() returns a new position."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from rules.board import Board, board_for
from rules.king_streaks import limit_king_moves, next_streaks
from rules.move import Move
from rules.movegen import CaptureSequence, Generator, generator_for
from rules.ruleset import Color, RuleSet


class Piece(enum.Enum):
    WHITE_MAN = "w"
    WHITE_KING = "W"
    BLACK_MAN = "b"
    BLACK_KING = "B"

    @property
    def color(self) -> Color:
        return Color.WHITE if self in (Piece.WHITE_MAN, Piece.WHITE_KING) else Color.BLACK

    @property
    def is_king(self) -> bool:
        return self in (Piece.WHITE_KING, Piece.BLACK_KING)


@dataclass(frozen=True, slots=True)
class Position:
    """rules is left out of equality and hashing: positions compare by pieces and side to move."""

    rules: RuleSet = field(compare=False, repr=False)
    white: int
    black: int
    kings: int
    turn: Color
    # Frisian only (RuleSet.king_move_limit, rules/king_streaks.py): per side, the square of the king
    # that made the last quiet moves in a row and how many; the default everywhere else.
    king_streaks: tuple[int, int, int, int] = (-1, 0, -1, 0)

    @property
    def board(self) -> Board:
        return board_for(self.rules)

    @property
    def generator(self) -> Generator:
        return generator_for(self.rules)

    @property
    def own(self) -> int:
        return self.white if self.turn is Color.WHITE else self.black

    @property
    def opp(self) -> int:
        return self.black if self.turn is Color.WHITE else self.white

    @property
    def key(self) -> tuple[int, int, int, int]:
        return (self.white, self.black, self.kings, int(self.turn))

    def piece_at(self, square: int) -> Piece | None:
        bit = 1 << square
        if self.white & bit:
            return Piece.WHITE_KING if self.kings & bit else Piece.WHITE_MAN
        if self.black & bit:
            return Piece.BLACK_KING if self.kings & bit else Piece.BLACK_MAN
        return None

    def pieces(self) -> dict[int, Piece]:
        out: dict[int, Piece] = {}
        for square in self.board.bits(self.white | self.black):
            piece = self.piece_at(square)
            assert piece is not None
            out[square] = piece
        return out

    def count(self, color: Color) -> int:
        return (self.white if color is Color.WHITE else self.black).bit_count()

    def legal_moves(self) -> list[Move]:
        moves = self.generator.legal_moves(self.white, self.black, self.kings, self.turn)
        if self.rules.king_move_limit:
            moves = limit_king_moves(self, moves)
        # In notation order (by start, then final square), so every list a player sees reads naturally.
        order = self.board.order
        moves.sort(key=lambda m: (order[m.path[0]], order[m.path[-1]], [order[s] for s in m.path]))
        return moves

    def capture_sequences(self) -> list[CaptureSequence]:
        """Every complete capture sequence before the precedence rule (for explanations)."""
        return self.generator.sequences(self.turn, self.own, self.opp, self.kings)

    def has_legal_move(self) -> bool:
        if self.rules.king_move_limit:
            return bool(self.legal_moves())
        return bool(self.generator.fast_moves(self.white, self.black, self.kings, self.turn))

    def apply(self, move: Move) -> Position:
        """The position after move. The move is trusted to be legal (see Game.play for checks)."""
        start = 1 << move.path[0]
        end = 1 << move.path[-1]
        mover = start ^ end
        captured = 0
        for square in move.captures:
            captured |= 1 << square
        kings = self.kings & ~captured
        if move.king_move:
            kings ^= mover
        elif move.promotes:
            kings |= end
        if self.turn is Color.WHITE:
            white, black = self.white ^ mover, self.black & ~captured
        else:
            white, black = self.white & ~captured, self.black ^ mover
        if self.rules.king_move_limit:
            streaks = next_streaks(self, move)
            return Position(self.rules, white, black, kings, self.turn.opponent, streaks)
        return Position(self.rules, white, black, kings, self.turn.opponent)

    def __str__(self) -> str:
        """A text diagram, White at the bottom; '.' dark empty square, ' ' light square."""
        board = self.board
        symbols = {Piece.WHITE_MAN: "w", Piece.WHITE_KING: "W", Piece.BLACK_MAN: "b", Piece.BLACK_KING: "B"}
        lines = []
        for row in range(board.height):
            cells = []
            for col in range(board.width):
                square = board.by_coord.get((row, col))
                if square is None:
                    cells.append(" ")
                else:
                    piece = self.piece_at(square)
                    cells.append(symbols[piece] if piece else ".")
            lines.append(" ".join(cells))
        return "\n".join(lines)
