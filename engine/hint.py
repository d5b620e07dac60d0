"""A hint a person can follow: the move, the line that follows, and what it wins, as typed data.

The engine says what happens (an Outcome, the side it favours and a count); messages/hints.py says it in
the player's language, one whole sentence per outcome.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.api import Analysis
from rules import Color, Position, format_move

LINE_PLIES = 5  # the hint move plus up to four replies; longer lines stop being readable
MAX_LINE_PLIES = 9  # ... unless an exchange is still going on at ply 5: then on to its end


class Outcome(enum.StrEnum):
    """What the shown line achieves."""

    NO_MOVE = "no_move"  # the game is over: nothing to suggest
    WINS_GIVEAWAY = "wins_giveaway"  # side wins by running out of moves within count moves
    WINS_BY_FORCE = "wins_by_force"  # side wins within count moves
    WINS_PIECES = "wins_pieces"  # side is count pieces up at the end of the line
    GETS_KING = "gets_king"  # side crowns a king and the other does not
    LEVEL = "level"  # nobody is better by the engine's score
    CLEARLY_BETTER = "clearly_better"  # side is a man or more better (score)
    SLIGHTLY_BETTER = "slightly_better"  # side is better by less than a man (score)


@dataclass(frozen=True, slots=True)
class Hint:
    """E.g. move "22-18", line ("13x22", "26x10x1"), WINS_PIECES for White, count 1."""

    move: str | None  # None: no legal move (NO_MOVE)
    line: tuple[str, ...]  # the replies shown after the move, in the variant's notation
    outcome: Outcome
    side: Color | None = None  # whom the outcome favours (None: LEVEL, NO_MOVE)
    count: int = 0  # moves to the win, or pieces won
    score: float = 0.0  # the size of the edge in men, from side's view (>= 0)


def _material(position: Position, color: Color) -> tuple[int, int]:
    """(pieces, kings) of color."""
    own = position.white if color is Color.WHITE else position.black
    return own.bit_count(), (own & position.kings).bit_count()


def _quiet(position: Position) -> bool:
    """No capture is pending: the material count means something here."""
    return not any(move.is_capture for move in position.legal_moves())


def _line(position: Position, analysis: Analysis) -> tuple[list[str], Position, bool]:
    """The part of the engine's line to show, where it ends, and whether it ends quietly.

    It runs LINE_PLIES plies, on to the end of an exchange still going on there (up to MAX_LINE_PLIES), or
    back to the last quiet position before; so it never stops in the middle of an exchange. With no quiet
    position at all it is cut at LINE_PLIES and says so (settled False)."""
    texts: list[str] = []
    positions: list[Position] = []
    for move in analysis.pv[:MAX_LINE_PLIES]:
        texts.append(format_move(position, move))
        position = position.apply(move)
        positions.append(position)
    quiet = [i + 1 for i, at in enumerate(positions) if _quiet(at)]
    wanted = min(LINE_PLIES, len(texts))
    later = [n for n in quiet if n >= wanted]
    earlier = [n for n in quiet if n < wanted]
    if later:
        end = later[0]
    elif earlier:
        end = earlier[-1]
    else:
        end = min(len(texts), LINE_PLIES)
        return texts[:end], positions[end - 1], False
    return texts[:end], positions[end - 1], True


def outcome(position: Position, after: Position, analysis: Analysis, *, settled: bool = True) -> Hint:
    """What the line achieves, for the side that profits (move and line left empty). settled: `after` is
    quiet, so its material count stands; otherwise only the engine's score is put in words."""
    mover = position.turn
    other = mover.opponent
    if analysis.win_in is not None:
        winner = mover if analysis.win_in > 0 else other
        moves = (abs(analysis.win_in) + 1) // 2
        kind = Outcome.WINS_GIVEAWAY if position.rules.giveaway else Outcome.WINS_BY_FORCE
        return Hint(None, (), kind, winner, moves)
    if not settled:
        return _by_score(analysis.score, mover)
    mine_before, my_kings_before = _material(position, mover)
    theirs_before, their_kings_before = _material(position, other)
    mine_after, my_kings_after = _material(after, mover)
    theirs_after, their_kings_after = _material(after, other)
    balance = (mine_after - mine_before) - (theirs_after - theirs_before)
    if balance and not position.rules.giveaway:
        return Hint(None, (), Outcome.WINS_PIECES, mover if balance > 0 else other, abs(balance))
    new_kings = (my_kings_after - my_kings_before, their_kings_after - their_kings_before)
    if new_kings[0] > 0 >= new_kings[1]:
        return Hint(None, (), Outcome.GETS_KING, mover)
    if new_kings[1] > 0 >= new_kings[0]:
        return Hint(None, (), Outcome.GETS_KING, other)
    return _by_score(analysis.score, mover)


def _by_score(score: float, mover: Color) -> Hint:
    if abs(score) < 0.3:
        return Hint(None, (), Outcome.LEVEL)
    better = mover if score > 0 else mover.opponent
    kind = Outcome.CLEARLY_BETTER if abs(score) >= 1.0 else Outcome.SLIGHTLY_BETTER
    return Hint(None, (), kind, better, score=round(abs(score), 1))


def hint(position: Position, analysis: Analysis) -> Hint:
    """The hint for the engine's analysis of position: its move, the line shown (the PV in the variant's
    notation, never stopping mid-exchange) and what that line achieves."""
    if analysis.move is None:
        return Hint(None, (), Outcome.NO_MOVE)
    texts, after, settled = _line(position, analysis) if analysis.pv else ([], position, False)
    if not texts:
        texts = [format_move(position, analysis.move)]
        after = position.apply(analysis.move)
        settled = _quiet(after)
    found = outcome(position, after, analysis, settled=settled)
    return Hint(texts[0], tuple(texts[1:]), found.outcome, found.side, found.count, found.score)
