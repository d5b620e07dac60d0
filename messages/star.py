"""Sentences for Chinese checkers, in the player's language: refusals (rules.star's StarMoveError and
NotationError; describe_star is the star board's counterpart of messages.describe) and hints (engine.star's
StarHint; star_hint)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from messages.i18n import ENGLISH, Words
from rules.errors import NotationError, RulesError
from rules.star import BOARD, StarMove, StarMoveError, StarPosition, StarReason, format_move

MAX_LISTED = 12

_REASONS: dict[StarReason, Callable[[Words, dict[str, Any]], str]] = {
    StarReason.GAME_OVER: lambda w, d: w.say("refusal.game_over", "The game is over; no more moves can be played."),
    StarReason.EMPTY_HOLE: lambda w, d: w.say("star.empty_hole", "There is no marble on {hole}.", hole=d["hole"]),
    StarReason.NOT_YOUR_MARBLE: lambda w, d: w.say(
        "star.not_your_marble", "The marble on {hole} belongs to another player.", hole=d["hole"]
    ),
    StarReason.OCCUPIED: lambda w, d: w.say("star.occupied", "{hole} already holds a marble.", hole=d["hole"]),
    StarReason.NOT_ADJACENT: lambda w, d: w.say(
        "star.not_adjacent",
        "From {start} a marble cannot reach {end} in one hop: a step goes to a neighbouring hole, a jump goes "
        "over one neighbouring marble to the empty hole just beyond it, in a straight line.",
        start=d["start"],
        end=d["end"],
    ),
    StarReason.NOT_A_JUMP: lambda w, d: w.say(
        "star.not_a_jump",
        "No marble stands between {start} and {end} to jump over.",
        start=d["start"],
        end=d["end"],
    ),
    StarReason.STEP_ENDS_MOVE: lambda w, d: w.say(
        "star.step_ends_move",
        "A step from {start} to the neighbouring hole {end} is a whole move: no jumps can follow it.",
        start=d["start"],
        end=d["end"],
    ),
    StarReason.REVISITED: lambda w, d: w.say(
        "star.revisited", "A chain of jumps may not pass through {hole} twice.", hole=d["hole"]
    ),
    StarReason.NO_ROUTE: lambda w, d: w.say(
        "star.no_route",
        "The marble on {start} cannot reach {end} in one move, neither by a step nor by a chain of jumps.",
        start=d["start"],
        end=d["end"],
    ),
    StarReason.CANNOT_PASS: lambda w, d: w.say("star.cannot_pass", "You can pass only when you have no legal move."),
    StarReason.MUST_PASS: lambda w, d: w.say(
        "star.must_pass", "You have no legal move: write pass to let the next player move."
    ),
}


def example_moves(position: StarPosition | None) -> list[str]:
    """A step and a jump chain of the player to move (the start position's when there is none)."""
    legal = (position or StarPosition.start(2)).legal_moves()
    steps = [m for m in legal if not m.is_pass and not m.is_jump][:1]
    jumps = sorted((m for m in legal if m.is_jump), key=lambda m: -len(m.path))[:1]
    return [format_move(m) for m in (*steps, *jumps)] or ["pass"]


def _either(words: Words, items: list[str]) -> str:
    if len(items) < 2:
        return items[0] if items else ""
    return words.say("list.either", "{first} or {last}", first=words.join(items[:-1]), last=items[-1])


def unreadable(error: NotationError, position: StarPosition | None, words: Words) -> str:
    examples = _either(words, example_moves(position))
    if error.reason == "empty":
        return words.say(
            "star.move_empty", "That move is empty. Write the holes the marble stands on, like {examples}.",
            examples=examples,
        )  # fmt: skip
    if error.reason == "too_long":
        return words.say(
            "star.move_too_long",
            "That move text is too long. Write the holes the marble stands on, like {examples}.",
            examples=examples,
        )
    if error.reason == "one_square":
        return words.say(
            "star.move_one_hole",
            "A move needs a start hole and at least one more hole. Write it like {examples}.",
            examples=examples,
        )
    if error.reason == "not_a_square":
        return words.say(
            "star.not_a_hole",
            "{hole} is not a hole of the star: rows go from a at the bottom to q at the top and the holes of a "
            "row are numbered from the left. Write a move like {examples}.",
            hole=error.text[:20],
            examples=examples,
        )
    return words.say(
        "star.move_unreadable",
        "I could not read that move. Write the holes the marble stands on, like {examples}.",
        examples=examples,
    )


def describe_star(error: RulesError, position: StarPosition | None = None, words: Words = ENGLISH) -> str:
    """One or two whole sentences for a refused Chinese checkers move."""
    if isinstance(error, StarMoveError):
        sentence = _REASONS[error.reason](words, error.details)
        ends = sorted({BOARD.names[m.end] for m in error.legal if not m.is_pass}, key=BOARD.hole)
        if ends and "start" in error.details:
            shown = ends[:MAX_LISTED]
            sentence += " " + words.say(
                "star.can_go_to", "From {start} it can go to {holes}.", start=error.details["start"],
                holes=words.join(shown),
            )  # fmt: skip
        return sentence
    if isinstance(error, NotationError):
        return unreadable(error, position, words)
    return words.say("star.refused", "That move cannot be played here.")


class StarHint(Protocol):
    """What a hint needs (engine.star.StarHint has it; this layer sits below the engine and cannot import it)."""

    @property
    def move(self) -> StarMove: ...
    @property
    def score(self) -> float: ...
    @property
    def finish_in(self) -> int | None: ...


def star_hint(hint: StarHint, words: Words = ENGLISH) -> str:
    """The engine's suggestion for the player to move: the move, and the race as the search sees it."""
    if hint.move.is_pass:
        return words.say("star.hint_pass", "You have no legal move: pass.")
    move = format_move(hint.move)
    if hint.finish_in is not None:
        return words.plural(
            "star.hint_finish",
            "Play {move}: you can finish in {count} move.",
            "Play {move}: you can finish in {count} moves.",
            hint.finish_in,
            move=move,
        )
    steps = round(hint.score)
    if steps > 0:
        return words.plural(
            "star.hint_ahead",
            "Play {move}: you are then {count} step ahead in the race.",
            "Play {move}: you are then {count} steps ahead in the race.",
            steps,
            move=move,
        )
    if steps < 0:
        return words.plural(
            "star.hint_behind",
            "Play {move}: you are then {count} step behind in the race.",
            "Play {move}: you are then {count} steps behind in the race.",
            -steps,
            move=move,
        )
    return words.say("star.hint_level", "Play {move}: the race is then level.", move=move)
