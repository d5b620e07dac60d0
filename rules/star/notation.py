"""Move text and position text for Chinese checkers.

A move is written as the holes the marble stands on, joined by '-': a step 'd4-e5', a chain of jumps
'c2-e4-g6-e8' (every landing hole) or only its ends 'c2-e8' (then the shortest chain is kept); 'pass' when the
player has no move. Position text (for storage and tests): 'players/turn/ply/finished/gone/holes|holes|…', seat
numbers from 0, each seat's holes comma-separated, e.g. '2/0/0/-/-/a1,b1,…|n1,…'.
"""

from __future__ import annotations

import itertools

from rules.errors import InvalidPositionError, NotationError
from rules.star.board import BOARD, POINT_SIZE
from rules.star.errors import StarMoveError, StarReason
from rules.star.position import PASS, PLAYER_COUNTS, SEATING, StarMove, StarPosition, holes_of

MAX_MOVE_TEXT = 200
MAX_POSITION_TEXT = 2000


def format_move(move: StarMove) -> str:
    return "pass" if move.is_pass else "-".join(BOARD.names[h] for h in move.path)


def _read_holes(text: str) -> tuple[int, ...]:
    stripped = text.strip()
    if not stripped:
        raise NotationError("empty move", text="", reason="empty")
    if len(stripped) > MAX_MOVE_TEXT:
        raise NotationError("move text too long", text=stripped[:20], reason="too_long")
    parts = [p.strip() for p in stripped.lower().replace("–", "-").split("-")]
    if any(not p for p in parts):
        raise NotationError("empty hole name", text=stripped[:20], reason="unreadable")
    if len(parts) == 1:
        BOARD.hole(parts[0])
        raise NotationError("one hole only", text=stripped[:20], reason="one_square")
    return tuple(BOARD.hole(p) for p in parts)


def parse_move(position: StarPosition, text: str) -> StarMove:
    """The legal move the text names, with the player's own path when they gave one; NotationError for text
    that is not a move, StarMoveError (a StarReason and hole names) for a move the rules refuse."""
    if text.strip().lower() == "pass":
        legal = position.legal_moves()
        if not legal:
            raise StarMoveError(StarReason.GAME_OVER, text.strip())
        if legal != (PASS,):
            raise StarMoveError(StarReason.CANNOT_PASS, "pass")
        return PASS
    path = _read_holes(text)
    shown = "-".join(BOARD.names[h] for h in path)
    legal = position.legal_moves()
    if not legal:
        raise StarMoveError(StarReason.GAME_OVER, shown)
    if legal == (PASS,):
        raise StarMoveError(StarReason.MUST_PASS, shown)
    start = path[0]
    owner = position.owner(start)
    if owner is None:
        raise StarMoveError(StarReason.EMPTY_HOLE, shown, hole=BOARD.names[start])
    if owner != position.turn:
        raise StarMoveError(StarReason.NOT_YOUR_MARBLE, shown, hole=BOARD.names[start])
    if len(path) == 2:
        return _two_holes(position, legal, path, shown)
    return _chain(position, path, shown)


def _two_holes(position: StarPosition, legal: tuple[StarMove, ...], path: tuple[int, ...], shown: str) -> StarMove:
    start, end = path
    names = {"start": BOARD.names[start], "end": BOARD.names[end]}
    if end == start:
        raise StarMoveError(StarReason.REVISITED, shown, hole=names["start"])
    if position.occupied >> end & 1:
        raise StarMoveError(StarReason.OCCUPIED, shown, hole=names["end"])
    found = next((m for m in legal if m.identity == (start, end)), None)
    if found is not None:
        return found
    mine = tuple(m for m in legal if m.start == start)
    if any(landing == end for _, landing in BOARD.jumps[start]):
        raise StarMoveError(StarReason.NOT_A_JUMP, shown, legal=mine, start=names["start"], end=names["end"])
    raise StarMoveError(StarReason.NO_ROUTE, shown, legal=mine, start=names["start"], end=names["end"])


def _chain(position: StarPosition, path: tuple[int, ...], shown: str) -> StarMove:
    occupied = position.occupied & ~(1 << path[0])
    seen = {path[0]}
    for here, there in itertools.pairwise(path):
        names = {"start": BOARD.names[here], "end": BOARD.names[there]}
        if there in seen:
            raise StarMoveError(StarReason.REVISITED, shown, hole=names["end"])
        seen.add(there)
        if occupied >> there & 1:
            raise StarMoveError(StarReason.OCCUPIED, shown, hole=names["end"])
        if there in BOARD.neighbours[here]:
            raise StarMoveError(StarReason.STEP_ENDS_MOVE, shown, start=names["start"], end=names["end"])
        over = next((o for o, landing in BOARD.jumps[here] if landing == there), None)
        if over is None:
            raise StarMoveError(StarReason.NOT_ADJACENT, shown, start=names["start"], end=names["end"])
        if not occupied >> over & 1:
            raise StarMoveError(StarReason.NOT_A_JUMP, shown, start=names["start"], end=names["end"])
    return StarMove(path)


def position_text(position: StarPosition) -> str:
    def seats(items: tuple[int, ...]) -> str:
        return ",".join(str(s) for s in items) or "-"

    holes = "|".join(",".join(BOARD.names[h] for h in holes_of(mask)) for mask in position.marbles)
    head = f"{position.players}/{position.turn}/{position.ply}/{seats(position.finished)}/{seats(position.gone)}"
    return f"{head}/{holes}"


def _bad(message: str, reason: str = "invalid", square: str = "") -> InvalidPositionError:
    return InvalidPositionError(message, reason=reason, square=square[:20])


def _seat_list(text: str, players: int) -> tuple[int, ...]:
    if text == "-":
        return ()
    try:
        seats = tuple(int(s) for s in text.split(","))
    except ValueError:
        raise _bad("seat list") from None
    if any(not 0 <= s < players for s in seats) or len(set(seats)) != len(seats):
        raise _bad("seat list")
    return seats


def parse_position(text: str) -> StarPosition:
    """A position from position_text; InvalidPositionError (reason and square for the messages) when it is
    not one: too long, wrong shape, an unknown hole, a hole twice, more than ten marbles a seat."""
    if len(text) > MAX_POSITION_TEXT:
        raise _bad("too long", "too_long")
    parts = text.strip().split("/")
    if len(parts) != 6 or not all(p.isdigit() for p in parts[:3]):
        raise _bad("shape")
    players, turn, ply = int(parts[0]), int(parts[1]), int(parts[2])
    if players not in PLAYER_COUNTS or turn >= players:
        raise _bad("players")
    finished, gone = _seat_list(parts[3], players), _seat_list(parts[4], players)
    fields = parts[5].split("|")
    if len(fields) != players or set(finished) & set(gone):
        raise _bad("seats")
    marbles: list[int] = []
    taken = 0
    for field in fields:
        mask = 0
        names = [n for n in field.split(",") if n.strip()]
        if len(names) > POINT_SIZE:
            raise _bad("too many", "too_many")
        for name in names:
            try:
                hole = BOARD.hole(name)
            except NotationError:
                raise _bad("hole", "bad_square", name.strip()) from None
            if taken >> hole & 1:
                raise _bad("twice", "square_twice", name.strip())
            taken |= 1 << hole
            mask |= 1 << hole
        marbles.append(mask)
    return StarPosition(SEATING[players], tuple(marbles), turn, finished, gone, ply)
