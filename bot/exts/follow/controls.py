"""The Follow button under a board (a persistent DynamicItem: its custom_id carries the game)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.ui.errors import guarded
from bot.ui.speech import private
from messages.follow import follow_button, following_game
from messages.i18n import ENGLISH, Words

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]

Button = discord.ui.Button[discord.ui.View]


class FollowButton(discord.ui.DynamicItem[Button], template=r"dama:follow:(?P<id>\d+)"):
    def __init__(self, game_id: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=follow_button(w),
                style=discord.ButtonStyle.secondary,
                emoji="👁",
                custom_id=f"dama:follow:{game_id}",
                row=1,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FollowButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        """The game must be one the clicker may see (a forged button from elsewhere finds nothing)."""
        new = await interaction.client.service.follows.follow_game(
            interaction.user.id, self.game_id, interaction.guild_id, interaction.channel_id
        )
        await interaction.response.send_message(following_game(private(interaction), self.game_id, new), ephemeral=True)
