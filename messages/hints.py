"""The engine's hints in the player's language: one whole sentence per outcome, with and without a line.

engine.hint() says what the line achieves (typed data); these sentences say it. Hints, the better line and
the refutation of a post-game analysis, and a study's engine line all read through hint_sentence().
"""

from __future__ import annotations

from engine.api import Analysis
from engine.hint import Hint, Outcome, hint
from messages import colour_name
from messages.i18n import ENGLISH, Words
from rules import Position


def hint_text(position: Position, analysis: Analysis, w: Words = ENGLISH) -> str:
    """E.g. "22-18: after 13x22 26x10x1, White wins a piece"."""
    return hint_sentence(w, hint(position, analysis))


def hint_sentence(w: Words, found: Hint) -> str:
    if found.move is None or found.outcome is Outcome.NO_MOVE:
        return w.say("hint.no_move", "No legal move: the game is over.")
    side = colour_name(w, found.side) if found.side is not None else ""
    score = f"{found.score:.1f}"
    if found.line:
        return _with_line(w, found, found.move, " ".join(found.line), side, score)
    return _move_only(w, found, found.move, side, score)


def _with_line(w: Words, found: Hint, move: str, line: str, side: str, score: str) -> str:
    count = found.count
    match found.outcome:
        case Outcome.WINS_GIVEAWAY:
            return w.plural(
                "hint.line.wins_giveaway",
                "{move}: after {line}, {side} wins by running out of moves within {count} move",
                "{move}: after {line}, {side} wins by running out of moves within {count} moves",
                count, move=move, line=line, side=side,
            )
        case Outcome.WINS_BY_FORCE:
            return w.plural(
                "hint.line.wins_by_force",
                "{move}: after {line}, {side} wins by force (within {count} move)",
                "{move}: after {line}, {side} wins by force (within {count} moves)",
                count, move=move, line=line, side=side,
            )
        case Outcome.WINS_PIECES if count == 1:
            return w.say("hint.line.wins_a_piece", "{move}: after {line}, {side} wins a piece",
                         move=move, line=line, side=side)
        case Outcome.WINS_PIECES:
            return w.plural(
                "hint.line.wins_pieces",
                "{move}: after {line}, {side} wins {count} piece",
                "{move}: after {line}, {side} wins {count} pieces",
                count, move=move, line=line, side=side,
            )
        case Outcome.GETS_KING:
            return w.say("hint.line.gets_king", "{move}: after {line}, {side} gets a king",
                         move=move, line=line, side=side)
        case Outcome.CLEARLY_BETTER:
            return w.say("hint.line.clearly_better", "{move}: after {line}, {side} is clearly better ({score})",
                         move=move, line=line, side=side, score=score)
        case Outcome.SLIGHTLY_BETTER:
            return w.say("hint.line.slightly_better", "{move}: after {line}, {side} is slightly better ({score})",
                         move=move, line=line, side=side, score=score)
        case _:
            return w.say("hint.line.level", "{move}: after {line}, the position stays level", move=move, line=line)


def _move_only(w: Words, found: Hint, move: str, side: str, score: str) -> str:
    count = found.count
    match found.outcome:
        case Outcome.WINS_GIVEAWAY:
            return w.plural(
                "hint.move.wins_giveaway",
                "{move}: {side} wins by running out of moves within {count} move",
                "{move}: {side} wins by running out of moves within {count} moves",
                count, move=move, side=side,
            )
        case Outcome.WINS_BY_FORCE:
            return w.plural(
                "hint.move.wins_by_force",
                "{move}: {side} wins by force (within {count} move)",
                "{move}: {side} wins by force (within {count} moves)",
                count, move=move, side=side,
            )
        case Outcome.WINS_PIECES if count == 1:
            return w.say("hint.move.wins_a_piece", "{move}: {side} wins a piece", move=move, side=side)
        case Outcome.WINS_PIECES:
            return w.plural(
                "hint.move.wins_pieces", "{move}: {side} wins {count} piece", "{move}: {side} wins {count} pieces",
                count, move=move, side=side,
            )
        case Outcome.GETS_KING:
            return w.say("hint.move.gets_king", "{move}: {side} gets a king", move=move, side=side)
        case Outcome.CLEARLY_BETTER:
            return w.say("hint.move.clearly_better", "{move}: {side} is clearly better ({score})",
                         move=move, side=side, score=score)
        case Outcome.SLIGHTLY_BETTER:
            return w.say("hint.move.slightly_better", "{move}: {side} is slightly better ({score})",
                         move=move, side=side, score=score)
        case _:
            return w.say("hint.move.level", "{move}: the position stays level", move=move)
