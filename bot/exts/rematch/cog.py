"""/rematch game: the same as the Rematch button under the final board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.exts.challenges.controls import challenge_controls
from bot.exts.rematch import actions

if TYPE_CHECKING:
    from bot.client import DamaBot

    Interaction = discord.Interaction[DamaBot]


class Rematches(commands.Cog):
    def __init__(self, bot: DamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="rematch", description="Play a finished game again with colours swapped")
    @app_commands.describe(game="The number of the finished game")
    async def rematch(self, interaction: Interaction, game: int) -> None:
        await actions.rematch(interaction, game, challenge_controls)
