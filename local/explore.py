"""Local mode's explorer: `explore [VARIANT] [MOVES...]`, the same answer as /explore (local games and imports)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from local.text import ALICE_ID, Command, Parsed, write_file
from messages.openings import (
    explorer_engine_heading,
    explorer_evaluation,
    explorer_move,
    explorer_no_engine,
    explorer_title,
    explorer_total,
)
from render import RenderOptions, render_explorer
from rules import UnknownVariantError, find_variant, parse_move
from service.explorer import evaluated

if TYPE_CHECKING:
    from local.session import LocalSession

SHOWN_MOVES = 10
PICTURE_SIZE = 560


def _variant_and_moves(args: list[str]) -> tuple[str | None, list[str]]:
    """The first word names a variant when it is one (`explore italian 23-19`); the rest are moves. A first
    word without a digit cannot be a move: it is answered as the unknown variant it is meant to be."""
    if args:
        try:
            return find_variant(args[0]).id, args[1:]
        except UnknownVariantError:
            if not any(char.isdigit() for char in args[0]):
                raise
    return None, args


async def explore(session: LocalSession, parsed: Parsed) -> None:
    variant, line = _variant_and_moves([word for arg in parsed.args for word in arg.replace(",", " ").split()])
    parsed.args.clear()
    view = await session.service.explorer.explore(ALICE_ID, None, variant, line)
    w = session.w
    if view.evaluate and view.moves:
        session.say(w.say("local.thinking", "Thinking..."))
    view = await evaluated(view, session.analyser)
    session.say(explorer_title(w, view))
    session.say(explorer_total(w, view))
    for entry in view.moves[:SHOWN_MOVES]:
        session.say(f"  {explorer_move(w, entry)}")
    scored = [m for m in view.moves if m.score is not None]
    if scored or not view.evaluate:
        session.say(explorer_engine_heading(w))
        for entry in scored:
            session.say(f"  {explorer_evaluation(w, entry)}")
        if not view.evaluate:
            session.say(f"  {explorer_no_engine(w, near_game=view.near_game)}")
    if session.pictures:
        arrows = [(parse_move(view.position, m.move), m.games) for m in view.moves[:SHOWN_MOVES]]
        options = RenderOptions(size=PICTURE_SIZE, caption=False, language=w.locale)
        png = await asyncio.to_thread(render_explorer, view.position, arrows, options)
        path = session.boards_dir / "explorer.png"
        await asyncio.to_thread(write_file, path, png)
        session.say(w.say("local.explorer_picture", "Explorer picture: {path}", path=path))


COMMANDS = (
    Command(
        "explore",
        explore,
        "explore [VARIANT] [MOVES...]",
        lambda w: w.say("local.help.explore", "moves played from an opening position, and how they went"),
    ),
)
