"""Words for the study board (/study, the Study button, local mode's study): what is shown, the engine's word
where hints are allowed."""

from __future__ import annotations

import messages
from messages.i18n import ENGLISH, Words
from messages.play import hint_refusal
from rules import Color, IllegalMoveError, Position, Reason, RulesError, format_move
from service.study import Study, StudyKind


def title(study: Study, w: Words = ENGLISH) -> str:
    source = study.source
    if source.kind is StudyKind.IMPORTED:
        return w.say("study.title_imported", "Study of imported game #{number}", number=source.number)
    return w.say("study.title_game", "Study of game #{game}", game=source.number)


def where(study: Study, w: Words = ENGLISH) -> str:
    """Which position is shown: the game's, or a tried line from it."""
    source = study.source
    if study.trying:
        return w.say(
            "study.tried_line",
            "A tried line, not the game (not stored, no one is told): after ply {ply}, {moves}.",
            ply=study.ply,
            moves=" ".join(study.tried_notations()),
        )
    if study.ply == 0:
        return w.say("study.at_start", "The game's start position (ply 0 of {plies}).", plies=source.plies)
    return w.say(
        "study.at_ply",
        "The game after ply {ply} of {plies}: {move}.",
        ply=study.ply,
        plies=source.plies,
        move=source.notations[study.ply - 1],
    )


def to_move(position: Position, w: Words = ENGLISH) -> str:
    """Whose turn it is in the shown position: a study has no "you", so the side is named."""
    if position.turn is Color.WHITE:
        return w.say("study.white_to_move", "White to move.")
    return w.say("study.black_to_move", "Black to move.")


def refusal(error: RulesError, position: Position, w: Words = ENGLISH) -> str:
    """A tried move refused, with the legal moves. The rules' "belongs to your opponent" assumes a player
    with a side; in a study the one trying plays both, so the sentence names the side to move instead."""
    if isinstance(error, IllegalMoveError) and error.reason is Reason.NOT_YOUR_PIECE:
        square = error.details.get("square")
        if position.turn is Color.WHITE:
            said = w.say(
                "study.not_side_to_move_white",
                "It is White's turn in this study; the piece on {square} is Black's.",
                square=square,
            )
        else:
            said = w.say(
                "study.not_side_to_move_black",
                "It is Black's turn in this study; the piece on {square} is White's.",
                square=square,
            )
        if error.legal:
            said += " " + w.say(
                "refusal.legal_moves", "Legal: {moves}.", moves=messages.list_moves(position, error.legal, words=w)
            )
        return said
    return messages.describe(error, position, w)


def legal_moves(position: Position, w: Words = ENGLISH) -> str:
    moves = position.legal_moves()
    if not moves:
        return w.say("study.no_moves", "No legal move in this position.")
    return w.say("study.legal_moves", "Legal moves: {moves}", moves=", ".join(format_move(position, m) for m in moves))


def engine_line(score: float, hint: str, w: Words = ENGLISH) -> str:
    """The evaluation (from the side to move's view, in men) and the engine's best line (messages.hints.hint_text)."""
    return w.say("study.engine", "Engine: {score} for the side to move. Best: {hint}", score=f"{score:+.2f}", hint=hint)


def study_text(study: Study, engine_said: str | None, w: Words = ENGLISH) -> str:
    """The study's text: where it is, the legal moves, and the engine's word (engine_line) or why not."""
    lines = [title(study, w), where(study, w)]
    if study.position.legal_moves():
        lines.append(to_move(study.position, w))
    lines.append(legal_moves(study.position, w))
    refusal = study.source.hint_refusal
    if engine_said is not None:
        lines.append(engine_said)
    elif refusal is not None and study.position.legal_moves():
        lines.append(hint_refusal(w, refusal))
    return "\n".join(lines)


def expired(w: Words = ENGLISH) -> str:
    return w.say(
        "study.expired",
        "That study is no longer open (a study lasts 15 minutes and ends when the bot restarts); here is a fresh one.",
    )


def not_this_study(w: Words = ENGLISH) -> str:
    return w.say("study.forged", "That button does not belong to this study; nothing changed.")


def bad_choice(w: Words = ENGLISH) -> str:
    return w.say("study.bad_choice", "That choice is not on this board; nothing changed.")


def study_label(w: Words = ENGLISH) -> str:
    return w.say("button.study", "Study")


def try_label(w: Words = ENGLISH) -> str:
    return w.say("button.try_move", "Try a move")


def which_piece(w: Words = ENGLISH) -> str:
    return w.say("study.which_piece", "Which piece do you want to try?")


def moves_of_piece(square: str, w: Words = ENGLISH) -> str:
    return w.say("study.moves_of_piece", "Moves to try with the piece on {square}:", square=square)


def modal_title(w: Words = ENGLISH) -> str:
    return w.say("study.modal_title", "Try a move")
