"""The Open board button under a board when the application runs the page as a Discord Activity
(ACTIVITY_ENABLED=1): a persistent button whose answer is Discord's LAUNCH_ACTIVITY (interaction callback
type 12), remembering which game the presser asked for, so the Activity opens on it once they are signed in
(service/weblinks.py). Without the setting the board carries the page's link instead (bot/ui/boards.py)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.errors import guarded
from messages.i18n import ENGLISH, Words
from messages.web import open_board
from service import GameNotFound

Button = discord.ui.Button[discord.ui.View]
TEMPLATE = r"dama:activity:(?P<id>\d{1,15})"


class ActivityButton(discord.ui.DynamicItem[Button], template=TEMPLATE):
    def __init__(self, game_id: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=open_board(w), style=discord.ButtonStyle.secondary, custom_id=f"dama:activity:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActivityButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: discord.Interaction[Any]) -> None:
        """Only a game the presser may see (a forged button names another in vain: GameNotFound, answered
        like any refusal), and only while its server keeps the links on."""
        service = interaction.client.service
        if await service.web.link(await service.queries.game(self.game_id)) is None:
            raise GameNotFound(self.game_id)
        service.web.wants_game(interaction.user.id, self.game_id)
        await interaction.response.launch_activity()
