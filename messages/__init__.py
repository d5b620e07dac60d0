"""Player-facing English sentences for the rules' typed errors, kept in one place for translation.

describe(error, position) turns any RulesError into a plain sentence plus the legal alternatives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidPositionError,
    NotationError,
    Reason,
    RulesError,
    SquareError,
    UnknownVariantError,
)
from rules.move import Move
from rules.notation import format_move
from rules.position import Position

MAX_LISTED = 12


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _pieces(count: object) -> str:
    return _plural(int(count), "piece") if isinstance(count, int) else f"{count} pieces"


def _kings(count: object) -> str:
    return _plural(int(count), "king") if isinstance(count, int) else f"{count} kings"


# One sentence per reason; d = the error's details, t = the text the player typed.
_REASONS: dict[Reason, Callable[[dict[str, Any], str], str]] = {
    Reason.OFF_BOARD: lambda d, t: f"{d.get('square', t)} is not a square on this board.",
    Reason.LIGHT_SQUARE: lambda d, t: f"{d.get('square', t)} is a light square; pieces only stand on the dark squares.",
    Reason.EMPTY_SQUARE: lambda d, t: f"There is no piece on {d.get('square')}.",
    Reason.NOT_YOUR_PIECE: lambda d, t: f"The piece on {d.get('square')} belongs to your opponent.",
    Reason.MAN_BACKWARDS: lambda d, t: "A man cannot move backwards; only kings can.",
    Reason.DESTINATION_OCCUPIED: lambda d, t: f"{d.get('square')} is already occupied.",
    Reason.NOT_A_LEGAL_STEP: lambda d, t: f"{t} is not a legal move for that piece.",
    Reason.NOT_A_LEGAL_JUMP: lambda d, t: f"{t} is not a legal capture.",
    Reason.CAPTURE_COMPULSORY: lambda d, t: (
        f"Capturing is compulsory: you must capture {_pieces(d.get('count', 1))}, so {t} is not allowed."
    ),
    Reason.FEWER_PIECES: lambda d, t: (
        f"You must capture {_pieces(d.get('required'))}; {t} captures only {d.get('given')}."
    ),
    Reason.MUST_CAPTURE_WITH_KING: lambda d, t: (
        "When a man and a king can capture the same number of pieces, the king must capture."
    ),
    Reason.MUST_CAPTURE_MORE_KINGS: lambda d, t: (
        f"You must capture the most kings: {_kings(d.get('required'))} can be taken, {t} takes {d.get('given')}."
    ),
    Reason.MUST_CAPTURE_KING_EARLIER: lambda d, t: (
        "Among equal captures you must take the one that meets the king(s) earliest."
    ),
    Reason.LOWER_VALUE: lambda d, t: (
        "You must make the capture of highest value (a king counts for almost two men)."
    ),
    Reason.MAN_CANNOT_CAPTURE_KING: lambda d, t: "A man may not capture a king in this game.",
    Reason.CAPTURE_INCOMPLETE: lambda d, t: (
        f"The capture is not finished: the piece must keep capturing from {d.get('stopped_at')}."
    ),
    Reason.PROMOTION_ENDS_MOVE: lambda d, t: "A man that reaches the far row becomes a king and the move ends there.",
    Reason.NO_TURN_BACK: lambda d, t: "A capturing piece may not turn back 180 degrees between two jumps.",
    Reason.JUMPED_TWICE: lambda d, t: (
        "A piece can be jumped only once, and captured pieces stay on the board until the move ends."
    ),
    Reason.KING_MOVE_LIMIT: lambda d, t: (
        "The same king may not make more than three moves in a row while you still have men."
    ),
    Reason.KING_PRIORITY: lambda d, t: "When one of your kings can capture, a king must make the capture.",
    Reason.PROMOTED_MUST_CONTINUE: lambda d, t: (
        f"Your man became a king on {d.get('stopped_at')} and must go on capturing as a king in the same move."
    ),
    Reason.NOT_CROWNED_HERE: lambda d, t: (
        f"The man on {d.get('square')} is not crowned there: men become kings only on {d.get('crowning')}. "
        "It stays a man and cannot move from the far row."
    ),
    Reason.ONE_WAY: lambda d, t: (
        "In One-way checkers every man moves and captures up the board, towards rank 8, whichever side owns it."
    ),
    Reason.PARACHUTIST_MUST_CAPTURE: lambda d, t: (
        f"The parachutist on {d.get('square')} cannot move; its only move is to capture an enemy piece on "
        f"the {d.get('row')} row, landing just behind it."
    ),
    Reason.NO_LINE: lambda d, t: (
        f"No line joins {d.get('start')} and {d.get('end')}: on the Alquerque grid diagonal lines pass only "
        "through the points on them."
    ),
    Reason.LAST_ROW_STUCK: lambda d, t: (
        f"The man on {d.get('square')} has reached the far row and cannot move any more (it may still capture)."
    ),
    Reason.NO_BACKWARD_MOVE: lambda d, t: (
        "Men never step backwards here; only the second and later jumps of a capture may go backwards."
    ),
    Reason.FIRST_JUMP_FORWARD: lambda d, t: (
        "A capture starts forward, diagonally forward or sideways; only later jumps may go backwards."
    ),
    Reason.JUMPS_ONLY: lambda d, t: (
        "Every move in Hawaiian checkers is a jump over an adjacent enemy piece, straight up, down, left or "
        "right (never diagonally), onto the empty square just behind it."
    ),
    Reason.STRAIGHT_JUMPS: lambda d, t: (
        "A multiple jump must keep going in one straight direction (you may stop after any jump)."
    ),
    Reason.GAME_OVER: lambda d, t: "The game is over; no more moves can be played.",
}


def reason_sentence(error: IllegalMoveError) -> str:
    render = _REASONS.get(error.reason)
    if render is None:
        return f"{error.text} is not allowed ({error.reason.value.replace('_', ' ')})."
    return render(error.details, error.text.strip())


def list_moves(position: Position, moves: Iterable[Move], limit: int = MAX_LISTED) -> str:
    # Captures with their full route, so the player sees which pieces go.
    names = [format_move(position, move, full=move.is_capture) for move in moves]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f", … ({len(names) - limit} more)"
    return ", ".join(names)


def example_moves(position: Position, count: int = 2) -> list[str]:
    """Moves as this variant writes them, for examples: a quiet move and a capture when there are both."""
    legal = position.legal_moves()
    picked = [m for m in legal if not m.is_capture][:1] + [m for m in legal if m.is_capture][:1]
    picked += [m for m in legal if m not in picked][: count - len(picked)]
    return [format_move(position, move) for move in picked[:count]]


def describe(error: RulesError, position: Position | None = None) -> str:
    """One or two plain sentences for the player; legal alternatives when a position is given."""
    if isinstance(error, IllegalMoveError):
        sentence = reason_sentence(error)
        if position is not None and error.legal:
            sentence += f" Legal: {list_moves(position, error.legal)}."
        return sentence
    if isinstance(error, AmbiguousMoveError):
        if position is None:
            return f"{error.text} matches several moves; give the squares in between."
        options = ", ".join(format_move(position, m, full=True) for m in error.candidates)
        return f"{error.text} matches several moves; say which by giving the squares in between: {options}."
    if isinstance(error, SquareError):
        return f"{error.square} is not a playing square."
    if isinstance(error, NotationError):
        if position is not None:
            return f"I could not read that move ({error}). Write it like {' or '.join(example_moves(position))}."
        return f"I could not read that move ({error}). Write it like 22-18 or 22x13."
    if isinstance(error, InvalidPositionError):
        return f"That position is not valid: {error}."
    if isinstance(error, UnknownVariantError):
        known = ", ".join(error.known)
        return f"I don't know the variant {error.name!r}." + (f" Known: {known}." if known else "")
    return str(error)
