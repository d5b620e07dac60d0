"""Move text: parse what a player types, format moves in the variant's own notation."""

from __future__ import annotations

import re

from rules.errors import AmbiguousMoveError, IllegalMoveError, NotationError, Reason, SquareError
from rules.explain import explain
from rules.move import Move
from rules.movegen import precedence_key
from rules.position import Position

MAX_MOVE_TEXT = 200
_SQUARE = r"[a-z]?\d{1,6}"
# squares joined by one separator each (-, x, :, ×, *) or by spaces: 22-18, 22x13x6, c3:e5, "22 13 6"
_MOVE = re.compile(rf"^{_SQUARE}(?:\s*[-x:×*]\s*{_SQUARE}|\s+{_SQUARE})+$")
_SQUARES = re.compile(_SQUARE)
_FULL_SQUARE = re.compile(r"[a-l]\d{1,2}")


def square_names(position: Position, move: Move) -> list[str]:
    board = position.board
    return [board.name(square) for square in move.path]


def format_move(position: Position, move: Move, *, full: bool = False) -> str:
    """`22-18`, `22x13`; intermediate squares only when needed to tell moves apart (or full=True).

    position is the position the move is played from.
    """
    rules = position.rules
    board = position.board
    separator = rules.capture_separator if move.captures else rules.move_separator
    path = move.path
    if move.captures and not full and len(path) > 2:
        same_ends = [
            m for m in position.legal_moves() if m.start == move.start and m.end == move.end
        ]
        if len(same_ends) <= 1:
            path = (path[0], path[-1])
    return separator.join(board.name(square) for square in path)


def _tokens(text: str) -> tuple[list[str], bool]:
    """Square tokens and whether the text marks a capture."""
    if not isinstance(text, str):
        raise NotationError("a move must be text", text=str(text))
    cleaned = text.strip().lower()
    if not cleaned:
        raise NotationError("empty move", text=text, reason="empty")
    if len(cleaned) > MAX_MOVE_TEXT:
        raise NotationError("the move text is too long", text=text[:40] + "…", reason="too_long")
    if not _MOVE.match(cleaned):
        if _SQUARES.fullmatch(cleaned):
            raise NotationError(
                "a move needs a start and a destination square, e.g. 22-18", text=text, reason="one_square"
            )
        raise NotationError("write a move as squares joined by - or x, e.g. 22-18 or 22x13", text=text)
    tokens = _SQUARES.findall(cleaned.replace("×", " ").replace("x", " x "))
    capture_mark = any(mark in cleaned for mark in (":", "×", "*")) or bool(re.search(r"\dx", cleaned))
    return tokens, capture_mark


def _matches(move: Move, squares: list[int]) -> bool:
    path = move.path
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    inner = iter(path[1:-1])
    return all(any(square == step for step in inner) for square in squares[1:-1])


def parse_squares(position: Position, text: str) -> tuple[list[int], bool]:
    tokens, capture_mark = _tokens(text)
    board = position.board
    squares = []
    for token in tokens:
        try:
            squares.append(board.parse_square(token))
        except SquareError as error:
            raise IllegalMoveError(
                Reason(error.reason), text, tuple(position.legal_moves()), square=token
            ) from error
    return squares, capture_mark


def parse_move(position: Position, text: str) -> Move:
    """The legal move the text names. Raises NotationError, IllegalMoveError or AmbiguousMoveError."""
    if position.rules.algebraic and is_short(text.strip().lower()):
        return parse_short(position, text.strip().lower())
    squares, capture_mark = parse_squares(position, text)
    legal = position.legal_moves()
    found = [move for move in legal if _matches(move, squares)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise AmbiguousMoveError(text, tuple(found))
    other_path = same_capture_other_path(position, squares, legal)
    if other_path:
        if len(other_path) > 1:
            raise AmbiguousMoveError(text, tuple(other_path))
        return other_path[0]
    raise explain(position, squares, capture_mark, text, legal)


def same_capture_other_path(position: Position, squares: list[int], legal: list[Move]) -> list[Move]:
    """Legal captures the squares name through other landing squares (a flying king may land anywhere
    beyond a piece): a real capture sequence along those squares with a legal move's start, end and
    captured pieces is that move."""
    if len(squares) < 3 or not legal or not legal[0].is_capture:
        return []
    identities = {move.identity: move for move in legal}
    sequences = position.capture_sequences()
    key = precedence_key(position.rules)
    best = max(map(key, sequences)) if key is not None and sequences else None
    found: dict[tuple[int, int, frozenset[int]], Move] = {}
    for sequence in sequences:
        if not _path_matches(sequence.path, squares):
            continue
        if key is not None and key(sequence) != best:
            continue  # the same pieces in a worse order (Italian: kings earliest): not the legal move
        identity = (sequence.path[0], sequence.path[-1], frozenset(sequence.captures))
        if identity in identities:
            found[identity] = identities[identity]
    return list(found.values())


def _path_matches(path: tuple[int, ...], squares: list[int]) -> bool:
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    inner = iter(path[1:-1])
    return all(any(square == step for step in inner) for square in squares[1:-1])


def parse_short(position: Position, text: str) -> Move:
    """Short algebraic notation: the file the piece comes from, then its landing square(s): `cd4`, `c:e5`."""
    board = position.board
    squares = [board.parse_square(s) for s in _FULL_SQUARE.findall(text)]
    start_file = ord(text[0]) - ord("a")
    legal = position.legal_moves()

    def fits(move: Move) -> bool:
        path = move.path
        if board.coords[path[0]][1] != start_file or path[-1] != squares[-1]:
            return False
        inner = iter(path[1:-1])
        return all(any(square == step for step in inner) for square in squares[:-1])

    found = [move for move in legal if fits(move)]
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousMoveError(text, tuple(found))
    if not legal:
        raise IllegalMoveError(Reason.GAME_OVER, text)
    reason = Reason.NOT_A_LEGAL_JUMP if legal[0].is_capture or ":" in text else Reason.NOT_A_LEGAL_STEP
    raise IllegalMoveError(reason, text, tuple(legal))


def is_short(text: str) -> bool:
    """`cd4`, `c:e5`, `cd:e5` (not `c3-d4`): the short algebraic notation Russian players use in print."""
    return bool(re.fullmatch(r"[a-l][a-l:x]*\d.*", text)) and not re.match(r"[a-l]\d", text)
