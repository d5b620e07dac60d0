"""Short-lived ephemeral prompts: the two-step move picker, the type-a-move modal and yes/no confirmations.

They hold only a snapshot (game id, version, legal moves) for a few minutes; the move itself is played by
the service with expected_version, so a stale picker is refused in words rather than playing into a
changed position.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play import actions
from bot.ui import errors
from bot.ui.caller import ask_for
from bot.ui.picking import MAX_SELECTS, PER_SELECT, chunks, move_options, moves_by_piece, piece_options
from bot.ui.prompts import Prompts, prompt_id
from messages.i18n import ENGLISH, Words
from rules import Position, format_move
from service import GameView

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


AnyInteraction = discord.Interaction[Any]  # discord.py's override signatures; our code takes Interaction[DamaBot]
PICKER_TIMEOUT = 300.0


class BaseView(discord.ui.View):
    """Routes callback errors to the bot's one error handler; forgets its prompt nonce when it ends."""

    prompts: Prompts
    nonce: str

    def stop(self) -> None:
        self.prompts.answered(self.nonce)
        super().stop()

    async def on_timeout(self) -> None:
        self.prompts.close(self.nonce)

    async def on_error(self, interaction: AnyInteraction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await errors.report(interaction, error)


class _Select(discord.ui.Select["PiecePicker"]):
    """One row of the picker, kept across its pages with the same custom_id.

    discord.py registers a page's components only once Discord has answered the callback that showed
    it, so a quick player can choose from the previous page in between. The same select objects serve
    every page and each value says what it is ("piece:22", "move:3"), so such a choice still lands
    here and means what the player saw."""

    def __init__(self, picker: PiecePicker, row: int) -> None:
        super().__init__(
            placeholder="…",
            options=[discord.SelectOption(label="…")],
            row=row,
            custom_id=prompt_id("pick", picker.key, picker.nonce, str(row)),
        )
        self.picker = picker

    async def callback(self, interaction: AnyInteraction) -> None:
        kind, _, value = self.values[0].partition(":")
        if kind == "piece":
            await self.picker.show_moves(interaction, int(value))
        else:
            await self.picker.play(interaction, int(value))


class PiecePicker(BaseView):
    """Step 1: which piece (only those that can move). Step 2: which of its moves. A game's picker and a
    puzzle's differ only in their words and in what choosing a move does (play, piece_prompt, moves_prompt)."""

    def __init__(self, position: Position, key: int, user_id: int, prompts: Prompts, w: Words = ENGLISH) -> None:
        super().__init__(timeout=PICKER_TIMEOUT)
        self.w = w
        self.key = key  # in the components' custom ids
        self.user_id = user_id
        self.prompts = prompts
        self.nonce = prompts.open()
        self.position = position
        self.moves = self.position.legal_moves()
        self.by_piece = moves_by_piece(self.position, self.moves)
        self.rows = [_Select(self, row) for row in range(MAX_SELECTS)]

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        ask_for(interaction)
        return interaction.user.id == self.user_id

    def _fill(self, options: list[discord.SelectOption], pieces: bool) -> bool:
        self.clear_items()
        groups = chunks(options)
        if len(groups) > MAX_SELECTS:
            return False
        for row, group in enumerate(groups):
            first, last = row * PER_SELECT + 1, row * PER_SELECT + len(group)
            select = self.rows[row]
            select.placeholder = self._placeholder(pieces, len(groups) == 1, first, last)[:150]
            select.options = group
            self.add_item(select)
        return True

    def _placeholder(self, pieces: bool, alone: bool, first: int, last: int) -> str:
        w = self.w
        if pieces:
            if alone:
                return w.say("picker.choose_piece", "Choose a piece")
            return w.say("picker.choose_piece_range", "Choose a piece ({first}-{last})", first=first, last=last)
        if alone:
            return w.say("picker.choose_move", "Choose a move")
        return w.say("picker.choose_move_range", "Choose a move ({first}-{last})", first=first, last=last)

    def piece_page(self) -> str:
        options = piece_options(self.position, self.moves, self.by_piece, self.w)
        if not self._fill(options, pieces=True):
            raise errors.Refusal(
                lambda w: w.say(
                    "picker.too_many_pieces", "Too many pieces can move to list them here; use Type a move instead."
                )
            )
        return self.piece_prompt()

    def piece_prompt(self) -> str:
        raise NotImplementedError

    def moves_prompt(self, square: str) -> str:
        raise NotImplementedError

    async def play(self, interaction: Interaction, index: int) -> None:
        raise NotImplementedError

    def move_page(self, start: int) -> str:
        options = move_options(self.position, self.moves, self.by_piece[start], self.w)
        if not self._fill(options, pieces=False):
            raise errors.Refusal(
                lambda w: w.say(
                    "picker.too_many_moves", "That piece has too many moves to list here; use Type a move instead."
                )
            )
        if len(self.by_piece) > 1:
            back = discord.ui.Button[PiecePicker](
                label=self.w.say("button.back", "Back"),
                style=discord.ButtonStyle.secondary,
                row=4,
                custom_id=prompt_id("pick", self.key, self.nonce, "back"),
            )
            back.callback = self._back  # type: ignore[method-assign]  # a plain button without subclassing
            self.add_item(back)
        return self.moves_prompt(self.position.board.name(start))

    async def start(self, interaction: Interaction) -> None:
        if len(self.by_piece) == 1:
            text = self.move_page(next(iter(self.by_piece)))
        else:
            text = self.piece_page()
        await interaction.response.send_message(text, view=self, ephemeral=True)

    async def show_moves(self, interaction: Interaction, start: int) -> None:
        text = self.move_page(start)
        await interaction.response.edit_message(content=text, view=self)

    async def _back(self, interaction: AnyInteraction) -> None:
        text = self.piece_page()
        await interaction.response.edit_message(content=text, view=self)


class MovePicker(PiecePicker):
    """A game's picker: the chosen move is played in the game (expected_version guards a stale one)."""

    def __init__(self, game: GameView, user_id: int, prompts: Prompts, w: Words = ENGLISH) -> None:
        super().__init__(game.position, game.id, user_id, prompts, w)
        self.game = game

    def piece_prompt(self) -> str:
        return self.w.say("picker.which_piece", "Game #{game}: which piece do you want to move?", game=self.game.id)

    def moves_prompt(self, square: str) -> str:
        return self.w.say(
            "picker.moves_of_piece", "Game #{game}: moves of the piece on {square}:", game=self.game.id, square=square
        )

    async def play(self, interaction: Interaction, index: int) -> None:
        move = self.moves[index]
        text = format_move(self.position, move)
        await actions.play_move(interaction, self.game.id, move, expected_version=self.game.version)
        self.stop()
        try:
            played = self.w.say("picker.played", "You played {move} in game #{game}.", move=text, game=self.game.id)
            await interaction.edit_original_response(content=played, view=None)
        except discord.HTTPException:
            pass  # the picker was dismissed; the board is posted anyway


class MoveModal(discord.ui.Modal):
    """Type a move in the variant's notation, e.g. 22-18 or 22x13."""

    def __init__(self, game: GameView, prompts: Prompts, w: Words = ENGLISH) -> None:
        self.prompts = prompts
        self.nonce = prompts.open()
        super().__init__(
            title=w.say("modal.title", "Your move in game #{game}", game=game.id)[:45],
            timeout=PICKER_TIMEOUT,
            custom_id=prompt_id("modal", game.id, self.nonce),
        )
        self.game = game
        example = ", ".join(format_move(game.position, m) for m in game.position.legal_moves()[:3])
        self.move: discord.ui.TextInput[MoveModal] = discord.ui.TextInput(
            label=w.say("modal.move_label", "Move")[:45],
            placeholder=w.say("modal.example", "e.g. {moves}", moves=example)[:100],
            min_length=2,
            max_length=100,
        )
        self.add_item(self.move)

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        ask_for(interaction)
        return True

    async def on_timeout(self) -> None:
        self.prompts.close(self.nonce)

    async def on_submit(self, interaction: AnyInteraction) -> None:
        self.prompts.answered(self.nonce)
        await actions.play_move(interaction, self.game.id, self.move.value.strip(), expected_version=self.game.version)

    async def on_error(self, interaction: AnyInteraction, error: Exception, /) -> None:  # type: ignore[override]
        await errors.report(interaction, error)


Confirmed = Callable[["Interaction"], Awaitable[None]]


class ConfirmView(BaseView):
    """Yes / Cancel for a serious button (resign, offer a draw)."""

    def __init__(self, user_id: int, game_id: int, on_yes: Confirmed, prompts: Prompts, w: Words = ENGLISH) -> None:
        super().__init__(timeout=60.0)
        self.w = w
        self.user_id = user_id
        self.on_yes = on_yes
        self.prompts = prompts
        self.nonce = prompts.open()
        yes = discord.ui.Button[ConfirmView](
            label=w.say("button.yes", "Yes"),
            style=discord.ButtonStyle.danger,
            custom_id=prompt_id("confirm", game_id, self.nonce, "yes"),
        )
        cancel = discord.ui.Button[ConfirmView](
            label=w.say("button.cancel", "Cancel"),
            style=discord.ButtonStyle.secondary,
            custom_id=prompt_id("confirm", game_id, self.nonce, "no"),
        )
        yes.callback = self.yes  # type: ignore[method-assign]  # plain buttons: their ids carry the nonce
        cancel.callback = self.cancel  # type: ignore[method-assign]
        self.add_item(yes)
        self.add_item(cancel)

    async def interaction_check(self, interaction: AnyInteraction) -> bool:
        ask_for(interaction)
        return interaction.user.id == self.user_id

    async def yes(self, interaction: AnyInteraction) -> None:
        self.stop()
        await interaction.response.edit_message(content=self.w.say("confirm.done", "Confirmed."), view=None)
        await self.on_yes(interaction)

    async def cancel(self, interaction: AnyInteraction) -> None:
        self.stop()
        await interaction.response.edit_message(content=self.w.say("confirm.cancelled", "Cancelled."), view=None)
