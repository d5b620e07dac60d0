"""The buttons under a puzzle (Move: pick a piece, then its move; Type a move: a modal), as DynamicItems
whose custom_id names the puzzle, so they keep working after a restart; the service checks that the
puzzle is the presser's own open one."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play.picker import PICKER_TIMEOUT, PiecePicker
from bot.exts.puzzle import actions
from bot.ui import errors
from bot.ui.caller import ask_for
from bot.ui.errors import guarded
from bot.ui.prompts import Prompts, prompt_id
from bot.ui.speech import private
from messages.i18n import ENGLISH, Words
from messages.puzzles import solve_label
from rules import format_move
from service.puzzles import PuzzleNotFound, PuzzleView

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
AnyInteraction = discord.Interaction[Any]
PUZZLE_TEMPLATE = r"dama:puzzle:(?P<action>move|type):(?P<id>[0-9A-Za-z_-]{1,40})"
MOVE_FIELD = "dama-puzzle-move"  # the modal's text input (a modal's own id carries the nonce)
DAILY_TEMPLATE = r"dama:daily:(?P<guild>\d{1,20}):(?P<day>\d{4}-\d{2}-\d{2})"

_LOOK: dict[str, tuple[Callable[[Words], str], discord.ButtonStyle, str]] = {
    "move": (lambda w: w.say("button.move", "Move"), discord.ButtonStyle.primary, "♟"),
    "type": (lambda w: w.say("button.type_move", "Type a move"), discord.ButtonStyle.secondary, "⌨"),
}


class PuzzlePicker(PiecePicker):
    def __init__(self, view: PuzzleView, user_id: int, prompts: Prompts, w: Words = ENGLISH) -> None:
        super().__init__(view.position, actions.picker_key(view.puzzle.id), user_id, prompts, w)
        self.view_of_puzzle = view

    def piece_prompt(self) -> str:
        return self.w.say("puzzle.which_piece", "Puzzle: which piece do you want to move?")

    def moves_prompt(self, square: str) -> str:
        return self.w.say("puzzle.moves_of_piece", "Puzzle: moves of the piece on {square}:", square=square)

    async def play(self, interaction: Interaction, index: int) -> None:
        self.stop()
        move = self.moves[index]
        await interaction.response.edit_message(content=format_move(self.position, move), view=None)
        puzzle = self.view_of_puzzle
        await actions.play(interaction, puzzle.puzzle.id, move, puzzle.step, puzzle_controls)


class PuzzleModal(discord.ui.Modal):
    def __init__(self, view: PuzzleView, prompts: Prompts, w: Words = ENGLISH) -> None:
        self.prompts = prompts
        self.nonce = prompts.open()
        super().__init__(
            title=w.say("puzzle.modal_title", "Your move in the puzzle")[:45],
            timeout=PICKER_TIMEOUT,
            custom_id=prompt_id("puzzle-modal", actions.picker_key(view.puzzle.id), self.nonce),
        )
        self.view_of_puzzle = view
        example = ", ".join(format_move(view.position, m) for m in view.position.legal_moves()[:3])
        self.move: discord.ui.TextInput[PuzzleModal] = discord.ui.TextInput(
            label=w.say("modal.move_label", "Move")[:45],
            placeholder=w.say("modal.example", "e.g. {moves}", moves=example)[:100],
            min_length=2,
            max_length=100,
            custom_id=MOVE_FIELD,
        )
        self.add_item(self.move)

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        ask_for(interaction)
        return True

    async def on_timeout(self) -> None:
        self.prompts.close(self.nonce)

    async def on_submit(self, interaction: AnyInteraction) -> None:
        self.prompts.answered(self.nonce)
        puzzle = self.view_of_puzzle
        await actions.play(interaction, puzzle.puzzle.id, self.move.value.strip(), puzzle.step, puzzle_controls)

    async def on_error(self, interaction: AnyInteraction, error: Exception, /) -> None:  # type: ignore[override]
        await errors.report(interaction, error)


class PuzzleButton(discord.ui.DynamicItem[Button], template=PUZZLE_TEMPLATE):
    def __init__(self, action: str, puzzle_id: str, w: Words = ENGLISH) -> None:
        label, style, emoji = _LOOK[action]
        custom_id = f"dama:puzzle:{action}:{puzzle_id}"
        super().__init__(discord.ui.Button(label=label(w), style=style, emoji=emoji, custom_id=custom_id))
        self.action = action
        self.puzzle_id = puzzle_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleButton:
        return cls(match["action"], match["id"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        view = await interaction.client.service.puzzles.puzzle(interaction.user.id, self.puzzle_id)
        w = private(interaction)
        if self.action == "type":
            await interaction.response.send_modal(PuzzleModal(view, interaction.client.prompts, w))
            return
        await PuzzlePicker(view, interaction.user.id, interaction.client.prompts, w).start(interaction)


class SolveButton(discord.ui.DynamicItem[Button], template=DAILY_TEMPLATE):
    """Under a daily puzzle post: opens that day's puzzle privately for whoever presses it."""

    def __init__(self, guild_id: int, day: str, w: Words = ENGLISH) -> None:
        custom_id = f"dama:daily:{guild_id}:{day}"
        button: Button = discord.ui.Button(
            label=solve_label(w), style=discord.ButtonStyle.success, emoji="🧩", custom_id=custom_id
        )
        super().__init__(button)
        self.guild_id = guild_id
        self.day = day

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SolveButton:
        return cls(int(match["guild"]), match["day"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        if interaction.guild_id != self.guild_id:  # a forged id: another server's puzzle is not shown here
            raise PuzzleNotFound(self.day)
        view = await interaction.client.service.daily_puzzles.open(interaction.user.id, self.guild_id, self.day)
        await actions.show(interaction, view, puzzle_controls)


def daily_controls(guild_id: int, day: str, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SolveButton(guild_id, day, w))
    return view


def puzzle_controls(puzzle_id: str, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("move", "type"):
        view.add_item(PuzzleButton(action, puzzle_id, w))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (PuzzleButton, SolveButton)
