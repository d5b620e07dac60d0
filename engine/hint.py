"""A hint a person can follow: the move, the line that follows, and what it wins."""

from __future__ import annotations

from engine.api import Analysis
from messages import colour_name
from messages.i18n import ENGLISH, Words
from rules import Color, Position, format_move

LINE_PLIES = 5  # the hint move plus up to four replies; longer lines stop being readable
MAX_LINE_PLIES = 9  # ... unless an exchange is still going on at ply 5: then on to its end


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


def verdict(
    position: Position, after: Position, analysis: Analysis, *, settled: bool = True, w: Words = ENGLISH
) -> str:
    """What the line achieves, in words, for the side that profits. settled: `after` is quiet, so its
    material count stands; otherwise only the engine's score is put in words."""
    mover = position.turn
    other = mover.opponent
    if analysis.win_in is not None:
        winner = mover if analysis.win_in > 0 else other
        moves = (abs(analysis.win_in) + 1) // 2
        if position.rules.giveaway:
            return w.plural(
                "hint.wins_giveaway",
                "{side} wins by running out of moves within {count} move",
                "{side} wins by running out of moves within {count} moves",
                moves,
                side=colour_name(w, winner),
            )
        return w.plural(
            "hint.wins_by_force",
            "{side} wins by force (within {count} move)",
            "{side} wins by force (within {count} moves)",
            moves,
            side=colour_name(w, winner),
        )
    if not settled:
        return _by_score(analysis.score, mover, w)
    mine_before, my_kings_before = _material(position, mover)
    theirs_before, their_kings_before = _material(position, other)
    mine_after, my_kings_after = _material(after, mover)
    theirs_after, their_kings_after = _material(after, other)
    balance = (mine_after - mine_before) - (theirs_after - theirs_before)
    if balance and not position.rules.giveaway:
        side = mover if balance > 0 else other
        return _wins_pieces(w, colour_name(w, side), abs(balance))
    new_kings = (my_kings_after - my_kings_before, their_kings_after - their_kings_before)
    if new_kings[0] > 0 >= new_kings[1]:
        return w.say("hint.gets_king", "{side} gets a king", side=colour_name(w, mover))
    if new_kings[1] > 0 >= new_kings[0]:
        return w.say("hint.gets_king", "{side} gets a king", side=colour_name(w, other))
    return _by_score(analysis.score, mover, w)


def _wins_pieces(w: Words, side: str, count: int) -> str:
    if count == 1:
        return w.say("hint.wins_a_piece", "{side} wins a piece", side=side)
    return w.plural("hint.wins_pieces", "{side} wins {count} piece", "{side} wins {count} pieces", count, side=side)


def _by_score(score: float, mover: Color, w: Words) -> str:
    if abs(score) < 0.3:
        return w.say("hint.level", "the position stays level")
    better = colour_name(w, mover if score > 0 else mover.opponent)
    value = f"{abs(score):.1f}"
    if abs(score) >= 1.0:
        return w.say("hint.clearly_better", "{side} is clearly better ({score})", side=better, score=value)
    return w.say("hint.slightly_better", "{side} is slightly better ({score})", side=better, score=value)


def hint_text(position: Position, analysis: Analysis, w: Words = ENGLISH) -> str:
    """E.g. "22-18: after 13x22 26x10x1 White wins a piece". The line is the PV in the variant's notation."""
    if analysis.move is None:
        return w.say("hint.no_move", "No legal move: the game is over.")
    texts, after, settled = _line(position, analysis) if analysis.pv else ([], position, False)
    if not texts:
        texts = [format_move(position, analysis.move)]
        after = position.apply(analysis.move)
        settled = _quiet(after)
    head = texts[0]
    follow = texts[1:]
    said = verdict(position, after, analysis, settled=settled, w=w)
    if follow:
        return w.say("hint.line", "{move}: after {line} {verdict}", move=head, line=" ".join(follow), verdict=said)
    return w.say("hint.short", "{move}: {verdict}", move=head, verdict=said)
