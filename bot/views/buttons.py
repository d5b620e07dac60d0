"""Persistent buttons: DynamicItems whose custom_id carries what to do and to which game or challenge, so
they keep working after a restart (registered once in setup_hook; nothing is kept in memory).

discord.py only logs exceptions raised by DynamicItem callbacks, so each callback goes through `guarded`,
which hands them to the bot's one error handler.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot import actions, errors

Button = discord.ui.Button[discord.ui.View]

GAME_TEMPLATE = r"dama:(?P<action>move|type|resign|draw):(?P<id>\d+)"
CHALLENGE_TEMPLATE = r"dama:(?P<action>accept|decline):(?P<id>\d+)"
OFFER_TEMPLATE = r"dama:offer:(?P<kind>draw|takeback):(?P<answer>yes|no):(?P<id>\d+)"

_GAME_LOOK = {
    "move": ("Move", discord.ButtonStyle.primary, "♟"),
    "type": ("Type a move", discord.ButtonStyle.secondary, "⌨"),
    "draw": ("Offer draw", discord.ButtonStyle.secondary, "🤝"),
    "resign": ("Resign", discord.ButtonStyle.danger, "🏳"),
}


async def guarded(interaction: discord.Interaction[Any], action: Callable[[], Awaitable[None]]) -> None:
    try:
        await action()
    except Exception as error:
        await errors.report(interaction, error)


class GameButton(discord.ui.DynamicItem[Button], template=GAME_TEMPLATE):
    """Under every board: Move (pick a piece, then its move), Type a move (a modal), Offer draw, Resign."""

    def __init__(self, action: str, game_id: int) -> None:
        label, style, emoji = _GAME_LOOK[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, emoji=emoji, custom_id=f"dama:{action}:{game_id}")
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        from bot.client import dama
        from bot.views.picker import ConfirmView, MoveModal, MovePicker

        game = await dama(interaction).service.queries.game(self.game_id)
        if self.action in ("move", "type"):
            actions.check_can_move(game, interaction.user.id)
            if self.action == "type":
                await interaction.response.send_modal(MoveModal(game))
            else:
                await MovePicker(game, interaction.user.id).start(interaction)
            return
        if game.color_of(interaction.user.id) is None:
            raise errors.Refusal("You are not playing in that game.")
        question = (
            f"Resign game #{game.id}? This cannot be undone."
            if self.action == "resign"
            else f"Offer a draw in game #{game.id}?"
        )

        async def confirmed(confirm: discord.Interaction[Any]) -> None:
            if self.action == "resign":
                await actions.resign(confirm, self.game_id)
            else:
                await actions.offer(confirm, self.game_id, "draw")

        view = ConfirmView(interaction.user.id, confirmed)
        await interaction.response.send_message(question, view=view, ephemeral=True)


class ChallengeButton(discord.ui.DynamicItem[Button], template=CHALLENGE_TEMPLATE):
    """Accept / Decline under a challenge. The service decides who may press (the challenged player, or
    anyone but the author for an open challenge); the author's Decline withdraws it."""

    def __init__(self, action: str, challenge_id: int) -> None:
        style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(label=action.title(), style=style, custom_id=f"dama:{action}:{challenge_id}")
        )
        self.action = action
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.action == "accept":
            await guarded(interaction, lambda: actions.accept_challenge(interaction, self.challenge_id))
        else:
            await guarded(interaction, lambda: actions.decline_challenge(interaction, self.challenge_id))


class OfferButton(discord.ui.DynamicItem[Button], template=OFFER_TEMPLATE):
    """Yes / No under a draw offer or takeback request; only the opponent may answer (the service checks)."""

    def __init__(self, kind: str, answer: str, game_id: int) -> None:
        label = "Accept" if answer == "yes" else "Decline"
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"dama:offer:{kind}:{answer}:{game_id}")
        )
        self.kind = kind
        self.answer = answer
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OfferButton:
        return cls(match["kind"], match["answer"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        accept = self.answer == "yes"
        await guarded(
            interaction, lambda: actions.answer_offer(interaction, self.game_id, self.kind, accept, clear_buttons=True)
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (GameButton, ChallengeButton, OfferButton)


def game_controls(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("move", "type", "draw", "resign"):
        view.add_item(GameButton(action, game_id))
    return view


def challenge_controls(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", challenge_id))
    view.add_item(ChallengeButton("decline", challenge_id))
    return view


def offer_controls(kind: str, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OfferButton(kind, "yes", game_id))
    view.add_item(OfferButton(kind, "no", game_id))
    return view
