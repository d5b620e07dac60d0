"""Showing a puzzle privately and answering a move in it (the picker and the modal both end here)."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.ui.boards import BOARD_SIZE, render_png
from bot.ui.speech import private
from messages.i18n import Words
from messages.puzzles import result_text, source, task
from render import RenderOptions
from rules import Color, Move
from service.puzzles import PuzzleOutcome, PuzzleView

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

PuzzleControls = Callable[[str, Words], discord.ui.View]  # controls.puzzle_controls, passed in by the callers


def picker_key(puzzle_id: str) -> int:
    """A number for the picker's custom ids (they carry a game number; a puzzle id is text)."""
    return zlib.crc32(puzzle_id.encode())


async def puzzle_png(view: PuzzleView, locale: str) -> bytes:
    """The board from the solver's side (rendered off the event loop)."""
    options = RenderOptions(size=BOARD_SIZE, flip=view.solver is Color.BLACK, caption=False, language=locale)
    return await render_png(view.position, options)


async def puzzle_file(view: PuzzleView, locale: str) -> discord.File:
    return discord.File(io.BytesIO(await puzzle_png(view, locale)), filename=f"puzzle-{view.puzzle.id}.png")


async def show(interaction: Interaction, view: PuzzleView, controls: PuzzleControls, intro: str | None = None) -> None:
    """The puzzle's board from the solver's side, its task and its buttons, privately."""
    w = private(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    text = "\n".join(part for part in (intro, task(view, w), source(view, w)) if part)
    file = await puzzle_file(view, w.locale)
    await interaction.followup.send(text, file=file, view=controls(view.puzzle.id, w), ephemeral=True)


async def play(
    interaction: Interaction, puzzle_id: str, move: str | Move, step: int | None, controls: PuzzleControls
) -> None:
    """Play the solver's move; the reply plays itself. Refusals (a bad move text) go to the error handler."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    result = await interaction.client.service.puzzles.move(interaction.user.id, puzzle_id, move, step=step)
    w = private(interaction)
    text = result_text(result, w)
    if result.outcome is PuzzleOutcome.CORRECT:
        await show(interaction, result.view, controls, intro=text)
        return
    await interaction.followup.send(text, ephemeral=True)
