"""Persistent buttons of a game (under its board and under offers): DynamicItems whose custom_id carries
what to do and to which game, so they keep working after a restart (registered once in setup_hook;
nothing is kept in memory).

discord.py only logs exceptions raised by DynamicItem callbacks, so each callback goes through `guarded`,
which hands them to the bot's one error handler.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.follow.controls import FollowButton
from bot.exts.play import actions
from bot.exts.play.picker import ConfirmView, MoveModal, MovePicker
from bot.ui.errors import Refusal, guarded
from bot.ui.lookup import check_can_move
from bot.ui.speech import private
from messages.i18n import ENGLISH, Words
from service import OfferKind

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
AnyInteraction = discord.Interaction[Any]  # DynamicItem's own signature; our code takes Interaction[DamaBot]

GAME_TEMPLATE = r"dama:(?P<action>move|type|resign|draw):(?P<id>\d+)"
OFFER_TEMPLATE = r"dama:offer:(?P<kind>draw|takeback):(?P<answer>yes|no):(?P<id>\d+)"

_GAME_LOOK: dict[str, tuple[Callable[[Words], str], discord.ButtonStyle, str]] = {
    "move": (lambda w: w.say("button.move", "Move"), discord.ButtonStyle.primary, "♟"),
    "type": (lambda w: w.say("button.type_move", "Type a move"), discord.ButtonStyle.secondary, "⌨"),
    "draw": (lambda w: w.say("button.offer_draw", "Offer draw"), discord.ButtonStyle.secondary, "🤝"),
    "resign": (lambda w: w.say("button.resign", "Resign"), discord.ButtonStyle.danger, "🏳"),
}


class GameButton(discord.ui.DynamicItem[Button], template=GAME_TEMPLATE):
    """Under every board: Move (pick a piece, then its move), Type a move (a modal), Offer draw, Resign."""

    def __init__(self, action: str, game_id: int, w: Words = ENGLISH) -> None:
        label, style, emoji = _GAME_LOOK[action]
        super().__init__(
            discord.ui.Button(label=label(w), style=style, emoji=emoji, custom_id=f"dama:{action}:{game_id}")
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        game = await interaction.client.service.queries.game(self.game_id)
        if self.action in ("move", "type"):
            check_can_move(game, interaction.user.id)
            if self.action == "type":
                await interaction.response.send_modal(MoveModal(game, interaction.client.prompts, private(interaction)))
            else:
                picker = MovePicker(game, interaction.user.id, interaction.client.prompts, private(interaction))
                await picker.start(interaction)
            return
        if game.color_of(interaction.user.id) is None:
            raise Refusal(lambda w: w.say("error.not_a_participant", "You are not playing in that game."))
        w = private(interaction)
        question = (
            w.say("confirm.resign", "Resign game #{game}? This cannot be undone.", game=game.id)
            if self.action == "resign"
            else w.say("confirm.offer_draw", "Offer a draw in game #{game}?", game=game.id)
        )

        async def confirmed(confirm: Interaction) -> None:
            if self.action == "resign":
                await actions.resign(confirm, self.game_id)
            else:
                await actions.offer(confirm, self.game_id, OfferKind.DRAW)

        view = ConfirmView(interaction.user.id, game.id, confirmed, interaction.client.prompts, w)
        await interaction.response.send_message(question, view=view, ephemeral=True)


class OfferButton(discord.ui.DynamicItem[Button], template=OFFER_TEMPLATE):
    """Yes / No under a draw offer or takeback request; only the opponent may answer (the service checks)."""

    def __init__(self, kind: str, answer: str, game_id: int, w: Words = ENGLISH) -> None:
        label = w.say("button.accept", "Accept") if answer == "yes" else w.say("button.decline", "Decline")
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"dama:offer:{kind}:{answer}:{game_id}"))
        self.kind = OfferKind(kind)
        self.answer = answer
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OfferButton:
        return cls(match["kind"], match["answer"], int(match["id"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        accept = self.answer == "yes"
        await guarded(
            interaction, lambda: actions.answer_offer(interaction, self.game_id, self.kind, accept, clear_buttons=True)
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (GameButton, OfferButton)


def game_controls(game_id: int, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("move", "type", "draw", "resign"):
        view.add_item(GameButton(action, game_id, w))
    view.add_item(FollowButton(game_id, w))  # anyone who may see the game (bot/exts/follow)
    return view


def offer_controls(kind: OfferKind, game_id: int, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OfferButton(kind, "yes", game_id, w))
    view.add_item(OfferButton(kind, "no", game_id, w))
    return view
