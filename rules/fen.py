"""PDN 3.0 FEN: `W:W21-32:B1-12`, kings prefixed with K, ranges, either colour listed first."""

from __future__ import annotations

import functools

from rules.board import Board, board_for
from rules.errors import InvalidPositionError, NotationError
from rules.position import Position
from rules.ruleset import Color, RuleSet

MAX_FEN_LENGTH = 4000


def _color(token: str, text: str) -> Color:
    letter = token.strip().upper()
    if letter == "W":
        return Color.WHITE
    if letter == "B":
        return Color.BLACK
    raise InvalidPositionError(f"FEN {text!r}: expected W or B, found {token!r}", reason="turn")


def _squares(board: Board, field: str, text: str) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    for raw in field.split(","):
        token = raw.strip()
        if not token:
            continue
        king = token[0] in "Kk" and len(token) > 1  # no board here has a k-file
        if king:
            token = token[1:].strip()
        if "-" in token:
            low_text, _, high_text = token.partition("-")
            low, high = _square(board, low_text, text), _square(board, high_text, text)
            low_index, high_index = board.squares.index(low), board.squares.index(high)
            if low_index > high_index:
                raise InvalidPositionError(
                    f"FEN {text!r}: range {token!r} runs backwards", reason="range", square=token
                )
            out.extend((board.squares[i], king) for i in range(low_index, high_index + 1))
        else:
            out.append((_square(board, token, text), king))
    return out


def _square(board: Board, token: str, text: str) -> int:
    try:
        return board.parse_square(token)
    except NotationError as error:
        raise InvalidPositionError(
            f"FEN {text!r}: bad square {token!r} ({error})", reason="bad_square", square=token
        ) from error


@functools.cache
def max_pieces(rules: RuleSet) -> int:
    """A side may not have more pieces than it starts with."""
    start = parse_fen(rules, rules.start_fen, check_counts=False)
    return max(start.white.bit_count(), start.black.bit_count())


def fen_turn(text: str) -> Color:
    """The side to move, read as parse_fen reads it, without building the position (a list of games needs
    only whose turn it is)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidPositionError("empty FEN", reason="empty")
    return _color(text.strip().strip('"').split(":")[0], text)


def parse_fen(rules: RuleSet, text: str, *, check_counts: bool = True) -> Position:  # noqa: C901 - PDN 3.0 FEN fields, each checked where it is read
    if not isinstance(text, str) or not text.strip():
        raise InvalidPositionError("empty FEN", reason="empty")
    if len(text) > MAX_FEN_LENGTH:
        raise InvalidPositionError("FEN is too long", reason="too_long")
    body = text.strip().strip('"').rstrip(".").replace(" ", "")
    fields = body.split(":")
    turn = _color(fields[0], text)
    board = board_for(rules)
    sides: dict[Color, list[tuple[int, bool]]] = {Color.WHITE: [], Color.BLACK: []}
    seen_colors: set[Color] = set()
    for field in fields[1:]:
        if not field:
            continue
        color = _color(field[0], text)
        if color in seen_colors:
            raise InvalidPositionError(f"FEN {text!r}: {color.label} is listed twice", reason="side_twice")
        seen_colors.add(color)
        sides[color] = _squares(board, field[1:], text)
    white = black = kings = 0
    occupied: set[int] = set()
    for color, entries in sides.items():
        for square, king in entries:
            if square in occupied:
                raise InvalidPositionError(
                    f"FEN {text!r}: square {board.name(square)} is given twice",
                    reason="square_twice",
                    square=board.name(square),
                )
            occupied.add(square)
            bit = 1 << square
            if color is Color.WHITE:
                white |= bit
            else:
                black |= bit
            if king:
                kings |= bit
    position = Position(rules, white, black, kings, turn)
    if check_counts:
        _validate(position, text)
    return position


def _validate(position: Position, text: str) -> None:
    rules = position.rules
    limit = max_pieces(rules)
    board = position.board
    for color, pieces in ((Color.WHITE, position.white), (Color.BLACK, position.black)):
        if pieces.bit_count() > limit:
            raise InvalidPositionError(
                f"FEN {text!r}: {color.label} has {pieces.bit_count()} pieces; at most {limit} in {rules.name}",
                reason="too_many",
                count=pieces.bit_count(),
                limit=limit,
            )
    if not rules.promotes:
        return
    for color, pieces in ((Color.WHITE, position.white), (Color.BLACK, position.black)):
        stuck = pieces & ~position.kings & position.generator.forbidden_men(color)
        if stuck:
            square = board.name(board.bits(stuck)[0])
            raise InvalidPositionError(
                f"FEN {text!r}: a {color.label.lower()} man cannot stand on its promotion row ({square})",
                reason="promotion_row",
                square=square,
            )


def format_fen(position: Position) -> str:
    board = position.board
    order = {bit: index for index, bit in enumerate(board.squares)}

    def field(pieces: int) -> str:
        names = [
            ("K" if position.kings >> bit & 1 else "") + board.name(bit)
            for bit in sorted(board.bits(pieces), key=order.__getitem__)
        ]
        return ",".join(names)

    return f"{position.turn.letter}:W{field(position.white)}:B{field(position.black)}"
