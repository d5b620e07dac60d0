"""The one clock model: each side has a bank of time; a move spends what it took and earns what the terms give.

Three kinds of terms, one arithmetic (docs/ANYWHERE.md):
- days per move ("3"): every move is given the same days; time not used is not kept (base = increment = cap).
- base + increment with an optional cap ("10d+1d max 20d"): a bank of 10 days, 1 day added after each move,
  never more than 20.
- periods ("20 moves in 30d"): a bank of 30 days; each 20th move of a side adds another 30; unused time is kept.

The side to move has a deadline (an aware UTC moment): the turn's start plus its bank. Time left is always
"deadline - now", so a vacation, which stores what is left and sets a new deadline when it ends (clock.py),
pauses the bank with no arithmetic of its own. Durations are seconds of real time: a day is 86,400 s
whatever the daylight-saving rules of any player's zone.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from service.errors import BadClock

DAY = 86_400.0
MAX_DAYS = 120  # no bank, cap or period beyond this
MAX_MOVES = 100  # moves per period
MAX_TEXT = 40

_DAYS = r"(\d{1,3})\s*(?:d|days?)?"
_FISCHER = re.compile(rf"^{_DAYS}\s*\+\s*{_DAYS}(?:\s*max\s*{_DAYS})?$")
_PERIOD = re.compile(rf"^(\d{{1,3}})\s*(?:moves?\s*in|/)\s*{_DAYS}$")  # "20 moves in 30d" or "20/30d"
_PLAIN = re.compile(rf"^{_DAYS}$")


class Kind(enum.StrEnum):
    PER_MOVE = "per_move"
    FISCHER = "fischer"
    PERIODS = "periods"


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: Kind
    base_days: int  # the bank each side starts with
    increment_days: int = 0  # FISCHER: added after each move; PER_MOVE: the days of every move
    cap_days: int | None = None  # FISCHER: the bank never exceeds this
    moves: int = 0  # PERIODS: moves per period

    @property
    def start_bank(self) -> float:
        return self.base_days * DAY

    def after_move(self, left: float, moves_made: int) -> float:
        """The bank of a side that just made its `moves_made`-th move with `left` seconds still on its clock."""
        left = max(left, 0.0)
        if self.kind is Kind.PER_MOVE:
            return self.base_days * DAY
        if self.kind is Kind.FISCHER:
            bank = left + self.increment_days * DAY
            return min(bank, self.cap_days * DAY) if self.cap_days is not None else bank
        return left + (self.base_days * DAY if moves_made % self.moves == 0 else 0.0)

    def text(self) -> str:
        """The canonical form, stored with the game and read back by `parse_clock`."""
        if self.kind is Kind.PER_MOVE:
            return f"{self.base_days}d"
        if self.kind is Kind.PERIODS:
            return f"{self.moves}/{self.base_days}d"
        cap = f" max {self.cap_days}d" if self.cap_days is not None else ""
        return f"{self.base_days}d+{self.increment_days}d{cap}"


def per_move(days: int) -> TimeControl:
    return TimeControl(Kind.PER_MOVE, days, days, days)


def parse_clock(text: str, *, min_days: int = 1, max_per_move: int = 14) -> TimeControl:
    """Read "10d+1d max 20d", "10+1", "20 moves in 30d", "20/30d", "20 moves in 30 days" or plain days ("3", "3d").
    BadClock (with what was wrong, for a sentence) for anything else or out of range."""
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned or len(cleaned) > MAX_TEXT:
        raise BadClock(text, BadClock.UNREADABLE)
    if match := _PLAIN.match(cleaned):
        days = int(match.group(1))
        if not min_days <= days <= max_per_move:
            raise BadClock(text, BadClock.OUT_OF_RANGE)
        return per_move(days)
    if match := _FISCHER.match(cleaned):
        base, increment = int(match.group(1)), int(match.group(2))
        cap = int(match.group(3)) if match.group(3) is not None else None
        if not min_days <= base <= MAX_DAYS or increment > MAX_DAYS or (cap is not None and cap > MAX_DAYS):
            raise BadClock(text, BadClock.OUT_OF_RANGE)
        if cap is not None and cap < base:
            raise BadClock(text, BadClock.CAP_BELOW_BASE)
        return TimeControl(Kind.FISCHER, base, increment, cap)
    if match := _PERIOD.match(cleaned):
        moves, days = int(match.group(1)), int(match.group(2))
        if not 1 <= moves <= MAX_MOVES or not min_days <= days <= MAX_DAYS:
            raise BadClock(text, BadClock.OUT_OF_RANGE)
        return TimeControl(Kind.PERIODS, days, moves=moves)
    raise BadClock(text, BadClock.UNREADABLE)


def moves_made(ply: int, first_to_move_is_mover: bool) -> int:
    """How many moves a side has made once the game has `ply` plies (the side that moved first has the odd ones)."""
    return (ply + 1) // 2 if first_to_move_is_mover else ply // 2
