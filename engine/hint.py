"""A hint a person can follow: the move, the line that follows, and what it wins."""

from __future__ import annotations

from engine.api import Analysis
from rules import Color, Position, format_move

LINE_PLIES = 5  # the hint move plus up to four replies; longer lines stop being readable
_NUMBERS = {1: "a piece", 2: "two pieces", 3: "three pieces", 4: "four pieces"}


def _material(position: Position, color: Color) -> tuple[int, int]:
    """(pieces, kings) of color."""
    own = position.white if color is Color.WHITE else position.black
    return own.bit_count(), (own & position.kings).bit_count()


def _line(position: Position, analysis: Analysis) -> tuple[list[str], Position]:
    texts = []
    for move in analysis.pv[:LINE_PLIES]:
        texts.append(format_move(position, move))
        position = position.apply(move)
    return texts, position


def _pieces(n: int) -> str:
    return _NUMBERS.get(n, f"{n} pieces")


def verdict(position: Position, after: Position, analysis: Analysis) -> str:
    """What the line achieves, in words, for the side that profits."""
    mover = position.turn
    other = mover.opponent
    if analysis.win_in is not None:
        winner = mover if analysis.win_in > 0 else other
        moves = (abs(analysis.win_in) + 1) // 2
        if position.rules.giveaway:
            return f"{winner.label} wins by running out of moves within {moves} moves"
        return f"{winner.label} wins by force (within {moves} moves)"
    mine_before, my_kings_before = _material(position, mover)
    theirs_before, their_kings_before = _material(position, other)
    mine_after, my_kings_after = _material(after, mover)
    theirs_after, their_kings_after = _material(after, other)
    balance = (mine_after - mine_before) - (theirs_after - theirs_before)
    if balance and not position.rules.giveaway:
        side = mover if balance > 0 else other
        return f"{side.label} wins {_pieces(abs(balance))}"
    new_kings = (my_kings_after - my_kings_before, their_kings_after - their_kings_before)
    if new_kings[0] > 0 >= new_kings[1]:
        return f"{mover.label} gets a king"
    if new_kings[1] > 0 >= new_kings[0]:
        return f"{other.label} gets a king"
    score = analysis.score
    if abs(score) < 0.3:
        return "the position stays level"
    better = mover if score > 0 else other
    size = "clearly " if abs(score) >= 1.0 else "slightly "
    return f"{better.label} is {size}better ({abs(score):.1f})"


def hint_text(position: Position, analysis: Analysis) -> str:
    """E.g. "22-18: after 13x22 26x10x1 White wins a piece". The line is the PV in the variant's notation."""
    if analysis.move is None:
        return "No legal move: the game is over."
    texts, after = _line(position, analysis)
    if not texts:
        texts = [format_move(position, analysis.move)]
        after = position.apply(analysis.move)
    head = texts[0]
    follow = texts[1:]
    said = verdict(position, after, analysis)
    if follow:
        return f"{head}: after {' '.join(follow)} {said}"
    return f"{head}: {said}"
