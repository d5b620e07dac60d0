"""Chinese checkers (Sternhalma) on the star of 121 holes, for 2, 3, 4 or 6 players: a board kind of its own
beside the draughts boards (it shares only the typed errors). Standard library only.

    from rules.star import StarPosition, parse_move, format_move
    position = StarPosition.start(3)
    position = position.play(parse_move(position, "d1-e2"))

Rules and their sources: docs/VARIANTS.md, "Chinese checkers". Variant id: `chinese`.
"""

from rules.star.board import BOARD, HOLES, ROWS, Point, StarBoard
from rules.star.errors import StarMoveError, StarReason
from rules.star.notation import format_move, parse_move, parse_position, position_text
from rules.star.perft import perft
from rules.star.position import (
    GOAL_WITH_BLOCKERS,
    MAX_TURNS_PER_SEAT,
    PASS,
    PLAYER_COUNTS,
    SEATING,
    StarMove,
    StarPosition,
    holes_of,
    marble_moves,
)

VARIANT_ID = "chinese"
VARIANT_NAME = "Chinese checkers"

__all__ = [
    "BOARD",
    "GOAL_WITH_BLOCKERS",
    "HOLES",
    "MAX_TURNS_PER_SEAT",
    "PASS",
    "PLAYER_COUNTS",
    "ROWS",
    "SEATING",
    "VARIANT_ID",
    "VARIANT_NAME",
    "Point",
    "StarBoard",
    "StarMove",
    "StarMoveError",
    "StarPosition",
    "StarReason",
    "format_move",
    "holes_of",
    "marble_moves",
    "parse_move",
    "parse_position",
    "perft",
    "position_text",
]
