"""Sentences for the rules' typed errors, in the player's language (see messages/i18n.py).

describe(error, position, words) turns any RulesError into a plain sentence plus the legal alternatives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from messages.i18n import ENGLISH, Words
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


def colour_name(w: Words, colour: object) -> str:
    """'White' / 'Black' for a Color, its label or 'white' / 'black'."""
    text = str(getattr(colour, "label", colour)).lower()
    return w.say("colour.white", "White") if text == "white" else w.say("colour.black", "Black")


def outcome(w: Words, result: str | None) -> str:
    """'White wins', 'Black wins', 'Draw', or 'Over' for a result not known."""
    match result:
        case "1-0":
            return w.say("result.white_wins", "White wins")
        case "0-1":
            return w.say("result.black_wins", "Black wins")
        case "1/2-1/2":
            return w.say("result.draw", "Draw")
    return w.say("result.over", "Over")


def _number(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0


# One sentence per reason; w = the player's words, d = the error's details, t = the text the player typed.
_REASONS: dict[Reason, Callable[[Words, dict[str, Any], str], str]] = {
    Reason.OFF_BOARD: lambda w, d, t: w.say(
        "refusal.off_board", "{square} is not a square on this board.", square=d.get("square", t)
    ),
    Reason.LIGHT_SQUARE: lambda w, d, t: w.say(
        "refusal.light_square",
        "{square} is a light square; pieces only stand on the dark squares.",
        square=d.get("square", t),
    ),
    Reason.EMPTY_SQUARE: lambda w, d, t: w.say(
        "refusal.empty_square", "There is no piece on {square}.", square=d.get("square")
    ),
    Reason.NOT_YOUR_PIECE: lambda w, d, t: w.say(
        "refusal.not_your_piece", "The piece on {square} belongs to your opponent.", square=d.get("square")
    ),
    Reason.MAN_BACKWARDS: lambda w, d, t: w.say(
        "refusal.man_backwards", "A man cannot move backwards; only kings can."
    ),
    Reason.DESTINATION_OCCUPIED: lambda w, d, t: w.say(
        "refusal.destination_occupied", "{square} is already occupied.", square=d.get("square")
    ),
    Reason.NOT_A_LEGAL_STEP: lambda w, d, t: w.say(
        "refusal.not_a_legal_step", "{move} is not a legal move for that piece.", move=t
    ),
    Reason.NOT_A_LEGAL_JUMP: lambda w, d, t: w.say(
        "refusal.not_a_legal_jump", "{move} is not a legal capture.", move=t
    ),
    Reason.CAPTURE_COMPULSORY: lambda w, d, t: w.plural(
        "refusal.capture_compulsory",
        "Capturing is compulsory: you must capture {count} piece, so {move} is not allowed.",
        "Capturing is compulsory: you must capture {count} pieces, so {move} is not allowed.",
        _number(d.get("count", 1)),
        move=t,
    ),
    Reason.FEWER_PIECES: lambda w, d, t: w.plural(
        "refusal.fewer_pieces",
        "You must capture {count} piece; {move} captures only {given}.",
        "You must capture {count} pieces; {move} captures only {given}.",
        _number(d.get("required")),
        move=t,
        given=d.get("given"),
    ),
    Reason.MUST_CAPTURE_WITH_KING: lambda w, d, t: w.say(
        "refusal.must_capture_with_king",
        "When a man and a king can capture the same number of pieces, the king must capture.",
    ),
    Reason.MUST_CAPTURE_MORE_KINGS: lambda w, d, t: w.plural(
        "refusal.must_capture_more_kings",
        "You must capture the most kings: {count} king can be taken, {move} takes {given}.",
        "You must capture the most kings: {count} kings can be taken, {move} takes {given}.",
        _number(d.get("required")),
        move=t,
        given=d.get("given"),
    ),
    Reason.MUST_CAPTURE_KING_EARLIER: lambda w, d, t: w.say(
        "refusal.must_capture_king_earlier",
        "Among equal captures you must take the one that meets the king(s) earliest.",
    ),
    Reason.LOWER_VALUE: lambda w, d, t: w.say(
        "refusal.lower_value", "You must make the capture of highest value (a king counts for almost two men)."
    ),
    Reason.MAN_CANNOT_CAPTURE_KING: lambda w, d, t: w.say(
        "refusal.man_cannot_capture_king", "A man may not capture a king in this game."
    ),
    Reason.CAPTURE_INCOMPLETE: lambda w, d, t: w.say(
        "refusal.capture_incomplete",
        "The capture is not finished: the piece must keep capturing from {square}.",
        square=d.get("stopped_at"),
    ),
    Reason.PROMOTION_ENDS_MOVE: lambda w, d, t: w.say(
        "refusal.promotion_ends_move", "A man that reaches the far row becomes a king and the move ends there."
    ),
    Reason.NO_TURN_BACK: lambda w, d, t: w.say(
        "refusal.no_turn_back", "A capturing piece may not turn back 180 degrees between two jumps."
    ),
    Reason.JUMPED_TWICE: lambda w, d, t: w.say(
        "refusal.jumped_twice",
        "A piece can be jumped only once, and captured pieces stay on the board until the move ends.",
    ),
    Reason.KING_MOVE_LIMIT: lambda w, d, t: w.say(
        "refusal.king_move_limit",
        "The same king may not make more than three moves in a row while you still have men.",
    ),
    Reason.KING_PRIORITY: lambda w, d, t: w.say(
        "refusal.king_priority", "When one of your kings can capture, a king must make the capture."
    ),
    Reason.PROMOTED_MUST_CONTINUE: lambda w, d, t: w.say(
        "refusal.promoted_must_continue",
        "Your man became a king on {square} and must go on capturing as a king in the same move.",
        square=d.get("stopped_at"),
    ),
    Reason.NOT_CROWNED_HERE: lambda w, d, t: w.say(
        "refusal.not_crowned_here",
        "The man on {square} is not crowned there: men become kings only on {crowning}. "
        "It stays a man and cannot move from the far row.",
        square=d.get("square"),
        crowning=_either(w, [str(name) for name in d.get("crowning", ())]),
    ),
    Reason.ONE_WAY: lambda w, d, t: w.say(
        "refusal.one_way",
        "In One-way checkers every man moves and captures up the board, towards rank 8, whichever side owns it.",
    ),
    Reason.PARACHUTIST_MUST_CAPTURE: lambda w, d, t: w.say(
        "refusal.parachutist_must_capture",
        "The parachutist on {square} cannot move; its only move is to capture an enemy piece on "
        "row {row}, landing just behind it.",
        square=d.get("square"),
        row=d.get("row"),
    ),
    Reason.NO_LINE: lambda w, d, t: w.say(
        "refusal.no_line",
        "No line joins {start} and {end}: on the Alquerque grid diagonal lines pass only through the points on them.",
        start=d.get("start"),
        end=d.get("end"),
    ),
    Reason.LAST_ROW_STUCK: lambda w, d, t: w.say(
        "refusal.last_row_stuck",
        "The man on {square} has reached the far row and cannot move any more (it may still capture).",
        square=d.get("square"),
    ),
    Reason.NO_BACKWARD_MOVE: lambda w, d, t: w.say(
        "refusal.no_backward_move",
        "Men never step backwards here; only the second and later jumps of a capture may go backwards.",
    ),
    Reason.FIRST_JUMP_FORWARD: lambda w, d, t: w.say(
        "refusal.first_jump_forward",
        "A capture starts forward, diagonally forward or sideways; only later jumps may go backwards.",
    ),
    Reason.JUMPS_ONLY: lambda w, d, t: w.say(
        "refusal.jumps_only",
        "Every move in Hawaiian checkers is a jump over an adjacent enemy piece, straight up, down, left or "
        "right (never diagonally), onto the empty square just behind it.",
    ),
    Reason.STRAIGHT_JUMPS: lambda w, d, t: w.say(
        "refusal.straight_jumps",
        "A multiple jump must keep going in one straight direction (you may stop after any jump).",
    ),
    Reason.GAME_OVER: lambda w, d, t: w.say("refusal.game_over", "The game is over; no more moves can be played."),
}


def reason_sentence(error: IllegalMoveError, words: Words = ENGLISH) -> str:
    render = _REASONS.get(error.reason)
    if render is None:
        return words.say(
            "refusal.other", "{move} is not allowed ({reason}).", move=error.text, reason=error.reason.value
        )
    return render(words, error.details, error.text.strip())


def list_moves(position: Position, moves: Iterable[Move], limit: int = MAX_LISTED, words: Words = ENGLISH) -> str:
    # Captures with their full route, so the player sees which pieces go.
    names = [format_move(position, move, full=move.is_capture) for move in moves]
    if len(names) > limit:
        more = words.plural("moves.more", "… ({count} more)", "… ({count} more)", len(names) - limit)
        return words.join([*names[:limit], more])
    return words.join(names)


def example_moves(position: Position, count: int = 2) -> list[str]:
    """Moves as this variant writes them, for examples: a quiet move and a capture when there are both."""
    legal = position.legal_moves()
    picked = [m for m in legal if not m.is_capture][:1] + [m for m in legal if m.is_capture][:1]
    picked += [m for m in legal if m not in picked][: count - len(picked)]
    return [format_move(position, move) for move in picked[:count]]


def _either(words: Words, items: list[str]) -> str:
    """'a or b', 'a, b or c'."""
    if len(items) < 2:
        return items[0] if items else ""
    return words.say("list.either", "{first} or {last}", first=words.join(items[:-1]), last=items[-1])


def unreadable_move(error: NotationError, position: Position | None, words: Words) -> str:
    """A whole sentence per way move text can be unreadable (the rules' own text is English, for developers)."""
    examples = _either(words, example_moves(position) if position is not None else ["22-18", "22x13"])
    if error.reason == "empty":
        return words.say("refusal.move_empty", "That move is empty. Write it like {examples}.", examples=examples)
    if error.reason == "too_long":
        return words.say(
            "refusal.move_too_long", "That move text is too long. Write it like {examples}.", examples=examples
        )
    if error.reason == "one_square":
        return words.say(
            "refusal.move_one_square",
            "A move needs a start square and a destination square. Write it like {examples}.",
            examples=examples,
        )
    if error.reason == "not_a_square":
        return words.say(
            "refusal.move_not_a_square",
            "{square} is not a square name on this board. Write a move like {examples}.",
            square=error.text[:20],
            examples=examples,
        )
    return words.say(
        "refusal.move_unreadable", "I could not read that move. Write it like {examples}.", examples=examples
    )


def invalid_position(error: InvalidPositionError, words: Words) -> str:
    """A whole sentence per way a FEN can be wrong (the rules' own text is English, for developers)."""
    square = error.square[:20]
    if error.reason == "empty":
        return words.say("refusal.fen_empty", "That FEN is empty.")
    if error.reason == "too_long":
        return words.say("refusal.fen_too_long", "That FEN is too long.")
    if error.reason == "turn":
        return words.say(
            "refusal.fen_turn", "A FEN starts with the side to move, W or B, then the pieces after W: and B:."
        )
    if error.reason == "range":
        return words.say(
            "refusal.fen_range", "In that FEN the range {squares} runs backwards: write the lower square first.",
            squares=square,
        )
    if error.reason == "bad_square":
        return words.say(
            "refusal.fen_bad_square", "In that FEN, {square} is not a square of this board.", square=square
        )
    if error.reason == "side_twice":
        return words.say("refusal.fen_side_twice", "That FEN lists the same side twice.")
    if error.reason == "square_twice":
        return words.say("refusal.fen_square_twice", "In that FEN, square {square} is given twice.", square=square)
    if error.reason == "too_many":
        return words.say(
            "refusal.fen_too_many",
            "In that FEN a side has {count} pieces; this game allows at most {limit}.",
            count=error.count,
            limit=error.limit,
        )
    if error.reason == "promotion_row":
        return words.say(
            "refusal.fen_promotion_row",
            "In that FEN a man stands on its promotion row ({square}): there it would already be a king.",
            square=square,
        )
    return words.say("refusal.fen_invalid", "That position is not valid.")


def describe(error: RulesError, position: Position | None = None, words: Words = ENGLISH) -> str:
    """One or two plain sentences for the player; legal alternatives when a position is given."""
    if isinstance(error, IllegalMoveError):
        sentence = reason_sentence(error, words)
        if position is not None and error.legal:
            legal = list_moves(position, error.legal, words=words)
            sentence += " " + words.say("refusal.legal_moves", "Legal: {moves}.", moves=legal)
        return sentence
    if isinstance(error, AmbiguousMoveError):
        if position is None:
            return words.say(
                "refusal.ambiguous", "{move} matches several moves; give the squares in between.", move=error.text
            )
        options = words.join([format_move(position, m, full=True) for m in error.candidates])
        return words.say(
            "refusal.ambiguous_options",
            "{move} matches several moves; say which by giving the squares in between: {options}.",
            move=error.text,
            options=options,
        )
    if isinstance(error, SquareError):
        return words.say("refusal.not_a_playing_square", "{square} is not a playing square.", square=error.square)
    if isinstance(error, NotationError):
        return unreadable_move(error, position, words)
    if isinstance(error, InvalidPositionError):
        return invalid_position(error, words)
    if isinstance(error, UnknownVariantError):
        known = words.join(list(error.known))
        if not known:
            return words.say("refusal.unknown_variant", "I don't know the variant {name!r}.", name=error.name)
        return words.say(
            "refusal.unknown_variant_known",
            "I don't know the variant {name!r}. Known: {known}.",
            name=error.name,
            known=known,
        )
    return str(error)
