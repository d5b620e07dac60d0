"""The Rematch button under a finished game's board: persistent (custom_id carries the game)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.challenges.controls import challenge_controls
from bot.exts.rematch import actions
from bot.ui.errors import guarded
from messages.i18n import ENGLISH, Words
from messages.rematch import rematch_label

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]
AnyInteraction = discord.Interaction[Any]
REMATCH_TEMPLATE = r"dama:rematch:(?P<id>\d+)"


class RematchButton(discord.ui.DynamicItem[Button], template=REMATCH_TEMPLATE):
    """Either player may press it; the service refuses anyone else."""

    def __init__(self, game_id: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=rematch_label(w), style=discord.ButtonStyle.primary, custom_id=f"dama:rematch:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        await guarded(interaction, lambda: actions.rematch(interaction, self.game_id, challenge_controls))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RematchButton,)


def rematch_controls(game_id: int, w: Words = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, w))
    return view
