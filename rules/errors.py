"""Typed errors. They carry data, not sentences: the wording lives in the messages package."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.move import Move


class RulesError(ValueError):
    """Base of every error the rules library raises on bad input."""


class UnknownVariantError(RulesError):
    def __init__(self, name: str, known: tuple[str, ...] = ()) -> None:
        super().__init__(f"unknown variant {name!r}")
        self.name = name
        self.known = known


class NotationError(RulesError):
    """Move text, square name, FEN or PDN that cannot be read at all. reason: what was wrong, for the
    messages package (unreadable, empty, too_long, one_square, not_a_square); the message is for developers."""

    def __init__(self, message: str, *, text: str = "", reason: str = "unreadable") -> None:
        super().__init__(message)
        self.text = text
        self.reason = reason


class SquareError(NotationError):
    """A square name that is well formed but not a playing square (reason: off_board / light_square)."""

    def __init__(self, reason: str, square: str) -> None:
        super().__init__(f"{square!r}: {reason.replace('_', ' ')}", text=square, reason=reason)
        self.square = square


class InvalidPositionError(RulesError):
    """A FEN or position that breaks the rules of the variant (duplicate squares, too many pieces…). reason and
    the details (square, count, limit) are for the messages package; the message is for developers."""

    def __init__(
        self, message: str, *, reason: str = "invalid", square: str = "", count: int = 0, limit: int = 0
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.square = square
        self.count = count
        self.limit = limit


class Reason(enum.Enum):
    """Why a move was refused. Each member has its own sentence in messages."""

    OFF_BOARD = "off_board"
    LIGHT_SQUARE = "light_square"
    EMPTY_SQUARE = "empty_square"
    NOT_YOUR_PIECE = "not_your_piece"
    MAN_BACKWARDS = "man_backwards"
    DESTINATION_OCCUPIED = "destination_occupied"
    NOT_A_LEGAL_STEP = "not_a_legal_step"
    NOT_A_LEGAL_JUMP = "not_a_legal_jump"
    CAPTURE_COMPULSORY = "capture_compulsory"
    FEWER_PIECES = "fewer_pieces"
    MUST_CAPTURE_WITH_KING = "must_capture_with_king"
    MUST_CAPTURE_MORE_KINGS = "must_capture_more_kings"
    MUST_CAPTURE_KING_EARLIER = "must_capture_king_earlier"
    LOWER_VALUE = "lower_value"
    MAN_CANNOT_CAPTURE_KING = "man_cannot_capture_king"
    CAPTURE_INCOMPLETE = "capture_incomplete"
    PROMOTION_ENDS_MOVE = "promotion_ends_move"
    NO_TURN_BACK = "no_turn_back"
    JUMPED_TWICE = "jumped_twice"
    KING_MOVE_LIMIT = "king_move_limit"
    KING_PRIORITY = "king_priority"  # Czech: when a king can capture, a king must capture
    PROMOTED_MUST_CONTINUE = "promoted_must_continue"  # Russian: crowned mid-capture, goes on as a king
    # BrainKing oddities (rules/variants/oddities.py)
    NOT_CROWNED_HERE = "not_crowned_here"  # Corner: a man on the far row off the crowning corner is stuck
    ONE_WAY = "one_way"  # One-way: every man moves up the board, whoever owns it
    PARACHUTIST_MUST_CAPTURE = "parachutist_must_capture"  # Parachute: its only move is a capture
    NO_LINE = "no_line"  # Alquerque: no line joins the two points
    LAST_ROW_STUCK = "last_row_stuck"  # Alquerque: a man on the far row can only jump
    NO_BACKWARD_MOVE = "no_backward_move"  # Alquerque: men never step backwards (no kings either)
    FIRST_JUMP_FORWARD = "first_jump_forward"  # Alquerque: a capture starts forward or sideways
    JUMPS_ONLY = "jumps_only"  # Hawaiian: every move is an orthogonal jump
    STRAIGHT_JUMPS = "straight_jumps"  # Hawaiian: a multi-jump keeps one direction
    GAME_OVER = "game_over"


class IllegalMoveError(RulesError):
    """A well-formed move that the rules do not allow here.

    details holds the numbers and squares for the message (e.g. required=3, given=1).
    """

    def __init__(
        self,
        reason: Reason,
        text: str,
        legal: tuple[Move, ...] = (),
        **details: Any,
    ) -> None:
        super().__init__(f"illegal move {text!r}: {reason.value}")
        self.reason = reason
        self.text = text
        self.legal = legal
        self.details = details


class AmbiguousMoveError(RulesError):
    """Several legal moves match the text; the player must give the intermediate squares."""

    def __init__(self, text: str, candidates: tuple[Move, ...]) -> None:
        super().__init__(f"ambiguous move {text!r}: {len(candidates)} legal moves match")
        self.text = text
        self.candidates = candidates
