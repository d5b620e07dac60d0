"""Sentences for PDN reading and replaying: one per reason code, for the CLI report and /import."""

from __future__ import annotations

from collections.abc import Callable

from messages import describe
from rules.errors import RulesError
from rules.pdn_replay import Replay
from rules.pdn_scan import Defect, PdnReason
from rules.position import Position

_TERMINATIONS = {
    "repetition": "the same position occurred for the third time",
    "move_limit": "the move limit without a man move or capture was reached",
    "endgame_rule": "an endgame rule of the variant applied",
}

_SENTENCES: dict[str, Callable[[Defect], str]] = {
    PdnReason.UNREADABLE_FILE: lambda d: f"The file could not be read: {d.text}.",
    PdnReason.TOO_LARGE: lambda d: f"The file is too large ({d.text}).",
    PdnReason.UNREADABLE_MOVE: lambda d: f"{d.text!r} is not a move, a move number or a result.",
    PdnReason.MISSING_MOVE: lambda d: f"The record has {d.text!r} where a move should be: the moves are missing.",
    PdnReason.UNCLOSED_COMMENT: lambda d: "A comment opened with { is never closed.",
    PdnReason.UNCLOSED_VARIATION: lambda d: "A variation opened with ( is never closed.",
    PdnReason.UNOPENED_VARIATION: lambda d: "A ) closes a variation that was never opened.",
    PdnReason.VARIANT_NEEDED: lambda d: (
        "The game has no GameType tag and its board and moves fit several variants"
        + (f" ({d.text.replace(',', ', ')})" if d.text else "")
        + ": say which variant it is (--variant, or the server's default variant)."
    ),
    PdnReason.UNKNOWN_VARIANT: lambda d: f"GameType {d.text!r} is not a variant Dama knows.",
    PdnReason.BAD_FEN: lambda d: f"The starting position (FEN {d.text!r}) is not valid.",
    PdnReason.BAD_SQUARE: lambda d: f"{d.text} names a square that is not on this board.",
    PdnReason.TAG_REPAIRED: lambda d: f"The tag {d.text} was not closed properly; read as far as it goes.",
    PdnReason.STRAY_TEXT: lambda d: f"The words {d.text!r} stand outside a comment; skipped.",
    PdnReason.MOVE_NUMBER_TYPO: lambda d: f"{d.text!r} was read as a mistyped move number.",
    PdnReason.CYRILLIC_LETTERS: lambda d: f"{d.text!r} has Cyrillic letters that look Latin; read as Latin.",
    PdnReason.DRAW_REACHED: lambda d: (
        f"After {d.text} (ply {d.ply}) the rules would make the game a draw: "
        f"{_TERMINATIONS.get(d.detail('termination'), 'a draw rule applied')}; the record goes on."
    ),
    PdnReason.VARIANT_INFERRED: lambda d: f"No GameType tag: only {d.text} replays every move.",
    PdnReason.RESULT_OTHER_CONVENTION: lambda d: (
        f"The result {d.text} names the winner the other way round (some English and Pool programs do): "
        f"the board says {d.detail('board')}, which is kept."
    ),
    PdnReason.RESULT_DISAGREES: lambda d: (
        f"The result {d.text} disagrees with the final position, where the board says {d.detail('board')}."
    ),
}


def defect_sentence(defect: Defect, error: RulesError | None = None, position: Position | None = None) -> str:
    """What went wrong (or was repaired) in a game, in one or two sentences."""
    render = _SENTENCES.get(defect.reason)
    own_words = defect.reason != PdnReason.BAD_SQUARE or error is None
    if render is not None and own_words:
        return render(defect)
    if error is not None:
        return describe(error, position)
    return f"{defect.text} could not be replayed ({defect.reason.replace('_', ' ')})."


def failure_sentence(replay: Replay) -> str:
    if replay.failure is None:
        return ""
    return defect_sentence(replay.failure, replay.error, replay.position)


def game_line(replay: Replay) -> str:
    """One report line: the game number and its first failure (or that it replayed)."""
    record = replay.record
    names = " – ".join(v for v in (record.tags.get("White", ""), record.tags.get("Black", "")) if v)
    label = f"Game {record.number}" + (f" ({names})" if names else "")
    if replay.failure is None:
        plies = replay.game.ply if replay.game is not None else 0
        return f"{label}: {plies} plies replayed."
    failure = replay.failure
    where = f"line {failure.line}" + (f", ply {failure.ply} ({failure.text})" if failure.ply else "")
    return f"{label}, {where}: {failure_sentence(replay)}"


__all__ = ["defect_sentence", "failure_sentence", "game_line"]
