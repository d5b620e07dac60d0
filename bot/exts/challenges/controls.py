"""Accept / Decline under a challenge: persistent buttons (custom_id carries the challenge)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.challenges import actions
from bot.ui.errors import guarded
from messages.i18n import ENGLISH, Words

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
AnyInteraction = discord.Interaction[Any]  # DynamicItem's own signature; our code takes Interaction[DamaBot]
CHALLENGE_TEMPLATE = r"dama:(?P<action>accept|decline):(?P<id>\d+)"


class ChallengeButton(discord.ui.DynamicItem[Button], template=CHALLENGE_TEMPLATE):
    """Accept / Decline under a challenge. The service decides who may press (the challenged player, or
    anyone but the author for an open challenge); the author's Decline withdraws it."""

    def __init__(self, action: str, challenge_id: int, w: Words = ENGLISH) -> None:
        style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.danger
        label = w.say("button.accept", "Accept") if action == "accept" else w.say("button.decline", "Decline")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"dama:{action}:{challenge_id}"))
        self.action = action
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        if self.action == "accept":
            await guarded(interaction, lambda: actions.accept_challenge(interaction, self.challenge_id))
        else:
            await guarded(interaction, lambda: actions.decline_challenge(interaction, self.challenge_id))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ChallengeButton,)


def challenge_controls(challenge_id: int, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton("accept", challenge_id, w))
    view.add_item(ChallengeButton("decline", challenge_id, w))
    return view
