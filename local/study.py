"""Local mode's study board (as /study on Discord): study [#N | imported N] [ply K], then next, prev, first,
last, try MOVE and back. Tried moves are stored nowhere; the engine speaks where the hint policy allows
(local mode has no server: the default policy)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import messages
from local.text import Command, InputError, Parsed, board_text, write_file
from local.vocabulary import command_word
from messages.hints import hint_text
from messages.i18n import Words
from messages.study import engine_line, refusal, study_text
from render import RenderOptions, render_board
from rules import Color, RulesError
from service import Study, StudyKind, board_flipped, move_number

if TYPE_CHECKING:
    from local.session import LocalSession

BOARD_SIZE = 560
MAX_PLY_DIGITS = 6
MAX_EVALUATIONS = 160  # positions an open study keeps the engine's word for, as a Discord study does


def study_prompt(shown: Study, w: Words) -> str:
    """The prompt while studying: a study has no player to move, so it names the side to move."""
    ply = shown.ply + len(shown.tried)
    if not shown.position.legal_moves():
        return w.say("local.prompt_study_over", "study, ply {ply}> ", ply=ply)
    if shown.position.turn is Color.WHITE:
        return w.say("local.prompt_study_white", "study, ply {ply}: White to move> ", ply=ply)
    return w.say("local.prompt_study_black", "study, ply {ply}: Black to move> ", ply=ply)


def _no_study(w: Words) -> str:
    return w.say(
        "local.no_study",
        "No study is open: type {study} (or {study} #N, or {study} {imported} N).",
        study=command_word(w, "study"),
        imported=w.option("imported"),
    )


def _take_ply(parsed: Parsed) -> int | None:
    """`ply K` among the arguments: start at the position after K plies."""
    lowered = [arg.lower() for arg in parsed.args]
    if "ply" not in lowered:
        return None
    at = lowered.index("ply")
    value = parsed.args[at + 1] if at + 1 < len(parsed.args) else ""
    if not value.isdigit() or len(value) > MAX_PLY_DIGITS:
        raise InputError(
            lambda w: w.say(
                "local.study_ply",
                "{ply} needs a number of plies (half-moves), for example: {study} {ply} 12",
                ply=w.option("ply"),
                study=command_word(w, "study"),
            )
        )
    del parsed.args[at : at + 2]
    return int(value)


async def study(session: LocalSession, parsed: Parsed) -> None:
    ply = _take_ply(parsed)
    service = session.service
    if parsed.args and parsed.args[0].lower() == "imported":
        number = parsed.args[1].lstrip("#") if len(parsed.args) == 2 else ""
        if not number.isdigit() or len(number) > 12:
            raise InputError(
                lambda w: w.say(
                    "local.study_imported",
                    "Which imported game? For example: {study} {imported} 1",
                    study=command_word(w, "study"),
                    imported=w.option("imported"),
                )
            )
        opened = await service.study.open_imported(int(number), ply=ply)
    else:
        game = await session.local_game(session.target(parsed))
        opened = await service.study.open_game(game.id, session.viewer(game), ply=ply)
    session.study = opened
    session.study_evaluations = {}
    await show(session, opened)


def _held(session: LocalSession) -> Study:
    if session.study is None:
        raise InputError(_no_study)
    return session.study


async def _step(session: LocalSession, moved: Study) -> None:
    session.study = moved
    await show(session, moved)


async def next_ply(session: LocalSession, parsed: Parsed) -> None:
    held = _held(session)
    if not held.trying and held.ply >= held.source.plies:
        plies = held.source.plies
        raise InputError(
            lambda w: w.say(
                "local.study_end",
                "This is the game's last position (ply {plies}); there is no next move. Type {prev} or {first} "
                "to step back.",
                plies=plies,
                prev=command_word(w, "prev"),
                first=command_word(w, "first"),
            )
        )
    await _step(session, held.next())


async def previous_ply(session: LocalSession, parsed: Parsed) -> None:
    await _step(session, _held(session).previous())


async def first_ply(session: LocalSession, parsed: Parsed) -> None:
    await _step(session, _held(session).first())


async def last_ply(session: LocalSession, parsed: Parsed) -> None:
    await _step(session, _held(session).last())


async def try_move(session: LocalSession, parsed: Parsed) -> None:
    held = _held(session)
    if not parsed.args:
        raise InputError(
            lambda w: w.say(
                "local.try_which",
                "Which move? For example: {command} {move}",
                command=command_word(w, "try"),
                move=_example(held),
            )
        )
    text = " ".join(parsed.args)
    parsed.args.clear()
    try:
        tried = held.try_move(text)
    except RulesError as error:
        session.say(refusal(error, held.position, session.w))  # with the legal moves
        return
    await _step(session, tried)


async def back(session: LocalSession, parsed: Parsed) -> None:
    await _step(session, _held(session).back())


def _example(held: Study) -> str:
    examples = messages.example_moves(held.position, 1)
    return examples[0] if examples else "22-18"


async def show(session: LocalSession, shown: Study) -> None:
    w = session.w
    position = shown.position
    said = None
    analysis = None
    if shown.source.hints and position.legal_moves():
        analysis = session.study_evaluations.get(position)
        if analysis is None:
            session.say(w.say("local.thinking", "Thinking..."))
            analysis = await session.analyser(position, shown.history())  # the engine pool, off the event loop
            if len(session.study_evaluations) < MAX_EVALUATIONS:
                session.study_evaluations[position] = analysis
        said = engine_line(analysis.score, hint_text(position, analysis, w), w)
    game = shown.source.game
    flip = False
    if game is not None:
        viewer = session.viewer(game)
        prefs = await session.service.players.preferences(viewer)
        flip = board_flipped(prefs.orientation, game.color_of(viewer))
    session.say(study_text(shown, said, w))
    session.say(board_text(position, flip=flip))
    if not session.pictures:
        return
    imported = shown.source.imported
    options = RenderOptions(
        size=BOARD_SIZE,
        flip=flip,
        last_move=shown.last_move,
        hint=analysis.move if analysis is not None else None,
        white_name=(imported.white_name or None) if imported is not None else None,
        black_name=(imported.black_name or None) if imported is not None else None,
        move_number=move_number(shown.ply + len(shown.tried)),
        result=shown.source.result if not shown.trying and shown.ply == shown.source.plies else None,
        note=None if shown.trying or not shown.ply else shown.source.notations[shown.ply - 1],
        tried=tuple(shown.tried_notations()),
        language=w.locale,
    )
    png = await asyncio.to_thread(render_board, position, options)
    kind = "game" if shown.source.kind is StudyKind.GAME else "imported"
    path = session.boards_dir / f"study-{kind}-{shown.source.number}.png"
    await asyncio.to_thread(write_file, path, png)
    session.say(w.say("local.study_picture", "Study picture: {path}", path=path))


COMMANDS = (
    Command(
        "study",
        study,
        "study [#N | imported N] [ply K]",
        lambda w: w.say("local.help.study", "a board to study a game: step through it and try moves (stored nowhere)"),
    ),
    Command("next", next_ply, "next", lambda w: w.say("local.help.next", "study: the game's next position")),
    Command("prev", previous_ply, "prev", lambda w: w.say("local.help.prev", "study: one step back")),
    Command("first", first_ply, "first", lambda w: w.say("local.help.first", "study: the start position")),
    Command("last", last_ply, "last", lambda w: w.say("local.help.last", "study: the game's latest position")),
    Command(
        "try", try_move, "try MOVE", lambda w: w.say("local.help.try", "study: try a move from the shown position")
    ),
    Command("back", back, "back", lambda w: w.say("local.help.back", "study: take back the last tried move")),
)

STUDY_COMMANDS = frozenset(command.name for command in COMMANDS)
