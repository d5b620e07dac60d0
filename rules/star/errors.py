"""Typed refusals of Chinese checkers moves: a StarReason and data (hole names), never prose.

Unreadable text raises the rules' NotationError (reasons empty, too_long, one_square, not_a_square,
unreadable); messages.star turns both into sentences.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from rules.errors import RulesError

if TYPE_CHECKING:
    from rules.star.position import StarMove


class StarReason(enum.Enum):
    GAME_OVER = "game_over"
    EMPTY_HOLE = "empty_hole"  # no marble on the start hole
    NOT_YOUR_MARBLE = "not_your_marble"
    OCCUPIED = "occupied"  # the next hole of the path holds a marble
    NOT_ADJACENT = "not_adjacent"  # a hop that is neither a step nor a jump
    NOT_A_JUMP = "not_a_jump"  # two holes apart in a line, but nothing to jump over
    STEP_ENDS_MOVE = "step_ends_move"  # a step followed by more holes
    REVISITED = "revisited"  # a chain of jumps that comes back to a hole
    NO_ROUTE = "no_route"  # start and end only, and no step or chain joins them
    CANNOT_PASS = "cannot_pass"  # pass while a move exists
    MUST_PASS = "must_pass"  # a move while none exists


class StarMoveError(RulesError):
    """A readable move the rules do not allow. details: hole names (hole, start, end), for the messages;
    legal: where a refused marble can go instead (the moves of that marble), when that helps."""

    def __init__(self, reason: StarReason, text: str, *, legal: tuple[StarMove, ...] = (), **details: Any) -> None:
        super().__init__(f"illegal move {text!r}: {reason.value}")
        self.reason = reason
        self.text = text
        self.legal = legal
        self.details = details
