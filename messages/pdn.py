"""Sentences for PDN reading and replaying: one per reason code, for the CLI report and /import."""

from __future__ import annotations

from collections.abc import Callable

from messages import describe
from messages.i18n import ENGLISH, Words
from rules.errors import RulesError
from rules.pdn_replay import Replay
from rules.pdn_scan import Defect, PdnReason
from rules.position import Position


def _draw_reached(d: Defect, w: Words) -> str:
    """One whole sentence per draw rule the record plays past."""
    values = {"move": d.text, "ply": d.ply}
    match d.detail("termination"):
        case "repetition":
            return w.say(
                "pdn.draw_reached.repetition",
                "After {move} (ply {ply}) the same position occurred for the third time, which the rules make a "
                "draw; the record goes on.",
                **values,
            )
        case "move_limit":
            return w.say(
                "pdn.draw_reached.move_limit",
                "After {move} (ply {ply}) the move limit without a man move or capture was reached, which the rules "
                "make a draw; the record goes on.",
                **values,
            )
        case "endgame_rule":
            return w.say(
                "pdn.draw_reached.endgame_rule",
                "After {move} (ply {ply}) an endgame rule of the variant makes the game a draw; the record goes on.",
                **values,
            )
    return w.say(
        "pdn.draw_reached", "After {move} (ply {ply}) a draw rule ends the game; the record goes on.", **values
    )


def _variant_needed(d: Defect, w: Words) -> str:
    if d.text:
        return w.say(
            "pdn.variant_needed.some",
            "The game has no GameType tag and its board and moves fit several variants ({variants}): say which "
            "variant it is (--variant, or the server's default variant).",
            variants=w.join(d.text.split(",")),
        )
    return w.say(
        "pdn.variant_needed",
        "The game has no GameType tag and its board and moves do not say which variant it is: say it (--variant, "
        "or the server's default variant).",
    )


_SENTENCES: dict[str, Callable[[Defect, Words], str]] = {
    PdnReason.UNREADABLE_FILE: lambda d, w: w.say(
        "pdn.unreadable_file", "The file could not be read: {why}.", why=d.text
    ),
    PdnReason.TOO_LARGE: lambda d, w: w.say("pdn.too_large", "The file is too large ({size}).", size=d.text),
    PdnReason.UNREADABLE_MOVE: lambda d, w: w.say(
        "pdn.unreadable_move", "{text} is not a move, a move number or a result.", text=repr(d.text)
    ),
    PdnReason.MISSING_MOVE: lambda d, w: w.say(
        "pdn.missing_move", "The record has {text} where a move should be: the moves are missing.", text=repr(d.text)
    ),
    PdnReason.UNCLOSED_COMMENT: lambda d, w: w.say("pdn.unclosed_comment", "A comment opened with {{ is never closed."),
    PdnReason.UNCLOSED_VARIATION: lambda d, w: w.say(
        "pdn.unclosed_variation", "A variation opened with ( is never closed."
    ),
    PdnReason.UNOPENED_VARIATION: lambda d, w: w.say(
        "pdn.unopened_variation", "A ) closes a variation that was never opened."
    ),
    PdnReason.VARIANT_NEEDED: _variant_needed,
    PdnReason.UNKNOWN_VARIANT: lambda d, w: w.say(
        "pdn.unknown_variant", "GameType {gametype} is not a variant Dama knows.", gametype=repr(d.text)
    ),
    PdnReason.BAD_FEN: lambda d, w: w.say(
        "pdn.bad_fen", "The starting position (FEN {fen}) is not valid.", fen=repr(d.text)
    ),
    PdnReason.BAD_SQUARE: lambda d, w: w.say(
        "pdn.bad_square", "{text} names a square that is not on this board.", text=d.text
    ),
    PdnReason.TAG_REPAIRED: lambda d, w: w.say(
        "pdn.tag_repaired", "The tag {tag} was not closed properly; read as far as it goes.", tag=d.text
    ),
    PdnReason.STRAY_TEXT: lambda d, w: w.say(
        "pdn.stray_text", "The words {text} stand outside a comment; skipped.", text=repr(d.text)
    ),
    PdnReason.MOVE_NUMBER_TYPO: lambda d, w: w.say(
        "pdn.move_number_typo", "{text} was read as a mistyped move number.", text=repr(d.text)
    ),
    PdnReason.CYRILLIC_LETTERS: lambda d, w: w.say(
        "pdn.cyrillic_letters", "{text} has Cyrillic letters that look Latin; read as Latin.", text=repr(d.text)
    ),
    PdnReason.DRAW_REACHED: _draw_reached,
    PdnReason.VARIANT_INFERRED: lambda d, w: w.say(
        "pdn.variant_inferred", "No GameType tag: only {variant} replays every move.", variant=d.text
    ),
    PdnReason.RESULT_OTHER_CONVENTION: lambda d, w: w.say(
        "pdn.result_other_convention",
        "The result {result} names the winner the other way round (some English and Pool programs do): the "
        "board says {board}, which is kept.",
        result=d.text,
        board=d.detail("board"),
    ),
    PdnReason.RESULT_DISAGREES: lambda d, w: w.say(
        "pdn.result_disagrees",
        "The result {result} disagrees with the final position, where the board says {board}.",
        result=d.text,
        board=d.detail("board"),
    ),
}


def defect_sentence(
    defect: Defect, error: RulesError | None = None, position: Position | None = None, w: Words = ENGLISH
) -> str:
    """What went wrong (or was repaired) in a game, in one or two sentences."""
    render = _SENTENCES.get(defect.reason)
    own_words = defect.reason != PdnReason.BAD_SQUARE or error is None
    if render is not None and own_words:
        return render(defect, w)
    if error is not None:
        return describe(error, position, w)
    return w.say(
        "pdn.not_replayed", "{text} could not be replayed ({reason}).", text=defect.text, reason=defect.reason
    )


def failure_sentence(replay: Replay, w: Words = ENGLISH) -> str:
    if replay.failure is None:
        return ""
    return defect_sentence(replay.failure, replay.error, replay.position, w)


__all__ = ["defect_sentence", "failure_sentence"]
