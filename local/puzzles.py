"""Local mode's puzzles (as /puzzle on Discord): `puzzle [variant]` opens one, `puzzle MOVE` plays in it,
`puzzle stats` shows local:alice's puzzle rating. The board is printed from the solver's side, and drawn as
Discord draws it (dama-boards/puzzle-<id>.png) while pictures are on."""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING

from local.text import ALICE_ID, Command, InputError, Parsed, board_text, write_file
from local.vocabulary import ANSWERS, command_word
from messages.i18n import Words
from messages.puzzles import local_usage, result_text, source, stats_text, task
from render import RenderOptions, render_board
from rules import Color, RulesError, find_variant
from service.puzzles import PuzzleOutcome, PuzzleView

if TYPE_CHECKING:
    from local.session import LocalSession

MOVE = re.compile(r"^(\d|[a-l]{1,2}\d)", re.IGNORECASE)  # as a bare move at the prompt starts
BOARD_SIZE = 560  # the size Discord's puzzle board is drawn at


async def _show(session: LocalSession, view: PuzzleView) -> None:
    session.say(task(view, session.w))
    session.say(source(view, session.w))
    session.say(board_text(view.position, flip=view.solver is Color.BLACK))
    await _picture(session, view)


async def _picture(session: LocalSession, view: PuzzleView) -> None:
    """The board as Discord's /puzzle draws it (from the solver's side, no caption that gives it away)."""
    if not session.pictures:
        return
    w = session.w
    options = RenderOptions(size=BOARD_SIZE, flip=view.solver is Color.BLACK, caption=False, language=w.locale)
    png = await asyncio.to_thread(render_board, view.position, options)
    path = session.boards_dir / f"puzzle-{view.puzzle.id}.png"
    await asyncio.to_thread(write_file, path, png)
    session.say(w.say("local.puzzle_picture", "Puzzle picture: {path}", path=path))


async def puzzle(session: LocalSession, parsed: Parsed) -> None:
    args, parsed.args[:] = list(parsed.args), []
    service = session.service.puzzles
    if args and args[0].lower() == "stats":
        session.say(stats_text(await service.stats(ALICE_ID), session.w))
        return
    if args and MOVE.match(args[0]):
        await puzzle_move(session, " ".join(args))
        return
    try:
        variant = find_variant(" ".join(args)).id if args else session.service.ctx.config.default_variant
    except RulesError as error:
        raise InputError(usage) from error
    view = await service.next(ALICE_ID, variant, None)
    await _show(session, view)
    session.solving, session.puzzle_side = True, view.solver


async def puzzle_move(session: LocalSession, text: str) -> None:
    """A move in the open puzzle (`puzzle MOVE`, or the move alone right after the puzzle was shown)."""
    service = session.service.puzzles
    current = await service.current(ALICE_ID)
    if current is None:
        session.solving = False
        raise InputError(usage)
    result = await service.move(ALICE_ID, current.puzzle.id, text)
    session.say(result_text(result, session.w))
    session.solving = result.outcome is PuzzleOutcome.CORRECT
    if session.solving:
        session.say(board_text(result.view.position, flip=result.view.solver is Color.BLACK))
        await _picture(session, result.view)


def usage(w: Words) -> str:
    return local_usage(w, command_word(w, "puzzle"), ANSWERS["stats"](w))


COMMANDS = (
    Command(
        "puzzle",
        puzzle,
        "puzzle [VARIANT|MOVE|stats]",
        lambda w: w.say("local.help.puzzle", "a puzzle from real games: type its moves to solve it"),
    ),
)
